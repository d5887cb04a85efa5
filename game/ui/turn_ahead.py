"""The other orientation of the table shown, drawn ahead on a quiet frame, so that a phone
turned at a table finds that shape's still layer painted and its words, plates and button faces
made: the turn's step then repaints only what changed since, as any frame does.

Why: in the browser at a mid-range phone's speed (CPU throttling 4) the step that turns a
table took 50-200 ms against a 33 ms budget: the display resized, the table laid out again,
the felt and every plate and card painted into a layer of the new size, words and plates of
the new sizes made, the whole frame copied to the canvas. The layer of the shape left is kept
for turning back (game/ui/turn_layers.py); this makes the other one before the first turn.

How: once a table has drawn a frame with something new in its still layer, it asks for a
job made ahead (``app.quiet.make_ahead``: run only on a frame that draws nothing). The job
lays the table out for the other orientation (the app's layout swapped, ``relayout`` as a turn
does it: the layer of the shape shown is kept and the other put in), draws it into a scratch
surface of that size, and lays it out back (the layers swap again: the one just painted is the
one kept).
The cards' places are put back exactly as they were and the widgets, built again alike, are
kept in the same list, so the picture on screen is untouched and nothing is drawn again.
Only while the table rests: nothing moving, no timer, no panel or menu open, no button held or
under the mouse, no turn clock running (its ring changes the picture four times a second: what
was made would be stale at once, and the loop could never rest); and only when its still layer
changed since the last time (a table waiting for your move does it once).
"""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Callable
from functools import partial
from typing import Any
from weakref import WeakKeyDictionary

import pygame

from game.ui import scale, settle, spare_surfaces
from game.ui.layout import make_layout

_jobs: WeakKeyDictionary[Any, Callable[[], bool]] = WeakKeyDictionary()
_done: WeakKeyDictionary[Any, Any] = WeakKeyDictionary()  # the table's state when last made
rehearsals = 0  # how many were made (tests, benches)
_making: list[Any] = []  # the table being laid out for the other shape now


class Scratch:
    """The owner of the scratch surface a rehearsal draws into (a spare one, given back)."""


def rehearsing() -> bool:
    """Whether a table is being laid out and drawn for the other shape now (off the screen)."""
    return bool(_making)


def ask(table: Any) -> None:
    """After a drawn frame of ``table`` (a card table shown): its other orientation is made
    ahead on a quiet frame if anything kept in its still layer changed (a frame drawn for a
    turn clock's ring asks nothing: the loop may rest after it)."""
    if _making or table.redraw_every() is not None or _done.get(table) == state(table):
        return
    job = _jobs.get(table)
    if job is None:
        job = _jobs[table] = partial(_rehearse_if_alive, weakref.ref(table))
    table.app.quiet.make_ahead(job)


def _rehearse_if_alive(table: weakref.ref[Any]) -> bool:
    """The job of a table held weakly (a table left is let go, its job with it)."""
    alive = table()
    return alive is not None and rehearse(alive)


def state(table: Any) -> Any:
    """What the other orientation's picture is made from, as far as it is cheap to know: the
    shape, the factor and the table's still layer as it was last drawn (its picture's token:
    it changes whenever a part's key or the whole key did, and comparing it costs nothing,
    where comparing every part's key each drawn frame was an eighth of a Hand rummy frame)."""
    layer = table.frame.still.layer
    if layer is None:
        return None
    return (
        table.app.layout.size,
        scale.factor(),
        layer.token(),
        table.messages.hint,
        table.messages.banner,
    )


def resting(table: Any) -> bool:
    """Nothing of ``table`` moves or waits, no panel is up and no button is held or lit."""
    app = table.app
    if app.shown() is not table or app.overlays or app.transition.active:
        return False
    if table.score is not None or table.over is not None or not table.frame.still.layered():
        return False
    if table.animating() or table.events.timers or settle.in_motion(table):
        return False
    if table.redraw_every() is not None:  # (a turn clock: stale again in a quarter second)
        return False
    if getattr(table, "riffle", None) or getattr(getattr(table, "backs", None), "riffle", None):
        return False  # (a riffle under way: a turn stops it)
    if any(pygame.mouse.get_pressed()):
        return False
    for widget in table.widgets:
        for button in (widget, *getattr(widget, "buttons", ())):
            if getattr(button, "pressed", False) or getattr(button, "hover", False):
                return False
    return True


def rehearse(table: Any) -> bool:
    """The job (see the module docstring); whether it had work to do."""
    global rehearsals
    now = state(table)
    if now is None or not resting(table) or _done.get(table) == now:
        return False
    app = table.app
    shown, before = app.layout, app.previous_layout
    other = make_layout(not shown.portrait)
    places = [(s, s.pos, s.size) for s in settle.sprites(table)]
    widgets = table.widgets
    _making.append(table)
    try:
        app.previous_layout, app.layout = shown, other
        table.relayout()
        owner = Scratch()
        with contextlib.suppress(Exception):
            table.draw(spare_surfaces.take(owner, other.size, app.screen))
        del owner  # (its surface is a spare again)
    finally:
        _making.clear()
        app.previous_layout, app.layout = other, shown
        table.relayout()
        app.previous_layout = before
        for sprite, pos, size in places:
            sprite.pos, sprite.size = pos, size
        widgets[:] = table.widgets  # (built again alike: the same list, so nothing is redrawn)
        table.widgets = widgets
    _done[table] = state(table)
    rehearsals += 1
    return True
