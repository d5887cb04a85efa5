"""Buttons, segmented choices and toggles: big touch targets (≥ 44 px), mouse and touch.

Labels are callables returning the current string, so a language switch shows at once.
A click is a press and a release inside the same widget. Scenes get mouse events only: the
app's :class:`game.ui.pointer.Pointer` turns every touch into them once (finger events, the
mouse events SDL makes from a touch and the browser's emulated ones never count twice).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.i18n import t
from game.ui import draw, scale
from game.ui.draw import RGB
from game.ui.layout_probe import mark
from game.ui.scale import px
from game.ui.surfaces import rle

if TYPE_CHECKING:
    from pygame.typing import RectLike

MIN_TARGET = 44  # logical px
Label = Callable[[], str]


def label_for(key: str, **fmt: object) -> Label:
    """The label ``t(key, **fmt)``, looked up each time it is drawn (in the language then)."""
    return functools.partial(t, key, **fmt)


class Widget:
    rect: pygame.Rect
    visible: bool = True
    enabled: bool = True
    key: str = ""  # a stable name, for tests and screenshots (Scene.widget)

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pass


class Button(Widget):
    """A rounded button that calls ``on_click`` when pressed and released inside it."""

    def __init__(
        self,
        rect: RectLike,
        label: Label,
        on_click: Callable[[], Any],
        size: int = 24,
        primary: bool = False,
        key: str = "",
    ):
        self.rect = pygame.Rect(rect)
        self.label = label
        self.on_click = on_click
        self.size = size
        self.primary = primary
        self.key = key  # a stable name, for tests and screenshots
        self.pressed = False
        self.hover = False
        self.visible = True
        self.enabled = True
        self.selected = False
        self.value: Any = None  # the choice it stands for, in a Segmented row

    def handle(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            self.pressed = False
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.pressed = True
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.rect.collidepoint(event.pos):
                self.on_click()
                return True
        return False

    def colors(self) -> tuple[RGB, RGB, RGB]:
        """(fill, edge, text) for the current state."""
        if not self.enabled:
            return (40, 46, 44), (70, 70, 64), (120, 116, 108)
        if self.selected:
            return (196, 156, 70), (246, 220, 150), (24, 20, 12)
        if self.primary:
            fill = (212, 168, 72) if not self.pressed else (180, 138, 56)
            return fill, (250, 226, 160), (28, 22, 12)
        fill = (30, 56, 52) if not (self.pressed or self.hover) else (44, 78, 72)
        return fill, draw.PANEL_EDGE, draw.INK

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        surface.blit(self.face(), self.rect.topleft)

    def face(self) -> pygame.Surface:
        """Its picture in its state now (made once per look: :func:`button_image`)."""
        fill, edge, ink = self.colors()
        return button_image(self.rect.w, self.rect.h, fill, edge, ink, self.label(), self.size)

    def warm(self, scratch: pygame.Surface) -> None:
        """Make its faces ahead, enabled and not (the two looks a button is first shown in),
        each blitted once onto ``scratch`` (SDL run-length encodes a picture at its first blit
        onto a surface of the screen's format), shown or not and whatever its state now. A
        button drawn its own way (a subclass's ``draw``) has other pictures: nothing to do."""
        if type(self).draw is not Button.draw:
            return
        enabled = self.enabled
        try:
            for self.enabled in (True, False):
                scratch.blit(self.face(), (0, 0))
        finally:
            self.enabled = enabled


@scale.cached(maxsize=192)
def button_image(
    w: int, h: int, fill: RGB, edge: RGB, ink: RGB, label: str, size: int
) -> pygame.Surface:
    """A button drawn once per look (size, colours, text): one blit a frame instead of three
    rounded rectangles and a text fit. The drop shadow hangs 3 (logical) px below ``h``."""
    drop, radius = px(3), px(12)
    img = pygame.Surface((w, h + drop), pygame.SRCALPHA)
    rect = pygame.Rect(0, 0, w, h)
    pygame.draw.rect(img, (0, 0, 0), rect.move(0, drop), border_radius=radius)
    pygame.draw.rect(img, fill, rect, border_radius=radius)
    pygame.draw.rect(img, edge, rect, px(2), border_radius=radius)
    fitted = draw.fit_text(label, size, w - px(16), bold=True)
    draw.blit_text(img, label, fitted, rect.center, ink, bold=True)
    return mark(rle(img), "control", label)


class Segmented(Widget):
    """A row of choices, one selected: ``options`` are (value, label) pairs.

    In right-to-left languages the row reads from the right, so the first option is rightmost.
    """

    def __init__(
        self,
        rect: RectLike,
        options: list[tuple[Any, Label]],
        get: Callable[[], Any],
        set: Callable[[Any], None],
        size: int = 22,
        rtl: Callable[[], bool] = lambda: False,
        key: str = "",
    ):
        self.rect = pygame.Rect(rect)
        self.options = options
        self.get = get
        self.set = set
        self.size = size
        self.rtl = rtl
        self.key = key
        self.visible = True
        self.enabled = True
        self.buttons: list[Button] = []
        self._build()

    def _build(self) -> None:
        n = len(self.options)
        gap = px(8)
        w = (self.rect.w - gap * (n - 1)) / n
        self.buttons = []
        for i, (value, lab) in enumerate(self.options):
            x = self.rect.x + round(i * (w + gap))
            btn = Button(
                (x, self.rect.y, round(w), self.rect.h),
                lab,
                functools.partial(self.set, value),
                size=self.size,
                key=f"{self.key}:{value}",
            )
            btn.value = value
            self.buttons.append(btn)

    def _placed(self) -> list[Button]:
        """Buttons with their rects mirrored for right-to-left reading."""
        order = list(reversed(self.buttons)) if self.rtl() else self.buttons
        xs = sorted(b.rect.x for b in self.buttons)
        for b, x in zip(order, xs):
            b.rect.x = x
        return self.buttons

    def button_for(self, value: Any) -> Button:
        self._placed()
        return next(b for b in self.buttons if b.value == value)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible or not self.enabled:
            return False
        return any(b.handle(event) for b in self._placed())

    def draw(self, surface: pygame.Surface) -> None:
        """The choices, the current one lit; a disabled row is greyed (it keeps its place)."""
        if not self.visible:
            return
        current = self.get()
        for b in self._placed():
            b.selected = b.value == current and self.enabled
            b.enabled = self.enabled
            b.draw(surface)


def Toggle(
    rect: RectLike,
    get: Callable[[], bool],
    set: Callable[[bool], None],
    on: Label,
    off: Label,
    rtl: Callable[[], bool] = lambda: False,
    key: str = "",
) -> Segmented:
    """An on/off switch as a two-way segmented choice (clear on touch screens)."""
    return Segmented(rect, [(True, on), (False, off)], get, set, rtl=rtl, key=key)


def back_button(width: int, y: int, back: Callable[[], None], label: Label) -> Button:
    """The primary Back button, centred across a frame ``width`` px wide, its top at ``y``."""
    rect = (width // 2 - px(130), y, px(260), px(60))
    return Button(rect, label, back, 26, primary=True, key="back")


def beside_row(
    button: Widget, widgets: list[Widget], row_y: int, width: int, after: tuple[Widget, ...] = ()
) -> None:
    """Place ``button`` beside the outermost of the widgets shown in the top bar's row at
    ``row_y``, on the buttons' side of a ``width`` wide frame (``after``: widgets that are
    placed beside this one, not counted)."""
    bar = [
        w for w in widgets if w is not button and w not in after and w.visible and w.rect.y == row_y
    ]
    gap = px(12)
    if i18n.is_rtl():
        button.rect.x = max((w.rect.right for w in bar), default=0) + gap
    else:
        button.rect.right = min((w.rect.x for w in bar), default=width) - gap
    if bar:
        button.rect.y, button.rect.h = bar[0].rect.y, bar[0].rect.h
