"""Reactions at an online table: the bubble beside a sender's plate and the panel to send one.

:class:`TableReactions` is a part the table's plates own (``table.plates.reactions``, only at
an online table). A reaction that comes (:meth:`game.client.online.OnlineSession.take_reactions`)
shows for :data:`BUBBLE_SECONDS` beside the sender's plate: a bubble with the phrase's drawn
icon and its words, painted once into an opaque image (its corners keyed out, run-length
encoded) and then only blitted. It asks for no frame of its own: the screen is drawn again
when one comes and when it goes (``app.invalidate``), and :meth:`due` says when the next goes
so that a resting loop wakes for it.

The panel opens from a button in the top bar (away from the hand, both orientations): one
button per phrase (a tap sends it and closes the panel) and, for every other person at the
table, a mute toggle; muting is kept for the table (the session holds it, so a rebuilt scene
keeps it) and hides that seat's bubbles at once. Bots send nothing.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Protocol

import pygame

from game import i18n
from game.client.online import OnlineSession
from game.i18n import t
from game.net.protocol import PHRASES
from game.ui import draw, scale
from game.ui.draw import RGB
from game.ui.scale import px
from game.ui.surfaces import rle
from game.ui.widgets import Button, Widget, beside_row

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.seat_places import SeatPlaces
    from game.ui.table_buttons import TableButtons

BUBBLE_SECONDS = 3.0
KEY: RGB = (255, 0, 255)  # the bubble image's clear corners
BUBBLE_FILL: RGB = (246, 238, 222)
BUBBLE_INK: RGB = (30, 36, 34)
ICON_COLORS: dict[str, RGB] = {
    "well_played": (212, 168, 72),
    "hurry_up": (224, 120, 60),
    "oops": (200, 80, 80),
    "thanks": (204, 84, 120),
    "good_luck": (70, 160, 100),
    "wow": (110, 120, 220),
    "sorry": (120, 140, 160),
    "good_game": (60, 150, 170),
}


class ReactionTable(Protocol):
    """What the reactions read of their table scene."""

    app: App
    me: int
    players: int
    widgets: list[Widget]
    buttons: TableButtons  # the language button's row is the top bar's

    @property
    def places(self) -> SeatPlaces: ...


class TableReactions:
    """Bubbles beside the plates, the send panel and the mutes (see the module docstring)."""

    def __init__(self, table: ReactionTable, session: OnlineSession) -> None:
        self.table = table
        self.session = session
        self.bubbles: dict[int, float] = {}  # seat -> seconds it still shows
        self.phrases: dict[int, str] = {}  # seat -> the phrase of its bubble
        self.open = False
        self.toggle = Button((0, 0, px(150), px(52)), self.toggle_words, self.flip, 22)
        self.toggle.key = "react"
        self.phrase_buttons = [self._phrase_button(p) for p in PHRASES]
        self.mute_buttons = [self._mute_button(s) for s in self.people()]

    # ----- widgets ------------------------------------------------------------------------------
    def _phrase_button(self, phrase: str) -> Button:
        button = Button((0, 0, px(200), px(56)), lambda: t(f"react.{phrase}"), lambda: None, 22)
        button.on_click = lambda: self.send(phrase)
        button.key = f"react.{phrase}"
        return button

    def _mute_button(self, seat: int) -> Button:
        def words() -> str:
            key = "react.unmute" if seat in self.session.muted else "react.mute"
            return t(key, name=t(self.table.places.seat_name(seat)))

        button = Button((0, 0, px(200), px(48)), words, lambda: self.mute(seat), 20)
        button.key = f"mute.{seat}"
        return button

    def people(self) -> list[int]:
        """The other seats people sit in (bots send nothing: nothing to mute)."""
        seats = self.session.seats
        return [s for s in range(len(seats)) if s != self.table.me and seats[s].kind != "bot"]

    def widgets(self) -> list[Button]:
        return [self.toggle, *self.phrase_buttons, *self.mute_buttons]

    @staticmethod
    def toggle_words() -> str:
        return t("react.button")

    # ----- acting ------------------------------------------------------------------------------
    def flip(self) -> None:
        self.open = not self.open
        self.table.app.invalidate()

    def send(self, phrase: str) -> None:
        self.session.react(phrase)  # the server's echo brings the bubble
        self.open = False
        self.table.app.invalidate()

    def mute(self, seat: int) -> None:
        muted = seat not in self.session.muted
        self.session.mute(seat, muted)
        if muted and self.bubbles.pop(seat, None) is not None:
            self.phrases.pop(seat, None)
        self.table.app.invalidate()

    # ----- time ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Take the reactions come; end the bubbles whose time is up (a redraw for each)."""
        changed = False
        for seat, phrase in self.session.take_reactions():
            self.bubbles[seat], self.phrases[seat] = BUBBLE_SECONDS, phrase
            changed = True
        for seat, left in list(self.bubbles.items()):
            if left <= dt:
                del self.bubbles[seat], self.phrases[seat]
                changed = True
            else:
                self.bubbles[seat] = left - dt
        if changed:
            self.table.app.invalidate()

    def due(self) -> float | None:
        """Seconds until the next bubble goes (None: none shows)."""
        return min(self.bubbles.values()) if self.bubbles else None

    # ----- placing and drawing -----------------------------------------------------------------
    def place(self, modal: bool, after: tuple[Widget, ...] = ()) -> None:
        """The button in the top bar beside the bar's other buttons (``after``: those placed
        beside this one); the panel under the bar."""
        layout = self.table.app.layout
        tb = layout.top_bar
        self.toggle.visible = not modal
        self.toggle.rect.y = tb.y
        self.toggle.rect.h = tb.h
        table = self.table
        beside_row(self.toggle, table.widgets, table.buttons.lang.rect.y, layout.w, after)
        self.toggle.selected = self.open
        shown = self.open and not modal
        for button in (*self.phrase_buttons, *self.mute_buttons):
            button.visible = shown
        if shown:
            self._place_panel()

    def panel_rect(self) -> pygame.Rect:
        """The panel: two columns of phrases, then a row per mute toggle."""
        rows = math.ceil(len(self.phrase_buttons) / 2)
        h = px(24) + rows * px(64) + len(self.mute_buttons) * px(56) + px(8)
        rect = pygame.Rect(0, 0, px(440), h)
        tb = self.table.app.layout.top_bar
        rect.top = tb.bottom + px(10)
        if i18n.is_rtl():
            rect.left = self.toggle.rect.left
        else:
            rect.right = self.toggle.rect.right
        return rect.clamp(pygame.Rect(0, 0, self.table.app.layout.w, self.table.app.layout.h))

    def _place_panel(self) -> None:
        rect = self.panel_rect()
        rtl = i18n.is_rtl()
        for i, button in enumerate(self.phrase_buttons):
            column = (1 - i % 2) if rtl else i % 2
            button.rect.topleft = (
                rect.x + px(12) + column * px(216),
                rect.y + px(16) + (i // 2) * px(64),
            )
        top = rect.y + px(16) + math.ceil(len(self.phrase_buttons) / 2) * px(64)
        for i, button in enumerate(self.mute_buttons):
            button.rect.size = (rect.w - px(24), px(48))
            button.rect.topleft = (rect.x + px(12), top + i * px(56))

    def draw(self, surface: pygame.Surface) -> None:
        """Every bubble, then the open panel over them (its buttons are also the scene's
        widgets, for taps: drawn again here, over its backing)."""
        for seat in self.bubbles:
            image = bubble(t(f"react.{self.phrases[seat]}"), self.phrases[seat], i18n.is_rtl())
            surface.blit(image, self.bubble_spot(seat, image.get_size()))
        if self.open and self.phrase_buttons[0].visible:
            draw.panel(surface, self.panel_rect(), draw.PANEL, 255, px(16), draw.PANEL_EDGE)
            for button in (*self.phrase_buttons, *self.mute_buttons):
                button.draw(surface)

    def bubble_spot(self, seat: int, size: tuple[int, int]) -> tuple[int, int]:
        """Beside the plate, on the side toward the table's middle, kept on screen."""
        layout = self.table.app.layout
        plate = self.table.places.plate_rect(seat)
        box = pygame.Rect((0, 0), size)
        if plate.centery > layout.h * 0.7:  # your plate, at the bottom: above it
            box.midbottom = (plate.centerx, plate.top - px(8))
        elif plate.centerx < layout.w * 0.35:
            box.midleft = (plate.right + px(10), plate.centery)
        elif plate.centerx > layout.w * 0.65:
            box.midright = (plate.left - px(10), plate.centery)
        else:
            box.midtop = (plate.centerx, plate.bottom + px(8))
        box.clamp_ip(pygame.Rect(0, 0, layout.w, layout.h))
        return box.topleft


@scale.cached(maxsize=64)
def bubble(words: str, phrase: str, rtl: bool) -> pygame.Surface:
    """One bubble's picture: the icon in a disc, then the words (the icon first in the
    reading direction), on a rounded light card. Opaque with keyed corners, run-length
    encoded."""
    text = draw.label(words, 22, BUBBLE_INK, True)
    d = px(34)
    w, h = px(14) + d + px(10) + text.get_width() + px(16), max(d, text.get_height()) + px(16)
    image = pygame.Surface((w, h))
    image.fill(KEY)
    pygame.draw.rect(image, BUBBLE_FILL, image.get_rect(), border_radius=h // 2)
    pygame.draw.rect(image, ICON_COLORS[phrase], image.get_rect(), px(2), border_radius=h // 2)
    icon_x = w - px(14) - d // 2 if rtl else px(14) + d // 2
    draw_icon(image, phrase, (icon_x, h // 2), d // 2)
    text_x = px(16) if rtl else px(14) + d + px(10)
    image.blit(text, (text_x, (h - text.get_height()) // 2))
    image.set_colorkey(KEY)
    return rle(image)


def draw_icon(surface: pygame.Surface, phrase: str, center: tuple[int, int], r: int) -> None:
    """The phrase's icon: a coloured disc with a simple white mark drawn on it."""
    cx, cy = center
    pygame.draw.circle(surface, ICON_COLORS[phrase], center, r)
    white = (255, 255, 255)
    u = max(1, r // 5)
    if phrase in ("well_played", "good_game"):  # a star / a cup
        points = [
            (
                cx + (r * 0.7 if i % 2 == 0 else r * 0.3) * math.sin(i * math.pi / 5),
                cy - (r * 0.7 if i % 2 == 0 else r * 0.3) * math.cos(i * math.pi / 5),
            )
            for i in range(10)
        ]
        if phrase == "well_played":
            pygame.draw.polygon(surface, white, points)
        else:
            pygame.draw.rect(surface, white, (cx - r // 2, cy - r // 2, r, r // 2 + u))
            pygame.draw.rect(surface, white, (cx - u // 2, cy, u + 1, r // 2))
            pygame.draw.rect(surface, white, (cx - r // 3, cy + r // 2 - u, 2 * r // 3, u + 1))
    elif phrase == "hurry_up":  # a clock
        pygame.draw.circle(surface, white, center, int(r * 0.65), u)
        pygame.draw.line(surface, white, center, (cx, cy - r // 2), u)
        pygame.draw.line(surface, white, center, (cx + r // 3, cy), u)
    elif phrase == "wow":  # a four-pointed sparkle
        k = r * 0.7
        q = r * 0.18
        pygame.draw.polygon(
            surface,
            white,
            [(cx, cy - k), (cx + q, cy - q), (cx + k, cy), (cx + q, cy + q)]
            + [(cx, cy + k), (cx - q, cy + q), (cx - k, cy), (cx - q, cy - q)],
        )
    elif phrase == "oops":  # an exclamation mark
        pygame.draw.rect(surface, white, (cx - u, cy - r // 2, 2 * u, r // 2 + u))
        pygame.draw.circle(surface, white, (cx, cy + r // 2 - u // 2), u)
    elif phrase == "thanks":  # a heart
        pygame.draw.circle(surface, white, (cx - r // 4, cy - r // 8), r // 3)
        pygame.draw.circle(surface, white, (cx + r // 4, cy - r // 8), r // 3)
        pygame.draw.polygon(
            surface, white, [(cx - r * 0.55, cy), (cx + r * 0.55, cy), (cx, cy + r * 0.6)]
        )
    elif phrase == "good_luck":  # a four-leaf clover
        for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
            pygame.draw.circle(surface, white, (cx + dx * r // 4, cy + dy * r // 4), r // 4)
    else:  # sorry: a sad face
        pygame.draw.circle(surface, white, (cx - r // 3, cy - r // 5), u)
        pygame.draw.circle(surface, white, (cx + r // 3, cy - r // 5), u)
        arc = pygame.Rect(cx - r // 2, cy + r // 6, r, r // 2)
        pygame.draw.arc(surface, white, arc, 0.3, math.pi - 0.3, u)
