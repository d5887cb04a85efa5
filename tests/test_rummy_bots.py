"""Hand rummy bots: never illegal, open at 51, take a useful discard, swap when it pays."""

from __future__ import annotations

import types

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.bots import run
from game.core.cards import JOKER
from game.games.hand_rummy import bots
from game.games.hand_rummy.rules import Match
from test_rummy_support import all_cards, new_match


def bot_match(seed: int, players: int, options: dict, levels) -> Match:
    match = Match.new(players, options, seed=seed)
    for step in range(4000):
        if match.phase == "over":
            break
        seat = match.to_act()[0]
        action = bots.choose(
            match.view(seat),
            match.legal_actions(seat),
            level=levels[seat % len(levels)],
            seed=seed + step,
        )
        match.apply(seat, action)  # an illegal action would raise here
        assert action["type"] != "timeout"
    return match


@settings(max_examples=10, deadline=None)
@given(
    st.integers(0, 10**6),
    st.sampled_from(
        [
            (2, {"rounds": 1}),
            (3, {"rounds": 1, "variant": "classic"}),
            (4, {"rounds": 1, "partnership": True}),
            (5, {"rounds": 1, "variant": "classic"}),
        ]
    ),
)
def test_bots_never_play_an_illegal_action_and_finish(seed, setup):
    players, options = setup
    match = bot_match(seed, players, options, ["normal", "easy", "hard"])
    assert match.phase == "over"
    assert sum(all_cards(match).values()) == 106


def test_bot_opens_as_soon_as_it_reaches_51():
    match = new_match({1: ["7H", "8H", "9H", "KS", "KD", "KC", "2C", "5D"]})
    action = bots.choose(match.view(1), match.legal_actions(1), seed=1)
    assert action["type"] == "meld"
    match.apply(1, action)
    assert match.opened[1]


def test_bot_takes_the_discard_that_completes_a_meld():
    match = new_match({1: ["9S"], 2: ["7S", "8S", "2C", "5D"]})
    match.apply(1, {"type": "discard", "card": "9S"})
    view = match.view(2)
    assert bots.choose(view, match.legal_actions(2), seed=1) == {"type": "draw", "from": "discard"}


def test_bot_draws_from_stock_when_the_discard_is_useless():
    match = new_match({1: ["2D"], 2: ["7S", "8S", "QC", "5H"]})
    match.apply(1, {"type": "discard", "card": "2D"})
    assert bots.choose(match.view(2), match.legal_actions(2), seed=1) == {
        "type": "draw",
        "from": "stock",
    }


def test_bot_swaps_a_joker_when_it_can_meld_it_and_then_melds_it():
    hand = ["7H", JOKER, "9H", "KS", "KD", "KC", "2C", "8H", "QS", "QD"]
    match = new_match({1: hand})
    match.apply(1, {"type": "meld", "groups": [["7H", JOKER, "9H"], ["KS", "KD", "KC"]]})
    match.apply(1, {"type": "discard", "card": "2C"})
    for seat in (2, 3, 0):
        match.apply(seat, {"type": "draw", "from": "stock"})
        match.apply(seat, {"type": "discard", "card": match.hands[seat][-1]})
    match.apply(1, {"type": "draw", "from": "stock"})
    seen = []
    while match.to_act() == [1] and len(seen) < 12:
        action = bots.choose(match.view(1), match.legal_actions(1), seed=2)
        seen.append(action["type"])
        match.apply(1, action)
    assert "swap_joker" in seen
    assert seen[seen.index("swap_joker") + 1] == "meld"
    assert seen[-1] == "discard" or match.phase == "over"


def test_bot_discards_a_lone_high_card_not_a_near_meld():
    match = new_match(
        {
            1: [
                "7H",
                "8H",
                "5S",
                "5D",
                "KC",
                "2D",
                "4C",
                "9S",
                "JD",
                "3H",
                "QS",
                "6C",
                "10D",
                "AH",
                "2S",
            ]
        }
    )
    view = match.view(1)
    action = bots.choose(view, match.legal_actions(1), seed=3)
    assert action["type"] == "discard"
    assert action["card"] not in ("7H", "8H", "5S", "5D")


def test_bot_think_is_a_generator_that_yields():
    match = Match.new(4, {}, seed=9)
    seat = match.to_act()[0]
    thought = bots.think(match.view(seat), match.legal_actions(seat), "normal")
    assert isinstance(thought, types.GeneratorType)
    action = run(thought)
    match.apply(seat, action)


def test_HR_10_hard_holds_a_ready_opening_to_go_out_in_one_turn():
    """Hard keeps 51+ back while no opponent is near going out (to go out in one turn, the
    "hand", -60); normal opens at once."""
    hand = [
        "7H",
        "8H",
        "9H",
        "KS",
        "KD",
        "KC",
        "QS",
        "QD",
        "QC",
        "2C",
        "3C",
        "4C",
        "10D",
        "5S",
        "AS",
    ]
    match = new_match({1: hand})
    view = match.view(1)
    assert bots.choose(view, match.legal_actions(1), level="normal", seed=1)["type"] == "meld"
    action = bots.choose(view, match.legal_actions(1), level="hard", seed=1)
    assert action["type"] == "discard" and action["card"] in ("10D", "5S", "AS")
