"""Showing a drawn frame in the browser: only the rects that changed since the last one.

In the browser ``pygame.display.flip`` copies the whole frame to the canvas every time (SDL's
Emscripten framebuffer ignores ``display.update``'s rects): a 720x1280 frame through a
JavaScript loop that sets every pixel's alpha byte, then ``putImageData`` of all of it, 5-15 ms
at CPU throttling 4 on this machine, on every drawn frame however little moved. So in the
browser the app draws each frame into a :class:`DamageSurface` instead of the display. It notes
the rect of every blit, fill and ``pygame.draw`` shape made on it; the page's
``majlis.present`` (web/present.js) then shows only those rects of the frame's pixels (the
WebAssembly memory): uploaded straight into a WebGL texture drawn on a canvas over SDL's, or
where WebGL is missing, copied into SDL's canvas with ``putImageData``'s dirty rect. When the
page cannot (``present`` answers 0) the frame is flipped whole, and the next one is given to the
page whole too, since what the page showed last may be older than the flip.

What changed between two frames lies within what the last frame drew over its base, what this
frame draws over its base, and anything else this frame draws. The *base* is the picture a
frame starts from: a table's still layer (game/ui/static_layer.py) or a dimmed backdrop
(game/ui/dimmed.py), blitted whole with :func:`base_blit`. A base carries a *token* that
changes whenever its picture changes other than by what was drawn on this frame (a layer
repainted onto another surface, a backdrop dimmed again): a frame whose base's token is not the
last frame's final one shows everything. ``tests/ui/test_presenter.py`` plays every game's
stretch, menus and overlays keeping a "canvas" updated only where the frame said, and compares
it with the whole frame after every drawn frame.

Natively nothing of this runs: the app draws onto the display and flips, as it always has.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import Any

import pygame

from game.ui.noted_surface import NotedSurface
from game.ui.window import browser

SHAPES = ("rect", "polygon", "circle", "ellipse", "arc", "line", "lines", "aaline", "aalines")
WHOLE_SHARE = 0.6  # damage over this share of the frame: show it whole (one copy, no rows)
_lineages = itertools.count(1)


def new_lineage() -> int:
    """A number no other base picture has had (a token's first part: ids can be reused)."""
    return next(_lineages)


class DamageSurface(NotedSurface):
    """A frame that notes where it was drawn on since it was last shown (see the module
    docstring): :meth:`take` gives the rects to show, or None for all of it."""

    def __init__(self, size: tuple[int, int], flags: int, like: pygame.Surface) -> None:
        super().__init__(size, flags, like)
        self.drawn: list[pygame.Rect] = []  # drawn on this frame, over its base
        self.last: list[pygame.Rect] = []  # what the frame shown last drew over its base
        self.whole = True  # everything may differ from what is shown (a new frame)
        self.shown_base: Hashable | None = None  # the shown frame's base token, at its end
        self.base: Hashable | None = None  # this frame's

    def noted(
        self, source: pygame.Surface, rect: pygame.Rect, area: Any, special_flags: int
    ) -> None:
        self.drawn.append(rect)

    def fill(self, color: Any, rect: Any = None, special_flags: int = 0) -> pygame.Rect:
        done = super().fill(color, rect, special_flags)
        if done.w and done.h:
            self.drawn.append(done)
        return done

    def blit_base(self, source: pygame.Surface, token: Hashable) -> None:
        """``source`` as this frame's base picture (not noted as drawn). When the frame shown
        last started from the same picture, this frame already holds it but for what that
        frame drew over it: only those rects are blitted again (a 720x1280 blit is 2-6 ms in
        the browser; a card's rect a hundredth of it)."""
        if token == self.shown_base and not self.drawn and not self.whole:
            for rect in merged(self.last, self.get_rect()):
                pygame.Surface.blit(self, source, rect, rect)
        else:
            pygame.Surface.blit(self, source, (0, 0))
            self.whole = True
        self.base = token

    def take(self) -> list[pygame.Rect] | None:
        """The rects to show now (merged, inside the frame), or None: show all of it. The
        frame is then taken as shown."""
        bounds = self.get_rect()
        rects = None if self.whole else merged(self.last + self.drawn, bounds)
        if rects is not None and sum(r.w * r.h for r in rects) > WHOLE_SHARE * bounds.w * bounds.h:
            rects = None
        self.last, self.drawn = self.drawn, []
        self.shown_base, self.base = self.base, None
        self.whole = False
        return rects

    def everything(self) -> None:
        """The next :meth:`take` shows the whole frame (the canvas was drawn by another)."""
        self.whole = True


def base_blit(target: pygame.Surface, source: pygame.Surface, token: Hashable) -> None:
    """Blit ``source`` whole at the origin as ``target``'s base picture (``token``: see the
    module docstring); on any other surface, a plain blit."""
    if isinstance(target, DamageSurface):
        target.blit_base(source, token)
    else:
        target.blit(source, (0, 0))


def based_on(target: pygame.Surface, token: Hashable) -> None:
    """``target`` now shows the base picture ``token`` plus what it noted (a layer that painted
    itself onto the frame and copied the result)."""
    if isinstance(target, DamageSurface):
        target.base = token


def merged(rects: list[pygame.Rect], bounds: pygame.Rect) -> list[pygame.Rect]:
    """``rects`` inside ``bounds``, empty ones dropped and overlapping ones joined (each pixel
    is then painted once). (``collidelist`` scans in C: a frame's few dozen rects cost a few
    dozen Python steps, which matters in the browser.)"""
    out: list[pygame.Rect] = []
    for rect in rects:
        r = rect.clip(bounds)
        if not r.w or not r.h:
            continue
        i = r.collidelist(out)
        while i >= 0:
            r.union_ip(out.pop(i))
            i = r.collidelist(out)
        out.append(r)
    return out


@contextmanager
def restored(target: pygame.Surface, rect: pygame.Rect) -> Iterator[None]:
    """Draw on ``target`` within ``rect`` and leave no trace: its pixels there are put back
    after, and nothing drawn meanwhile is noted as changed (a picture drawn once onto the
    frame itself, so that SDL encodes it for the frame ahead of its first real use)."""
    rect = rect.clip(target.get_rect())
    kept = target.subsurface(rect).copy()
    noted = len(target.drawn) if isinstance(target, DamageSurface) else 0
    try:
        yield
    finally:
        pygame.Surface.blit(target, kept, rect)
        if isinstance(target, DamageSurface):
            del target.drawn[noted:]


@contextmanager
def shapes_noted() -> Iterator[None]:
    """While it lasts, every ``pygame.draw`` shape made on a :class:`DamageSurface` is noted
    there (pygame.draw gives the rect it changed). The app holds it for the whole run in the
    browser; tests hold it around what they draw."""
    kept = {name: getattr(pygame.draw, name) for name in SHAPES}

    def noting(draw_shape: Callable[..., pygame.Rect]) -> Callable[..., pygame.Rect]:
        def shape(surface: pygame.Surface, *args: Any, **kwargs: Any) -> pygame.Rect:
            done = draw_shape(surface, *args, **kwargs)
            if isinstance(surface, DamageSurface) and done.w and done.h:
                surface.drawn.append(done.inflate(2, 2))  # (anti-aliased edges: a pixel out)
            return done

        return shape

    for name, draw_shape in kept.items():
        setattr(pygame.draw, name, noting(draw_shape))
    try:
        yield
    finally:
        for name, draw_shape in kept.items():
            setattr(pygame.draw, name, draw_shape)


def page_object() -> Any:
    """The page's ``majlis`` object (web/majlis.tmpl; its presenter is web/present.js), which
    presents frames; None natively or on a page without it."""
    window = browser()
    try:
        page = getattr(window, "majlis", None) if window is not None else None
        return page if page is not None and getattr(page, "present", None) else None
    except Exception:
        return None


def fits(frame: pygame.Surface, screen: pygame.Surface) -> bool:
    """``frame`` has the size and pixel format of ``screen``."""
    return frame.get_size() == screen.get_size() and frame.get_masks() == screen.get_masks()


class Presenter:
    """The frame the app draws into in the browser, and how it reaches the canvas: through
    ``page.present`` (the page's ``majlis`` object) where it answers, else a blit onto the
    display and ``pygame.display.flip``."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.frame: DamageSurface | None = None
        # the frame of the other shape, kept for when the phone turns back (one only: a
        # frame-sized surface made again costs a turn's step 5-10 ms in the browser)
        self.kept: DamageSurface | None = None
        self.shown = 0  # frames shown through the page (benches read these)
        self.flipped = 0  # frames shown by a flip
        self.pixels = 0  # pixels the page copied, over all frames
        self.broken: str | None = None  # why the page's present is not used (logged once)

    def target(self, screen: pygame.Surface) -> DamageSurface:
        """The frame to draw into (another one, shown whole, when the display changed: the
        one kept from when the display last had this size, else a new one)."""
        frame = self.frame
        if frame is None or not fits(frame, screen):
            kept = self.kept
            if frame is not None or (kept is not None and fits(kept, screen)):
                self.kept = frame  # (the one made ahead stays until a frame takes its place)
            if kept is not None and fits(kept, screen):
                frame = self.frame = kept
                frame.drawn, frame.last, frame.base, frame.shown_base = [], [], None, None
                frame.everything()
            else:
                frame = self.frame = DamageSurface(screen.get_size(), 0, screen)
        return frame

    def make_ahead(self, size: tuple[int, int], screen: pygame.Surface) -> None:
        """Make the frame of the other shape ``size`` now (the warm-up), unless it is kept, and
        ask the page to make its canvas of that size (``page.prepare``: a turn then shows it)."""
        if size == screen.get_size():
            return
        kept = self.kept
        if kept is None or kept.get_size() != size or kept.get_masks() != screen.get_masks():
            self.kept = DamageSurface(size, 0, screen)
        prepare = getattr(self.page, "prepare", None) if self.broken is None else None
        if prepare is not None:
            try:  # (the page's canvas of that size, made ahead too)
                prepare(*size)
            except Exception as exc:
                print(f"presenter: the page could not prepare {size} ({exc})")

    def present(self, screen: pygame.Surface) -> None:
        """Show what the frame drew since it was last shown."""
        frame = self.frame
        assert frame is not None
        rects = frame.take()
        if rects is not None and not rects:
            return  # (nothing changed)
        w, h = frame.get_size()
        spots: list[tuple[int, ...]] = (
            [(0, 0, w, h)] if rects is None else [tuple(r) for r in rects]
        )
        if self.page is not None and self.broken is None and self._through_page(frame, spots):
            self.shown += 1
            self.pixels += sum(r[2] * r[3] for r in spots)
            return
        screen.blit(frame, (0, 0))
        pygame.display.flip()  # (SDL copies it all, and makes the canvas's context)
        self.flipped += 1
        frame.everything()  # (the page's way of showing may hold an older picture: whole next)

    def _through_page(self, frame: pygame.Surface, spots: list[tuple[int, ...]]) -> bool:
        spec = ";".join(",".join(map(str, s)) for s in spots)
        try:
            done = self.page.present(frame._pixels_address, frame.get_pitch(), spec)
        except Exception as exc:
            self.broken = f"{type(exc).__name__}: {exc}"
            print(f"presenter: the page's present failed, flipping from now on ({self.broken})")
            return False
        return bool(done)
