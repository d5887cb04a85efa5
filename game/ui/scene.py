"""The scene base class: a screen of the app with its widgets.

The app calls ``handle(event)`` for each input event, ``update(dt)`` once per frame with the
elapsed seconds, then ``draw(surface)`` — only on frames where the picture may have changed
(input, ``animating()``, the ``redraw_every()`` cadence, a new widget list from ``build()``;
see game/ui/app.py). When the window turns, the app swaps ``app.layout`` and calls
``relayout()``. Scenes hold a reference to the app for settings, layout, audio and switching.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.widgets import Segmented, Widget

if TYPE_CHECKING:
    from game.ui.app import App


class Scene:
    """A screen. Subclasses fill ``self.widgets`` in ``build()`` (called again on relayout)."""

    name = "scene"

    def __init__(self, app: App):
        self.app = app
        self.widgets: list[Widget] = []
        self.build()

    def build(self) -> None:
        """Create the widgets for the current layout. Keep state out of here (in attributes
        set before ``super().__init__``): ``relayout`` calls it again mid-scene."""

    def relayout(self) -> None:
        """The window turned (``app.layout`` is already the new one): lay this scene out again
        at once, keeping its state. Scenes that keep positions of their own (card tables)
        extend this; the rest only need ``build``."""
        self.build()

    def animating(self) -> bool:
        """True while the picture changes with no input (something moving, a countdown or a
        message on screen): the app draws every such frame and one more after."""
        return False

    def wants_frames(self) -> bool:
        """True while the scene needs a step every frame though nothing is drawn (a bot
        thinking in slices): the browser's loop does not rest meanwhile (game/ui/pacing.py)."""
        return False

    def redraw_every(self) -> float | None:
        """Seconds between redraws of something time-based that is not animating (a turn
        clock, a blinking caret), or None: nothing on screen changes with time alone."""
        return None

    def handle(self, event: pygame.event.Event) -> None:
        """Esc goes back (scenes that have a ``back``); otherwise the widgets take the event."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and hasattr(self, "back"):
            self.back()
            return
        for widget in list(self.widgets):
            if widget.handle(event):
                return

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        for widget in self.widgets:
            widget.draw(surface)

    def widget(self, key: str) -> Widget:
        """The widget (or segmented option button) named ``key`` — for tests and screenshots."""
        for w in self.widgets:
            if w.key == key:
                return w
            if isinstance(w, Segmented):
                for b in w._placed():
                    if b.key == key:
                        return b
        raise KeyError(key)
