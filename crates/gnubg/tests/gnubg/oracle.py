# GNU Backgammon as the oracle of the bot's differential tests, run apart from the bot's
# own script (src/bot.py): the state is set through gnubg's commands from its Match ID
# and Position ID, and judged by its `hint`, at 0 plies, cubeful, without noise (the
# expert level).
#
# Input (GAMMONBOT_IN), one request a line, fields separated by spaces:
#   <kind> <match length, 0 for money> <jacoby 0|1> <beavers 0|1> <match id> <position id>
# kind `play` (the match ID holds the dice): gnubg's best plays from its Python `hint`,
#   printed as one line "gammonbot-oracle\t<request>\t<move>=<equity>|<move>=<equity>...";
# kind `cube` (before the roll): gnubg's text `hint` (its cube analysis) printed between
#   the lines "gammonbot-oracle-begin\t<request>" and "gammonbot-oracle-end".
import os
import sys

import gnubg

SETTINGS = ["set display off", "set player 0 human", "set player 1 human", "set output mwc off"]
for what in ("chequerplay", "cubedecision"):
    SETTINGS += [
        "set evaluation %s evaluation %s" % (what, s)
        for s in ("plies 0", "cubeful on", "prune off", "noise 0", "deterministic on")
    ]
for c in SETTINGS:
    gnubg.command(c)


def say(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


for line in open(os.environ["GAMMONBOT_IN"]):
    line = line.strip()
    if not line:
        continue
    kind, length, jacoby, beavers, mid, pid = line.split()
    gnubg.command("set jacoby " + ("on" if jacoby == "1" else "off"))
    gnubg.command("set beavers " + beavers)
    gnubg.command(("new match " + length) if length != "0" else "new session")
    gnubg.command("set matchid " + mid)
    gnubg.command("set board " + pid)
    if (gnubg.matchid(), gnubg.positionid()) != (mid, pid):
        raise SystemExit("gnubg read %s %s as %s %s" % (mid, pid, gnubg.matchid(), gnubg.positionid()))
    if kind == "play":
        moves = gnubg.hint(3)["hint"]
        say("gammonbot-oracle\t%s\t%s" % (line, "|".join("%s=%r" % (m["move"], m["equity"]) for m in moves)))
    else:
        say("gammonbot-oracle-begin\t" + line)
        gnubg.command("hint")
        say("gammonbot-oracle-end")
