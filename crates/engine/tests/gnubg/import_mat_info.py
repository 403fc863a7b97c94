# Imports a .mat file (GAMMONBOT_IN) into gnubg and writes, one to a line, what gnubg
# read of its header and end (GAMMONBOT_OUT): each key=value of the match information,
# the players' names, and the last game's winner and whether the match is over.
import os
import gnubg

gnubg.command("set display off")
gnubg.command("import mat " + os.environ["GAMMONBOT_IN"])
m = gnubg.match()
info = m["match-info"]
with open(os.environ["GAMMONBOT_OUT"], "w") as out:
    for k in sorted(info):
        v = info[k]
        if isinstance(v, dict):
            for k2 in sorted(v):
                out.write("%s.%s=%s\n" % (k, k2, v[k2]))
        else:
            out.write("%s=%s\n" % (k, v))
