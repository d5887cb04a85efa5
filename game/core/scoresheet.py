"""A match's scoresheet: every round so far, one row per round and a column per seat (or side,
in team play), running totals, the match's end condition and the ranking. Pure Python.

Each game builds its :class:`Sheet` from what one seat's view shows
(``game/games/<name>/scoresheet.py``: ``sheet(view)``); round scores are public, so a sheet
never reads a hand. The table's scoreboard panel (``game/ui/scoreboard.py``) draws it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

View = dict[str, Any]


@dataclass(frozen=True)
class Row:
    """One scored round: its label (an i18n key with ``n``), the points of each column in it
    and the running totals after it; ``live``: the round being played, its points so far
    (Ronda's caidas and mesas count at once, RO-12)."""

    key: str
    n: int
    points: tuple[int, ...]
    totals: tuple[int, ...]
    live: bool = False


@dataclass(frozen=True)
class Sheet:
    """The scoresheet of a match as one seat sees it (see the module docstring).

    ``columns`` are the seats each column stands for (one seat, or a side's seats), the
    viewer's column first; ``goal`` is the end condition as an i18n key and its number."""

    columns: tuple[tuple[int, ...], ...]
    rows: tuple[Row, ...]
    goal: tuple[str, int]
    lowest_wins: bool = False

    @property
    def totals(self) -> tuple[int, ...]:
        """Each column's total after the last row (zeros before the first)."""
        return self.rows[-1].totals if self.rows else (0,) * len(self.columns)

    def leaders(self) -> tuple[int, ...]:
        """The columns sharing the best total (none before the first round is scored)."""
        if not self.rows:
            return ()
        totals = self.totals
        best = min(totals) if self.lowest_wins else max(totals)
        return tuple(c for c, total in enumerate(totals) if total == best)

    def ranking(self) -> list[tuple[int, int]]:
        """(place, column), best total first; equal totals share a place (1, 1, 3)."""
        totals = self.totals
        sign = 1 if self.lowest_wins else -1
        order = sorted(range(len(totals)), key=lambda c: (sign * totals[c], c))
        ranked: list[tuple[int, int]] = []
        for i, column in enumerate(order):
            same = i > 0 and totals[column] == totals[order[i - 1]]
            ranked.append((ranked[-1][0] if same else i + 1, column))
        return ranked


def columns_of(view: View) -> tuple[tuple[int, ...], ...]:
    """The view's sides as columns (``view["sides"]``: each seat's side), the viewer's side
    first and the others in the order of play after it."""
    sides: list[int] = list(view["sides"])
    count = max(sides) + 1
    mine = sides[view["you"]] if view.get("you") is not None else 0
    order = [(mine + i) % count for i in range(count)]
    return tuple(tuple(s for s, side in enumerate(sides) if side == c) for c in order)


def side_order(view: View) -> list[int]:
    """The side behind each of :func:`columns_of`'s columns."""
    sides: list[int] = list(view["sides"])
    return [sides[column[0]] for column in columns_of(view)]


def build(
    view: View,
    entries: Sequence[tuple[str, int, Sequence[int]]],
    goal: tuple[str, int],
    lowest_wins: bool = False,
    live: tuple[str, int, Sequence[int]] | None = None,
) -> Sheet:
    """A sheet from ``entries``: (label key, number, points by side) per scored round, in
    order, then the ``live`` round's points so far if any; the running totals are their sums."""
    order = side_order(view)
    running = [0] * len(order)
    rows = []
    for i, (key, n, by_side) in enumerate([*entries, *([live] if live else [])]):
        points = tuple(int(by_side[side]) for side in order)
        running = [a + b for a, b in zip(running, points)]
        rows.append(Row(key, n, points, tuple(running), live=i == len(entries)))
    return Sheet(columns_of(view), tuple(rows), goal, lowest_wins)


def shown(sheet: Sheet, pending: int) -> Sheet:
    """``sheet`` less its last ``pending`` scored rounds (and the live one): what a screen
    that has not yet shown those rounds' scores may tell."""
    if not pending:
        return sheet
    scored = [row for row in sheet.rows if not row.live]
    return replace(sheet, rows=tuple(scored[: max(0, len(scored) - pending)]))
