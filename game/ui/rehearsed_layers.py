"""The still layers of the chosen game's rehearsed table, handed to its first real table.

Why: in the browser at a mid-range phone's speed (CPU throttling 4) the first frame of a new
table painted its whole still layer (the felt, every plate, the piles, the hand): 50-110 ms,
against a 33 ms budget for a whole redraw. The warm-up's rehearsal (game/ui/rehearsal.py)
has just painted that very table, with the menu's settings, at both shapes, and a layer's
pixels are a function of its keys (game/ui/static_layer.py): so a new table of that game takes
the rehearsed layer of its shape instead of a blank one, and its first frame repaints only
the parts whose keys differ (the seats' names of another seed, a count), as any frame does.

What is kept: the layers of one game only, the one the menu would start (``settings["game"]``),
one a shape, their kept pictures dropped (a layer's surface alone, as a spare surface would
be). They are let go (their surfaces become spares, game/ui/spare_surfaces.py) as soon as a
table of another game asks for a layer, and when the drawing factor changes.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from game.ui import scale
from game.ui.static_layer import StaticLayer

_kept: dict[tuple[str, tuple[int, int]], StaticLayer] = {}
_rehearsing: list[bool] = []  # a rehearsed table is being drawn now: it takes nothing
handed = 0  # layers handed to a table (tests, benches)


@contextlib.contextmanager
def rehearsing() -> Iterator[None]:
    """A rehearsed table is drawn meanwhile: it paints a layer of its own (to keep)."""
    _rehearsing.append(True)
    try:
        yield
    finally:
        _rehearsing.pop()


def keep(game: str, layer: StaticLayer | None) -> None:
    """Keep ``layer`` (a rehearsed table's of ``game``, just painted) for the first table of
    ``game`` at its size."""
    if layer is None or layer.surface is None or layer.whole is None:
        return
    if any(kept_game != game for kept_game, _size in _kept):
        _kept.clear()  # (one game's only)
    layer.pictures.clear()
    _kept[(game, layer.surface.get_size())] = layer


def take(game: str, size: tuple[int, int]) -> StaticLayer | None:
    """The layer kept for ``game`` at ``size`` (once), or None. A table of another game lets
    every kept layer go (it will not be asked for: its surface is better a spare)."""
    global handed
    if _rehearsing:
        return None
    if any(kept_game != game for kept_game, _size in _kept):
        _kept.clear()
    layer = _kept.pop((game, size), None)
    handed += layer is not None
    return layer


def kept() -> list[tuple[str, tuple[int, int]]]:
    """What is kept now, by game and size (tests)."""
    return list(_kept)


scale.on_change(_kept.clear)  # (a layer of another factor's size is never asked for)
