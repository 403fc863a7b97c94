# GNU Backgammon as gammonbot's player: one request a line on stdin, one answer a line on
# stdout, for as long as stdin stays open.
#
# Run as `gnubg -t -q -r -p bot.py`. A request is a JSON object; its answer is printed as
# `gammonbot-answer ` and a JSON object on one line (gnubg's own chatter is on other lines).
# Every position is given as a Position ID from the view of the player on roll, who is
# gnubg's player 1 here (cube owner 1 = the player on roll, 0 = the other; score is
# [the other, the player on roll]).
#
# Requests ("op"):
#   ping                              -> {}
#   play  pos ci ec dice              -> {"move": [from, to, ...]} (gnubg's 1-based points,
#                                        25 the bar, 0 off; [] when no checker can move)
#   cube  pos ci ec                   -> {"eq": [optimal, no double, take, drop], "rec": n}
#                                        (gnubg's cfevaluate: the player on roll's view,
#                                        rec its cubedecision enum)
#   eval  pos ci ec                   -> {"probs": [win, win g, win bg, lose g, lose bg],
#                                        "prices": [g0, g1, bg0, bg1], "class": n}
#   hint  matchid pos dice n ec       -> {"moves": [[text, equity], ...]} (gnubg's hint,
#         matchto jacoby beavers         best first)
#   mwc   pos ci ec                   -> {"eq": [as cube], "mwc": [the same as match-winning
#                                        chances]} (gnubg's eq2mwc)
#   met   matchto score crawford      -> {"mwc": n} (gnubg's match equity table: the
#                                        chance of player 1 before a game at this score)
import json
import sys

import gnubg

gnubg.command("set display off")


def cubeinfo(ci):
    """gnubg's cube-info dictionary with its gammon prices for these rules and score."""
    d = {
        "cube": ci["cube"],
        "cubeowner": ci["owner"],
        "move": 1,
        "matchto": ci["matchto"],
        "score": tuple(ci["score"]),
        "crawford": ci["crawford"],
        "jacoby": ci["jacoby"],
        "beavers": ci["beavers"],
        "bgv": 0,
    }
    return gnubg.calcgammonprice(d)


def context(ec):
    return {
        "cubeful": ec["cubeful"],
        "plies": ec["plies"],
        "prune": ec["prune"],
        "deterministic": ec["deterministic"],
        "noise": ec["noise"],
    }


def play(r):
    board = gnubg.positionfromid(r["pos"])
    move = gnubg.findbestmove(board, cubeinfo(r["ci"]), context(r["ec"]), tuple(r["dice"]))
    return {"move": [int(x) for x in move]}


def cube(r):
    board = gnubg.positionfromid(r["pos"])
    e = gnubg.cfevaluate(board, cubeinfo(r["ci"]), context(r["ec"]))
    return {"eq": [e[0], e[1], e[2], e[3]], "rec": e[4]}


def evaluate(r):
    board = gnubg.positionfromid(r["pos"])
    ci = cubeinfo(r["ci"])
    e = gnubg.evaluate(board, ci, context(r["ec"]))
    (g0, bg0), (g1, bg1) = ci["gammonprice"]
    return {
        "probs": list(e[:5]),
        "prices": [g0, g1, bg0, bg1],
        "class": gnubg.classifypos(board, 0),
    }


def hint(r):
    ec = r["ec"]
    for c in (
        "set evaluation chequerplay evaluation plies %d" % ec["plies"],
        "set evaluation chequerplay evaluation prune %s" % ("on" if ec["prune"] else "off"),
        "set evaluation chequerplay evaluation cubeful %s" % ("on" if ec["cubeful"] else "off"),
        "set evaluation chequerplay evaluation noise %f" % ec["noise"],
        "set evaluation chequerplay evaluation deterministic %s"
        % ("on" if ec["deterministic"] else "off"),
        "set jacoby %s" % ("on" if r["jacoby"] else "off"),
        "set beavers %d" % (1 if r["beavers"] else 0),
        ("new match %d" % r["matchto"]) if r["matchto"] > 0 else "new session",
        "set matchid " + r["matchid"],
        "set board " + r["pos"],
        "set dice %d %d" % tuple(r["dice"]),
    ):
        gnubg.command(c)
    h = gnubg.hint(r["n"])
    return {"moves": [[m["move"], m["equity"]] for m in h["hint"]]}


def mwc(r):
    board = gnubg.positionfromid(r["pos"])
    ci = cubeinfo(r["ci"])
    e = gnubg.cfevaluate(board, ci, context(r["ec"]))
    return {"eq": list(e[:4]), "mwc": [gnubg.eq2mwc(x, ci) for x in e[:4]]}


def met(r):
    n = r["matchto"]
    other, me = r["score"]
    away_me, away_other = n - me, n - other
    table = gnubg.met(n)
    if r["crawford"] or (away_me > 1 and away_other > 1):
        # Before Crawford (and the Crawford game): row the player's away, column the other's.
        return {"mwc": table[0][away_me - 1][away_other - 1]}
    # After Crawford: the table gives the trailer's chance against a player 1-away.
    if away_me == 1 and away_other == 1:
        return {"mwc": 0.5}
    if away_me == 1:
        return {"mwc": 1.0 - table[1][away_other - 1]}
    return {"mwc": table[1][away_me - 1]}


OPS = {
    "ping": lambda r: {},
    "play": play,
    "cube": cube,
    "eval": evaluate,
    "hint": hint,
    "mwc": mwc,
    "met": met,
}

for line in sys.stdin:
    line = line.strip()
    if not line:
        continue
    try:
        r = json.loads(line)
        answer = OPS[r["op"]](r)
    except Exception as e:  # noqa: BLE001 - every failure is reported to the caller
        answer = {"error": "%s: %s" % (type(e).__name__, e)}
    sys.stdout.write("gammonbot-answer " + json.dumps(answer) + "\n")
    sys.stdout.flush()
