"""Replays: a finished match watched again from its record, and the compact code that carries it.

A match is its seed, options and action log (:meth:`game.core.engine.Match.record`). The
**code** holds exactly that, small enough for a link (``#replay=CODE``)::

    CODE = base64url( VERSION byte + zlib(body) + crc32 of both, 4 bytes big-endian )
    body = varint(len(head)) + head + varint(len(extra)) + extra + varint(steps) + moves

``head`` is JSON (game, players, options, seed, the viewer's seat, the seats' names, the deck
when the match was dealt from one); each move is the index of the action in the legal list
of its seat at that step (and, where several seats may act, the seat's place in ``to_act``
first). An action that list leaves out (Hand rummy's melds) is ``len(legal) + 1`` and its
JSON waits in ``extra``; the timeout is ``len(legal)``. Decoding replays the engine, so a code
that decodes is a match that plays; anything else is refused with a :class:`ReplayError`
and nothing is changed.

Watching a replay (the session a table scene shows it through, its play / pause / speed, an
online record fetched) is :mod:`game.client.replay_session`; :func:`rebuilt` is what stepping
back uses (a whole match replays in a few milliseconds: bench/bench_replay.py). Pure Python,
no pygame.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.core import registry
from game.core.engine import TIMEOUT, Match, json_copy
from game.core.errors import IllegalAction

from .session import JSON

VERSION = 1
MAX_CODE = 200_000  # characters: far above a long Hand rummy match, far below a hostile paste
MAX_BODY = 1 << 20  # bytes a code may unpack to
MAX_STEPS = 100_000
MAX_NAME = 40
_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
FAIR = "fair"  # an online record's deal secret, once revealed (read by Match.replay)


class ReplayError(ValueError):
    """A code or record that cannot be replayed. ``key``: the i18n key of what to tell the
    player (``replay.bad_code``: damaged or cut short; ``replay.newer``: from a newer Majlis;
    ``replay.bad_match``: decodes, but is not a match this version can play)."""

    def __init__(self, key: str, message: str):
        super().__init__(message)
        self.key = key


@dataclass
class Replay:
    """A decoded replay: the match's record, the seat it is watched from and the seats' names
    (i18n keys or players' own names)."""

    record: JSON
    me: int = 0
    names: list[str] = field(default_factory=list)
    online: bool = False

    @property
    def game(self) -> str:
        return str(self.record["game"])

    @property
    def steps(self) -> int:
        return len(self.record["log"])


# ----- the code ----------------------------------------------------------------------------------
def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        low, n = n & 0x7F, n >> 7
        out.append(low | (0x80 if n else 0))
        if not n:
            return bytes(out)


class _Reader:
    """Reads a body; any overrun is a damaged code."""

    def __init__(self, data: bytes):
        self.data, self.at = data, 0

    def varint(self) -> int:
        n = shift = 0
        while True:
            if self.at >= len(self.data) or shift > 28:
                raise ReplayError("replay.bad_code", "The replay code is cut short.")
            byte = self.data[self.at]
            self.at += 1
            n |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                return n

    def chunk(self) -> bytes:
        size = self.varint()
        if self.at + size > len(self.data):
            raise ReplayError("replay.bad_code", "The replay code is cut short.")
        piece = self.data[self.at : self.at + size]
        self.at += size
        return piece


def engine_for(game: Any) -> type[Match[Any, Any]]:
    if not registry.exists(game):
        raise ReplayError("replay.bad_match", f"There is no game {game!r} in this version.")
    return registry.get(game).engine_class()


def _start(record: Mapping[str, Any]) -> Match[Any, Any]:
    """The match of ``record`` dealt, before its first action (through ``Match.replay`` with
    an empty log, so whatever else a record deals from, e.g. a server's ``fair`` secret, is
    read as the engine reads it)."""
    try:
        return engine_for(record.get("game")).replay({**_dealt(record), "log": []})
    except ReplayError:
        raise
    except (IllegalAction, KeyError, TypeError, ValueError) as bad:
        raise ReplayError("replay.bad_match", f"The match cannot be dealt again: {bad}") from None


def _dealt(record: Mapping[str, Any]) -> JSON:
    """What deals the match: the record without its log."""
    keys = ("game", "players", "options", "seed", "deck", FAIR)
    return {k: record[k] for k in keys if k in record and (k != FAIR or record[k] is not None)}


def _move(match: Match[Any, Any], seat: int, action: Any, extra: list[Any]) -> bytes:
    """One step of the log as it is written in a code (see the module docstring)."""
    to_act = match.to_act()
    if seat not in to_act:
        raise ReplayError("replay.bad_match", f"Seat {seat} acts out of turn in the record.")
    out = _varint(to_act.index(seat)) if len(to_act) > 1 else b""
    legal = match.legal_actions(seat)
    if action == TIMEOUT:
        index = len(legal)
    elif action in legal:
        index = legal.index(action)
    else:
        index = len(legal) + 1
        extra.append(action)
    return out + _varint(index)


def encode(
    record: Mapping[str, Any], me: int = 0, names: Sequence[str] = (), online: bool = False
) -> str:
    """The code of ``record`` (a finished or unfinished match) watched from seat ``me``."""
    match = _start(record)
    extra: list[Any] = []
    moves = bytearray()
    for seat, action in record["log"]:
        moves += _move(match, seat, action, extra)
        try:
            match.apply(seat, action)
        except IllegalAction as bad:
            raise ReplayError("replay.bad_match", f"The record does not play: {bad}") from None
    head: JSON = {"g": record["game"], "p": record["players"], "s": record["seed"], "m": me}
    if record.get("options"):
        head["o"] = dict(record["options"])
    if record.get("deck") is not None:
        head["d"] = list(record["deck"])
    if record.get(FAIR) is not None:
        head["f"] = record[FAIR]  # a finished online match's revealed deal secret
    if names:
        head["n"] = [str(n)[:MAX_NAME] for n in names]
    if online:
        head["on"] = 1
    body = bytearray()
    for part in (_json_bytes(head), _json_bytes(extra)):
        body += _varint(len(part)) + part
    body += _varint(len(record["log"])) + moves
    packed = bytes([VERSION]) + zlib.compress(bytes(body), 9)
    sealed = packed + zlib.crc32(packed).to_bytes(4, "big")
    return base64.urlsafe_b64encode(sealed).rstrip(b"=").decode("ascii")


def _json_bytes(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def _unseal(code: Any) -> bytes:
    """The body of ``code``, its checksum and version checked."""
    if not isinstance(code, str) or not code.strip():
        raise ReplayError("replay.bad_code", "There is no replay code.")
    code = code.strip()
    if len(code) > MAX_CODE or not set(code) <= _ALPHABET:
        raise ReplayError("replay.bad_code", "That is not a replay code.")
    try:
        sealed = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError):
        raise ReplayError("replay.bad_code", "The replay code is cut short.") from None
    if len(sealed) < 6:
        raise ReplayError("replay.bad_code", "The replay code is cut short.")
    packed, check = sealed[:-4], sealed[-4:]
    if zlib.crc32(packed).to_bytes(4, "big") != check:
        raise ReplayError("replay.bad_code", "The replay code is damaged or cut short.")
    if packed[0] != VERSION:
        raise ReplayError("replay.newer", "This replay was made by a newer version of Majlis.")
    unpack = zlib.decompressobj()
    try:
        body = unpack.decompress(packed[1:], MAX_BODY)
    except zlib.error:
        raise ReplayError("replay.bad_code", "The replay code is damaged.") from None
    if unpack.unconsumed_tail or not unpack.eof:
        raise ReplayError("replay.bad_code", "The replay code is damaged or too long.")
    return body


def _json_part(reader: _Reader) -> Any:
    try:
        return json.loads(reader.chunk().decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise ReplayError("replay.bad_code", "The replay code is damaged.") from None


def _head(head: Any) -> tuple[JSON, int, list[str], bool]:
    """(record without log, viewer's seat, names, online) from a code's head, checked."""
    if not isinstance(head, dict):
        raise ReplayError("replay.bad_code", "The replay code is damaged.")
    engine_for(head.get("g"))
    record: JSON = {
        "game": head.get("g"),
        "players": head.get("p"),
        "options": head.get("o") or {},
        "seed": head.get("s"),
        "deck": head.get("d"),
        "log": [],
    }
    if head.get("f") is not None:
        record[FAIR] = head["f"]
    me, names = head.get("m", 0), head.get("n", [])
    players = record["players"]
    if not isinstance(players, int) or not isinstance(me, int) or not 0 <= me < players:
        raise ReplayError("replay.bad_match", "The replay's seats do not match its table.")
    if not isinstance(names, list) or not all(
        isinstance(n, str) and len(n) <= MAX_NAME for n in names
    ):
        raise ReplayError("replay.bad_match", "The replay's names are not names.")
    return record, me, list(names), bool(head.get("on"))


def decode(code: Any) -> Replay:
    """The replay in ``code``; raises :class:`ReplayError` (with the words to show) when it is
    damaged, cut short, from a newer version, or not a match that plays here."""
    reader = _Reader(_unseal(code))
    record, me, names, online = _head(_json_part(reader))
    extra = _json_part(reader)
    steps = reader.varint()
    if not isinstance(extra, list) or steps > MAX_STEPS:
        raise ReplayError("replay.bad_code", "The replay code is damaged.")
    match = _start(record)
    extras = iter(extra)
    for _ in range(steps):
        seat, action = _read_move(match, reader, extras)
        try:
            match.apply(seat, action)
        except IllegalAction as bad:
            raise ReplayError("replay.bad_match", f"The replay does not play: {bad}") from None
    if reader.at != len(reader.data):
        raise ReplayError("replay.bad_code", "The replay code is damaged.")
    return Replay({**record, "log": json_copy(match.log)}, me, names, online)


def _read_move(match: Match[Any, Any], reader: _Reader, extras: Any) -> tuple[int, Any]:
    to_act = match.to_act()
    if not to_act:
        raise ReplayError("replay.bad_match", "The replay goes on after the match is over.")
    place = reader.varint() if len(to_act) > 1 else 0
    if place >= len(to_act):
        raise ReplayError("replay.bad_code", "The replay code is damaged.")
    seat = to_act[place]
    legal = match.legal_actions(seat)
    index = reader.varint()
    if index < len(legal):
        return seat, legal[index]
    if index == len(legal):
        return seat, dict(TIMEOUT)
    action = next(extras, None)
    if index != len(legal) + 1 or action is None:
        raise ReplayError("replay.bad_code", "The replay code is damaged.")
    return seat, action


def replay_of(
    record: Mapping[str, Any], me: int = 0, names: Sequence[str] = (), online: bool = False
) -> Replay:
    """A record received whole (the server's, a saved match's) as a replay, checked to play."""
    try:
        return decode(encode(record, me, names, online))
    except (KeyError, TypeError, ValueError) as bad:
        if isinstance(bad, ReplayError):
            raise
        raise ReplayError("replay.bad_match", f"That is not a match record: {bad}") from None


# ----- watching -------------------------------------------------------------------------------
def rebuilt(record: Mapping[str, Any], steps: int) -> Match[Any, Any]:
    """The match of ``record`` after its first ``steps`` actions."""
    match = _start(record)
    for seat, action in record["log"][:steps]:
        match.apply(seat, action)
    return match


def round_starts(record: Mapping[str, Any]) -> list[int]:
    """The step each round (deal) begins at: 0, then the step after each scored round (the
    spectator view's ``history`` grows), the last one's end excepted."""
    match = _start(record)
    starts, rounds = [0], 0
    for step, (seat, action) in enumerate(record["log"], 1):
        match.apply(seat, action)
        scored = len(match.view(None).get("history") or [])
        if scored > rounds and match.phase != "over":
            starts.append(step)
        rounds = scored
    return starts
