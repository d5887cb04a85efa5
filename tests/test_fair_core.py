"""The fair shuffles' scheme (game.core.fair): byte layouts, fixed vectors, the rejection
sampling's bounds, and local matches that keep their seeds."""

from __future__ import annotations

import hashlib
import hmac
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.fair import (
    COMMIT_TAG,
    DEAL_TAG,
    FairDeal,
    FairRng,
    commitment,
    deal_key,
    deal_message,
    fisher_yates,
    rng_from_record,
    stream,
    uniform,
)
from game.core.rng import MatchRng
from game.games.hareeja.rules import Match as Hareeja
from game.games.ronda.rules import Match as Ronda

SECRET = bytes(range(32))
CONTRIBUTIONS = [b"", bytes([1, 2, 3]), bytes(32)]


def test_commitment_is_sha256_of_the_tag_and_the_secret():
    assert COMMIT_TAG == b"majlis/fair/commit/v1\x00"
    assert commitment(SECRET) == hashlib.sha256(COMMIT_TAG + SECRET).digest()
    assert commitment(SECRET).hex() == (
        "0a78c8675107a294618d815200c2e03f49ba71d6f6694507dc8236249f641c55"
    )


def test_the_deal_message_is_canonical_seat_ordered_and_length_prefixed():
    expected = DEAL_TAG + bytes([0, 0, 0, 7, 3, 0, 3, 1, 2, 3, 32]) + bytes(32)
    assert deal_message(7, CONTRIBUTIONS) == expected
    # moving bytes from one seat to the next changes the message (the lengths tell them apart)
    assert deal_message(7, [b"\x01", b""]) != deal_message(7, [b"", b"\x01"])
    assert deal_message(7, [b"\x01\x02"]) != deal_message(7, [b"\x01", b"\x02"])


def test_the_deal_key_and_the_stream_are_hmac_sha256():
    key = deal_key(SECRET, 7, CONTRIBUTIONS)
    assert key == hmac.new(SECRET, deal_message(7, CONTRIBUTIONS), hashlib.sha256).digest()
    assert key.hex() == "3b66b786490c98c8c9eaa9a1089225650cd6cfd80bc43d039c1a9ba0e20682d4"
    numbers = stream(key)
    first = [next(numbers) for _ in range(9)]
    block0 = hmac.new(key, bytes(8), hashlib.sha256).digest()
    block1 = hmac.new(key, (1).to_bytes(8, "big"), hashlib.sha256).digest()
    assert first[:8] == [int.from_bytes(block0[i : i + 4], "big") for i in range(0, 32, 4)]
    assert first[8] == int.from_bytes(block1[:4], "big")


def test_fixed_vectors_of_the_shuffles():
    rng = FairRng(SECRET, CONTRIBUTIONS)
    assert rng.shuffled(list(range(10))) == [0, 6, 4, 1, 5, 8, 9, 7, 3, 2]
    assert rng.shuffled(list(range(10))) == [2, 3, 9, 7, 5, 1, 6, 0, 8, 4]
    assert rng.randrange(1000) == 568
    assert rng.draws == 3  # k counts every shuffle and randrange


def test_rejection_sampling_refuses_the_draws_past_the_last_whole_multiple():
    # 2**32 % 3 == 1: the one value 2**32 - 1 would favour 0; it is rejected
    assert uniform(iter([2**32 - 1, 2**32 - 1, 7]), 3) == 1
    assert uniform(iter([2**32 - 2]), 3) == (2**32 - 2) % 3
    assert uniform(iter([2**32 - 1]), 1) == 0
    with pytest.raises(ValueError):
        uniform(iter([0]), 0)


@given(st.integers(1, 2**32))
def test_every_residue_has_the_same_number_of_accepted_draws(n):
    limit = (1 << 32) - (1 << 32) % n
    assert limit % n == 0 and limit > (1 << 32) - n  # whole multiples; fewer than n rejected
    assert uniform(iter([limit - 1]), n) == (limit - 1) % n
    if limit < 1 << 32:
        assert uniform(iter([limit, 0]), n) == 0


def test_fisher_yates_is_uniform_over_the_orders_of_three():
    counts = Counter()
    for k in range(6000):
        items = [0, 1, 2]
        fisher_yates(items, deal_key(SECRET, k, []))
        counts[tuple(items)] += 1
    assert len(counts) == 6
    assert all(800 < c < 1200 for c in counts.values()), counts


@given(st.binary(min_size=32, max_size=32), st.lists(st.binary(max_size=32), max_size=5))
def test_a_shuffle_is_a_permutation_and_depends_on_every_part(secret, contributions):
    deck = [f"c{i}" for i in range(52)]
    out = FairRng(secret, contributions).shuffled(deck)
    assert sorted(out) == sorted(deck)
    changed = [*contributions, b"\x00"]  # one more seat, or one seat's value longer
    assert FairRng(secret, changed).shuffled(deck) != out


def test_contributions_are_at_most_32_bytes_and_the_secret_exactly_32():
    with pytest.raises(ValueError):
        FairRng(SECRET, [bytes(33)])
    with pytest.raises(ValueError):
        FairRng(SECRET[:31], [])
    with pytest.raises(ValueError):
        FairDeal().contribute(0, bytes(33))


def test_the_deal_gathers_contributions_by_seat_and_survives_its_record():
    deal = FairDeal(SECRET)
    deal.contribute(2, b"\x05")
    deal.contribute(2, b"\x06")  # a later one replaces an earlier
    assert deal.seat_values(3) == [b"", b"", b"\x06"]
    stored = deal.record(3)
    assert stored == {
        "secret": SECRET.hex(),
        "commitment": commitment(SECRET).hex(),
        "contributions": ["", "", "06"],
    }
    again = FairDeal.from_record(stored)
    assert again.commitment == deal.commitment and again.seat_values(3) == deal.seat_values(3)
    deck = list(range(20))
    assert again.rng(3).shuffled(deck) == deal.rng(3).shuffled(deck)


def test_a_fair_match_replays_from_its_record_with_the_fair_part():
    fair = FairDeal(SECRET)
    fair.contribute(1, b"\x01" * 32)
    match = Hareeja.new(4, None, 5, rng=fair.rng(4, 5))
    rnd = random.Random(3)
    for _ in range(20):
        seat = match.to_act()[0]
        match.apply(seat, rnd.choice(match.legal_actions(seat)))
    record = {**match.record(), "fair": fair.record(4)}
    again = Hareeja.replay(record)
    assert [again.view(s) for s in range(4)] == [match.view(s) for s in range(4)]
    plain = Hareeja.new(4, None, 5)  # the seed alone deals otherwise
    assert plain.view(0)["hand"] != Hareeja.new(4, None, 5, rng=fair.rng(4, 5)).view(0)["hand"]


def test_local_matches_keep_their_seeds():
    """A match without a fair part deals from its seed exactly as before the fair deals (the
    hands below were dealt by the code before them)."""
    match = Hareeja.new(4, None, 1234)
    assert type(match.rng) is MatchRng and rng_from_record(None) is None
    assert match.view(0)["hand"] == ["AS", "AH", "QH", "KD", "JD", "JC", "8C", "7C"]
    assert Ronda.new(2, None, 1234).view(0)["hand"] == ["3B", "4B", "7C"]
    assert Hareeja.replay(match.record()).view(0) == match.view(0)
