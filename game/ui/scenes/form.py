"""Lays out labelled rows of controls, mirrored for Arabic, for the menu and settings screens."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game import i18n
from game.i18n import digits, t
from game.ui import draw
from game.ui.games import Choice
from game.ui.layout import Layout
from game.ui.scale import px
from game.ui.widgets import Label, Segmented, Widget


class Form:
    """Rows of (label key, control). Landscape: label beside control; portrait: label above.

    ``top``, ``row_h``, ``gap`` and ``width`` are frame pixels (``px(56)``), as the layout's."""

    def __init__(
        self, layout: Layout, top: int, row_h: int = 56, gap: int = 16, width: int | None = None
    ):
        self.layout = layout
        self._width = width  # None: the screen's form width (a panel's form is narrower)
        self.top = top
        self.row_h = row_h
        self.gap = gap
        self.rows: list[tuple[str, pygame.Rect, pygame.Rect]] = []  # key, label area, control

    @property
    def width(self) -> int:
        if self._width is not None:
            return self._width
        return px(820) if not self.layout.portrait else self.layout.w - px(64)

    def add(self, key: str) -> pygame.Rect:
        """Reserve a row for label ``key``; returns the control's rect (left-to-right frame)."""
        x0 = (self.layout.w - self.width) // 2
        y = self.top + sum(self._row_height() for _ in self.rows)
        if self.layout.portrait:
            label = pygame.Rect(x0, y, self.width, px(32))
            control = pygame.Rect(x0, y + px(36), self.width, self.row_h)
        else:
            label_w = min(px(240), self.width * 30 // 100)
            label = pygame.Rect(x0, y, label_w, self.row_h)
            control = pygame.Rect(
                x0 + label_w + px(20), y, self.width - label_w - px(20), self.row_h
            )
        self.rows.append((key, label, control))
        return control

    def segmented(
        self,
        label: str,
        key: str,
        options: list[tuple[Any, Label]],
        get: Callable[[], Any],
        set_: Callable[[Any], None],
    ) -> Segmented:
        """A row for label ``label`` and its segmented control ``key`` (mirrored in Arabic):
        ``options`` as (value, its label), ``get()`` the value shown, ``set_`` given a tap's."""
        return Segmented(self.add(label), options, get, set_, rtl=i18n.is_rtl, key=key)

    def _row_height(self) -> int:
        return self.row_h + self.gap + (px(36) if self.layout.portrait else 0)

    @property
    def bottom(self) -> int:
        return self.top + len(self.rows) * self._row_height()

    def mirror(self, rect: pygame.Rect) -> pygame.Rect:
        """``rect`` reflected about the form's centre line (for right-to-left reading)."""
        cx = self.layout.w // 2
        out = rect.copy()
        out.x = 2 * cx - rect.right
        return out

    def controls_rtl(self, rects: list[pygame.Rect]) -> None:
        """Mirror control rects in place when the language reads right to left (landscape)."""

    def draw_labels(
        self, surface: pygame.Surface, dim: set[str] | frozenset[str] = frozenset()
    ) -> None:
        """Each row's label (fitted to its area); the rows keyed in ``dim`` are greyed."""
        rtl = i18n.is_rtl()
        for key, label, _control in self.rows:
            rect = self.mirror(label) if (rtl and not self.layout.portrait) else label
            anchor = "midright" if rtl else "midleft"
            pos = rect.midright if rtl else rect.midleft
            words = i18n.t(key)
            size = draw.fit_text(words, 24, rect.w, bold=True)
            color = draw.INK_DIM if key in dim else draw.SAND
            draw.blit_text(surface, words, size, pos, color, bold=True, anchor=anchor)


def place_control(
    form: Form, widget: Widget, control: pygame.Rect, rtl: Callable[[], bool]
) -> None:
    """Move ``widget`` (and its option buttons) to the mirrored side in RTL landscape."""
    target = form.mirror(control) if (rtl() and not form.layout.portrait) else control
    dx = target.x - widget.rect.x
    if dx:
        widget.rect.x += dx
        for b in widget.buttons if isinstance(widget, Segmented) else ():
            b.rect.x += dx


def option_rows(
    form: Form,
    choices: Sequence[Choice],
    values: Callable[[Choice], Sequence[Any]],
    get: Callable[[str], Any],
    set_: Callable[[str, Any], None],
) -> list[Segmented]:
    """A row of ``form`` for each of a game's menu options: the ``values`` it offers, ``get``
    (the option's key) its value, ``set_`` (the key, a value) a tap's."""
    return [
        form.segmented(
            choice.label,
            f"opt.{choice.key}",
            [(v, functools.partial(choice.text, v)) for v in values(choice)],
            functools.partial(get, choice.key),
            functools.partial(set_, choice.key),
        )
        for choice in choices
    ]


TURNS = (0, 60, 90, 120)  # the turn time a table may have (0: unlimited; TB-6)


def turn_label(n: int) -> Callable[[], str]:
    """The label of turn time ``n`` in the current language."""
    return (lambda: t("turn.unlimited")) if n == 0 else (lambda: t("turn.seconds", n=digits(n)))
