"""The replay viewer's controls: a small bar over the table (round back, step back, play or
pause, step forward, round forward, speed, share, leave) and the line that says where the
replay stands. It owns its buttons; what they do is the scene's (:mod:`game.ui.scenes.replay`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game import i18n
from game.i18n import digits, t
from game.ui import draw
from game.ui.scale import px
from game.ui.widgets import Button


@dataclass(frozen=True)
class BarActions:
    """What the bar's buttons call."""

    round_back: Callable[[], None]
    step_back: Callable[[], None]
    toggle: Callable[[], None]
    step_forward: Callable[[], None]
    round_forward: Callable[[], None]
    faster: Callable[[], None]
    share: Callable[[], None]
    hands: Callable[[], None]
    leave: Callable[[], None]


# (key, label key, width in logical px): in reading order, mirrored in Arabic
BUTTONS = (
    ("round_back", "replay.round_back", 64),
    ("step_back", "replay.step_back", 64),
    ("toggle", "", 116),
    ("step_forward", "replay.step_forward", 64),
    ("round_forward", "replay.round_forward", 64),
    ("faster", "", 76),
    ("hands", "replay.hands", 112),
    ("share", "replay.share", 112),
    ("leave", "replay.leave", 112),
)
GAP = 8
BAR_H = 48


class ReplayBar:
    """The controls, laid out for the app's layout: under the top bar, centred (portrait: two
    rows, the moves above the rest)."""

    def __init__(
        self,
        layout: object,
        actions: BarActions,
        playing: Callable[[], bool],
        speed: Callable[[], float],
        where: Callable[[], str],
    ):
        self.actions = actions
        self.playing = playing
        self.speed = speed
        self.where = where
        self.buttons = [self._button(key, label, width) for key, label, width in BUTTONS]
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.line_y = 0
        self.place(layout)

    def _button(self, key: str, label: str, width: int) -> Button:
        words: Callable[[], str] = (lambda: t(label)) if label else self._label_for(key)
        size = 26 if key.endswith(("_back", "_forward")) else 20
        button = Button((0, 0, px(width), px(BAR_H - 8)), words, getattr(self.actions, key), size)
        button.key = f"replay_{key}"
        button.primary = key == "toggle"
        return button

    def _label_for(self, key: str) -> Callable[[], str]:
        if key == "toggle":
            return lambda: t("replay.pause" if self.playing() else "replay.play")
        return lambda: t("replay.speed", x=self._speed_text())

    def _speed_text(self) -> str:
        speed = self.speed()
        return "½" if speed == 0.5 else digits(int(speed))

    def place(self, layout: object) -> None:
        """Lay the buttons out for ``layout`` (a :class:`game.ui.layout.Layout`): landscape, one
        row along the bottom edge, portrait two rows there (over the lower part of the own
        hand, whose corners stay in sight; the top bar's text and the far seat stay clear)."""
        w: int = getattr(layout, "w")  # noqa: B009 (typed as object here)
        h: int = getattr(layout, "h")  # noqa: B009
        portrait: bool = getattr(layout, "portrait")  # noqa: B009
        rows = [self.buttons[:5], self.buttons[5:]] if portrait else [self.buttons]
        width = max(sum(b.rect.w for b in row) + px(GAP) * (len(row) - 1) for row in rows)
        height = len(rows) * px(BAR_H) + px(4)
        y = h - height - px(8)
        self.rect = pygame.Rect(w // 2 - width // 2 - px(10), y, width + px(20), height)
        self.line_y = self.rect.y - px(18)
        for i, row in enumerate(rows):
            self._place_row(row, w // 2, y + px(6) + i * px(BAR_H))

    def _place_row(self, row: list[Button], cx: int, y: int) -> None:
        total = sum(b.rect.w for b in row) + px(GAP) * (len(row) - 1)
        order = list(reversed(row)) if i18n.is_rtl() else row
        x = cx - total // 2
        for button in order:
            button.rect.topleft = (x, y)
            x += button.rect.w + px(GAP)

    def draw(self, surface: pygame.Surface) -> None:
        draw.panel(surface, self.rect, draw.PANEL, 215, px(12), draw.PANEL_EDGE)
        for button in self.buttons:
            button.draw(surface)
        text = self.where()
        size = draw.fit_text(text, 18, self.rect.w - px(24))
        img = draw.label(text, size, draw.SAND)
        pill = img.get_rect(center=(self.rect.centerx, self.line_y)).inflate(px(24), px(8))
        draw.panel(surface, pill, draw.PANEL, 225, px(10), draw.PANEL_EDGE)
        surface.blit(img, img.get_rect(center=pill.center))
