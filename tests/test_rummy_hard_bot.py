"""Hand rummy hard bot's planner: the pool it counts over, outs, feeding, slices (HR-7, HR-9)."""

from __future__ import annotations

from collections import Counter

from game.core.bots import Thinking, run
from game.games.hand_rummy import bots, holding, planner
from game.games.hand_rummy import melds as M
from test_rummy_support import new_match


def test_pool_is_the_deck_less_what_the_view_shows():
    match = new_match({1: ["7H", "8H", "9H", "KS", "KD", "KC", "QS", "QD", "QC", "2C"]})
    match.apply(
        1, {"type": "meld", "groups": [["7H", "8H", "9H"], ["KS", "KD", "KC"], ["QS", "QD", "QC"]]}
    )
    match.apply(1, {"type": "discard", "card": "2C"})
    match.apply(2, {"type": "draw", "from": "discard"})  # seat 2 picks the 2C
    match.apply(2, {"type": "discard", "card": match.hands[2][0]})
    view = match.view(3)
    pool = planner.pool(view)
    shown = len(view["hand"]) + sum(len(m) for m in view["melds"]) + view["discard_count"] + 1
    assert sum(pool.values()) == 106 - shown
    assert pool["2C"] == 1  # one 2C is known to be in seat 2's hand
    assert all(pool[c] <= 2 for c in pool)


def test_HR_7_outs_count_dead_cards_as_no_help():
    hand = ["7H", "8H", "KS", "KD", "2C", "5D"]
    live = Counter({"6H": 2, "9H": 2, "3S": 2, "4D": 2})
    dead = Counter({"3S": 2, "4D": 2, "6H": 0, "9H": 0})
    _, with_live = run(planner.outs(hand, False, [], live, "majlis"))
    _, with_dead = run(planner.outs(hand, False, [], dead, "majlis"))
    assert with_live > with_dead == 0


def test_HR_9_outs_after_opening_see_going_out():
    table = [M.classify(["5S", "6S", "7S"])]
    chance, laid = run(
        planner.outs(["KD", "3C"], True, table, Counter({"8S": 1, "KH": 1}), "majlis")
    )
    assert chance == 0.0 and laid == 0.5  # 8S lays itself, KH lays nothing
    chance, _ = run(planner.outs(["8S"], True, table, Counter({"9S": 1, "KH": 1}), "majlis"))
    assert chance == 1.0  # either draw leaves one card to throw


def test_hard_does_not_feed_an_opened_next_player():
    hands = {
        1: ["7H", "8H", "9H", "KS", "KD", "KC", "QS", "QD", "QC", "2C"],
        3: ["5S", "6S", "7S", "AH", "AD", "AC", "4C", "8S", "JD", "3H", "QH", "6C", "10D", "2D"],
    }
    match = new_match(hands)
    match.apply(
        1, {"type": "meld", "groups": [["7H", "8H", "9H"], ["KS", "KD", "KC"], ["QS", "QD", "QC"]]}
    )
    match.apply(1, {"type": "discard", "card": "2C"})
    match.apply(2, {"type": "draw", "from": "stock"})
    match.apply(2, {"type": "discard", "card": match.hands[2][-1]})
    match.apply(3, {"type": "draw", "from": "stock"})
    view = match.view(3)
    table = planner.table_melds(view)
    assert not planner.feeds_next(view, "8S", table)  # seat 0 has not opened
    view0 = dict(view, opened=[True, True, False, False], you=3)
    assert planner.feeds_next(view0, "10H", table)  # 10H extends 7-8-9H for seat 0
    assert not planner.feeds_next(view0, "2D", table)


def test_hard_discard_is_repeatable_and_thought_in_slices():
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
    view, legal = match.view(1), match.legal_actions(1)
    first = run(bots.think(view, legal, "hard"))
    assert first == run(bots.think(view, legal, "hard")) and first["type"] == "discard"
    steps = 0
    ticks = iter(range(10**6))
    thinking = Thinking(bots.think(view, legal, "hard"), clock=lambda: next(ticks))
    while not thinking.step(0.5):
        steps += 1
    assert thinking.action == first and steps >= 6  # many short slices, same answer
    assert first["card"] not in ("7H", "8H", "5S", "5D")


OPENER = ["KS", "KD", "KC", "AS", "AD", "AC", "2C", "3C", "4C", "9D", "4S", "JD", "8H", "6S"]


def test_HR_7_hard_opens_with_the_melds_that_give_the_fewest_places():
    hand = ["KS", "KD", "KC", "KH", "AS", "AD", "AC", "5H", "6H", "7H"]
    match = new_match({1: hand + ["2C", "9D", "4S", "JD", "8C"]})
    action = run(bots.think(match.view(1), match.legal_actions(1), "hard"))
    assert action["type"] == "meld"  # the four kings (no place left) and the aces (one)
    assert sorted(map(sorted, action["groups"])) == sorted([sorted(hand[:4]), sorted(hand[4:7])])
    assert holding.spots(["5H", "6H", "7H"]) == 2 and holding.spots(hand[:4]) == 0


def opened_seat_one() -> tuple[dict, list]:
    """Seat 1 opened with its kings and aces and holds 2-3-4C back; a turn later, drawn."""
    match = new_match({1: OPENER + ["10H"]})
    action = run(bots.think(match.view(1), match.legal_actions(1), "hard"))
    assert action["type"] == "meld" and ["2C", "3C", "4C"] not in action["groups"]
    match.apply(1, action)
    match.apply(1, {"type": "discard", "card": "10H"})
    for seat in (2, 3, 0):
        match.apply(seat, {"type": "draw", "from": "stock"})
        match.apply(seat, {"type": "discard", "card": match.hands[seat][-1]})
    match.apply(1, {"type": "draw", "from": "stock"})
    return match.view(1), match.legal_actions(1)


def test_HR_9_hard_holds_its_melds_back_until_an_opponent_is_near_going_out():
    view, legal = opened_seat_one()
    assert "2C" in view["hand"] and view["opened"][1]
    assert run(bots.think(view, legal, "normal"))["type"] == "meld"
    assert run(bots.think(view, legal, "hard"))["type"] == "discard"
    near = dict(view, hand_counts=[14, len(view["hand"]), holding.MELDS_NEAR, 14])
    assert run(bots.think(near, legal, "hard"))["type"] == "meld"


def test_HR_9_hard_lays_everything_in_the_turn_it_goes_out():
    view, _ = opened_seat_one()
    hand = ["2C", "3C", "4C", "5C", "9D"]
    out = dict(view, hand=hand)
    assert holding.goes_out(out, hand)
    assert holding.melds_to_lay(out, hand, M.find_melds(hand)) == [["2C", "3C", "4C", "5C"]]
    assert not holding.holds_adds(out, hand)
    assert holding.holds_adds(view, list(view["hand"]))
