"""Hareeja's actions, events (as one seat sees them) and view: the JSON shapes, declared.

See game.core.types. The conformance tests check every event and view a match produces against
these; mypy checks the engine builds its view to match.
"""

from typing import Any, Literal, NotRequired, TypedDict

from game.core.types import PlayAction, ViewBase

SeatCard = list[Any]  # [seat, card code]: one card of a trick


class BidAction(TypedDict):
    """HJ-5: a secret, final bid of 0..8 tricks."""

    type: Literal["bid"]
    n: int


HareejaAction = BidAction | PlayAction


class Deal(TypedDict):
    type: Literal["deal"]
    round: int
    tiebreak: int
    dealer: int
    order: list[int]
    hand: NotRequired[list[str]]  # only the seat's own, never a spectator's


class BidConfirmed(TypedDict):
    type: Literal["bid_confirmed"]
    seat: int
    n: NotRequired[int]  # only to the bidder (HJ-5)


class BidsRevealed(TypedDict):
    type: Literal["bids_revealed"]
    bids: list[int | None]


class CardPlayed(TypedDict):
    type: Literal["card_played"]
    seat: int
    card: str
    timeout: bool


class TrickWon(TypedDict):
    type: Literal["trick_won"]
    seat: int
    cards: list[SeatCard]
    tricks: list[int]


class RoundEntry(TypedDict):
    round: int
    tiebreak: int
    bids: list[int | None]
    tricks: list[int]
    scores: list[int]
    totals: list[int]


class RoundScored(RoundEntry):
    type: Literal["round_scored"]


class Result(TypedDict):
    totals: list[int]
    ranking: list[int]
    winners: list[int]
    tiebreak_rounds: int


class MatchOver(Result):
    type: Literal["match_over"]


EVENT_SHAPES: dict[str, type] = {
    "deal": Deal,
    "bid_confirmed": BidConfirmed,
    "bids_revealed": BidsRevealed,
    "card_played": CardPlayed,
    "trick_won": TrickWon,
    "round_scored": RoundScored,
    "match_over": MatchOver,
}


class LastTrick(TypedDict):
    cards: list[SeatCard]
    winner: int


class HareejaView(ViewBase):
    round: int
    tiebreak: int
    rounds: int
    dealer: int
    leader: int
    confirmed: list[bool]
    bids: list[int | None]  # others' bids are None until all four are revealed
    revealed: bool
    tricks: list[int]
    trick: list[SeatCard]
    last_trick: LastTrick | None
    played: list[SeatCard]
    history: list[RoundEntry]
    result: Result | None
