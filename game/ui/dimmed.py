"""The table under a modal panel (the round's score, the match's end), drawn and dimmed once
while it stays the same (in the browser a full-frame dim costs 4 ms with a veil and
20-66 ms as pygame's multiply without SIMD; the dimmed picture then costs one opaque blit).

The owner gives a key holding everything the picture under the panel is drawn from; a frame
whose key equals the last one's blits the kept picture, any other paints it again.
``tests/ui/test_dimmed.py`` plays whole matches both ways and compares every frame a panel
shows.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from game.ui import draw
from game.ui.blit_count import surface_like
from game.ui.layout_probe import is_probe
from game.ui.presenter import base_blit, new_lineage


class DimmedBackdrop:
    """The dimmed picture under a modal panel and the key it was drawn for."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.key: Hashable | None = None
        self.paints = 0  # (tests read it)
        self.lineage = new_lineage()  # (lineage, paints): its picture, for the presenter

    def draw(
        self,
        target: pygame.Surface,
        key: Hashable,
        paint: Callable[[pygame.Surface], None],
        alpha: int,
    ) -> None:
        """Blit the picture ``paint`` draws, dimmed by ``alpha``, onto ``target``: painted
        and dimmed again only when ``key`` (or the target's size or format) changed."""
        fits = self._fits(target)
        full_key = (key, alpha)
        if not fits or full_key != self.key:
            if not fits:
                self.surface = surface_like(target)
            s = self.surface
            self.key = None
            paint(s)  # type: ignore[arg-type]
            draw.dim(s, alpha)  # type: ignore[arg-type]
            self.key = full_key
            self.paints += 1
        base_blit(target, self.surface, (self.lineage, self.paints))  # type: ignore[arg-type]

    def prepare(self, target: pygame.Surface) -> None:
        """Make the picture's surface for ``target`` ahead (a frame-sized surface is a large
        allocation: in the browser, tens of milliseconds the first time at a phone's speed)."""
        if not self._fits(target):
            self.surface, self.key = surface_like(target), None

    def _fits(self, target: pygame.Surface) -> bool:
        s = self.surface
        return (
            s is not None
            and s.get_size() == target.get_size()
            and s.get_masks() == target.get_masks()
            and not is_probe(target)  # (a probe notes what is painted: paint it all)
        )

    def stale(self) -> None:
        """What it shows is out of date (the next draw paints it again; the surface stays)."""
        self.key = None

    def forget(self) -> None:
        self.surface, self.key = None, None
