"""Ronda's scoresheet from a seat's view (pure): a row per deal scored with every point the
deal brought (caidas, mesas, declarations, cards: RO-12..RO-21), a column per player or, with
four, per side; the first to the target wins (RO-22)."""

from __future__ import annotations

from game.core.scoresheet import Sheet, View, build


def sheet(view: View) -> Sheet:
    """The sheet of ``view`` (its ``history`` of scored deals and the ``target``)."""
    entries = [("ronda.board.deal", e["deal"], e["points"]) for e in view["history"]]
    return build(view, entries, ("ronda.board.goal", int(view["target"])))
