//! `gammonbot render`: the command-line drawing of one board (moved here from the
//! renderer's suite, as it runs the program).

use render::{HEIGHT, WIDTH};

const START: &str = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:7:10";

/// `gammonbot render` writes a PNG and prints the board; a bad XGID is refused.
#[test]
fn render_command_writes_the_png() {
    let out = std::env::temp_dir().join(format!("gammonbot-cli-{}.png", std::process::id()));
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_gammonbot"))
        .args(["render", "--xgid", START, "--names", "alice,bob", "--out"])
        .arg(&out)
        .output()
        .expect("runs");
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let png = std::fs::read(&out).expect("written");
    assert_eq!(&png[1..4], b"PNG");
    let img = image::load_from_memory(&png).expect("decodes").to_rgb8();
    assert_eq!(img.dimensions(), (WIDTH, HEIGHT));
    assert!(String::from_utf8_lossy(&run.stdout).contains("alice (X, light)"));
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_gammonbot"))
        .args(["render", "--xgid", "XGID=nonsense"])
        .output()
        .expect("runs");
    assert!(!bad.status.success());
    assert!(!String::from_utf8_lossy(&bad.stderr).is_empty());
    let _ = std::fs::remove_file(out);
}

/// `gammonbot assets` writes the README's pictures and the avatar into the folder given,
/// making it, each a PNG of the renderer's size for it.
#[test]
fn assets_command_writes_every_picture() {
    let dir = std::env::temp_dir().join(format!("gammonbot-assets-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.join("assets");
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_gammonbot"))
        .args(["assets", "--out"])
        .arg(&out)
        .output()
        .expect("runs");
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let printed = String::from_utf8_lossy(&run.stdout);
    for name in gammonbot::cli::ASSET_FILES {
        let path = out.join(name);
        let png = std::fs::read(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let img = image::load_from_memory(&png).expect("decodes").to_rgb8();
        let (w, h) = img.dimensions();
        match name {
            "board.png" => assert_eq!((w, h), (WIDTH, HEIGHT)),
            "avatar.png" => assert_eq!((w, h), (render::AVATAR_SIZE, render::AVATAR_SIZE)),
            "standings.png" => assert_eq!(w, render::STANDINGS_WIDTH),
            _ => assert!(w >= render::BRACKET_MIN_WIDTH, "{name}: {w}"),
        }
        assert!(printed.contains(&path.display().to_string()), "{printed}");
    }
    let _ = std::fs::remove_dir_all(dir);
}
