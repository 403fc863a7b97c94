#!/usr/bin/env python3
"""Check a gammonbot fair-dice export (schemes gammonbot-dice-v2 and -v1), standard library
only. docs/fair-dice.md states the scheme.

Usage:  python3 scripts/verify_dice.py fair-12.json

It checks that
- the throws are numbered k = 1, 2, 3, ... with none missing, repeated or out of order,
  and as many as the export's "count" says;
- every revealed s_k hashes down its chain to the anchor committed before the first throw
  (SHA-256(s_k) == s_{k-1}, ..., == s_0), and each throw's dice are the ones
  HMAC-SHA256(s_k, message) gives (bytes in order, bytes >= 252 skipped, b % 6 + 1; then
  the message + "|more" and so on). v2's message: "gammonbot-dice-v2", then for each of
  id, k, seed_x, seed_o "|" + its length in UTF-8 bytes + ":" + the field; v1's: the
  fields joined by "|";
- (v2, and v1 exports that carry it) every throw of the game as played ("played", from
  the game's log) is exactly one proven throw, in order: a throw played but not proven, or
  proven but not played, or with other dice, fails. Throws set by nomination (Welsh rule
  21) are marked "nominated" and throw no dice; only a Welsh match has them: the export's
  "ruleset" ("standard" or "welsh"; an export without one is checked as standard) must be
  "welsh" for a nominated throw to pass. One bad throw is one problem: the checker
  re-synchronises the game's throws with the proven ones (the next 4 pairs agreeing)
  rather than count every later throw as wrong;
- (a v2 chouette) the line was drawn from s_1 and every member's seed, and seed_x and
  seed_o are the seeds of the box and the captain it gave.
It prints one line per throw and a verdict; the exit status is 0 only if all is well.

Also: python3 scripts/verify_dice.py --dice HEX_S ID K SEED_X SEED_O [COUNT [SCHEME]]
prints the dice of one throw (for known-answer tests; SCHEME v1 or v2, default v1), and
--line HEX_S ID SEED... prints a chouette's line as member indices.
"""

import hashlib
import hmac
import json
import sys

V1 = "gammonbot-dice-v1"
V2 = "gammonbot-dice-v2"
N = 4096
RULESETS = ("standard", "welsh")
# Re-synchronising the game's throws with the proven ones after a mismatch: the nearest
# place, at most RESYNC throws on in either list, from which the next AGREE pairs agree.
RESYNC = 16
AGREE = 4


def field(text):
    """A v2 field: "|" + its length in UTF-8 bytes + ":" + the field."""
    return "|%d:%s" % (len(text.encode("utf-8")), text)


def message(scheme, match_id, k, seed_x, seed_o):
    """The HMAC message of throw k."""
    if scheme == V1:
        return "|".join([V1, str(match_id), str(k), seed_x, seed_o])
    return V2 + "".join(field(f) for f in [str(match_id), str(k), seed_x, seed_o])


def stream(s, msg):
    """The HMAC bytes of msg, then of msg + "|more", and so on."""
    while True:
        for b in hmac.new(s, msg.encode("utf-8"), hashlib.sha256).digest():
            yield b
        msg += "|more"


def dice_of(s, match_id, k, seed_x, seed_o, count, scheme=V1):
    """The dice of throw k whose chain value is the bytes s."""
    dice = []
    for b in stream(s, message(scheme, match_id, k, seed_x, seed_o)):
        if len(dice) == count:
            break
        if b < 252:
            dice.append(b % 6 + 1)
    return dice


def line_order(s, match_id, seeds):
    """A chouette's line (v2): member indices, box first, from s_1 and the seeds in the
    order the members joined. Fisher-Yates: for i = n-1 down to 1, the next byte b below
    256 - 256 % (i + 1) gives j = b % (i + 1); places i and j are swapped."""
    msg = V2 + field("line") + field(str(match_id)) + field(str(len(seeds)))
    msg += "".join(field(x) for x in seeds)
    line = list(range(len(seeds)))
    bytes_ = stream(s, msg)
    for i in range(len(line) - 1, 0, -1):
        m = i + 1
        bound = 256 - 256 % m
        b = next(bytes_)
        while b >= bound:
            b = next(bytes_)
        j = b % m
        line[i], line[j] = line[j], line[i]
    return line


def sha256(b):
    return hashlib.sha256(b).digest()


def unhex(text, what):
    try:
        b = bytes.fromhex(text)
    except (TypeError, ValueError):
        raise ValueError("%s is not hexadecimal" % what)
    if len(b) != 32:
        raise ValueError("%s is not 32 bytes" % what)
    return b


def said(dice, what=None):
    """Dice as the game says them: the higher first; an opening throw X's die, then O's."""
    if what == "opening" and len(dice) == 2:
        return "%d and %d" % (dice[0], dice[1])
    if len(dice) == 2:
        return "%d-%d" % (max(dice), min(dice))
    return "-".join(map(str, dice))


def verify(export, out=print):
    """Checks an export (a dict); answers the number of problems found."""
    problems = 0

    def bad(line):
        nonlocal problems
        problems += 1
        out("BAD  " + line)

    scheme = export.get("scheme")
    if scheme not in (V1, V2):
        out("BAD  scheme %r: this script checks %s and %s" % (scheme, V2, V1))
        return 1
    match_id = export.get("match_id")
    if isinstance(match_id, bool) or not isinstance(match_id, (int, str)):
        out("BAD  match_id %r" % (match_id,))
        return 1
    seed_x, seed_o = export.get("seed_x"), export.get("seed_o")
    ruleset = export.get("ruleset")
    if ruleset is None:
        out("NOTE the export names no ruleset: checked as standard (no nominated throws)")
        ruleset = "standard"
    elif ruleset not in RULESETS:
        bad("ruleset %s: standard or welsh (checked as standard)" % json.dumps(ruleset))
        ruleset = "standard"
    # Each chain's anchor by its first throw number.
    anchors = {1: unhex(export.get("anchor"), "anchor")}
    for a in export.get("anchors", []):
        first = a.get("k")
        if not isinstance(first, int) or first < 1 or (first - 1) % N != 0:
            bad("a later chain starts at throw %r, not 4097, 8193, ..." % (first,))
            continue
        anchors[first] = unhex(a.get("anchor"), "anchor of throw %d" % first)
    out("%s: match %s, ruleset %s, seeds X %r, O %r, anchor %s" % (
        scheme, match_id, ruleset, seed_x, seed_o, export.get("anchor")))
    throws = export.get("throws", [])
    if not isinstance(throws, list):
        bad("throws is not a list")
        return problems
    if throws and (not isinstance(seed_x, str) or not isinstance(seed_o, str)):
        bad("throws were made but the seeds are missing")
        return problems
    count = export.get("count")
    if count is not None and count != len(throws):
        bad("the export says %r throws but lists %d" % (count, len(throws)))
    played = export.get("played")
    if played is None and scheme == V2:
        bad("no game record (\"played\"): the throws cannot be tied to the game")
    # Every throw's place, in order of k, for the game's throws to be tied to: (k, dice,
    # proven). A throw missing from the numbering or failing its proof keeps its place
    # (not proven, already counted as a problem), so the throws after it still tie.
    slots = []
    expected_k = 1
    # The chain value seen last in each chain: (place, value); a later throw must hash to it.
    seen = {}
    first_s = None
    for t in throws:
        k, dice = t.get("k"), t.get("dice")
        if not isinstance(k, int) or isinstance(k, bool):
            bad("throw %r: k is not a number" % (k,))
            continue
        if k != expected_k:
            if k < expected_k:
                bad("throw %d again (or out of order) where throw %d was due" % (k, expected_k))
                continue
            bad("throw %d comes where throw %d was due: throw%s %s missing" % (
                k, expected_k, "" if k - expected_k == 1 else "s",
                expected_k if k - expected_k == 1 else "%d to %d" % (expected_k, k - 1)))
            slots.extend((m, None, False) for m in range(expected_k, k))
        expected_k = k + 1
        first = (k - 1) // N * N + 1
        place = k - first + 1
        if first not in anchors:
            bad("throw %d: no anchor for the chain from throw %d" % (k, first))
            slots.append((k, dice, False))
            continue
        try:
            s = unhex(t.get("s"), "s of throw %d" % k)
        except ValueError as e:
            bad(str(e))
            slots.append((k, dice, False))
            continue
        # Hash down to the nearest value already checked (or the anchor).
        known_place, known = seen.get(first, (0, anchors[first]))
        v = s
        for _ in range(place - known_place):
            v = sha256(v)
        if v != known:
            bad("throw %d: SHA-256 applied %d times to s does not give the %s" % (
                k, place - known_place,
                "anchor" if known_place == 0 else "s of throw %d" % (first + known_place - 1)))
            slots.append((k, dice, False))
            continue
        seen[first] = (place, s)
        if k == 1:
            first_s = s
        if not isinstance(dice, list) or len(dice) not in (1, 2):
            bad("throw %d: dice %r" % (k, dice))
            slots.append((k, dice, False))
            continue
        expected = dice_of(s, match_id, k, seed_x, seed_o, len(dice), scheme)
        if expected != dice:
            bad("throw %d: dice %s, but the HMAC gives %s" % (
                k, "-".join(map(str, dice)), "-".join(map(str, expected))))
            slots.append((k, dice, False))
            continue
        slots.append((k, dice, True))
    if played is not None:
        problems += tie(played, slots, ruleset, out)
    else:
        for k, dice, proven in slots:
            if proven:
                out("ok   throw %d: %s" % (k, said(dice)))
        if throws:
            out("NOTE this export carries no game record: compare the dice with the game yourself")
    line = export.get("line")
    if isinstance(match_id, str) and scheme == V2 and throws and line is None:
        bad("a chouette's export without its line draw")
    if line is not None:
        problems += check_line(line, first_s, match_id, seed_x, seed_o, out)
    return problems


def claims_nomination(p):
    """A game throw said to be set by nomination: marked so (any "nominated" but absent,
    null or false), or its "what" saying so."""
    mark = p.get("nominated")
    return (mark is not None and mark is not False) or p.get("what") == "nominated"


def tie(played, slots, ruleset, out):
    """Ties the game's throws as played to the throws' places (slots: (k, dice, proven)),
    one to one, in order. After a mismatch it re-synchronises: the nearest pair of places
    (i + a, j + b), a and b at most RESYNC, from which AGREE pairs agree (or both lists
    end) wins, the fewest skipped first (a == b before a != b); the a game throws and b
    throws skipped are each one problem (paired while both last: other dice), unless the
    throw is one not proven (counted already). No such place: the pair is one problem."""
    problems = 0
    if not isinstance(played, list):
        out("BAD  played is not a list")
        return 1
    welsh = ruleset == "welsh"
    # The game's throws to tie (n, entry); nominated ones (Welsh) are listed, not tied.
    game = []
    for n, p in enumerate(played, 1):
        if not isinstance(p, dict):
            out("BAD  game throw %d: %r is not a throw" % (n, p))
            problems += 1
        elif (welsh and p.get("nominated") is True) or (not welsh and claims_nomination(p)):
            game.append((n, p, True))
        else:
            game.append((n, p, False))
    nominations = [(n, p) for n, p, nom in game if nom]
    game = [(n, p) for n, p, nom in game if not nom]

    def desc(p):
        dice, what = p.get("dice"), p.get("what")
        return "%s (%s, %s%s)" % (
            said(dice if isinstance(dice, list) else [], what), p.get("by"), what,
            ", played %s" % p["play"] if p.get("play") else "")

    def agrees(i, j):
        return slots[j][2] and slots[j][1] == game[i][1].get("dice")

    def fits(i, j):
        for t in range(AGREE):
            if i + t >= len(game) or j + t >= len(slots):
                return i + t >= len(game) and j + t >= len(slots)
            if not agrees(i + t, j + t):
                return False
        return True

    def resync(i, j):
        for d in range(1, RESYNC + 1):
            for e in range(d + 1):
                for a, b in ((d, d - e), (d - e, d)) if e else ((d, d),):
                    if i + a <= len(game) and j + b <= len(slots) and fits(i + a, j + b):
                        return a, b
        return min(1, len(game) - i), min(1, len(slots) - j)

    def nominated_before(n):
        nonlocal problems
        while nominations and (n is None or nominations[0][0] < n):
            m, p = nominations.pop(0)
            if welsh:
                out("     game throw %d: nominated %s: no dice thrown, no throw proves it" % (
                    m, desc(p)))
            else:
                out("BAD  game throw %d: nominated %s: a nominated throw is Welsh only "
                    "(rule 21), and this is a %s match" % (m, desc(p), ruleset))
                problems += 1

    def game_throw(i, j):
        """Game throw i tied to place j (other dice, or not proven), or to none."""
        nonlocal problems
        n, p = game[i]
        nominated_before(n)
        if j is None:
            out("BAD  game throw %d: %s was played but is not among the proven throws" % (
                n, desc(p)))
            problems += 1
            return
        k, dice, proven = slots[j]
        if not proven:
            out("     game throw %d: %s goes with throw %d, not proven (above)" % (n, desc(p), k))
        elif dice == p.get("dice"):
            out("ok   throw %d: %s" % (k, desc(p)))
        else:
            out("BAD  game throw %d: %s was played, but throw %d is %s" % (
                n, desc(p), k, said(dice, p.get("what"))))
            problems += 1

    def unplayed(j):
        nonlocal problems
        k, dice, proven = slots[j]
        if proven:
            out("BAD  throw %d: %s was proven but not played in the game" % (k, said(dice)))
            problems += 1
        else:
            out("     throw %d: not proven (above), and no game throw is tied to it" % k)

    i = j = 0
    while i < len(game) or j < len(slots):
        if i >= len(game):
            unplayed(j)
            j += 1
        elif j >= len(slots):
            game_throw(i, None)
            i += 1
        elif agrees(i, j):
            game_throw(i, j)
            i, j = i + 1, j + 1
        else:
            a, b = resync(i, j)
            for t in range(max(a, b)):
                if t < a and t < b:
                    game_throw(i + t, j + t)
                elif t < a:
                    game_throw(i + t, None)
                else:
                    unplayed(j + t)
            i, j = i + a, j + b
    nominated_before(None)
    return problems


def check_line(line, first_s, match_id, seed_x, seed_o, out):
    """A chouette's line: drawn from s_1 and the members' seeds (or kept as joined), and
    the box's and captain's seeds are the ones the throws use."""
    problems = 0
    members = line.get("members", [])
    names = [m.get("name") for m in members]
    seeds = [m.get("seed") for m in members]
    order = line.get("line", [])
    if not all(isinstance(x, str) for x in seeds):
        out("BAD  the line's members lack seeds")
        return 1
    if line.get("shuffled"):
        if first_s is None:
            out("BAD  the line was drawn from s_1, but throw 1 is not proven")
            return 1
        drawn = [names[i] for i in line_order(first_s, match_id, seeds)]
        how = "drawn from s_1 and the %d members' seeds" % len(seeds)
    else:
        drawn = names
        how = "as the members joined"
    if drawn != order:
        out("BAD  the line is %s, but %s gives %s" % (", ".join(order), how, ", ".join(drawn)))
        return 1
    out("ok   the line %s: %s (box %s, captain %s)" % (
        how, ", ".join(order), order[0] if order else "?", order[1] if len(order) > 1 else "?"))
    by_name = dict(zip(names, seeds))
    if len(order) >= 2:
        if by_name.get(order[0]) != seed_x:
            out("BAD  seed_x %r is not the box's seed %r" % (seed_x, by_name.get(order[0])))
            problems += 1
        if by_name.get(order[1]) != seed_o:
            out("BAD  seed_o %r is not the captain's seed %r" % (seed_o, by_name.get(order[1])))
            problems += 1
    return problems


def main(argv):
    if len(argv) >= 7 and argv[1] == "--dice":
        s = unhex(argv[2], "s")
        count = int(argv[7]) if len(argv) > 7 else 2
        scheme = V2 if len(argv) > 8 and argv[8] == "v2" else V1
        match_id = argv[3]
        print(" ".join(map(str, dice_of(s, match_id, int(argv[4]), argv[5], argv[6], count, scheme))))
        return 0
    if len(argv) >= 4 and argv[1] == "--line":
        s = unhex(argv[2], "s")
        print(" ".join(map(str, line_order(s, argv[3], argv[4:]))))
        return 0
    if len(argv) != 2:
        print(__doc__.strip())
        return 2
    path = argv[1]
    try:
        with open(path, encoding="utf-8") as f:
            export = json.load(f)
    except (OSError, ValueError) as e:
        print("cannot read %s: %s" % (path, e))
        return 2
    try:
        problems = verify(export)
    except (ValueError, AttributeError, TypeError) as e:
        print("BAD  %s" % e)
        problems = 1
    throws = export.get("throws", []) if isinstance(export, dict) else []
    n = len(throws) if isinstance(throws, list) else 0
    if problems:
        print("VERDICT: FAILED: %d problem%s in %d throws" % (problems, "" if problems == 1 else "s", n))
        return 1
    played = export.get("played")
    if played is None:
        tied = "; not tied to the game (the export has no game record)"
    else:
        nominated = sum(1 for p in played if isinstance(p, dict) and p.get("nominated") is True)
        tied = "; the game's %d throws as played are these %d, one to one, in order%s" % (
            len(played) - nominated, n,
            " (and %d nominated throw%s, no dice)" % (nominated, "" if nominated == 1 else "s")
            if nominated else "")
    span = "throws 1 to %d, none missing," % n if n else "no throws"
    print("VERDICT: OK: %s all %d follow from the anchor and the seeds%s" % (span, n, tied))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
