"""The statistics screen: one tab per game that exists, big numbers (played, won, win rate,
current and best win streak), the game's key figures, the last ten matches, and Reset with a
confirm step. Reads :mod:`game.client.stats` through ``stats.load``; draws nothing it
has not been given (an empty store shows zeros and a line saying so)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.client import stats
from game.i18n import digits, t
from game.ui import draw, games, overlay
from game.ui.scale import px
from game.ui.scene import Scene
from game.ui.widgets import Button, Segmented, label_for

if TYPE_CHECKING:
    from game.ui.app import App

TILE_KEYS = ("played", "won", "rate", "streak", "best")
ROW_H = {False: 30, True: 40}  # match rows (logical px): landscape, portrait


def result_text(entry: dict[str, Any]) -> str:
    if entry["result"] == "place":
        place = entry.get("place")
        key = f"stats.place.{place}"
        return t(key) if t(key) != key else t("stats.result.place", n=digits(place or "?"))
    return t(f"stats.result.{entry['result']}")


def score_text(entry: dict[str, Any]) -> str:
    totals, side = entry.get("totals") or [], entry.get("side", 0)
    if not totals or not 0 <= side < len(totals):
        return t("stats.none")
    return digits(totals[side])


def date_text(entry: dict[str, Any]) -> str:
    """ "2025-03-04 21:07" as 2025/03/04 21:07 (slashes keep the date in order under bidi)."""
    return digits(entry.get("date", "").replace("-", "/"))


def figure_text(value: object) -> str:
    if value is None:
        return t("stats.none")
    if isinstance(value, tuple):
        return t("stats.of", a=digits(value[0]), b=digits(value[1]))
    if isinstance(value, float):
        return number(f"{value:.1f}")
    return digits(value)


def number(s: str) -> str:
    """Digits, decimal point and percent sign as the language writes them (٫ and ٪ in Arabic)."""
    s = digits(s)
    return s.replace(".", "\u066b").replace("%", "\u066a") if i18n.language() == "ar" else s


class StatsScene(Scene):
    name = "stats"

    def __init__(self, app: App, back: str = "menu", game: str | None = None):
        self.back_to = back
        self.fetching: Any = None  # a RecordFetch while a server is asked for a match
        self.data, message = stats.load()
        if message:
            app.toast(message)
        self.pages = [g.key for g in games.available()] or [games.DEFAULT_GAME]
        chosen = game or app.settings.get("game", games.DEFAULT_GAME)
        self.game = chosen if chosen in self.pages else self.pages[0]
        super().__init__(app)

    # ----- layout ------------------------------------------------------------------------------
    def build(self) -> None:
        layout = self.app.layout
        portrait = layout.portrait
        self.width = min(px(1120), layout.w - px(64)) if not portrait else layout.w - px(48)
        self.x0 = (layout.w - self.width) // 2
        self.title_y = px(44 if not portrait else 64)
        tabs_y = px(76 if not portrait else 104)
        self.tabs: Segmented | None = None
        top = tabs_y
        if len(self.pages) > 1:
            w = min(self.width, px(220) * len(self.pages))
            self.tabs = Segmented(
                (layout.w // 2 - w // 2, tabs_y, w, px(48)),
                [(g, label_for(f"game.{g}")) for g in self.pages],
                lambda: self.game,
                self.set_page,
                22,
                rtl=i18n.is_rtl,
                key="page",
            )
            top = tabs_y + px(48 + 14)
        self.tiles_rect = pygame.Rect(self.x0, top, self.width, px(100 if not portrait else 110))
        by = layout.h - px(84 if not portrait else 112)
        cx = layout.w // 2
        self.back_button = Button(
            (cx - px(250), by, px(240), px(60)),
            lambda: t("back"),
            self.back,
            26,
            primary=True,
            key="back",
        )
        self.reset_button = Button(
            (cx + px(10), by, px(240), px(60)),
            lambda: t("stats.reset"),
            self.ask_reset,
            24,
            key="reset",
        )
        below = self.tiles_rect.bottom + px(16)
        bottom = by - px(16)
        if portrait:
            fig_h = px(44 + 36 * 7)
            self.figures_rect = pygame.Rect(self.x0, below, self.width, fig_h)
            self.recent_rect = pygame.Rect(
                self.x0,
                self.figures_rect.bottom + px(16),
                self.width,
                bottom - self.figures_rect.bottom - px(16),
            )
        else:
            fw = px(400)
            self.figures_rect = pygame.Rect(self.x0, below, fw, bottom - below)
            self.recent_rect = pygame.Rect(
                self.x0 + fw + px(16), below, self.width - fw - px(16), bottom - below
            )
        self.widgets = [
            w
            for w in (
                self.tabs,
                self.back_button,
                self.reset_button,
            )
            if w is not None
        ]
        self.replay_buttons = self._replay_buttons()
        self.check_buttons = self._check_buttons()
        self.widgets += self.replay_buttons + list(self.check_buttons.values())
        self._place()

    def _place(self) -> None:
        """Show the confirm buttons only while asking; mirror the button pairs in Arabic."""
        rtl = i18n.is_rtl()
        first, second = self.back_button, self.reset_button
        xs = sorted((first.rect.x, second.rect.x))
        first.rect.x, second.rect.x = (xs[1], xs[0]) if rtl else (xs[0], xs[1])
        self.reset_button.enabled = self.summary()["played"] > 0

    def _rows(self) -> tuple[int, int]:
        """(centre y of the first match row, row height) in the recent matches' panel."""
        r = self.recent_rect
        head_y = r.y + px(60)
        row_h = min(px(ROW_H[_portrait(self)]), (r.bottom - head_y - px(24)) // stats.RECENT)
        return head_y + px(14) + row_h // 2, row_h

    def _replay_buttons(self) -> list[Button]:
        """A Replay button at the end of each recent match that kept its replay code."""
        r = self.recent_rect
        y, row_h = self._rows()
        width = self._replay_width()
        x = r.x + px(16) if i18n.is_rtl() else r.right - px(16) - width
        buttons = []
        for i, entry in enumerate(stats.recent(self.data, self.game)):
            code = stats.replay_code(entry)
            if code is None and not stats.fetchable(entry):
                continue
            top = y + i * row_h - row_h // 2 + px(3)
            button = Button(
                (x, top, width, row_h - px(6)),
                lambda: t("replay.button"),
                self._watcher(code) if code else self._fetcher(entry),
                17,
                key=f"replay_{i}",
            )
            buttons.append(button)
        return buttons

    def _check_buttons(self) -> dict[int, Button]:
        """A Check button ("Check this match") in the table column of each recent online
        match whose fairness record can be checked, by row."""
        y, row_h = self._rows()
        x = next(
            x for key, x, _anchor in self.columns(self.recent_rect) if key == "stats.col.table"
        )
        r, replay_w = self.recent_rect, self._replay_width()
        room = x - (r.x + px(16) + replay_w) if i18n.is_rtl() else r.right - px(16) - replay_w - x
        width = min(px(104), room - px(6))
        left = x - width if i18n.is_rtl() else x
        buttons = {}
        for i, entry in enumerate(stats.recent(self.data, self.game)):
            record = fair_record(entry.get("table"), entry.get("match", 1))
            if record is None:
                continue
            top = y + i * row_h - row_h // 2 + px(3)
            buttons[i] = Button(
                (left, top, width, row_h - px(6)),
                lambda: t("replay.check"),
                self._checker(record),
                17,
                key=f"check_{i}",
            )
        return buttons

    def _replay_width(self) -> int:
        return px(120 if not _portrait(self) else 130)

    def _watcher(self, code: str) -> Callable[[], None]:
        return lambda: self.watch(code)

    def _fetcher(self, entry: dict[str, Any]) -> Callable[[], None]:
        return lambda: self.fetch(entry)

    def fetch(self, entry: dict[str, Any], link: Any = None) -> None:
        """Ask the match's server for it (an online match whose code did not come at its end),
        then watch it; ``link``: the server link (a new :class:`ServerLink` by default)."""
        from game.client.online import ServerLink
        from game.client.replay import RecordFetch
        from game.client.servers import load_online, token_for

        if self.fetching is not None:
            return
        server = entry["server"]
        if link is None:
            name = load_online().get("name") or t("online.player")
            link = ServerLink(server, name, token_for(server))
        seat = int(entry.get("seat", entry["side"]))
        self.fetching = RecordFetch(link, entry["table"], seat, entry.get("match"))
        self.app.toast("replay.fetching", 2.0)
        self.app.watch(lambda dt: self._fetched(entry, dt))

    def _fetched(self, entry: dict[str, Any], dt: float) -> bool:
        fetch = self.fetching
        if fetch is None or fetch.step(dt):
            return fetch is not None
        self.fetching = None
        shown: object = self.app.scene  # (App.scene is not annotated yet)
        if fetch.code is None:
            self.app.toast(fetch.failed or "replay.unreachable", 4.0)
        elif shown is self:
            stats.keep_replay(entry, fetch.code)
            self.watch(fetch.code)
        return False

    def _checker(self, record: dict[str, Any]) -> Callable[[], None]:
        return lambda: self.app.go("check_match", record=record, back="stats")

    # ----- actions ----------------------------------------------------------------------------
    def watch(self, code: str) -> None:
        """Watch a recent match again (the replay viewer comes back here)."""
        from game.ui.scenes.replay import open_replay

        open_replay(self.app, code, back="stats")

    def set_page(self, game: str) -> None:
        self.game = game
        self.build()

    def ask_reset(self) -> None:
        """Erasing a game's statistics asks first (Cancel is the lit choice)."""
        game = t(f"game.{self.game}")
        overlay.confirm(
            self.app,
            lambda: t("stats.reset_ask", game=game),
            lambda: t("stats.reset_warn"),
            "stats.reset_yes",
            self.do_reset,
            "stats.reset_no",
            key="reset",
            danger=True,
        )

    @property
    def confirming(self) -> bool:
        """The reset question is open."""
        top = self.app.overlay
        return top is not None and top.key == "reset"

    def do_reset(self) -> None:
        stats.reset(self.data, self.game)
        stats.save(self.data)
        self.app.toast("stats.reset_done", 2.5)
        self.build()

    def back(self) -> None:
        self.app.go(self.back_to)

    def summary(self) -> dict[str, Any]:
        return stats.summary(self.data, self.game)

    # ----- frame ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        self._place()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.app.layout
        self._place()
        surface.blit(draw.felt(layout.w, layout.h), (0, 0))
        draw.blit_text(
            surface,
            t("stats.title"),
            38 if not layout.portrait else 42,
            (layout.w // 2, self.title_y),
            draw.GOLD,
            bold=True,
            shadow=True,
        )
        summary = self.summary()
        self.draw_tiles(surface, summary)
        self.draw_figures(surface, summary)
        self.draw_recent(surface)
        super().draw(surface)

    def draw_tiles(self, surface: pygame.Surface, s: dict[str, Any]) -> None:
        """Five big numbers in a row, reading from the right in Arabic."""
        values = {
            "played": digits(s["played"]),
            "won": digits(s["won"]),
            "rate": t("stats.none") if s["rate"] is None else number(f"{s['rate']}%"),
            "streak": digits(s["streak"]),
            "best": digits(s["best_streak"]),
        }
        keys = list(reversed(TILE_KEYS)) if i18n.is_rtl() else list(TILE_KEYS)
        r = self.tiles_rect
        gap = px(12 if not _portrait(self) else 8)
        w = (r.w - gap * (len(keys) - 1)) // len(keys)
        big = 46 if not _portrait(self) else 40
        for i, key in enumerate(keys):
            tile = pygame.Rect(r.x + i * (w + gap), r.y, w, r.h)
            hot = key == "streak" and s["streak"] > 0
            edge = draw.GOLD if hot else draw.PANEL_EDGE
            draw.panel(surface, tile, draw.PANEL, 225, px(14), edge)
            value = values[key]
            draw.blit_text(
                surface,
                value,
                draw.fit_text(value, big, w - px(16), True),
                (tile.centerx, tile.y + r.h * 0.40),
                draw.GOLD,
                bold=True,
            )
            label = t(f"stats.{key}")
            draw.blit_text(
                surface,
                label,
                draw.fit_text(label, 20, w - px(18), True),
                (tile.centerx, tile.bottom - px(20)),
                draw.INK_DIM,
                bold=True,
            )

    @staticmethod
    def _draw_bands(
        surface: pygame.Surface, r: pygame.Rect, matches: list[Any], y: int, row_h: int
    ) -> None:
        """The rows' bands: gold for a win, every other row striped."""
        for i, entry in enumerate(matches):
            band = pygame.Rect(r.x + px(12), round(y + i * row_h - row_h / 2), r.w - px(24), row_h)
            if entry["result"] in ("won", "shared"):
                pygame.draw.rect(surface, (58, 50, 24), band, border_radius=px(8))
            elif i % 2 == 0:
                pygame.draw.rect(surface, (26, 40, 38), band, border_radius=px(8))

    def _row_ends(
        self, rect: pygame.Rect, pad: int = 20
    ) -> tuple[tuple[int, str], tuple[int, str]]:
        """((x, anchor) of a label at the reading start, (x, anchor) of a value at the end);
        ``pad`` is logical."""
        pad = px(pad)
        if i18n.is_rtl():
            return (rect.right - pad, "midright"), (rect.x + pad, "midleft")
        return (rect.x + pad, "midleft"), (rect.right - pad, "midright")

    def draw_figures(self, surface: pygame.Surface, s: dict[str, Any]) -> None:
        r = self.figures_rect
        draw.panel(surface, r, radius=px(14))
        (lx, la), (vx, va) = self._row_ends(r)
        draw.blit_text(
            surface, t("stats.figures"), 24, (lx, r.y + px(24)), draw.SAND, bold=True, anchor=la
        )
        rows = list(s["figures"]) + [
            ("shared", s["shared"]),
            ("abandoned", s["abandoned"]),
            ("online", s["online"]),
        ]
        step = min(px(36), (r.h - px(56)) // max(1, len(rows)))
        y = r.y + px(56) + step // 2
        for key, value in rows:
            value_s = figure_text(value)
            label = t(f"stats.fig.{key}")
            vimg = draw.label(value_s, 22, draw.GOLD, True)
            room = r.w - px(40) - vimg.get_width() - px(16)
            draw.blit_text(
                surface, label, draw.fit_text(label, 21, room), (lx, y), draw.INK, anchor=la
            )
            surface.blit(vimg, vimg.get_rect(**{va: (vx, y)}))
            y += step

    def columns(self, rect: pygame.Rect) -> list[tuple[str, int, str]]:
        """(i18n key, x, anchor) of the match table's columns, mirrored in Arabic."""
        fractions = (
            ("stats.col.date", 0.0),
            ("stats.col.result", 0.29),
            ("stats.col.score", 0.49),
            ("stats.col.table", 0.66),
        )
        inner = rect.inflate(-px(40), 0)
        out = []
        for key, f in fractions:
            if i18n.is_rtl():
                out.append((key, round(inner.right - f * inner.w), "midright"))
            else:
                out.append((key, round(inner.x + f * inner.w), "midleft"))
        return out

    def draw_recent(self, surface: pygame.Surface) -> None:
        r = self.recent_rect
        draw.panel(surface, r, radius=px(14))
        (lx, la), _v = self._row_ends(r)
        draw.blit_text(
            surface, t("stats.recent"), 24, (lx, r.y + px(24)), draw.SAND, bold=True, anchor=la
        )
        matches = stats.recent(self.data, self.game)
        if not matches:
            lines = self._wrapped(t("stats.empty"), 22, r.w - px(60))
            y = r.centery - px(17) * (len(lines) - 1)
            for line in lines:
                draw.blit_text(surface, line, 22, (r.centerx, y), draw.INK_DIM)
                y += px(34)
            return
        cols = self.columns(r)
        col_w = [
            cols[i + 1][1] - cols[i][1] if i + 1 < len(cols) else None for i in range(len(cols))
        ]
        head_y = r.y + px(60)
        for key, x, anchor in cols:
            draw.blit_text(surface, t(key), 18, (x, head_y), draw.INK_DIM, bold=True, anchor=anchor)
        y, row_h = self._rows()
        self._draw_bands(surface, r, matches, y, row_h)  # (all under every row's marks)
        for i, entry in enumerate(matches):
            cells = (
                date_text(entry),
                result_text(entry),
                score_text(entry),
                ""
                if i in self.check_buttons  # the Check button stands there
                else t("stats.table.online" if entry.get("online") else "stats.table.local"),
            )
            colors = (
                draw.INK_DIM,
                draw.GOLD if entry["result"] in ("won", "shared") else draw.INK,
                draw.INK,
                draw.TURN if entry.get("online") else draw.INK_DIM,
            )
            for (key, x, anchor), cell, color, w in zip(cols, cells, colors, col_w):
                width = (
                    abs(w) - px(10)
                    if w
                    else abs(r.x + px(150) - x)
                    if i18n.is_rtl()
                    else r.right - px(150) - x
                )
                size = draw.fit_text(cell, 19, width, key == "stats.col.result")
                draw.blit_text(
                    surface,
                    cell,
                    size,
                    (x, y),
                    color,
                    bold=key == "stats.col.result",
                    anchor=anchor,
                )
            y += row_h

    def _wrapped(self, s: str, size: int, width: int) -> list[str]:
        from game.ui import text

        return text.wrap(s, size, width)


def fair_record(table: object, match: object = 1) -> dict[str, Any] | None:
    """The checkable fairness record the client kept for match ``match`` (a rematch is the
    next) of online table ``table`` (``game.client.fair_check``, where this build has it),
    or None."""
    if not isinstance(table, str):
        return None
    try:
        fair_check: Any = importlib.import_module("game.client.fair_check")
        for record in fair_check.recent_records():
            same = record.get("code") == table and record.get("match", 1) == match
            if same and fair_check.checkable(record):
                return dict(record)
    except Exception:  # no such module yet, or a store it cannot read: no button
        return None
    return None


def _portrait(scene: Scene) -> bool:
    return scene.app.layout.portrait
