"""Leak checks for what a remote seat receives (shared by the server and online UI tests).

The truth is the server's own record: replaying its log gives every seat's hand at each point;
each ``events`` frame a client received carries ``log`` (its point in the log) and its view.
"""

from __future__ import annotations

import importlib
from collections import Counter

from game.core.cards import french_deck, rummy_deck, spanish_deck
from game.core.fair import rng_from_record

RULES = {
    "hareeja": "game.games.hareeja.rules",
    "ronda": "game.games.ronda.rules",
    "hand_rummy": "game.games.hand_rummy.rules",
}
DECKS = {
    "hareeja": lambda: french_deck(short=True),
    "ronda": spanish_deck,
    "hand_rummy": rummy_deck,
}


def _replayed(rules, record: dict):
    """The record's match before its first action: its deals from the fair secret and the
    contributions (online), else from the seed."""
    rng = rng_from_record(record.get("fair"), record["seed"])
    seed, deck = record["seed"], record["deck"]
    return rules.Match.new(record["players"], record["options"], seed, deck, rng)


def hands_by_log(game: str, record: dict) -> list[list[list[str]]]:
    """Every seat's hand after each prefix of the server's log."""
    rules = importlib.import_module(RULES[game])
    match = _replayed(rules, record)
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


def assert_no_hand_leak(
    frames: list[dict], seat: int, hands: list, public_keys=("table", "melds", "discard_top")
) -> int:
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
        for key in public_keys:  # one field at a time: a trick card is also in "played"
            public = Counter(cards_in(view.get(key)))
            assert all(public[c] + in_hands[c] <= deck[c] for c in public), (key, public)
        checked += 1
    return checked


# ----- every field of every frame --------------------------------------------------------------
def hidden_by_log(game: str, record: dict) -> list[tuple[list[list[str]], list[str], list]]:
    """After each prefix of the server's log: every seat's hand, the stock (the cards nobody
    may see but their holder; Hareeja deals every card, so its stock is empty) and the action
    that led there (the cards it names were put face up: played, melded, discarded)."""
    rules = importlib.import_module(RULES[game])
    match = _replayed(rules, record)

    def snap(action):
        hands = [list(match.view(s)["hand"]) for s in range(match.players)]
        return hands, list(getattr(match, "stock", []) or []), action

    out = [snap(None)]
    for seat, action in record["log"]:
        match.apply(seat, action)
        out.append(snap(action))
    return out


# Card codes the rules show to everyone although such a card sits in a hand at that point of the
# log: Hand rummy turns every hand face up when a round ends (its round_scored event and the
# view's history) — the next round is dealt in the same step, so those codes are in new hands
# by then; and "meld_stands" names the card a joker stands for (a claim, not a card shown).
REVEALED_BY_RULE = {
    ("events", "round_scored", "hands"),
    ("view", "history", "hands"),
    ("view", "meld_stands"),
}


def strings_with_path(value, path=()):
    """Every string in ``value`` with the path of keys (and event types) leading to it."""
    if isinstance(value, dict):
        kind = value.get("type") if isinstance(value.get("type"), str) else None
        for key, sub in value.items():
            step = (kind, key) if kind else (key,)
            yield from strings_with_path(sub, path + step)
    elif isinstance(value, list):
        for sub in value:
            yield from strings_with_path(sub, path)
    elif isinstance(value, str):
        yield path, value


def _revealed_by_rule(path) -> bool:
    return any(all(part in path for part in rule) for rule in REVEALED_BY_RULE)


def assert_no_card_leak(frames: list[dict], seat: int, game: str, hidden: list) -> int:
    """Reads every string of every frame this seat received (all message types, all fields,
    events included) and checks each card code against the truth at that point of the log:
    a card is a leak when every copy of it was, at every point so far, in another seat's hand
    or in the stock (the seat can never have seen it). Returns how many card codes were
    checked."""
    deck = Counter(DECKS[game]())
    seen_ever: set[str] = set()  # codes one copy of which this seat could see
    point, checked = 0, 0

    def advance_to(upto: int) -> None:
        nonlocal point
        while point <= upto:
            hands, stock, action = hidden[point]
            others = Counter(c for s, h in enumerate(hands) if s != seat for c in h)
            others.update(stock)
            seen_ever.update(c for c in deck if others[c] < deck[c])
            # cards the action put face up, even if the same step dealt them again at once
            seen_ever.update(text for _, text in strings_with_path(action) if text in deck)
            point += 1

    advance_to(0)
    for frame in frames:
        if frame["t"] == "events":
            advance_to(frame["log"])
        for path, text in strings_with_path(frame):
            if text not in deck:
                continue
            checked += 1
            if text not in seen_ever and not _revealed_by_rule(path):
                raise AssertionError(
                    f"seat {seat} was sent {text!r} at {'/'.join(map(str, path))}"
                    f" (log {point - 1}) while every copy was hidden from it"
                )
    return checked


# ----- the fair deals' secret ------------------------------------------------------------------
def assert_secret_only_at_the_end(frames: list[dict], secret: str) -> int:
    """The server's secret (hex) is in no frame before the ``reveal``, which comes after the
    ``events`` that ended the match; returns the index of the reveal among the frames."""
    import json

    at = next(i for i, f in enumerate(frames) if f["t"] == "reveal")
    assert frames[at]["secret"] == secret
    before = frames[:at]
    assert not any(secret in json.dumps(f) for f in before), "the secret was sent early"
    assert [f for f in before if f["t"] == "events"][-1]["view"]["phase"] == "over"
    return at


# ----- spectators ------------------------------------------------------------------------------
def public_views_by_log(game: str, record: dict) -> list[dict]:
    """``match.view(None)`` (what every seat may see) after each prefix of the server's log."""
    rules = importlib.import_module(RULES[game])
    match = _replayed(rules, record)
    out = [match.view(None)]
    for seat, action in record["log"]:
        match.apply(seat, action)
        out.append(match.view(None))
    return out


def assert_watcher_saw_only_the_public(frames: list[dict], game: str, record: dict) -> int:
    """Every frame a spectator received: each ``events`` view is exactly the public view at
    its point of the log (no hand, no secret bid), no event carries a hand or a private part,
    and no card code anywhere was hidden in every seat's hand or the stock at that point
    (:func:`assert_no_card_leak` with no seat of its own). Returns how many views it checked."""
    views = public_views_by_log(game, record)
    checked = 0
    for frame in frames:
        if frame["t"] != "events":
            continue
        view = frame["view"]
        assert view == views[frame["log"]], f"log {frame['log']}: not the public view"
        assert view["you"] is None and not view.get("hand") and frame["legal"] == []
        if game == "hareeja" and not view["revealed"]:
            assert view["bids"] == [None] * 4, view["bids"]
        for event in frame["events"]:
            assert "hand" not in event or event["type"] == "round_scored", event
            assert not (event["type"] == "bid_confirmed" and "n" in event), event
        checked += 1
    assert_no_card_leak(frames, None, game, hidden_by_log(game, record))
    return checked
