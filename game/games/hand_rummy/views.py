"""What the seats of a Hand rummy match may see (docs/DESIGN.md "Views"): the engine's ``view`` of
one seat, and the server's fast path, every seat's at once (:func:`seat_views`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from game.core.views import seat_copies

from .scoring import copy_entry
from .types import RoundEntry, RummyView

if TYPE_CHECKING:
    from .rules import Match

Item = TypeVar("Item")


def seat_view(match: Match, seat: int | None) -> RummyView:
    """The view of ``seat`` (its own hand only); anything else, e.g. None, is a spectator's."""
    seen = (
        seat
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < match.players
        else None
    )
    discards = [list(x) for x in match.discard_log]
    picks = [list(x) for x in match.pick_log]
    return _view(match, seen, discards, picks, [copy_entry(h) for h in match.history])


def _view(
    match: Match,
    seen: int | None,
    discards: list[list[Any]],
    picks: list[list[Any]],
    history: list[RoundEntry],
) -> RummyView:
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
        "discards": discards,
        "picks": picks,
        "history": history,
        "result": match.result,
    }


class Shown(NamedTuple):
    """:func:`seat_views`' copies kept from call to call, with the match's lists they copy:
    this round's discard and pick logs (a deal starts new ones) and the history. All three
    only grow, and an entry never changes once added."""

    discard_log: list[list[Any]]
    discards: list[list[Any]]
    pick_log: list[list[Any]]
    picks: list[list[Any]]
    history_of: list[RoundEntry]
    history: list[RoundEntry]


def seat_views(match: Match, kept: Shown | None) -> tuple[list[RummyView], Shown]:
    """Every seat's view, equal to ``[seat_view(match, s) for s in range(match.players)]``, and
    the copies to keep for the next call: the public part (all but the seat's own keys) is
    built once and is the very same objects in every view; the logs' and the history's copies
    are ``kept``'s (the previous call's) where unchanged (extended into new lists where they
    grew), so a caller must not change them. The match keeps what this returns."""
    if kept is None:
        kept = Shown([], [], [], [], [], [])
    discards = _copies(kept.discard_log, kept.discards, match.discard_log, list)
    picks = _copies(kept.pick_log, kept.picks, match.pick_log, list)
    history = _copies(kept.history_of, kept.history, match.history, copy_entry)
    shown = Shown(match.discard_log, discards, match.pick_log, picks, match.history, history)
    views = seat_copies(
        _view(match, None, discards, picks, history),
        match.players,
        lambda seat: {"you": seat, "side": match.side_of(seat), "hand": list(match.hands[seat])},
    )
    return views, shown


def _copies(
    kept_of: list[Item], kept: list[Item], source: list[Item], copy: Callable[[Item], Item]
) -> list[Item]:
    """Copies of ``source``'s items: ``kept`` (an earlier call's copies of the first items of
    ``kept_of``) where ``kept_of`` is ``source`` (a list that only grows, its items never
    changed), extended into a new list with copies of the rest; else all new copies."""
    if kept_of is not source:
        return [copy(x) for x in source]
    if len(kept) < len(source):
        return kept + [copy(x) for x in source[len(kept) :]]
    return kept
