"""The statistics screen's recent matches: a row per match (date, result, score, table) on
bands (gold for a win, every other row striped), a Replay button at the end of each match that
can be watched again (its code kept, or fetched from its server) and a Check button in the
table column of an online match whose fairness record was kept. :class:`RecentMatches` is a
part of :class:`game.ui.scenes.stats.StatsScene`, kept over relayouts (a fetch goes on)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.client import stats, stats_record
from game.i18n import digits, t
from game.ui import draw
from game.ui.scale import px
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

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


def row_ends(rect: pygame.Rect, pad: int = 20) -> tuple[tuple[int, str], tuple[int, str]]:
    """((x, anchor) of a label at the reading start, (x, anchor) of a value at the end);
    ``pad`` is logical."""
    pad = px(pad)
    if i18n.is_rtl():
        return (rect.right - pad, "midright"), (rect.x + pad, "midleft")
    return (rect.x + pad, "midleft"), (rect.right - pad, "midright")


class RecentMatches:
    """The recent matches of one game of the statistics ``data`` (see the module docstring).
    ``build`` places it in a rect and returns its buttons; ``draw`` draws the rest."""

    def __init__(self, app: App, data: dict[str, Any]) -> None:
        self.app = app
        self.data = data
        self.game = ""
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.fetching: Any = None  # a RecordFetch while a server is asked for a match
        self.replay_buttons: list[Button] = []
        self.check_buttons: dict[int, Button] = {}

    def build(self, rect: pygame.Rect, game: str) -> list[Button]:
        """Lay the list out in ``rect`` for ``game``: its Replay and Check buttons."""
        self.rect, self.game = rect, game
        self.replay_buttons = self._replay_buttons()
        self.check_buttons = self._check_buttons()
        return self.replay_buttons + list(self.check_buttons.values())

    def matches(self) -> list[dict[str, Any]]:
        return stats.recent(self.data, self.game)

    def _rows(self) -> tuple[int, int]:
        """(centre y of the first match row, row height) in the recent matches' panel."""
        r = self.rect
        head_y = r.y + px(60)
        row_h = min(
            px(ROW_H[self.app.layout.portrait]), (r.bottom - head_y - px(24)) // stats.RECENT
        )
        return head_y + px(14) + row_h // 2, row_h

    def _replay_buttons(self) -> list[Button]:
        """A Replay button at the end of each recent match that kept its replay code."""
        r = self.rect
        y, row_h = self._rows()
        width = self._replay_width()
        x = r.x + px(16) if i18n.is_rtl() else r.right - px(16) - width
        buttons = []
        for i, entry in enumerate(self.matches()):
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
        x = next(x for key, x, _anchor in self.columns(self.rect) if key == "stats.col.table")
        r, replay_w = self.rect, self._replay_width()
        room = x - (r.x + px(16) + replay_w) if i18n.is_rtl() else r.right - px(16) - replay_w - x
        width = min(px(104), room - px(6))
        left = x - width if i18n.is_rtl() else x
        buttons = {}
        for i, entry in enumerate(self.matches()):
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
        return px(120 if not self.app.layout.portrait else 130)

    def _watcher(self, code: str) -> Callable[[], None]:
        return lambda: self.watch(code)

    def _fetcher(self, entry: dict[str, Any]) -> Callable[[], None]:
        return lambda: self.fetch(entry)

    def fetch(self, entry: dict[str, Any], link: Any = None) -> None:
        """Ask the match's server for it (an online match whose code did not come at its end),
        then watch it; ``link``: the server link (a new :class:`ServerLink` by default)."""
        from game.client.replay_session import RecordFetch
        from game.client.server_link import ServerLink
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
        still = getattr(shown, "recent", None) is self  # the statistics screen is still up
        if fetch.code is None:
            self.app.toast(fetch.failed or "replay.unreachable", 4.0)
        elif still:
            stats_record.keep_replay(entry, fetch.code)
            self.watch(fetch.code)
        return False

    def _checker(self, record: dict[str, Any]) -> Callable[[], None]:
        return lambda: self.app.go("check_match", record=record, back="stats")

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

    def draw(self, surface: pygame.Surface) -> None:
        """The panel: its head, the columns' heads and a row per match (or a line saying
        there is none yet)."""
        r = self.rect
        draw.panel(surface, r, radius=px(14))
        (lx, la), _v = row_ends(r)
        draw.blit_text(
            surface, t("stats.recent"), 24, (lx, r.y + px(24)), draw.SAND, bold=True, anchor=la
        )
        matches = self.matches()
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

    def watch(self, code: str) -> None:
        """Watch a recent match again (the replay viewer comes back to the statistics)."""
        from game.ui.scenes.replay import open_replay

        open_replay(self.app, code, back="stats")


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
