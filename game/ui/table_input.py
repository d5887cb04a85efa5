"""Input every card table shares, one way in: :class:`TableInputFlow` (``scene.input_flow``)
gives an event to the widgets first, then Esc (the scene's ``on_escape``), then a key to the
scene's ``keys`` and a tap or drag to the game's own input part, ``scene.taps``
(:class:`GameTaps`: each game's ``scene_input.py``); while a score or match-over panel is open
only Enter / Space (next) counts, and not in the panel's first second (a held key or a double
tap must not skip it unread). What a tap or a drag does with the own hand's cards (which card,
dragged where, their glide to their slots, ←/→ selection) is the hand view's:
:class:`game.ui.hand_view.HandView`, ``scene.hand_view``; :func:`hand_taps` turns the events
on a hand of sprites into a tapped or a dropped card (a game's ``pointer`` uses it).

Two hooks stay on the scene, because what they do is the table's and a game may override it:
``on_escape`` (the pause menu; Hand rummy first lets the selected cards go) and ``keys`` (H asks
for a hint, any other key goes to ``taps.key``; Hand rummy holds the keys while its sheet of
hands is open). Everything else a game does with taps and keys is its ``taps`` part's.

**One tap plays** (docs/LOOK.md "Cards"): a tap on a legal card plays it; pressing a card and
dragging it up onto the table (released above the hand) plays it too; an illegal card shakes
and says why. The setting "confirm before playing" (``confirm_play``) restores select-then-
confirm for taps (a drag is deliberate, so it still plays at once).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.ui.hand_view import HandView
from game.ui.widgets import Widget

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.table_buttons import TableButtons

PANEL_GRACE = 1.0  # seconds a summary stays before Enter or a tap may close it
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class GameTaps(Protocol):
    """A game's own input part (``scene.taps``): what a tap, drag or key that the widgets,
    Esc and the panels did not take does at its table."""

    def pointer(self, event: pygame.event.Event) -> None:
        """A tap, drag or release (on the own hand: :func:`hand_taps`)."""

    def key(self, event: pygame.event.Event) -> None:
        """A key press (after the shared ones: H for a hint)."""


class InputScene(Protocol):
    """What the input flow uses of its table scene."""

    app: App
    widgets: list[Widget]
    hand_view: HandView
    taps: GameTaps
    widgets_fresh: bool
    buttons: TableButtons  # the summaries' next, again and menu among them

    @property
    def score(self) -> dict[str, Any] | None: ...

    @property
    def over(self) -> dict[str, Any] | None: ...

    def refresh_widgets(self) -> None: ...

    def close_score(self) -> None: ...

    def on_escape(self) -> None: ...

    def keys(self, event: pygame.event.Event) -> None: ...


class TableInputFlow:
    """Where a table's input goes (see the module docstring)."""

    def __init__(self, scene: InputScene) -> None:
        self.scene = scene

    def confirm_first(self) -> bool:
        """The player asked to confirm each card (select, then tap again or Play)."""
        return bool(self.scene.app.settings.get("confirm_play", False))

    def panel_ready(self) -> bool:
        """The open score panel has been up long enough to be closed (at least 1 s)."""
        score = self.scene.score
        return score is not None and score["t"] >= PANEL_GRACE

    def hold_summaries(self) -> None:
        """A summary's buttons (next; again / menu at the match end) work only after 1 s."""
        scene = self.scene
        buttons = scene.buttons
        buttons.next.enabled = self.panel_ready()
        over = scene.over is not None and scene.over["t"] >= PANEL_GRACE
        buttons.again.enabled = buttons.menu2.enabled = over

    def handle(self, event: pygame.event.Event) -> None:
        """Widgets first, then Esc; while a score or match-over panel is open only Enter/Space
        (next) counts; otherwise a key goes to the scene's ``keys``, anything else to the
        game's ``taps``."""
        scene = self.scene
        scene.refresh_widgets()
        scene.widgets_fresh = False  # what this event does may change them
        for widget in scene.widgets:
            if widget.handle(event):
                scene.hand_view.drag = None
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            scene.on_escape()
            return
        if scene.score is not None or scene.over is not None:
            if event.type == pygame.KEYDOWN and event.key in ENTER_KEYS and self.panel_ready():
                scene.close_score()
            return
        if event.type == pygame.KEYDOWN:
            scene.keys(event)
        else:
            scene.taps.pointer(event)


def hand_taps(
    hand: HandView,
    event: pygame.event.Event,
    click: Callable[[str], None],
    drop: Callable[[str], None],
) -> None:
    """A tap, drag or release on a hand of sprites (``scene.hand``, ``scene.hand_order``): a
    tap on an own card goes to ``click``, a card dragged onto the table to ``drop``."""
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        code = hand.card_at(event.pos)
        hand.drag = None if code is None else hand.press(code, event.pos)
    elif event.type == pygame.MOUSEMOTION and hand.drag is not None:
        hand.drag_to(event.pos)
    elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        drag, hand.drag = hand.drag, None
        if drag is not None and drag["moved"]:
            if hand.on_table(event.pos):
                drop(drag["code"])
            return
        code = hand.card_at(event.pos)
        if code is not None:
            click(code)
