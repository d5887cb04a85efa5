"""Hand rummy's actions, events (as one seat sees them) and view: the JSON shapes, declared.

See game.core.types. The conformance tests check every event and view a match produces against
these; mypy checks the engine builds its view to match.
"""

from typing import Any, Literal, NotRequired, TypedDict

from game.core.types import ViewBase

# "from" is a Python keyword, so this one is declared the functional way.
DrawAction = TypedDict("DrawAction", {"type": Literal["draw"], "from": Literal["stock", "discard"]})


class MeldAction(TypedDict):
    """Lay new melds: each group a run or a set (HR-5); the opening reaches 51 (HR-7)."""

    type: Literal["meld"]
    groups: list[list[str]]


class AddAction(TypedDict):
    type: Literal["add"]
    card: str
    meld: int


class SwapJokerAction(TypedDict):
    """HR-8: ``card`` (a run, or a majlis set) or ``cards`` (a classic set's two suits)."""

    type: Literal["swap_joker"]
    meld: int
    card: NotRequired[str]
    cards: NotRequired[list[str]]


class DiscardAction(TypedDict):
    type: Literal["discard"]
    card: str


RummyAction = DrawAction | MeldAction | AddAction | SwapJokerAction | DiscardAction


class Deal(TypedDict):
    type: Literal["deal"]
    round: int
    dealer: int
    starter: int
    counts: list[int]
    discard_top: str | None
    stock_count: int
    hand: NotRequired[list[str]]  # only the seat's own


Drew = TypedDict(
    "Drew",
    {
        "type": Literal["drew"],
        "seat": int,
        "from": Literal["stock", "discard"],
        "card": NotRequired[str],
    },
)  # a stock card only to the drawer


class StockReshuffled(TypedDict):
    type: Literal["stock_reshuffled"]
    stock_count: int


class Melded(TypedDict):
    type: Literal["melded"]
    seat: int
    groups: list[list[str]]
    opening: bool
    points: int
    first_meld: int


class Added(TypedDict):
    type: Literal["added"]
    seat: int
    card: str
    meld: int
    cards: list[str]


class JokerSwapped(TypedDict):
    type: Literal["joker_swapped"]
    seat: int
    meld: int
    card: str
    cards: list[str]
    placed: NotRequired[list[str]]


class Discarded(TypedDict):
    type: Literal["discarded"]
    seat: int
    card: str


class SwapUndone(TypedDict):
    type: Literal["swap_undone"]
    seat: int
    meld: int
    cards: list[str]
    returned: list[str]


class RoundEntry(TypedDict):
    round: int
    winner: int
    kind: int  # -30 out, -60 out in one go (HR-10)
    scores: list[int]
    side_scores: list[int]
    hands: list[list[str]]  # shown to all when the round ends


class RoundScored(RoundEntry):
    type: Literal["round_scored"]
    totals: list[int]


class Result(TypedDict):
    totals: list[int]
    winners: list[int]


class MatchOver(Result):
    type: Literal["match_over"]


EVENT_SHAPES: dict[str, type] = {
    "deal": Deal,
    "drew": Drew,
    "stock_reshuffled": StockReshuffled,
    "melded": Melded,
    "added": Added,
    "joker_swapped": JokerSwapped,
    "discarded": Discarded,
    "swap_undone": SwapUndone,
    "round_scored": RoundScored,
    "match_over": MatchOver,
}


class RummyView(ViewBase):
    side: int | None
    players: int
    teams: list[list[int]] | None
    partnership: bool
    variant: str
    rounds: int
    round: int
    dealer: int
    starter: int
    turn: int
    melds: list[list[str]]
    meld_stands: list[list[str]]
    meld_owners: list[int]
    discard_top: str | None
    discard_count: int
    stock_count: int
    opened: list[bool]
    drawn: bool
    pending_joker: bool
    discards: list[list[Any]]  # [seat, card] per discard this round
    picks: list[list[Any]]  # [seat, card] per discard taken this round
    history: list[RoundEntry]
    result: Result | None
