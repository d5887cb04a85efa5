"""A ``pygame.Surface`` whose ``blits`` and ``fblits`` go through its own ``blit``, so that a
subclass which notes what a blit was given (the blit counter of game/ui/blit_count.py, the
layout probe of game/ui/layout_probe.py) sees every one, however it was asked for."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, TypeAlias

import pygame

if TYPE_CHECKING:
    from pygame.typing import Point, RectLike

    # An item of ``Surface.blits``, as pygame's stubs write it.
    BlitItem: TypeAlias = (
        tuple[pygame.Surface, Point | RectLike]
        | tuple[pygame.Surface, Point | RectLike, RectLike | int]
        | tuple[pygame.Surface, Point | RectLike, RectLike, int]
    )


class NotedSurface(pygame.Surface):
    """Every blit onto it, one at a time, through :meth:`blit`, which hands each one that
    drew something to :meth:`noted` (what a subclass overrides)."""

    def blit(
        self,
        source: pygame.Surface,
        dest: Point | RectLike = (0, 0),
        area: RectLike | None = None,
        special_flags: int = 0,
    ) -> pygame.Rect:
        rect = super().blit(source, dest, area, special_flags)
        if rect.w and rect.h:
            self.noted(source, rect, area, special_flags)
        return rect

    def noted(
        self, source: pygame.Surface, rect: pygame.Rect, area: RectLike | None, special_flags: int
    ) -> None:
        """``source`` was blitted and covered ``rect`` (``area``: the part of it taken)."""

    def blits(
        self, blit_sequence: Iterable[BlitItem], doreturn: int | bool = 1
    ) -> list[pygame.Rect] | None:
        out = [self.blit(*item) for item in blit_sequence]
        return out if doreturn else None

    def fblits(
        self,
        blit_sequence: Iterable[tuple[pygame.Surface, Point | RectLike]],
        special_flags: int = 0,
        /,
    ) -> None:
        for source, dest in blit_sequence:
            self.blit(source, dest, None, special_flags)
