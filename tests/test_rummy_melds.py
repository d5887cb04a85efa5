"""Hand rummy meld logic: runs, sets, jokers, values, extending, swapping, the meld finder."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.cards import JOKER, rummy_deck
from game.games.hand_rummy.melds import (
    NUMBER_RANK,
    RANK_NUMBER,
    VARIANTS,
    card_points,
    classify,
    extend,
    find_melds,
    groups_points,
    hand_points,
    is_card,
    number_points,
    swap_joker,
)
from game.games.hand_rummy.rules import Match


def kind(group):
    meld = classify(group)
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
    meld = classify(["9H", "7H", "8H"])
    assert meld.cards == ("7H", "8H", "9H")


def test_HR_4_a_run_never_holds_the_ace_twice():
    whole = ["AH"] + [r + "H" for r in RANK_NUMBER if r != "A"]
    assert kind(whole) == "run" and len(whole) == 13
    assert kind(whole + ["AH"]) is None


def test_HR_5_sets_three_or_four_distinct_suits():
    assert kind(["8S", "8D", "8H"]) == "set"
    assert kind(["8S", "8D", "8H", "8C"]) == "set"
    assert kind(["8S", "8D", "8S"]) is None, "duplicate suit"
    assert kind(["8S", "8D", "8H", "8C", "8S"]) is None, "a set never has 5 cards"
    assert kind(["8S", "8D", "8H", "8C", JOKER]) is None, "a joker cannot make a fifth card"


def test_HR_8_jokers_fill_gaps_in_runs_and_sets():
    assert classify(["5H", JOKER, "7H"]).stands == ("5H", "6H", "7H")
    assert classify(["5H", "7H", JOKER, JOKER]).stands == ("5H", "6H", "7H", "8H")
    assert kind(["5H", "5S", JOKER]) == "set"
    assert kind(["5H", "5S", "5D", JOKER]) == "set"
    assert kind(["5H", JOKER, JOKER]) is None, "a meld needs two natural cards"
    assert kind(["5H", "5S", "5D", "5C", JOKER]) is None


def test_HR_8_joker_place_follows_the_order_given():
    assert classify([JOKER, "6H", "7H"]).stands == ("5H", "6H", "7H")
    assert classify(["6H", "7H", JOKER]).stands == ("6H", "7H", "8H")
    assert classify(["7H", "6H", JOKER]).stands == ("5H", "6H", "7H"), "descending: 7 6 5"
    # Out of order: the spare joker goes on the high end, or low once the ace is reached.
    assert classify(["7H", JOKER, "6H"]).stands == ("6H", "7H", "8H")
    assert classify(["AH", JOKER, "KH"]).stands == ("QH", "KH", "AH")
    assert classify([JOKER, "KH", "AH"]).stands == ("QH", "KH", "AH")


def test_HR_7_meld_values_ace_11_faces_10_joker_as_its_card():
    assert classify(["AH", "2H", "3H"]).points() == 16
    assert classify(["QH", "KH", "AH"]).points() == 31
    assert classify(["10S", "JS", JOKER]).points() == 30
    assert classify(["AS", "AH", JOKER]).points() == 33
    assert groups_points([["7H", "8H", "9H"], ["KS", "KD", "KC"]]) == 54
    assert groups_points([["7H", "8H"]]) == 0


def test_HR_12_classic_values_from_seed_003():
    """Seed 003: the ace is 1 in A-2-3, 10 elsewhere in a meld, 15 when a joker stands for it."""
    assert classify(["AH", "2H", "3H"]).points("classic") == 6
    assert classify(["QH", "KH", "AH"]).points("classic") == 30
    assert classify(["QH", "KH", JOKER]).points("classic") == 35
    assert classify(["AS", "AH", "AD"]).points("classic") == 30


def test_HR_10_hand_values_joker_10_ace_11():
    assert card_points(JOKER) == 10 and card_points("AS") == 11
    assert card_points("KD") == 10 and card_points("10C") == 10 and card_points("7H") == 7
    assert hand_points(["AS", JOKER, "2C"]) == 23


def test_HR_7_extend_runs_both_ends_and_sets_by_missing_suit():
    run = classify(["5H", "6H", "7H"])
    assert extend(run, "8H").cards == ("5H", "6H", "7H", "8H")
    assert extend(run, "4H").cards == ("4H", "5H", "6H", "7H")
    assert extend(run, "9H") is None and extend(run, "8S") is None
    assert extend(run, JOKER).stands[-1] == "8H"
    top = classify(["QH", "KH", "AH"])
    assert extend(top, "2H") is None
    assert extend(top, JOKER).stands[0] == "JH"
    low = classify(["AH", "2H", "3H"])
    assert extend(low, "KH") is None and extend(low, "4H") is not None
    trio = classify(["9S", "9H", "9D"])
    assert extend(trio, "9C").cards == ("9S", "9H", "9D", "9C")
    assert extend(trio, "9S") is None and extend(trio, "8C") is None
    assert extend(extend(trio, "9C"), JOKER) is None


def test_HR_8_swap_joker_in_run_by_the_card_it_stands_for():
    run = classify(["5H", JOKER, "7H"])
    assert swap_joker(run, ["6H"]).cards == ("5H", "6H", "7H")
    assert swap_joker(run, ["8H"]) is None
    assert swap_joker(classify(["5H", "6H", "7H"]), ["6H"]) is None


def test_HR_8_swap_joker_in_set_only_from_four_cards():
    four = classify(["5H", "5S", "5D", JOKER])
    assert swap_joker(four, ["5C"]).cards == ("5H", "5S", "5D", "5C")
    assert swap_joker(four, ["5H"]) is None
    three = classify(["5H", "5S", JOKER])
    assert swap_joker(three, ["5C"]) is None and swap_joker(three, ["5D"]) is None


def test_HR_8_classic_set_swap_takes_both_missing_suits():
    """Seed 003: a set's joker comes back only for two cards, the two missing suits."""
    three = classify(["5H", "5S", JOKER])
    assert swap_joker(three, ["5C", "5D"], "classic").cards == ("5H", "5S", "5C", "5D")
    assert swap_joker(three, ["5C"], "classic") is None
    assert swap_joker(classify(["5H", "5S", "5D", JOKER]), ["5C"], "classic") is None


def test_find_melds_uses_jokers_and_duplicates():
    hand = ["7H", "7H", "8H", "9H", "9H", "10H", "JK", "KS", "KD", "2C", "5D"]
    groups = find_melds(hand)
    used = Counter(c for g in groups for c in g)
    assert all(classify(g) is not None for g in groups)
    assert all(used[c] <= Counter(hand)[c] for c in used)
    assert used[JOKER] == 1
    assert groups_points(groups) == (7 + 8 + 9 + 10) + 3 * 10  # beats 7-8-9-10 + 7-JK-9


def best_value(group, variant):
    """The best value of a group over every place its jokers could be given."""
    naturals = sorted((c for c in group if c != JOKER), key=lambda c: RANK_NUMBER[c[:-1]])
    jokers = len(group) - len(naturals)
    values = []
    for places in itertools.combinations(range(len(group)), jokers):
        rest = iter(naturals)
        order = [JOKER if i in places else next(rest) for i in range(len(group))]
        meld = classify(order)
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
    groups = find_melds(hand)
    assert groups_points(groups) == brute_best(hand)


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 2))
def test_find_melds_is_valid_and_non_overlapping(rnd, jokers):
    naturals = [c for c in rummy_deck() if c != JOKER]
    hand = rnd.sample(naturals, 15 - jokers) + [JOKER] * jokers
    groups = find_melds(hand)
    used = Counter(c for g in groups for c in g)
    assert all(used[c] <= Counter(hand)[c] for c in used)
    for group in groups:
        meld = classify(group)
        assert meld is not None and list(meld.cards) == group


def test_find_melds_empty_when_nothing_fits():
    assert find_melds(["2S", "7H", "QD"]) == []
    assert find_melds([]) == []
    rnd = random.Random(3)
    assert isinstance(find_melds(rnd.sample(rummy_deck(), 15)), list)


# ----- the fast finder against a straightforward reference ---------------------------------


def reference_candidates(counts, variant):
    """Every run and set a hand could make, built the plain way: (value, naturals, cards)."""
    jokers = counts.get(JOKER, 0)
    out = []
    by_suit, by_rank = {}, {}
    for code in counts:
        if code != JOKER:
            rank, suit = code[:-1], code[-1]
            by_suit.setdefault(suit, set()).add(RANK_NUMBER[rank])
            by_rank.setdefault(rank, []).append(code)
    for suit, present in by_suit.items():
        if len(present) < 2:
            continue
        if 14 in present:
            present.add(1)
        for low in range(1, 13):
            top = min(13 if low == 1 else 14, low + 12)
            missing = value = 0
            cards = []
            for high in range(low, top + 1):
                if high in present:
                    cards.append(NUMBER_RANK[high] + suit)
                    value += number_points(high, variant)
                else:
                    missing += 1
                    if missing > jokers:
                        break
                    cards.append(JOKER)
                    value += number_points(high, variant, True)
                if len(cards) >= 3 and len(cards) - missing >= 2:
                    out.append((value, [c for c in cards if c != JOKER], list(cards)))
                    if missing < jokers and len(cards) - missing >= 3:
                        # a natural held once may give its place to a spare joker
                        for place, code in enumerate(cards):
                            if code != JOKER and counts[code] == 1:
                                swapped = cards[:place] + [JOKER] + cards[place + 1 :]
                                number = low + place
                                worth = (
                                    value
                                    - number_points(number, variant)
                                    + number_points(number, variant, True)
                                )
                                out.append((worth, [c for c in swapped if c != JOKER], swapped))
    for rank, codes in by_rank.items():
        codes.sort()
        number = RANK_NUMBER[rank]
        for mask in range(3, 1 << len(codes)):
            chosen = [codes[i] for i in range(len(codes)) if mask >> i & 1]
            if len(chosen) < 2:
                continue
            for j in range(max(0, 3 - len(chosen)), min(jokers, 4 - len(chosen)) + 1):
                value = (
                    number_points(number, variant) * len(chosen)
                    + number_points(number, variant, True) * j
                )
                out.append((value, chosen, chosen + [JOKER] * j))
    return out


def reference_find_melds(hand, variant="majlis"):
    """The finder's contract done plainly: a memoised search over tuples of counts (cards in
    sorted order, jokers last); the first card left is either set aside or the first natural
    of a meld; best value then most cards; ties keep the first found, candidates tried best
    score first in the order they were built."""
    counts = Counter(c for c in hand if is_card(c))
    keys = sorted(c for c in counts if c != JOKER)
    index = {code: i for i, code in enumerate(keys)}
    by_first = {}
    for value, naturals, cards in reference_candidates(counts, variant):
        need = Counter(index[c] for c in naturals)
        need[len(keys)] = cards.count(JOKER)
        by_first.setdefault(min(index[c] for c in naturals), []).append(
            (value * 100 + len(cards), need, cards)
        )
    for options in by_first.values():
        options.sort(key=lambda item: -item[0])
    memo = {}

    def best(state):
        if state not in memo:
            first = next((i for i in range(len(keys)) if state[i]), None)
            result = (0, ())
            if first is not None:
                result = best(state[:first] + (state[first] - 1,) + state[first + 1 :])
                for score, need, cards in by_first.get(first, []):
                    if all(state[i] >= n for i, n in need.items()):
                        rest = tuple(n - need[i] for i, n in enumerate(state))
                        sub_score, sub_groups = best(rest)
                        if score + sub_score > result[0]:
                            result = (score + sub_score, (cards,) + sub_groups)
            memo[state] = result
        return memo[state]

    start = tuple(counts[c] for c in keys) + (counts.get(JOKER, 0),)
    return [list(g) for g in best(start)[1]]


@settings(max_examples=300, deadline=None)
@given(
    st.randoms(use_true_random=False),
    st.integers(0, 20),
    st.integers(0, 2),
    st.sampled_from(VARIANTS),
    st.booleans(),
)
def test_HR_4_HR_5_HR_8_find_melds_equals_the_reference(rnd, size, jokers, variant, dense):
    """The cached, int-packed finder returns exactly the reference's melds (same groups, same
    order, jokers in the same places) on random hands with duplicates and jokers."""
    naturals = [c for c in rummy_deck() if c != JOKER]
    if dense:  # few suits and ranks: long runs, duplicates, sets, many candidates
        naturals = [
            c
            for c in naturals
            if (c[-1] in "HS" and RANK_NUMBER[c[:-1]] <= 9) or c[:-1] in ("A", "K")
        ]
    hand = rnd.sample(naturals, min(size, len(naturals))) + [JOKER] * jokers
    rnd.shuffle(hand)
    assert find_melds(hand, variant) == reference_find_melds(hand, variant)


def test_HR_8_find_melds_equals_the_reference_on_hard_hands():
    hands = [
        [
            "2H",
            "3H",
            "4H",
            "5H",
            "6H",
            "7H",
            "8H",
            "3H",
            "4H",
            "5H",
            "5S",
            "5D",
            "5C",
            JOKER,
            JOKER,
        ],
        ["AH", "2H", "3H", "QH", "KH", "AH", JOKER, "AS", "AD", "AC", JOKER],
        [r + "H" for r in RANK_NUMBER] + [JOKER, "7H", "7S", "7D"],
        ["7H", "7H", "8H", "9H", "9H", "10H", JOKER, "KS", "KD", "2C", "5D", "XX", 5, JOKER],
    ]
    for hand in hands:
        for variant in VARIANTS:
            assert find_melds(hand, variant) == reference_find_melds(hand, variant)


def melds_on_table(rnd):
    """Random valid melds: runs (some with jokers, some 2..K or ace-high) and sets."""
    out = []
    while len(out) < 6:
        suit = rnd.choice("SHDC")
        if rnd.random() < 0.5:
            low = rnd.randrange(1, 13)
            size = rnd.randrange(3, 16 - low if low > 1 else 14)
            group = [NUMBER_RANK[n] + suit for n in range(low, low + size)]
        else:
            rank = rnd.choice(list(RANK_NUMBER))
            group = [rank + s for s in rnd.sample("SHDC", rnd.choice((2, 3, 3, 4)))]
        for _ in range(rnd.choice((0, 0, 1, 2))):
            group[rnd.randrange(len(group))] = JOKER
        meld = classify(group)
        if meld is not None:
            out.append(meld)
    return out


@settings(max_examples=80, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(VARIANTS))
def test_HR_7_HR_8_legal_adds_and_swaps_are_every_fitting_card(rnd, variant):
    """legal_actions lists, meld by meld, an add for every distinct held card extend accepts
    (sorted) and a swap for every joker the hand can take back, the plain way."""
    match = Match.new(4, {"variant": variant}, seed=rnd.randrange(1 << 30))
    seat = match.turn
    match.melds = melds_on_table(rnd)
    match.opened[seat] = True
    hand = rnd.sample(rummy_deck(), rnd.randrange(1, 20)) + ["AH", "AS", JOKER][: rnd.randrange(4)]
    match.hands[seat] = hand
    want = [{"type": "discard", "card": c} for c in sorted(set(hand))]
    for index, meld in enumerate(match.melds):
        want += [
            {"type": "add", "card": c, "meld": index}
            for c in sorted(set(hand))
            if extend(meld, c) is not None
        ]
        if meld.kind == "run":
            want += [
                {"type": "swap_joker", "meld": index, "card": meld.stands[p]}
                for p in meld.joker_places()
                if meld.stands[p] in hand and swap_joker(meld, [meld.stands[p]]) is not None
            ]
        else:
            missing = sorted(
                NUMBER_RANK[meld.low] + s
                for s in "SHDC"
                if NUMBER_RANK[meld.low] + s not in meld.cards
            )
            if all(c in hand for c in missing) and swap_joker(meld, missing, variant):
                one = {"type": "swap_joker", "meld": index}
                want.append(
                    dict(one, card=missing[0]) if len(missing) == 1 else dict(one, cards=missing)
                )
    assert match.legal_actions(seat) == want


def test_HR_7_the_ace_fits_a_two_to_king_run_once():
    match = Match.new(2, {}, seed=1)
    seat = match.turn
    match.melds = [classify([NUMBER_RANK[n] + "H" for n in range(2, 14)])]
    match.opened[seat] = True
    match.hands[seat] = ["AH", "AH", "5S"]
    adds = [a for a in match.legal_actions(seat) if a["type"] == "add"]
    assert adds == [{"type": "add", "card": "AH", "meld": 0}]
