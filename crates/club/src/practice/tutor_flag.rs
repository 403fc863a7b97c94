//! What the tutor flags and what it does with a flag: the threshold and the modes, shared
//! by the standard tutor (`tutor.rs`, gnubg's judgement) and the Welsh one
//! (`welsh_tutor.rs`, the Welsh player's).

/// The tutor flags an action that gives away more than this much equity (gnubg's
/// normalised equity in match play, points a cube in money play), as judged at gnubg's
/// hint level: gnubg's own mark for a "doubtful" decision, the lowest of its marks
/// (doubtful 0.04, bad 0.08, very bad 0.16), which is also where gnubg's own tutor
/// speaks up by default. In a Welsh match the same figure is in games per unit of the
/// doubling die at the score, as gammonbot's Welsh player judges (`welsh_tutor.rs`).
pub const TUTOR_THRESHOLD: f64 = 0.04;

/// What the tutor does with a flagged action.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Mode {
    /// Made, and held for an undo.
    Hold,
    /// Made and told, no undo (a retaken decision, a drop that ends the money game or the
    /// match).
    Tell(&'static str),
    /// Said before a roll (a Welsh throw), which waits for the player's second `/roll`
    /// (`/reroll`, `/onedie`).
    Warn,
}
