# Imports a .mat file (GAMMONBOT_IN) into gnubg and writes, as JSON (GAMMONBOT_OUT), what
# gnubg read of it game by game: each game's starting score, its actions in order (who,
# what, the dice of a move), its winner and points, then the Position ID and Match ID
# gnubg ends at (null: no position). gnubg's python names its player 0 (the left column) "X", player 1 "O".
import json
import os
import gnubg

gnubg.command("set display off")
gnubg.command("import mat " + os.environ["GAMMONBOT_IN"])
games = []
for g in gnubg.match()["games"]:
    info = g["info"]
    actions = []
    for a in g["game"]:
        entry = [a["player"], a["action"]]
        if a["action"] == "move":
            entry.append(sorted(a["dice"], reverse=True))
        actions.append(entry)
    games.append({
        "score": [info["score-X"], info["score-O"]],
        "winner": info.get("winner"),
        "points": info.get("points-won"),
        "actions": actions,
    })
try:
    ids = (gnubg.positionid(), gnubg.matchid())
except ValueError:
    # No game in progress: gnubg read nothing to play.
    ids = (None, None)
with open(os.environ["GAMMONBOT_OUT"], "w") as out:
    json.dump({"position_id": ids[0], "match_id": ids[1], "games": games}, out)
