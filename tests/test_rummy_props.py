"""Hand rummy properties over many seeded random matches with random legal play."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_rummy_support import all_cards, random_step

from game.core.cards import JOKER, rummy_deck
from game.core.errors import IllegalAction
from game.games.hand_rummy.rules import Match

FULL = Counter(rummy_deck())
OPTIONS = [{"rounds": 2}, {"rounds": 1, "variant": "classic"},
           {"rounds": 1, "partnership": True}, {"rounds": 1, "variant": "classic",
                                               "partnership": True}]


def snapshot(match: Match) -> str:
    views = [match.view(s) for s in range(match.players)] + [match.view(None)]
    return json.dumps([views, match.stock, match.log], sort_keys=True)


def bad_actions(match: Match, seat: int, rnd: random.Random) -> list:
    hand = match.hands[seat]
    missing = next(c for c in sorted(set(rummy_deck())) if c not in hand)
    return [
        "discard", {"type": "discard", "card": missing}, {"type": "discard", "card": True},
        {"type": "draw"}, {"type": "draw", "from": "discard", "extra": 1},
        {"type": "add", "card": hand[0], "meld": len(match.melds)},
        {"type": "add", "card": hand[0], "meld": -1},
        {"type": "meld", "groups": [[hand[0], hand[0], missing]]},
        {"type": "meld", "groups": [rnd.sample(hand, min(3, len(hand)))]}
        if not match.view(seat)["drawn"] else {"type": "meld", "groups": [[missing] * 3]},
        {"type": "swap_joker", "meld": 0, "card": missing},
        {"type": "timeout", "x": 1}, {"type": "bid", "n": 2},
    ]


def check_events_do_not_leak(match: Match, events, seat_acting: int) -> None:
    for event in events:
        for seat in [None] + list(range(match.players)):
            seen = event.for_seat(seat)
            if event.type == "deal":
                assert ("hand" in seen) == (seat is not None)
                if seat is not None:
                    assert seen["hand"] == match.hands[seat]  # the deal is the last event
            if event.type == "drew" and event.data["from"] == "stock":
                assert ("card" in seen) == (seat == seat_acting)
            assert "stock" not in seen


def play(seed: int, options: dict, players: int, steps: int = 1500):
    rnd = random.Random(seed)
    match = Match.new(players, options, seed=seed)
    for _ in range(steps):
        if match.phase == "over":
            break
        seat, action = random_step(match, rnd)
        if rnd.random() < 0.15:
            before = snapshot(match)
            wrong = rnd.choice([s for s in range(players) if s != seat] + [seat])
            bad = rnd.choice(bad_actions(match, seat, rnd))
            try:
                match.apply(wrong, bad)
            except IllegalAction:
                pass
            else:
                pytest.fail(f"accepted {bad!r} from seat {wrong}")
            assert snapshot(match) == before
        events = match.apply(seat, action)
        check_events_do_not_leak(match, events, seat)
        assert all_cards(match) == FULL
        for s in range(players):
            view = match.view(s)
            assert view["hand"] == match.hands[s]
            assert view["hand_counts"][s] == len(match.hands[s])
    return match


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10 ** 9), st.sampled_from(range(len(OPTIONS))))
def test_random_matches_keep_106_cards_and_refuse_bad_actions(seed, which):
    options = OPTIONS[which]
    players = 4 if options.get("partnership") else 2 + seed % 3
    match = play(seed, options, players)
    replayed = Match.replay(json.loads(json.dumps(match.record())))
    assert snapshot(replayed) == snapshot(match)


def test_a_match_plays_to_the_end_and_replays_identically():
    match = play(11, {"rounds": 3}, 4, steps=20000)
    assert match.phase == "over" and len(match.history) == 3
    assert match.result["totals"] == match.totals
    assert snapshot(Match.replay(match.record())) == snapshot(match)


def other_cards_shuffled(deck: list[str], seat: int, players: int, rnd: random.Random):
    """The same deck with every card seat ``seat`` does not get shuffled among themselves."""
    starter = 1 % players
    n = players
    mine = {j * n + (seat - starter) % n for j in range(14)} | (
        {14 * n} if seat == starter else set())
    others = [i for i in range(len(deck)) if i not in mine]
    cards = [deck[i] for i in others]
    rnd.shuffle(cards)
    out = list(deck)
    for i, card in zip(others, cards):
        out[i] = card
    return out


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10 ** 9), st.integers(0, 3))
def test_views_and_events_never_leak_other_hands_or_the_stock(seed, seat):
    """What a seat sees does not change when the cards it may not see are dealt differently."""
    rnd = random.Random(seed)
    deck = rnd.sample(rummy_deck(), 106)
    twin = other_cards_shuffled(deck, seat, 4, rnd)
    a = Match.new(4, {"first_dealer": 0}, seed=seed, deck=deck)
    b = Match.new(4, {"first_dealer": 0}, seed=seed, deck=twin)
    assert a.view(seat) == b.view(seat)
    assert a.start_events[0].for_seat(seat) == b.start_events[0].for_seat(seat)
    # The starter (seat 1) discards his first card, the next draws from the stock: unless that
    # seat is the viewer, the viewer's picture of the table only differs by the discarded card.
    if seat != 1:
        card = a.hands[1][0]
        if card in b.hands[1]:
            ea = a.apply(1, {"type": "discard", "card": card})
            eb = b.apply(1, {"type": "discard", "card": card})
            assert [e.for_seat(seat) for e in ea] == [e.for_seat(seat) for e in eb]
            ea = a.apply(2, {"type": "draw", "from": "stock"})
            eb = b.apply(2, {"type": "draw", "from": "stock"})
            if seat != 2:
                assert [e.for_seat(seat) for e in ea] == [e.for_seat(seat) for e in eb]
                assert a.view(seat) == b.view(seat)
    assert a.view(None)["hand"] == []


def test_spectator_view_holds_no_hand_and_counts_only():
    match = Match.new(3, {}, seed=5)
    view = match.view(None)
    assert view["hand"] == [] and view["you"] is None
    assert view["hand_counts"] == [14, 15, 14]
    text = json.dumps(view)
    assert "stock\":" not in text.replace("stock_count", "")
    assert JOKER not in view["hand"]
