"""Ronda properties over many seeded random matches with random legal play.

- all 40 cards are always accounted for (hands + table + piles + undealt), RO-2, RO-10;
- seed + action log replay the same match (the save format);
- views and redacted events never leak other hands, the undealt order, pile faces or
  declaration ranks before the deal ends (RO-11, RO-19);
- illegal or malformed actions are refused and change nothing.
"""
import json
import pickle
import random
from itertools import chain

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.cards import spanish_deck
from game.core.errors import IllegalAction
from game.games.ronda.rules import RANK, Match

DECK = spanish_deck()
SETTINGS = settings(max_examples=20, deadline=None)


def strings(obj):
    """Every string inside a JSON-like value (card codes are whole strings, never substrings:
    "1O" must not be found inside "11O")."""
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for key, value in obj.items():
            yield from strings(key)
            yield from strings(value)
    elif isinstance(obj, (list, tuple)):
        for value in obj:
            yield from strings(value)


def random_action(match, seat, rng):
    legal = match.legal_actions(seat)
    if rng.random() < 0.1:
        return {"type": "timeout"}
    return rng.choice(legal)


def play_random(players, rules, seed, max_actions=None):
    """A seeded match with random legal play; yields (match, seat, action, events)."""
    match = Match.new(players, {"rules": rules}, seed=seed)
    rng = random.Random(seed)
    count = 0
    while match.phase != "over" and (max_actions is None or count < max_actions):
        seat = match.to_act()[0]
        action = random_action(match, seat, rng)
        events = match.apply(seat, action)
        count += 1
        yield match, seat, action, events


players_st = st.sampled_from([2, 3, 4])
rules_st = st.sampled_from(["maghribi", "quick"])
seed_st = st.integers(0, 2 ** 40)


@SETTINGS
@given(players_st, rules_st, seed_st)
def test_RO_2_forty_cards_always_accounted_for(players, rules, seed):
    for match, _seat, _action, _events in play_random(players, rules, seed):
        everything = [*chain(*match.hands), *match.table, *chain(*match.piles), *match.stock]
        if match.phase == "over":
            assert not everything or sorted(everything) == sorted(DECK)
            break
        assert sorted(everything) == sorted(DECK)
        view = match.view(None)
        assert sum(view["hand_counts"]) + len(view["table"]) + sum(view["piles"]) \
            + view["deck_count"] == 40
        ranks = [RANK[c] for c in view["table"]]
        assert len(set(ranks)) == len(ranks)                            # RO-10
    assert match.phase == "over"
    assert match.result["totals"] == match.totals


@SETTINGS
@given(players_st, rules_st, seed_st)
def test_seed_and_log_replay_identically(players, rules, seed):
    for match, *_ in play_random(players, rules, seed, max_actions=150):  # noqa: B007 (the last match is used)
        pass
    record = json.loads(json.dumps(match.record()))                     # JSON-ready save
    again = Match.replay(record)
    for seat in list(range(players)) + [None]:
        assert again.view(seat) == match.view(seat)
    assert again.log == match.log and again.totals == match.totals
    assert pickle.dumps(again.rng._random.getstate()) == pickle.dumps(match.rng._random.getstate())


def forbidden_for(match, seat):
    """Cards ``seat`` may not see now: other hands, the undealt stock, every pile."""
    hidden = set(match.stock)
    for other, hand in enumerate(match.hands):
        if other != seat:
            hidden |= set(hand)
    for pile in match.piles:
        hidden |= set(pile)
    return hidden


def check_view(match, seat):
    view = match.view(seat)
    json.dumps(view)
    assert not set(strings(view)) & forbidden_for(match, seat)
    for d in view["declarations"]:
        assert set(d) == {"seat", "kind"}
    if seat is not None:
        assert view["hand"] == match.hands[seat]


@SETTINGS
@given(players_st, seed_st)
def test_RO_11_RO_19_views_and_events_never_leak(players, seed):
    seats = list(range(players)) + [None]
    match = Match.new(players, {"rules": "quick"}, seed=seed)
    rng = random.Random(seed)
    for seat in seats:
        for event in match.start_events:
            assert not set(strings(event.for_seat(seat))) & forbidden_for(match, seat)
        check_view(match, seat)
    for _ in range(150):
        if match.phase == "over":
            break
        before = {s: forbidden_for(match, s) for s in seats}
        actor = match.to_act()[0]
        events = match.apply(actor, random_action(match, actor, rng))
        played = events[0].data["card"] if events[0].type == "played" else None
        # events before a "deal" describe the old position; the deal events the new one
        split = next((i for i, e in enumerate(events) if e.type == "deal"), len(events))
        for seat in seats:
            for i, event in enumerate(events):
                shown = event.for_seat(seat)
                json.dumps(shown)
                hidden = before[seat] - {played} if i < split else forbidden_for(match, seat)
                assert not set(strings(shown)) & hidden, (event.type, seat)
                if event.type == "declared":
                    assert set(shown) == {"type", "seat", "kind"}
                if event.type == "deal":
                    assert shown.get("hand") == (None if seat is None else match.hands[seat])
            if match.phase != "over":
                check_view(match, seat)


def malformed(match, seat, rng):
    hand = match.hands[seat]
    not_held = [c for c in DECK if c not in hand]
    options = [None, 7, "play", [], {}, {"type": None}, {"type": "bid", "n": 2},
               {"type": "play"}, {"type": "play", "card": 3}, {"type": "play", "card": "8O"},
               {"type": "play", "card": rng.choice(not_held)},
               {"type": "play", "card": hand[0], "kind": "ronda"},
               {"type": "declare"}, {"type": "declare", "kind": "trio"},
               {"type": "declare", "kind": True}, {"type": "timeout", "now": 1}]
    if not match.can_declare(seat):
        options.append({"type": "declare", "kind": rng.choice(["ronda", "tringa"])})
    return rng.choice(options)


@SETTINGS
@given(players_st, seed_st)
def test_illegal_and_malformed_actions_change_nothing(players, seed):
    rng = random.Random(seed ^ 0x5A5A)
    for match, *_ in play_random(players, "quick", seed, max_actions=200):
        if match.phase == "over":
            break
        snapshot = pickle.dumps(match.__dict__)
        seat = match.to_act()[0]
        wrong_seat = (seat + 1) % players
        attempts = [(seat, malformed(match, seat, rng)),
                    (wrong_seat, {"type": "play", "card": match.hands[wrong_seat][0]}
                     if match.hands[wrong_seat] else {"type": "timeout"}),
                    (players, {"type": "timeout"}), (-1, {"type": "timeout"}),
                    ("0", {"type": "timeout"})]
        for who, action in attempts:
            try:
                match.apply(who, action)
            except IllegalAction as refused:
                assert isinstance(refused.message, str) and refused.message
            else:
                raise AssertionError(f"accepted {action!r} from {who!r}")
            assert pickle.dumps(match.__dict__) == snapshot


@settings(max_examples=10, deadline=None)
@given(players_st, seed_st)
def test_finished_match_refuses_everything(players, seed):
    for match, *_ in play_random(players, "quick", seed):  # noqa: B007 (the last match is used)
        pass
    assert match.phase == "over" and match.to_act() == []
    assert all(match.legal_actions(s) == [] for s in range(players))
    snapshot = pickle.dumps(match.__dict__)
    for seat in range(players):
        try:
            match.apply(seat, {"type": "timeout"})
        except IllegalAction:
            pass
        else:
            raise AssertionError("a finished match accepted an action")
    assert pickle.dumps(match.__dict__) == snapshot
    result = match.view(0)["result"]
    assert result["totals"] == match.totals and max(match.totals) >= match.target
