//! What a match or session says of its provably fair dice when it starts: the anchor,
//! and whose seeds are set. A leaf: challenges, chouettes and leagues announce them.

/// The announcement of a match's or session's anchor.
pub(crate) fn fair_anchor_words(label: &str, anchor: &str) -> String {
    format!(
        "Fair dice for {label}: anchor {anchor} (SHA-256 chain of 4096 throws, committed before any seed or throw; /fair seed text:... sets yours before the first throw)"
    )
}

/// What an accepted match says of its fair-dice seeds: who has set one, and that each
/// may until the first throw.
pub(crate) fn fair_seed_window_words(
    label: &str,
    names: &[String; 2],
    seeds: [Option<&str>; 2],
) -> String {
    let said = |i: usize| match seeds[i] {
        Some(s) => format!("{} has set `{s}`", names[i]),
        None => format!("{} has set none", names[i]),
    };
    format!(
        "Fair dice seeds for {label}: {}, {}; each may set one with /fair seed text:... until the first throw (a player who sets none gets 16 random bytes then)",
        said(0),
        said(1)
    )
}

/// A league match's fair-dice anchor as announced when it is made (before any throw), and
/// the seed window: each player may set a seed until the first throw.
pub(crate) fn anchor_words(anchor: Option<&str>) -> String {
    anchor.map_or_else(String::new, |a| {
        format!("; fair dice anchor {a} (/fair seed text:... until the first throw)")
    })
}
