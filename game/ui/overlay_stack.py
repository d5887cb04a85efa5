"""The scene under its open overlays, drawn onto the frame (the app's drawing step).

Under an overlay that pauses the scene, everything below the top overlay is still: it is kept
dimmed in a :class:`~game.ui.dimmed.DimmedBackdrop`, painted again only when what it is drawn
from differs, so a paused frame is one opaque blit and the top panel (docs/WEB.md: a full-frame
dim costs milliseconds in the browser). The scene and the overlays are seen through the small
protocols below, so the app can use this module without the overlays' own module knowing it.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Protocol

import pygame

from game.ui import draw
from game.ui.dimmed import DimmedBackdrop

DIM = 150  # the dim layer's alpha under an overlay (game.ui.overlay.DIM)


class Drawn(Protocol):
    """The scene as this module sees it."""

    @property
    def widgets(self) -> Sequence[object]: ...

    def draw(self, surface: pygame.Surface) -> None: ...


class Layer(Protocol):
    """An open overlay as this module sees it (game.ui.overlay.Overlay)."""

    pauses: bool

    def draw(self, surface: pygame.Surface) -> None: ...

    def draw_panel(self, surface: pygame.Surface) -> None: ...

    def animating(self) -> bool: ...


def draw_with_overlays(
    scene: Drawn,
    overlays: Sequence[Layer],
    target: pygame.Surface,
    kept: DimmedBackdrop,
    picture: Hashable,
) -> None:
    """The scene, then each open overlay (its dim layer and its panel), onto ``target``.
    ``picture`` names everything else the frame is drawn from (size, factor, language,
    settings): the kept backdrop is painted again when it or the scene or an overlay changes."""
    if not overlays:
        kept.stale()  # (its surface is kept: a frame-sized allocation is dear in the browser)
        scene.draw(target)
        return
    *below, top = overlays
    key = _still_key(scene, overlays, below, picture)
    if key is None:  # the scene plays on below (online): drawn as it is every frame
        kept.forget()
        _draw_below(scene, below, target)
        draw.dim(target, DIM)
    else:
        kept.draw(target, key, lambda s: _draw_below(scene, below, s), DIM)
    top.draw_panel(target)


def _draw_below(scene: Drawn, below: Sequence[Layer], surface: pygame.Surface) -> None:
    scene.draw(surface)
    for overlay in below:
        overlay.draw(surface)


def _still_key(
    scene: Drawn, overlays: Sequence[Layer], below: Sequence[Layer], picture: Hashable
) -> tuple[object, ...] | None:
    """What the picture under the top overlay is drawn from; None if it may change alone."""
    if not any(o.pauses for o in overlays) or any(o.animating() for o in below):
        return None
    return (scene, tuple(scene.widgets), tuple(below), picture)
