"""Every hint reason tells the truth (game/games/<name>/hints.py).

Over many seeded positions of each game, every legal move (and, in Hand rummy, the melds the
finder offers) is explained from the acting seat's view, as it crosses the wire; the test then
checks the reason's claim against the match itself, hidden cards included, since that is
where a claim about them is true or not: the figures it counts are what the view shows, the
card it names is the move's card, a seat it says holds no suit holds none, a card it says
nobody can catch has no card of its rank left anywhere unseen, an opening it names scores
those points when the engine applies it. A reason that names a rule is checked in a test
that names the rule's id. "The only legal move" is said exactly when one move is legal.
"""

import copy
import json
import random
from collections import Counter

import pytest

from game.core.bots import run
from game.core.cards import JOKER, split
from game.core.hints import ONLY, run_hint
from game.games.hand_rummy import bots as rummy_bots
from game.games.hand_rummy.melds import classify, find_melds, groups_points
from game.games.hand_rummy.rules import Match as RummyMatch
from game.games.hareeja import bots as hareeja_bots
from game.games.hareeja.rules import RANK as HJ_RANK
from game.games.hareeja.rules import SUIT as HJ_SUIT
from game.games.hareeja.rules import Match as HareejaMatch
from game.games.hareeja.rules import trick_winner
from game.games.ronda import bots as ronda_bots
from game.games.ronda.rules import Match as RondaMatch

SEEDS = range(6)
STEPS = 70  # moves per seeded match


def wire(value):
    return json.loads(json.dumps(value))


def walk(match, seed: int, level: str, bots):
    """(seat, view, legal) at each of ``STEPS`` decisions of a match the normal bots play."""
    rng = random.Random(seed)
    for _ in range(STEPS):
        if match.phase == "over":
            return
        seat = match.to_act()[0]
        view, legal = wire(match.view(seat)), match.legal_actions(seat)
        yield seat, view, legal
        if not legal:
            action = {"type": "timeout"}
        elif rng.random() < 0.3:
            action = rng.choice(legal)
        else:
            action = run(bots.think(match.view(seat), legal, level, random.Random(seed)))
        match.apply(seat, action)


# ----- Hareeja --------------------------------------------------------------------------------
def others(seat: int, players: int = 4):
    return [s for s in range(players) if s != seat]


def check_hareeja_bid(match, seat, view, n, why):
    """HJ-5: the bid's figures are the hand's own (its aces, its longest suit)."""
    hand = match.hands[seat]
    lengths = {s: sum(1 for c in hand if HJ_SUIT[c] == s) for s in "SHDC"}
    assert why.fields["n"] == n
    assert why.fields["aces"] == sum(1 for c in hand if c[:-1] == "A")
    if why.key == "hint.hareeja.bid_long":
        suit, length = why.fields["suit"], why.fields["length"]
        assert lengths[suit] == length == max(lengths.values()) and length >= 4
    else:
        assert why.key == "hint.hareeja.bid" and max(lengths.values()) < 4
    # only the seat's own hand counts: others' bids (were they known) change nothing
    peeked = dict(view, bids=[8 if s != seat else b for s, b in enumerate(view["bids"])])
    assert hareeja_bots.reason(peeked, {"type": "bid", "n": n}) == why


def check_hareeja_play(match, seat, view, card, why):
    """HJ-8 following, HJ-9 the trick's winner, HJ-12 the exact bid."""
    hand, trick = match.hands[seat], view["trick"]
    led = HJ_SUIT[trick[0][1]] if trick else None
    higher_out = any(
        HJ_SUIT[c] == HJ_SUIT[card] and HJ_RANK[c] > HJ_RANK[card]
        for s in others(seat)
        for c in match.hands[s]
    )
    winning = trick_winner(trick + [[seat, card]]) == seat if trick else not higher_out
    bid, won = match.bids[seat], match.tricks[seat]
    fields = why.fields
    if why.key == "hint.hareeja.discard":
        assert led is not None and all(HJ_SUIT[c] != led for c in hand)
        assert fields == {"suit": led, "card": card}
    elif why.key in ("hint.hareeja.take", "hint.hareeja.one_more"):
        assert fields == {"won": won, "bid": bid, "card": card} and won < bid and winning
        assert (why.key == "hint.hareeja.one_more") == (bid - won == 1)
    elif why.key == "hint.hareeja.duck":
        assert fields == {"won": won, "bid": bid} and won >= bid and not winning
    elif why.key == "hint.hareeja.lead":  # the higher cards out are in the other hands
        assert not trick and fields["suit"] == HJ_SUIT[card]
        assert fields["n"] == sum(
            1
            for s in others(seat)
            for c in match.hands[s]
            if HJ_SUIT[c] == HJ_SUIT[card] and HJ_RANK[c] > HJ_RANK[card]
        )
    elif why.key == "hint.hareeja.void":
        assert not trick and fields["suit"] == HJ_SUIT[card] and fields["name"] != seat
        assert all(HJ_SUIT[c] != fields["suit"] for c in match.hands[fields["name"]])
    elif why.key in ("hint.hareeja.no_winner", "hint.hareeja.all_win"):  # HJ-8, HJ-9
        follows = [c for c in hand if HJ_SUIT[c] == led]
        takes = [trick_winner(trick + [[seat, c]]) == seat for c in follows]
        if why.key == "hint.hareeja.no_winner":
            assert fields == {"suit": led, "card": card} and not any(takes) and not winning
        else:
            assert fields == {"suit": led} and all(takes) and winning and len(trick) == 3
    else:
        assert why.key == "hint.hareeja.follow_low" and fields == {"suit": led}
        assert HJ_RANK[card] == min(HJ_RANK[c] for c in hand if HJ_SUIT[c] == led)


@pytest.mark.parametrize("seed", SEEDS)
def test_HJ_5_HJ_9_HJ_12_every_hareeja_reason_holds_in_the_match(seed):
    keys = set()
    match = HareejaMatch.new(4, {}, seed=seed)
    for seat, view, legal in walk(match, seed, "normal", hareeja_bots):
        for action in legal:
            why = hareeja_bots.reason(view, action)
            if why is None:
                continue
            keys.add(why.key)
            if action["type"] == "bid":
                check_hareeja_bid(match, seat, view, action["n"], why)
            else:
                check_hareeja_play(match, seat, view, action["card"], why)
    assert {"hint.hareeja.take", "hint.hareeja.duck", "hint.hareeja.follow_low"} <= keys
    assert "hint.hareeja.no_winner" in keys


# ----- Ronda ----------------------------------------------------------------------------------
def unseen_of(match, seat: int, rank: str) -> int:
    """Cards of ``rank`` the seat cannot see: in the other hands or not dealt yet."""
    hidden = [c for s in others(seat, match.players) for c in match.hands[s]] + match.stock
    return sum(1 for c in hidden if c[:-1] == rank)


def check_ronda(match, seat, action, why):
    """RO-9 captures, RO-10 lays, RO-12 caida, RO-14 mesa, RO-16 declarations."""
    if action["type"] == "declare":
        ranks = [c[:-1] for c in match.hands[seat]]
        held = max(ranks.count(r) for r in ranks)
        assert why.key == f"hint.ronda.{action['kind']}"
        assert held >= {"ronda": 2, "tringa": 3}[action["kind"]]
        return
    after = copy.deepcopy(match)
    events = {e.type: e.data for e in after.apply(seat, action)}
    if "captured" in events:
        took = events["captured"]
        assert why.fields == {"n": len(took["run"])}
        both = {(True, True): "caida_mesa", (True, False): "caida", (False, True): "mesa"}
        assert why.key == "hint.ronda." + both.get((took["caida"], took["mesa"]), "capture")
        return
    assert "laid" in events
    rank = action["card"][:-1]
    if why.key == "hint.ronda.safe_table":  # after the lay: nothing an unseen card matches
        table = {c[:-1] for c in match.table} | {rank}
        assert all(unseen_of(match, seat, r) == 0 for r in table)
    elif why.key == "hint.ronda.safe_lay":
        assert why.fields == {"rank": rank} and unseen_of(match, seat, rank) == 0
    else:
        assert why.key == "hint.ronda.lay"
        assert why.fields == {"rank": rank, "seen": 4 - unseen_of(match, seat, rank)}


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", SEEDS)
def test_RO_9_RO_12_RO_14_RO_16_RO_18_every_ronda_reason_holds_in_the_match(seed, players):
    keys = set()
    match = RondaMatch.new(players, {}, seed=seed)
    for seat, view, legal in walk(match, seed, "normal", ronda_bots):
        for action in legal:
            why = ronda_bots.reason(view, action)
            if why is None:  # only a false declaration has none (RO-18)
                ranks = [c[:-1] for c in match.hands[seat]]
                assert action["type"] == "declare"
                assert (
                    max(ranks.count(r) for r in ranks) < {"ronda": 2, "tringa": 3}[action["kind"]]
                )
                continue
            keys.add(why.key)
            check_ronda(match, seat, action, why)
    assert {"hint.ronda.capture", "hint.ronda.lay"} <= keys


# ----- Hand rummy -----------------------------------------------------------------------------
POINTS = {"A": 11, "K": 10, "Q": 10, "J": 10, "10": 10}  # HR-10, else the face value


def go_together(a: str, b: str) -> bool:
    """Two cards that could sit in one meld (HR-4 runs, HR-5 sets; a joker fits anything)."""
    if JOKER in (a, b):
        return True
    (ra, sa), (rb, sb) = split(a), split(b)
    order = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    near = min(
        abs(i - j) for i, x in enumerate(order) for j, y in enumerate(order) if (x, y) == (ra, rb)
    )
    return (ra == rb and sa != sb) or (sa == sb and ra != rb and near <= 2)


def fits_hand(card: str, hand: list[str]) -> bool:
    rest = list(hand)
    rest.remove(card)
    return card == JOKER or any(go_together(card, c) for c in rest)


def check_rummy(match, seat, view, action, why):
    """HR-6 draws, HR-7 the opening, HR-10 what a card counts."""
    hand, kind = match.hands[seat], action["type"]
    if kind == "draw":
        top = view["discard_top"]
        if action["from"] == "discard":
            assert why.fields == {"card": top}
            assert (why.key == "hint.rummy.take_discard") == fits_hand(top, hand + [top])
        elif why.key == "hint.rummy.draw_dead":
            assert why.fields == {"card": top} and not fits_hand(top, hand + [top])
        else:
            assert why.key == "hint.rummy.draw_stock"
            assert top is None or fits_hand(top, hand + [top])
    elif kind == "meld":
        events = {e.type: e.data for e in copy.deepcopy(match).apply(seat, action)}
        melded = events["melded"]
        if why.key == "hint.rummy.open":
            assert (
                melded["opening"]
                and why.fields == {"points": melded["points"]}
                and melded["points"] >= 51
            )
        else:
            assert why.key == "hint.rummy.meld"
            assert why.fields == {"n": sum(len(g) for g in action["groups"])}
    elif kind == "add":
        assert why.fields == {"card": action["card"]}
    elif kind == "discard":
        check_rummy_discard(match, seat, view, action["card"], why)


def check_rummy_discard(match, seat, view, card, why):
    rest = list(match.hands[seat])
    rest.remove(card)
    if why.key == "hint.rummy.hold_hand":  # HR-10: the opening is there, kept for −60
        groups = find_melds(rest, view["variant"])
        assert not match.opened[seat] and groups_points(groups, view["variant"]) >= 51
    elif why.key == "hint.rummy.feed":
        name, rank = why.fields["name"], why.fields["rank"]
        assert name == (seat + 1) % match.players and [name, rank] in [
            [s, split(c)[0]] for s, c in view["picks"] if c != JOKER
        ]
        assert rank != split(card)[0] and any(c != JOKER and split(c)[0] == rank for c in rest)
    elif why.key == "hint.rummy.dead":
        assert why.fields == {
            "card": card,
            "points": POINTS.get(split(card)[0]) or int(split(card)[0]),
        }
        assert not fits_hand(card, match.hands[seat])
    elif why.key == "hint.rummy.keep":  # HR-4, HR-5: the runs and sets left in the hand
        groups = find_melds(rest, view["variant"])
        assert all(classify(g) is not None for g in groups) and groups
        assert why.fields == {"card": card, "n": sum(len(g) for g in groups)}
        used = Counter(c for g in groups for c in g)
        assert all(used[c] <= rest.count(c) for c in used)  # cards the hand keeps
    else:
        assert why.key == "hint.rummy.discard" and why.fields == {"card": card}
        assert not find_melds(rest, view["variant"])


@pytest.mark.parametrize("seed", SEEDS)
def test_HR_6_HR_7_HR_10_every_rummy_reason_holds_in_the_match(seed):
    keys = set()
    match = RummyMatch.new(4, {"rounds": 1}, seed=seed)
    for seat, view, legal in walk(match, seed, "normal", rummy_bots):
        moves = list(legal)
        groups = find_melds(view["hand"], view["variant"])
        enough = view["opened"][seat] or groups_points(groups, view["variant"]) >= 51
        if view["drawn"] and groups and enough:
            moves.append({"type": "meld", "groups": groups})
        for action in moves:
            why = rummy_bots.reason(view, action)
            assert why is not None
            keys.add(why.key)
            check_rummy(match, seat, view, action, why)
    assert {"hint.rummy.draw_stock", "hint.rummy.discard"} <= keys


# ----- nothing to choose ------------------------------------------------------------------------
@pytest.mark.parametrize(
    "match_class, players, bots",
    [(HareejaMatch, 4, hareeja_bots), (RondaMatch, 2, ronda_bots), (RummyMatch, 2, rummy_bots)],
)
def test_the_only_legal_move_is_said_to_be_only_that(match_class, players, bots):
    """One legal move: the hint is that move and says only so; two or more: never."""
    match = match_class.new(players, {}, seed=3)
    alone = 0
    for _seat, view, legal in walk(match, 3, "normal", bots):
        if len(legal) == 1:
            alone += 1
            action, why = run_hint(bots.hint_think(view, legal))
            assert action == legal[0] and why.key == ONLY and not why.fields
        elif legal:
            assert bots.reason(view, legal[0]) is None or bots.reason(view, legal[0]).key != ONLY
    assert alone
