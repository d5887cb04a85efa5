"""Provably fair shuffles for online matches (docs/FAIRNESS.md has the scheme in full).

The server draws a 32-byte secret ``S`` and sends its commitment ``C = SHA-256(COMMIT_TAG ‖ S)``
before the first deal; each seat sends a random contribution (0 to 32 bytes). The ``k``-th
shuffle of the match (``k`` = 0 for the first deal, counting every ``shuffle``, ``shuffled``
and ``randrange`` call of the match's generator) is a Fisher–Yates shuffle whose choices come
from a counter-mode HMAC-SHA256 stream keyed by ``HMAC-SHA256(S, deal_message(k, contributions))``,
each choice by rejection sampling (no modulo bias). Revealing ``S`` after the match lets anyone
re-derive every deal. Pure Python (hashlib and hmac only).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import struct
from collections.abc import Iterator, Sequence
from typing import Any, TypeVar

from .rng import MatchRng

T = TypeVar("T")

COMMIT_TAG = b"majlis/fair/commit/v1\x00"
DEAL_TAG = b"majlis/fair/deal/v1\x00"
SECRET_BYTES = 32
MAX_CONTRIBUTION = 32  # bytes a seat may contribute
MAX_SEATS = 255


def new_secret() -> bytes:
    """A fresh secret from the operating system."""
    return secrets.token_bytes(SECRET_BYTES)


def new_contribution() -> bytes:
    """A client's contribution: ``secrets`` natively; in the browser Python's ``secrets`` reads
    Emscripten's getentropy, which is ``crypto.getRandomValues``."""
    return secrets.token_bytes(MAX_CONTRIBUTION)


def commitment(secret: bytes) -> bytes:
    """``C = SHA-256(COMMIT_TAG ‖ S)``."""
    return hashlib.sha256(COMMIT_TAG + secret).digest()


def deal_message(k: int, contributions: Sequence[bytes]) -> bytes:
    """The canonical bytes of ``k ‖ contributions``: ``DEAL_TAG``, ``k`` as 4 bytes big-endian,
    the seat count as 1 byte, then per seat in seat order its length (1 byte) and its bytes."""
    if not 0 <= k < 1 << 32:
        raise ValueError(f"shuffle number {k} out of range")
    if len(contributions) > MAX_SEATS:
        raise ValueError("too many seats")
    out = bytearray(DEAL_TAG)
    out += k.to_bytes(4, "big")
    out.append(len(contributions))
    for value in contributions:
        if len(value) > MAX_CONTRIBUTION:
            raise ValueError(f"a contribution is at most {MAX_CONTRIBUTION} bytes")
        out.append(len(value))
        out += value
    return bytes(out)


def deal_key(secret: bytes, k: int, contributions: Sequence[bytes]) -> bytes:
    """``K_k = HMAC-SHA256(S, deal_message(k, contributions))``."""
    return hmac.digest(secret, deal_message(k, contributions), "sha256")


_BLOCK = struct.Struct(">8I")  # one HMAC-SHA256 block: eight 32-bit numbers, big-endian
_FULL = 1 << 32


def stream(key: bytes) -> Iterator[int]:
    """Unsigned 32-bit numbers, big-endian, from blocks ``HMAC-SHA256(key, j)`` for
    j = 0, 1, 2, … (``j`` as 8 bytes big-endian)."""
    j = 0
    while True:
        yield from _BLOCK.unpack(hmac.digest(key, j.to_bytes(8, "big"), "sha256"))
        j += 1


def uniform(numbers: Iterator[int], n: int) -> int:
    """A number in ``range(n)`` without bias: a 32-bit draw below the largest multiple of
    ``n`` that fits, taken modulo ``n``; a draw at or above it is rejected and another taken."""
    if not 0 < n <= 1 << 32:
        raise ValueError(f"cannot draw from range({n})")
    limit = (1 << 32) - (1 << 32) % n
    for x in numbers:
        if x < limit:
            return x % n
    raise AssertionError("the stream is endless")  # pragma: no cover


def fisher_yates(items: list[T], key: bytes) -> None:
    """Shuffle ``items`` in place: for i from the last index down to 1, swap item i with item
    ``uniform(i + 1)`` (written out here: a deal is on the server's move path)."""
    numbers = stream(key)
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        limit = _FULL - _FULL % n
        x = next(numbers)
        while x >= limit:
            x = next(numbers)
        j = x % n
        items[i], items[j] = items[j], items[i]


class FairRng(MatchRng):
    """A match's generator whose ``k``-th shuffle comes from the derived key ``K_k``."""

    def __init__(self, secret: bytes, contributions: Sequence[bytes], seed: int = 0):
        super().__init__(seed)
        if len(secret) != SECRET_BYTES:
            raise ValueError(f"the secret is {SECRET_BYTES} bytes")
        self.secret = bytes(secret)
        self.contributions = [bytes(c) for c in contributions]
        deal_message(0, self.contributions)  # refuse bad contributions now, not at a deal
        self.draws = 0  # shuffles (and randrange calls) so far: the next one's k

    @classmethod
    def from_hex(cls, secret: str, contributions: Sequence[str], seed: int = 0) -> FairRng:
        """From the hex texts a record keeps; ValueError when one is not hex."""
        return cls(bytes.fromhex(secret), [bytes.fromhex(c) for c in contributions], seed)

    def _next_key(self) -> bytes:
        key = deal_key(self.secret, self.draws, self.contributions)
        self.draws += 1
        return key

    def shuffle(self, cards: list[T]) -> None:
        fisher_yates(cards, self._next_key())

    def shuffled(self, cards: list[T]) -> list[T]:
        out = list(cards)
        self.shuffle(out)
        return out

    def randrange(self, n: int) -> int:
        return uniform(stream(self._next_key()), n)


def rng_from_record(fair: Any, seed: int = 0) -> FairRng | None:
    """The generator a stored record's ``fair`` part (``{"secret", "contributions"}`` in hex)
    describes; None when the record has none (a match with a plain seed)."""
    if not fair:
        return None
    return FairRng.from_hex(fair["secret"], fair["contributions"], seed)


class FairDeal:
    """The server's side of one match's fairness: the secret, and the seats' contributions
    gathered until the start. A new match (a rematch too) needs a new one."""

    def __init__(self, secret: bytes | None = None):
        self.secret = new_secret() if secret is None else secret
        self.commitment = commitment(self.secret).hex()
        self.given: dict[int, bytes] = {}

    @classmethod
    def from_record(cls, fair: dict[str, Any]) -> FairDeal:
        """Back from :meth:`record` (a resumed table)."""
        deal = cls(bytes.fromhex(fair["secret"]))
        for seat, value in enumerate(fair["contributions"]):
            if value:
                deal.given[seat] = bytes.fromhex(value)
        return deal

    def contribute(self, seat: int, value: bytes) -> None:
        """``seat``'s contribution (a later one replaces an earlier, until the start)."""
        if len(value) > MAX_CONTRIBUTION:
            raise ValueError(f"a contribution is at most {MAX_CONTRIBUTION} bytes")
        self.given[seat] = value

    def seat_values(self, players: int) -> list[bytes]:
        """Every seat's contribution in seat order; a seat that sent none gives ``b""``."""
        return [self.given.get(seat, b"") for seat in range(players)]

    def rng(self, players: int, seed: int = 0) -> FairRng:
        return FairRng(self.secret, self.seat_values(players), seed)

    def record(self, players: int) -> dict[str, Any]:
        """What the table's stored record keeps (the secret included: never sent before the
        match is over)."""
        return {
            "secret": self.secret.hex(),
            "commitment": self.commitment,
            "contributions": [c.hex() for c in self.seat_values(players)],
        }
