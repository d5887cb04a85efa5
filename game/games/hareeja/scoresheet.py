"""Hareeja's scoresheet from a seat's view (pure): a row per round scored (HJ-12), tie-break
rounds labelled as such (HJ-14), a column per player, highest total first (HJ-13)."""

from __future__ import annotations

from game.core.scoresheet import Sheet, View, build


def sheet(view: View) -> Sheet:
    """The sheet of ``view`` (its ``history`` of scored rounds and the match's rounds)."""
    entries = [
        ("board.tiebreak", e["tiebreak"], e["scores"])
        if e["tiebreak"]
        else ("board.round", e["round"], e["scores"])
        for e in view["history"]
    ]
    return build(view, entries, ("hj.board.goal", int(view["rounds"])))
