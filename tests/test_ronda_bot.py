"""Ronda bots: legal always, truthful declarations, the baseline's preferences, levels,
slice-by-slice thinking, and only the view as input."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.bots import Thinking, run
from game.core.cards import spanish_deck
from game.games.ronda import bots
from game.games.ronda.rules import Match, capture_run
from helpers import ronda_deck

DEAL = spanish_deck()


def position(hands, table, players=2, seed=3):
    match = Match.new(players, seed=seed, deck=ronda_deck(players, [hands], table))
    assert match.view(None)["table"] == table
    return match


def decide(match, seat, level="normal", seed=1, budget=None):
    return bots.choose(
        match.view(seat), match.legal_actions(seat), budget=budget, level=level, seed=seed
    )


@settings(max_examples=15, deadline=None)
@given(
    st.sampled_from([2, 3, 4]), st.sampled_from(["easy", "normal", "hard"]), st.integers(0, 2**32)
)
def test_bot_never_chooses_an_illegal_action(players, level, seed):
    match = Match.new(players, {"rules": "quick"}, seed=seed)
    for step in range(400):
        if match.phase == "over":
            break
        seat = match.to_act()[0]
        view = json.loads(json.dumps(match.view(seat)))  # only the view, as on the wire
        legal = match.legal_actions(seat)
        action = bots.choose(view, legal, budget=0.002, level=level, seed=seed + step)
        assert action in legal
        if action["type"] == "declare":  # RO-16: never a false claim
            ranks = [c[:-1] for c in view["hand"]]
            need = 3 if action["kind"] == "tringa" else 2
            assert max(ranks.count(r) for r in ranks) >= need
        match.apply(seat, action)


def test_RO_16_bot_declares_tringa_before_ronda_and_nothing_without_a_pair():
    match = position({1: ["5O", "5C", "5E"]}, ["1O", "3O", "7O", "11O"])
    assert decide(match, 1) == {"type": "declare", "kind": "tringa"}
    match = position({1: ["5O", "5C", "6E"]}, ["1O", "3O", "7O", "11O"])
    assert decide(match, 1) == {"type": "declare", "kind": "ronda"}
    match.apply(1, {"type": "declare", "kind": "ronda"})
    assert decide(match, 1)["type"] == "play"  # then it plays, same turn
    match = position({1: ["4O", "5C", "6E"]}, ["1O", "3O", "7O", "11O"])
    assert decide(match, 1)["type"] == "play"


def test_bot_captures_the_most_cards():
    match = position({1: ["2C", "6C", "12C"]}, ["6O", "7O", "10O", "12O"])
    assert decide(match, 1) == {"type": "play", "card": "6C"}


def test_RO_12_RO_14_bot_takes_caida_and_mesa():
    match = position({1: ["1C", "7C", "12C"], 0: ["5C", "7E", "2C"]}, ["1O", "2O", "3O", "5O"])
    match.apply(1, {"type": "play", "card": "1C"})
    assert decide(match, 0) == {"type": "play", "card": "5C"}  # the mesa
    match.apply(0, {"type": "play", "card": "5C"})
    match.apply(1, {"type": "play", "card": "7C"})
    assert decide(match, 0) == {"type": "play", "card": "7E"}  # caida + mesa


@pytest.mark.parametrize("dead,card", [("11", "11B"), ("4", "4C"), ("6", "6C")])
def test_bot_lays_a_dead_rank_rather_than_leave_an_easy_caida(dead, card):
    """Nothing captures; the rank whose three other cards were captured this deal cannot be
    matched by the next player, so it is the safe card to lay."""
    match = position({1: ["11B", "4C", "6C"]}, ["1O", "5O", "7O", "12O"])
    view = match.view(1)
    assert all(not capture_run(view["table"], c) for c in view["hand"])
    view["captured_ranks"][dead] = 3
    legal = [a for a in match.legal_actions(1) if a["type"] == "play"]
    assert bots.choose(view, legal, level="normal", seed=1) == {"type": "play", "card": card}


def test_same_seed_same_choice_and_easy_is_noisier():
    differs = 0
    for seed in range(40):
        match = Match.new(2, seed=seed)
        for _ in range(seed % 5):
            match.apply(match.to_act()[0], {"type": "timeout"})
        seat = match.to_act()[0]
        for level in ("easy", "normal", "hard"):
            assert decide(match, seat, level, seed=seed, budget=5.0) == decide(
                match, seat, level, seed=seed, budget=5.0
            )
        differs += any(
            decide(match, seat, "easy", seed=s) != decide(match, seat, "normal") for s in range(5)
        )
    assert differs > 0


def test_hard_thinks_in_slices_and_stops_within_its_budget():
    match = position({1: ["2C", "6C", "11C"]}, ["1O", "3O", "7O", "12O"])
    view, legal = match.view(1), match.legal_actions(1)
    legal = [a for a in legal if a["type"] == "play"]
    thought = bots.think(view, legal, "hard", random.Random(1), budget=5.0)
    slices = 0
    try:
        while True:
            next(thought)
            slices += 1
    except StopIteration as done:
        assert done.value in legal
    assert slices >= 2
    ticks = iter(range(10**6))
    thinking = Thinking(
        bots.think(view, legal, "hard", random.Random(1), budget=5.0),
        clock=lambda: next(ticks) * 0.001,
    )
    steps = 0
    while not thinking.step(0.0025):
        steps += 1
    assert thinking.action in legal and steps >= 1
    assert run(bots.think(view, legal, "hard", random.Random(1), budget=0.0)) in legal


def _greedy(view, legal, rng):
    declare = bots.declaration(view, legal)
    if declare:
        return declare
    plays = [a for a in legal if a["type"] == "play"]
    return max(plays, key=lambda a: (len(capture_run(view["table"], a["card"])), rng.random()))


def test_normal_beats_a_greedy_capturer():
    wins = 0
    for game in range(30):
        match = Match.new(2, {"rules": "quick"}, seed=500 + game)
        rng = random.Random(game)
        bot_seat = game % 2
        while match.phase != "over":
            seat = match.to_act()[0]
            legal = match.legal_actions(seat)
            action = (
                decide(match, seat, seed=game)
                if seat == bot_seat
                else _greedy(match.view(seat), legal, rng)
            )
            match.apply(seat, action)
        wins += match.result["winner"] == bot_seat
    assert wins >= 18


def test_RO_12_RO_14_hard_searches_the_batch_and_takes_caida_and_mesa():
    """Hard searches sampled deals to the end of the batch; a caida that also clears the table
    is still its choice, and the same seed gives the same choice whatever the clock."""
    match = position({1: ["1C", "7C", "12C"], 0: ["5C", "7E", "2C"]}, ["1O", "2O", "3O", "5O"])
    match.apply(1, {"type": "play", "card": "1C"})
    match.apply(0, {"type": "play", "card": "5C"})
    match.apply(1, {"type": "play", "card": "7C"})
    assert decide(match, 0, "hard", seed=4) == {"type": "play", "card": "7E"}
    view, legal = match.view(0), match.legal_actions(0)
    ticks = iter(range(10**6))
    sliced = Thinking(
        bots.think(view, legal, "hard", random.Random(8)), clock=lambda: next(ticks) * 0.001
    )
    while not sliced.step(0.0005):
        pass
    assert sliced.action == run(bots.think(view, legal, "hard", random.Random(8)))


def test_RO_21_hard_counts_the_sweep_of_the_last_batch():
    """On the deal's last batch the table goes to the last capturer (RO-20), so the search
    values a capture there more than a lay."""
    match = position({1: ["2C", "6C", "11C"]}, ["1O", "6O", "7O", "12O"])
    values = run(bots.batch_search(match.view(1), ["2C", "6C", "11C"], random.Random(1), None))
    assert max(values, key=values.get) == "6C"


def test_RO_10_hard_samples_believe_the_last_lay_held_no_match():
    """A player who just laid a card without capturing held no table rank: hard's sampled deals
    seldom give him one (RO-10: a matching card always captures, so he would have)."""
    import random

    from game.games.ronda.bots import HardSituation
    from game.games.ronda.cards import RANK

    view = {
        "players": 2,
        "you": 0,
        "teams": None,
        "hand": ["1O", "2O", "3O"],
        "hand_counts": [3, 2],
        "table": ["5C", "7C", "12E"],
        "caida_card": "12E",
        "captured_ranks": {},
        "deck_count": 20,
        "last_capturer": None,
    }
    hs = HardSituation(view)
    rng = random.Random(4)
    matched = sum(bool({RANK["5C"], RANK["7C"]} & set(hs.sample(rng)[1])) for _ in range(200))
    assert matched < 20  # about 40 % of unconditioned deals would hold a 5 or a 7


def _first_card_view(declarations: list[dict[str, object]]) -> dict[str, object]:
    """Seat 1 has played his first card of the batch, a rey laid on the table (the caida)."""
    return {
        "players": 2,
        "you": 0,
        "teams": None,
        "hand": ["1O", "2O", "3O"],
        "hand_counts": [3, 2],
        "table": ["5C", "12E"],
        "caida_card": "12E",
        "captured_ranks": {},
        "deck_count": 20,
        "last_capturer": None,
        "declarations": declarations,
    }


def test_RO_16_hard_samples_believe_what_was_declared():
    """A player who played his first card of the batch without declaring held no pair (bots
    and most people declare, RO-16): hard's sampled deals seldom give him one, nor a second
    rey with the one he laid. One who declared a ronda held a pair: the deals mostly do."""
    import random

    from game.games.ronda.bots import HardSituation
    from game.games.ronda.cards import RANK

    rey = RANK["12E"]

    def paired(hand: list[int]) -> bool:
        return len(set(hand + [rey])) < 3

    silent = HardSituation(_first_card_view([]))
    rng = random.Random(5)
    assert sum(paired(silent.sample(rng)[1]) for _ in range(300)) < 15  # unconditioned ~ 20 %
    declared = HardSituation(_first_card_view([{"seat": 1, "kind": "ronda"}]))
    assert sum(paired(declared.sample(rng)[1]) for _ in range(300)) > 250


def _true_hands(match, seat):
    """Every hand of ``match`` as rank lists, as hard's search holds a sampled deal."""
    from game.games.ronda.cards import RANK

    return [sorted(RANK[c] for c in match.hands[s]) for s in range(match.players)]


@pytest.mark.parametrize("players", [2, 3])
def test_hard_models_the_normal_bot_exactly(players):
    """Hard's search plays the other seats as the normal bot would from their own view: on real
    positions its model picks the rank the normal bot picks, and a lay the normal bot made is
    always explained by its true hand (so sampled deals that cannot explain it may be dropped)."""
    from game.games.ronda.cards import RANK
    from game.games.ronda.search import HardSituation

    checked = explained = 0
    for seed in range(4):
        match = Match.new(players, {"rules": "quick"}, seed=seed)
        rnd = random.Random(seed)
        while match.phase != "over":
            seat = match.to_act()[0]
            view, legal = match.view(seat), match.legal_actions(seat)
            action = bots.choose(view, legal, level="normal", seed=rnd.getrandbits(32))
            hs = HardSituation(view)
            hands = _true_hands(match, seat)
            if hs.laid_by is not None:
                assert hs.lay_explained(hands)
                explained += 1
            if action["type"] == "play" and len(set(hs.hand)) > 1:
                undealt = list(hs.unseen)
                for s in range(players):
                    if s != seat:
                        for r in hands[s]:
                            undealt[r] -= 1
                left = sum(hs.counts)
                rank = hs.normal_choice(
                    hands, undealt, seat, hs.table, hs.caida, left, hs.last_batch
                )
                assert rank == RANK[action["card"]]
                checked += 1
            match.apply(seat, action)
    assert checked > 100 and explained > 20


def test_hard_lays_the_dead_rank_rather_than_give_a_caida():
    """Nothing captures; two of hard's ranks are dead (their other cards all captured), the
    third is live: laying the live one hands the next player a likely caida (RO-12)."""
    match = position({1: ["11B", "4C", "6C"]}, ["1O", "5O", "7O", "12O"])
    view = match.view(1)
    view["captured_ranks"]["11"] = 3
    view["captured_ranks"]["6"] = 3
    legal = [a for a in match.legal_actions(1) if a["type"] == "play"]
    for seed in range(3):
        action = bots.choose(view, legal, level="hard", seed=seed)
        assert action["card"] in ("11B", "6C")


def test_hard_is_the_same_for_a_seed_whatever_the_slices():
    """The same seed gives the same card driven in one go or a slice per frame."""
    match = Match.new(2, {"rules": "quick"}, seed=77)
    for _ in range(7):
        match.apply(match.to_act()[0], {"type": "timeout"})
    seat = match.to_act()[0]
    view, legal = match.view(seat), match.legal_actions(seat)
    once = run(bots.think(view, legal, "hard", random.Random(5)))
    ticks = iter(range(10**6))
    sliced = Thinking(
        bots.think(view, legal, "hard", random.Random(5)), clock=lambda: next(ticks) * 0.001
    )
    while not sliced.step(0.0005):
        pass
    assert sliced.action == once == run(bots.think(view, legal, "hard", random.Random(5)))
