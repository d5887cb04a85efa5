"""Every table's first frame drawn once ahead, off the screen, on quiet frames of the screens
before it (the warm-up's last steps, game/ui/warmup.py), so that the frame a new table first
shows makes none of the pictures a table makes only once, and neither does its first turn.

Why: in the browser at a mid-range phone's speed (CPU throttling 4) the first drawn frame of a
new Hareeja table took about 100 ms under the profiler, half of it making words (the seat
names, the top bar, the buttons' labels), plate bodies and button faces that every later
frame finds in the caches. A rehearsal builds the table a new match with the menu's settings
would build (never saved: the player's saved match is not touched), draws it without letting
it play (no update: no bot moves, no sound) into a scratch surface of the screen's format, and
lets it go. Each table is rehearsed at the layout shown and then at the other orientation's
(the app's layout swapped for the length of one step and put back: nothing is drawn on the
screen meanwhile), so a phone turned at a table finds the other shape's words at their sizes,
plates, button faces and felt panels made (the first turn of a new Hand rummy table made its
felt's panels, 19 card faces and 15 fitted words in the drawn step: 0.8 s in the browser at
CPU throttling 4, under the profiler). The game the menu would start is rehearsed first and
its still layers are kept for its first real table (game/ui/rehearsed_layers.py), whose first
frame then repaints only what differs. The table's buttons are drawn ahead in both their
first looks, enabled and not, shown or not (Hand rummy's seven staging buttons first appear
with your first turn: 37 ms at CPU throttling 4, the most of it those faces made). The
table's pause menu is drawn over it too (its words, buttons and panel: the first pause menu
of a Hand rummy table took 150 ms in the browser at CPU throttling 4 when no quiet frame had
come to make it ahead). Each rehearsal
is three steps: build, draw, the pause menu. Only while no table is shown (the home screen,
a setup sheet, the lobby): once one is, the rest is not rehearsed.
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Iterator
from typing import Any, Protocol

import pygame

from game.ui import rehearsed_layers
from game.ui.layout import Layout, make_layout
from game.ui.widgets import Button


class App(Protocol):
    """What a rehearsal reads of the app (game.ui.app.App, whose warm-up runs it): the menu's
    settings a new match is built with, the screen whose format the scratch surface has, and
    the layout (swapped for the other orientation's within a step)."""

    settings: dict[str, Any]
    screen: pygame.Surface
    layout: Layout

    def shown(self) -> Any: ...


@contextlib.contextmanager
def laid_out(app: App, layout: Layout) -> Iterator[None]:
    """``app.layout`` is ``layout`` while it lasts (what a table builds and draws from)."""
    kept, app.layout = app.layout, layout
    try:
        yield
    finally:
        app.layout = kept


# The pause menu is reached by its module's name, as game.ui.routes reaches the scenes: the
# pause scene names game.ui.app.App for its types, and App runs this module's steps, so an
# import here would close a cycle for the type checker (tests/test_import_cycles.py).
PAUSE_MENU = "game.ui.scenes.pause:PauseMenu"


def pause_menu(table: Any) -> Any:
    """The pause menu over ``table`` (drawn once ahead: its words, buttons and panel)."""
    module, _, name = PAUSE_MENU.partition(":")
    return getattr(importlib.import_module(module), name)(table)


def steps(app: App) -> Iterator[None]:
    """Rehearse each game's table in turn, at the layout shown and at the other orientation's,
    one short step a ``next``."""
    from game.ui import games

    shown = app.layout
    chosen = app.settings.get("game", games.DEFAULT_GAME)  # (first: a quick tap on Play)
    for info in sorted(games.available(), key=lambda info: info.key != chosen):
        for layout in (shown, make_layout(not shown.portrait)):
            if getattr(app.shown(), "session", None) is not None:
                return  # a table is shown already: its quiet frames are the player's
            if app.layout.size != shown.size:
                return  # (the window turned meanwhile: what is left would be the wrong one)
            scene = None
            with laid_out(app, layout), contextlib.suppress(Exception):
                scene = games.rehearsal(app, info.key)
            yield
            if scene is None:
                continue
            screen = app.screen
            with (
                laid_out(app, layout),
                rehearsed_layers.rehearsing(),
                contextlib.suppress(Exception),
            ):
                scratch = pygame.Surface(layout.size, 0, screen)
                scene.draw(scratch)
                for widget in scene.widgets:  # (those first shown later in the round too)
                    if isinstance(widget, Button):
                        widget.warm(scratch)
                if info.key == chosen:
                    rehearsed_layers.keep(info.key, scene.frame.still.layer)
            yield
            with laid_out(app, layout), contextlib.suppress(Exception):
                pause_menu(scene).draw_panel(scratch)
            yield
