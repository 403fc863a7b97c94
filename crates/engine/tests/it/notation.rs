//! Notations: move text, Position ID, Match ID, XGID; bar and borne-off checkers in each.

use engine::{
    Action, Board, Dice, GameStatus, Match, MatchId, MatchRules, Position, Setup, Side, Xgid,
    XgidDice, board_from_position_id, format_play, legal_plays, parse_hops, position_id,
    resolve_play,
};

fn dice(a: u8, b: u8) -> Dice {
    Dice::new(a, b).unwrap()
}

/// X: 2 on the bar, 3 borne off, the rest home; O: 1 on the bar, 4 borne off.
fn bar_and_off() -> Position {
    let mut p = [0i8; 26];
    p[25] = 2;
    p[6] = 4;
    p[5] = 3;
    p[4] = 3;
    p[0] = -1;
    p[24] = -2;
    p[20] = -3;
    p[18] = -2;
    p[12] = -3;
    Position::new(p).unwrap()
}

#[test]
fn position_id_of_the_start_is_gnubgs() {
    assert_eq!(
        position_id(&Position::start().view(Side::X)),
        "4HPwATDgc/ABMA"
    );
    assert_eq!(
        position_id(&Position::start().view(Side::O)),
        "4HPwATDgc/ABMA"
    );
}

#[test]
fn position_id_round_trips_with_bar_and_borne_off_checkers() {
    let p = bar_and_off();
    for side in Side::BOTH {
        let b = p.view(side);
        let id = position_id(&b);
        let back = board_from_position_id(&id).unwrap();
        assert_eq!(back, b);
        assert_eq!(Position::from_view(side, &back), p);
    }
    let x = p.view(Side::X);
    assert_eq!(
        (x.mine(25), x.theirs(0), x.mine_off(), x.theirs_off()),
        (2, 1, 3, 4)
    );
}

#[test]
fn position_id_with_bar_and_borne_off_checkers_matches_gnubg() {
    // gnubg 1.07 reads this ID as: player on roll 3 on his 4, 3 on his 5, 4 on his 6 and 2
    // on the bar; opponent 2 on his 1, 3 on his 5, 2 on his 7, 3 on his 13 and 1 on the bar.
    let b = bar_and_off().view(Side::X);
    assert_eq!(position_id(&b), "wxk4AIS7BwDAAA");
    assert_eq!(board_from_position_id("wxk4AIS7BwDAAA").unwrap(), b);
    assert!(
        board_from_position_id("wxk4AIS7BwDAA").is_err(),
        "13 characters"
    );
    assert!(
        board_from_position_id("//////////////").is_err(),
        "too many checkers"
    );
}

#[test]
fn match_id_decodes_gnubgs_example_and_round_trips() {
    // From a gnubg session: money game, player 1 (X) on roll with 3-1.
    let m = MatchId::decode("cIkFAAAAAAAA").unwrap();
    assert_eq!(m.cube, 1);
    assert_eq!(m.cube_owner, None);
    assert_eq!(m.on_roll, Side::X);
    assert_eq!(m.status, GameStatus::Playing);
    assert_eq!(m.dice, Some((3, 1)));
    assert_eq!(m.match_length, 0);
    assert!(m.jacoby);
    assert_eq!(m.encode(), "cIkFAAAAAAAA");
    // A 3-point match as gnubg left it after self-play.
    let m = MatchId::decode("QiNgAFAAAAAE").unwrap();
    assert_eq!(m.match_length, 3);
    assert_eq!(m.encode(), "QiNgAFAAAAAE");
}

#[test]
fn match_id_of_a_running_match_reflects_cube_score_and_dice() {
    let mut s = Setup::new(MatchRules::match_to(7), bar_and_off(), Side::O);
    s.score = [2, 5];
    let m = Match::from_setup(s).unwrap();
    let (m, _) = m.apply(Side::O, &Action::Double).unwrap();
    let id = m.match_id();
    assert!(id.double_offered);
    assert_eq!((id.on_roll, id.turn), (Side::O, Side::X));
    assert_eq!(MatchId::decode(&id.encode()).unwrap(), id);
    let (m, _) = m.apply(Side::X, &Action::Take).unwrap();
    let (m, _) = m.apply(Side::O, &Action::Roll(dice(2, 5))).unwrap();
    let id = m.match_id();
    assert_eq!(
        (id.cube, id.cube_owner, id.dice),
        (2, Some(Side::X), Some((2, 5)))
    );
    assert_eq!(id.score, [2, 5]);
    assert_eq!(MatchId::decode(&id.encode()).unwrap().dice, Some((5, 2)));
}

#[test]
fn xgid_of_the_start_position() {
    let m = Match::from_setup(Setup::new(
        MatchRules::match_to(5),
        Position::start(),
        Side::X,
    ))
    .unwrap();
    assert_eq!(
        m.xgid().to_string(),
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:5:10"
    );
}

#[test]
fn xgid_round_trips_with_bar_and_borne_off_checkers() {
    let x = Xgid {
        position: bar_and_off(),
        cube_log2: 2,
        cube_owner: Some(Side::O),
        turn: Side::O,
        dice: XgidDice::Rolled(dice(6, 3)),
        score: [1, 3],
        crawford_jacoby: 0,
        match_length: 7,
        max_cube_log2: 8,
    };
    let text = x.to_string();
    assert_eq!(text, "XGID=a---CCD-----c-----b-c---bB:2:-1:-1:63:1:3:0:7:8");
    assert_eq!(text.parse::<Xgid>().unwrap(), x);
    for d in ["D", "B", "R", "00"] {
        let t = text.replace(":63:", &format!(":{d}:"));
        assert_eq!(t.parse::<Xgid>().unwrap().to_string(), t);
    }
    assert!(
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0"
            .parse::<Xgid>()
            .is_err()
    );
    assert!(
        "XGID=-b----E-C---eE---c-e----Z-:0:0:1:00:0:0:0:5:10"
            .parse::<Xgid>()
            .is_err()
    );
}

fn texts(board: &Board, d: Dice) -> Vec<String> {
    legal_plays(board, d)
        .iter()
        .map(|l| format_play(board, &l.play))
        .collect()
}

#[test]
fn move_text_is_written_as_gnubg_writes_it() {
    let start = Position::start().view(Side::X);
    assert!(texts(&start, dice(6, 5)).contains(&"24/13".to_string()));
    assert!(texts(&start, dice(3, 3)).contains(&"8/5(2) 6/3(2)".to_string()));
    // A hit in passing keeps its intermediate point: 13/7*/5.
    let mut p = *Position::start().points();
    p[7] = -1;
    p[12] -= 0;
    p[1] += 1; // O's 24 point: 2 -> 1
    let b = Position::new(p).unwrap().view(Side::X);
    assert!(texts(&b, dice(6, 2)).contains(&"13/7*/5".to_string()));
    assert!(
        texts(&b, dice(6, 2)).contains(&"13/5".to_string()),
        "the other route, no hit"
    );
    // Entering and bearing off.
    let e = bar_and_off().view(Side::X);
    assert!(texts(&e, dice(6, 3)).contains(&"bar/22 bar/19".to_string()));
    let mut q = [0i8; 26];
    q[6] = 2;
    q[1] = 1;
    q[19] = -15;
    let b = Position::new(q).unwrap().view(Side::X);
    assert!(texts(&b, dice(6, 6)).contains(&"6/off(2) 1/off".to_string()));
}

#[test]
fn move_text_variants_are_read() {
    let start = Position::start().view(Side::X);
    let want = resolve_play(&start, dice(3, 1), "8/5 6/5").unwrap();
    for text in ["8/5 6/5", "6/5 8/5", "8-5 6-5", "8/5,6/5", " 8/5  6/5 "] {
        assert_eq!(
            resolve_play(&start, dice(3, 1), text).unwrap(),
            want,
            "{text}"
        );
    }
    let e = bar_and_off().view(Side::X);
    let want = resolve_play(&e, dice(6, 3), "bar/22 bar/19").unwrap();
    for text in ["b/22 b/19", "25/22 25/19", "bar/19 bar/22", "BAR/22 Bar/19"] {
        assert_eq!(resolve_play(&e, dice(6, 3), text).unwrap(), want, "{text}");
    }
    let mut q = [0i8; 26];
    q[6] = 2;
    q[1] = 1;
    q[19] = -15;
    let b = Position::new(q).unwrap().view(Side::X);
    let want = resolve_play(&b, dice(6, 6), "6/off(2) 1/off").unwrap();
    for text in ["6/o(2) 1/o", "6/0 6/0 1/0", "1/off 6/off 6/off"] {
        assert_eq!(resolve_play(&b, dice(6, 6), text).unwrap(), want, "{text}");
    }
}

#[test]
fn move_text_with_a_missing_star_still_finds_the_hit() {
    let mut p = *Position::start().points();
    p[7] = -1;
    p[1] += 1;
    let b = Position::new(p).unwrap().view(Side::X);
    let hit = resolve_play(&b, dice(6, 2), "13/7*/5").unwrap();
    assert_eq!(resolve_play(&b, dice(6, 2), "13/7/5").unwrap(), hit);
    assert_eq!(resolve_play(&b, dice(6, 2), "13/7 7/5").unwrap(), hit);
    assert_ne!(
        resolve_play(&b, dice(6, 2), "13/5").unwrap(),
        hit,
        "13/5 is the route without the hit"
    );
}

#[test]
fn move_text_that_cannot_be_read_says_why() {
    for bad in ["", "13", "13/x", "bar/bar", "off/3", "13/7(9)"] {
        assert!(parse_hops(bad).is_err(), "{bad:?}");
    }
}
