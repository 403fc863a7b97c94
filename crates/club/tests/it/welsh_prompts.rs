//! What the club's prompt tells a Welsh player at moments the engine's rule tests set up
//! (`crates/engine/tests/it/welsh_rules/`): the choices it offers and the ones it says are
//! not possible. Moved here from the engine's tests, which link no club.

use engine::AnyMatch;
use engine::Side::{O, X};
use engine::welsh::{WelshAction, WelshPhase};
use testkit::welsh::{act, one_throw_win_at_die_1, two_on_the_roof_and_no_entry_with_2_1};

#[test]
fn rule_13_the_prompt_offers_to_pass_or_throw_again_a_1_2_with_no_legal_play() {
    // Given X, who cannot enter, has thrown 2-1 (no legal play) and the turn waits
    let m = two_on_the_roof_and_no_entry_with_2_1();
    let (m, _) = act(&m, X, WelshAction::Roll(2, 1));
    assert!(matches!(m.phase(), WelshPhase::ToPlay { side: X, .. }));
    // Then the prompt offers both choices
    let words = club::next_words(&AnyMatch::Welsh(m.clone()));
    assert!(
        words.contains("/move pass") && words.contains("throw the 1-2 again"),
        "{words}"
    );
}

#[test]
fn rule_18_at_die_1_with_no_gammon_at_stake_the_prompt_says_no_offer_is_possible() {
    // Given X on 23, the game worth 1 game to O (die at 1, no gammon at stake)
    let m = one_throw_win_at_die_1([23, 3]);
    assert_eq!(m.concede_most(O), Some(0));
    // Then O's prompt says no offer is possible before O tries
    let words = club::next_words(&AnyMatch::Welsh(m.clone()));
    assert!(words.contains("no offer to concede"), "{words}");
    // While after doubling first (the die to 2) it offers to concede
    let (m, _) = act(&m, O, WelshAction::Double);
    assert_eq!(m.concede_most(O), Some(1));
    let words = club::next_words(&AnyMatch::Welsh(m.clone()));
    assert!(words.contains("offer to concede"), "{words}");
    assert!(!words.contains("no offer to concede"), "{words}");
}
