# Lists gnubg's legal plays for positions, for the differential test.
# Input (GAMMONBOT_IN): lines "<position-id> <d1> <d2>".
# Output (GAMMONBOT_OUT): lines "<position-id> <d1> <d2>\t<count>\t<move text>|<move text>..."
import os
import gnubg

gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("set display off")
gnubg.command("set evaluation chequerplay evaluation plies 0")
gnubg.command("new game")
gnubg.command("set turn 1")

out = open(os.environ["GAMMONBOT_OUT"], "w")
for line in open(os.environ["GAMMONBOT_IN"]):
    line = line.strip()
    if not line:
        continue
    pid, d1, d2 = line.split()
    gnubg.command("set board " + pid)
    gnubg.command("set dice %s %s" % (d1, d2))
    if gnubg.positionid() != pid:
        raise SystemExit("gnubg read %s as %s" % (pid, gnubg.positionid()))
    try:
        moves = [h["move"] for h in gnubg.hint(10000)["hint"]]
    except Exception:
        moves = []
    out.write("%s\t%d\t%s\n" % (line, len(moves), "|".join(moves)))
out.close()
