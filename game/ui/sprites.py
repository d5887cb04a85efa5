"""Cards on screen: a :class:`Sprite` (position, size, face or back, motion, flip, shake) and the
cached soft shadow and dark veil drawn under and over a card."""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.ui import assets, draw, scale
from game.ui.scale import px
from game.ui.surfaces import on_display_change, rle
from game.ui.tween import Ease, Motion, ease_out

if TYPE_CHECKING:
    from pygame.typing import ColorLike

FLIP = 0.22


class Sprite:
    """A card on screen: position, size, face or back, an optional motion and flip."""

    def __init__(
        self,
        code: str | None,
        pos: tuple[float, float],
        size: tuple[int, int],
        face_up: bool = True,
        deck: str = "french",
    ):
        self.code = code
        self.deck = deck  # "french" or "spanish": "10C" is a card of both
        self.pos = pos
        self.size = size
        self.face_up = face_up
        self.motion: Motion | None = None
        self.on_land: Callable[[], None] | None = None
        self.hide_until_start = False
        self.flip_t: float | None = None
        self.flip_len = FLIP
        self.shake = 0.0
        self._next_size: tuple[int, int] | None = None

    def move(
        self,
        end: tuple[float, float],
        duration: float,
        delay: float = 0.0,
        ease: Ease = ease_out,
        arc: float = 0.0,
        on_land: Callable[[], None] | None = None,
        size: tuple[int, int] | None = None,
    ) -> None:
        """Fly to ``end``; the card takes ``size`` half-way; ``on_land`` runs on arrival."""
        self.motion = Motion(self.pos, end, duration, delay, ease, arc)
        self.on_land = on_land
        if size is not None:
            self._next_size = size

    @property
    def moving(self) -> bool:
        return self.motion is not None

    def carry(
        self,
        point: Callable[[tuple[float, float]], tuple[float, float]],
        size: Callable[[tuple[int, int]], tuple[int, int]],
        growth: float,
    ) -> None:
        """The card in another layout (a turned phone, a new drawing scale): its place, its
        flight's start and end through ``point``, its sizes (now and half-way) through ``size``,
        its flight's bend grown by ``growth``. A card in the air flies on, in the same time,
        to where its place is now."""
        self.pos = point(self.pos)
        self.size = size(self.size)
        if self._next_size is not None:
            self._next_size = size(self._next_size)
        motion = self.motion
        if motion is not None:
            motion.start, motion.end = point(motion.start), point(motion.end)
            motion.arc *= growth
            if motion.started:
                self.pos = motion.pos

    def start_flip(self, duration: float) -> None:
        self.flip_t = 0.0
        self.flip_len = max(0.01, duration)

    def update(self, dt: float) -> None:
        if self.motion is not None:
            self.motion.update(dt)
            if self.motion.started:
                self.pos = self.motion.pos
                if self._next_size is not None and self.motion.progress > 0.5:
                    self.size, self._next_size = self._next_size, None
            if self.motion.done:
                self.pos = self.motion.end
                self.motion = None
                if self._next_size is not None:
                    self.size, self._next_size = self._next_size, None
                land, self.on_land = self.on_land, None
                if land:
                    land()
        if self.flip_t is not None:
            self.flip_t += dt
            if self.flip_t >= self.flip_len / 2 and not self.face_up:
                self.face_up = True
            if self.flip_t >= self.flip_len:
                self.flip_t = None
        if self.shake > 0:
            self.shake = max(0.0, self.shake - dt)

    @property
    def visible(self) -> bool:
        return not (self.hide_until_start and self.motion is not None and not self.motion.started)

    def image(self, four_color: bool) -> pygame.Surface:
        if self.face_up and self.code:
            return assets.card_face(self.code, self.size, four_color, self.deck)
        return assets.card_back(self.size)

    def rect(self) -> pygame.Rect:
        r = pygame.Rect((0, 0), self.size)
        r.center = (round(self.pos[0]), round(self.pos[1]))
        return r

    def draw(
        self,
        surface: pygame.Surface,
        four_color: bool,
        dimmed: bool = False,
        glow: bool = False,
        glow_color: ColorLike | None = None,
    ) -> None:
        if not self.visible:
            return
        img = self.image(four_color)
        x, y = self.pos
        if self.shake > 0:
            x += math.sin(self.shake * 60) * px(7) * (self.shake / 0.35)
        if self.flip_t is not None:
            k = abs(1 - 2 * min(1.0, self.flip_t / self.flip_len))
            w = max(2, round(self.size[0] * k))
            img = narrowed(img, w)
            rect = img.get_rect(center=(round(x), round(y)))
            # the shadow narrows as the card turns
            surface.blit(shadow(img.get_size()), rect.move(px(2), px(4)))
            surface.blit(img, rect)
        else:
            rect = img.get_rect(center=(round(x), round(y)))
            surface.blit(assets.shadowed(img, px(2), px(4)), rect)
        if glow:
            grow = px(6)
            pygame.draw.rect(
                surface,
                glow_color or draw.TURN,
                rect.inflate(grow, grow),
                px(3),
                border_radius=px(10),
            )
        if dimmed:
            surface.blit(veil(img.get_size()), rect)


_NARROWED: OrderedDict[tuple[int, int], tuple[pygame.Surface, pygame.Surface]] = OrderedDict()
NARROWED_KEPT = 64  # (a card's picture or less each: two or three frames of a hand turning)


def narrowed(img: pygame.Surface, width: int) -> pygame.Surface:
    """``img`` (a cached card image) squeezed to ``width``, as a card turning over is drawn,
    run-length encoded. Kept a while per image and width: the cards that turn together share
    their back and their widths, so fourteen backs turning in one frame scale one picture and
    SDL encodes it once (in the browser each encoding of a card is a fraction of a ms)."""
    key = (id(img), width)
    hit = _NARROWED.get(key)
    if hit is not None:
        _NARROWED.move_to_end(key)
        return hit[1]
    out = rle(pygame.transform.scale(img, (width, img.get_height())))
    _NARROWED[key] = (img, out)  # (the image is held with it, so its id stays its own)
    if len(_NARROWED) > NARROWED_KEPT:
        _NARROWED.popitem(last=False)
    return out


_SHADOWS: dict[tuple[int, int], pygame.Surface] = {}
_VEILS: dict[tuple[int, int], pygame.Surface] = {}
scale.on_change(_NARROWED.clear)
on_display_change(_NARROWED.clear)
scale.on_change(_SHADOWS.clear)  # (their corners' least radius is a length)
scale.on_change(_VEILS.clear)
on_display_change(_SHADOWS.clear)
on_display_change(_VEILS.clear)


def corner(size: tuple[int, int]) -> int:
    """A card's corner radius at ``size`` (frame pixels)."""
    return max(px(4), size[0] // 12)


def shadow(size: tuple[int, int]) -> pygame.Surface:
    """A soft card shadow of ``size`` (cached)."""
    if size not in _SHADOWS:
        img = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(img, (0, 0, 0, 70), img.get_rect(), border_radius=corner(size))
        _SHADOWS[size] = rle(img)
    return _SHADOWS[size]


def veil(size: tuple[int, int]) -> pygame.Surface:
    """The dark veil over a card that may not be played (cached)."""
    if size not in _VEILS:
        img = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(img, (10, 16, 16, 120), img.get_rect(), border_radius=corner(size))
        _VEILS[size] = rle(img)
    return _VEILS[size]
