"""Helpers shared by the Hand rummy tests: explicit decks and random legal play."""

from __future__ import annotations

import random
from collections import Counter

from game.core.cards import rummy_deck
from game.games.hand_rummy.melds import find_melds, groups_points
from game.games.hand_rummy.rules import Match


def deck_with(
    hands: dict[int, list[str]],
    players: int = 4,
    dealer: int = 0,
    stock_top: list[str] | tuple = (),
) -> list[str]:
    """A 106-card deck (top first) that deals ``hands`` (seat → cards, first cards of the hand)
    and puts ``stock_top`` on top of the stock, through the game's own dealing order."""
    n = players
    starter = (dealer + 1) % n
    pool = Counter(rummy_deck())
    deck: list[str | None] = [None] * 106
    for seat, cards in hands.items():
        offset = (seat - starter) % n
        places = [j * n + offset for j in range(14)] + ([14 * n] if seat == starter else [])
        assert len(cards) <= len(places), "too many cards for that seat"
        for place, card in zip(places, cards):
            deck[place] = card
            pool[card] -= 1
    for i, card in enumerate(stock_top):
        deck[14 * n + 1 + i] = card
        pool[card] -= 1
    assert all(v >= 0 for v in pool.values()), "a card is used more often than the deck has it"
    rest = iter(sorted(pool.elements()))
    return [card if card is not None else next(rest) for card in deck]


def new_match(
    hands: dict[int, list[str]],
    players: int = 4,
    dealer: int = 0,
    stock_top: list[str] | tuple = (),
    **options,
) -> Match:
    options.setdefault("rounds", 1)
    options["first_dealer"] = dealer
    deck = deck_with(hands, players, dealer, stock_top)
    return Match.new(players, options, seed=7, deck=deck)


def random_step(match: Match, rnd: random.Random) -> tuple[int, dict]:
    """A random legal action for the seat to act, melding what the finder offers now and then."""
    seat = match.to_act()[0]
    view = match.view(seat)
    if view["drawn"] and rnd.random() < 0.5:
        groups = find_melds(view["hand"], view["variant"])
        enough = view["opened"][seat] or groups_points(groups, view["variant"]) >= 51
        if groups and enough:
            return seat, {"type": "meld", "groups": groups}
    legal = match.legal_actions(seat)
    if not legal:
        return seat, {"type": "timeout"}
    lays = [a for a in legal if a["type"] in ("add", "swap_joker")]
    if lays and rnd.random() < 0.6:
        return seat, rnd.choice(lays)
    if rnd.random() < 0.03:
        return seat, {"type": "timeout"}
    return seat, rnd.choice(legal)


def all_cards(match: Match) -> Counter:
    """Every card of the match wherever it is: hands, melds, discard pile, stock."""
    cards: Counter = Counter()
    for hand in match.hands:
        cards.update(hand)
    for meld in match.melds:
        cards.update(meld.cards)
    cards.update(match.discard)
    cards.update(match.stock)
    return cards


def test_deck_with_deals_the_asked_hands():
    deck = deck_with({1: ["2H", "3H"], 2: ["AS"]}, stock_top=["KD"])
    match = Match.new(4, {"first_dealer": 0}, seed=1, deck=deck)
    assert match.hands[1][:2] == ["2H", "3H"] and match.hands[2][0] == "AS"
    assert match.stock[-1] == "KD"
    assert Counter(deck) == Counter(rummy_deck())
