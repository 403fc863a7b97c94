//! Every player's answer is one the engine accepts, over many seeded matches and at the
//! moments that come rarely (a full spread, a concession occasion, a nominate near the
//! target).

use engine::welsh::{NominateFor, WelshAction, WelshError, WelshMatch, WelshPhase, WelshRules};
use engine::{Board, LegalPlay, Position, Side};
use welsh_player::player::nominate_wins;
use welsh_player::{
    EvalPlayer, HeuristicPlayer, Level, Net, RandomPlayer, Rng, TrainConfig, Trainer, WelshPlayer,
    play_game,
};

/// How often a wrapped player said yes to each rare decision.
#[derive(Default, Debug, Clone, Copy)]
struct Counts {
    doubles: u32,
    nominates_me: u32,
    nominates_them: u32,
    one_die: u32,
    rethrows: u32,
    offers: u32,
    accepts: u32,
    rejects: u32,
    plays: u32,
}

/// A player that counts its inner player's answers.
struct Counting<'a> {
    inner: Box<dyn WelshPlayer + 'a>,
    counts: Counts,
}

impl WelshPlayer for Counting<'_> {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn call(&mut self, m: &WelshMatch, me: Side) -> engine::welsh::Parity {
        self.inner.call(m, me)
    }
    fn starter(&mut self, m: &WelshMatch, me: Side) -> Side {
        self.inner.starter(m, me)
    }
    fn double(&mut self, m: &WelshMatch, me: Side) -> bool {
        let d = self.inner.double(m, me);
        self.counts.doubles += u32::from(d);
        d
    }
    fn nominate_for_me(&mut self, m: &WelshMatch, me: Side) -> Option<(u8, u8)> {
        let n = self.inner.nominate_for_me(m, me);
        self.counts.nominates_me += u32::from(n.is_some());
        n
    }
    fn throw_one_die(&mut self, m: &WelshMatch, me: Side) -> bool {
        let d = self.inner.throw_one_die(m, me);
        self.counts.one_die += u32::from(d);
        d
    }
    fn throw_again(&mut self, m: &WelshMatch, me: Side) -> bool {
        let d = self.inner.throw_again(m, me);
        self.counts.rethrows += u32::from(d);
        d
    }
    fn play(&mut self, m: &WelshMatch, me: Side, plays: &[LegalPlay]) -> usize {
        self.counts.plays += 1;
        self.inner.play(m, me, plays)
    }
    fn nominate_for_opponent(
        &mut self,
        m: &WelshMatch,
        me: Side,
        after: &Board,
    ) -> Option<(u8, u8)> {
        let n = self.inner.nominate_for_opponent(m, me, after);
        self.counts.nominates_them += u32::from(n.is_some());
        n
    }
    fn offer_concede(&mut self, m: &WelshMatch, me: Side, most: u32) -> Option<u32> {
        let o = self.inner.offer_concede(m, me, most);
        self.counts.offers += u32::from(o.is_some());
        o
    }
    fn accept_concede(&mut self, m: &WelshMatch, me: Side, games: u32) -> bool {
        let a = self.inner.accept_concede(m, me, games);
        if a {
            self.counts.accepts += 1;
        } else {
            self.counts.rejects += 1;
        }
        a
    }
}

/// Plays a whole match (to `target`) from `m`, every answer through the engine; panics
/// on a refusal.
fn play_match(players: [&mut dyn WelshPlayer; 2], dice: &mut Rng, mut m: WelshMatch) -> u32 {
    let [a, b] = players;
    let mut games = 0;
    while !matches!(m.phase(), WelshPhase::MatchOver { .. }) {
        let (next, _) = play_game([&mut *a, &mut *b], dice, m, &mut |_, _| {})
            .unwrap_or_else(|e| panic!("{e}"));
        m = next;
        games += 1;
    }
    games
}

fn rules(target: u32) -> WelshRules {
    WelshRules {
        target,
        first_shaker: Side::X,
    }
}

fn add(total: &mut Counts, c: Counts) {
    total.doubles += c.doubles;
    total.nominates_me += c.nominates_me;
    total.nominates_them += c.nominates_them;
    total.one_die += c.one_die;
    total.rethrows += c.rethrows;
    total.offers += c.offers;
    total.accepts += c.accepts;
    total.rejects += c.rejects;
    total.plays += c.plays;
}

#[test]
fn random_players_answers_are_all_legal_and_reach_every_rare_decision() {
    let mut total = Counts::default();
    for seed in 0..30u64 {
        let mut x = Counting {
            inner: Box::new(RandomPlayer::new(seed)),
            counts: Counts::default(),
        };
        let mut o = Counting {
            inner: Box::new(RandomPlayer::new(seed + 1000)),
            counts: Counts::default(),
        };
        let mut dice = Rng::new(seed);
        play_match([&mut x, &mut o], &mut dice, WelshMatch::new(rules(9)));
        add(&mut total, x.counts);
        add(&mut total, o.counts);
    }
    assert!(total.plays > 1000, "{total:?}");
    assert!(total.doubles > 0, "{total:?}");
    assert!(total.nominates_me > 0, "{total:?}");
    assert!(total.nominates_them > 0, "{total:?}");
    assert!(total.rethrows > 0, "{total:?}");
    assert!(total.offers > 0, "{total:?}");
    assert!(total.accepts > 0 && total.rejects > 0, "{total:?}");
}

#[test]
fn the_heuristic_and_the_learnt_levels_answer_legally_in_whole_matches() {
    let mut trainer = Trainer::new(TrainConfig::default(), 3);
    for _ in 0..30 {
        trainer.train_game().unwrap();
    }
    let untrained = Net::new(8, 4);
    let mut total = Counts::default();
    for (seed, level, net) in [
        (1u64, Level::Weak, &trainer.net),
        (2, Level::Medium, &trainer.net),
        (3, Level::Medium, &untrained),
        (4, Level::Strong, &untrained),
    ] {
        let mut learnt = Counting {
            inner: Box::new(EvalPlayer::new(net, level, seed)),
            counts: Counts::default(),
        };
        let mut other: Box<dyn WelshPlayer> = if seed % 2 == 0 {
            Box::new(HeuristicPlayer)
        } else {
            Box::new(RandomPlayer::new(seed))
        };
        let target = if level == Level::Strong { 2 } else { 5 };
        let mut dice = Rng::new(seed);
        play_match(
            [&mut learnt, other.as_mut()],
            &mut dice,
            WelshMatch::new(rules(target)),
        );
        add(&mut total, learnt.counts);
    }
    assert!(total.plays > 50, "{total:?}");
}

/// A match at `position` (X's view), `to_roll` to throw, on `score`.
fn at(points: [i8; 26], to_roll: Side, score: [u32; 2]) -> WelshMatch {
    WelshMatch::at(rules(25), Position::new(points).unwrap(), to_roll, score).unwrap()
}

/// As [`at`], with men parked beyond six to a spike where they never move.
fn parked(points: [i8; 26], to_roll: Side, score: [u32; 2]) -> WelshMatch {
    WelshMatch::at_parked(rules(25), Position::new(points).unwrap(), to_roll, score)
}

/// X's men by point (own numbering) and O's by point (own numbering); at most six to a
/// spike (rule 10: the engine's search assumes no more).
fn points(x: &[(usize, i8)], o: &[(usize, i8)]) -> [i8; 26] {
    let mut p = [0i8; 26];
    for &(pt, n) in x {
        p[pt] += n;
    }
    for &(pt, n) in o {
        p[25 - pt] -= n;
    }
    p
}

#[test]
fn beside_a_full_spread_every_player_plays_on_legally_and_one_die_is_thrown() {
    // X has a full spread in the home board; both sides race home.
    let p = points(
        &[
            (1, 1),
            (2, 1),
            (3, 1),
            (4, 1),
            (5, 1),
            (6, 1),
            (8, 5),
            (9, 4),
        ],
        &[(6, 5), (5, 5), (13, 5)],
    );
    let net = Net::new(8, 9);
    let mut one_die = 0;
    for seed in 0..6u64 {
        let mut players: Vec<Counting> = vec![
            Counting {
                inner: Box::new(RandomPlayer::new(seed)),
                counts: Counts::default(),
            },
            Counting {
                inner: Box::new(HeuristicPlayer),
                counts: Counts::default(),
            },
            Counting {
                inner: Box::new(EvalPlayer::new(&net, Level::Strong, seed)),
                counts: Counts::default(),
            },
        ];
        for p_x in &mut players {
            let mut o = RandomPlayer::new(seed + 50);
            let mut dice = Rng::new(seed);
            play_game(
                [p_x as &mut dyn WelshPlayer, &mut o],
                &mut dice,
                at(p, Side::X, [0, 0]),
                &mut |_, _| {},
            )
            .unwrap_or_else(|e| panic!("{e}"));
            one_die += p_x.counts.one_die;
        }
    }
    assert!(one_die > 0, "some player threw one die beside its spread");
}

#[test]
fn the_nominate_check_agrees_with_the_engine_on_match_winning_throws() {
    // X one game from the match with two men left on 1 and 2: many throws win it.
    // And X on 0 games: a throw that checks out wins a game, not the match.
    for score in [[24, 0], [0, 0], [22, 10]] {
        for x in [&[(1, 1), (2, 1)][..], &[(1, 2), (6, 2)], &[(3, 3), (5, 1)]] {
            let m = parked(points(x, &[(19, 15)]), Side::X, score);
            for a in 1..=6u8 {
                for b in 1..=a {
                    let refused = matches!(
                        m.apply(
                            Side::X,
                            &WelshAction::Nominate {
                                whose: NominateFor::Me,
                                dice: (a, b)
                            }
                        ),
                        Err(WelshError::NominateWins(_))
                    );
                    assert_eq!(
                        nominate_wins(&m, Side::X, (a, b)),
                        refused,
                        "{x:?} on {score:?} with {a}-{b}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_learnt_player_offers_and_answers_a_concession_legally() {
    // X is one throw from checking out its last two men; O has checked out none and has
    // men outside home: a backgammon at stake (6 games), O's occasion to offer.
    let m = at(
        points(&[(1, 1), (2, 1), (9, 1)], &[(19, 5), (12, 5), (11, 5)]),
        Side::X,
        [0, 0],
    );
    let net = Net::new(8, 5);
    let mut offers = 0;
    for seed in 0..6u64 {
        let mut x = EvalPlayer::new(&net, Level::Medium, seed);
        let mut o = Counting {
            inner: Box::new(HeuristicPlayer),
            counts: Counts::default(),
        };
        let mut dice = Rng::new(seed);
        play_game([&mut x, &mut o], &mut dice, m.clone(), &mut |_, _| {})
            .unwrap_or_else(|e| panic!("{e}"));
        offers += o.counts.offers;
    }
    assert!(
        offers > 0,
        "the heuristic offered to concede and the offer was answered"
    );
}
