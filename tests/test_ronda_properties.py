"""Ronda through the shared conformance runner (tests/conformance.py), plus what only Ronda has:
the table never holds two cards of one rank (RO-10), declarations stay a kind without a rank
until the deal ends (RO-19), and the end of the match (RO-22). Fixed seeds.
"""

from __future__ import annotations

import copy
import operator
import random
from collections import Counter
from itertools import chain
from typing import Any

import pytest

from conformance import Spec, check_match, leaks
from game.games.ronda.cards import DECK, RANK
from game.games.ronda.rules import KINDS, Match
from game.games.ronda.types import EVENT_SHAPES, RondaView

TIMEOUT = {"type": "timeout"}
FOREIGN = ["8O", "9C", "AS", "JK", "13O", "0O", "1o"]
SETUPS = [
    (2, "maghribi"),
    (3, "quick"),
    (4, "quick"),
    (2, "quick"),
    (3, "maghribi"),
    (4, "maghribi"),
]


# ----- the game as the runner sees it ------------------------------------------------------------
def cards(match: Match) -> Counter[str] | None:
    """Hands, table, piles and the undealt stock: the 40 cards (at the end of the match a table
    nobody captured from is swept to nobody, RO-20, so the count stops there)."""
    if match.phase == "over":
        return None
    return Counter(chain(*match.hands, match.table, *match.piles, match.stock))


def secret(match: Match, seat: int | None) -> Counter[str]:
    """The other seats' hands and the undealt stock (its order included)."""
    others = (c for s, hand in enumerate(match.hands) if s != seat for c in hand)
    return Counter(chain(others, match.stock))


def candidates(match: Match, seat: int, rnd: random.Random) -> list[dict[str, Any]]:
    """Both declarations and a wrong kind, every card of the deck and some that are not."""
    return [{"type": "declare", "kind": k} for k in [*KINDS, "trio", "Ronda"]] + [
        {"type": "play", "card": c} for c in [*DECK, *FOREIGN]
    ]


def random_move(match: Match, seat: int, rnd: random.Random) -> dict[str, Any]:
    """Random legal play with some timeouts; declares what the hand holds, half of the time."""
    legal = match.legal_actions(seat)
    if rnd.random() < 0.1:
        return TIMEOUT
    ranks = Counter(RANK[c] for c in match.hands[seat])
    most = max(ranks.values(), default=0)
    if match.can_declare(seat) and most >= 2 and rnd.random() < 0.5:
        return {"type": "declare", "kind": "tringa" if most == 3 else "ronda"}
    return rnd.choice(legal)


SPEC = Spec(
    match_class=Match,
    deck=Counter(DECK),
    view_shape=RondaView,
    event_shapes=EVENT_SHAPES,
    cards=cards,
    secret=secret,
    visible=lambda m, s: set(),
    candidates=candidates,
    choose=random_move,
)


@pytest.mark.parametrize("seed", range(6))
def test_conformance_over_seeded_random_matches(seed):
    players, rules = SETUPS[seed]
    match = check_match(SPEC, seed, players, {"rules": rules, "first_dealer": seed % players})
    assert match.phase == "over"
    assert max(match.totals) >= match.target  # RO-22


# ----- Ronda only ---------------------------------------------------------------------------------
def play_random(players: int, rules: str, seed: int):
    match = Match.new(players, {"rules": rules}, seed=seed)
    rnd = random.Random(seed)
    while match.phase != "over":
        seat = match.to_act()[0]
        events = match.apply(seat, random_move(match, seat, rnd))
        yield match, events


@pytest.mark.parametrize("seed", range(4))
def test_RO_10_RO_19_table_ranks_distinct_declarations_without_rank_until_the_deal_ends(seed):
    players, rules = SETUPS[seed]
    for match, events in play_random(players, rules, seed):
        ranks = [RANK[c] for c in match.table]
        assert len(set(ranks)) == len(ranks)  # RO-10
        for seat in [None, *range(players)]:
            assert all(set(d) == {"seat", "kind"} for d in match.view(seat)["declarations"])
            for event in events:
                shown = event.for_seat(seat)
                if shown["type"] == "declared":  # RO-19: kind only
                    assert set(shown) == {"type", "seat", "kind"}
                if shown["type"] == "declarations_revealed":
                    assert all("rank" in d for d in shown["declarations"])


# ----- the server's fast path: every seat's view at once ------------------------------------------
OWN = {"you", "side", "hand", "can_declare"}  # a seat's own keys; the rest is public


@pytest.mark.parametrize("seed", range(6))
def test_seat_views_are_each_seats_view_and_change_nothing(seed):
    """The server's fast path builds every seat's view at once: equal to each seat's own view,
    key order included, with no card the seat may not see, at every step of whole matches of
    2, 3 and 4 players; the public part is the same objects in every view; the history's copies
    are kept from call to call (the same objects while unchanged); and what was handed out
    never changes with later moves."""
    players, rules = SETUPS[seed]
    sent, before = [], None
    for match, _ in play_random(players, rules, seed):
        together = match.seat_views()
        assert len(together) == players
        for seat, view in enumerate(together):
            assert view == match.view(seat) and list(view) == list(match.view(seat))
            assert not leaks(view, secret(match, seat), set())
            assert all(view[k] is together[0][k] for k in view if k not in OWN)
        history = together[0]["history"]
        if before is not None:
            assert history is before or (
                len(history) > len(before) and all(map(operator.is_, before, history))
            )
        before = history
        sent += [(view, copy.deepcopy(view)) for view in together[1:]]
        together[0]["hand"].append("XX")  # a seat's own hand is its own
        assert match.view(0)["hand"] == match.hands[0] and together[1]["hand"] == match.hands[1]
    assert len(before) > 1 and all(view == then for view, then in sent)
