"""A table's still layer of the shape it turned from, kept for when it turns back.

A table keeps the still part of its picture in a layer at the screen's size (the felt, the
plates, the cards at rest: game/ui/static_layer.py). A turned phone needs a layer of the other
size, painted whole: the felt and every part again, then copied into the layer, the bulk of a
turn's drawing. But the layer left behind stays right for its own shape for as long as its
keys do (its pixels are a function of its whole key and its parts' keys), and a phone turned
back usually finds the table as it was, or one card further. So on each turn the layer of the
shape left is kept (one only, its kept pictures dropped), and the one kept for the shape come
to is put back: the first frame after turning back repaints only the parts that changed
meanwhile, as any frame does. A new drawing factor forgets what is kept (nothing of it fits).
"""

from __future__ import annotations

from typing import Protocol
from weakref import WeakKeyDictionary

from game.ui import scale
from game.ui.static_layer import StaticLayer


class Still(Protocol):
    """What this reads of a table's still layer (game.ui.table_still.StillLayer)."""

    layer: StaticLayer | None


_kept: WeakKeyDictionary[Still, StaticLayer] = WeakKeyDictionary()


def turned(still: Still) -> None:
    """The table of ``still`` is laid out again for another shape: keep its layer, give it
    back the one kept (None: the next frame makes one, as on a table's first frame)."""
    back = _kept.pop(still, None)
    layer = still.layer
    if layer is not None:
        layer.pictures.clear()  # (the memory kept is the layer's surface alone)
        _kept[still] = layer
    still.layer = back


def kept(still: Still) -> StaticLayer | None:
    """The layer kept for the other shape (tests)."""
    return _kept.get(still)


scale.on_change(_kept.clear)  # a layer at another factor never fits again
