"""Drawing the Ronda deal's score panel (per side, the deal's best first: RO-21 cards, caidas,
mesas, declarations, penalties, the deal's points and the running totals to the target, counting up,
then the declarations that moved the score) and the match end's ranking.

:class:`ScorePanel` is a part of :class:`game.games.ronda.scene.RondaTable` (the shared table's
score and match-end hooks are routed here); it draws in the frame the shared table gives
(``score_frame``). In portrait each row's label stands above its values.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.core.ranking import best_first
from game.games.ronda.scene_callouts import rank_word
from game.i18n import digits, t
from game.ui import draw
from game.ui.scale import px
from game.ui.table_drawing import ranked_rows

if TYPE_CHECKING:
    from game.games.ronda.scene import RondaTable

JSON = dict[str, Any]
Row = tuple[str, list[str]]  # a label's i18n key, the values per side


ROOM = 4  # the declarations a panel has lines for; one more line says how many are left out


def declaration_lines(count: int, room: int = ROOM) -> int:
    """The panel's lines for ``count`` declarations: those it has room for, and one saying
    how many are left out."""
    return min(count, room) + (1 if count > room else 0)


def shown_declarations(decls: list[JSON], room: int = ROOM) -> tuple[list[JSON], int]:
    """The declarations the panel has room for, those that moved the score first (scored or
    false, RO-17/RO-18), in their order; and how many are left out."""

    def counted(d: JSON) -> bool:
        return bool(d.get("scored")) or not d.get("valid", True)

    ranked = sorted(range(len(decls)), key=lambda i: (not counted(decls[i]), i))
    keep = sorted(ranked[:room])
    return [decls[i] for i in keep], max(0, len(decls) - room)


ROWS = (  # the breakdown's rows (RO-21), the deal's points last
    "ronda.score.cards",
    "ronda.score.caidas",
    "ronda.score.mesas",
    "ronda.score.declarations",
    "ronda.score.penalties",
    "ronda.score.deal",
)


def score_rows(entry: JSON) -> list[Row]:
    """The breakdown's rows (:data:`ROWS`), each label's key with each side's value."""
    values = [
        [
            t("ronda.score.cards_value", n=digits(c), p=digits(p))
            for c, p in zip(entry["cards"], entry["card_points"])
        ],
        [digits(v) for v in entry["caidas"]],
        [digits(v) for v in entry["mesas"]],
        [digits(v) for v in entry["declarations"]],
        [digits(v) for v in entry["penalties"]],
        [digits(f"+{v}" if v > 0 else v) for v in entry["points"]],
    ]
    return list(zip(ROWS, values))


@dataclass(frozen=True)
class Columns:
    """Where the panel's labels and each side's values go."""

    rect: pygame.Rect
    order: list[int]  # the sides, the deal's best first (ties by side)
    label_w: int
    col_w: float
    portrait: bool

    def x_of(self, col: int) -> float:
        x = self.rect.x + px(16) + self.label_w + self.col_w * (col + 0.5)
        return self.rect.x + self.rect.right - x if i18n.is_rtl() else x

    def label_at(self) -> tuple[float, str]:
        """The labels' x and anchor."""
        if self.portrait:
            return self.rect.centerx, "center"
        if i18n.is_rtl():
            return self.rect.right - px(24), "midright"
        return self.rect.x + px(24), "midleft"

    def shifts(self) -> tuple[int, int]:
        """How far labels and values sit from a row's line (portrait: label above)."""
        return (px(-15), px(14)) if self.portrait else (0, 0)


class ScorePanel:
    """The deal's score panel and the match end (see the module docstring)."""

    def __init__(self, table: RondaTable) -> None:
        self.table = table
        self.declarations_said = 0  # in this deal so far: each a line of its panel (RO-19)

    def new_deal(self) -> None:
        self.declarations_said = 0

    def declaration_said(self) -> None:
        """One more line in this deal's panel: its picture is made again ahead, at the new
        height, on a quiet frame (no quiet frame comes between the deal's end and its panel;
        in the browser at a mid-range phone's speed a panel made as it opened took 40-100 ms)."""
        self.declarations_said += 1
        self.table.app.quiet.make_ahead(self._made_ahead)

    def _made_ahead(self) -> bool:
        from game.ui.scenes.pause import make_score_panel_ahead

        return make_score_panel_ahead(self.table)

    def draw(self, surface: pygame.Surface) -> None:
        """The deal's breakdown per side and the running totals to the target, counting up."""
        table = self.table
        assert table.score is not None  # drawn while the panel is open
        portrait = table.app.layout.portrait
        entry = table.score["entry"]
        decls, hidden = shown_declarations(table.score["declarations"])
        nsides = len(entry["totals"])
        rows = score_rows(entry)
        row_h = self._row_h()
        lines = declaration_lines(len(table.score["declarations"]))
        title = t("ronda.score.title", n=digits(entry["deal"]))
        rect = table.painter.score_frame(surface, px(860), self._height(len(rows), lines), title)
        label_w = px(250) if not portrait else 0
        col_w = (rect.w - px(32) - label_w) / nsides
        cols = Columns(rect, best_first(entry["points"]), label_w, col_w, portrait)
        y = self._draw_heads(surface, cols, rect.y + px(84))
        for key, values in rows:
            self._draw_row(surface, cols, y, key, values)
            y += row_h
        self._draw_totals(surface, cols, y, row_h, entry)
        y += row_h // 2 + px(16)
        self._draw_declarations(surface, rect, y, decls, hidden)

    def expected_size(self) -> tuple[int, int]:
        """The panel's width and height with the declarations said in this deal so far (all
        of them are revealed at its end, RO-19): made ahead when the table is built and again
        after each declaration."""
        return px(860), self._height(len(ROWS), declaration_lines(self.declarations_said))

    def _height(self, rows: int, lines: int) -> int:
        """The panel's height over ``rows`` rows and ``lines`` lines of declarations."""
        h = px(84 + 44) + self._row_h() * (rows + 1) + px(16)
        h += px(30) * lines + px(12) if lines else 0
        return h + (px(16) if self.table.app.layout.portrait else 0)

    def _row_h(self) -> int:
        """A row's height (portrait: each label stands above its values)."""
        return px(36) if not self.table.app.layout.portrait else px(64)

    def _draw_heads(self, surface: pygame.Surface, cols: Columns, y: int) -> int:
        """Each side's name over its column and the line under them; the first row's line."""
        table = self.table
        rect = cols.rect
        for col, side in enumerate(cols.order):
            name = table.sides.name(side)
            color = table.sides.color(side) if table.sides.teams else draw.SAND
            draw.blit_text(
                surface,
                name,
                draw.fit_text(name, 22, round(cols.col_w) - px(8), True),
                (cols.x_of(col), y),
                color,
                bold=True,
            )
        under = y + px(22)
        edge = draw.PANEL_EDGE
        pygame.draw.line(
            surface, edge, (rect.x + px(20), under), (rect.right - px(20), under), px(1)
        )
        return y + (px(44) if not cols.portrait else px(60))

    def _draw_row(
        self, surface: pygame.Surface, cols: Columns, y: int, key: str, values: list[str]
    ) -> None:
        bold = key == "ronda.score.deal"
        s = t(key)
        label_x, anchor = cols.label_at()
        label_dy, value_dy = cols.shifts()
        draw.blit_text(
            surface,
            s,
            draw.fit_text(s, 22, cols.rect.w - px(48), bold)
            if cols.portrait
            else draw.fit_text(s, 21, cols.label_w - px(16), bold),
            (label_x, y + label_dy),
            draw.SAND if not bold else draw.INK,
            bold=bold,
            anchor=anchor,
        )
        for col, side in enumerate(cols.order):
            v = values[side]
            draw.blit_text(
                surface,
                v,
                draw.fit_text(v, 22, round(cols.col_w) - px(8)),
                (cols.x_of(col), y + value_dy),
                draw.TURN if bold else draw.INK,
                bold=bold,
            )

    def _draw_totals(
        self, surface: pygame.Surface, cols: Columns, y: int, row_h: int, entry: JSON
    ) -> None:
        """The running totals on a band, counting up from before the deal."""
        table = self.table
        rect = cols.rect
        prog = table.painter.count_up()
        band = pygame.Rect(rect.x + px(14), y - row_h // 2 + px(2), rect.w - px(28), row_h - px(4))
        pygame.draw.rect(surface, (40, 60, 56), band, border_radius=px(8))
        s = t("ronda.score.total", n=digits(table.sides.target))
        label_x, anchor = cols.label_at()
        label_dy, value_dy = cols.shifts()
        draw.blit_text(
            surface,
            s,
            draw.fit_text(s, 22, (cols.label_w or rect.w - px(32)) - px(16), True),
            (label_x, y + label_dy),
            draw.GOLD,
            bold=True,
            anchor=anchor,
        )
        for col, side in enumerate(cols.order):
            old = entry["totals"][side] - entry["points"][side]
            shown = round(old + entry["points"][side] * prog)
            draw.blit_text(
                surface, digits(shown), 26, (cols.x_of(col), y + value_dy), draw.GOLD, bold=True
            )

    def _draw_declarations(
        self, surface: pygame.Surface, rect: pygame.Rect, y: int, decls: list[JSON], hidden: int
    ) -> None:
        portrait = self.table.app.layout.portrait
        lines = [self.declaration_line(d) for d in decls]
        if hidden:
            lines.append(t("ronda.decl.more", n=digits(hidden)))
        for s in lines:
            draw.blit_text(
                surface,
                s,
                draw.fit_text(s, 22 if portrait else 19, rect.w - px(48)),
                (rect.centerx, y + px(12)),
                draw.INK_DIM,
            )
            y += px(30)

    def declaration_line(self, d: JSON) -> str:
        """One revealed declaration (RO-17, RO-18, RO-19), e.g. "Youssef: ronda of 5 — scores"."""
        table = self.table
        name = table.places.seat_name(d["seat"])
        kind = t(f"ronda.kind_plain.{d['kind']}")
        if not d["valid"]:
            to = table.sides.name(d["penalty_to"]) if d["penalty_to"] is not None else None
            outcome = t("ronda.decl.false_to", side=to) if to else t("ronda.decl.false")
            return t("ronda.decl.line_false", name=name, kind=kind, outcome=outcome)
        outcome = t("ronda.decl.scores") if d["scored"] else t("ronda.decl.beaten")
        rank = rank_word(d["rank"])
        return t("ronda.decl.line", name=name, kind=kind, rank=rank, outcome=outcome)

    def over_headline(self) -> str:
        table = self.table
        assert table.over is not None
        result = table.over["result"]
        if result["draw"]:
            return t("ronda.over.draw")
        winner = result["winner"]
        if winner == table.sides.mine:
            return t("ronda.over.us") if table.sides.teams else t("over.you_win")
        return t("over.winner", name=table.sides.name(winner))

    def over_rows(self) -> list[tuple[int, str, int, bool]]:
        table = self.table
        assert table.over is not None
        totals = table.over["result"]["totals"]
        mine_first = table.sides.from_mine(len(totals))
        order = sorted(mine_first, key=lambda s: -totals[s])  # equal totals: yours first
        return ranked_rows(totals, order, table.sides.name)
