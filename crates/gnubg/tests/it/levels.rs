//! The levels are gnubg's own: the evaluation contexts of its predefined settings, read
//! from the installed program.

use gnubg::{BotSettings, Level, find_gnubg};

/// gnubg's `evalcontext` as the compiler lays it out (x86-64 and other little-endian
/// targets): the bit fields `fCubeful:1, nPlies:4, fUsePrune:1, fDeterministic:1` in
/// one `unsigned int`, then `float rNoise`.
fn layout(level: Level) -> [u8; 8] {
    let c = level.context();
    let bits = u32::from(c.cubeful)
        | u32::from(c.plies) << 1
        | u32::from(c.prune) << 5
        | u32::from(c.deterministic) << 6;
    let mut out = [0u8; 8];
    out[..4].copy_from_slice(&bits.to_le_bytes());
    out[4..].copy_from_slice(&c.noise.to_le_bytes());
    out
}

#[test]
fn the_levels_are_the_first_six_of_gnubgs_predefined_settings() {
    // Given the installed gnubg program
    let path = find_gnubg(&BotSettings::default().search_path).expect("gnubg is installed");
    let program = std::fs::read(&path).unwrap();

    // When the six levels are written as gnubg's `aecSettings` table holds them
    let table: Vec<u8> = Level::ALL.iter().flat_map(|&l| layout(l)).collect();

    // Then the program holds that table once, followed by supremo (world class again)
    let at: Vec<usize> = program
        .windows(table.len())
        .enumerate()
        .filter(|(_, w)| *w == table.as_slice())
        .map(|(i, _)| i)
        .collect();
    assert_eq!(
        at.len(),
        1,
        "gnubg's table of levels not found once in {path:?}"
    );
    let next = &program[at[0] + table.len()..at[0] + table.len() + 8];
    assert_eq!(
        next,
        layout(Level::WorldClass),
        "supremo follows world class"
    );
    // And the names are gnubg's, in its order
    let text = String::from_utf8_lossy(&program);
    let mut from = 0;
    for name in [
        "beginner",
        "casual play",
        "intermediate",
        "advanced",
        "expert",
        "world class",
    ] {
        let needle = format!("setting|{name}");
        let found = text[from..].find(&needle);
        assert!(found.is_some(), "{needle} after byte {from}");
        from += found.unwrap_or(0);
    }
}
