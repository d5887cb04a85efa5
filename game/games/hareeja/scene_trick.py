"""The centre of the Hareeja table: the trick being played (each card at its player's spot),
collected to its winner, and the last trick, looked at for a moment with each card's player
named on it (a tap on the centre, the "Last trick" button or L; tap again to close it sooner).

:class:`TrickArea` is a part of :class:`game.games.hareeja.scene.HareejaTable`: it owns the
trick's sprites, the last trick as shown, the look at it (its button, its time left, where a
tap opens it) and their drawing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.i18n import t
from game.ui import assets, draw
from game.ui.scale import px
from game.ui.sprites import Sprite
from game.ui.table_still import cards_key, cards_region
from game.ui.tween import Speed
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.games.hareeja.scene import HareejaTable
    from game.ui.static_layer import Part

JSON = dict[str, Any]
PEEK_SECONDS = 2.6  # the last trick stays up this long (tap again to close it sooner)
PEEK_SCALE = 0.82  # the last trick a little smaller than the live one (104 px tall: a 26 px index)


class TrickArea:
    """The trick and the last trick (see the module docstring)."""

    def __init__(self, table: HareejaTable) -> None:
        self.table = table
        self.cards: list[tuple[int, Sprite]] = []  # (seat, sprite) in the order played
        self.collecting = False  # the trick flies to its winner
        self.last: JSON | None = None  # {"cards": [[seat, code]...], "winner"} as shown
        self.peek = 0.0  # seconds the last trick stays up

    def reset(self) -> None:
        """A new deal: no trick on the table, none to look back at."""
        self.cards = []
        self.last = None
        self.peek = 0.0

    def sync(self, view: JSON) -> None:
        """The trick as the view has it (no animation)."""
        size = self.table.app.layout.trick_card
        self.cards = [
            (s, Sprite(c, self.table.places.trick_spot(s), size)) for s, c in view["trick"]
        ]
        self.last = view["last_trick"] if view["phase"] == "play" else None

    def sprites(self) -> list[Sprite]:
        return [s for _seat, s in self.cards]

    def add(self, seat: int, sprite: Sprite) -> None:
        """``seat``'s card joins the live trick; a look at the last trick ends, so the card is
        never played out of sight under it."""
        self.cards.append((seat, sprite))
        self.peek = 0.0

    def landing(self) -> bool:
        """A card of the trick is still on its way."""
        return any(s.moving for _seat, s in self.cards)

    def still(self) -> bool:
        """Every card of the trick rests (it may be kept in the still layer)."""
        return not any(s.motion is not None or s.flip_t is not None for _x, s in self.cards)

    def update(self, dt: float) -> None:
        for _seat, sprite in self.cards:
            sprite.update(dt)

    # ----- the last trick -----------------------------------------------------------------------
    def can_peek(self) -> bool:
        """The last trick may be looked at: in play (never while bidding), once one was won."""
        table = self.table
        return table.phase == "play" and table.bidding.revealed and self.last is not None

    def peeking(self) -> bool:
        """The last trick takes the centre for a moment (the live trick is not drawn)."""
        return self.peek > 0 and self.last is not None

    def toggle(self) -> None:
        """Show the last trick with who played each card for a moment (again: close it)."""
        table = self.table
        if self.peek > 0:
            self.peek = 0.0
        elif self.can_peek():
            self.peek = Speed.scale(PEEK_SECONDS, motion=False)
        elif table.phase == "play" and table.bidding.revealed:
            table.messages.show_hint(t("hj.last_trick.none"))
        else:
            table.messages.show_hint(t("hj.last_trick.not_now"))

    def count_down(self, dt: float) -> None:
        """The look runs out (at once when it may not be taken or a panel opens)."""
        if self.peek > 0:
            open_ = self.can_peek() and not self.table.modal()
            self.peek = max(0.0, self.peek - dt) if open_ else 0.0

    def rect(self) -> pygame.Rect:
        """The centre of the table: a tap there shows the last trick."""
        layout = self.table.app.layout
        dx = max(abs(x) for x, _y in layout.trick_offsets) + layout.trick_card[0] // 2
        dy = max(abs(y) for _x, y in layout.trick_offsets) + layout.trick_card[1] // 2
        return pygame.Rect(layout.center[0] - dx, layout.center[1] - dy, 2 * dx, 2 * dy)

    def build(self) -> Button:
        """The "Last trick" button in the top bar (placed by :meth:`place`)."""
        tb = self.table.app.layout.top_bar
        self.button = Button(
            (0, tb.y, px(176), tb.h), lambda: t("hj.last_trick"), self.toggle, 22, key="last_trick"
        )
        return self.button

    def place(self, modal: bool, lang: pygame.Rect) -> None:
        """Beside the language button ``lang``, on the buttons' side of the bar."""
        button = self.button
        button.visible = not modal and self.can_peek()
        button.selected = self.peek > 0
        gap = px(12)
        if i18n.is_rtl():
            button.rect.x = lang.right + gap
        else:
            button.rect.right = lang.x - gap
        button.rect.y = self.table.app.layout.top_bar.y

    # ----- drawing ------------------------------------------------------------------------------
    def still_part(self) -> Part:
        """The trick at rest for the still layer (none drawn while the last one is up)."""
        sprites = [] if self.peeking() else self.sprites()
        return cards_key(sprites), cards_region(sprites)

    def draw(self, surface: pygame.Surface, four: bool) -> None:
        """The live trick (not while the last one takes the centre)."""
        if not self.peeking():
            for _seat, sprite in self.cards:
                sprite.draw(surface, four)

    def draw_last(self, surface: pygame.Surface, four: bool) -> None:
        """The last trick over the centre: each card where its player plays, with the player's
        name on it; the winner's card ringed in gold."""
        if not self.peeking() or self.last is None:
            return
        layout = self.table.app.layout
        size = (round(layout.trick_card[0] * PEEK_SCALE), round(layout.trick_card[1] * PEEK_SCALE))
        cards: list[tuple[int, str]] = [(seat, code) for seat, code in self.last["cards"]]
        spots = {seat: self._spot(seat) for seat, _code in cards}
        winner: int = self.last["winner"]
        self._draw_frame(surface, self._frame(spots, size), winner)
        for seat, code in cards:
            img = assets.card_face(code, size, four)
            rect = img.get_rect(center=(round(spots[seat][0]), round(spots[seat][1])))
            surface.blit(img, rect)
            if seat == winner:
                ring = rect.inflate(px(6), px(6))
                pygame.draw.rect(surface, draw.GOLD, ring, px(3), border_radius=px(9))
        for seat, _code in cards:  # names on top of every card
            self._draw_name(surface, seat, spots[seat], size, seat == winner)

    def _spot(self, seat: int) -> tuple[float, float]:
        layout = self.table.app.layout
        dx, dy = layout.trick_offsets[self.table.places.spot(seat)]
        return layout.center[0] + dx * PEEK_SCALE, layout.center[1] + dy * PEEK_SCALE

    @staticmethod
    def _frame(spots: dict[int, tuple[float, float]], size: tuple[int, int]) -> pygame.Rect:
        """The panel around the last trick's cards, with room for its title on top."""
        area = pygame.Rect(0, 0, 0, 0)
        for pos in spots.values():
            r = pygame.Rect((0, 0), size)
            r.center = (round(pos[0]), round(pos[1]))
            area = r if not area.w else area.union(r)
        frame = area.inflate(px(56), px(40))
        frame.y -= px(22)
        frame.h += px(22)
        return frame

    def _draw_frame(self, surface: pygame.Surface, frame: pygame.Rect, winner: int) -> None:
        table = self.table
        draw.panel(surface, frame, (12, 24, 24), 255, px(18), draw.GOLD)
        title = (
            t("hj.last_trick.title_you")
            if winner == table.me
            else t("hj.last_trick.title", name=table.places.seat_name(winner))
        )
        size = draw.fit_text(title, 22 if table.app.layout.portrait else 20, frame.w - px(20), True)
        draw.blit_text(
            surface, title, size, (frame.centerx, frame.y + px(20)), draw.GOLD, bold=True
        )

    def _draw_name(
        self,
        surface: pygame.Surface,
        seat: int,
        spot: tuple[float, float],
        size: tuple[int, int],
        won: bool,
    ) -> None:
        """The player's name in a pill over the lower part of the card."""
        portrait = self.table.app.layout.portrait
        name = self.table.places.seat_name(seat)
        pill = pygame.Rect(
            0, 0, size[0] + px(18), px(34) if portrait else px(26)
        )  # (descenders in)
        pill.center = (round(spot[0]), round(spot[1] + size[1] / 2 - px(14)))
        edge = draw.GOLD if won else draw.PANEL_EDGE
        draw.panel(surface, pill, (20, 20, 20), 225, px(10), edge)
        fit = draw.fit_text(name, 22 if portrait else 16, pill.w - px(8), True)
        draw.blit_text(surface, name, fit, pill.center, draw.INK, bold=True)
