"""Hand rummy through the shared conformance runner (tests/conformance.py), plus what only Hand
rummy needs: melds are judged against an independent reference (the engine does not list them),
and, with two copies of every card, secrecy is also proven by indistinguishability: what a seat
sees does not change when the cards it may not see are dealt differently. Fixed seeds.
"""

from __future__ import annotations

import copy
import json
import operator
import random
from collections import Counter
from itertools import chain, combinations
from typing import Any

import pytest

from conformance import Spec, check_match, leaks
from game.core.cards import FRENCH_RANKS, JOKER, rummy_deck, split
from game.games.hand_rummy.melds import OPENING_MIN, classify, find_melds, is_card
from game.games.hand_rummy.rules import Match
from game.games.hand_rummy.types import EVENT_SHAPES, RummyView
from test_rummy_support import random_step

CODES = sorted(set(rummy_deck()))
FOREIGN = ["1O", "JK2", "11H", "", "AH "]
SETUPS = [
    (2, {"rounds": 2}),
    (3, {"rounds": 1, "variant": "classic"}),
    (4, {"rounds": 1, "partnership": True}),
    (5, {"rounds": 1, "variant": "classic"}),
    (4, {"rounds": 1, "variant": "classic", "partnership": True}),
    (3, {"rounds": 2}),
]


# ----- an independent judge of joker-free melds (HR-4, HR-5, HR-7) -------------------------------
NUMBER = {r: i + 2 for i, r in enumerate(FRENCH_RANKS)}  # 2..10, J 11, Q 12, K 13, A 14


def reference_group(group: list[str], variant: str) -> int | None:
    """The points of a joker-free group, or None when it is no run or set."""
    if len(group) < 3 or len(set(group)) != len(group):  # a card twice: never
        return None
    ranks = {split(c)[0] for c in group}
    suits = [split(c)[1] for c in group]
    if len(ranks) == 1:  # a set: suits all differ
        if len(group) > 4 or len(set(suits)) != len(suits):
            return None
        number = NUMBER[ranks.pop()]
        ace = 10 if variant == "classic" else 11
        return len(group) * (ace if number == 14 else min(number, 10))
    if len(set(suits)) != 1:
        return None
    for ace_low in (True, False):  # a run: one suit, in a row
        numbers = sorted(
            1 if ace_low and NUMBER[split(c)[0]] == 14 else NUMBER[split(c)[0]] for c in group
        )
        if numbers == list(range(numbers[0], numbers[0] + len(numbers))):

            def value(n: int) -> int:
                if n in (1, 14):
                    return (1 if n == 1 else 10) if variant == "classic" else 11
                return min(n, 10)

            return sum(value(n) for n in numbers)
    return None


def reference(match: Match, seat: int, action: dict[str, Any]) -> bool | None:
    """Whether a meld must be accepted, judged without the engine's meld code for joker-free
    groups (a group with a joker falls back to melds.classify). None: not a meld."""
    if action.get("type") != "meld" or set(action) != {"type", "groups"}:
        return None
    groups = action["groups"]
    if match.phase == "over" or seat != match.turn or not match.drawn:
        return False
    if (
        not isinstance(groups, list)
        or not groups
        or not all(isinstance(g, list) and g and all(is_card(c) for c in g) for g in groups)
    ):
        return False
    if Counter(chain(*groups)) - Counter(match.hands[seat]):
        return False  # not held
    points = 0
    for group in groups:
        if JOKER in group:
            meld = classify(group)
            value = None if meld is None else meld.points(match.variant)
        else:
            value = reference_group(group, match.variant)
        if value is None:
            return False
        points += value
    return match.opened[seat] or points >= OPENING_MIN


# ----- the game as the runner sees it ------------------------------------------------------------
def cards(match: Match) -> Counter[str]:
    return Counter(chain(*match.hands, *(m.cards for m in match.melds), match.discard, match.stock))


def secret(match: Match, seat: int | None) -> Counter[str]:
    """The other seats' hands and the stock."""
    others = (c for s, hand in enumerate(match.hands) if s != seat for c in hand)
    return Counter(chain(others, match.stock))


def visible(match: Match, seat: int | None) -> set[str]:
    """Codes the seat sees in a copy it may see: its hand, the melds (and the cards their jokers
    stand for), the discards, the hands shown at the end of each round (two decks: a code may
    be hidden in one copy and shown in the other)."""
    own = match.hands[seat] if seat is not None else []
    shown = chain(
        own,
        *(m.cards for m in match.melds),
        *(m.stands for m in match.melds),
        match.discard,
        (c for _, c in match.discard_log),
        (c for _, c in match.pick_log),
        *(chain(*h["hands"]) for h in match.history),
    )
    return set(shown)


def candidates(match: Match, seat: int, rnd: random.Random) -> list[dict[str, Any]]:
    """Draws, discards, adds and swaps with every card code, meld indexes in and out of range,
    and melds: what the finder sees, random groups of the hand, groups with cards not held."""
    hand = match.hands[seat]
    melds = range(-1, len(match.melds) + 1)
    out: list[dict[str, Any]] = [{"type": "draw", "from": f} for f in ("stock", "discard", "top")]
    out += [{"type": "discard", "card": c} for c in [*CODES, *FOREIGN]]
    out += [{"type": "add", "card": c, "meld": i} for c in CODES for i in melds]
    out += [{"type": "swap_joker", "card": c, "meld": i} for c in CODES for i in melds]
    out += [
        {"type": "swap_joker", "cards": list(pair), "meld": i}
        for pair in combinations(sorted(set(hand))[:6], 2)
        for i in melds
    ]
    groups = find_melds(hand, match.variant)
    out += [{"type": "meld", "groups": groups}] if groups else []
    out += [{"type": "meld", "groups": [g]} for g in groups]
    for size in (3, 3, 4, 4, 5):
        if len(hand) >= size:
            out.append({"type": "meld", "groups": [rnd.sample(hand, size)]})
    out.append({"type": "meld", "groups": [rnd.sample(CODES, 3)]})
    return out


def random_move(match: Match, seat: int, rnd: random.Random) -> dict[str, Any]:
    return random_step(match, rnd)[1]


SPEC = Spec(
    match_class=Match,
    deck=Counter(rummy_deck()),
    view_shape=RummyView,
    event_shapes=EVENT_SHAPES,
    cards=cards,
    secret=secret,
    visible=visible,
    candidates=candidates,
    choose=random_move,
    reference=reference,
)


@pytest.mark.parametrize("seed", range(6))
def test_conformance_over_seeded_random_matches(seed):
    players, options = SETUPS[seed]
    match = check_match(
        SPEC,
        seed,
        players,
        dict(options, first_dealer=seed % players),
        max_actions=4000,
        refusal_every=6,
    )
    assert match.phase == "over" and len(match.history) == options["rounds"]


def test_the_reference_judge_agrees_with_the_rules_on_known_groups():
    assert reference_group(["AH", "2H", "3H"], "majlis") == 16
    assert reference_group(["AH", "2H", "3H"], "classic") == 6
    assert reference_group(["QS", "KS", "AS"], "classic") == 30
    assert reference_group(["KS", "AS", "2S"], "majlis") is None  # no wrap-around
    assert reference_group(["7H", "7S", "7D", "7C"], "majlis") == 28
    assert reference_group(["7H", "7H", "7D"], "majlis") is None  # one suit twice
    assert reference_group(["5D", "6D", "8D"], "majlis") is None


# ----- secrecy by indistinguishability ----------------------------------------------------------
def other_cards_shuffled(deck: list[str], seat: int, players: int, rnd: random.Random):
    """The same deck with every card seat ``seat`` does not get shuffled among themselves."""
    starter = 1 % players
    n = players
    mine = {j * n + (seat - starter) % n for j in range(14)} | (
        {14 * n} if seat == starter else set()
    )
    others = [i for i in range(len(deck)) if i not in mine]
    cards = [deck[i] for i in others]
    rnd.shuffle(cards)
    out = list(deck)
    for i, card in zip(others, cards):
        out[i] = card
    return out


@pytest.mark.parametrize("seed,seat", [(s, s % 4) for s in range(12)])
def test_views_and_events_never_leak_other_hands_or_the_stock(seed, seat):
    """What a seat sees does not change when the cards it may not see are dealt differently."""
    rnd = random.Random(seed)
    deck = rnd.sample(rummy_deck(), 106)
    twin = other_cards_shuffled(deck, seat, 4, rnd)
    a = Match.new(4, {"first_dealer": 0}, seed=seed, deck=deck)
    b = Match.new(4, {"first_dealer": 0}, seed=seed, deck=twin)
    assert a.view(seat) == b.view(seat)
    assert a.start_events[0].for_seat(seat) == b.start_events[0].for_seat(seat)
    # The starter (seat 1) discards his first card, the next draws from the stock: unless that
    # seat is the viewer, the viewer's picture of the table only differs by the discarded card.
    if seat != 1:
        card = a.hands[1][0]
        if card in b.hands[1]:
            ea = a.apply(1, {"type": "discard", "card": card})
            eb = b.apply(1, {"type": "discard", "card": card})
            assert [e.for_seat(seat) for e in ea] == [e.for_seat(seat) for e in eb]
            ea = a.apply(2, {"type": "draw", "from": "stock"})
            eb = b.apply(2, {"type": "draw", "from": "stock"})
            if seat != 2:
                assert [e.for_seat(seat) for e in ea] == [e.for_seat(seat) for e in eb]
                assert a.view(seat) == b.view(seat)
    assert a.view(None)["hand"] == []


def test_spectator_view_holds_no_hand_and_counts_only():
    match = Match.new(3, {}, seed=5)
    view = match.view(None)
    assert view["hand"] == [] and view["you"] is None
    assert view["hand_counts"] == [14, 15, 14]
    text = json.dumps(view)
    assert 'stock":' not in text.replace("stock_count", "")


# ----- the server's fast path: every seat's view at once ------------------------------------------
OWN = {"you", "side", "hand"}  # a seat's own keys; the rest is public
KEPT = ("discards", "picks", "history")  # copies kept from call to call


def kept_or_grown(now: list, before: list) -> bool:
    """``now`` is ``before``, or a longer list that starts with ``before``'s very objects."""
    return now is before or (len(now) > len(before) and all(map(operator.is_, before, now)))


@pytest.mark.parametrize("seed", range(6))
def test_seat_views_are_each_seats_view_and_change_nothing(seed):
    """The server's fast path builds every seat's view at once: equal to each seat's own view,
    key order included, with no card the seat may not see, at every step of whole matches of
    2 to 5 players, melds, partnerships and both variants; the public part is the same objects
    in every view; the round's logs and the history are kept from call to call (the same
    objects while unchanged, within a round for the logs); and what was handed out never
    changes with later moves."""
    players, options = SETUPS[seed]
    match = Match.new(players, dict(options, first_dealer=seed % players), seed=seed)
    rnd = random.Random(seed)
    sent, before, grew = [], None, Counter[str]()
    while match.phase != "over":
        match.apply(*random_step(match, rnd))
        together = match.seat_views()
        assert len(together) == players
        for seat, view in enumerate(together):
            assert view == match.view(seat) and list(view) == list(match.view(seat))
            assert not leaks(view, secret(match, seat), visible(match, seat))
            assert all(view[k] is together[0][k] for k in view if k not in OWN)
        now = together[0]
        if before is not None:
            assert kept_or_grown(now["history"], before["history"])
            if now["round"] == before["round"]:
                assert all(kept_or_grown(now[k], before[k]) for k in KEPT)
                grew.update(k for k in KEPT if before[k] and now[k] is not before[k])
        before = now
        sent += [(view, copy.deepcopy(view)) for view in together[1:]]
        together[0]["hand"].append("XX")  # a seat's own hand is its own
        assert match.view(0)["hand"] == match.hands[0] and together[1]["hand"] == match.hands[1]
    assert len(before["history"]) == options["rounds"] and grew["discards"] and grew["picks"]
    assert all(view == then for view, then in sent)


def test_seat_views_never_take_a_rounds_kept_logs_for_the_next_rounds():
    """The server builds the views only while somebody at the table is connected: logs kept
    from a round are not the next round's, even when these have grown as long unseen."""
    match = Match.new(3, {"rounds": 2}, seed=3)
    rnd = random.Random(3)
    while len(match.discard_log) < 2 or not match.pick_log:
        match.apply(*random_step(match, rnd))
    match.seat_views()
    discards, picks = len(match.discard_log), len(match.pick_log)
    while match.round == 1 or len(match.discard_log) < discards or len(match.pick_log) < picks:
        match.apply(*random_step(match, rnd))
    assert match.phase != "over"
    assert match.seat_views() == [match.view(s) for s in range(3)]
