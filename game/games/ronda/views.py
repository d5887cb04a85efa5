"""What the seats of a Ronda match may see: the engine's ``view`` of one seat, and the server's
fast path, every seat's at once (:func:`seat_views`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from game.core.views import grown_copies, seat_copies

from .cards import rank_name
from .types import DealEntry, RondaView

if TYPE_CHECKING:
    from .rules import Match


def seat_view(match: Match, seat: int | None, history: list[DealEntry]) -> RondaView:
    """The view of ``seat`` (None: a spectator's; checked by the caller) with ``history``."""
    n = match.players
    return {
        "game": match.GAME,
        "phase": match.phase,
        "to_act": match.to_act(),
        "totals": match.totals,
        "you": seat,
        "side": None if seat is None else match.side_of(seat),
        "sides": [match.side_of(s) for s in range(n)],
        "players": n,
        "teams": match.teams,
        "target": match.target,
        "rules": match.rules,
        "hand": [] if seat is None else list(match.hands[seat]),
        "hand_counts": [len(h) for h in match.hands],
        "table": list(match.table),
        "piles": [len(p) for p in match.piles],
        "deck_count": len(match.stock),
        "dealer": match.dealer,
        "deal": match.deal_no,
        "batch": match.batch,
        "batches": match.batches,
        "last_batch": match.last_batch,
        "turn": match.turn,
        "declarations": [{"seat": d["seat"], "kind": d["kind"]} for d in match.batch_declarations],
        "declared_this_batch": list(match.declared),
        "can_declare": seat is not None and match.can_declare(seat),
        "caida_card": match.caida_card,
        "captured_ranks": {rank_name(i): c for i, c in enumerate(match.captured_ranks)},
        "last_capturer": match.last_capturer,
        "deal_points": list(match.deal_points),
        "history": history,
        "result": match.result,
    }


def seat_views(match: Match, history: list[DealEntry]) -> list[RondaView]:
    """Every seat's view, equal to ``[match.view(s) for s in range(match.players)]``: the
    public part (all but the seat's own keys) is built once and is the very same objects in
    every view, ``history`` included, so a caller must not change them."""
    return seat_copies(
        seat_view(match, None, history),
        match.players,
        lambda seat: {
            "you": seat,
            "side": match.side_of(seat),
            "hand": list(match.hands[seat]),
            "can_declare": match.can_declare(seat),
        },
    )


def shown_history(kept: list[DealEntry], history: list[DealEntry]) -> list[DealEntry]:
    """Copies of ``history``'s entries, ``kept`` (an earlier call's) where it has them: a
    match's history only grows and an entry never changes once added."""
    return grown_copies(kept, history, copy_record)


def copy_record(record: DealEntry) -> DealEntry:
    """A copy of a history entry whose lists the caller may keep or change."""
    return cast(DealEntry, {k: (list(v) if isinstance(v, list) else v) for k, v in record.items()})
