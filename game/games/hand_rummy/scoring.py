"""Hand rummy's round scores (HR-10 majlis, HR-12 classic and partnership), pure functions the
engine in rules.py calls when a player goes out."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .melds import hand_points
from .types import RoundEntry


def loser_score(variant: str, kind: int, hand: Sequence[str], opened: bool) -> int:
    """The score of a seat that did not go out: ``kind`` is the winner's −30 or −60."""
    value = hand_points(list(hand))
    if variant == "classic" and kind == -30:
        return value if opened else 100
    return 2 * value if opened else 200


def round_scores(
    winner: int,
    kind: int,
    variant: str,
    hands: Sequence[Sequence[str]],
    opened: Sequence[bool],
    side_of: Callable[[int], int],
    sides: int,
) -> tuple[list[int], list[int]]:
    """(each seat's score, each side's score) for a round ``winner`` ended with ``kind``. The
    winner's partner scores 0; the other side's members are scored and summed (HR-12)."""
    scores = [0] * len(hands)
    for seat, hand in enumerate(hands):
        if seat == winner:
            scores[seat] = kind
        elif side_of(seat) != side_of(winner):
            scores[seat] = loser_score(variant, kind, hand, opened[seat])
    side_scores = [0] * sides
    for seat, score in enumerate(scores):
        side_scores[side_of(seat)] += score
    return scores, side_scores


def copy_entry(entry: RoundEntry) -> RoundEntry:
    """A copy of a history entry whose lists the caller may keep or change."""
    return {
        "round": entry["round"],
        "winner": entry["winner"],
        "kind": entry["kind"],
        "scores": list(entry["scores"]),
        "side_scores": list(entry["side_scores"]),
        "hands": [list(h) for h in entry["hands"]],
    }
