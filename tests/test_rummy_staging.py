"""Hand rummy meld workspace: HR-13 staging, HR-14 apply rules, HR-15 sorting and undo."""

from __future__ import annotations

from collections import Counter

from game.core.cards import JOKER
from game.games.hand_rummy.staging import REASONS, Staging
from test_rummy_support import new_match

HAND = ["KS", "7H", "2C", "9H", "KD", "8H", "AS", "KC", JOKER, "5D"]


def my_view(drawn=True, opened=False, turn=True):
    return {
        "you": 1,
        "phase": "play",
        "to_act": [1] if turn else [2],
        "drawn": drawn,
        "opened": [False, opened, False, False],
    }


def test_HR_13_suggestion_stages_groups_and_lays_nothing():
    match = new_match({1: HAND})
    before = match.view(1)
    ws = Staging(match.view(1)["hand"])
    groups = ws.suggest()
    assert groups and ws.groups == groups
    assert Counter(ws.cards()) == Counter(match.hands[1])
    assert all(
        card not in ws.hand or Counter(ws.hand)[card] < Counter(match.hands[1])[card]
        for g in groups
        for card in g
    )
    assert match.view(1) == before and match.to_act() == [1]


def test_HR_13_tap_returns_card_add_group_and_clear():
    ws = Staging(HAND)
    ws.stage(1)  # 7H opens a group
    assert ws.groups == [["7H"]] and "7H" not in ws.hand
    ws.stage(ws.hand.index("8H"), 0)
    index = ws.add_group()
    ws.stage(ws.hand.index("KS"), index)
    assert ws.groups == [["7H", "8H"], ["KS"]]
    assert ws.unstage(0, 0) == "7H" and ws.hand[-1] == "7H"
    ws.clear()
    assert ws.groups == [] and Counter(ws.hand) == Counter(HAND)


def test_HR_13_apply_sends_only_the_valid_groups():
    ws = Staging(HAND)
    ws.groups = [["7H", "8H", "9H"], [], ["KS", "KD", "KC"]]
    ws.hand = ["2C", "AS", JOKER, "5D"]
    assert ws.apply_action() == {"type": "meld", "groups": [["7H", "8H", "9H"], ["KS", "KD", "KC"]]}
    assert ws.staged_points() == 54 and ws.group_state(1) == "empty"
    match = new_match({1: HAND})
    match.apply(1, ws.apply_action())
    ws.sync(match.hands[1], laid=[c for g in ws.valid_groups() for c in g])
    assert ws.groups == [] and Counter(ws.hand) == Counter(match.hands[1])


def test_HR_14_not_your_turn():
    ws = Staging(HAND)
    ws.groups = [["7H", "8H", "9H"]]
    assert ws.disabled_reason(my_view(turn=False)) == "not_your_turn"
    assert ws.reason_text("not_your_turn") == REASONS["not_your_turn"]


def test_HR_14_not_drawn_yet():
    ws = Staging(HAND)
    ws.groups = [["7H", "8H", "9H"]]
    assert ws.disabled_reason(my_view(drawn=False)) == "not_drawn"


def test_HR_14_invalid_group():
    ws = Staging(HAND)
    ws.groups = [["7H", "8H", "9H"], ["KS", "2C"]]
    assert ws.disabled_reason(my_view(opened=True)) == "invalid_group"
    assert ws.group_state(1) == "invalid"


def test_HR_14_opening_under_51_and_enabled_after_opening():
    ws = Staging(HAND)
    ws.groups = [["7H", "8H", "9H"]]
    assert ws.disabled_reason(my_view()) == "opening_under_51"
    assert ws.disabled_reason(my_view(opened=True)) is None
    ws.groups.append(["KS", "KD", "KC"])
    assert ws.disabled_reason(my_view()) is None
    ws.groups = []
    assert ws.disabled_reason(my_view()) == "nothing_staged"


def test_HR_14_reasons_follow_a_real_view():
    match = new_match({1: HAND})
    ws = Staging(match.view(1)["hand"])
    ws.suggest()
    assert ws.disabled_reason(match.view(2)) == "not_your_turn"
    ws.groups = [["7H", "8H", "9H"], ["KS", "KD", "KC"]]
    assert ws.disabled_reason(match.view(1)) is None


def test_HR_15_sort_by_suit_and_by_rank():
    ws = Staging(HAND)
    ws.sort_by_suit()
    assert ws.hand == ["AS", "KS", "7H", "8H", "9H", "2C", "KC", "5D", "KD", JOKER]
    ws.sort_by_rank()
    assert ws.hand == ["AS", "2C", "5D", "7H", "8H", "9H", "KS", "KC", "KD", JOKER]


def test_HR_15_undo_restores_hand_order_only():
    ws = Staging(HAND)
    ws.sort_by_rank()
    ranked = list(ws.hand)
    ws.move_in_hand(0, 3)
    moved = list(ws.hand)
    assert ws.undo() is True and ws.hand == ranked
    ws.stage(ws.hand.index("KS"))  # staging is not undone
    ws.undo()  # back to the dealt order, minus the staged king
    assert ws.hand == [c for c in HAND if c != "KS"] and ws.groups == [["KS"]]
    assert ws.undo() is False and moved[3] == "AS"


def test_HR_15_undo_never_takes_back_a_draw_or_discard():
    ws = Staging(HAND)
    ws.sort_by_suit()
    ws.sync(HAND + ["QH"])  # a draw
    ws.sync([c for c in HAND if c != "2C"] + ["QH"])  # a discard of 2C
    ws.undo()
    assert ws.hand == [c for c in HAND if c != "2C"] + ["QH"]
