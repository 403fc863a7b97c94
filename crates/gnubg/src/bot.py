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
#                                        rec its cubedecision enum; at a noisy level with
#                                        the noise made fair: see `fair_cube`)
#   eval  pos ci ec                   -> {"probs": [win, win g, win bg, lose g, lose bg],
#                                        "prices": [g0, g1, bg0, bg1], "class": n}
#   hint  matchid pos dice n ec       -> {"moves": [[text, equity], ...]} (gnubg's hint,
#         matchto jacoby beavers         best first)
#   mwc   pos ci ec                   -> {"eq": [as cube], "mwc": [the same as match-winning
#                                        chances]} (gnubg's eq2mwc)
#   met   matchto score crawford      -> {"mwc": n} (gnubg's match equity table: the
#                                        chance of player 1 before a game at this score)
import hashlib
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


# gnubg's cube decisions (its `cubedecision` enum in eval.h), those `decide` returns.
(
    DOUBLE_TAKE,
    DOUBLE_PASS,
    NODOUBLE_TAKE,
    TOOGOOD_TAKE,
    TOOGOOD_PASS,
    DOUBLE_BEAVER,
    NODOUBLE_BEAVER,
    REDOUBLE_TAKE,
    REDOUBLE_PASS,
    NO_REDOUBLE_TAKE,
    TOOGOODRE_TAKE,
    TOOGOODRE_PASS,
    NO_REDOUBLE_BEAVER,
    NODOUBLE_DEADCUBE,
    NO_REDOUBLE_DEADCUBE,
    NOT_AVAILABLE,
    OPTIONAL_DOUBLE_TAKE,
    OPTIONAL_REDOUBLE_TAKE,
    OPTIONAL_DOUBLE_BEAVER,
    OPTIONAL_DOUBLE_PASS,
    OPTIONAL_REDOUBLE_PASS,
) = range(21)

# The noise of a probe of gnubg's noise (it moves the win chance by this many deviates).
PROBE = 0.001


def meant_deviate(board):
    """The normal deviate gnubg's deterministic noise means for the win chance of `board`
    (eval.c, `Noise`, output 0): the 16 bytes of the MD5 hash of the board's 50 bytes, read
    unsigned, summed, less their mean 2040, over their standard deviation 295.6."""
    raw = bytearray(50)
    for i in range(25):
        raw[2 * i] = board[0][i]
        raw[2 * i + 1] = board[1][i]
    return (sum(hashlib.md5(bytes(raw)).digest()) - 2040.0) / 295.6


def decide(eq, ci, gammons):
    """gnubg's `FindBestCubeDecision` (eval.c) on the equities [no double, take, drop]
    (normalised, the doubler's view) for a cube the doubler has access to: the optimal
    equity and the decision. `gammons`: the doubler can still win a gammon."""
    nd, dt, dp = eq
    centred = ci["cubeowner"] == -1
    money = not ci["matchto"]

    def optional(a, b):
        return abs(a - b) <= 1.0e-5

    if dt >= nd and dp >= nd:
        if dp > dt:
            f = optional(dt, nd)
            if money and -2.0 <= dt <= 0.0 and ci["beavers"]:
                if dt * 2.0 < nd:
                    return dt, NODOUBLE_BEAVER
                return dt, OPTIONAL_DOUBLE_BEAVER if f else DOUBLE_BEAVER
            if f:
                return dt, OPTIONAL_DOUBLE_TAKE if centred else OPTIONAL_REDOUBLE_TAKE
            return dt, DOUBLE_TAKE if centred else REDOUBLE_TAKE
        if optional(nd, dp) and gammons and (not money or not centred or not ci["jacoby"]):
            return dp, OPTIONAL_DOUBLE_PASS if centred else OPTIONAL_REDOUBLE_PASS
        return dp, DOUBLE_PASS if centred else REDOUBLE_PASS
    too_good_pass = TOOGOOD_PASS if centred else TOOGOODRE_PASS
    double_pass = DOUBLE_PASS if centred else REDOUBLE_PASS
    no_double = NODOUBLE_TAKE if centred else NO_REDOUBLE_TAKE
    if nd > dt:
        if dt > dp:
            return nd, too_good_pass if gammons else double_pass
        if nd > dp:
            return nd, (TOOGOOD_TAKE if centred else TOOGOODRE_TAKE) if gammons else no_double
        if money and -2.0 <= dt <= 0.0 and ci["beavers"]:
            return nd, NODOUBLE_BEAVER if centred else NO_REDOUBLE_BEAVER
        return nd, no_double
    return nd, too_good_pass if gammons else double_pass


def fair_cube(board, ci, ec):
    """The cube decision at a noisy level (0 plies, deterministic noise), the noise fair.

    gnubg sums its hash bytes as `char`, signed on x86: the sum's mean is then -8, not
    2040, and every noisy evaluation lowers the win chance of the side on roll by about 6.9
    standard deviations of the level's noise (0.42 at beginner; its gammon chances by a
    quarter of that). A checker play hardly feels it (every candidate is lowered alike);
    a cube decision does, judged from the doubler's side against fixed points: the noisy
    levels (gnubg's own player at those levels too, which also judges both its double and
    its answer from the doubler's side) hardly ever doubled and beavered clear passes.

    Here the doubler's win chance moves by the deviate gnubg means (`meant_deviate`) times
    the level's noise, both ways alike. gnubg's noise can only move it one way (its noise
    must be positive; the deviate it draws for this board, measured with a probe, has one
    sign): a move that way is gnubg's own evaluation at the noise that gives it (the gammon
    chances move with it, at gnubg's quarter), a move the other way is its mirror image
    about the noiseless equities. The decision is then gnubg's rule on those equities."""
    quiet = dict(ec, noise=0.0)
    e0 = gnubg.cfevaluate(board, ci, context(quiet))
    if e0[4] in (NODOUBLE_DEADCUBE, NO_REDOUBLE_DEADCUBE, NOT_AVAILABLE):
        return e0
    cubeless = dict(quiet, cubeful=0)
    p0 = gnubg.evaluate(board, ci, context(cubeless))
    drawn = gnubg.evaluate(board, ci, context(dict(cubeless, noise=PROBE)))[0] - p0[0]
    drawn /= PROBE
    wanted = ec["noise"] * meant_deviate(board)
    if abs(drawn) < 0.01 or wanted == 0.0:
        return e0
    moved = gnubg.cfevaluate(board, ci, context(dict(quiet, noise=abs(wanted / drawn))))
    if (wanted > 0) == (drawn > 0):
        eq = [moved[i] for i in (1, 2, 3)]
    else:
        eq = [2.0 * e0[i] - moved[i] for i in (1, 2, 3)]
    optimal, rec = decide(eq, ci, p0[1] > 0.0)
    return [optimal] + eq + [rec]


def play(r):
    board = gnubg.positionfromid(r["pos"])
    move = gnubg.findbestmove(board, cubeinfo(r["ci"]), context(r["ec"]), tuple(r["dice"]))
    return {"move": [int(x) for x in move]}


def cube(r):
    board = gnubg.positionfromid(r["pos"])
    ci = cubeinfo(r["ci"])
    ec = r["ec"]
    if ec["noise"] and ec["deterministic"] and not ec["plies"]:
        e = fair_cube(board, ci, ec)
    else:
        e = gnubg.cfevaluate(board, ci, context(ec))
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
