"""The order of a round's rows in a between-rounds score panel: the best of the round first,
equal scores in seat (or side) order. Pure Python; the games' ``scene_score.py`` draw by it."""

from __future__ import annotations

from collections.abc import Sequence


def best_first(scores: Sequence[int], low_wins: bool = False) -> list[int]:
    """The indices of ``scores`` (one per seat or side), the round's best first: the highest
    score, or the lowest where fewer points are better (Hand rummy, HR-11); ties keep their
    index order."""
    sign = 1 if low_wins else -1
    return sorted(range(len(scores)), key=lambda i: (sign * scores[i], i))
