"""One conformance runner for every engine (docs/DESIGN.md "The engine protocol").

A game's tests describe the game in a :class:`Spec` (its Match class, its cards, its declared
shapes, and a few functions that read the engine's internal state: which cards exist where,
which a seat may not see) and call :func:`check_match` over fixed seeds. Over a seeded random
match it checks, after every action:

- **cards conserved**: the game's cards, counted in every zone, are always the whole deck;
- **shapes**: every view and every event, for every seat and a spectator, is JSON and has
  exactly the keys its TypedDict declares (game/games/<name>/types.py);
- **secrecy**: every string anywhere in a seat's view or its copy of an event (not only
  ``hand``) is checked against the cards that seat may not see, read from the engine's state;
- **replay**: seed + log (through JSON) rebuild the same match, every seat's view identical;
- **refusals**: at sampled positions, actions generated independently of the engine (every card
  code, every seat, every action type, wrong types, junk JSON) are refused with IllegalAction
  exactly when ``legal_actions`` does not list them (a timeout: when the seat is not to act),
  and accepted when it does (tried on a copy); a refused action changes nothing (a digest of the
  whole state before and after). Actions the engine does not list (Hand rummy's melds) are
  compared with the spec's independent ``reference`` instead.

The random player is the spec's own (``choose``), so a game may steer toward rare positions.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.types import shape_errors

TIMEOUT = {"type": "timeout"}

# Junk that is no action at all, and seats that do not exist.
JUNK_ACTIONS: list[Any] = [
    None,
    3,
    2.5,
    True,
    "play",
    "",
    [],
    ["play"],
    {},
    {"type": None},
    {"type": 5},
    {"type": ["play"]},
    {"type": "nonsense"},
    {"type": "PLAY"},
    {"type": "timeout", "x": 1},
    {"card": "AS"},
    json.loads('{"type": "timeout", "extra": null}'),
]
JUNK_SEATS: list[Any] = [-1, 99, True, False, None, "0", 1.0, [0]]
JUNK_VALUES: list[Any] = [None, True, -1, 2.5, "", "xx", [], {}, ["AS"], 10**9]


@dataclass(frozen=True)
class Spec:
    """What the runner needs to know about one game."""

    match_class: Any
    deck: Counter[str]  # the whole game's cards
    view_shape: type
    event_shapes: dict[str, type]
    cards: Callable[[Any], Counter[str] | None]  # every card in every zone (None: skip)
    secret: Callable[[Any, int | None], Counter[str]]  # cards ``seat`` may not see now
    visible: Callable[[Any, int | None], set[str]]  # codes it may see (two-deck games)
    candidates: Callable[[Any, int, random.Random], list[dict[str, Any]]]
    choose: Callable[[Any, int, random.Random], dict[str, Any]]
    # Independent judgement of an action legal_actions does not list: True / False, or None to
    # say "listed actions decide" (every game but Hand rummy's melds).
    reference: Callable[[Any, int, dict[str, Any]], bool | None] = field(
        default=lambda match, seat, action: None
    )


# ----- digests and reading values ---------------------------------------------------------------
def digest(match: Any) -> bytes:
    """The whole state: every attribute, pickled (the log, the generator's state and all)."""
    return pickle.dumps(match.__dict__)


def state(match: Any) -> dict[str, Any]:
    """Every attribute, comparable with ==: the match's generator by its internal state."""
    out = dict(match.__dict__)
    out["rng"] = match.rng._random.getstate()
    return out


def strings(value: Any) -> Iterator[str]:
    """Every string inside a JSON-like value, keys included (card codes are whole strings)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings(key)
            yield from strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from strings(item)


def leaks(value: Any, secret: Counter[str], visible: set[str]) -> list[str]:
    """Codes in ``value`` the seat may not see: secret, and not visible to it in another copy."""
    return sorted({s for s in strings(value) if secret[s] > 0 and s not in visible})


# ----- the checks --------------------------------------------------------------------------------
def check_views(spec: Spec, match: Any) -> None:
    for seat in [*range(match.players), None]:
        view = match.view(seat)
        assert json.loads(json.dumps(view)) == view, "a view is not plain JSON"
        assert not shape_errors(view, spec.view_shape), shape_errors(view, spec.view_shape)
        found = leaks(view, spec.secret(match, seat), spec.visible(match, seat))
        assert not found, f"seat {seat} sees {found} in its view"
        if seat is not None:
            assert seat in view["to_act"] or not match.legal_actions(seat)


Knowledge = dict[Any, tuple[Counter[str], set[str]]]  # seat -> (secret, visible)


def knowledge(spec: Spec, match: Any) -> Knowledge:
    return {
        s: (spec.secret(match, s), spec.visible(match, s)) for s in [*range(match.players), None]
    }


def check_events(
    spec: Spec, match: Any, events: list[Event], before: Knowledge, actor_hand: list[str]
) -> None:
    """Each seat's copy of each event: JSON, its declared shape, and no card that seat may not
    see. Events up to a new deal describe the old position: a card is hidden there when it was
    hidden before the action and still is after it (the actor's own cards may be shown: the
    action may lay them). From a "deal" on, the new position's secrets count."""
    after = knowledge(spec, match)
    dealt = next((i for i, e in enumerate(events) if e.type == "deal"), len(events))
    for seat, (secret_before, visible_before) in before.items():
        secret_after, visible_after = after[seat]
        old = (secret_before & secret_after, visible_before | visible_after | set(actor_hand))
        for i, event in enumerate(events):
            secret, visible = old if i < dealt else (secret_after, visible_after)
            shown = event.for_seat(seat)
            assert json.loads(json.dumps(shown)) == shown
            shape = spec.event_shapes.get(shown["type"])
            assert shape is not None, f"undeclared event type {shown['type']!r}"
            assert not shape_errors(shown, shape), shape_errors(shown, shape)
            found = leaks(shown, secret, visible)
            assert not found, f"seat {seat} sees {found} in {shown['type']}"


def check_replay(match: Any) -> None:
    again = type(match).replay(json.loads(json.dumps(match.record())))
    for seat in [*range(match.players), None]:
        assert again.view(seat) == match.view(seat)
    assert again.log == match.log and again.totals == match.totals
    assert state(again) == state(match)


def refuse(match: Any, seat: Any, action: Any) -> None:
    """``action`` must be refused with a message and change nothing."""
    before = digest(match)
    try:
        match.apply(seat, action)
    except IllegalAction as refused:
        assert isinstance(refused.message, str) and refused.message
        assert isinstance(refused.code, str) and refused.code
    else:
        raise AssertionError(f"accepted {action!r} from seat {seat!r}")
    assert digest(match) == before, f"refusing {action!r} changed the match"


def accept(match: Any, seat: int, action: dict[str, Any]) -> None:
    """``action`` must be accepted (tried on a copy: the match itself goes on unchanged)."""
    trial = copy.deepcopy(match)
    try:
        trial.apply(seat, action)
    except IllegalAction as refused:
        raise AssertionError(f"refused listed {action!r} from seat {seat}: {refused}") from None


def expected_legal(spec: Spec, match: Any, seat: int, action: dict[str, Any]) -> bool:
    if action == TIMEOUT:
        return seat in match.to_act()
    judged = spec.reference(match, seat, action)
    if judged is not None:
        return judged
    return action in match.legal_actions(seat)


def check_refusals(spec: Spec, match: Any, rnd: random.Random, tries: int = 40) -> None:
    """Generated actions are refused exactly when not legal; junk always."""
    for action in JUNK_ACTIONS:
        refuse(match, match.to_act()[0], action)
    for seat in JUNK_SEATS:
        refuse(match, seat, TIMEOUT)
    pool = []
    for seat in range(match.players):
        pool += [(seat, a) for a in spec.candidates(match, seat, rnd)]
        pool += [(seat, a) for a in match.legal_actions(seat)]
        pool.append((seat, dict(TIMEOUT)))
    for seat, action in rnd.sample(pool, min(tries, len(pool))):
        if expected_legal(spec, match, seat, action):
            accept(match, seat, action)
        else:
            refuse(match, seat, action)
    seat = match.to_act()[0]
    for action in match.legal_actions(seat)[:3]:
        for key in [k for k in action if k != "type"]:
            for value in JUNK_VALUES:
                if value != action[key]:
                    broken = dict(action, **{key: value})
                    if not expected_legal(spec, match, seat, broken):
                        refuse(match, seat, broken)
            refuse(match, seat, {k: v for k, v in action.items() if k != key})
        refuse(match, seat, dict(action, surplus=1))


def check_finished(match: Any) -> None:
    assert match.phase == "over" and match.to_act() == []
    assert match.result is not None and list(match.result["totals"]) == match.totals
    for seat in range(match.players):
        assert match.legal_actions(seat) == []
        refuse(match, seat, TIMEOUT)


def check_match(
    spec: Spec,
    seed: int,
    players: int,
    options: dict[str, Any],
    max_actions: int = 3000,
    refusal_every: int = 5,
) -> Any:
    """Play a seeded random match with every check after every action; returns the match."""
    rnd = random.Random(seed)
    match = spec.match_class.new(players, options, seed=seed)
    check_events(spec, match, match.start_events, knowledge(spec, match), [])
    check_views(spec, match)
    for step in range(max_actions):
        if match.phase == "over":
            break
        if step % refusal_every == 0:
            check_refusals(spec, match, rnd)
        seat = match.to_act()[0] if len(match.to_act()) == 1 else rnd.choice(match.to_act())
        action = spec.choose(match, seat, rnd)
        before, hand = knowledge(spec, match), match.view(seat)["hand"]
        events = match.apply(seat, action)
        check_events(spec, match, events, before, hand)
        check_views(spec, match)
        cards = spec.cards(match)
        assert cards is None or cards == spec.deck, f"cards not conserved: {cards - spec.deck}"
        if step % 50 == 0:
            check_replay(match)
    check_replay(match)
    if match.phase == "over":
        check_finished(match)
    return match
