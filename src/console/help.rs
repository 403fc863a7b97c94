//! The local chat's `/help`: every command and its options.

/// The commands, for `/help`.
pub const HELP: &str = "\
Type `name: /command ...`; the name is who speaks. A match is named `#N` when you have several.
  /challenge <player> [rules:standard|welsh] [length:N|money] [crawford:on|off]
             [holland:on|off] [jacoby:on|off] [beavers:on|off] [raccoons:on|off] [autodoubles:N]
             [stake:1.00] [move:2d] [bank:5d] [remind:12h] [clock:live] [rated:on|off]
             [expires:3d]           an unanswered challenge expires (default 7 days)
             [practice:on] [tutor:on]   practice: /hint allowed (both agree; never rated)
  /challenge bot [level:beginner|casual|intermediate|advanced|expert|world-class]
             [length:N|money] [tutor:on] ...   a match against GNU Backgammon: it accepts at
                                      once and plays its moves; practice, unrated
  /challenge bot rules:welsh [level:weak|medium|strong] [length:N]
                                      Welsh against the bot's own Welsh player (strong if
                                      no level); unrated
  /hint [#N]                          practice: GNU Backgammon's best plays for your roll, or
                                      its cube decision, with equities (Welsh: gammonbot's
                                      Welsh player's plays, doubling and nominate decisions)
  /undo [#N]  /keep [#N]              tutor: take back the play or cube action it flagged
                                      (once), or keep it and play on
  /accept /decline /cancel            answer (or withdraw) a challenge
  /accept shaker:me|opponent          Welsh: the guest shakes or calls first (or role:shake|call)
  /roll (Welsh: /throw)  /move 13/7 8/7  /moves   throw, play, list the legal plays
  /double /take /drop /beaver /raccoon
  /resign [single|gammon|backgammon]  /resign accept  /resign reject
  /stop (or /resign session)          money play: either player ends the session between games
  Welsh: /call odds|evens  /choose me|opponent  /reroll  /onedie  /nominate me|opponent 6-5
         /concede N [payment]  /concede accept  /concede reject
                                        N: fewer games than the game would cost you, so none
                                        at the die's 1 with no gammon at stake (rule 18)
         /break /resume                 a ten-minute break between games (regulation D)
  /board /games /history /export /ledger /pot <player> /settings [auto-roll:on|off] [dm:on|off]
  /vacation [5d|end]                  go on vacation for N days (the clocks of your matches
                                      here stop), come back early, or see the days used and
                                      left this year; /server vacation-days:N sets the allowance
  /vacation from:YYYY-MM-DD to:YYYY-MM-DD  plan one by dates (your /settings tz:, else UTC);
                                      /vacation end cancels a planned one
  /games waiting                      your matches waiting on you, the nearest deadline first
  /settings digest:daily at:08:00 tz:Europe/London   a daily direct message of those (Discord;
                                      tz: an IANA zone or an offset like +02:00); digest:off
  /name Alice                         write your name otherwise (its case only)
  /rating [player] [rules:standard|welsh] [vs:<player>]   rating, rank, record, last ten
                                      changes, chart (vs: and the head-to-head of the two)
  /h2h [player] <player>              head-to-head here: matches, wins and points per ruleset,
                                      the last five results (one player named: you against that player)
  /block [player]  /unblock <player>  a blocked player cannot challenge you or join your
                                      chouettes (that player is told only that it was refused);
                                      /block alone lists whom you block
  /leaderboard [rules:standard|welsh]      the best ratings here
  /analyse [#N]                       GNU Backgammon reviews a finished match (money: the
                                      games finished so far; Welsh: gammonbot's Welsh player
                                      judges it); the result comes when ready. Finished
                                      rated, league and bot matches (and money sessions when
                                      they stop) are analysed by themselves:
                                      /server analysis:auto|league|off sets which
  /stats [player]                     average error rate and PR over the analysed matches here
  /drill                              your next drill card: a decision of yours an analysis
                                      found lost 0.04 or more, as it was (board, dice, score,
                                      cube), its choices numbered; only you see it
  /drill answer 2                     answer the card shown: its number, the play typed
                                      (13/7 8/7), or take, drop, double, no double; the verdict
                                      ranks the choices by the analysis' equities, and the card
                                      comes back on a spaced schedule (FSRS: wrong soon, right later)
  /drill stats                        cards due, learnt (recalled over 21 days or more), streak
  /puzzle                             the position of the day here: a recent mistake from
                                      this server's analysed matches with a clear best answer
                                      (players named only if they allow it), its choices numbered
  /puzzle answer 2                    answer it privately: its number, the play typed, or take,
                                      drop, double, no double; one answer each, counted; the
                                      next post gives the solution, who solved it, the solvers
  /puzzle names on|off                on: your name may be shown on a position taken from your
                                      matches; off (the default): you are shown by your colour
  /server puzzle hour:18              a position of the day each day at 18:00 UTC (the local
                                      chat's channel); /server puzzle off stops it
  /web revoke #N|cN|league [name]|leaderboard|player   a new link for that web page (the
                                      old one stops working): a match's or a chouette's player,
                                      a league's organiser, anyone for the leaderboard, you for yours
  /web private on|off                 on: your player page is linked from no other page or
                                      answer (your name shown without a link); off: linked again
                                      anyone here may look at a match (/board #N, /history #N,
                                      /export #N, /moves #N); without #N: your open match, else
                                      your last finished one; /games lists both
  Chouette: /chouette create [cubes:multiple|single] [consult:free|none|after-cube]
            [order:shuffled|joined] [jacoby:on] [beavers:on] [stake:1.00]
            /chouette join|leave|start|roll|board|moves|standings  /chouette move 13/7 8/7
            /chouette double [names]  /chouette take|drop|beaver [name]  /chouette suggest 8/5 6/5
  Fair dice: /fair [c3]  /fair export [c3]  /fair seed [c3] text:<up to 64 characters>
            /fair stats [player] [rules:standard|welsh]   a player's throws against fair dice
            (a match by #N; a chouette session by cN)
  League: /league create name:Autumn Cup format:round-robin|double|knockout|divisions
                 |double-elimination|swiss [rules:welsh] [length:7] [move:2d] ...(the terms a
                 challenge takes); each /league command refuses an option it does not take
          /league join|leave|withdraw|standings [division:N]|fixtures|bracket|log|log export|list [league:Name]
          /league start [order:alice,bob,...]          (organiser; else by the seeding setting)
          /league settings win-points:1|loss-points:0|withdrawal:forfeit|void (void: not in a
                 bracket)|seeding:random|entry|rating|season-days:28|remind:3,1|entry-fee:10.00
                 |vacation:on|off|division-size:8|movers:2 (divisions)|recur:7d (divisions: the
                 next season by itself)|checkin:24h (knockout)|reset:on|off (double-elimination:
                 the bracket reset)|rounds:N|auto (swiss)
          /league checkin                             (confirm during a knockout's check-in;
                                                      joining during it checks you in)
          /league result #12 winner:bob reason:...   /league forfeit #12 loser:dave reason:...
          /league extend #12 by:2d                    (organiser: the tournament director)
          /league suggest #12                         (organiser, at the deadline: gnubg's chances)
  /help [command]                     this list, or the lines of one command (/help league)";

/// `/help <word>`: the entries of [`HELP`] that name the command `/<word>` (an entry is a
/// line indented by two spaces with the lines indented further below it); a word no entry
/// names gets the whole list, saying so.
#[must_use]
pub fn help_on(word: &str) -> String {
    let word = word.trim().trim_start_matches('/').to_lowercase();
    let command = format!("/{word}");
    let names = |entry: &str| {
        entry.match_indices(&command).any(|(i, _)| {
            !entry[i + command.len()..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '-')
        })
    };
    let mut entries: Vec<String> = Vec::new();
    for line in HELP.lines().skip(1) {
        let starts_entry = line.starts_with("  ") && !line[2..].starts_with(' ');
        match entries.last_mut() {
            Some(e) if !starts_entry => {
                e.push('\n');
                e.push_str(line);
            }
            _ => entries.push(line.to_string()),
        }
    }
    let found: Vec<&String> = entries
        .iter()
        .filter(|e| !word.is_empty() && names(e))
        .collect();
    if found.is_empty() {
        return format!("No command /{word}: every command follows.\n{HELP}\n");
    }
    let mut out = found
        .iter()
        .map(|e| e.as_str())
        .collect::<Vec<_>>()
        .join("\n");
    out.push('\n');
    out
}
