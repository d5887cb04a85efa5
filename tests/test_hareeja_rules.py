"""Hareeja rules, one or more tests per rule id (docs/RULES.md section 1, HJ-1 ... HJ-15, TB-7).

Positions are set up through the game's own dealing with explicit decks (docs/DESIGN.md
"Explicit deals"); later rounds are steered through the bids, which decide every score
once the play is fixed (all plays are timeouts, HJ-11, so they never depend on the bids).
"""

from __future__ import annotations

import itertools

import pytest

from game.core import IllegalAction
from game.core.cards import french_deck
from game.games.hareeja.rules import (
    DECK,
    MAX_TIEBREAKS,
    ROUNDS,
    Match,
    leaders,
    ranking,
    round_score,
    trick_winner,
    weakest,
)
from helpers import frozen, hareeja_deck

TIMEOUT = {"type": "timeout"}


def bid(n: int) -> dict:
    return {"type": "bid", "n": n}


def play(card: str) -> dict:
    return {"type": "play", "card": card}


# Every seat holds one whole suit: the leader's suit is never followed, so he takes every trick.
SUITED = {
    0: [r + "S" for r in ["7", "8", "9", "10", "J", "Q", "K", "A"]],
    1: [r + "H" for r in ["7", "8", "9", "10", "J", "Q", "K", "A"]],
    2: [r + "D" for r in ["7", "8", "9", "10", "J", "Q", "K", "A"]],
    3: [r + "C" for r in ["7", "8", "9", "10", "J", "Q", "K", "A"]],
}

# Seat 1 leads 10H; seat 2 must follow with JH or QH; seat 3 has no heart; seat 0 follows.
MIXED = {
    1: ["10H", "7S", "8S", "9S", "10S", "7D", "8D", "9D"],
    2: ["JH", "QH", "7C", "8C", "9C", "10C", "JC", "QC"],
    3: ["AS", "KS", "QS", "JS", "AD", "KD", "QD", "JD"],
    0: ["9H", "8H", "7H", "KH", "AH", "10D", "KC", "AC"],
}


def new(hands: dict[int, list[str]] | None = None, dealer: int = 0, seed: int = 7) -> Match:
    deck = None if hands is None else hareeja_deck(hands, dealer)
    return Match.new(4, {"first_dealer": dealer}, seed=seed, deck=deck)


def all_bid(match: Match, bids: list[int]) -> list:
    events = []
    for seat, n in enumerate(bids):
        events += match.apply(seat, bid(n))
    return events


def time_out_until_round_ends(match: Match) -> list:
    """Every remaining play of the round by timeout; the events of the round's end included."""
    events = []
    while match.phase == "play":
        events += match.apply(match.to_act()[0], TIMEOUT)
        if any(e.type == "round_scored" for e in events):
            break
    return events


# ----- steering whole matches -----------------------------------------------------------------
def tricks_under_timeouts(match: Match) -> list[int]:
    """The tricks each seat will take this round if every play is a timeout (bids don't matter)."""
    probe = Match.replay(match.record())
    for seat in probe.to_act():
        probe.apply(seat, TIMEOUT)
    return next(
        e.data["tricks"] for e in time_out_until_round_ends(probe) if e.type == "round_scored"
    )


def play_round(match: Match, misses: list[int]) -> list:
    """Play one round where seat s makes its bid exactly (misses[s] == 0) or misses it by
    misses[s] tricks (scoring -10 * misses[s], HJ-12). Returns the round's events."""
    took = tricks_under_timeouts(match)
    bids = [t if k == 0 else (t + k if t + k <= 8 else t - k) for t, k in zip(took, misses)]
    return all_bid(match, bids) + time_out_until_round_ends(match)


# ----- HJ-1 ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 5, True, "4"])
def test_HJ_1_exactly_four_players(players):
    with pytest.raises(IllegalAction):
        Match.new(players, seed=1)


def test_HJ_1_four_players_each_for_himself():
    match = Match.new(4, seed=1)
    assert match.players == 4 and len(match.totals) == 4
    assert [match.side_of(s) for s in range(4)] == [0, 1, 2, 3]


# ----- HJ-2 ---------------------------------------------------------------------------------------
def test_HJ_2_deck_is_32_cards_seven_to_ace():
    assert sorted(DECK) == sorted(french_deck(short=True))
    assert len(set(DECK)) == 32
    match = Match.new(4, seed=3)
    dealt = [c for s in range(4) for c in match.view(s)["hand"]]
    assert sorted(dealt) == sorted(DECK)


@pytest.mark.parametrize(
    "deck", [french_deck()[:32], DECK[:31] + (DECK[0],), DECK[:31], list(DECK) + ["2S"]]
)
def test_HJ_2_explicit_deck_must_be_the_32_cards(deck):
    with pytest.raises(IllegalAction):
        Match.new(4, seed=1, deck=list(deck))


# ----- HJ-3 ---------------------------------------------------------------------------------------
def test_HJ_3_one_card_at_a_time_from_the_player_after_the_dealer():
    deck = list(DECK)
    match = Match.new(4, {"first_dealer": 2}, seed=1, deck=deck)
    (deal,) = match.start_events
    assert deal.type == "deal"
    assert deal.data["order"] == [(3 + i) % 4 for i in range(32)]
    assert deal.data["dealer"] == 2 and deal.data["round"] == 1 and deal.data["tiebreak"] == 0
    for seat in range(4):
        expected = [deck[i] for i in range(32) if (3 + i) % 4 == seat]
        assert deal.for_seat(seat)["hand"] == expected
        assert sorted(match.view(seat)["hand"]) == sorted(expected)
        assert match.view(seat)["hand_counts"] == [8, 8, 8, 8]


def test_HJ_3_seat_0_deals_first_by_default():
    assert Match.new(4, seed=1).view(None)["dealer"] == 0


@pytest.mark.parametrize("first", [-1, 4, True, "1", 1.0])
def test_HJ_3_first_dealer_option_is_checked(first):
    with pytest.raises(IllegalAction):
        Match.new(4, {"first_dealer": first}, seed=1)


def test_HJ_3_dealer_moves_one_seat_every_round_tiebreaks_included():
    match = new(dealer=3)
    dealers = [match.view(None)["dealer"]]
    for _ in range(ROUNDS + MAX_TIEBREAKS):
        events = play_round(match, [1, 1, 1, 1])  # a four-way tie all along
        dealers += [e.data["dealer"] for e in events if e.type == "deal"]
    assert dealers == [3, 0, 1, 2, 3, 0, 1, 2]
    assert match.phase == "over"


def test_HJ_3_every_round_deals_all_32_cards():
    match = new(dealer=0)
    for _ in range(3):
        events = play_round(match, [0, 1, 2, 0])
        (deal,) = [e for e in events if e.type == "deal"]
        hands = [deal.for_seat(s)["hand"] for s in range(4)]
        assert all(len(h) == 8 for h in hands)
        assert sorted(c for h in hands for c in h) == sorted(DECK)


# ----- HJ-4 ---------------------------------------------------------------------------------------
def test_HJ_4_rank_order_ace_high_and_ten_under_jack():
    order = ["7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS"]
    for low, high in itertools.pairwise(order):
        assert trick_winner([[0, low], [1, high], [2, "7H"], [3, "8D"]]) == 1
        assert trick_winner([[0, high], [1, low], [2, "7H"], [3, "8D"]]) == 0


def test_HJ_4_no_trump_ever():
    # An ace of another suit never beats the led seven, in any suit.
    for led in "SHDC":
        others = [s for s in "SHDC" if s != led]
        trick = [[2, "7" + led]] + [[3 + i, "A" + s] for i, s in enumerate(others)]
        assert trick_winner(trick) == 2


# ----- HJ-5 ---------------------------------------------------------------------------------------
def test_HJ_5_bids_are_simultaneous_and_secret():
    match = new(MIXED)
    assert match.phase == "declare" and match.to_act() == [0, 1, 2, 3]
    events = match.apply(2, bid(3))
    (confirmed,) = events
    assert confirmed.type == "bid_confirmed" and confirmed.data == {"seat": 2}
    assert confirmed.for_seat(2)["n"] == 3
    assert "n" not in confirmed.for_seat(None) and "n" not in confirmed.for_seat(1)
    assert match.to_act() == [0, 1, 3]
    for seat in (None, 0, 1, 3):
        view = match.view(seat)
        assert view["bids"] == [None] * 4 and view["confirmed"] == [False, False, True, False]
        assert view["revealed"] is False
    assert match.view(2)["bids"] == [None, None, 3, None]


def test_HJ_5_a_confirmed_bid_is_final():
    match = new(MIXED)
    match.apply(2, bid(3))
    before = frozen(match)
    with pytest.raises(IllegalAction):
        match.apply(2, bid(4))
    assert match.legal_actions(2) == []
    assert frozen(match) == before


def test_HJ_5_bids_range_from_0_to_8():
    match = new(MIXED)
    assert match.legal_actions(0) == [bid(n) for n in range(9)]
    before = frozen(match)
    for junk in (
        bid(9),
        bid(-1),
        {"type": "bid", "n": True},
        {"type": "bid", "n": "3"},
        {"type": "bid"},
        {"type": "bid", "n": 2, "extra": 1},
        play("9H"),
    ):
        with pytest.raises(IllegalAction):
            match.apply(0, junk)
    assert frozen(match) == before


# ----- HJ-6 ---------------------------------------------------------------------------------------
def test_HJ_6_all_bids_revealed_together_when_the_fourth_confirms():
    match2 = new(MIXED)
    events = all_bid(match2, [2, 1, 0, 3])
    match3 = new(MIXED)
    all_bid(match3, [2, 1, 0])
    assert match3.view(0)["revealed"] is False and match3.view(0)["bids"] == [2, None, None, None]
    assert [e.type for e in events] == ["bid_confirmed"] * 4 + ["bids_revealed"]
    assert events[-1].data == {"bids": [2, 1, 0, 3]}
    for seat in (None, 0, 1, 2, 3):
        view = match2.view(seat)
        assert view["bids"] == [2, 1, 0, 3] and view["revealed"] is True
    assert match2.phase == "play"


def test_HJ_6_bids_stay_visible_all_round_with_tricks_against_them():
    match = new(MIXED)
    all_bid(match, [2, 1, 0, 3])
    for _ in range(4):
        match.apply(match.to_act()[0], TIMEOUT)
    view = match.view(0)
    assert view["bids"] == [2, 1, 0, 3]
    assert sum(view["tricks"]) == 1


# ----- HJ-7 ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("bids", [[8, 8, 8, 8], [0, 0, 0, 0], [2, 2, 2, 2], [3, 0, 1, 0]])
def test_HJ_7_no_restriction_on_the_sum_of_bids(bids):
    match = new(MIXED)
    all_bid(match, bids)
    assert match.phase == "play" and match.view(None)["bids"] == bids


# ----- HJ-8 ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_HJ_8_player_after_the_dealer_leads(dealer):
    match = new(dealer=dealer)
    all_bid(match, [1, 1, 1, 1])
    assert match.to_act() == [(dealer + 1) % 4]
    assert match.view(None)["leader"] == (dealer + 1) % 4
    assert len(match.legal_actions((dealer + 1) % 4)) == 8  # any card to lead


def test_HJ_8_must_follow_the_led_suit():
    match = new(MIXED)
    all_bid(match, [1, 1, 1, 1])
    match.apply(1, play("10H"))
    assert match.legal_actions(2) == [play("QH"), play("JH")]
    before = frozen(match)
    with pytest.raises(IllegalAction, match="follow"):
        match.apply(2, play("7C"))
    assert frozen(match) == before
    match.apply(2, play("JH"))


def test_HJ_8_a_void_player_plays_any_card():
    match = new(MIXED)
    all_bid(match, [1, 1, 1, 1])
    match.apply(1, play("10H"))
    match.apply(2, play("JH"))
    assert sorted(a["card"] for a in match.legal_actions(3)) == sorted(MIXED[3])
    match.apply(3, play("JD"))
    assert match.to_act() == [0]


def test_HJ_8_only_the_seat_in_turn_plays():
    match = new(MIXED)
    all_bid(match, [1, 1, 1, 1])
    before = frozen(match)
    for seat in (0, 2, 3):
        assert match.legal_actions(seat) == []
        with pytest.raises(IllegalAction):
            match.apply(seat, play(MIXED[seat][0]))
    assert frozen(match) == before


# ----- HJ-9 ---------------------------------------------------------------------------------------
def test_HJ_9_highest_of_led_suit_wins_and_leads_next():
    match = new(MIXED)
    all_bid(match, [1, 1, 1, 1])
    match.apply(1, play("10H"))
    match.apply(2, play("JH"))
    match.apply(3, play("AS"))  # a higher card of another suit never wins
    events = match.apply(0, play("9H"))
    assert [e.type for e in events] == ["card_played", "trick_won"]
    won = events[1].data
    assert won == {
        "seat": 2,
        "cards": [[1, "10H"], [2, "JH"], [3, "AS"], [0, "9H"]],
        "tricks": [0, 0, 1, 0],
    }
    view = match.view(0)
    assert view["to_act"] == [2] and view["leader"] == 2 and view["trick"] == []
    assert view["last_trick"] == {"cards": won["cards"], "winner": 2}


# ----- HJ-10 --------------------------------------------------------------------------------------
def test_HJ_10_all_eight_tricks_are_played_after_bids_are_reached():
    match = new(SUITED)
    all_bid(match, [0, 1, 0, 0])  # seat 1 reaches its bid on the first trick
    events = time_out_until_round_ends(match)
    assert sum(e.type == "trick_won" for e in events) == 8
    assert sum(e.type == "card_played" for e in events) == 32
    assert match.view(None)["history"][0]["tricks"] == [0, 8, 0, 0]


# ----- HJ-11 / TB-7 ----------------------------------------------------------------------------
def test_HJ_11_weakest_is_lowest_rank_then_clubs_diamonds_hearts_spades():
    assert weakest(["7S", "7H", "7C", "7D"]) == "7C"
    assert weakest(["7S", "7H", "7D"]) == "7D"
    assert weakest(["7S", "7H"]) == "7H"
    assert weakest(["8C", "7S"]) == "7S"
    assert weakest(["JS", "10C", "QD"]) == "10C"  # the 10 is under the J


def test_HJ_11_TB_7_timeout_bids_zero():
    match = new(MIXED)
    events = match.apply(3, TIMEOUT)
    assert events[0].type == "bid_confirmed" and events[0].for_seat(3)["n"] == 0
    assert match.view(3)["bids"][3] == 0
    assert match.log[-1] == [3, {"type": "timeout"}]


def test_HJ_11_TB_7_timeout_plays_the_weakest_legal_card():
    match = new(MIXED)
    all_bid(match, [1, 1, 1, 1])
    events = match.apply(1, TIMEOUT)  # leading: 7S 7D are lowest -> 7D
    assert events[0].data == {"seat": 1, "card": "7D", "timeout": True}
    events = match.apply(2, TIMEOUT)  # void in diamonds: lowest of all, 7C
    assert events[0].data["card"] == "7C"
    events = match.apply(3, TIMEOUT)  # must follow diamonds: JD
    assert events[0].data["card"] == "JD"
    events = match.apply(0, TIMEOUT)  # follows with its only diamond
    assert events[0].data["card"] == "10D"


def test_HJ_11_timeout_must_follow_suit_before_weakness():
    match = new(MIXED)
    all_bid(match, [1, 1, 1, 1])
    match.apply(1, play("10H"))
    events = match.apply(2, TIMEOUT)  # 7C is lower, but hearts must be followed
    assert events[0].data["card"] == "JH"
    assert match.apply(3, play("AS"))[0].data["timeout"] is False


def test_TB_7_timeout_takes_no_fields_and_replays():
    match = new(MIXED)
    before = frozen(match)
    with pytest.raises(IllegalAction):
        match.apply(0, {"type": "timeout", "card": "9H"})
    assert frozen(match) == before
    for seat in range(4):
        match.apply(seat, TIMEOUT)
    for _ in range(9):
        match.apply(match.to_act()[0], TIMEOUT)
    again = Match.replay(match.record())
    assert frozen(again) == frozen(match)


# ----- HJ-12 --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "bid_, took, score",
    [
        (1, 1, 10),
        (3, 3, 30),
        (8, 8, 80),
        (0, 0, 25),
        (4, 5, -10),
        (5, 2, -30),
        (0, 8, -80),
        (0, 1, -10),
        (8, 0, -80),
        (2, 4, -20),
    ],
)
def test_HJ_12_round_score(bid_, took, score):
    assert round_score(bid_, took) == score


def test_HJ_12_round_scored_and_totals_go_below_zero():
    match = new(SUITED)
    all_bid(match, [0, 0, 1, 0])
    events = time_out_until_round_ends(match)
    scored = next(e for e in events if e.type == "round_scored")
    assert scored.data == {
        "round": 1,
        "tiebreak": 0,
        "bids": [0, 0, 1, 0],
        "tricks": [0, 8, 0, 0],
        "scores": [25, -80, -10, 25],
        "totals": [25, -80, -10, 25],
    }
    assert match.totals == [25, -80, -10, 25]
    assert match.view(None)["history"] == [dict(scored.data.items())]
    # the next round is dealt in the same apply(), after the score
    types = [e.type for e in events]
    assert types[-3:] == ["trick_won", "round_scored", "deal"]
    assert match.phase == "declare" and match.view(None)["round"] == 2


def test_HJ_12_bid_eight_made_is_eighty():
    match = new(SUITED)
    all_bid(match, [0, 8, 0, 0])
    time_out_until_round_ends(match)
    assert match.totals == [25, 80, 25, 25]


# ----- HJ-13 --------------------------------------------------------------------------------------
def test_HJ_13_five_rounds_then_the_match_is_over():
    match = new()
    for number in range(1, ROUNDS):
        play_round(match, [1, 1, 1, 1])
        assert match.phase == "declare" and match.view(None)["round"] == number + 1
    events = play_round(match, [2, 1, 3, 2])  # totals -60 -50 -70 -60: seat 1 alone first
    assert match.phase == "over" and match.to_act() == []
    assert [e.type for e in events][-2:] == ["round_scored", "match_over"]
    assert match.totals == [-60, -50, -70, -60]
    assert match.legal_actions(1) == []
    with pytest.raises(IllegalAction):
        match.apply(1, bid(1))


def test_HJ_13_ranking_best_first():
    match = new()
    for _ in range(ROUNDS - 1):
        play_round(match, [1, 1, 1, 1])
    events = play_round(match, [2, 1, 3, 4])  # totals -60 -50 -70 -80
    assert match.phase == "over"
    over = events[-1]
    assert over.type == "match_over"
    assert over.data == {
        "totals": [-60, -50, -70, -80],
        "ranking": [1, 0, 2, 3],
        "winners": [1],
        "tiebreak_rounds": 0,
    }
    assert match.result == over.data
    assert match.view(2)["result"] == over.data
    assert match.view(None)["round"] == ROUNDS and len(match.view(None)["history"]) == ROUNDS


def test_HJ_13_ranking_helpers():
    assert ranking([10, 30, 30, -5]) == [1, 2, 0, 3]
    assert leaders([10, 30, 30, -5]) == [1, 2]


# ----- HJ-14 --------------------------------------------------------------------------------------
def test_HJ_14_a_tie_for_first_after_round_5_starts_a_tiebreak_round():
    match = new()
    for _ in range(ROUNDS):
        events = play_round(match, [1, 1, 2, 2])  # seats 0 and 1 share first place
    assert match.totals == [-50, -50, -100, -100]
    assert [e.type for e in events][-2:] == ["round_scored", "deal"]
    view = match.view(None)
    assert match.phase == "declare" and view["round"] == 6 and view["tiebreak"] == 1
    assert view["rounds"] == ROUNDS
    assert events[-1].data["tiebreak"] == 1 and events[-1].data["round"] == 6


def test_HJ_14_the_whole_table_plays_and_a_tied_player_wins():
    match = new()
    for _ in range(ROUNDS):
        play_round(match, [1, 1, 1, 1])  # four-way tie
    events = play_round(match, [1, 0, 1, 1])  # seat 1 alone makes its bid
    assert match.phase == "over"
    assert [e.type for e in events][-2:] == ["round_scored", "match_over"]
    history = match.view(None)["history"]
    assert history[-1]["tiebreak"] == 1 and history[-1]["round"] == 6
    assert match.result["winners"] == [1] and match.result["tiebreak_rounds"] == 1
    assert match.result["ranking"][0] == 1


def test_HJ_14_alone_first_after_a_tiebreak_wins_even_if_not_among_the_tied():
    match = new()
    for _ in range(ROUNDS - 1):
        play_round(match, [1, 1, 1, 1])
    play_round(match, [1, 1, 2, 2])  # -50 -50 -60 -60: seats 0, 1 tied
    assert match.phase == "declare" and match.view(None)["tiebreak"] == 1
    play_round(match, [4, 4, 0, 4])  # seat 2 makes its bid (>= +10)
    assert match.phase == "over"
    assert match.result["winners"] == [2] and match.result["tiebreak_rounds"] == 1


def test_HJ_14_tiebreaks_continue_while_first_place_is_shared():
    match = new()
    for _ in range(ROUNDS + 1):
        play_round(match, [1, 1, 1, 1])
    assert match.phase == "declare" and match.view(None)["tiebreak"] == 2
    play_round(match, [0, 1, 1, 1])
    assert match.phase == "over" and match.result["winners"] == [0]
    assert match.result["tiebreak_rounds"] == 2


# ----- HJ-15 --------------------------------------------------------------------------------------
def test_HJ_15_after_three_tiebreaks_the_tied_share_first_place():
    match = new()
    for _ in range(ROUNDS + MAX_TIEBREAKS):
        events = play_round(match, [1, 1, 2, 1])
    assert match.phase == "over"
    assert events[-1].type == "match_over"
    assert match.result == {
        "totals": [-80, -80, -160, -80],
        "ranking": [0, 1, 3, 2],
        "winners": [0, 1, 3],
        "tiebreak_rounds": 3,
    }
    assert match.view(None)["round"] == 8 and match.view(None)["tiebreak"] == 3


def test_HJ_15_ties_below_first_place_cause_no_extra_round():
    match = new()
    for _ in range(ROUNDS):
        play_round(match, [1, 2, 2, 3])
    assert match.phase == "over" and match.result["tiebreak_rounds"] == 0
    assert match.result["winners"] == [0] and match.result["ranking"] == [0, 1, 2, 3]
