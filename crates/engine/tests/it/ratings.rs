//! FIBS ratings (`docs/ratings.md`): the formula, the experience factor K and the Welsh
//! pool's effective length. Expected numbers are worked by hand (python3 one-offs, shown
//! in the comments), never by calling the code under test.

use engine::Ruleset;
use engine::rating::{
    Rating, START_RATING, format_change, format_rating, k_factor, rate_match, rated_length,
    rating_change, upset_probability, welsh_effective_length,
};

fn close(actual: f64, expected: f64) {
    assert!(
        (actual - expected).abs() < 1e-9,
        "expected {expected}, got {actual}"
    );
}

#[test]
fn everyone_starts_at_1500_with_no_experience() {
    assert_eq!(Rating::NEW, Rating::new(1500.0, 0));
    assert_eq!(Rating::default(), Rating::NEW);
    close(START_RATING, 1500.0);
}

/// Equal ratings, both K = 1, a 7-point match: P = 1/2, so each moves by
/// 4 * 1 * sqrt(7) * 0.5 = 2 * 2.6457513 = 5.2915026.
#[test]
fn worked_example_equal_veterans_seven_points_move_5_29() {
    // Given two veterans at 1500
    let alice = Rating::new(1500.0, 400);
    let bob = Rating::new(1500.0, 2000);
    // When alice wins a 7-point match
    let c = rating_change(alice, bob, 7);
    // Then she gains what he loses, 5.29
    close(c.p, 0.5);
    close(c.winner_delta, 5.291_502_622_129_181);
    close(c.loser_delta, -5.291_502_622_129_181);
    close(c.winner.value, 1_505.291_502_622_129_2);
    close(c.loser.value, 1_494.708_497_377_870_8);
    assert_eq!(format_change(c.winner_delta), "+5.29");
    assert_eq!(format_change(c.loser_delta), "-5.29");
    assert_eq!(format_rating(c.winner.value), "1505.29");
    assert_eq!(format_rating(c.loser.value), "1494.71");
    // And each has played 7 more points
    assert_eq!((c.winner.experience, c.loser.experience), (407, 2007));
    assert_eq!(rate_match(alice, bob, 7), (c.winner, c.loser));
}

/// 1400 against 1600 in a 5-point match, both K = 1: D = 200,
/// P_upset = 1 / (10^(200 * sqrt(5) / 2000) + 1) = 1 / (10^0.2236068 + 1) = 0.3740517.
/// The underdog wins: P = 1 - 0.3740517 = 0.6259483, change 4 * sqrt(5) * 0.6259483 =
/// 5.5986516. Had the favourite won: 4 * sqrt(5) * 0.3740517 = 3.3456203.
#[test]
fn upset_underdog_winning_moves_more_than_favourite_winning() {
    let underdog = Rating::new(1400.0, 500);
    let favourite = Rating::new(1600.0, 500);
    close(upset_probability(200.0, 5), 0.374_051_718_141_836_2);
    close(upset_probability(-200.0, 5), 0.374_051_718_141_836_2);

    let upset = rating_change(underdog, favourite, 5);
    close(upset.p, 0.625_948_281_858_163_9);
    close(upset.winner_delta, 5.598_651_634_536_211);
    close(upset.loser_delta, -5.598_651_634_536_211);

    let expected = rating_change(favourite, underdog, 5);
    close(expected.p, 0.374_051_718_141_836_2);
    close(expected.winner_delta, 3.345_620_275_462_948_3);
    close(expected.loser_delta, -3.345_620_275_462_948_3);
    assert!(upset.winner_delta > expected.winner_delta);
}

/// A newcomer (experience 0, K = 5) and a veteran (K = 1), equal at 1500, a 3-point
/// match: P = 1/2, newcomer moves 4 * 5 * sqrt(3) * 0.5 = 17.3205081, veteran
/// 4 * 1 * sqrt(3) * 0.5 = 3.4641016. Each uses only his own K.
#[test]
fn newcomer_k5_against_veteran_k1_changes_are_asymmetric() {
    let newcomer = Rating::NEW;
    let veteran = Rating::new(1500.0, 1000);
    // The newcomer wins
    let c = rating_change(newcomer, veteran, 3);
    close(c.winner_delta, 17.320_508_075_688_77);
    close(c.loser_delta, -3.464_101_615_137_754_4);
    assert_eq!((c.winner.experience, c.loser.experience), (3, 1003));
    // The veteran wins: the same sizes, the other way round
    let c = rating_change(veteran, newcomer, 3);
    close(c.winner_delta, 3.464_101_615_137_754_4);
    close(c.loser_delta, -17.320_508_075_688_77);
    // The newcomer loses a 5-point match to a favourite at 1700 (P = P_upset(200, 5) =
    // 0.3740517): -4 * 5 * sqrt(5) * 0.3740517 = -16.7281014; the veteran gains 3.3456203
    let c = rating_change(Rating::new(1700.0, 1000), newcomer, 5);
    close(c.loser_delta, -16.728_101_377_314_74);
    close(c.winner_delta, 3.345_620_275_462_948_3);
}

/// Experience 395: K = 5 - 3.95 = 1.05 for this match (experience before it), so a
/// 7-point win at equal ratings gains 4 * 1.05 * sqrt(7) * 0.5 = 5.5560778. Then
/// experience is 402: K = 1, and the next even 7-pointer gains 5.2915026, and so on.
#[test]
fn experience_crossing_400_brings_k_to_1_and_it_stays_1() {
    let veteran = Rating::new(1500.0, 1000);
    let player = Rating::new(1500.0, 395);
    close(player.k(), 1.05);
    let c = rating_change(player, veteran, 7);
    close(c.winner_delta, 5.556_077_753_235_639);
    assert_eq!(c.winner.experience, 402);
    close(c.winner.k(), 1.0);

    let mut player = c.winner;
    for _ in 0..3 {
        let opponent = Rating::new(player.value, 1000);
        let c = rating_change(player, opponent, 7);
        close(c.winner_delta, 5.291_502_622_129_181);
        player = c.winner;
        close(player.k(), 1.0);
    }
    assert_eq!(player.experience, 423);
}

/// K = max(1, 5 - experience / 100), real division (FIBS `help formula`).
#[test]
fn k_falls_smoothly_from_5_to_1_at_400_experience() {
    for (experience, k) in [
        (0, 5.0),
        (50, 4.5),
        (100, 4.0),
        (250, 2.5),
        (399, 1.01),
        (400, 1.0),
        (1000, 1.0),
    ] {
        assert!(
            (k_factor(experience) - k).abs() < 1e-12,
            "experience {experience}: K {} (expected {k})",
            k_factor(experience)
        );
    }
}

/// A Welsh match to 25 games counts as a 7-point match: round(7 * target / 25), at least
/// 1 (13 -> 3.64 -> 4, 50 -> 14, 5 -> 1.4 -> 1, 1 -> 0.28 -> 1).
#[test]
fn welsh_effective_length_counts_25_games_as_7_points() {
    assert_eq!(welsh_effective_length(25), 7);
    assert_eq!(welsh_effective_length(50), 14);
    assert_eq!(welsh_effective_length(13), 4);
    assert_eq!(welsh_effective_length(5), 1);
    assert_eq!(welsh_effective_length(1), 1);
    assert_eq!(welsh_effective_length(u32::MAX), 1_202_590_843);
    assert_eq!(rated_length(Ruleset::Welsh, 25), 7);
    assert_eq!(rated_length(Ruleset::Standard, 25), 25);
    // So an even Welsh match between veterans moves 5.29, like a 7-pointer, not
    // 4 * sqrt(25) * 0.5 = 10.00
    let c = rating_change(
        Rating::new(1500.0, 400),
        Rating::new(1500.0, 400),
        rated_length(Ruleset::Welsh, 25),
    );
    assert_eq!(format_change(c.winner_delta), "+5.29");
}

#[test]
fn ratings_show_two_decimals_and_changes_their_sign() {
    assert_eq!(format_rating(1500.0), "1500.00");
    assert_eq!(format_rating(1499.996), "1500.00");
    assert_eq!(format_rating(1234.567), "1234.57");
    assert_eq!(format_change(3.345), "+3.35");
    assert_eq!(format_change(-16.728), "-16.73");
    assert_eq!(format_change(-0.001), "+0.00");
}
