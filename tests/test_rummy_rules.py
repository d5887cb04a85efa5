"""Hand rummy engine: options, dealing, turns, opening, adding, joker swaps, going out, TB-7."""

from __future__ import annotations

import copy

import pytest

from game.core.cards import JOKER
from game.core.errors import IllegalAction
from game.games.hand_rummy.rules import Match
from test_rummy_support import all_cards, new_match

# Seat 1 starts when seat 0 deals. An opening of 54: 7-8-9 of hearts and three kings.
OPENING = [["7H", "8H", "9H"], ["KS", "KD", "KC"]]
OPEN_CARDS = [c for g in OPENING for c in g]


def state(match: Match) -> dict:
    return {
        "view": [match.view(s) for s in range(match.players)],
        "stock": list(match.stock),
        "log": copy.deepcopy(match.log),
    }


def refused(match: Match, seat: int, action) -> str:
    before = state(match)
    with pytest.raises(IllegalAction) as err:
        match.apply(seat, action)
    assert state(match) == before
    return err.value.message


def opened_match(extra_seat1=(), **kw) -> Match:
    """Seat 1 (the starter) has opened and discarded; seat 2 discarded; seat 1 is to act."""
    hand = OPEN_CARDS + ["2C"] + list(extra_seat1)
    match = new_match({1: hand, 2: ["3D"]}, **kw)
    match.apply(1, {"type": "meld", "groups": OPENING})
    match.apply(1, {"type": "discard", "card": "2C"})
    for seat in range(2, match.players + 1):
        seat %= match.players
        if seat == 1:
            break
        match.apply(seat, {"type": "draw", "from": "stock"})
        match.apply(seat, {"type": "discard", "card": match.hands[seat][0]})
    return match


# ----- options -------------------------------------------------------------------------
def test_HR_2_player_counts_and_rounds():
    for n in (2, 3, 4):
        assert Match.new(n, {}, seed=1).players == n
    with pytest.raises(IllegalAction):
        Match.new(5, {}, seed=1)
    assert Match.new(5, {"variant": "classic"}, seed=1).players == 5
    for bad in (1, 6):
        with pytest.raises(IllegalAction):
            Match.new(bad, {"variant": "classic"}, seed=1)
    assert Match.new(2, {"rounds": 20}, seed=1).rounds == 20
    assert Match.new(2, {}, seed=1).rounds == 5
    for bad in (0, 21, True, "5", 2.0):
        with pytest.raises(IllegalAction):
            Match.new(2, {"rounds": bad}, seed=1)


def test_HR_12_partnership_needs_four_and_bad_options_refused():
    with pytest.raises(IllegalAction):
        Match.new(3, {"partnership": True}, seed=1)
    with pytest.raises(IllegalAction):
        Match.new(4, {"partnership": 1}, seed=1)
    with pytest.raises(IllegalAction):
        Match.new(4, {"variant": "gulf"}, seed=1)
    with pytest.raises(IllegalAction):
        Match.new(4, {"first_dealer": 4}, seed=1)
    match = Match.new(4, {"partnership": True}, seed=1)
    assert [match.side_of(s) for s in range(4)] == [0, 1, 0, 1] and match.totals == [0, 0]
    assert match.view(0)["teams"] == [[0, 2], [1, 3]]


# ----- dealing -------------------------------------------------------------------------
def test_HR_3_deal_fourteen_each_starter_fifteen_rest_is_stock():
    match = Match.new(4, {"first_dealer": 2}, seed=3)
    assert match.dealer == 2 and match.starter == 3 and match.to_act() == [3]
    assert [len(h) for h in match.hands] == [14, 14, 14, 15]
    assert len(match.stock) == 106 - 57 and match.discard == []
    assert sum(all_cards(match).values()) == 106


def test_HR_3_explicit_deck_order_one_card_at_a_time_from_the_starter():
    deck = [
        f"{r}{s}"
        for s in "SHDC"
        for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    ] * 2 + [JOKER, JOKER]
    match = Match.new(3, {"first_dealer": 0}, seed=1, deck=deck)
    assert match.hands[1][:2] == [deck[0], deck[3]]
    assert match.hands[2][0] == deck[1] and match.hands[0][0] == deck[2]
    assert match.hands[1][-1] == deck[42]
    assert match.stock[-1] == deck[43] and match.stock[0] == deck[-1]


def test_HR_3_starter_discards_without_drawing():
    match = new_match({1: ["5C"]})
    view = match.view(1)
    assert view["drawn"] is True
    assert all(a["type"] == "discard" for a in match.legal_actions(1))
    assert "already drawn" in refused(match, 1, {"type": "draw", "from": "stock"})
    match.apply(1, {"type": "discard", "card": "5C"})
    assert match.to_act() == [2] and match.view(2)["drawn"] is False
    assert match.view(0)["discard_top"] == "5C"


def test_HR_3_dealer_moves_on_each_round():
    match = new_match(
        {1: OPEN_CARDS + ["2H", "3H", "4H", "5H", "6H", "QS", "QD", "QC", "AD"]}, rounds=2
    )
    match.apply(
        1,
        {"type": "meld", "groups": OPENING + [["2H", "3H", "4H", "5H", "6H"], ["QS", "QD", "QC"]]},
    )
    match.apply(1, {"type": "discard", "card": "AD"})
    assert match.round == 2 and match.dealer == 1 and match.starter == 2
    assert [len(h) for h in match.hands] == [14, 14, 15, 14]


def test_HR_3_reshuffle_of_the_stock():
    match = new_match({1: ["5C"]}, players=2)
    match.apply(1, {"type": "discard", "card": "5C"})
    seat = 0
    while match.stock:
        match.apply(seat, {"type": "draw", "from": "stock"})
        match.apply(seat, {"type": "discard", "card": match.hands[seat][-1]})
        seat = 1 - seat
    pile = list(match.discard)
    events = match.apply(seat, {"type": "draw", "from": "stock"})
    assert events[0].type == "stock_reshuffled"
    assert events[0].data["stock_count"] == len(pile) - 1
    assert match.discard == [pile[-1]]
    assert sum(all_cards(match).values()) == 106


@pytest.mark.parametrize("pile", [1, 2])
def test_HR_3_empty_stock_draws_from_a_reshuffle_only_when_two_discards_lie(pile):
    """A reshuffle keeps the top discard, so it needs two; with one, only the discard is drawn
    (listed, accepted and taken by the safe move alike)."""
    match = new_match({1: ["5C"]}, players=2)
    match.apply(1, {"type": "discard", "card": "5C"})
    moved, match.stock = match.stock, []  # the stock has run out (cards set aside)
    match.discard = moved[: pile - 1] + match.discard
    stock_draw = {"type": "draw", "from": "stock"}
    assert (stock_draw in match.legal_actions(0)) == (pile == 2)
    assert {"type": "draw", "from": "discard"} in match.legal_actions(0)
    if pile == 1:
        assert "empty" in refused(match, 0, stock_draw)
        events = match.apply(0, {"type": "timeout"})
        assert events[0].type == "drew" and events[0].data["from"] == "discard"
    else:
        events = match.apply(0, stock_draw)
        assert events[0].type == "stock_reshuffled" and events[0].data["stock_count"] == 1


# ----- a turn --------------------------------------------------------------------------
def test_HR_6_draw_then_discard_and_take_the_discard():
    match = new_match({1: ["5C"]})
    match.apply(1, {"type": "discard", "card": "5C"})
    assert "Draw a card first" in refused(match, 2, {"type": "discard", "card": match.hands[2][0]})
    events = match.apply(2, {"type": "draw", "from": "discard"})
    assert events[0].for_seat(0)["card"] == "5C" and "5C" in match.hands[2]
    assert match.view(0)["discard_top"] is None
    assert "already drawn" in refused(match, 2, {"type": "draw", "from": "stock"})
    assert match.continues_turn(2, {"type": "draw", "from": "stock"})
    assert not match.continues_turn(2, {"type": "discard", "card": "5C"})
    match.apply(2, {"type": "discard", "card": "5C"})
    assert match.to_act() == [3]


def test_HR_6_out_of_turn_and_malformed_actions_change_nothing():
    match = new_match({1: ["5C"]})
    for action in (
        None,
        [],
        {},
        {"type": "play"},
        {"type": "discard"},
        {"type": "discard", "card": 5},
        {"type": "discard", "card": "ZZ"},
        {"type": "discard", "card": "5C", "x": 1},
        {"type": "draw", "from": "sky"},
        {"type": "add", "card": "5C", "meld": 0},
        {"type": "meld", "groups": "7H"},
        {"type": "meld", "groups": [["7H"]]},
        {"type": "meld", "groups": []},
        {"type": "swap_joker", "meld": True, "card": "5C"},
    ):
        refused(match, 1, action)
    refused(match, 0, {"type": "discard", "card": match.hands[0][0]})


# ----- opening and melds ---------------------------------------------------------------
def test_HR_7_opening_needs_51_in_one_action():
    match = new_match({1: OPEN_CARDS + ["2C"]})
    assert "51" in refused(match, 1, {"type": "meld", "groups": OPENING[:1]})
    events = match.apply(1, {"type": "meld", "groups": OPENING})
    assert events[0].data["opening"] is True and events[0].data["points"] == 54
    assert match.opened[1] and match.view(0)["melds"] == [list(g) for g in OPENING]
    assert match.meld_owners == [1, 1]


@pytest.mark.parametrize("variant", ["majlis", "classic"])
def test_HR_7_an_opening_of_exactly_51_is_enough_and_50_is_not(variant):
    fifty_one = [["JH", "QH", "KH"], ["7S", "7D", "7C"]]  # 30 + 21
    fifty = [["9S", "10S", "JS"], ["7H", "7D", "7C"]]  # 29 + 21
    match = new_match({1: ["9S", "10S", "JS", "7H", "7D", "7C", "2C"]}, variant=variant)
    assert "50 points" in refused(match, 1, {"type": "meld", "groups": fifty})
    assert not match.opened[1]
    match = new_match({1: ["JH", "QH", "KH", "7S", "7D", "7C", "2C"]}, variant=variant)
    events = match.apply(1, {"type": "meld", "groups": fifty_one})
    assert events[0].data["points"] == 51 and events[0].data["opening"] is True
    assert match.opened[1]


def test_HR_7_after_opening_smaller_melds_are_fine():
    match = opened_match(["4S", "5S", "6S"])
    match.apply(1, {"type": "draw", "from": "stock"})
    events = match.apply(1, {"type": "meld", "groups": [["4S", "5S", "6S"]]})
    assert events[0].data["opening"] is False and events[0].data["points"] == 15


def test_HR_7_meld_refused_for_invalid_group_or_missing_card():
    match = new_match({1: OPEN_CARDS + ["2C", "2D"]})
    assert "not a valid" in refused(
        match, 1, {"type": "meld", "groups": OPENING + [["2C", "2D", "2C"]]}
    )
    assert "enough" in refused(match, 1, {"type": "meld", "groups": OPENING + [["7H", "8H", "9H"]]})


def test_HR_7_unopened_player_cannot_add_or_swap():
    match = opened_match()
    seat = 2
    match.apply(1, {"type": "draw", "from": "stock"})
    match.apply(1, {"type": "discard", "card": match.hands[1][-1]})
    match.hands[seat] += ["10H", "KH"]
    match.apply(seat, {"type": "draw", "from": "stock"})
    assert "opening" in refused(match, seat, {"type": "add", "card": "10H", "meld": 0})
    assert not any(a["type"] == "add" for a in match.legal_actions(seat))


def test_HR_7_opened_player_adds_to_any_meld():
    match = opened_match(["10H", "6H"])
    match.apply(1, {"type": "draw", "from": "stock"})
    assert {"type": "add", "card": "10H", "meld": 0} in match.legal_actions(1)
    events = match.apply(1, {"type": "add", "card": "10H", "meld": 0})
    match.apply(1, {"type": "add", "card": "6H", "meld": 0})
    assert events[0].data["meld"] == 0
    assert match.view(3)["melds"][0] == ["6H", "7H", "8H", "9H", "10H"]
    match.hands[1].append("2S")
    assert "does not fit" in refused(match, 1, {"type": "add", "card": "2S", "meld": 1})


# ----- jokers ----------------------------------------------------------------------------
def joker_table(swap_card: str, groups, extra=()) -> Match:
    """Seat 1 opens with ``groups`` (holding jokers), seat 2 holds and opens nothing; seat 1 is to
    act again with ``swap_card`` in hand."""
    cards = [c for g in groups for c in g]
    match = new_match({1: cards + ["2C", swap_card] + list(extra)})
    match.apply(1, {"type": "meld", "groups": groups})
    match.apply(1, {"type": "discard", "card": "2C"})
    for seat in (2, 3, 0):
        match.apply(seat, {"type": "draw", "from": "stock"})
        match.apply(seat, {"type": "discard", "card": match.hands[seat][-1]})
    match.apply(1, {"type": "draw", "from": "stock"})
    return match


def test_HR_8_swap_joker_in_run_then_it_must_be_melded_before_discard():
    match = joker_table("8H", [["7H", JOKER, "9H"], ["KS", "KD", "KC"]], ["QS", "QD"])
    action = {"type": "swap_joker", "meld": 0, "card": "8H"}
    assert action in match.legal_actions(1)
    match.apply(1, action)
    assert match.melds[0].cards == ("7H", "8H", "9H") and JOKER in match.hands[1]
    assert match.view(1)["pending_joker"] is True
    assert not any(a["type"] == "discard" for a in match.legal_actions(1))
    assert "joker" in refused(match, 1, {"type": "discard", "card": "QS"})
    match.apply(1, {"type": "meld", "groups": [["QS", "QD", JOKER]]})
    assert match.view(1)["pending_joker"] is False
    match.apply(1, {"type": "discard", "card": match.hands[1][0]})


def test_HR_8_set_joker_comes_back_only_from_four_cards():
    match = joker_table("KH", [["7H", "8H", "9H"], ["KS", "KD", "KC", JOKER]], ["KS"])
    assert "cannot" in refused(match, 1, {"type": "swap_joker", "meld": 1, "card": "KS"})
    match.apply(1, {"type": "swap_joker", "meld": 1, "card": "KH"})
    assert match.melds[1].cards == ("KS", "KD", "KC", "KH")
    other = joker_table("KH", [["7H", "8H", "9H", "10H"], ["KS", "KD", JOKER]])
    assert "cannot" in refused(other, 1, {"type": "swap_joker", "meld": 1, "card": "KH"})
    assert not any(a["type"] == "swap_joker" for a in other.legal_actions(1))


def test_HR_8_classic_set_swap_with_both_missing_suits():
    cards = ["7H", "8H", "9H", "10H", "KS", "KD", JOKER]
    match = new_match({1: cards + ["2C", "KH", "KC"]}, variant="classic")
    match.apply(1, {"type": "meld", "groups": [cards[:4], cards[4:]]})
    match.apply(1, {"type": "discard", "card": "2C"})
    for seat in (2, 3, 0):
        match.apply(seat, {"type": "draw", "from": "stock"})
        match.apply(seat, {"type": "discard", "card": match.hands[seat][-1]})
    match.apply(1, {"type": "draw", "from": "stock"})
    action = {"type": "swap_joker", "meld": 1, "cards": ["KC", "KH"]}
    assert action in match.legal_actions(1)
    refused(match, 1, {"type": "swap_joker", "meld": 1, "card": "KH"})
    match.apply(1, action)
    assert sorted(match.melds[1].cards) == ["KC", "KD", "KH", "KS"]


def test_HR_8_unopened_player_cannot_swap():
    match = joker_table("8H", [["7H", JOKER, "9H"], ["KS", "KD", "KC"]])
    match.apply(1, {"type": "discard", "card": match.hands[1][-1]})
    match.hands[2].append("8H")
    match.apply(2, {"type": "draw", "from": "stock"})
    assert "opening" in refused(match, 2, {"type": "swap_joker", "meld": 0, "card": "8H"})


# ----- going out ------------------------------------------------------------------------
def test_HR_9_going_out_by_meld_ends_the_round():
    match = opened_match(["4S", "5S", "6S"])
    match.hands[1] = ["4S", "5S"]
    match.apply(1, {"type": "draw", "from": "stock"})
    match.hands[1][-1] = "6S"
    events = match.apply(1, {"type": "meld", "groups": [["4S", "5S", "6S"]]})
    assert [e.type for e in events] == ["melded", "round_scored", "match_over"]
    assert match.phase == "over" and match.history[0]["kind"] == -30


def test_drawing_continues_the_turn_but_going_out_by_meld_ends_it():
    """The table layer keeps one deadline per turn (TB-6) only while continues_turn says so."""
    match = opened_match(["4S", "5S", "6S"], rounds=2)
    match.hands[1] = ["4S", "5S"]
    draw = {"type": "draw", "from": "stock"}
    match.apply(1, draw)
    assert match.continues_turn(1, draw)
    match.hands[1][-1] = "6S"
    meld = {"type": "meld", "groups": [["4S", "5S", "6S"]]}
    match.apply(1, meld)
    assert not match.continues_turn(1, meld)
    assert not match.continues_turn(1, {"type": "discard", "card": "QC"})


def test_HR_9_going_out_by_discard():
    match = opened_match()
    match.apply(1, {"type": "draw", "from": "stock"})
    match.hands[1] = ["QC", "10H"]
    match.apply(1, {"type": "add", "card": "10H", "meld": 0})
    events = match.apply(1, {"type": "discard", "card": "QC"})
    assert events[-1].type == "match_over" and match.history[0]["winner"] == 1


# ----- TB-7 timeout ------------------------------------------------------------------------
def test_TB_7_timeout_draws_then_discards_the_drawn_card():
    match = new_match({1: ["5C"]}, stock_top=["9D"])
    match.apply(1, {"type": "discard", "card": "5C"})
    hand = list(match.hands[2])
    events = match.apply(2, {"type": "timeout"})
    assert [e.type for e in events] == ["drew", "discarded"]
    assert match.hands[2] == hand and match.discard[-1] == "9D" and match.to_act() == [3]


def test_TB_7_starter_timeout_discards_highest_never_a_joker():
    match = new_match({1: [JOKER, JOKER, "AS"] + ["2C"] * 2 + ["3C"] * 2 + ["4D"] * 2})
    match.apply(1, {"type": "timeout"})
    assert match.discard == ["AS"]
    match = new_match({1: ["5C"]}, stock_top=[JOKER])
    match.apply(1, {"type": "discard", "card": "5C"})
    match.apply(2, {"type": "timeout"})
    assert match.discard[-1] != JOKER and JOKER in match.hands[2]


def test_TB_7_timeout_undoes_an_unmelded_joker_swap():
    match = joker_table("8H", [["7H", JOKER, "9H"], ["KS", "KD", "KC"]])
    match.apply(1, {"type": "swap_joker", "meld": 0, "card": "8H"})
    events = match.apply(1, {"type": "timeout"})
    assert events[0].type == "swap_undone"
    assert match.melds[0].cards == ("7H", JOKER, "9H") and "8H" in match.hands[1]
    assert sum(all_cards(match).values()) == 106 and match.to_act() == [2]
