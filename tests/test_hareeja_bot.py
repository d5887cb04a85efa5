"""Hareeja bots: never illegal at any level, think in slices, and play the baseline ideas."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.bots import LEVELS, Thinking, run
from game.games.hareeja import bots
from game.games.hareeja.bots import choose, choose_bid, pick_card, sample_hands, think
from game.games.hareeja.rules import DECK, SUIT, Match
from helpers import hareeja_deck

seeds = st.integers(min_value=0, max_value=2**32 - 1)
HARD_TEST_BUDGET = 0.002  # seconds: the search still samples at least one deal


def everything_but(*cards: str) -> set[str]:
    return set(DECK) - set(cards)


# ----- never illegal ---------------------------------------------------------------------------
@settings(max_examples=12, deadline=None)
@given(seeds, st.lists(st.sampled_from(LEVELS), min_size=4, max_size=4))
def test_bots_never_choose_an_illegal_action_at_any_level(seed, levels):
    match = Match.new(4, {"first_dealer": seed % 4}, seed=seed)
    rnd = random.Random(seed)
    while match.phase != "over":
        seat = rnd.choice(match.to_act())
        view = json.loads(json.dumps(match.view(seat)))  # bots get plain JSON data only
        legal = match.legal_actions(seat)
        action = choose(
            view, legal, budget=HARD_TEST_BUDGET, level=levels[seat], seed=rnd.getrandbits(32)
        )
        assert action in legal
        match.apply(seat, action)
    assert len(match.result["winners"]) >= 1


def test_bot_choice_is_repeatable_with_a_seed():
    match = Match.new(4, seed=11)
    for level in ("easy", "normal"):
        view, legal = match.view(2), match.legal_actions(2)
        assert len({json.dumps(choose(view, legal, level=level, seed=5)) for _ in range(3)}) == 1


def test_a_bot_with_nothing_to_do_says_so():
    with pytest.raises(ValueError):
        choose(Match.new(4, seed=1).view(0), [])


# ----- thinking in slices -------------------------------------------------------------------------
def test_hard_bot_yields_between_samples_and_returns_a_legal_card():
    match = Match.new(4, seed=3)
    for seat in range(4):
        match.apply(seat, {"type": "bid", "n": 2})
    seat = match.to_act()[0]
    legal = match.legal_actions(seat)
    assert len(legal) > 1
    thought = think(match.view(seat), legal, "hard", random.Random(1), budget=0.05)
    yields = 0
    try:
        while True:
            next(thought)
            yields += 1
    except StopIteration as done:
        action = done.value
    assert yields >= 1 and action in legal


def test_thinking_steps_a_slice_at_a_time():
    match = Match.new(4, seed=4)
    for seat in range(4):
        match.apply(seat, {"type": "bid", "n": 1})
    seat = match.to_act()[0]
    ticks = iter(range(10**6))
    thinking = Thinking(
        think(match.view(seat), match.legal_actions(seat), "hard", random.Random(2), budget=10.0),
        clock=lambda: next(ticks) * 0.001,
    )
    assert thinking.step(0.0005) is False  # one slice = one sample, then back to the frame
    while not thinking.step(0.0005):
        pass
    assert thinking.action in match.legal_actions(seat)


# ----- bidding ------------------------------------------------------------------------------------
def test_bid_counts_sure_tricks():
    assert choose_bid(["AS", "KS", "QS", "JS", "AH", "KH", "QH", "JH"]) == 8
    assert choose_bid(["AS", "AH", "7D", "8D", "9D", "7C", "8C", "9C"]) == 2
    assert choose_bid(["7S", "8S", "7H", "8H", "7D", "8D", "7C", "8C"]) == 0


def test_bid_counts_a_protected_king_as_likely():
    bare = choose_bid(["KS", "AH", "7D", "8D", "9D", "7C", "8C", "9C"])
    protected = choose_bid(["KS", "7S", "AH", "7D", "8D", "9D", "7C", "8C"])
    assert protected > bare


def test_bot_bids_through_choose():
    hands = {
        1: ["AS", "KS", "QS", "JS", "AH", "KH", "QH", "JH"],
        2: ["7S", "8S", "9S", "10S", "7H", "8H", "9H", "10H"],
        3: ["AD", "KD", "QD", "JD", "AC", "KC", "QC", "JC"],
        0: ["7D", "8D", "9D", "10D", "7C", "8C", "9C", "10C"],
    }
    match = Match.new(4, seed=1, deck=hareeja_deck(hands))
    assert choose(match.view(1), match.legal_actions(1)) == {"type": "bid", "n": 8}
    assert choose(match.view(2), match.legal_actions(2)) == {"type": "bid", "n": 0}


# ----- the baseline play --------------------------------------------------------------------------
def test_ducking_plays_the_highest_card_that_still_loses():
    hand = ["KH", "9H", "7H", "AS"]
    assert pick_card(hand, [[1, "10H"]], False, everything_but(*hand, "10H")) == "9H"


def test_ducking_when_void_discards_the_most_dangerous_card():
    hand = ["AS", "7S", "KD", "8C"]
    assert pick_card(hand, [[1, "10H"]], False, everything_but(*hand, "10H")) == "AS"


def test_ducking_leads_low_from_a_short_suit():
    hand = ["KS", "QS", "JS", "8H", "9D", "10D"]
    assert pick_card(hand, [], False, everything_but(*hand)) == "8H"


def test_chasing_last_to_play_takes_with_the_lowest_winner():
    hand = ["AH", "QH", "7H", "7S"]
    trick = [[1, "10H"], [2, "JH"], [3, "9H"]]
    assert pick_card(hand, trick, True, everything_but(*hand, "10H", "JH", "9H")) == "QH"


def test_chasing_leads_a_sure_winner():
    hand = ["AH", "8S", "7D"]
    assert pick_card(hand, [], True, everything_but(*hand)) == "AH"


def test_forced_to_win_last_sheds_the_highest():
    hand = ["AH", "KH"]
    trick = [[1, "10H"], [2, "JH"], [3, "9H"]]
    assert pick_card(hand, trick, False, everything_but(*hand, "10H", "JH", "9H")) == "AH"


def test_normal_bot_ducks_after_reaching_its_bid():
    # seat 1 holds all hearts and leads; bid 0 means it should lead its lowest card.
    hands = {
        1: [r + "H" for r in ["7", "8", "9", "10", "J", "Q", "K", "A"]],
        2: [r + "D" for r in ["7", "8", "9", "10", "J", "Q", "K", "A"]],
        3: [r + "C" for r in ["7", "8", "9", "10", "J", "Q", "K", "A"]],
        0: [r + "S" for r in ["7", "8", "9", "10", "J", "Q", "K", "A"]],
    }
    match = Match.new(4, seed=1, deck=hareeja_deck(hands))
    for seat in range(4):
        match.apply(seat, {"type": "bid", "n": 0})
    assert choose(match.view(1), match.legal_actions(1)) == {"type": "play", "card": "7H"}
    match.apply(1, {"type": "play", "card": "7H"})
    # seat 2 is void and has bid 0: it throws its most dangerous card, the ace
    assert choose(match.view(2), match.legal_actions(2)) == {"type": "play", "card": "AD"}


# ----- hard: sampled deals agree with what the view shows -----------------------------------------
def test_sampled_deals_respect_hand_counts_and_shown_voids():
    match = Match.new(4, seed=9)
    for seat in range(4):
        match.apply(seat, {"type": "bid", "n": 2})
    rnd = random.Random(0)
    for _ in range(16):
        seat = match.to_act()[0]
        match.apply(seat, {"type": "timeout"})
    seat = match.to_act()[0]
    view = match.view(seat)
    voids = bots.observed_voids(view)
    outstanding = sorted(bots.outstanding_cards(view))
    for _ in range(50):
        hands = sample_hands(view, outstanding, voids, rnd)
        assert hands[seat] == []
        assert sorted(c for h in hands for c in h) == outstanding
        for other in range(4):
            if other != seat:
                assert len(hands[other]) == view["hand_counts"][other]
                assert not any(SUIT[c] in voids[other] for c in hands[other])


def test_pure_layers_do_not_import_pygame():
    code = (
        "import sys, game.games.hareeja.rules, game.games.hareeja.bots; "
        "sys.exit(any(m.split('.')[0] == 'pygame' for m in sys.modules))"
    )
    assert subprocess.run([sys.executable, "-c", code], cwd=".", check=False).returncode == 0


# ----- hard: bids played out, effort counted in play-outs -----------------------------------------
def test_HJ_5_HJ_12_hard_bid_is_legal_repeatable_and_near_the_count():
    """Hard bids by playing out candidate bids from its seat; the same seed gives the same bid
    whatever the clock, and sure tricks are never bid away."""
    hands = {
        1: ["AS", "KS", "QS", "JS", "AH", "KH", "QH", "JH"],
        2: ["7S", "8S", "9S", "10S", "7H", "8H", "9H", "10H"],
        3: ["AD", "KD", "QD", "JD", "AC", "KC", "QC", "JC"],
        0: ["7D", "8D", "9D", "10D", "7C", "8C", "9C", "10C"],
    }
    match = Match.new(4, seed=1, deck=hareeja_deck(hands))
    strong = choose(match.view(1), match.legal_actions(1), level="hard", seed=3)
    assert strong == {"type": "bid", "n": 8}
    weak = choose(match.view(2), match.legal_actions(2), level="hard", seed=3)
    assert weak == {"type": "bid", "n": 0}
    match = Match.new(4, seed=21)
    bids = {
        json.dumps(choose(match.view(0), match.legal_actions(0), level="hard", seed=9))
        for _ in range(3)
    }
    assert len(bids) == 1


def test_hard_play_does_not_depend_on_the_clock():
    match = Match.new(4, seed=5)
    for seat in range(4):
        match.apply(seat, {"type": "bid", "n": 2})
    seat = match.to_act()[0]
    view, legal = match.view(seat), match.legal_actions(seat)
    ticks = iter(range(10**6))
    sliced = Thinking(
        think(view, legal, "hard", random.Random(4)), clock=lambda: next(ticks) * 0.001
    )
    while not sliced.step(0.0005):
        pass
    assert sliced.action == run(think(view, legal, "hard", random.Random(4)))


def test_HJ_6_bid_fit_favours_deals_that_match_the_revealed_bids():
    match = Match.new(4, seed=2)
    for seat in range(4):
        match.apply(seat, {"type": "bid", "n": {1: 0, 2: 6}.get(seat, 2)})
    view = match.view(0)
    others = sorted(bots.outstanding_cards(view))
    strong = [c for c in others if c[0] in "AKQ"][:8]
    rest = [c for c in others if c not in strong]
    fits = bots.bid_fit(view, [[], rest[:8], strong, rest[8:16]])  # weak 0, strong 6
    misfits = bots.bid_fit(view, [[], strong, rest[:8], rest[8:16]])
    assert fits > misfits
