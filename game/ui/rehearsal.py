"""Every table's first frame drawn once ahead, off the screen, on quiet frames of the screens
before it (the warm-up's last steps, game/ui/warmup.py), so that the frame a new table first
shows makes none of the pictures a table makes only once.

Why: in the browser at a mid-range phone's speed (CPU throttling 4) the first drawn frame of a
new Hareeja table took about 100 ms under the profiler, half of it making words (the seat
names, the top bar, the buttons' labels), plate bodies and button faces that every later
frame finds in the caches. A rehearsal builds the table a new match with the menu's settings
would build (never saved: the player's saved match is not touched), draws it without letting
it play (no update: no bot moves, no sound) into a scratch surface of the screen's format, and
lets it go. Each table is two steps: build, then draw. Only while no table is shown (the
home screen, a setup sheet, the lobby): once one is, the rest is not rehearsed.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any, Protocol

import pygame


class App(Protocol):
    """What a rehearsal reads of the app (game.ui.app.App, whose warm-up runs it): the menu's
    settings a new match is built with, and the screen whose format the scratch surface has."""

    settings: dict[str, Any]
    screen: pygame.Surface

    def shown(self) -> Any: ...


def steps(app: App) -> Iterator[None]:
    """Rehearse each game's table in turn, one short step a ``next``."""
    from game.ui import games

    for info in games.available():
        if getattr(app.shown(), "session", None) is not None:
            return  # a table is shown already: its quiet frames are the player's
        scene = None
        with contextlib.suppress(Exception):
            scene = games.rehearsal(app, info.key)
        yield
        if scene is None:
            continue
        screen = app.screen
        with contextlib.suppress(Exception):
            scene.draw(pygame.Surface(screen.get_size(), 0, screen))
        yield
