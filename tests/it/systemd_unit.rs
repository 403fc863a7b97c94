//! The systemd unit `deploy/gammonbot.service` (docs/operating.md): `systemd-analyze
//! verify` takes it without a word (an unknown key or a bad value is only a warning there,
//! so any output fails the test), with `ExecStart` pointed at the binary just built, and
//! it holds the settings the operating guide relies on. systemd-analyze comes with the
//! Debian package `systemd` (scripts/test.sh installs it when missing); the test never
//! skips.

use std::path::Path;
use std::process::Command;

const UNIT: &str = include_str!("../../deploy/gammonbot.service");

/// systemd-analyze on PATH, or where Debian puts it.
fn systemd_analyze() -> &'static str {
    for p in ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"] {
        if Path::new(p).is_file() {
            return p;
        }
    }
    panic!(
        "systemd-analyze is needed for this test and was not found: install it with \
         `apt-get install -y systemd` (scripts/test.sh does so)"
    );
}

#[test]
fn the_systemd_unit_passes_systemd_analyze_verify_without_a_warning() {
    let dir = testkit::scratch("deploy-unit");
    let unit = dir.join("gammonbot.service");
    let exec = "ExecStart=/usr/local/bin/gammonbot";
    assert!(
        UNIT.contains(exec),
        "the unit starts /usr/local/bin/gammonbot"
    );
    std::fs::write(
        &unit,
        UNIT.replace(
            exec,
            &format!("ExecStart={}", env!("CARGO_BIN_EXE_gammonbot")),
        ),
    )
    .unwrap();
    let out = Command::new(systemd_analyze())
        .args(["verify", "--man=no"])
        .arg(&unit)
        .output()
        .unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success() && said.trim().is_empty(), "{said}");
}

#[test]
fn the_systemd_unit_has_the_settings_the_operating_guide_names() {
    let settings: Vec<&str> = UNIT
        .lines()
        .map(str::trim)
        .filter(|l| !l.starts_with('#') && l.contains('='))
        .collect();
    for want in [
        "User=gammonbot",
        "EnvironmentFile=/etc/gammonbot/gammonbot.env",
        "StateDirectory=gammonbot",
        "WorkingDirectory=/var/lib/gammonbot",
        "Restart=on-failure",
        "KillSignal=SIGTERM",
        "TimeoutStopSec=30s",
        "ProtectSystem=strict",
        "NoNewPrivileges=yes",
        "LimitNOFILE=65536",
    ] {
        assert!(settings.contains(&want), "{want}");
    }
    // Nothing opens the file system to writes beyond the StateDirectory.
    assert!(
        !settings.iter().any(|s| s.starts_with("ReadWritePaths=")),
        "{settings:?}"
    );
}
