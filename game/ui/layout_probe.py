"""Where the text, the controls and the panels of a drawn frame landed, to find what is drawn
over what (no overlap, by test).

Nothing here runs while people play. A test or the screenshot script asks the app for one
frame drawn into a :class:`ProbeSurface` (``FramePainter.probe_layout``): a ``pygame.Surface`` whose
blits note what they were given. What a source *is* comes from marks put on the images where
they are made: :func:`mark` (a rendered text: ``draw.label``; a control: ``widgets``' button
images; a panel: ``draw.panel``'s images). Marks live in a weak dictionary, so a cached image
keeps its mark for as long as it lives and costs nothing when no probe runs.

The probe keeps, in drawing order, the boxes of the marked sources (a text's box is that of its
inked pixels, not its whole line) and notes three kinds of :class:`Finding`:

- ``overlap``: two texts, a text and a control, or two controls whose boxes meet (a text and
  its own drop shadow, the same words a pixel or two apart, do not count);
- ``covered``: an image drawn later (a card, a panel, a control) hides part of a text, and not
  all of it (a text hidden whole is not seen, which is a choice of the scene's);
- ``outside``: a text that meets a panel without lying inside it (a glyph leaving its panel).

A layer drawn for the frame (the still layer, the picture under a modal panel) is itself a
probe surface: what it noted comes along when it is blitted, shifted to where it lands. A dim
(the veil under a modal panel) drops everything noted before it: what lies under a modal panel
is checked in the shots without the panel.
"""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.ui.noted_surface import NotedSurface

if TYPE_CHECKING:
    from pygame.typing import ColorLike, RectLike

KINDS = ("text", "control", "panel")
INK_ALPHA = 96  # a pixel at least this opaque is ink (a text's soft edge and a shadow are not)
SHADOW_SHIFT = 4  # a text's own shadow lies at most this many pixels from it

_marks: weakref.WeakKeyDictionary[pygame.Surface, tuple[str, str]] = weakref.WeakKeyDictionary()


def mark(image: pygame.Surface, kind: str, label: str) -> pygame.Surface:
    """Note that ``image`` is a text, a control or a panel (``kind``) showing ``label``;
    returns it."""
    _marks[image] = (kind, label)
    return image


def mark_of(image: pygame.Surface) -> tuple[str, str] | None:
    return _marks.get(image)


def copy_mark(source: pygame.Surface, image: pygame.Surface) -> pygame.Surface:
    """``image`` (a converted copy of ``source``) carries ``source``'s mark; returns it."""
    found = _marks.get(source)
    if found is not None:
        _marks[image] = found
    return image


@dataclass(frozen=True)
class Box:
    """A marked image as it landed on the frame: what it is, what it says, where its ink is."""

    kind: str
    label: str
    rect: tuple[int, int, int, int]

    @property
    def area(self) -> pygame.Rect:
        return pygame.Rect(self.rect)

    def moved(self, dx: int, dy: int, clip: pygame.Rect) -> Box | None:
        r = self.area.move(dx, dy).clip(clip)
        return Box(self.kind, self.label, tuple(r)) if r.w and r.h else None  # type: ignore[arg-type]


@dataclass(frozen=True)
class Finding:
    """Two boxes that should not meet as they do, and how (``overlap``, ``covered``,
    ``outside``); ``b`` is the later one (for ``outside``: the panel)."""

    how: str
    a: Box
    b: Box

    def __str__(self) -> str:
        a, b = self.a, self.b
        return f"{self.how}: {a.kind} {a.label!r} {a.rect} / {b.kind} {b.label!r} {b.rect}"


class ProbeSurface(NotedSurface):
    """A surface that notes the marked images blitted onto it (see the module docstring);
    otherwise an ordinary surface."""

    def __init__(self, size: tuple[int, int], flags: int = 0, like: pygame.Surface | None = None):
        if like is None:
            super().__init__(size, flags)
        else:
            super().__init__(size, flags, like)
        self.boxes: list[Box] = []
        self.findings: list[Finding] = []

    def noted(
        self, source: pygame.Surface, rect: pygame.Rect, area: RectLike | None, special_flags: int
    ) -> None:
        self._note(source, rect, area)

    def fill(
        self, color: ColorLike, rect: RectLike | None = None, special_flags: int = 0
    ) -> pygame.Rect:
        done = super().fill(color, rect, special_flags)
        if special_flags and done.size == self.get_size():  # the dim under a modal panel
            self.drop_all()
        elif not special_flags and done.w and done.h:
            self.cover(done)
        return done

    def drop_all(self) -> None:
        """Forget what was noted (it lies under a veil now)."""
        self.boxes.clear()
        self.findings.clear()

    # ----- noting ------------------------------------------------------------------------------
    def _note(self, source: pygame.Surface, rect: pygame.Rect, area: RectLike | None) -> None:
        if isinstance(source, ProbeSurface):
            self._take_layer(source, rect, area)
            return
        found = _marks.get(source)
        ink = _ink(source, rect, area)
        if ink is None:
            return
        if found is None:
            if source.get_alpha() is not None and source.get_alpha() < 255:  # type: ignore[operator]
                if source.get_size() == self.get_size():  # a veil over the whole frame
                    self.drop_all()
                return  # a translucent image (a tint, a glow) hides nothing
            self.cover(ink)
            return
        kind, label = found
        box = Box(kind, label, tuple(ink))  # type: ignore[arg-type]
        if kind != "text":  # (a control over a text is an overlap, noted as one)
            self.cover(ink, noted=kind != "control")
        self._add(box)

    def _take_layer(self, layer: ProbeSurface, rect: pygame.Rect, area: RectLike | None) -> None:
        """A layer drawn for the frame lands: it hides what it covers, and brings its boxes."""
        if rect.size == self.get_size():
            self.drop_all()  # a whole-frame layer is the frame's picture from here on
        else:
            self.cover(rect)
        ax, ay = (pygame.Rect(area).topleft) if area is not None else (0, 0)
        dx, dy = rect.x - ax, rect.y - ay
        for box in layer.boxes:
            moved = box.moved(dx, dy, rect)
            if moved is not None:
                self.boxes.append(moved)
        self.findings += layer.findings

    def _add(self, box: Box) -> None:
        if box.kind == "text":  # drawn again over what covered it: seen whole now
            self.findings = [f for f in self.findings if not (f.how == "covered" and f.a == box)]
        for other in self.boxes:
            finding = _meeting(other, box)
            if finding is not None:
                self.findings.append(finding)
        self.boxes.append(box)

    def cover(self, ink: pygame.Rect, noted: bool = True) -> None:
        """An image drawn over ``ink``: texts under it wholly are hidden (dropped), texts under
        it in part are noted (when ``noted``)."""
        kept = []
        for box in self.boxes:
            area = box.area
            if box.kind == "text" and ink.colliderect(area):
                if ink.contains(area):
                    continue
                if noted:
                    cover = Box("image", "", tuple(ink))  # type: ignore[arg-type]
                    self.findings.append(Finding("covered", box, cover))
            kept.append(box)
        self.boxes = kept


def _ink(source: pygame.Surface, rect: pygame.Rect, area: RectLike | None) -> pygame.Rect | None:
    """Where ``source``'s ink landed, in the target's coordinates (None: nothing shows)."""
    if source.get_flags() & pygame.SRCALPHA and source.get_masks()[3]:
        inked = source.get_bounding_rect(min_alpha=INK_ALPHA)
    elif source.get_colorkey() is not None:
        inked = source.get_bounding_rect()
    else:
        inked = source.get_rect()
    ax, ay = pygame.Rect(area).topleft if area is not None else (0, 0)
    landed = inked.move(rect.x - ax, rect.y - ay).clip(rect)
    return landed if landed.w and landed.h else None


def _meeting(a: Box, b: Box) -> Finding | None:
    """How two boxes drawn in this order meet, if that is a fault."""
    ra, rb = a.area, b.area
    if not ra.colliderect(rb):
        return None
    kinds = {a.kind, b.kind}
    if "panel" in kinds:
        if kinds == {"panel"}:
            return None  # panels lie on panels by design (a card on a sheet)
        text, panel = (a, b) if b.kind == "panel" else (b, a)
        if text.kind == "text" and not panel.area.contains(text.area):
            return Finding("outside", text, panel)
        return None
    if a.kind == b.kind == "text" and a.label == b.label and _shadow_pair(ra, rb):
        return None
    return Finding("overlap", a, b)


def _shadow_pair(a: pygame.Rect, b: pygame.Rect) -> bool:
    return abs(a.x - b.x) <= SHADOW_SHIFT and abs(a.y - b.y) <= SHADOW_SHIFT


def is_probe(surface: pygame.Surface) -> bool:
    """Whether ``surface`` is a probe (a layer kept between frames paints everything again
    onto one, so that what it shows is noted)."""
    return isinstance(surface, ProbeSurface)


# pygame.draw's shapes that fill, and where each takes its width among the arguments after
# the surface (0 or none: filled)
FILLED_SHAPES = {"rect": 2, "polygon": 2, "circle": 3, "ellipse": 2}


@contextlib.contextmanager
def shapes_noted() -> Iterator[None]:
    """While it lasts, a filled shape that ``pygame.draw`` paints onto a probe covers what
    lies under it, as an image would (a row's band drawn over the row above, say)."""
    kept = {name: getattr(pygame.draw, name) for name in FILLED_SHAPES}

    def noting(name: str, draw_shape: Callable[..., pygame.Rect]) -> Callable[..., pygame.Rect]:
        at = FILLED_SHAPES[name]

        def shape(surface: pygame.Surface, *args: Any, **kwargs: Any) -> pygame.Rect:
            done = draw_shape(surface, *args, **kwargs)
            width = kwargs.get("width", args[at] if len(args) > at else 0)
            if isinstance(surface, ProbeSurface) and not width and done.w and done.h:
                surface.cover(done)
            return done

        return shape

    for name, draw_shape in kept.items():
        setattr(pygame.draw, name, noting(name, draw_shape))
    try:
        yield
    finally:
        for name, draw_shape in kept.items():
            setattr(pygame.draw, name, draw_shape)
