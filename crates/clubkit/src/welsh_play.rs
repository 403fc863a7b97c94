//! A Welsh match played through the club by two of gammonbot's Welsh players: each
//! decision the player makes, sent as the command a person would type.

use club::{Command, MatchNo, MatchOp, MatchRef, Snapshot, Starter};
use engine::welsh::{WelshAction, WelshMatch, format_welsh_play};
use engine::{AnyMatch, Side};
use store::Store;
use welsh_player::{Decision, WelshPlayer, decide};

/// The Welsh game of match `id` as stored.
pub async fn stored_welsh(store: &Store, id: impl Into<MatchNo>) -> WelshMatch {
    let id = id.into();
    let row = store.load_match(id.get()).await.unwrap().unwrap();
    let snap: Snapshot = serde_json::from_str(row.state.as_deref().unwrap()).unwrap();
    let AnyMatch::Welsh(m) = snap.game else {
        panic!("match #{id} is not Welsh")
    };
    m
}

/// The command `side` types for what `p` decides in `m` (match `r`); `None` when `side`
/// has nothing to do.
pub fn welsh_command(
    p: &mut dyn WelshPlayer,
    m: &WelshMatch,
    side: Side,
    r: MatchRef,
) -> Option<Command> {
    Some(match decide(p, m, side)? {
        Decision::Call(c) => Command::Match(r, MatchOp::Call(c)),
        Decision::Throw => Command::Match(r, MatchOp::Roll),
        Decision::ThrowOne => Command::Match(r, MatchOp::RollOne),
        Decision::ThrowAgain => Command::Match(r, MatchOp::Reroll),
        Decision::Act(a) => match a {
            WelshAction::Choose(s) if s == side => Command::Match(r, MatchOp::Choose(Starter::Me)),
            WelshAction::Choose(_) => Command::Match(r, MatchOp::Choose(Starter::Opponent)),
            WelshAction::Double => Command::Match(r, MatchOp::Double),
            WelshAction::Nominate { whose, dice } => {
                Command::Match(r, MatchOp::Nominate(whose, dice))
            }
            WelshAction::Play(play) => {
                let text = format_welsh_play(&m.position().view(side), &play);
                Command::Match(
                    r,
                    MatchOp::Move(if text.is_empty() { "pass".into() } else { text }),
                )
            }
            WelshAction::AcceptConcede => Command::Match(r, MatchOp::AcceptConcede),
            WelshAction::RejectConcede => Command::Match(r, MatchOp::RejectConcede),
            other => panic!("no command for {other:?}"),
        },
    })
}

/// Plays Welsh match `id` to its end: `players` by [`Side::index`], each command sent
/// through `act(side, command)`.
pub async fn play_welsh_to_end(
    store: &Store,
    id: impl Into<MatchNo>,
    players: [&mut dyn WelshPlayer; 2],
    mut act: impl AsyncFnMut(Side, Command),
) {
    let id = id.into();
    let [x, o] = players;
    let players: [&mut dyn WelshPlayer; 2] = [x, o];
    for _ in 0..5000 {
        let m = stored_welsh(store, id).await;
        let Some(side) = m.to_act() else {
            return;
        };
        let cmd = welsh_command(players[side.index()], &m, side, MatchRef::id(id))
            .unwrap_or_else(|| panic!("{side:?} has nothing to do in {:?}", m.phase()));
        act(side, cmd).await;
    }
    panic!("match #{id} did not end in 5000 commands");
}
