"""Saved matches made natively by the game's own code, for the browser to resume (a page's
localStorage holds them before its first load; the player taps Continue):

    python tests/browser/native_saves.py ronda_pair    # prints {"seed": N, "match": "..."}

``rummy_opening``: the first seed that deals seat 0 an opening (51 points in melds).
``ronda_pair``: the first seed from 1 whose first batch gives seat 0 a pair (a ronda to
declare, RO-16), so a test of the declaration never waits on luck. Run in a subprocess: the
native App (SDL's dummy driver) stays out of the pytest process."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def ronda_pair() -> dict:
    from game.client import storage
    from game.games.ronda.rules import combination
    from game.ui import games
    from game.ui.app import App, Options

    app = App(Options())
    for seed in range(1, 200):
        scene = games.new_match(app, "ronda", seed=seed)
        if combination(list(scene.session.match.view(0)["hand"]), "ronda") is not None:
            return {"seed": seed, "match": storage.read(storage.match_name("ronda"))}
    raise SystemExit("no seed deals seat 0 a pair")


def rummy_opening() -> dict:
    """The first seed from 1 where the dealt hand of seat 0 alone holds melds
    worth an opening (HR: 51 points in one go), so the test can draw, stage and apply."""
    from game.client import storage
    from game.games.hand_rummy import melds
    from game.ui import games
    from game.ui.app import App, Options

    app = App(Options())
    for seed in range(1, 400):
        scene = games.new_match(app, "hand_rummy", seed=seed)
        hand = list(scene.session.match.view(0)["hand"])
        found = melds.find_melds(hand)
        points = melds.groups_points(found)
        if points >= melds.OPENING_MIN:
            return {"seed": seed, "match": storage.read(storage.match_name("hand_rummy"))}
    raise SystemExit("no seed deals seat 0 an opening")


def hareeja_start() -> dict:
    """A Hareeja match from seed 1, before any bid."""
    from game.client import storage
    from game.ui import games
    from game.ui.app import App, Options

    app = App(Options())
    games.new_match(app, "hareeja", seed=1)
    return {"seed": 1, "match": storage.read(storage.match_name("hareeja"))}


if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["MAJLIS_HOME"] = tempfile.mkdtemp(prefix="majlis-native-save-")
    sys.path.insert(0, str(ROOT))
    print(
        json.dumps(
            {
                "ronda_pair": ronda_pair,
                "rummy_opening": rummy_opening,
                "hareeja_start": hareeja_start,
            }[sys.argv[1]]()
        )
    )
