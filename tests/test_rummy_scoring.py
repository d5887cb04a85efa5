"""Hand rummy round scores (HR-10 majlis, HR-12 classic and partnership) and the match end."""

from __future__ import annotations

from game.core.cards import JOKER
from test_rummy_support import new_match

# Seat 1 starts (seat 0 deals): 14 cards in three runs (105 points) and a 5C to discard.
GO_OUT = [["2H", "3H", "4H", "5H", "6H", "7H"], ["8S", "9S", "10S", "JS"], ["JD", "QD", "KD", "AD"]]
GO_OUT_CARDS = [c for g in GO_OUT for c in g] + ["5C"]
# Left in an opened hand: joker 10 + ace 11 + 5 = 26.
LEFT = [JOKER, "AS", "5S"]


def out_in_one_turn(players=4, **options):
    """Seat 1 goes out on his first turn without having opened before: −60."""
    match = new_match({1: GO_OUT_CARDS}, players=players, **options)
    match.apply(1, {"type": "meld", "groups": GO_OUT[:2]})
    return match


def finish_one_turn(match, others_opened):
    for seat, opened in others_opened.items():
        match.opened[seat] = opened
        if opened:
            match.hands[seat] = list(LEFT)
    match.apply(1, {"type": "meld", "groups": GO_OUT[2:]})
    events = match.apply(1, {"type": "discard", "card": "5C"})
    return events, match.history[-1]


def out_in_stages(players=4, **options):
    """Seat 1 opens on his first turn and goes out on his second: −30."""
    match = new_match({1: GO_OUT_CARDS}, players=players, **options)
    match.apply(1, {"type": "meld", "groups": GO_OUT[:2]})
    match.apply(1, {"type": "discard", "card": "5C"})
    for seat in [s % players for s in range(2, players + 1)]:
        match.apply(seat, {"type": "draw", "from": "stock"})
        match.apply(seat, {"type": "discard", "card": match.hands[seat][-1]})
    match.apply(1, {"type": "draw", "from": "stock"})
    return match


def finish_stages(match, others_opened):
    for seat, opened in others_opened.items():
        match.opened[seat] = opened
        if opened:
            match.hands[seat] = list(LEFT)
    match.hands[1] = ["9C"]
    match.apply(1, {"type": "discard", "card": "9C"})
    return match.history[-1]


def test_HR_10_winner_minus_60_in_one_turn_unopened_200_opened_double():
    events, entry = finish_one_turn(out_in_one_turn(), {2: True, 3: False, 0: True})
    assert entry["kind"] == -60 and entry["winner"] == 1
    assert entry["scores"] == [52, -60, 52, 200]
    scored = next(e for e in events if e.type == "round_scored").data
    assert scored["scores"] == [52, -60, 52, 200] and scored["totals"] == [52, -60, 52, 200]


def test_HR_10_winner_minus_30_after_opening_earlier():
    entry = finish_stages(out_in_stages(), {2: True, 3: False, 0: False})
    assert entry["kind"] == -30
    assert entry["scores"] == [200, -30, 52, 200]


def test_HR_10_joker_10_and_ace_11_left_in_hand_doubled():
    match = out_in_stages()
    match.opened[2] = True
    match.hands[2] = [JOKER, JOKER, "AS", "AD", "KC"]
    entry = finish_stages(match, {})
    assert entry["scores"][2] == 2 * (10 + 10 + 11 + 11 + 10)


def test_HR_12_classic_after_minus_60_unopened_200_opened_double():
    _events, entry = finish_one_turn(
        out_in_one_turn(variant="classic"), {2: True, 3: False, 0: True}
    )
    assert entry["scores"] == [52, -60, 52, 200]


def test_HR_12_classic_after_minus_30_unopened_100_opened_single():
    entry = finish_stages(out_in_stages(variant="classic"), {2: True, 3: False, 0: False})
    assert entry["kind"] == -30
    assert entry["scores"] == [100, -30, 26, 100]


def test_HR_12_classic_five_players():
    match = out_in_one_turn(players=5, variant="classic")
    _events, entry = finish_one_turn(match, {2: False, 3: True, 4: False, 0: True})
    assert entry["scores"] == [52, -60, 200, 52, 200] and match.totals == entry["scores"]


def test_HR_12_partnership_team_sums_winner_side_scores_the_win():
    events, entry = finish_one_turn(
        out_in_one_turn(partnership=True, variant="classic"), {2: True, 3: False, 0: False}
    )
    assert entry["scores"] == [200, -60, 52, 0]
    assert entry["side_scores"] == [252, -60]
    assert events[-1].type == "match_over"
    entry = finish_stages(
        out_in_stages(partnership=True, variant="classic"), {2: True, 3: True, 0: False}
    )
    assert entry["scores"] == [100, -30, 26, 0] and entry["side_scores"] == [126, -30]


def test_HR_12_partnership_with_majlis_scoring():
    _events, entry = finish_one_turn(
        out_in_one_turn(partnership=True), {2: True, 3: True, 0: False}
    )
    assert entry["side_scores"] == [252, -60]


def test_HR_11_lowest_total_wins_after_the_last_round_and_ties_share():
    match = out_in_one_turn(rounds=1)
    match._totals = [0, 100, 60, 0]
    events, _entry = finish_one_turn(match, {2: False, 3: False, 0: False})
    assert match.phase == "over"
    assert match.totals == [200, 40, 260, 200]
    assert match.result == {"totals": [200, 40, 260, 200], "winners": [1]}
    assert events[-1].type == "match_over" and events[-1].data["winners"] == [1]

    tie = out_in_one_turn(rounds=1)
    tie._totals = [-260, 0, 0, 0]
    finish_one_turn(tie, {2: False, 3: False, 0: False})
    assert tie.totals == [-60, -60, 200, 200]
    assert tie.result["winners"] == [0, 1]


def test_HR_2_rounds_continue_until_the_chosen_number():
    match = out_in_one_turn(rounds=3)
    events, _entry = finish_one_turn(match, {})
    assert [e.type for e in events][-2:] == ["round_scored", "deal"]
    assert match.phase == "play" and match.round == 2
    view = match.view(0)
    assert view["history"][0]["kind"] == -60 and view["round"] == 2
    assert view["totals"] == match.totals
