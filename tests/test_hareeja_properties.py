"""Hareeja properties over many seeded random matches (hypothesis draws the seeds).

Cards are conserved (HJ-2, HJ-3), replays are exact, nothing hidden leaks to a seat (HJ-5),
junk is refused without any change, totals follow the history (HJ-12) and the match ends as
HJ-13..HJ-15 say. Two drivers: uniformly random legal play with some timeouts (TB-7), and a
"steered" one that picks bids so that ties for first place, and tie-break rounds, are common.
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import IllegalAction
from game.games.hareeja.rules import (
    DECK,
    MAX_TIEBREAKS,
    ROUNDS,
    Match,
    leaders,
    ranking,
    round_score,
)

TIMEOUT = {"type": "timeout"}
CARDS = frozenset(DECK)
seeds = st.integers(min_value=0, max_value=2**63 - 1)
MATCHES = settings(max_examples=25, deadline=None)


# ----- drivers -------------------------------------------------------------------------------
def steered_bids(match: Match, rnd: random.Random) -> list[int]:
    """Bids for a round played by timeouts: each seat makes its bid or misses it by one."""
    probe = Match.replay(match.record())
    for seat in probe.to_act():
        probe.apply(seat, TIMEOUT)
    done = len(probe.view(None)["history"])
    while len(probe.view(None)["history"]) == done:
        probe.apply(probe.to_act()[0], TIMEOUT)
    took = probe.view(None)["history"][-1]["tricks"]
    return [t if rnd.random() < 0.1 else (t + 1 if t < 8 else t - 1) for t in took]


def drive(seed: int, steered: bool = False) -> Iterator[tuple[Match, int, Any, list]]:
    """Play a whole match; yields (match, seat, action, events) after every action."""
    rnd = random.Random(seed)
    match = Match.new(4, {"first_dealer": seed % 4}, seed=seed)
    bids: list[int] = []
    while match.phase != "over":
        if match.phase == "declare":
            if steered and not any(match.view(None)["confirmed"]):
                bids = steered_bids(match, rnd)
            seat = rnd.choice(match.to_act())
            action = {"type": "bid", "n": bids[seat]} if steered else None
        else:
            seat = match.to_act()[0]
            action = TIMEOUT if steered else None
        if action is None:
            action = TIMEOUT if rnd.random() < 0.1 else rnd.choice(match.legal_actions(seat))
        events = match.apply(seat, action)
        yield match, seat, action, events


def play_all(seed: int, steered: bool = False) -> Match:
    for match, *_ in drive(seed, steered):  # noqa: B007 (the last match is used)
        pass
    return match


def frozen(match: Match) -> tuple:
    return match.view(None), [match.view(s) for s in range(4)], match.record()


def codes_in(value: Any) -> set[str]:
    """Every card code anywhere inside a JSON-like value."""
    if isinstance(value, str):
        return {value} if value in CARDS else set()
    if isinstance(value, dict):
        return set().union(*(codes_in(v) for v in value.values())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(codes_in(v) for v in value)) if value else set()
    return set()


# ----- conservation -------------------------------------------------------------------------------
@MATCHES
@given(seeds, st.booleans())
def test_HJ_2_HJ_3_32_cards_every_round_4_per_trick_none_created_or_lost(seed, steered):
    plays_this_round = 0
    for match, _, _, events in drive(seed, steered):
        for event in events:
            if event.type == "card_played":
                plays_this_round += 1
            elif event.type == "trick_won":
                cards = [c for _, c in event.data["cards"]]
                assert len(cards) == 4 and len(set(cards)) == 4
                assert sorted(s for s, _ in event.data["cards"]) == [0, 1, 2, 3]
            elif event.type == "round_scored":
                assert plays_this_round == 32 and sum(event.data["tricks"]) == 8
                plays_this_round = 0
        public = match.view(None)
        hands = [match.view(s)["hand"] for s in range(4)]
        played = [c for _, c in public["played"]]
        everything = [c for h in hands for c in h] + played
        assert len(everything) == 32 and set(everything) == CARDS
        assert public["hand_counts"] == [len(h) for h in hands]
        assert len(public["trick"]) < 4
        assert sum(public["tricks"]) * 4 + len(public["trick"]) == len(played)


# ----- replay -------------------------------------------------------------------------------------
@MATCHES
@given(seeds, st.booleans(), st.integers(min_value=0, max_value=400))
def test_seed_and_log_replay_identically_for_every_seat(seed, steered, cut):
    snapshot = None
    for step, (match, *_) in enumerate(drive(seed, steered)):
        if step == cut:
            snapshot = (match.record(), frozen(match))
    if snapshot is not None:
        record, seen = snapshot
        assert frozen(Match.replay(record)) == seen
    again = Match.replay(match.record())
    assert frozen(again) == frozen(match)
    assert again.result == match.result


# ----- secrecy ------------------------------------------------------------------------------------
@MATCHES
@given(seeds)
def test_HJ_5_no_seat_sees_another_hand_or_a_bid_before_reveal(seed):
    for match, _actor, _action, events in drive(seed):
        public = match.view(None)
        played = {c for _, c in public["played"]}
        assert public["hand"] == [] and codes_in(public) <= played
        revealed = public["revealed"]
        assert revealed == all(public["confirmed"])
        for seat in range(4):
            view = match.view(seat)
            assert codes_in(view) <= set(view["hand"]) | played
            if not revealed:
                assert all(view["bids"][o] is None for o in range(4) if o != seat)
                assert public["bids"] == [None] * 4
        for event in events:
            check_event_redaction(event, match)


def check_event_redaction(event, match: Match) -> None:
    public = event.for_seat(None)
    assert "hand" not in public and "n" not in public
    if event.type not in ("card_played", "trick_won"):
        assert not codes_in(public)
    for seat in range(4):
        mine = event.for_seat(seat)
        extra = {k: v for k, v in mine.items() if k not in public or public[k] != v}
        if event.type == "deal":
            assert set(extra) == {"hand"}
            assert sorted(extra["hand"]) == sorted(match.view(seat)["hand"])
        elif event.type == "bid_confirmed" and event.data["seat"] == seat:
            assert extra == {"n": match.view(seat)["bids"][seat]}
        else:
            assert extra == {}


# ----- junk ---------------------------------------------------------------------------------------
def junk_actions(match: Match, rnd: random.Random) -> list[tuple[Any, Any]]:
    """(seat, action) pairs that must all be refused in the current position."""
    out: list[tuple[Any, Any]] = []
    actor = rnd.choice(match.to_act())
    hand = match.view(actor)["hand"]
    others = [c for s in range(4) if s != actor for c in match.view(s)["hand"]]
    played = [c for _, c in match.view(None)["played"]]
    for action in (None, 3, "play", [], True, {}, {"type": None}, {"type": "pass"},
                   {"type": "timeout", "x": 1}, {"type": "bid", "n": 9}, {"type": "bid", "n": -1},
                   {"type": "bid", "n": True}, {"type": "bid", "n": "2"}, {"type": "bid", "n": 2.0},
                   {"type": "bid", "n": None}, {"type": "bid"}, {"type": "bid", "n": 1, "x": 0},
                   {"type": "play", "card": "2S"}, {"type": "play", "card": "JK"},
                   {"type": "play", "card": "1O"}, {"type": "play", "card": 5},
                   {"type": "play", "card": ["AS"]}, {"type": "play"}, {"type": "play", "card": ""},
                   {"type": "play", "card": "as"}):
        out.append((actor, action))
    for bad_seat in (4, -1, True, None, "0", 1.0):
        out.append((bad_seat, TIMEOUT))
    if others:
        out.append((actor, {"type": "play", "card": rnd.choice(others)}))
    if played:
        out.append((actor, {"type": "play", "card": rnd.choice(played)}))
    if match.phase == "declare":
        out.append((actor, {"type": "play", "card": hand[0]}))
        waiting = [s for s in range(4) if s not in match.to_act()]
        if waiting:
            out.append((rnd.choice(waiting), {"type": "bid", "n": 1}))
    else:
        out.append((actor, {"type": "bid", "n": 1}))
        out.append((actor, {"type": "play", "card": hand[0], "extra": True}))
        legal = {a["card"] for a in match.legal_actions(actor)}
        out += [(actor, {"type": "play", "card": c}) for c in hand if c not in legal][:2]
        seat = rnd.choice([s for s in range(4) if s != actor])
        out.append((seat, TIMEOUT))
        if match.view(seat)["hand"]:
            out.append((seat, {"type": "play", "card": match.view(seat)["hand"][0]}))
    return out


@settings(max_examples=15, deadline=None)
@given(seeds)
def test_illegal_actions_raise_and_change_nothing(seed):
    rnd = random.Random(seed ^ 0x5EED)
    for step, (match, *_) in enumerate(drive(seed)):
        if match.phase == "over" or step % 7:
            continue
        before = frozen(match)
        public, logged = before[0], len(match.log)
        for seat, action in junk_actions(match, rnd):
            try:
                match.apply(seat, action)
            except IllegalAction as refused:
                assert refused.message
            else:
                raise AssertionError(f"accepted junk {action!r} from seat {seat!r}")
            assert match.view(None) == public and len(match.log) == logged
        assert frozen(match) == before      # every seat's view and the whole record
    before = frozen(match)
    for seat in range(4):
        try:
            match.apply(seat, TIMEOUT)
        except IllegalAction:
            pass
        else:
            raise AssertionError("an action was accepted after the match ended")
    assert frozen(match) == before


# ----- scores and the end of the match ------------------------------------------------------------
@MATCHES
@given(seeds, st.booleans())
def test_HJ_12_totals_equal_a_recomputation_from_history(seed, steered):
    match = play_all(seed, steered)
    totals = [0] * 4
    for entry in match.view(None)["history"]:
        scores = [round_score(b, t) for b, t in zip(entry["bids"], entry["tricks"])]
        assert entry["scores"] == scores and sum(entry["tricks"]) == 8
        totals = [a + b for a, b in zip(totals, scores)]
        assert entry["totals"] == totals
    assert match.totals == totals == match.result["totals"]


@settings(max_examples=40, deadline=None)
@given(seeds, st.booleans())
def test_HJ_13_HJ_14_HJ_15_the_match_ends_as_the_rules_say(seed, steered):
    match = play_all(seed, steered)
    result = match.result
    history = match.view(None)["history"]
    extra = result["tiebreak_rounds"]
    assert 0 <= extra <= MAX_TIEBREAKS and len(history) == ROUNDS + extra
    assert [e["tiebreak"] for e in history] == [0] * ROUNDS + list(range(1, extra + 1))
    assert [e["round"] for e in history] == list(range(1, ROUNDS + extra + 1))
    # every round after the 5th was played because first place was shared before it
    for entry in history[ROUNDS - 1:-1]:
        assert len(leaders(entry["totals"])) > 1
    assert result["winners"] == leaders(result["totals"])
    assert len(result["winners"]) == 1 or extra == MAX_TIEBREAKS
    assert result["ranking"] == ranking(result["totals"])
    ordered = [result["totals"][s] for s in result["ranking"]]
    assert ordered == sorted(ordered, reverse=True)
