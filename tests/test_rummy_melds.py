"""Hand rummy meld logic: runs, sets, jokers, values, extending, swapping, the meld finder."""
from __future__ import annotations

import itertools
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.cards import JOKER, rummy_deck
from game.games.hand_rummy import melds as M


def kind(group):
    meld = M.classify(group)
    return None if meld is None else meld.kind


def test_HR_1_the_deck_is_two_decks_and_two_jokers():
    deck = rummy_deck()
    assert len(deck) == 106 and deck.count(JOKER) == 2
    assert all(count == 2 for card, count in Counter(deck).items() if card != JOKER)


def test_HR_4_runs_ace_low_and_high_valid_no_wrap():
    assert kind(["AH", "2H", "3H"]) == "run"
    assert kind(["QH", "KH", "AH"]) == "run"
    assert kind(["KH", "AH", "2H"]) is None
    assert kind(["AH", "KH", "2H"]) is None
    assert kind(["7H", "8H", "9H", "10H", "JH"]) == "run"
    assert kind(["7H", "8H"]) is None
    assert kind(["7H", "8S", "9H"]) is None
    assert kind(["7H", "9H", "10H"]) is None
    assert kind(["7H", "7H", "8H"]) is None


def test_HR_4_run_given_in_any_order_is_read_sorted():
    meld = M.classify(["9H", "7H", "8H"])
    assert meld.cards == ("7H", "8H", "9H")


def test_HR_4_a_run_never_holds_the_ace_twice():
    whole = ["AH"] + [r + "H" for r in M.RANK_NUMBER if r != "A"]
    assert kind(whole) == "run" and len(whole) == 13
    assert kind(whole + ["AH"]) is None


def test_HR_5_sets_three_or_four_distinct_suits():
    assert kind(["8S", "8D", "8H"]) == "set"
    assert kind(["8S", "8D", "8H", "8C"]) == "set"
    assert kind(["8S", "8D", "8S"]) is None, "duplicate suit"
    assert kind(["8S", "8D", "8H", "8C", "8S"]) is None, "a set never has 5 cards"
    assert kind(["8S", "8D", "8H", "8C", JOKER]) is None, "a joker cannot make a fifth card"


def test_HR_8_jokers_fill_gaps_in_runs_and_sets():
    assert M.classify(["5H", JOKER, "7H"]).stands == ("5H", "6H", "7H")
    assert M.classify(["5H", "7H", JOKER, JOKER]).stands == ("5H", "6H", "7H", "8H")
    assert kind(["5H", "5S", JOKER]) == "set"
    assert kind(["5H", "5S", "5D", JOKER]) == "set"
    assert kind(["5H", JOKER, JOKER]) is None, "a meld needs two natural cards"
    assert kind(["5H", "5S", "5D", "5C", JOKER]) is None


def test_HR_8_joker_place_follows_the_order_given():
    assert M.classify([JOKER, "6H", "7H"]).stands == ("5H", "6H", "7H")
    assert M.classify(["6H", "7H", JOKER]).stands == ("6H", "7H", "8H")
    assert M.classify(["7H", "6H", JOKER]).stands == ("5H", "6H", "7H"), "descending: 7 6 5"
    # Out of order: the spare joker goes on the high end, or low once the ace is reached.
    assert M.classify(["7H", JOKER, "6H"]).stands == ("6H", "7H", "8H")
    assert M.classify(["AH", JOKER, "KH"]).stands == ("QH", "KH", "AH")
    assert M.classify([JOKER, "KH", "AH"]).stands == ("QH", "KH", "AH")


def test_HR_7_meld_values_ace_11_faces_10_joker_as_its_card():
    assert M.classify(["AH", "2H", "3H"]).points() == 16
    assert M.classify(["QH", "KH", "AH"]).points() == 31
    assert M.classify(["10S", "JS", JOKER]).points() == 30
    assert M.classify(["AS", "AH", JOKER]).points() == 33
    assert M.groups_points([["7H", "8H", "9H"], ["KS", "KD", "KC"]]) == 54
    assert M.groups_points([["7H", "8H"]]) == 0


def test_HR_12_classic_values_from_seed_003():
    """Seed 003: the ace is 1 in A-2-3, 10 elsewhere in a meld, 15 when a joker stands for it."""
    assert M.classify(["AH", "2H", "3H"]).points("classic") == 6
    assert M.classify(["QH", "KH", "AH"]).points("classic") == 30
    assert M.classify(["QH", "KH", JOKER]).points("classic") == 35
    assert M.classify(["AS", "AH", "AD"]).points("classic") == 30


def test_HR_10_hand_values_joker_10_ace_11():
    assert M.card_points(JOKER) == 10 and M.card_points("AS") == 11
    assert M.card_points("KD") == 10 and M.card_points("10C") == 10 and M.card_points("7H") == 7
    assert M.hand_points(["AS", JOKER, "2C"]) == 23


def test_HR_7_extend_runs_both_ends_and_sets_by_missing_suit():
    run = M.classify(["5H", "6H", "7H"])
    assert M.extend(run, "8H").cards == ("5H", "6H", "7H", "8H")
    assert M.extend(run, "4H").cards == ("4H", "5H", "6H", "7H")
    assert M.extend(run, "9H") is None and M.extend(run, "8S") is None
    assert M.extend(run, JOKER).stands[-1] == "8H"
    top = M.classify(["QH", "KH", "AH"])
    assert M.extend(top, "2H") is None
    assert M.extend(top, JOKER).stands[0] == "JH"
    low = M.classify(["AH", "2H", "3H"])
    assert M.extend(low, "KH") is None and M.extend(low, "4H") is not None
    trio = M.classify(["9S", "9H", "9D"])
    assert M.extend(trio, "9C").cards == ("9S", "9H", "9D", "9C")
    assert M.extend(trio, "9S") is None and M.extend(trio, "8C") is None
    assert M.extend(M.extend(trio, "9C"), JOKER) is None


def test_HR_8_swap_joker_in_run_by_the_card_it_stands_for():
    run = M.classify(["5H", JOKER, "7H"])
    assert M.swap_joker(run, ["6H"]).cards == ("5H", "6H", "7H")
    assert M.swap_joker(run, ["8H"]) is None
    assert M.swap_joker(M.classify(["5H", "6H", "7H"]), ["6H"]) is None


def test_HR_8_swap_joker_in_set_only_from_four_cards():
    four = M.classify(["5H", "5S", "5D", JOKER])
    assert M.swap_joker(four, ["5C"]).cards == ("5H", "5S", "5D", "5C")
    assert M.swap_joker(four, ["5H"]) is None
    three = M.classify(["5H", "5S", JOKER])
    assert M.swap_joker(three, ["5C"]) is None and M.swap_joker(three, ["5D"]) is None


def test_HR_8_classic_set_swap_takes_both_missing_suits():
    """Seed 003: a set's joker comes back only for two cards, the two missing suits."""
    three = M.classify(["5H", "5S", JOKER])
    assert M.swap_joker(three, ["5C", "5D"], "classic").cards == ("5H", "5S", "5C", "5D")
    assert M.swap_joker(three, ["5C"], "classic") is None
    assert M.swap_joker(M.classify(["5H", "5S", "5D", JOKER]), ["5C"], "classic") is None


def test_find_melds_uses_jokers_and_duplicates():
    hand = ["7H", "7H", "8H", "9H", "9H", "10H", "JK", "KS", "KD", "2C", "5D"]
    groups = M.find_melds(hand)
    used = Counter(c for g in groups for c in g)
    assert all(M.classify(g) is not None for g in groups)
    assert all(used[c] <= Counter(hand)[c] for c in used)
    assert used[JOKER] == 1
    assert M.groups_points(groups) == (7 + 8 + 9 + 10) + 3 * 10  # beats 7-8-9-10 + 7-JK-9


def best_value(group, variant):
    """The best value of a group over every place its jokers could be given."""
    naturals = sorted((c for c in group if c != JOKER), key=lambda c: M.RANK_NUMBER[c[:-1]])
    jokers = len(group) - len(naturals)
    values = []
    for places in itertools.combinations(range(len(group)), jokers):
        rest = iter(naturals)
        order = [JOKER if i in places else next(rest) for i in range(len(group))]
        meld = M.classify(order)
        if meld is not None:
            values.append(meld.points(variant))
    return max(values, default=None)


def brute_best(hand, variant="majlis"):
    """Best total meld value by trying every partition into candidate groups (tiny hands)."""
    best = 0
    cards = list(hand)

    def search(rest, total):
        nonlocal best
        best = max(best, total)
        for size in range(3, len(rest) + 1):
            for combo in itertools.combinations(range(len(rest)), size):
                value = best_value([rest[i] for i in combo], variant)
                if value is not None:
                    left = [rest[i] for i in range(len(rest)) if i not in combo]
                    search(left, total + value)

    search(cards, 0)
    return best


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False))
def test_find_melds_matches_brute_force_on_small_hands(rnd):
    pool = [c for c in rummy_deck() if c[-1] in "HS" and c[:-1] in ("5", "6", "7", "8", "9")]
    hand = rnd.sample(pool, 6) + ([JOKER] if rnd.random() < 0.5 else [])
    groups = M.find_melds(hand)
    assert M.groups_points(groups) == brute_best(hand)


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 2))
def test_find_melds_is_valid_and_non_overlapping(rnd, jokers):
    naturals = [c for c in rummy_deck() if c != JOKER]
    hand = rnd.sample(naturals, 15 - jokers) + [JOKER] * jokers
    groups = M.find_melds(hand)
    used = Counter(c for g in groups for c in g)
    assert all(used[c] <= Counter(hand)[c] for c in used)
    for group in groups:
        meld = M.classify(group)
        assert meld is not None and list(meld.cards) == group


def test_find_melds_empty_when_nothing_fits():
    assert M.find_melds(["2S", "7H", "QD"]) == []
    assert M.find_melds([]) == []
    rnd = random.Random(3)
    assert isinstance(M.find_melds(rnd.sample(rummy_deck(), 15)), list)
