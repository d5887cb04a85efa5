""" "Check this match" (game.client.fair_check): an honest record passes; a tampered deck, a
changed secret, a changed contribution or a changed log is detected; the witness keeps what the
client saw and sent."""

from __future__ import annotations

import copy
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.client import fair_check
from game.client.fair_check import Witness, check, checkable, passed, view_digest
from game.core import registry
from game.core.fair import FairDeal, FairRng, commitment

GAMES = {"hareeja": 4, "ronda": 2, "hand_rummy": 3}


class TamperedFirstDeal(FairRng):
    """A server that deals its first deck from another secret and reveals the committed one."""

    def __init__(self, secret, contributions, other):
        super().__init__(secret, contributions)
        self.other = FairRng(other, contributions)

    def shuffle(self, cards):
        if self.draws == 0:
            self.draws += 1
            self.other.shuffle(cards)
        else:
            super().shuffle(cards)


def played(game, rng, moves, seat, rnd):
    """A match played ``moves`` random legal moves on ``rng``; what ``seat`` saw on the way."""
    engine = registry.get(game).engine_class()
    match = engine.new(GAMES[game], None, 0, None, rng)
    seen = [[0, view_digest(match.view(seat))]]
    for _ in range(moves):
        if match.phase == "over":
            break
        actor = match.to_act()[0]
        match.apply(actor, rnd.choice(match.legal_actions(actor)))
        view = match.view(seat)
        seen.append([len(match.log), view_digest(view)])
    return match, seen


def honest(game="hareeja", seed=1, moves=40, seat=0, rng_class=None, **extra):
    rnd = random.Random(seed)
    secret = rnd.randbytes(32)
    mine = rnd.randbytes(32).hex()
    deal = FairDeal(secret)
    for s in range(GAMES[game]):
        deal.contribute(s, bytes.fromhex(mine) if s == seat else rnd.randbytes(rnd.randrange(33)))
    values = deal.seat_values(GAMES[game])
    rng = rng_class(secret, values, **extra) if rng_class else FairRng(secret, values)
    match, seen = played(game, rng, moves, seat, rnd)
    return {
        "v": 1,
        "code": "K7QMX4PA",
        "game": game,
        "players": GAMES[game],
        "options": {},
        "seat": seat,
        "names": [],
        "commitment": deal.commitment,
        "contribution": mine,
        "contributions": [v.hex() for v in values],
        "secret": secret.hex(),
        "log": copy.deepcopy(match.log),
        "seen": seen,
        "over": True,
    }


def keys(findings):
    return [(f.level, f.key) for f in findings]


def test_an_honest_record_passes_in_every_game():
    for game in GAMES:
        findings = check(honest(game))
        assert passed(findings), keys(findings)
        assert ("ok", "fair.commitment_ok") in keys(findings)
        assert ("ok", "fair.contribution_ok") in keys(findings)
        views = next(f for f in findings if f.key == "fair.views_ok")
        assert views.args["views"] == 41 and views.args["cards"] > 0
        assert next(f for f in findings if f.key == "fair.deals_ok").args["deals"] >= 1
        assert findings[-1].key == "fair.not_proved"  # what it does not prove, said each time


def test_a_whole_match_passes():
    record = honest("ronda", moves=10_000)
    assert passed(check(record))


CASES = st.tuples(st.sampled_from(sorted(GAMES)), st.integers(0, 10**6))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(CASES)
def test_a_tampered_deck_is_detected(case):
    game, seed = case
    other = random.Random(seed + 1).randbytes(32)
    record = honest(game, seed, moves=30, rng_class=TamperedFirstDeal, other=other)
    findings = check(record)
    assert not passed(findings)
    assert {"fair.view_bad", "fair.log_bad"} & {f.key for f in findings}


@settings(max_examples=25, deadline=None)
@given(CASES, st.integers(0, 31))
def test_a_changed_secret_is_detected(case, at):
    game, seed = case
    record = honest(game, seed, moves=10)
    secret = bytearray.fromhex(record["secret"])
    secret[at] ^= 1
    record["secret"] = secret.hex()
    findings = check(record)
    assert ("bad", "fair.commitment_bad") in keys(findings)
    # even with a commitment made to the changed secret, the deals no longer match
    record["commitment"] = commitment(bytes(secret)).hex()
    assert not passed(check(record))


@settings(max_examples=25, deadline=None)
@given(CASES, st.data())
def test_a_changed_contribution_is_detected(case, data):
    game, seed = case
    record = honest(game, seed, moves=10)
    seat = data.draw(st.integers(0, GAMES[game] - 1))
    value = data.draw(st.binary(max_size=32)).hex()
    if value == record["contributions"][seat]:
        value = "ff" if value != "ff" else ""
    record["contributions"][seat] = value
    findings = check(record)
    assert not passed(findings), keys(findings)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(CASES, st.data())
def test_a_changed_log_is_detected(case, data):
    game, seed = case
    record = honest(game, seed, moves=30)
    log = record["log"]
    at = data.draw(st.integers(0, len(log) - 1))
    kind = data.draw(st.sampled_from(["drop", "swap", "other"]))
    if kind == "drop":
        del log[at]
    elif kind == "swap" and at + 1 < len(log) and log[at] != log[at + 1]:
        log[at], log[at + 1] = log[at + 1], log[at]
    else:
        log[at] = [log[at][0], {"type": "timeout"}]
    if not _same_for_the_seat(record):  # a change with no effect on anything it saw: moot
        assert not passed(check(record)), keys(check(record))


def _same_for_the_seat(record):
    """Whether the (changed) log replays to exactly the views the seat recorded."""
    engine = registry.get(record["game"]).engine_class()
    rng = FairRng.from_hex(record["secret"], record["contributions"])
    match = engine.new(record["players"], None, 0, None, rng)
    views = [view_digest(match.view(record["seat"]))]
    try:
        for entry in record["log"]:
            match.apply(*entry)
            views.append(view_digest(match.view(record["seat"])))
    except Exception:
        return False
    return views == [digest for _, digest in record["seen"]]


def test_a_record_without_the_reveal_cannot_be_checked():
    record = honest(moves=3)
    record["secret"] = None
    assert not checkable(record)
    assert keys(check(record)) == [("bad", "fair.not_revealed")]


def test_bad_values_give_a_finding_not_an_exception():
    record = honest(moves=3)
    record["secret"] = "zz" * 32
    assert not passed(check(record))
    record = honest(moves=3)
    record["game"] = "chess"
    assert ("bad", "fair.bad_values") in keys(check(record))


def test_a_late_contribution_is_said_plainly():
    record = honest(moves=3)
    record["contributions"][0] = ""
    assert ("note", "fair.contribution_late") in keys(check(record))


def test_the_witness_contributes_once_per_commitment_and_keeps_what_it_saw(tmp_path, monkeypatch):
    monkeypatch.setenv("MAJLIS_HOME", str(tmp_path))
    deal = FairDeal()
    room = {
        "t": "room",
        "code": "K7QMX4PA",
        "game": "ronda",
        "players": 2,
        "options": {},
        "you": 1,
        "seats": [{"name": "A"}, {"name": "B"}],
        "started": False,
        "fair": {"commitment": deal.commitment, "contributions": None},
    }
    witness = Witness()
    value = witness.on_room(room)
    assert value is not None and len(bytes.fromhex(value)) == 32
    assert witness.on_room(room) is None  # the same commitment: answered already
    assert Witness().on_room(room) is None  # ...also after a restart: the record was kept
    deal.contribute(1, bytes.fromhex(value))
    started = {
        **room,
        "started": True,
        "fair": {"commitment": deal.commitment, "contributions": ["", value]},
    }
    witness.on_room(started)
    engine = registry.get("ronda").engine_class()
    match = engine.new(2, None, 0, None, deal.rng(2))
    witness.on_events({"t": "events", "view": match.view(1), "log": 0})
    witness.on_reveal(
        {
            "t": "reveal",
            "code": "K7QMX4PA",
            "secret": deal.secret.hex(),
            "contributions": ["", value],
            "log": [],
        }
    )
    kept = fair_check.recent_records()
    assert len(kept) == 1 and checkable(kept[0])
    assert kept[0]["contribution"] == value and kept[0]["names"] == ["A", "B"]
    assert passed(check(kept[0])), keys(check(kept[0]))


def test_the_store_keeps_the_last_ten_and_survives_damage(tmp_path, monkeypatch):
    monkeypatch.setenv("MAJLIS_HOME", str(tmp_path))
    for i in range(12):
        fair_check.keep_record({"v": 1, "code": f"C{i}", "commitment": "x"})
    kept = fair_check.recent_records()
    assert [r["code"] for r in kept] == [f"C{i}" for i in range(11, 1, -1)]
    (tmp_path / "fair.json").write_text("{not json", encoding="utf-8")
    assert fair_check.recent_records() == []
