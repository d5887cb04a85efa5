"""What one seat of a Hand rummy match may see (DESIGN.md "Views"): the engine's ``view``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .scoring import copy_entry
from .types import RummyView

if TYPE_CHECKING:
    from .rules import Match


def seat_view(match: Match, seat: int | None) -> RummyView:
    """The view of ``seat`` (its own hand only); anything else, e.g. None, is a spectator's."""
    seen = (
        seat
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < match.players
        else None
    )
    return {
        "game": match.GAME,
        "phase": match.phase,
        "to_act": match.to_act(),
        "totals": match.totals,
        "you": seen,
        "side": None if seen is None else match.side_of(seen),
        "sides": [match.side_of(s) for s in range(match.players)],
        "players": match.players,
        "teams": [[0, 2], [1, 3]] if match.partnership else None,
        "partnership": match.partnership,
        "variant": match.variant,
        "rounds": match.rounds,
        "round": match.round,
        "dealer": match.dealer,
        "starter": match.starter,
        "turn": match.turn,
        "hand": [] if seen is None else list(match.hands[seen]),
        "hand_counts": [len(h) for h in match.hands],
        "melds": [list(m.cards) for m in match.melds],
        "meld_stands": [list(m.stands) for m in match.melds],
        "meld_owners": list(match.meld_owners),
        "discard_top": match.discard[-1] if match.discard else None,
        "discard_count": len(match.discard),
        "stock_count": len(match.stock),
        "opened": list(match.opened),
        "drawn": match.drawn,
        "pending_joker": bool(match.pending),
        "discards": [list(x) for x in match.discard_log],
        "picks": [list(x) for x in match.pick_log],
        "history": [copy_entry(h) for h in match.history],
        "result": match.result,
    }
