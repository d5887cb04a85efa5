"""Pictures made for the browser's cost model (figures in docs/WEB.md).

In pygbag's pygame-ce WebAssembly build a per-pixel alpha blit goes to pygame's own blender,
which has no SIMD there: 50-80 times slower than natively (a 160x224 card 1.6-3 ms under
pyodide in Node). The same surface marked for run-length encoding goes to SDL instead, which
copies its opaque runs, skips its clear ones and blends only the pixels in between (the same
card 0.06-0.2 ms; a text label 0.02 ms instead of 1.7). So every picture the game keeps and
blits again (cards, shadows, labels, panels, plates, buttons, avatars) is :func:`rle`'d once,
when it is made.

- :func:`solid`: ``smoothscale`` leaves the body of a scaled card or avatar at alpha 252-253
  (its filter rounds down), so the felt showed through every card at 1 %, and RLE would find no
  opaque run to copy. Pixels at alpha >= :data:`SOLID` are made opaque (a change of at most
  3 levels in a colour); the anti-aliased corners keep their alpha.
- Natively RLE changes the picture by at most one level at pixels that blend (SDL rounds
  its blend the other way from pygame's), and costs about what it saved.

RLE data is kept for the surface it was last blitted onto: a picture blitted onto two surfaces
in turn is encoded again each time (0.5 ms for a card in the browser), so pictures are composed
into caches once and then blitted onto the frame.

:func:`display_changed` is told of every ``set_mode``: when the display's pixel format is not
the one pictures were made for (the browser's is ABGR, the desktop's ARGB) every registered
cache is dropped, so pictures are made again in the display's own format.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.ui import scale
from game.ui.layout_probe import copy_mark

if TYPE_CHECKING:
    from pygame.typing import Point, RectLike

SOLID = 250  # alpha from which a pixel of a scaled picture is opaque
_drops: list[Callable[[], None]] = []
_format: tuple[int, tuple[int, int, int, int]] | None = None  # (bits, masks) of the display


def rle(img: pygame.Surface) -> pygame.Surface:
    """``img`` marked for run-length encoding (per-pixel alpha or colour key); returns it."""
    if per_pixel(img):
        img.set_alpha(255, pygame.RLEACCEL)
    elif (key := img.get_colorkey()) is not None:
        img.set_colorkey(key, pygame.RLEACCEL)
    return img


def solid(img: pygame.Surface, threshold: int = SOLID) -> pygame.Surface:
    """``img`` (per-pixel alpha) with every pixel at alpha >= ``threshold`` made opaque, in
    place (see the module docstring); returns it."""
    if not per_pixel(img):
        return img
    body = pygame.mask.from_surface(img, threshold - 1)
    lift = body.to_surface(setcolor=(0, 0, 0, 255), unsetcolor=(0, 0, 0, 0))
    img.blit(lift, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)  # alpha up, colours kept
    return img


def displayed(img: pygame.Surface) -> pygame.Surface:
    """``img`` in the display's pixel format (with alpha when it has it), once a display is
    open; as it is before."""
    if pygame.display.get_surface() is None:
        return img
    return copy_mark(img, img.convert_alpha() if per_pixel(img) else img.convert())


def on_display_change(drop: Callable[[], None]) -> None:
    """Call ``drop`` when the display's pixel format changes (a cache of pictures)."""
    _drops.append(drop)


def display_changed(screen: pygame.Surface) -> bool:
    """After ``set_mode``: drop every registered cache if the display's pixel format is not
    the one they were made for. True when they were dropped."""
    global _format
    fmt = (screen.get_bitsize(), screen.get_masks())
    if fmt == _format:
        return False
    first, _format = _format is None, fmt
    for drop in _drops:
        drop()
    scale.drop_caches()  # labels, panels, plates… made at this factor

    return not first


def blit(
    target: pygame.Surface, img: pygame.Surface, dest: Point | RectLike, special_flags: int = 0
) -> pygame.Rect:
    """``target.blit(img, dest)``, also where ``target`` has per-pixel alpha (a picture being
    composed for a cache): SDL's RLE blit writes opaque pixels there, so an RLE-marked ``img``
    is blitted with its encoding off (pygame's blend, alpha kept) and marked again after."""
    if not per_pixel(target) or not per_pixel(img) or not _marked(img):
        return target.blit(img, dest, None, special_flags)
    img.set_alpha(255, 0)
    try:
        return target.blit(img, dest, None, special_flags)
    finally:
        rle(img)


def per_pixel(img: pygame.Surface) -> bool:
    """Whether ``img`` has an alpha channel it blends with."""
    return bool(img.get_flags() & pygame.SRCALPHA) and bool(img.get_masks()[3])


def _marked(img: pygame.Surface) -> bool:
    return bool(img.get_flags() & (pygame.RLEACCEL | pygame.RLEACCELOK))
