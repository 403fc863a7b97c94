#!/usr/bin/env python3
"""Check a gammonbot fair-dice export (scheme gammonbot-dice-v1), standard library only.

Usage:  python3 scripts/verify_dice.py fair-12.json

For every throw k it checks that the revealed s_k hashes down its chain to the anchor
committed before the first throw (SHA-256(s_k) == s_{k-1}, ..., == s_0), and that the dice
are the ones HMAC-SHA256(s_k, "gammonbot-dice-v1|" + id + "|" + k + "|" + seed_x + "|" +
seed_o) gives (bytes in order, bytes >= 252 skipped, b % 6 + 1; then the message + "|more"
and so on). It prints one line per throw and a verdict; the exit status is 0 only if every
throw checks out.

Also: python3 scripts/verify_dice.py --dice HEX_S ID K SEED_X SEED_O [COUNT]
prints the dice of one throw (for known-answer tests).
"""

import hashlib
import hmac
import json
import sys

SCHEME = "gammonbot-dice-v1"
N = 4096


def dice_of(s, match_id, k, seed_x, seed_o, count):
    """The dice of throw k whose chain value is the bytes s."""
    message = "|".join([SCHEME, str(match_id), str(k), seed_x, seed_o])
    dice = []
    while len(dice) < count:
        digest = hmac.new(s, message.encode("utf-8"), hashlib.sha256).digest()
        for b in digest:
            if len(dice) == count:
                break
            if b < 252:
                dice.append(b % 6 + 1)
        message += "|more"
    return dice


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


def verify(export, out=print):
    """Checks an export (a dict); answers the number of problems found."""
    problems = 0

    def bad(line):
        nonlocal problems
        problems += 1
        out("BAD  " + line)

    if export.get("scheme") != SCHEME:
        out("BAD  scheme %r: this script checks %s" % (export.get("scheme"), SCHEME))
        return 1
    match_id = export.get("match_id")
    if isinstance(match_id, bool) or not isinstance(match_id, (int, str)):
        out("BAD  match_id %r" % (match_id,))
        return 1
    seed_x, seed_o = export.get("seed_x"), export.get("seed_o")
    # Each chain's anchor by its first throw number.
    anchors = {1: unhex(export.get("anchor"), "anchor")}
    for a in export.get("anchors", []):
        first = a.get("k")
        if not isinstance(first, int) or first < 1 or (first - 1) % N != 0:
            bad("a later chain starts at throw %r, not 4097, 8193, ..." % (first,))
            continue
        anchors[first] = unhex(a.get("anchor"), "anchor of throw %d" % first)
    out("Match %s, seeds X %r, O %r, anchor %s" % (match_id, seed_x, seed_o, export.get("anchor")))
    throws = export.get("throws", [])
    if throws and (not isinstance(seed_x, str) or not isinstance(seed_o, str)):
        bad("throws were made but the seeds are missing")
        return problems
    last_k = 0
    # The chain value seen last in each chain: (place, value); a later throw must hash to it.
    seen = {}
    for t in throws:
        k, dice = t.get("k"), t.get("dice")
        if not isinstance(k, int) or k <= last_k:
            bad("throw %r: throws come in order of k" % (k,))
            continue
        last_k = k
        first = (k - 1) // N * N + 1
        place = k - first + 1
        if first not in anchors:
            bad("throw %d: no anchor for the chain from throw %d" % (k, first))
            continue
        try:
            s = unhex(t.get("s"), "s of throw %d" % k)
        except ValueError as e:
            bad(str(e))
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
            continue
        seen[first] = (place, s)
        if not isinstance(dice, list) or len(dice) not in (1, 2):
            bad("throw %d: dice %r" % (k, dice))
            continue
        expected = dice_of(s, match_id, k, seed_x, seed_o, len(dice))
        if expected != dice:
            bad("throw %d: dice %s, but the HMAC gives %s" % (
                k, "-".join(map(str, dice)), "-".join(map(str, expected))))
            continue
        out("ok   throw %d: %s" % (k, "-".join(map(str, dice))))
    return problems


def main(argv):
    if len(argv) >= 7 and argv[1] == "--dice":
        s = unhex(argv[2], "s")
        count = int(argv[7]) if len(argv) > 7 else 2
        match_id = argv[3]
        print(" ".join(map(str, dice_of(s, match_id, int(argv[4]), argv[5], argv[6], count))))
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
    n = len(export.get("throws", [])) if isinstance(export, dict) else 0
    if problems:
        print("VERDICT: FAILED: %d problem%s in %d throws" % (problems, "" if problems == 1 else "s", n))
        return 1
    print("VERDICT: OK: all %d throws follow from the anchor and the seeds" % n)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
