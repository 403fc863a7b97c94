# GNU Backgammon's review of one match, for gammonbot's /analyse.
#
# Run as `gnubg -t -q -r -p analyse.py` (by `analyse_match`, crates/gnubg/src/analyse.rs) with:
#   GAMMONBOT_MAT      the .mat file to read (written by the engine's export)
#   GAMMONBOT_OUT      where to write the result (JSON)
#   GAMMONBOT_PLIES    the evaluation depth for chequer plays and cube decisions (0, 1, 2...)
#   GAMMONBOT_THREADS  gnubg's threads
#
# Prints `gammonbot-progress G N` (game G of N analysed) as it goes. The result holds
# gnubg's own statistics per player (from gnubg.match(), no text read back) and every
# decision that lost equity, with what a picture of it needs.
#
# gnubg's Python names its player 0 (the .mat file's left column) "X" and player 1 "O".
import json
import os
import sys

import gnubg

plies = int(os.environ.get("GAMMONBOT_PLIES", "2"))
threads = int(os.environ.get("GAMMONBOT_THREADS", "1"))

for c in (
    "set display off",
    "set threads %d" % threads,
    "set analysis chequerplay evaluation plies %d" % plies,
    "set analysis cubedecision evaluation plies %d" % plies,
    "set analysis chequerplay evaluation cubeful on",
    "set analysis cubedecision evaluation cubeful on",
    "import mat " + os.environ["GAMMONBOT_MAT"],
):
    gnubg.command(c)

games = len(gnubg.match(analysis=0, boards=0, statistics=0)["games"])
print("gammonbot-progress 0 %d" % games)
sys.stdout.flush()
# The import leaves gnubg at the last game: analyse it, then each one before it.
for g in range(games):
    if g > 0:
        gnubg.command("previous game")
    gnubg.command("analyse game")
    print("gammonbot-progress %d %d" % (g + 1, games))
    sys.stdout.flush()

m = gnubg.match(analysis=1, boards=1, statistics=1, verbose=1)
info = m["match-info"]
length = info["match-length"]
met = gnubg.met(max(length, 1)) if length > 0 else None


def mwc(mine, theirs):
    """The match winning chance of a player `mine` points away against `theirs` away."""
    if mine <= 0:
        return 1.0
    if theirs <= 0:
        return 0.0
    if theirs == 1 and mine > 1:
        return met[1][mine - 1]
    if mine == 1 and theirs > 1:
        return 1.0 - met[1][theirs - 1]
    return met[0][mine - 1][theirs - 1]


def to_emg(value, away, cube):
    """gnubg's normalised equity (EMG) of a cubeful match winning chance: +1 is winning
    the cube's value, -1 losing it (money play: already an equity)."""
    if met is None:
        return value
    win = mwc(away[0] - cube, away[1])
    lose = mwc(away[0], away[1] - cube)
    if win == lose:
        return 0.0
    return (2.0 * value - (win + lose)) / (win - lose)


def cube_equities(a, away, cube):
    """(no double, double take, double pass) for the player who may double."""
    nd = to_emg(a["nd-cubeful-eq"], away, cube)
    dt = to_emg(a["dt-cubeful-eq"], away, cube)
    return nd, dt, 1.0


# How many of gnubg's best plays a chequer decision lists (with the play made).
CHOICES = 5


def double_choices(nd, dt, dp):
    """The doubler's choices with their equities (EMG, his side): no double, double."""
    return [{"cube": "no double", "equity": nd}, {"cube": "double", "equity": min(dt, dp)}]


def take_choices(dt, dp):
    """The answer's choices with their equities (EMG, the taker's side)."""
    return [{"cube": "take", "equity": -dt}, {"cube": "drop", "equity": -dp}]


decisions = []
for gi, game in enumerate(m["games"]):
    gi_info = game["info"]
    score = {"X": gi_info["score-X"], "O": gi_info["score-O"]}
    cube, owner = 1, None
    pending = None  # the last double's equities, for the answer
    # gnubg records a beaver as a double by the player doubled (and a raccoon as one more
    # double) followed by the take of whoever answers last; the cube then belongs to the
    # player first doubled. `offered`: that player while an offer is being answered.
    offered = None
    for ri, rec in enumerate(game["game"]):
        player = rec.get("player")
        action = rec.get("action")
        a = rec.get("analysis") or {}
        other = "O" if player == "X" else "X"
        away = (length - score.get(player, 0), length - score.get(other, 0))
        base = {
            "game": gi + 1,
            "index": ri,
            "player": player,
            "cube": cube,
            "owner": owner,
            "score": [score["X"], score["O"]],
        }
        if action == "move":
            if "nd-cubeful-eq" in a:
                nd, dt, dp = cube_equities(a, away, cube)
                if min(dt, dp) > nd + 1e-7:
                    d = dict(base, kind="missed double", board=rec.get("board"),
                             loss=min(dt, dp) - nd, played="no double",
                             best="double, " + ("take" if dt < dp else "pass"),
                             choices=double_choices(nd, dt, dp))
                    decisions.append(d)
            moves = a.get("moves")
            if moves and "imove" in a:
                loss = moves[0]["score"] - moves[a["imove"]]["score"]
                if loss > 1e-7:
                    # The best few plays and the one made, with gnubg's equities (drills).
                    shown = list(range(min(CHOICES, len(moves))))
                    if a["imove"] not in shown:
                        shown.append(a["imove"])
                    decisions.append(dict(
                        base, kind="chequer", board=rec.get("board"), dice=rec.get("dice"),
                        move=rec.get("move"), best_move=moves[0]["move"], loss=loss,
                        skill=a.get("skill"),
                        choices=[{"move": moves[k]["move"], "equity": moves[k]["score"]}
                                 for k in shown]))
        elif action == "double" and offered is not None:
            # A beaver (or a raccoon): the cube is doubled at once, and a beaver takes the
            # double it answers: that take is judged as a take.
            if pending is not None:
                dt, dp, dbase, board = pending
                loss = dt - dp
                if loss > 1e-7:
                    decisions.append(dict(
                        base, kind="wrong take", board=board, loss=loss, played="beaver",
                        best="drop", doubler=dbase["player"], choices=take_choices(dt, dp)))
            pending = None
            cube *= 2
        elif action == "double":
            pending = None
            offered = other
            if "nd-cubeful-eq" in a:
                nd, dt, dp = cube_equities(a, away, cube)
                pending = (dt, dp, base, rec.get("board"))
                best = max(nd, min(dt, dp))
                loss = best - min(dt, dp)
                if loss > 1e-7:
                    decisions.append(dict(
                        base, kind="wrong double", board=rec.get("board"), loss=loss,
                        played="double", best="no double" if nd >= dt else "too good to double",
                        choices=double_choices(nd, dt, dp)))
        elif action in ("take", "drop"):
            if pending is not None:
                dt, dp, dbase, board = pending
                # The answer costs the taker what the doubler gains over the right answer.
                loss = (dt - dp) if action == "take" else (dp - dt)
                if loss > 1e-7:
                    decisions.append(dict(
                        base, kind="wrong " + action, board=board, loss=loss,
                        played=action, best="drop" if action == "take" else "take",
                        doubler=dbase["player"], choices=take_choices(dt, dp)))
            pending = None
            if action == "take":
                cube *= 2
                owner = offered if offered is not None else player
            offered = None


def stats(s):
    return s


out = {
    "players": {
        side: {"name": info[side]["name"], "stats": m["stats"][side]} for side in ("X", "O")
    },
    "length": length,
    "games": games,
    "plies": plies,
    "decisions": decisions,
}
with open(os.environ["GAMMONBOT_OUT"], "w") as f:
    json.dump(out, f)
print("gammonbot-done")
