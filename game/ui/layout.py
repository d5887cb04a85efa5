"""Where things go on the two canvases: landscape 1280×720 and portrait 720×1280.

Seats are placed counter-clockwise as seen by seat 0 (you, at the bottom): seat 1 on the RIGHT,
seat 2 at the top, seat 3 on the LEFT, so play visibly moves to the right.
Everything important keeps ≥ 16 px from the edges in portrait.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

import pygame

from game.ui import scale

LANDSCAPE, PORTRAIT = scale.LANDSCAPE, scale.PORTRAIT
MARGIN = 16


@dataclass
class Layout:
    w: int
    h: int
    portrait: bool
    card: tuple[int, int]  # hand card size
    small: tuple[int, int]  # opponent backs / deck
    trick_card: tuple[int, int]  # cards in the centre
    hand_center: tuple[int, int]
    hand_span: int  # max width of the fan
    center: tuple[int, int]
    trick_offsets: list[tuple[int, int]]
    seat_anchor: list[tuple[int, int]]  # centre of each seat's info plate
    seat_hand: list[tuple[int, int]]  # where opponents' backs are drawn (seat 0: unused)
    plates: list[tuple[int, int]]  # size of each seat's info plate
    play_button: pygame.Rect  # "play the selected card"
    banner_y: int  # centre line for hints and the assist banner
    top_bar: pygame.Rect
    picker: pygame.Rect  # the bid picker panel
    lift: int = 18  # legal cards rise by this much
    select_lift: int = 40
    fan_curve: int = 10  # the fan's ends sit this much lower than its middle
    extras: dict[str, int] = field(default_factory=dict)  # a canvas's own y positions

    def hand_positions(self, n: int) -> list[tuple[float, float]]:
        """Centres of ``n`` cards in the fan, left to right, with a gentle curve."""
        if n <= 0:
            return []
        cw = self.card[0]
        step = min(cw * 0.78, (self.hand_span - cw) / max(1, n - 1)) if n > 1 else 0
        x0 = self.hand_center[0] - step * (n - 1) / 2
        out = []
        for i in range(n):
            k = (i - (n - 1) / 2) / max(1, (n - 1) / 2) if n > 1 else 0.0
            out.append((x0 + step * i, self.hand_center[1] + self.fan_curve * k * k))
        return out

    def plate_rect(self, seat: int) -> pygame.Rect:
        rect = pygame.Rect((0, 0), self.plates[seat])
        rect.center = self.seat_anchor[seat]
        return rect

    def trick_spot(self, seat: int) -> tuple[int, int]:
        dx, dy = self.trick_offsets[seat]
        return self.center[0] + dx, self.center[1] + dy

    @property
    def size(self) -> tuple[int, int]:
        return self.w, self.h


def make_layout(portrait: bool) -> Layout:
    """The layout for one orientation, in frame pixels at the current scale
    (:mod:`game.ui.scale`)."""
    logical = _logical_layout(portrait)
    if scale.factor() == 1:
        return logical
    return replace(
        logical,
        **{
            f.name: scale.scaled(getattr(logical, f.name))
            for f in fields(logical)
            if f.name != "portrait"
        },
    )


def _logical_layout(portrait: bool) -> Layout:
    """The layout for one orientation in logical pixels (the frame at scale 1)."""
    if not portrait:
        w, h = LANDSCAPE
        card = (104, 146)
        center = (640, 318)
        return Layout(
            w=w,
            h=h,
            portrait=False,
            card=card,
            small=(58, 81),
            trick_card=(92, 129),
            hand_center=(640, h - 16 - card[1] // 2 - 4),
            hand_span=700,
            center=center,
            trick_offsets=[(0, 78), (108, 0), (0, -78), (-108, 0)],
            seat_anchor=[(150, 640), (1150, 330), (640, 112), (130, 330)],
            seat_hand=[(0, 0), (1150, 214), (420, 112), (130, 214)],
            plates=[(224, 76), (200, 86), (200, 86), (200, 86)],
            play_button=pygame.Rect(1040, 608, 200, 64),
            banner_y=490,
            extras={"toast_y": 42, "tiebreak_y": 196},
            top_bar=pygame.Rect(16, 16, w - 32, 52),
            picker=pygame.Rect(300, 356, 680, 190),
        )
    w, h = PORTRAIT
    card = (104, 146)
    center = (360, 660)
    return Layout(
        w=w,
        h=h,
        portrait=True,
        card=card,
        small=(52, 73),
        trick_card=(92, 129),
        hand_center=(360, h - MARGIN - card[1] // 2 - 25),  # the fan's ends clear the frame
        hand_span=w - 2 * MARGIN,
        center=center,
        trick_offsets=[(0, 106), (112, 0), (0, -106), (-112, 0)],
        seat_anchor=[(156, 1016), (636, 660), (360, 262), (84, 660)],
        seat_hand=[(0, 0), (636, 522), (360, 164), (84, 522)],
        plates=[(276, 64), (136, 112), (200, 90), (136, 112)],
        play_button=pygame.Rect(w - MARGIN - 200, 1000, 200, 60),
        banner_y=900,
        extras={"toast_y": 360, "tiebreak_y": 440},
        top_bar=pygame.Rect(MARGIN, MARGIN, w - 2 * MARGIN, 56),
        picker=pygame.Rect(MARGIN + 8, 724, w - 2 * MARGIN - 16, 190),  # (clear of "Your turn")
    )
