"""The shapes of what crosses the engine's edge: actions, events as a seat sees them, views.

They are TypedDicts, so the JSON stays exactly what it was (plain dicts in tests, bots, the UI
and on the wire) while a type checker, and the conformance tests at run time, hold every engine
to its declared shapes. Each game declares its own in ``game/games/<name>/types.py``; this module
holds what every game shares. Pure: standard library only.
"""

from collections.abc import Mapping
from typing import Any, Literal, TypedDict

# An action as it arrives (from a player, a bot or the wire): any JSON value at run time. The
# engine checks it completely and refuses anything else with IllegalAction (docs/DESIGN.md).
ActionInput = Mapping[str, Any]


Phase = Literal["declare", "play", "over"]  # "declare": Hareeja's secret bids


class TimeoutAction(TypedDict):
    """The safe move of TB-7, any game (from the table layer)."""

    type: Literal["timeout"]


class PlayAction(TypedDict):
    """Play one card (Hareeja, Ronda)."""

    type: Literal["play"]
    card: str


# One JSON object as it crosses a process edge: a wire message, a stored record, a view or event
# of a game the caller does not know (the server is game-agnostic). Its fields are checked at
# run time where it enters (game.net.protocol.decode, the engine's own checks), so ``Any`` here
# is the honest type of decoded JSON, and it is used only at those boundaries.
JsonObject = dict[str, Any]

# An event as one seat sees it: its "type" plus the public data and that seat's private part.
# Each game lists the exact shape of every event type it emits (``EVENT_SHAPES``).
EventDict = dict[str, Any]


class TurnTimeout(TypedDict):
    """The table layer: ``seat`` ran out of time; the engine's safe move follows (TB-7)."""

    type: Literal["turn_timeout"]
    seat: int


class Assist(TypedDict):
    """The table layer: auto-assistance started or ended for ``seat`` (TB-8)."""

    type: Literal["assist"]
    seat: int
    on: bool


class SeatLeft(TypedDict):
    """The table layer: ``seat`` left; a bot plays it from now on (TB-9)."""

    type: Literal["seat_left"]
    seat: int


TABLE_EVENT_SHAPES: dict[str, type] = {
    "turn_timeout": TurnTimeout,
    "assist": Assist,
    "seat_left": SeatLeft,
}


class ViewBase(TypedDict):
    """What every game's view holds (docs/DESIGN.md "Views")."""

    game: str
    phase: Phase
    to_act: list[int]
    totals: list[int]
    you: int | None
    sides: list[int]  # each seat's side: the seat itself, except in team play
    hand: list[str]
    hand_counts: list[int]


def shape_errors(value: object, shape: type, where: str = "") -> list[str]:
    """What keeps ``value`` from having exactly the keys of the TypedDict ``shape``: missing
    required keys and keys the shape does not declare (checked at run time by the tests)."""
    if not isinstance(value, dict):
        return [f"{where or shape.__name__}: not an object"]
    required: frozenset[str] = getattr(shape, "__required_keys__", frozenset())
    optional: frozenset[str] = getattr(shape, "__optional_keys__", frozenset())
    missing = sorted(required - value.keys())
    extra = sorted(str(k) for k in value.keys() - required - optional)
    name = where or shape.__name__
    return [f"{name}: missing {k!r}" for k in missing] + [
        f"{name}: undeclared {k!r}" for k in extra
    ]
