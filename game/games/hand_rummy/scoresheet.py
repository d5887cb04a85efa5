"""Hand rummy's scoresheet from a seat's view (pure): a row per round scored (HR-10, HR-12),
a column per player or, in partnership, per side; after the last round the lowest total wins
(HR-11)."""

from __future__ import annotations

from game.core.scoresheet import Sheet, View, build


def sheet(view: View) -> Sheet:
    """The sheet of ``view`` (its ``history`` of scored rounds and the match's ``rounds``)."""
    entries = [("board.round", e["round"], e["side_scores"]) for e in view["history"]]
    return build(view, entries, ("hr.board.goal", int(view["rounds"])), lowest_wins=True)
