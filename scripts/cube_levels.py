# The bot's cube decisions at each level against GNU Backgammon's own player at that level
# and against the noiseless world-class verdict (docs/bot.md, "Levels"). Not a test: a
# measurement, about 25 minutes long. From the repository's root:
#
#   gnubg -t -q -r -p scripts/cube_levels.py
#
# Environment (all optional):
#   CUBE_LEVELS_BOT     the bot's script (default crates/gnubg/src/bot.py)
#   CUBE_LEVELS_BEFORE  another bot script to measure beside it (e.g. an older one:
#                       `git show <commit>:crates/gnubg/src/bot.py > /tmp/bot-before.py`)
#   CUBE_LEVELS_EVERY   take every n-th position (default 1: all 2000)
#
# The positions are the engine's test positions (crates/engine/tests/data/contact.txt and
# race.txt, 1000 each), each from the view of the player on roll, who may double; the cube
# centred, in two settings: money with beavers (no Jacoby) and a 9-point match at 0-0.
# For each position and level:
#   - the bot: its script's `cube` request, read as the bot reads it (decide.rs:
#     `CubeVerdict::new`): the same answer serves its own double (it is on roll) and its
#     answer to the human's double (the human on roll);
#   - gnubg's own player at the level (player 1 of a gnubg session, "set player 1 gnubg",
#     its chequer and cube evaluation set to the level's `aecSettings`, eval.c): on roll
#     with no dice, told to `play` (does it double?); and answering player 0's `double`;
#   - world class (2 plies, pruned, no noise): gnubg's cube verdict, the reference.
# Printed: per setting and level, the share of decisions on which the bot agrees with
# gnubg's player, and on which each agrees with world class, with 95% Wilson intervals,
# over the cube positions (world class says other than "no double, take"); and over the
# clear passes (world class: double, pass) how many the bot and gnubg's player beaver.
import base64
import io
import math
import os
import runpy
import sys

import gnubg

LEVELS = [
    ("beginner", 0.060),
    ("casual", 0.050),
    ("intermediate", 0.040),
    ("advanced", 0.015),
    ("expert", 0.0),
]
SETTINGS = [("money, beavers", 0), ("9-point match, 0-0", 9)]

out = os.fdopen(os.dup(1), "w")
devnull = os.open(os.devnull, os.O_WRONLY)
os.dup2(devnull, 1)  # gnubg's own chatter (boards, messages) goes to fd 1


def load(path):
    stdin = sys.stdin
    sys.stdin = io.StringIO("")  # the script's request loop ends at once
    try:
        return runpy.run_path(path)
    finally:
        sys.stdin = stdin


def cmd(c):
    gnubg.command(c)


def match_id(on_roll, length):
    """gnubg's Match ID: a game in play, cube 1 centred, `on_roll` to roll, no dice."""
    fields = [
        (0, 4), (3, 2), (on_roll, 1), (0, 1), (1, 3), (on_roll, 1), (0, 1), (0, 2),
        (0, 3), (0, 3), (length, 15), (0, 15), (0, 15), (1, 1),  # last: Jacoby off
    ]
    v, at = 0, 0
    for value, bits in fields:
        v |= value << at
        at += bits
    return base64.b64encode(v.to_bytes(9, "little")).decode()


def read_match_id(mid):
    v = int.from_bytes(base64.b64decode(mid), "little")
    names = [("cube", 4), ("owner", 2), ("on_roll", 1), ("crawford", 1), ("state", 3),
             ("turn", 1), ("doubled", 1)]
    d, at = {}, 0
    for k, bits in names:
        d[k] = (v >> at) & ((1 << bits) - 1)
        at += bits
    return d


def ec(noise, plies=0):
    return {"cubeful": 1, "plies": plies, "prune": 1 if plies else 0, "deterministic": 1,
            "noise": noise}


def verdict(rec, plies, beavers):
    """decide.rs `CubeVerdict::new`: (doubles, answer)."""
    double = rec in (0, 1, 5, 7, 8) or (rec in (16, 17, 18, 19, 20) and plies == 0)
    if rec in (1, 4, 8, 11, 19, 20):
        answer = "drop"
    elif rec in (5, 6, 12, 18) and beavers:
        answer = "beaver"
    else:
        answer = "take"
    return double, answer


def new_game(length, noise):
    cmd("set player 0 human")
    cmd("set player 1 gnubg")
    for what in ("chequerplay", "cubedecision"):
        for s in ("plies 0", "cubeful on", "prune off", "noise %f" % noise,
                  "deterministic on"):
            cmd("set player 1 %s evaluation %s" % (what, s))
    cmd("new match %d" % length if length else "new session")


def player_doubles(pid, length, noise):
    new_game(length, noise)
    cmd("set matchid " + match_id(1, length))
    cmd("set board " + pid)
    assert gnubg.positionid() == pid, (gnubg.positionid(), pid)
    cmd("play")
    return read_match_id(gnubg.matchid())["doubled"] == 1


def player_answers(pid, length, noise):
    new_game(length, noise)
    cmd("set matchid " + match_id(0, length))
    cmd("set board " + pid)
    assert gnubg.positionid() == pid, (gnubg.positionid(), pid)
    cmd("double")
    d = read_match_id(gnubg.matchid())
    if d["state"] != 1:
        return "drop"
    if d["doubled"]:
        return "beaver"
    assert d["cube"] == 1 and d["owner"] == 1, d
    return "take"


def wilson(k, n):
    if not n:
        return "-"
    p, z = k / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return "%.0f%% (%.0f-%.0f)" % (100 * p, 100 * (centre - half), 100 * (centre + half))


def main():
    bots = [("bot", load(os.environ.get("CUBE_LEVELS_BOT", "crates/gnubg/src/bot.py")))]
    if os.environ.get("CUBE_LEVELS_BEFORE"):
        bots.append(("bot before", load(os.environ["CUBE_LEVELS_BEFORE"])))
    cmd("set beavers 1")
    cmd("set jacoby off")
    cmd("set automatic game off")
    every = int(os.environ.get("CUBE_LEVELS_EVERY", "1"))
    ids = []
    for name in ("contact", "race"):
        with open("crates/engine/tests/data/%s.txt" % name) as f:
            ids += [line.strip() for line in f if line.strip()][::every]
    for title, length in SETTINGS:
        beavers = 0 if length else 1
        ci = {"cube": 1, "owner": -1, "matchto": length, "score": [0, 0], "crawford": 0,
              "jacoby": 0, "beavers": beavers}
        gci = bots[0][1]["cubeinfo"](ci)
        rows = {}
        passes = 0
        cube_positions = 0
        for pid in ids:
            board = gnubg.positionfromid(pid)
            rec_wc = gnubg.cfevaluate(board, gci, ec(0.0, 2))[4]
            wc = verdict(rec_wc, 2, beavers)
            if rec_wc in (2, 9):  # no double, take
                continue
            cube_positions += 1
            clear_pass = rec_wc == 1
            passes += clear_pass
            for level, noise in LEVELS:
                row = rows.setdefault(level, {})
                mine = {}
                for who, ns in bots:
                    rec = ns["cube"]({"pos": pid, "ci": ci, "ec": ec(noise)})["rec"]
                    mine[who] = verdict(rec, 0, beavers)
                mine["gnubg's player"] = (
                    player_doubles(pid, length, noise),
                    player_answers(pid, length, noise),
                )
                for who, (double, answer) in mine.items():
                    c = row.setdefault(who, {"roll wc": 0, "answer wc": 0, "roll pl": 0,
                                             "answer pl": 0, "beavers": 0, "drops": 0})
                    c["roll wc"] += double == wc[0]
                    c["answer wc"] += answer == wc[1]
                    c["roll pl"] += double == mine["gnubg's player"][0]
                    c["answer pl"] += answer == mine["gnubg's player"][1]
                    c["beavers"] += clear_pass and answer == "beaver"
                    c["drops"] += clear_pass and answer == "drop"
        n = cube_positions
        out.write("\n### %s: %d cube positions (%d clear passes) of %d\n\n"
                  % (title, n, passes, len(ids)))
        out.write("| level | who | double = gnubg's player | answer = gnubg's player "
                  "| double = world class | answer = world class | clear passes dropped "
                  "| clear passes beavered |\n|---|---|---|---|---|---|---|---|\n")
        for level, _ in LEVELS:
            for who, c in rows.get(level, {}).items():
                out.write("| %s | %s | %s | %s | %s | %s | %s | %s |\n" % (
                    level, who,
                    wilson(c["roll pl"], n) if who != "gnubg's player" else "",
                    wilson(c["answer pl"], n) if who != "gnubg's player" else "",
                    wilson(c["roll wc"], n), wilson(c["answer wc"], n),
                    wilson(c["drops"], passes), wilson(c["beavers"], passes)))
        out.flush()


main()
