"""Hand rummy hard bot's planner: the pool it counts over, outs, feeding, slices (HR-7, HR-9)."""

from __future__ import annotations

from collections import Counter

from game.core.bots import Thinking, run
from game.games.hand_rummy import bots, holding, planner
from game.games.hand_rummy.melds import classify, find_melds
from game.games.hand_rummy.rules import Match
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
    table = [classify(["5S", "6S", "7S"])]
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


def seat_one_after_a_turn(hand: list[str], stock: list[str]) -> Match:
    """Seat 1 (hard) held ``hand`` + 10H and threw a loose card (it lays nothing though it
    holds 63 points of melds); everybody drew from ``stock``; seat 1 drew too."""
    match = new_match({1: hand + ["10H"]}, stock_top=stock)
    action = run(bots.think(match.view(1), match.legal_actions(1), "hard"))
    assert action["type"] == "discard" and action["card"] in ("10H", "6S", "JS", "8H", "4S", "9D")
    match.apply(1, action)
    for seat in (2, 3, 0, 1):
        match.apply(seat, {"type": "draw", "from": "stock"})
        if seat != 1:
            match.apply(seat, {"type": "discard", "card": match.hands[seat][-1]})
    return match


def test_HR_10_hard_holds_its_melds_back_until_an_opponent_is_near_going_out():
    match = seat_one_after_a_turn(OPENER, ["2S", "3S", "4D", "QH"])
    view, legal = match.view(1), match.legal_actions(1)
    assert "QH" in view["hand"] and not view["opened"][1]
    assert holding.holds_opening(view) and not holding.goes_out(view, list(view["hand"]))
    assert run(bots.think(view, legal, "normal"))["type"] == "meld"
    assert run(bots.think(view, legal, "hard"))["type"] == "discard"
    near = dict(view, hand_counts=[14, len(view["hand"]), holding.OPEN_NEAR, 14])
    assert run(bots.think(near, legal, "hard"))["type"] == "meld"  # escape the flat 200
    loose = holding.loose(view, list(view["hand"]))
    assert loose - 1 > holding.OPEN_NEAR  # behind in the race: an opponent holds fewer cards
    behind = dict(view, hand_counts=[14, len(view["hand"]), 14, loose - 1])
    assert run(bots.think(behind, legal, "hard"))["type"] == "meld"
    ahead = dict(view, hand_counts=[14, len(view["hand"]), 14, loose])
    assert run(bots.think(ahead, legal, "hard"))["type"] == "discard"


def test_HR_10_hard_goes_out_in_one_turn_opening_adding_and_discarding():
    hand = ["KS", "KD", "KC", "AS", "AD", "AC", "2C", "3C", "4C", "5C", "7D", "8D", "9D", "6S"]
    match = seat_one_after_a_turn(hand, ["2S", "3S", "4D", "10D"])
    seen = []
    while match.phase != "over" and len(seen) < 12:
        action = run(bots.think(match.view(1), match.legal_actions(1), "hard"))
        seen.append(action["type"])
        match.apply(1, action)
    assert match.phase == "over" and seen[0] == "meld" and seen[-1] == "discard"
    entry = match.history[-1]
    assert entry["winner"] == 1 and entry["kind"] == -60


def test_HR_7_an_opened_hard_lays_off_only_in_the_turn_it_goes_out():
    match = seat_one_after_a_turn(OPENER, ["2S", "3S", "4D", "QH"])
    view = dict(match.view(1), opened=[False, True, False, False])
    hand = ["2C", "3C", "4C", "9D"]
    assert holding.holds_adds(view, list(view["hand"]))
    out = dict(view, hand=hand)
    assert holding.goes_out(out, hand) and not holding.holds_adds(out, hand)
    assert holding.melds_to_lay(out, hand, find_melds(hand)) == [hand[:3]]
