"""Navigation by name: ``app.go("menu")``, ``app.go("lobby", join_code="K7QMX")``.

Scenes never import each other; they name where to go and this table finds the scene class,
importing its module on first use (so no scene module imports another and there is no import
cycle between them). A route's keyword arguments go to the scene's constructor after ``app``.
A game's table scene is not a route: :mod:`game.ui.games` starts or resumes one from the game's
spec.
"""

from __future__ import annotations

import importlib
from typing import Any

ROUTES: dict[str, str] = {
    "menu": "game.ui.scenes.home:HomeScene",  # the home screen (game tiles)
    "setup": "game.ui.scenes.setup:SetupScene",  # a game's setup sheet
    "settings": "game.ui.scenes.settings:SettingsScene",
    "help": "game.ui.scenes.help:HelpScene",
    "stats": "game.ui.scenes.stats:StatsScene",
    "lobby": "game.ui.scenes.lobby:LobbyScene",
    "check_match": "game.ui.scenes.check_match:CheckMatchScene",  # an online match's check
}


def scene_class(route: str) -> type:
    """The scene class of ``route`` (KeyError for a name that is not a route)."""
    try:
        path = ROUTES[route]
    except KeyError:
        raise KeyError(f"No route {route!r}; routes: {', '.join(ROUTES)}.") from None
    module, _, name = path.partition(":")
    scene: type = getattr(importlib.import_module(module), name)
    return scene


# ``app`` and the scenes are the pygame side (game.ui.app, game.ui.scene), which this
# pygame-free module may not import (tests/test_layers.py): ``Any`` stands for them here.
def make(app: Any, route: str, **params: Any) -> Any:
    """A new scene of ``route`` for ``app``."""
    return scene_class(route)(app, **params)


def go(app: Any, route: str, **params: Any) -> Any:
    """Switch ``app`` to a new scene of ``route``; returns the scene."""
    scene = make(app, route, **params)
    app.switch(scene)
    return scene
