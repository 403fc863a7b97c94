# Imports a .mat file (GAMMONBOT_IN) into gnubg and writes what gnubg ends with
# (GAMMONBOT_OUT): "position-id match-id games score-O score-X".
import os
import gnubg

gnubg.command("set display off")
gnubg.command("import mat " + os.environ["GAMMONBOT_IN"])
m = gnubg.match()
games = m["games"]
last = games[-1]["info"]
score = {"X": last["score-X"], "O": last["score-O"]}
if last.get("winner") in ("X", "O"):
    score[last["winner"]] += last["points-won"]
with open(os.environ["GAMMONBOT_OUT"], "w") as out:
    # gnubg's python names its player 0 "X" and player 1 "O"
    out.write("%s %s %d %d %d\n" % (gnubg.positionid(), gnubg.matchid(), len(games), score["X"], score["O"]))
