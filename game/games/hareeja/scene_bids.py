"""The Hareeja table's bids: each seat's secret bid and the tricks it took, the bid picker
(0 … 8 and Confirm) and each plate's figure (tricks of bid once revealed; before, your own bid
or a check), flipping in when the bids are revealed.

:class:`Bidding` is a part of :class:`game.games.hareeja.scene.HareejaTable`: it owns the bids
as shown, the picker's widgets and their drawing; the scene's events move it on.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.games.hareeja.rules import MAX_BID
from game.i18n import digits, t
from game.ui import draw
from game.ui.plates import plate_avatar
from game.ui.scale import px
from game.ui.surfaces import rle
from game.ui.tween import Speed
from game.ui.widgets import Button, Segmented, Widget

if TYPE_CHECKING:
    from game.games.hareeja.scene import HareejaTable
    from game.ui.static_layer import Parts

JSON = dict[str, Any]
DIGIT_KEYS = {pygame.K_0 + n: n for n in range(MAX_BID + 1)} | {
    pygame.K_KP0 + n: n for n in range(MAX_BID + 1)
}
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
CHECK = "check"  # the figure of a seat that bid, before the bids are revealed


class Bidding:
    """Bids, tricks taken and the bid picker (see the module docstring)."""

    def __init__(self, table: HareejaTable, players: int) -> None:
        self.table = table
        self.pick: int | None = None  # your bid in the picker, not yet confirmed
        self.bids: list[int | None] = [None] * players
        self.confirmed = [False] * players
        self.revealed = False
        self.reveal_t = 1.0  # how far the revealed bids have flipped in (1: done)
        self.tricks = [0] * players  # tricks each seat took this round

    def reset(self) -> None:
        """A new deal: no bids, no tricks."""
        n = len(self.bids)
        self.bids, self.confirmed, self.tricks = [None] * n, [False] * n, [0] * n
        self.revealed = False
        self.pick = None

    def sync(self, view: JSON) -> None:
        """The bids as the view has them (no animation)."""
        self.confirmed = list(view["confirmed"])
        self.bids = list(view["bids"])
        self.revealed = view["revealed"]
        self.tricks = list(view["tricks"])

    def flipping(self) -> bool:
        """The revealed bids are flipping in."""
        return self.revealed and self.reveal_t < 1.0

    def total(self) -> int | None:
        """The sum of the bids once revealed (the top bar shows it)."""
        return sum(b or 0 for b in self.bids) if self.revealed else None

    def update(self, dt: float) -> None:
        self.reveal_t = min(1.0, self.reveal_t + dt / max(0.01, Speed.scale(0.5)))

    # ----- the picker ---------------------------------------------------------------------------
    def build(self) -> list[Widget]:
        """The picker's row of bids and its Confirm button (for the current layout)."""
        p = self.table.app.layout.picker
        n = MAX_BID + 1
        bw = min(px(64), (p.w - px(40) - px(8) * (n - 1)) // n)
        row_w = n * bw + px(8) * (n - 1)
        self.row = Segmented(
            (p.centerx - row_w // 2, p.y + px(58), row_w, px(60)),
            [(k, partial(digits, k)) for k in range(n)],
            lambda: self.pick,
            self.set_pick,
            size=28,
            rtl=i18n.is_rtl,
            key="bid",
        )
        self.confirm_button = Button(
            (p.centerx - px(130), p.bottom - px(68), px(260), px(56)),
            lambda: t("bid.confirm"),
            self.confirm,
            26,
            primary=True,
            key="confirm",
        )
        return [self.row, self.confirm_button]

    def place(self, picking: bool) -> None:
        self.row.visible = self.confirm_button.visible = picking
        self.confirm_button.enabled = self.pick is not None

    def set_pick(self, n: int) -> None:
        self.pick = n
        self.table.app.audio.play("bid", 0.5)

    def confirm(self) -> None:
        """Send the picked bid (while you may bid)."""
        if self.pick is not None and self.table.can_bid():
            self.table.act(self.table.me, {"type": "bid", "n": self.pick}, human=True)

    def key(self, key: int) -> None:
        """A key while you may bid: a digit picks, Enter or Space confirms."""
        if key in DIGIT_KEYS:
            self.set_pick(DIGIT_KEYS[key])
        elif key in ENTER_KEYS:
            self.confirm()

    def draw_picker(self, surface: pygame.Surface) -> None:
        p = self.table.app.layout.picker
        draw.panel(surface, p, draw.PANEL, 230, px(18), draw.GOLD)
        s = t("bid.title")
        draw.blit_text(
            surface,
            s,
            draw.fit_text(s, 24, p.w - px(24), True),
            (p.centerx, p.y + px(28)),
            draw.SAND,
            bold=True,
        )

    # ----- the plates' figures ------------------------------------------------------------------
    def figure(self, seat: int) -> tuple[str, draw.RGB]:
        """The seat's key figure: tricks of bid once revealed; before, your own bid or a check."""
        bid = self.bids[seat]
        if self.revealed and bid is not None:
            took = self.tricks[seat]
            color = draw.TURN if took == bid else draw.RED if took > bid else draw.SAND
            return t("seat.figure", took=digits(took), bid=digits(bid)), color
        me = self.table.me
        mine = self.bids[me]
        if seat == me and self.confirmed[me] and mine is not None:
            return t("seat.figure", took=digits(self.tricks[me]), bid=digits(mine)), draw.SAND
        if self.confirmed[seat]:
            return CHECK, draw.TURN
        return "\u2026", draw.INK_DIM

    def draw_figure(
        self,
        surface: pygame.Surface,
        seat: int,
        figure: str,
        color: draw.RGB,
        pos: tuple[int, int],
        anchor: str,
    ) -> None:
        if figure == CHECK:
            self._draw_check(surface, pos, anchor)
        elif self.flipping():  # the bids flip in together: the figure grows from a sliver
            img = draw.label(figure, 22, color, True)
            w = max(px(2), round(img.get_width() * self._flip_width()))
            img = rle(pygame.transform.scale(img, (w, img.get_height())))
            surface.blit(img, img.get_rect(**{anchor: pos}))
        else:
            draw.blit_text(surface, figure, 22, pos, color, bold=True, anchor=anchor)

    def _draw_check(self, surface: pygame.Surface, pos: tuple[int, int], anchor: str) -> None:
        """ "Bid" with a check mark beside it, on the plate's inner side."""
        size = 22 if self.table.app.layout.portrait else 18
        r = draw.blit_text(surface, t("bid.done"), size, pos, draw.TURN, anchor=anchor)
        gap = px(16)
        cx = r.right + gap if anchor in ("midleft", "center") else r.left - gap
        draw.check_mark(surface, (cx, pos[1]), px(18), draw.TURN, px(3))

    def _flip_width(self) -> float:
        """How wide a flipping figure is now (a fraction of its width)."""
        k = self.reveal_t
        return abs(1 - 2 * k) if k < 0.5 else k

    def flip_parts(self, parts: Parts) -> None:
        """While the bids flip in, each plate's figure is a part of its own (its width as
        drawn now, the rect of its full width): a flip frame repaints four small figures,
        not four plates with their avatars and names."""
        table = self.table
        rtl = i18n.is_rtl()
        for seat in range(table.players):
            figure, color = self.figure(seat)
            if figure == CHECK:
                continue
            rect = table.places.plate_rect(seat)
            pos, anchor = table.plates.figure_place(rect, plate_avatar(rect, rtl), rtl)
            img = draw.label(figure, 22, color, True)
            width = max(px(2), round(img.get_width() * self._flip_width()))
            where = img.get_rect(**{anchor: pos}).inflate(px(4), px(4))
            parts[("flip", seat)] = ((figure, color, width), where)
