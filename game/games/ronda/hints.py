"""Why a Ronda hint plays its move, in the game's terms, from the seat's own view only.

- A declaration (RO-16): the hand holds the pair (ronda) or the three (tringa) it declares
  (a false one, RO-18, the hint never makes, has no reason).
- A capture (RO-9): how many table cards it takes; a caida (RO-12, +1) takes the card the last
  player just laid; a mesa (RO-14, +1) clears the table (never with the deal's last card).
- A card laid (RO-10): what is out, from the cards this seat has seen (its hand, the table, the
  ranks captured this deal; four of each rank): nothing left on the table that an unseen card
  could catch, or no unseen card of the laid rank, or how many of its rank are seen already.
"""

from __future__ import annotations

from game.core.hints import Reason

from .board import caida_rank, run_length, unseen_counts
from .cards import RANK
from .types import RondaAction, RondaView

PER_RANK = 4  # cards of each rank in the Spanish pack (RO-2)
DECLARED = {"ronda": 2, "tringa": 3}  # cards of one rank a true declaration holds (RO-16)


def capture_reason(view: RondaView, card: str, taken: int) -> Reason:
    """A capture of ``taken`` table cards with ``card``: caida, mesa or both, else the count."""
    rank = RANK[card]
    caida = caida_rank(view) == rank
    last_card = view["deck_count"] == 0 and sum(view["hand_counts"]) == 1
    mesa = taken == len(view["table"]) and not last_card
    if caida and mesa:
        return Reason("hint.ronda.caida_mesa", {"n": taken})
    if caida:
        return Reason("hint.ronda.caida", {"n": taken})
    if mesa:
        return Reason("hint.ronda.mesa", {"n": taken})
    return Reason("hint.ronda.capture", {"n": taken})


def lay_reason(view: RondaView, card: str) -> Reason:
    """A card that captures nothing stays on the table: what the next player could catch."""
    unseen = unseen_counts(view)
    after = {RANK[c] for c in view["table"]} | {RANK[card]}
    rank = card[:-1]
    if all(unseen[r] == 0 for r in after):
        return Reason("hint.ronda.safe_table")
    if unseen[RANK[card]] == 0:
        return Reason("hint.ronda.safe_lay", {"rank": rank})
    return Reason("hint.ronda.lay", {"rank": rank, "seen": PER_RANK - unseen[RANK[card]]})


def reason(view: RondaView, action: RondaAction) -> Reason | None:
    """Why the hint plays ``action`` (RO-9 captures, RO-12 caida, RO-14 mesa, RO-16)."""
    if action["type"] == "declare":
        kind = action["kind"]
        ranks = [RANK[c] for c in view["hand"]]
        held = max((ranks.count(r) for r in ranks), default=0)
        return Reason(f"hint.ronda.{kind}") if held >= DECLARED[kind] else None
    card = action["card"]
    taken = run_length({RANK[c] for c in view["table"]}, RANK[card])
    return capture_reason(view, card, taken) if taken else lay_reason(view, card)
