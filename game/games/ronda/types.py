"""Ronda's actions, events (as one seat sees them) and view: the JSON shapes, declared.

See game.core.types. The conformance tests check every event and view a match produces against
these; mypy checks the engine builds its view to match.
"""

from typing import Literal, NotRequired, TypedDict

from game.core.types import PlayAction, ViewBase

Kind = Literal["ronda", "tringa"]


class DeclareAction(TypedDict):
    """RO-16: declare a ronda or a tringa before the first card of a batch."""

    type: Literal["declare"]
    kind: Kind


RondaAction = DeclareAction | PlayAction


class Deal(TypedDict):
    type: Literal["deal"]
    deal: int
    batch: int
    dealer: int
    batches: int
    last_batch: bool
    table: NotRequired[list[str]]  # the first batch lays the table (RO-5)
    redeals: NotRequired[int]
    counts: list[int]
    deck_count: int
    hand: NotRequired[list[str]]  # only the seat's own


class LastBatch(TypedDict):
    type: Literal["last_batch"]


class Declared(TypedDict):
    type: Literal["declared"]
    seat: int
    kind: str  # the kind only; the rank waits for the deal's end


class Played(TypedDict):
    type: Literal["played"]
    seat: int
    card: str
    timeout: bool


class Captured(TypedDict):
    type: Literal["captured"]
    seat: int
    card: str
    run: list[str]
    caida: bool
    mesa: bool
    points: int


class Laid(TypedDict):
    type: Literal["laid"]
    seat: int
    card: str


class Sweep(TypedDict):
    type: Literal["sweep"]
    seat: int | None
    cards: list[str]


class RevealedDeclaration(TypedDict):
    batch: int
    seat: int
    kind: str
    rank: str | None
    valid: bool
    scored: bool
    penalty_to: int | None


class DeclarationsRevealed(TypedDict):
    type: Literal["declarations_revealed"]
    declarations: list[RevealedDeclaration]


class DealEntry(TypedDict):
    deal: int
    dealer: int
    cards: list[int]
    card_points: list[int]
    caidas: list[int]
    mesas: list[int]
    declarations: list[int]
    penalties: list[int]
    points: list[int]
    totals: list[int]


class DealScored(DealEntry):
    type: Literal["deal_scored"]


class Result(TypedDict):
    totals: list[int]
    winner: int | None
    draw: bool


class MatchOver(Result):
    type: Literal["match_over"]


EVENT_SHAPES: dict[str, type] = {
    "deal": Deal,
    "last_batch": LastBatch,
    "declared": Declared,
    "played": Played,
    "captured": Captured,
    "laid": Laid,
    "sweep": Sweep,
    "declarations_revealed": DeclarationsRevealed,
    "deal_scored": DealScored,
    "match_over": MatchOver,
}


class BatchDeclaration(TypedDict):
    seat: int
    kind: str


class RondaView(ViewBase):
    side: int | None
    players: int
    teams: bool
    target: int
    rules: str
    table: list[str]
    piles: list[int]
    deck_count: int
    dealer: int
    deal: int
    batch: int
    batches: int
    last_batch: bool
    turn: int
    declarations: list[BatchDeclaration]
    declared_this_batch: list[bool]
    can_declare: bool
    caida_card: str | None
    captured_ranks: dict[str, int]
    last_capturer: int | None
    deal_points: list[int]
    history: list[DealEntry]
    result: Result | None
