"""Leak checks for what a remote seat receives (shared by the server and online UI tests).

The truth is the server's own record: replaying its log gives every seat's hand at each point;
each ``events`` frame a client received carries ``log`` (its point in the log) and its view.
"""
from __future__ import annotations

import importlib
from collections import Counter

from game.core.cards import french_deck, rummy_deck, spanish_deck

RULES = {"hareeja": "game.games.hareeja.rules", "ronda": "game.games.ronda.rules",
         "hand_rummy": "game.games.hand_rummy.rules"}
DECKS = {"hareeja": lambda: french_deck(short=True), "ronda": spanish_deck,
         "hand_rummy": rummy_deck}


def hands_by_log(game: str, record: dict) -> list[list[list[str]]]:
    """Every seat's hand after each prefix of the server's log."""
    rules = importlib.import_module(RULES[game])
    match = rules.Match.new(record["players"], record["options"], record["seed"], record["deck"])
    out = [[list(match.view(s)["hand"]) for s in range(match.players)]]
    for seat, action in record["log"]:
        match.apply(seat, action)
        out.append([list(match.view(s)["hand"]) for s in range(match.players)])
    return out


def hand_lists(value):
    """Every list of cards under a "hand" key anywhere in a frame."""
    if isinstance(value, dict):
        for key, sub in value.items():
            if key == "hand" and isinstance(sub, list):
                yield sub
            else:
                yield from hand_lists(sub)
    elif isinstance(value, list):
        for sub in value:
            yield from hand_lists(sub)


def cards_in(value):
    """Every string anywhere inside ``value`` (card codes in views' public fields)."""
    if isinstance(value, list):
        for sub in value:
            yield from cards_in(sub)
    elif isinstance(value, dict):
        for sub in value.values():
            yield from cards_in(sub)
    elif isinstance(value, str):
        yield value


def assert_no_hand_leak(frames: list[dict], seat: int, hands: list,
                        public_keys=("table", "melds", "discard_top")) -> int:
    """Each ``events`` frame (server seat numbers) shows this seat's own hand only: the view's
    hand is the server's hand of that seat at that point of the log; every "hand" in an event
    was held by this seat; a card shown face up in ``public_keys`` is in no other hand, unless
    the deck has another copy (rummy's two decks). Returns how many frames were checked."""
    held = {card for snap in hands for card in snap[seat]}
    game = next(f["view"]["game"] for f in frames if f["t"] == "events")
    deck = Counter(DECKS[game]())
    checked = 0
    for frame in frames:
        if frame["t"] != "events":
            continue
        view, at = frame["view"], hands[frame["log"]]
        assert view["you"] == seat
        assert sorted(view["hand"]) == sorted(at[seat])
        for hand in hand_lists(frame["events"]):
            assert set(hand) <= held
        in_hands = Counter(c for s, h in enumerate(at) if s != seat for c in h)
        for key in public_keys:       # one field at a time: a trick card is also in "played"
            public = Counter(cards_in(view.get(key)))
            assert all(public[c] + in_hands[c] <= deck[c] for c in public), (key, public)
        checked += 1
    return checked
