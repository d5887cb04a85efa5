"""Ronda's scoresheet from a seat's view (pure): a row per deal scored with every point the
deal brought (caidas, mesas, declarations, cards: RO-12..RO-21), a column per player or, with
four, per side; the first to the target wins (RO-22). The deal being played is a last row of
its caidas and mesas so far (they count at once: RO-12, RO-14), so the totals are the view's."""

from __future__ import annotations

from game.core.scoresheet import Sheet, View, build


def sheet(view: View) -> Sheet:
    """The sheet of ``view`` (its ``history`` of scored deals and the ``target``)."""
    entries = [("ronda.board.deal", e["deal"], e["points"]) for e in view["history"]]
    so_far = list(view["deal_points"])
    scored = bool(entries) and entries[-1][1] == view["deal"]  # the match's last deal
    live = ("ronda.board.so_far", int(view["deal"]), so_far) if any(so_far) and not scored else None
    return build(view, entries, ("ronda.board.goal", int(view["target"])), live=live)
