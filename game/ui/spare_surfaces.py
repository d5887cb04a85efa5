"""Frame-sized surfaces handed on from a table that is let go to the next one.

In the browser a new surface the size of the frame (a table's still layer, 720x1280) cost the
first frame of a new table 10-47 ms at CPU throttling 4 (WebAssembly's memory grown and the
pixels zeroed), and the first turn of a table as much again. The warm-up's rehearsals
(game/ui/rehearsal.py) build and draw each game's table at both shapes and let them go; their
layers' surfaces are kept here, one spare a shape and pixel format, and the next layer of that
shape takes one instead of making its own. A layer paints a surface whole before it shows any
of it, so what a spare one held before is never seen. A new drawing factor lets them go.
"""

from __future__ import annotations

import weakref
from collections.abc import Hashable

import pygame

from game.ui import scale

_spare: dict[Hashable, pygame.Surface] = {}
_held: weakref.WeakKeyDictionary[object, weakref.finalize[[pygame.Surface], object]] = (
    weakref.WeakKeyDictionary()
)
made = 0  # surfaces made, not handed on (tests)


def shape(size: tuple[int, int], like: pygame.Surface) -> Hashable:
    return (tuple(size), like.get_bitsize(), like.get_masks())


def take(owner: object, size: tuple[int, int], like: pygame.Surface) -> pygame.Surface:
    """A surface of ``size`` in ``like``'s pixel format for ``owner`` (contents undefined: the
    owner paints it whole first) in place of the one it took before, if any (that one is a
    spare again): a spare one when there is one, else a new one; it becomes a spare again once
    ``owner`` is let go."""
    global made
    before = _held.pop(owner, None)
    if before is not None:
        detached = before.detach()  # (never given back twice: it may be in use by then)
        if detached is not None:
            give_back(detached[2][0])
    surface = _spare.pop(shape(size, like), None)
    if surface is None:
        surface = pygame.Surface(size, 0, like)
        made += 1
    _held[owner] = weakref.finalize(owner, give_back, surface)
    return surface


def give_back(surface: pygame.Surface) -> None:
    """``surface`` is a spare now (one a shape: another is let go)."""
    _spare.setdefault(shape(surface.get_size(), surface), surface)


def spares() -> int:
    return len(_spare)


scale.on_change(_spare.clear)  # (a surface of another factor's size is never asked for)
