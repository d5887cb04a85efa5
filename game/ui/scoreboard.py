"""The scoreboard, one tap away: :class:`Scoreboard`, a part every card table owns (one of its
widgets, key ``"board"``): the top bar's score button and, while open, the scoreboard panel
over the table — every round so far (a row each), a column per seat or side, running totals,
the match's end condition, the leader lit and the ranked totals at the foot.

The rows come from the game's pure scoresheet (``game/games/<name>/scoresheet.py``) over the
seat's own view, cut to the rounds the screen has already shown (a round whose score event
still waits in the queue is not told early). It opens from its button or the pause menu and
closes with a tap outside the panel, the button again or Esc; a round's own score panel (or
the match's end) closes it.

While it is open the table plays on underneath, as in the card apps players know (a peek at
the scores is not a pause): bots move, the turn clocks run (TB-6..8 treat it like any look
away from the table), and online nothing differs from a local table, so it cannot be used
to hold a match up. It takes every tap and key meanwhile, so a tap meant to close it never
plays a card. Drawn as an opaque panel over :func:`game.ui.draw.dim` (one multiply or one
veil with a surface alpha: no per-pixel alpha over the frame).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game import i18n
from game.client.session import TableSession
from game.core.scoresheet import Sheet, shown
from game.i18n import digits, t, tn
from game.ui import draw, overlay
from game.ui.draw import RGB
from game.ui.scale import px
from game.ui.widgets import Button, Widget, button_image

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.event_player import EventPlayer
    from game.ui.seat_places import SeatPlaces
    from game.ui.table_buttons import TableButtons

SCORED = ("round_scored", "deal_scored")  # the events that add a row
LEADER = (58, 50, 24)  # the leader's column, behind its cells
STRIPE = (26, 42, 40)  # every other row


class HasWidgets(Protocol):
    widgets: list[Widget]


class BoardTable(Protocol):
    """What the scoreboard reads of its table (game.ui.cardtable.CardTable)."""

    app: App
    name: str
    session: TableSession
    events: EventPlayer
    widgets: list[Widget]
    buttons: TableButtons  # the language button's row is the top bar's

    def modal(self) -> bool: ...

    @property
    def places(self) -> SeatPlaces: ...


class PodiumButton(Button):
    """The score button: a podium drawn in the label's ink (a word would crowd the top bar
    in portrait); its label stays the words, for readers and tests."""

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        fill, edge, ink = self.colors()
        surface.blit(button_image(self.rect.w, self.rect.h, fill, edge, ink, "", 22), self.rect)
        unit = max(1, self.rect.h // 9)
        base = self.rect.centery + 2 * unit
        for dx, tall in ((-3, 2), (-1, 4), (1, 3)):  # second, first, third place
            bar = pygame.Rect(self.rect.centerx + dx * unit, base - tall * unit, 2 * unit, 0)
            bar.h = tall * unit
            pygame.draw.rect(surface, ink, bar.inflate(-max(1, unit // 3), 0))
        pygame.draw.line(
            surface, ink, (self.rect.centerx - 4 * unit, base), (self.rect.centerx + 4 * unit, base)
        )


def sheet_maker(game: str) -> Callable[[dict[str, Any]], Sheet] | None:
    """The game's ``scoresheet.sheet`` (None for a game without one: no button)."""
    try:
        module = importlib.import_module(f"game.games.{game}.scoresheet")
    except ImportError:
        return None
    maker: Callable[[dict[str, Any]], Sheet] = module.sheet
    return maker


class Scoreboard(Widget):
    """The score button and the scoreboard panel of one table (see the module docstring)."""

    def __init__(self, table: BoardTable) -> None:
        self.table = table
        self.key = "board"
        self.maker = sheet_maker(table.name)
        layout = table.app.layout
        self.button = PodiumButton(
            (0, layout.top_bar.y, px(46), layout.top_bar.h),
            lambda: t("board.button"),
            self.toggle,
            22,
        )
        self.button.key = "board"
        self.rect = self.button.rect
        self.is_open = False
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.pressed_outside = False

    # ----- state ------------------------------------------------------------------------------
    def sheet(self) -> Sheet | None:
        """The sheet of the rounds the screen has shown so far."""
        if self.maker is None:
            return None
        pending = sum(ev.get("type") in SCORED for ev in self.table.events.queue)
        return shown(self.maker(self.table.session.view()), pending)

    def toggle(self) -> None:
        if self.is_open:
            self.close()
        else:
            self.open()

    def open(self) -> None:
        if self.maker is not None and not self.table.modal():
            self.is_open = True
            self.pressed_outside = False

    def close(self) -> None:
        self.is_open = False
        self.pressed_outside = False

    def place(self, modal: bool) -> None:
        """Beside the language button, on the side away from the bar's edge (every frame);
        a round's score panel or the match's end closes the board."""
        self.visible = self.button.visible = self.maker is not None and not modal
        if modal:
            self.close()
        lang = self.table.buttons.lang.rect
        gap = px(12)
        self.button.rect.y, self.button.rect.h = lang.y, lang.h
        if i18n.is_rtl():
            self.button.rect.x = lang.right + gap
        else:
            self.button.rect.right = lang.x - gap
        self.button.selected = self.is_open
        self.rect = self.button.rect

    # ----- input ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Closed: the button's. Open: every event is the board's (Esc or a tap outside the
        panel, the button's included, closes it)."""
        if not self.is_open:
            return self.button.handle(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed_outside = not self.panel.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.pressed_outside and not self.panel.collidepoint(event.pos):
                self.close()
            self.pressed_outside = False
        return True

    # ----- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The button, in the widgets' turn (the panel comes last: :meth:`draw_over`)."""
        if self.visible:
            self.button.draw(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        """While open: the table dimmed, the lit button and the panel, over everything."""
        sheet = self.sheet() if self.is_open else None
        if sheet is None:
            return
        overlay.dim(surface, overlay.DIM)
        self.button.draw(surface)
        BoardPanel(self.table, sheet).draw(surface, self.place_panel(sheet))

    def place_panel(self, sheet: Sheet) -> pygame.Rect:
        """The panel's rect for ``sheet``: under the top bar, as tall as its rows need."""
        layout = self.table.app.layout
        w = min(px(820), layout.w - px(96)) if not layout.portrait else layout.w - px(48)
        top = layout.top_bar.bottom + px(14)
        room = layout.h - top - px(24 if not layout.portrait else 40)
        self.panel = pygame.Rect(0, top, w, min(room, BoardPanel(self.table, sheet).height()))
        self.panel.centerx = layout.w // 2
        return self.panel


def rebuilt(table: BoardTable) -> Scoreboard:
    """A scoreboard for the table's new layout, open if the one before it was."""
    old = find(table)
    board = Scoreboard(table)
    board.is_open = old is not None and old.is_open
    return board


def place(table: BoardTable, modal: bool) -> None:
    """Place the table's board's button (every frame, before the hint button)."""
    board = find(table)
    if board is not None:
        board.place(modal)


def draw_over(table: BoardTable, surface: pygame.Surface) -> None:
    """The open board over everything the table drew."""
    board = find(table)
    if board is not None:
        board.draw_over(surface)


def shoot(shooter: Any, table: HasWidgets, name: str) -> None:
    """For a game's screenshot script: the board opened with a real tap, shot as ``name``,
    then closed with another (``shooter``: a game.ui.screenshots.Shooter)."""
    board = find(table)
    if board is None or not board.visible:
        return
    shooter.click(board.rect.center)
    shooter.frames(2)
    shooter.shot(name)
    shooter.click(board.rect.center)


def anchor(table: BoardTable) -> pygame.Rect:
    """Where a game's own top-bar button goes beside: the board's button, else the language
    button (Hareeja's last trick)."""
    board = find(table)
    return board.rect if board is not None and board.visible else table.buttons.lang.rect


def find(table: HasWidgets) -> Scoreboard | None:
    """The table's scoreboard (among its widgets), if it has one."""
    return next((w for w in table.widgets if isinstance(w, Scoreboard)), None)


def open_on(table: HasWidgets) -> bool:
    """Open ``table``'s scoreboard (the pause menu's entry); True when there is one."""
    board = find(table)
    if board is None:
        return False
    board.open()
    return True


ROW_H, HEAD_H, TITLE_H = 38, 44, 96  # logical px


class BoardPanel:
    """One frame's drawing of a sheet in the board's panel (columns mirrored in Arabic)."""

    def __init__(self, table: BoardTable, sheet: Sheet) -> None:
        self.table = table
        self.sheet = sheet
        self.rtl = i18n.is_rtl()

    def height(self) -> int:
        """The height the panel would like for its sheet (frame px)."""
        rows = max(1, len(self.sheet.rows))
        return px(TITLE_H + HEAD_H + self.foot_h() + 16) + px(ROW_H) * (rows + 1)

    def column_name(self, column: Sequence[int]) -> str:
        return " · ".join(self.table.places.seat_name(s) for s in column)

    def cells(self, rect: pygame.Rect) -> list[pygame.Rect]:
        """The x-extent of the label column then each seat column (mirrored in Arabic)."""
        n = len(self.sheet.columns)
        inner = rect.inflate(-px(32), 0)
        label_w = min(px(170), inner.w // (n + 1) + px(30))
        col_w = (inner.w - label_w) // n
        spans = [pygame.Rect(inner.x, 0, label_w, 1)]
        spans += [pygame.Rect(inner.x + label_w + i * col_w, 0, col_w, 1) for i in range(n)]
        if self.rtl:
            for span in spans:
                span.x = inner.x + inner.right - span.right
        return spans

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        sheet = self.sheet
        overlay.panel(surface, rect)
        title = t("board.title")
        size = draw.fit_text(title, 30, rect.w - px(40), True)
        draw.blit_text(surface, title, size, (rect.centerx, rect.y + px(32)), draw.GOLD, True)
        goal = tn(*sheet.goal)
        size = self.fit(goal, 20, rect.w - px(40))
        draw.blit_text(surface, goal, size, (rect.centerx, rect.y + px(70)), draw.INK_DIM)
        spans = self.cells(rect)
        top = rect.y + px(TITLE_H)
        body = rect.bottom - px(self.foot_h()) - top - px(HEAD_H)
        shown = max(1, body // px(ROW_H) - 1)  # the rows that fit, the total row apart
        rows = sheet.rows[-shown:]
        leaders = sheet.leaders()
        for c in leaders:  # the leader's column lit from its name down to its total
            span = spans[1 + c]
            height = px(HEAD_H) + px(ROW_H) * (max(1, len(rows)) + 1)
            stripe = pygame.Rect(span.x + px(2), top, span.w - px(4), height)
            pygame.draw.rect(surface, LEADER, stripe, border_radius=px(8))
        self.draw_head(surface, spans, top, leaders)
        y = top + px(HEAD_H)
        if not rows:
            text = t("board.empty")
            size = self.fit(text, 20, rect.w - px(60))
            draw.blit_text(surface, text, size, (rect.centerx, y + px(ROW_H) // 2), draw.INK_DIM)
            y += px(ROW_H)
        for i, row in enumerate(rows):
            if i % 2:
                band = pygame.Rect(rect.x + px(12), y, rect.w - px(24), px(ROW_H))
                pygame.draw.rect(surface, STRIPE, band, border_radius=px(6))
                for c in leaders:
                    span = spans[1 + c]
                    lit = pygame.Rect(span.x + px(2), y, span.w - px(4), px(ROW_H))
                    pygame.draw.rect(surface, (70, 60, 30), lit)
            label = t(row.key, n=digits(row.n))
            ink = draw.INK_DIM if row.live else draw.INK
            self.draw_row(surface, spans, y, label, row.points, ink, leaders, False)
            y += px(ROW_H)
        pygame.draw.line(
            surface, draw.PANEL_EDGE, (rect.x + px(16), y), (rect.right - px(16), y), px(2)
        )
        self.draw_row(surface, spans, y, t("board.total"), sheet.totals, draw.SAND, leaders, True)
        self.draw_foot(surface, rect)

    def draw_head(
        self, surface: pygame.Surface, spans: list[pygame.Rect], top: int, lit: tuple[int, ...]
    ) -> None:
        cy = top + px(HEAD_H) // 2
        for c, column in enumerate(self.sheet.columns):
            span = spans[1 + c]
            name = self.column_name(column)
            size = self.fit(name, 20, span.w - px(10), True)
            color = draw.GOLD if c in lit else draw.INK
            draw.blit_text(surface, name, size, (span.centerx, cy), color, True)

    def draw_row(
        self,
        surface: pygame.Surface,
        spans: list[pygame.Rect],
        y: int,
        label: str,
        values: Sequence[int],
        color: RGB,
        lit: tuple[int, ...],
        bold: bool,
    ) -> None:
        cy = y + px(ROW_H) // 2
        head = spans[0]
        anchor, x = ("midright", head.right - px(4)) if self.rtl else ("midleft", head.x + px(4))
        size = self.fit(label, 20, head.w - px(8), bold)
        draw.blit_text(surface, label, size, (x, cy), color, bold, anchor)
        for c, value in enumerate(values):
            ink = draw.GOLD if bold and c in lit else color
            draw.blit_text(surface, digits(value), 22, (spans[1 + c].centerx, cy), ink, bold)

    def chip_lines(self, width: int) -> list[list[tuple[pygame.Surface, bool]]]:
        """The ranked totals as chips (place, name, total), in lines that fit ``width``."""
        sheet = self.sheet
        lines: list[list[tuple[pygame.Surface, bool]]] = [[]]
        used = 0
        for place, c in sheet.ranking():
            name = self.column_name(sheet.columns[c])
            text = f"{digits(place)}. {name}  {digits(sheet.totals[c])}"
            fitted = self.fit(text, 20, width - px(20), True)
            best = c in sheet.leaders()
            img = draw.label(text, fitted, draw.GOLD if best else draw.INK, True)
            w = img.get_width() + px(30)
            if lines[-1] and used + w > width:
                lines.append([])
                used = 0
            lines[-1].append((img, best))
            used += w
        return lines

    def draw_foot(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The ranked totals (shared places shared), then how to close the board."""
        gap = px(10)
        y = rect.bottom - px(self.foot_h()) + px(12)
        for line in self.chip_lines(rect.w - px(32)):
            widths = [img.get_width() + px(20) for img, _best in line]
            x = rect.centerx - (sum(widths) + gap * (len(line) - 1)) // 2
            for (img, best), w in zip(
                line if not self.rtl else line[::-1], widths[:: 1 if not self.rtl else -1]
            ):
                box = pygame.Rect(x, y, w, px(40))
                pygame.draw.rect(
                    surface, LEADER if best else (30, 44, 42), box, border_radius=px(10)
                )
                surface.blit(img, img.get_rect(center=box.center))
                x += w + gap
            y += px(48)
        close = t("board.close")
        size = self.fit(close, 18, rect.w - px(40))
        draw.blit_text(surface, close, size, (rect.centerx, rect.bottom - px(22)), draw.INK_DIM)

    def fit(self, s: str, size: int, width: int, bold: bool = False) -> int:
        """The font size ``s`` is drawn at in ``width``: at most ``size``, and in portrait never
        under 22 (read on a phone: tests/ui/test_phone_sizes.py)."""
        portrait = self.table.app.layout.portrait
        top = max(size, 22) if portrait else size
        return draw.fit_text(s, top, width, bold, minimum=22 if portrait else 12)

    def foot_h(self) -> int:
        """The foot's height (logical px): the ranking's lines of chips and the closing line."""
        return len(self.chip_lines(self.table.app.layout.w - px(80))) * 48 + 56
