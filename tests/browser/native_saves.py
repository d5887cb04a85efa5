"""Saved matches made natively by the game's own code, for the browser to resume (a page's
localStorage holds them before its first load; the player taps Continue):

    python tests/browser/native_saves.py ronda_pair    # prints {"seed": N, "match": "..."}

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
    from game.games.ronda.rules import combination
    from game.ui import games, storage
    from game.ui.app import App, Options

    app = App(Options())
    for seed in range(1, 200):
        scene = games.new_match(app, "ronda", seed=seed)
        if combination(list(scene.session.match.view(0)["hand"]), "ronda") is not None:
            return {"seed": seed, "match": storage.read("match")}
    raise SystemExit("no seed deals seat 0 a pair")


if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["MAJLIS_HOME"] = tempfile.mkdtemp(prefix="majlis-native-save-")
    sys.path.insert(0, str(ROOT))
    print(json.dumps({"ronda_pair": ronda_pair}[sys.argv[1]]()))
