//! Chouette (seed 001, last section): rotation, cubes per team member, drops, single-cube
//! mode, consultation, scoring per cube.

use engine::chouette::{
    BOX, Chouette, ChouetteAction as A, ChouetteError, ChouetteEvent, ChouettePhase, ChouetteRules,
    Consultation, TEAM,
};
use engine::{Dice, Position, Side, resolve_play};

const ANN: u64 = 1;
const BEN: u64 = 2;
const CAT: u64 = 3;
const DAN: u64 = 4;

fn ok(c: &Chouette, by: u64, a: A) -> (Chouette, Vec<ChouetteEvent>) {
    c.apply(by, &a)
        .unwrap_or_else(|e| panic!("{by}: {a:?}: {e}"))
}

fn err(c: &Chouette, by: u64, a: A) -> ChouetteError {
    c.apply(by, &a).expect_err("refused")
}

/// Ann (box), Ben (captain), Cat, Dan (crew), game 1 started.
fn session(rules: ChouetteRules) -> Chouette {
    let mut c = Chouette::new(rules, ANN);
    for p in [BEN, CAT, DAN] {
        c = ok(&c, p, A::Join).0;
    }
    ok(
        &c,
        ANN,
        A::Start {
            line: Some(vec![ANN, BEN, CAT, DAN]),
        },
    )
    .0
}

/// The box on roll with one man left on his 1-point, the team with 15 men on X's 12-point:
/// any roll bears off and wins a gammon.
fn box_about_to_gammon(c: Chouette) -> Chouette {
    let mut p = [0i8; 26];
    p[1] = 1;
    p[12] = -15;
    c.at(Position::new(p).unwrap(), BOX)
}

/// The team on roll with one man left (O's 1-point is canonical 24), the box with 15 men
/// on canonical 13: a single game... the box has none off and none in O's home: gammon.
fn team_about_to_win(c: Chouette, box_men_off: i8) -> Chouette {
    let mut p = [0i8; 26];
    p[24] = -1;
    p[13] = 15 - box_men_off;
    c.at(Position::new(p).unwrap(), TEAM)
}

fn tally(c: &Chouette, who: u64) -> i64 {
    c.tally().iter().find(|t| t.0 == who).map_or(0, |t| t.1)
}

#[test]
fn chouette_needs_three_players_and_join_and_leave_only_between_games() {
    let c = Chouette::new(ChouetteRules::default(), ANN);
    let c = ok(&c, BEN, A::Join).0;
    assert_eq!(
        err(&c, ANN, A::Start { line: None }),
        ChouetteError::TooFew(2)
    );
    assert_eq!(err(&c, BEN, A::Join), ChouetteError::AlreadyIn);
    let c = ok(&c, CAT, A::Join).0;
    let c = ok(&c, ANN, A::Start { line: None }).0;
    assert_eq!(c.line(), &[ANN, BEN, CAT]);
    assert_eq!(err(&c, DAN, A::Join), ChouetteError::GameInProgress);
    assert_eq!(err(&c, CAT, A::Leave), ChouetteError::GameInProgress);
    assert_eq!(
        err(&c, DAN, A::Roll(Dice::new(3, 1).unwrap())),
        ChouetteError::NotInSession
    );
}

#[test]
fn a_session_everyone_left_has_ended_and_takes_no_one() {
    let c = Chouette::new(ChouetteRules::default(), ANN);
    let c = ok(&c, BEN, A::Join).0;
    let c = ok(&c, ANN, A::Leave).0;
    assert!(!c.ended(), "ben is still in it");
    let c = ok(&c, CAT, A::Join).0;
    let c = ok(&c, BEN, A::Leave).0;
    let c = ok(&c, CAT, A::Leave).0;
    assert!(c.ended());
    assert_eq!(c.phase(), ChouettePhase::Waiting);
    assert_eq!(err(&c, DAN, A::Join), ChouetteError::Ended);
    assert_eq!(err(&c, ANN, A::Join), ChouetteError::Ended);
    assert_eq!(
        err(&c, ANN, A::Start { line: None }),
        ChouetteError::NotInSession
    );
}

#[test]
fn rotation_when_the_box_wins_the_captain_goes_to_the_back() {
    // Given Ann in the box, Ben captain, Cat and Dan crew
    let c = box_about_to_gammon(session(ChouetteRules::default()));
    // When the box bears off his last man
    let c = ok(&c, ANN, A::Roll(Dice::new(6, 5).unwrap())).0;
    let play = c.legal_plays()[0].play;
    let (c, ev) = ok(&c, ANN, A::Play(play));
    // Then Ann stays in the box, Cat becomes captain and Ben goes to the back
    assert!(ev.contains(&ChouetteEvent::GameOver {
        box_won_board: true,
        number: 1
    }));
    assert_eq!(c.line(), &[ANN, CAT, DAN, BEN]);
    assert_eq!(c.phase(), ChouettePhase::Waiting);
}

#[test]
fn rotation_when_the_captain_wins_he_becomes_the_box_and_the_box_goes_to_the_back() {
    let c = team_about_to_win(session(ChouetteRules::default()), 1);
    let c = ok(&c, BEN, A::Roll(Dice::new(6, 5).unwrap())).0;
    let play = c.legal_plays()[0].play;
    let (c, _) = ok(&c, BEN, A::Play(play));
    assert_eq!(c.line(), &[BEN, CAT, DAN, ANN]);
    // Each team member won a single game on his cube of 1; the box paid 3.
    assert_eq!(
        (
            tally(&c, BEN),
            tally(&c, CAT),
            tally(&c, DAN),
            tally(&c, ANN)
        ),
        (1, 1, 1, -3)
    );
}

#[test]
fn a_box_gammon_against_cubes_of_1_2_and_4_scores_each_member_separately() {
    // Given the team's cubes at 1 (Ben, centred), 2 (Cat) and 4 (Dan)
    let c = session(ChouetteRules::default());
    let c = c.at(Position::start(), BOX);
    let c = ok(
        &c,
        ANN,
        A::Double {
            members: vec![CAT, DAN],
        },
    )
    .0;
    let c = ok(&c, CAT, A::Take { member: None }).0;
    let c = ok(&c, DAN, A::Take { member: None }).0;
    let c = c.at(Position::start(), TEAM);
    let c = ok(&c, DAN, A::Double { members: vec![] }).0;
    assert_eq!(c.to_act(), vec![ANN], "the box answers Dan's redouble");
    let c = ok(&c, ANN, A::Take { member: Some(DAN) }).0;
    let values: Vec<(u64, u64)> = c.cubes().iter().map(|t| (t.member, t.value)).collect();
    assert_eq!(values, vec![(BEN, 1), (CAT, 2), (DAN, 4)]);
    // When the box wins a gammon
    let c = box_about_to_gammon(c);
    let c = ok(&c, ANN, A::Roll(Dice::new(2, 1).unwrap())).0;
    let play = c.legal_plays()[0].play;
    let (c, ev) = ok(&c, ANN, A::Play(play));
    // Then each pays twice his own cube, and the box wins the sum
    for (m, p) in [(BEN, -2), (CAT, -4), (DAN, -8)] {
        assert!(
            ev.contains(&ChouetteEvent::Settled {
                member: m,
                points: p
            }),
            "{ev:?}"
        );
        assert_eq!(tally(&c, m), p);
    }
    assert_eq!(tally(&c, ANN), 14);
}

#[test]
fn partial_drops_a_member_who_drops_pays_and_is_out_the_rest_play_on() {
    let c = session(ChouetteRules::default()).at(Position::start(), BOX);
    // The box doubles all three; Cat drops, Ben and Dan take.
    let (c, ev) = ok(&c, ANN, A::Double { members: vec![] });
    assert!(
        matches!(&ev[0], ChouetteEvent::Doubled { members, .. } if members.len() == 3 && members.iter().all(|m| m.1 == 2))
    );
    assert!(
        err(&c, ANN, A::Roll(Dice::new(3, 1).unwrap()))
            .to_string()
            .contains("waiting")
    );
    let c = ok(&c, CAT, A::Drop { member: None }).0;
    let c = ok(&c, BEN, A::Take { member: None }).0;
    let c = ok(&c, DAN, A::Take { member: None }).0;
    assert_eq!(tally(&c, CAT), -1);
    assert_eq!(tally(&c, ANN), 1);
    assert_eq!(
        c.phase(),
        ChouettePhase::ToRoll(Side::X),
        "the box rolls once all answered"
    );
    // The team wins the board: Ben and Dan win 2 each; Cat is out.
    let c = team_about_to_win(c, 1);
    let c = ok(&c, BEN, A::Roll(Dice::new(4, 2).unwrap())).0;
    let play = c.legal_plays()[0].play;
    let c = ok(&c, BEN, A::Play(play)).0;
    assert_eq!(
        (
            tally(&c, BEN),
            tally(&c, CAT),
            tally(&c, DAN),
            tally(&c, ANN)
        ),
        (2, -1, 2, -3)
    );
}

#[test]
fn when_the_captain_drops_the_next_member_plays_the_board_and_the_captain_rotates_out() {
    let c = session(ChouetteRules::default()).at(Position::start(), BOX);
    let c = ok(&c, ANN, A::Double { members: vec![BEN] }).0;
    let c = ok(&c, BEN, A::Drop { member: None }).0;
    assert_eq!(c.acting_captain(), Some(CAT));
    let c = ok(&c, ANN, A::Roll(Dice::new(3, 1).unwrap())).0;
    let c = ok(&c, ANN, A::Play(c.resolve_play("8/5 6/5").unwrap())).0;
    assert!(
        err(&c, BEN, A::Roll(Dice::new(3, 1).unwrap()))
            .to_string()
            .contains("captain")
    );
    let c = ok(&c, CAT, A::Roll(Dice::new(3, 1).unwrap())).0;
    assert_eq!(c.to_act(), vec![CAT]);
    // The box drops Cat's and Dan's doubles later: nobody is left, the game ends; Ben lost
    // (he dropped), so he goes to the back and Ann stays in the box.
    let c = c.at(Position::start(), TEAM);
    let c = ok(&c, CAT, A::Double { members: vec![] }).0;
    let c = ok(&c, DAN, A::Double { members: vec![] }).0;
    assert!(
        err(&c, ANN, A::Drop { member: None })
            .to_string()
            .contains("say whose")
    );
    let c = ok(&c, ANN, A::Drop { member: Some(CAT) }).0;
    let (c, ev) = ok(&c, ANN, A::Drop { member: Some(DAN) });
    assert!(
        ev.iter()
            .any(|e| matches!(e, ChouetteEvent::GameOver { .. }))
    );
    assert_eq!(
        (
            tally(&c, BEN),
            tally(&c, CAT),
            tally(&c, DAN),
            tally(&c, ANN)
        ),
        (-1, 1, 1, -1)
    );
    assert_eq!(c.line(), &[ANN, CAT, DAN, BEN]);
}

#[test]
fn single_cube_the_captain_doubles_for_the_team_and_the_box_answers_once_takes_stay_independent() {
    let rules = ChouetteRules {
        multiple_cubes: false,
        ..ChouetteRules::default()
    };
    let c = session(rules).at(Position::start(), TEAM);
    // A crew member may not turn the team's one cube.
    assert!(
        err(&c, CAT, A::Double { members: vec![] })
            .to_string()
            .contains("captain doubles")
    );
    let c = ok(&c, BEN, A::Double { members: vec![] }).0;
    let (c, ev) = ok(&c, ANN, A::Take { member: None });
    assert_eq!(ev.len(), 3, "one answer for the whole team: {ev:?}");
    assert!(
        c.cubes()
            .iter()
            .all(|t| t.value == 2 && t.owner == Some(BOX))
    );
    // The box holds the one cube now: the team cannot double again.
    let c = c.at(Position::start(), TEAM);
    assert!(
        err(&c, BEN, A::Double { members: vec![] })
            .to_string()
            .contains("box holds")
    );
}

#[test]
fn single_cube_box_double_is_for_everyone_and_each_answers() {
    let rules = ChouetteRules {
        multiple_cubes: false,
        ..ChouetteRules::default()
    };
    let c = session(rules).at(Position::start(), BOX);
    // Naming one member still doubles the one cube for all.
    let (c, ev) = ok(&c, ANN, A::Double { members: vec![CAT] });
    assert!(matches!(&ev[0], ChouetteEvent::Doubled { members, .. } if members.len() == 3));
    let c = ok(&c, BEN, A::Take { member: None }).0;
    let c = ok(&c, CAT, A::Drop { member: None }).0;
    let c = ok(&c, DAN, A::Take { member: None }).0;
    let states: Vec<(u64, bool)> = c.cubes().iter().map(|t| (t.value, t.out)).collect();
    assert_eq!(states, vec![(2, false), (1, true), (2, false)]);
}

#[test]
fn consultation_modes_are_enforced() {
    let suggest = A::Suggest("13/7 8/7".into());
    // None: never.
    let rules = ChouetteRules {
        consultation: Consultation::None,
        ..ChouetteRules::default()
    };
    let c = session(rules).at(Position::start(), TEAM);
    assert!(
        err(&c, CAT, suggest.clone())
            .to_string()
            .contains("not allowed")
    );
    // Free: the crew may suggest at once; the box and the captain may not.
    let rules = ChouetteRules {
        consultation: Consultation::Free,
        ..ChouetteRules::default()
    };
    let c = session(rules).at(Position::start(), TEAM);
    let c = ok(&c, BEN, A::Roll(Dice::new(6, 1).unwrap())).0;
    let (_, ev) = ok(&c, CAT, suggest.clone());
    assert_eq!(
        ev,
        vec![ChouetteEvent::Suggested {
            by: CAT,
            text: "13/7 8/7".into()
        }]
    );
    assert!(err(&c, ANN, suggest.clone()).to_string().contains("crew"));
    assert!(err(&c, BEN, suggest.clone()).to_string().contains("crew"));
    // After the cube: refused until a cube has been turned.
    let c = session(ChouetteRules::default()).at(Position::start(), TEAM);
    assert!(
        err(&c, CAT, suggest.clone())
            .to_string()
            .contains("after a cube")
    );
    let c = ok(&c, DAN, A::Double { members: vec![] }).0;
    let c = ok(&c, ANN, A::Take { member: Some(DAN) }).0;
    let c = ok(&c, BEN, A::Roll(Dice::new(6, 1).unwrap())).0;
    ok(&c, CAT, suggest);
}

#[test]
fn jacoby_counts_a_gammon_single_on_a_cube_never_turned() {
    let rules = ChouetteRules {
        jacoby: true,
        ..ChouetteRules::default()
    };
    let c = session(rules).at(Position::start(), BOX);
    let c = ok(&c, ANN, A::Double { members: vec![DAN] }).0;
    let c = ok(&c, DAN, A::Take { member: None }).0;
    let c = box_about_to_gammon(c);
    let c = ok(&c, ANN, A::Roll(Dice::new(2, 1).unwrap())).0;
    let play = c.legal_plays()[0].play;
    let c = ok(&c, ANN, A::Play(play)).0;
    assert_eq!(
        (tally(&c, BEN), tally(&c, CAT), tally(&c, DAN)),
        (-1, -1, -4)
    );
}

#[test]
fn move_text_is_read_for_the_side_to_play() {
    let c = session(ChouetteRules::default());
    let (c, ev) = ok(
        &c,
        ANN,
        A::OpeningRoll {
            box_die: 6,
            team_die: 1,
        },
    );
    assert!(matches!(
        ev[0],
        ChouetteEvent::OpeningWon { side: Side::X, .. }
    ));
    let play = c.resolve_play("13/7 8/7").unwrap();
    let board = c.position().view(Side::X);
    assert_eq!(
        resolve_play(&board, Dice::new(6, 1).unwrap(), "13/7 8/7")
            .unwrap()
            .play,
        play
    );
    assert!(c.resolve_play("24/1").is_err());
    let c = ok(&c, ANN, A::Play(play)).0;
    assert_eq!(c.to_act(), vec![BEN]);
}

#[test]
fn multiple_cubes_the_box_doubles_each_cube_from_its_own_value() {
    // Given Ben's cube at 2 on the box's side (Ben doubled, the box took), Cat's centred
    let c = session(ChouetteRules::default()).at(Position::start(), TEAM);
    let c = ok(&c, BEN, A::Double { members: vec![] }).0;
    let c = ok(&c, ANN, A::Take { member: Some(BEN) }).0;
    let c = c.at(Position::start(), BOX);
    // When the box doubles Ben and Cat at once
    let (c, ev) = ok(
        &c,
        ANN,
        A::Double {
            members: vec![BEN, CAT],
        },
    );
    // Then each cube is offered at twice its own value, and the event names each value
    assert_eq!(
        ev,
        vec![ChouetteEvent::Doubled {
            by: ANN,
            members: vec![(BEN, 4), (CAT, 2)],
        }]
    );
    let offered: Vec<_> = c.cubes().iter().map(|t| (t.member, t.offered)).collect();
    assert_eq!(
        offered,
        vec![(BEN, Some((BOX, 4))), (CAT, Some((BOX, 2))), (DAN, None)]
    );
    let (c, ev) = ok(&c, CAT, A::Take { member: None });
    assert!(ev.contains(&ChouetteEvent::Took {
        by: CAT,
        member: CAT,
        value: 2
    }));
    let (_, ev) = ok(&c, BEN, A::Take { member: None });
    assert!(ev.contains(&ChouetteEvent::Took {
        by: BEN,
        member: BEN,
        value: 4
    }));
}

#[test]
fn multiple_cubes_a_double_is_offered_only_to_whom_can_make_it() {
    // Given the box doubled all three: Ben took (his cube), Cat and Dan dropped
    let c = session(ChouetteRules::default()).at(Position::start(), BOX);
    assert!(c.may_double(ANN));
    assert!(!c.may_double(BEN), "the team doubles on its own turn");
    let c = ok(&c, ANN, A::Double { members: vec![] }).0;
    let c = ok(&c, BEN, A::Take { member: None }).0;
    let c = ok(&c, CAT, A::Drop { member: None }).0;
    let c = ok(&c, DAN, A::Drop { member: None }).0;
    // Then on his next turn the box has no cube to turn
    let c = c.at(Position::start(), BOX);
    assert!(!c.may_double(ANN));
    assert!(!c.side_may_double(BOX));
    // and on the team's turn Ben, who holds his cube, may redouble; the dropped may not
    let c = c.at(Position::start(), TEAM);
    assert!(c.may_double(BEN));
    assert!(!c.may_double(CAT));
    assert!(c.side_may_double(TEAM));
    // Once the box holds Ben's cube too, nobody on the team may double
    let c = ok(&c, BEN, A::Double { members: vec![] }).0;
    let c = ok(&c, ANN, A::Take { member: Some(BEN) }).0;
    assert!(!c.side_may_double(TEAM));
    assert!(!c.may_double(BEN));
}

#[test]
fn consultation_a_suggestion_is_a_legal_play_of_the_roll_from_a_member_still_in() {
    let rules = ChouetteRules {
        consultation: Consultation::Free,
        ..ChouetteRules::default()
    };
    // Given Dan dropped the box's double and is out of the game
    let c = session(rules).at(Position::start(), BOX);
    let c = ok(&c, ANN, A::Double { members: vec![DAN] }).0;
    let c = ok(&c, DAN, A::Drop { member: None }).0;
    let c = c.at(Position::start(), TEAM);
    // Before the captain rolls there is no roll to suggest a play for
    assert!(
        err(&c, CAT, A::Suggest("13/8 6/5".into()))
            .to_string()
            .contains("roll")
    );
    // When the captain rolls 5-1
    let c = ok(&c, BEN, A::Roll(Dice::new(5, 1).unwrap())).0;
    // Then a play that is not legal with 5-1 is refused
    assert!(matches!(
        err(&c, CAT, A::Suggest("8/5 6/5".into())),
        ChouetteError::IllegalPlay(_)
    ));
    // and Dan, out of the game, cannot suggest
    assert!(
        err(&c, DAN, A::Suggest("13/8 6/5".into()))
            .to_string()
            .contains("out of this game")
    );
    // A legal play is shown as the bot writes it
    let (_, ev) = ok(&c, CAT, A::Suggest("13/8 6/5".into()));
    assert_eq!(
        ev,
        vec![ChouetteEvent::Suggested {
            by: CAT,
            text: "13/8 6/5".into()
        }]
    );
}
