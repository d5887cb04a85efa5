"""The wire contract between the table server and its clients (pure Python, no websockets here).

Every WebSocket frame is one JSON **text** frame holding one object ``{"t": "<type>", ...}``.
:func:`encode` writes a message, :func:`decode` reads a message a *client* sent (strictly: this
is what the server trusts) and :func:`decode_server` reads a message the *server* sent (what a
client reads). Both raise :class:`ProtocolError` with a sentence a person can read. Unknown
extra fields are refused in client messages (a typo must not pass silently) and ignored in
server messages (so the server may add fields without breaking older clients). A number in a
client message past 2**53 - 1 is refused (``protocol``): :mod:`.numbers`.

Players, tokens and seats
-------------------------
A connection starts with ``hello``. The server answers ``welcome`` with a public ``player`` id
(shown to others, used by the host in ``answer``) and a secret ``token``. Keep the token (the
browser: localStorage): ``hello`` with it later — after a dropped connection or a server
restart — gives the same player back, and with him his seat and a fresh ``room`` + ``events``
(the seat's current view). A dropped connection keeps the seat; its turn clock keeps running.
A player sits at one table at a time.

Client → server
---------------
``hello {name, token?, avatar?}``
    ``name``: at most 64 characters as sent; the server cleans it (NFKC, no control, bidi or
    invisible characters; :mod:`game.net.names`) and wants 1–24 visible characters (error
    ``bad_name``); two equal names at one table are told apart ("Sara (2)"). ``token``: from
    an earlier ``welcome`` (or null; one this server or its cluster did not sign is replaced
    by a fresh one, :mod:`game.net.tokens`). ``avatar``: the face the player chose, a whole
    number from 0 to ``AVATARS - 1`` (anything else: ``error`` code ``protocol``, nothing
    changed); without it the server gives one from the name, the same for every client.
    Must come first; anything else before it is answered with ``error`` code ``hello_first``.
``create {game, players, options?, visibility, turn_seconds, bots, hints?}``
    A new table with the sender in seat 0 as its host. ``game``: one of :data:`GAMES`;
    ``players``: the seat count, one of ``PLAYER_COUNTS[game]`` (TB-5); ``options``: the engine's
    options (Ronda ``{"rules"}``, Hand rummy ``{"rounds": 1..20, "variant", "partnership"}``;
    see docs/DESIGN.md), at most 8 keys, scalar values; ``visibility``: ``"private"`` (join by code
    or link only, TB-1), ``"approval"`` (listed; the host accepts each player, TB-2) or
    ``"auto"`` (listed; anyone sits at once while a seat is free, TB-3); ``turn_seconds``:
    null (unlimited), 60, 90 or 120 (TB-6); ``bots``: ``"easy" | "normal" | "hard"``, the level
    of the bots that fill empty seats at the start and of assistance / take-over (TB-8, TB-9);
    ``hints``: ``true`` lets every seat ask for a hint, ``false`` (the default) not.
    Reply: ``room``.
``join {code}``
    Join the table with that room code (case and spaces are forgiven). Private and automatic
    tables seat the player at once (reply ``room`` to everyone at the table); an approval table
    answers ``waiting`` and asks the host (who gets a ``room`` with the request in ``pending``).
``join_any {game?}``
    TB-4: the open automatic table closest to full (of that game, if given), else an open
    approval table (the most seated first). Reply as for ``join``; ``error`` code ``no_table``
    when nothing is open.
``list {game?}``
    Reply ``tables``: the open public tables (not private, not started, a seat free).
``answer {player, accept}``
    The host accepts (``true``) or refuses (``false``) a pending request (TB-2). The requester
    gets ``room`` (seated) or ``refused``.
``start {}``
    The host starts the match: empty seats become bots at the table's level. Everyone gets
    ``room`` (``started: true``), then ``events`` with the deal.
``act {action}``
    One engine action dict, e.g. ``{"type": "play", "card": "QS"}`` (docs/DESIGN.md "Actions").
    Accepted: every seat gets ``events``. Refused: only the sender gets ``error`` with the
    engine's refusal ``code`` ("not_your_turn", "follow_suit", …) and nothing changes. Only
    the server's clock makes the safe move ``{"type": "timeout"}`` (TB-7).
``back {}``
    TB-8 "I'm back": take the seat back from auto-assistance.
``leave {}``
    TB-9: leave the table. Before the start the seat is freed; after it a bot finishes the
    match in this seat (the player cannot come back to it). Reply ``left``.
``get_record {code, match?}``
    The finished match of table ``code`` (invite links are read too), number ``match`` (1, 2,
    …: a table plays again after a rematch; by default its latest), for a replay: reply
    ``record``, once the match is over and for as long as the server keeps it; ``error``
    ``not_over`` while it is played (nothing hidden leaves the table before its end),
    ``no_record`` for a code with no finished match (counted as a wrong code, as for ``join``).
``ping {}``
    Reply ``pong``.
``contribute {value}``
    The seat's random contribution to the match's shuffles (docs/FAIRNESS.md): lower-case hex
    of at most 32 bytes, sent after the ``room`` message that carried the commitment and
    before the start (a later one replaces an earlier; after the start: ``error`` code
    ``started``). A seat that sends none contributes an empty value.
``rematch {match, value}``
    "Play again" at a table whose match is over (:mod:`game.net.rematch`): ``match`` is the
    number of the next match (from ``rematch_state``), ``value`` this seat's fresh random
    contribution (as for ``contribute``) to the NEW commitment ``rematch_state`` carried.
    Everyone is sent ``rematch_state`` again; when every person still at the table has
    accepted, the next match starts (``room`` with ``started``, then ``events``). Errors:
    ``not_seated``, ``not_over``, ``stale`` (another match number), ``gone`` (the table is no
    longer here), ``twice``, ``too_many`` (the address's tables with bots). Nothing changes.
``rematch_start {}``
    The host, having accepted, starts the next match with those who accepted: the seats of
    those who did not get bots and they leave the table (``left``). Errors as for
    ``rematch``, and ``not_host``, ``accept_first``.
``watch {code}``
    Watch a public table (``auto`` or ``approval``) without a seat (:mod:`game.net.watchers`):
    reply ``room`` (``you`` null), ``audience``, and once it started ``events`` with the public
    events and ``view(None)`` (no hand, no secret bid before its reveal), ``legal`` empty. A
    private table answers exactly as a wrong code (``no_room``, counted as a miss); the host's
    "no watching" ``watch_off``; past the limits ``too_many``. A watcher's ``act``, ``create``,
    ``join``, ``react``… get ``error`` code ``watching`` and change nothing.
``unwatch {}``
    Stop watching (``leave`` does the same for a watcher). Reply ``left``.
``allow_watch {on}``
    The host lets strangers watch his table (``true``, the default) or not (``false``: every
    watcher gets ``error`` code ``watch_off`` then ``left``). Everyone at the table gets
    ``audience``.
``react {phrase}``
    A seated player's reaction, one of :data:`PHRASES` (ids only, no free text:
    :mod:`game.net.reactions`). Every connected person at the table (the sender too) gets
    ``reaction``. At most 3 at once, then one every 2 s per player: past that ``error`` code
    ``reaction_wait`` and nobody is told; ``not_seated`` away from a table.

Server → client
---------------
``welcome {player, token, name}``
    After ``hello``. ``token`` is secret: it gives the seat back.
``tables {list}``
    ``list``: ``[{code, game, players, options, visibility, turn_seconds, hints, seated,
    host}]``
    (``seated``: seats taken by people; ``host``: the host's name; ``watchable``: the host
    lets strangers watch). ``live``: the same for started public tables one may ``watch``.
``room {code, link, game, players, options, visibility, turn_seconds, bots, hints, seats, host,
you, pending, started, over}``
    The table as it is now, sent on every change of its seats. ``link``: the invite link
    (``#room=CODE`` after the server's ``--link-base``: :mod:`game.net.links`); ``seats``: one
    entry per seat,
    ``{name, kind, connected, assisted, left, avatar}`` with ``kind`` ``"human" | "bot" |
    "empty"``; ``avatar``: a person's face (his ``hello``'s), null for a bot or an empty seat;
    ``host``: the host's seat; ``you``: your seat (null while waiting); ``pending``:
    ``[{player, name}]``, the approval requests (filled only in the host's copy); ``match``:
    which match of this table (1, then 2, … after each rematch).
``waiting {code}`` / ``refused {code}``
    The approval request was sent to the host / was refused (TB-2).
``events {events, view | vd, legal, log, by}``
    What happened, as this seat may see it (each event's ``for_seat(seat)``; a ``"deal"`` shows
    only your own hand), then your seat's ``match.view(seat)`` after them: in full as ``view``
    the first time on a connection, then as ``vd``, a patch to the view sent before
    (:mod:`game.net.delta`; the client's connection layer rebuilds ``view`` from it);
    ``legal``: your
    ``match.legal_actions(seat)`` when you are to act, else ``[]`` (Hand rummy lists no melds:
    the engine judges those), and ``log``, the number of actions applied so far (the match's
    log length; a client can tell a fresh view from a repeated one). ``by``: the seat whose
    ``act`` / ``back`` / ``leave`` (or bot move) produced these events, null for the deal, turn
    timeouts and fresh views — after sending ``act``, wait for ``events`` with ``by`` equal to
    your seat (or an ``error``) before acting again: ``legal`` in messages already on their way
    may be stale. ``events`` is empty for a fresh view (after ``join`` of one's own table or a
    reconnect).
    The table layer adds its own events: ``turn_timeout {seat}``, ``assist {seat, on}``,
    ``seat_left {seat}``.
``deadline {remaining}``
    Turn clocks, sent after every change of turn on a timed table: ``remaining`` is a list, one
    entry per seat, of seconds left (a number) or null (no limit, not to act, or a bot moves).
    The seconds include the time the server holds the clocks while clients animate what just
    happened (the pacing allowance, ``pacing.py``), so a client counts down only after its show.
``left {code}``
    You left the table.
``error {message, code}``
    A refusal. Nothing changed and the connection stays open, except for a sustained flood:
    after many ``rate`` refusals the server closes it (code 1008). Codes: ``protocol`` (malformed
    frame), ``hello_first``, ``no_room``, ``room_full``, ``started``, ``not_host``,
    ``not_seated``, ``seated`` (already at a table), ``no_request``, ``no_table``,
    ``bad_table`` (players / options refused), ``rate`` (too many messages), ``too_many``
    (too many tables or connections), ``slow_down`` (too many wrong codes: wait the seconds
    the message says), ``bad_name``, ``closed`` (the table ended: nobody was connected, it
    never started, or its match ended ``OVER_ROOM`` seconds ago; a ``left`` follows),
    ``replaced`` (the same player connected elsewhere), ``left``, ``paused`` (a cluster's
    Redis is away: play stands still, nothing changed; try again in a few seconds),
    ``timeout_reserved`` (an ``act`` of the engine's safe move: only the server's clock times
    a turn out), the rematch's (``stale``, ``not_over``, ``gone``,
    ``twice``, ``accept_first``), the spectators' (``watching``, ``watch_off``,
    ``not_watching``), ``reaction_wait``, ``no_record``, ``server`` (a message the server
    failed on) and every engine refusal code (``not_your_turn``, ``illegal``…). The client
    words each one itself (``error.<code>``; tests/test_server_words.py reads them here).
``pong {}``
``record {code, record, names, match}``
    A finished match: ``record`` is what replays it (``game, players, options, seed, deck,
    log``: :meth:`game.core.engine.Match.replay`, and ``fair``: its deal secret,
    commitment and contributions, or null for a match that was not dealt fairly — a table
    from before the fair deals), ``names`` the seats' names, ``match`` its number.
``reveal {code, secret, contributions, log, commitment, match}``
    Sent to every seat when the match is over (and again with a fresh view of an ended
    match): the 32-byte ``secret`` (hex) whose commitment ``room.fair.commitment`` was sent
    before the first deal, every seat's contribution (hex) and the whole action log, so the
    client can re-derive every deal and check what it was shown (docs/FAIRNESS.md). The
    ``room`` message's ``fair`` is ``{commitment, contributions}`` (``contributions`` null
    until the start).
``rematch_state {code, match, commitment, ready, people, host}``
    The match is over and the table offers the next one, number ``match``, dealt from a NEW
    secret whose ``commitment`` this is (answer it with ``rematch``); ``ready``: per seat,
    whether it accepted (bots and empty seats always); ``people``: the seats of persons still
    at the table; ``host``: who may ``rematch_start``. Sent at the end, on every accept or
    leave, and with a fresh view of the finished table (a reconnect).
``reaction {seat, phrase}``
    ``seat`` sent the reaction ``phrase`` (one of :data:`PHRASES`); shown beside his plate.
``audience {code, count, open}``
    The table's watchers: how many (``count``, the eye beside the table) and whether the host
    lets people watch (``open``); to the seats and the watchers on every change. The ``room``
    message carries the same as ``watchers`` and ``watchable``.
``moved {url, code}``
    Several server processes share one lobby (Redis, ``game.net.cluster``): the table with
    ``code`` (joined by code, found by ``join_any``, or where your token's player sits) is held
    by the server at ``url``. Connect there, ``hello`` with your token (it stays your token
    there: the same player), then ``join`` the code (for a seat you already hold, the
    ``hello`` alone gives it back). Also sent unasked, then the connection closes (1012), when
    another process took the table over.

Room codes are 8 characters from :data:`CODE_ALPHABET` (upper-case letters and digits without
the look-alikes O/0 and I/1), e.g. ``K7QMX4PA``: 2**40 of them, so that with the server's limits
on wrong codes nobody can find a table by guessing (the numbers: :mod:`game.net.limits`); the
invite link is ``#room=K7QMX4PA`` after the page's address, in the fragment, which pygbag's
loader never reads (:mod:`game.net.links`, the one builder for the client and the server).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from game.core import registry
from game.core.fair import MAX_CONTRIBUTION, SECRET_BYTES
from game.core.spec import BOT_LEVELS as LEVELS
from game.core.types import JsonObject

from .numbers import NumberOutOfRange, bounded_float, bounded_int, reject_constant

# One message: a JSON object whose "t" names its type. Client messages are checked field by
# field by decode() before anything reads them; so ``Any`` in it is decoded JSON, nothing else.
Message = JsonObject

# ----- games, tables and limits -------------------------------------------------------------
GAMES: tuple[str, ...] = registry.names()  # every game/games/<name>/spec.py
PLAYER_COUNTS: dict[str, tuple[int, ...]] = registry.player_counts()  # TB-5
MIN_PLAYERS = min(n for counts in PLAYER_COUNTS.values() for n in counts)
MAX_PLAYERS = max(n for counts in PLAYER_COUNTS.values() for n in counts)  # 5: Hand rummy
VISIBILITIES: tuple[str, ...] = ("private", "approval", "auto")
TURN_SECONDS: tuple[int | None, ...] = (None, 60, 90, 120)  # TB-6
BOT_LEVELS: tuple[str, ...] = LEVELS
# The reactions' ids (game.net.reactions says what they are; the client draws their words).
PHRASES: tuple[str, ...] = (
    "well_played",
    "hurry_up",
    "oops",
    "thanks",
    "good_luck",
    "wow",
    "sorry",
    "good_game",
)

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no O/0, no I/1
CODE_LENGTH = 8  # 2**40 codes: unguessable at the allowed rate (limits.py)

MAX_FRAME = 8192  # characters in one client frame
MAX_NAME = 24  # characters in a player's name
AVATARS = 16  # the drawn faces a player may choose from (game/ui/avatars.py draws them)
MAX_TOKEN = 64
MAX_STRING = 64  # any other string in a client message
MAX_OPTIONS = 8  # keys in "options"
MAX_ACTION_ITEMS = 200  # values in one action, all levels counted
MAX_ACTION_DEPTH = 4  # {"groups": [["7H", ...]]} is depth 3
MAX_MATCHES = 1_000_000  # a table's match numbers (rematches) fit below this

CLIENT_TYPES: tuple[str, ...] = (
    "hello",
    "create",
    "join",
    "join_any",
    "list",
    "answer",
    "start",
    "act",
    "back",
    "leave",
    "get_record",
    "ping",
    "contribute",
    "react",
    # ----- rematch -----
    "rematch",
    "rematch_start",
    # ----- spectators (game.net.watchers) -----
    "watch",
    "unwatch",
    "allow_watch",
)
SERVER_TYPES: tuple[str, ...] = (
    "welcome",
    "tables",
    "room",
    "waiting",
    "refused",
    "events",
    "deadline",
    "left",
    "error",
    "pong",
    "moved",
    "record",
    "reveal",
    "reaction",
    # ----- rematch -----
    "rematch_state",
    # ----- spectators (game.net.watchers) -----
    "audience",
)


class ProtocolError(ValueError):
    """A frame that breaks the wire contract. ``message`` is a sentence a person can read."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


# ----- room codes --------------------------------------------------------------------
def normalize_code(text: Any) -> str | None:
    """A room code as typed ("k7qm x4pa", " K7QMX4PA ") in its canonical form, or None if it
    cannot be one (wrong length, or a character outside :data:`CODE_ALPHABET`: a look-alike
    such as O or 1 is refused, never guessed)."""
    if not isinstance(text, str):
        return None
    code = "".join(text.split()).upper()
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        return None
    return code


class Chooser(Protocol):
    """What :func:`new_code` needs of a generator (``random.Random``, ``SystemRandom``)."""

    def choice(self, seq: Sequence[str]) -> str: ...


def new_code(rng: Chooser) -> str:
    """A fresh room code from ``rng`` (a ``random.Random``; never the global one)."""
    return "".join(rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


# ----- encode / decode ---------------------------------------------------------------------------
def encode(msg: Message) -> str:
    """One message as a compact JSON text frame. Raises ProtocolError for an object without a
    known ``t`` (client messages are also checked field by field, so a bad one never leaves)."""
    check_outgoing(msg)
    try:
        return json.dumps(msg, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as err:
        raise ProtocolError(f"The message cannot be written as JSON: {err}.") from None


def check_outgoing(msg: Message) -> None:
    """What :func:`encode` checks before writing: an object of a known type (client messages
    field by field). Raises ProtocolError."""
    if not isinstance(msg, dict):
        raise ProtocolError("A message must be an object.")
    kind = msg.get("t")
    if kind in CLIENT_TYPES:
        _check_client(msg)
    elif kind not in SERVER_TYPES:
        raise ProtocolError(f"Unknown message type {kind!r}.")


def decode(text: Any) -> Message:
    """A client's message, checked against its type. Raises ProtocolError."""
    msg = _parse(text, MAX_FRAME, _CLIENT_DECODER)
    _check_client(msg)
    return msg


def decode_server(text: Any, max_frame: int = 1 << 20) -> Message:
    """A server's message: a JSON object of a known server type (extra fields allowed)."""
    msg = _parse(text, max_frame)
    kind = msg.get("t")
    if kind not in SERVER_TYPES:
        raise ProtocolError(f"Unknown message type {kind!r} from the server.")
    for key, check in _SERVER_REQUIRED.get(kind, {}).items():
        if key not in msg:
            raise ProtocolError(f'"{kind}" needs "{key}".')
        check(kind, key, msg[key])
    if kind == "events":  # a full view, or a patch to the last one (delta.py)
        if "view" in msg:
            _kind_of(dict, "an object")(kind, "view", msg["view"])
        elif "vd" in msg:
            if msg["vd"] is not None and not isinstance(msg["vd"], list):
                raise ProtocolError('"vd" in "events" must be a list or null.')
        else:
            raise ProtocolError('"events" needs "view" or "vd".')
    return msg


_DECODER = json.JSONDecoder(parse_constant=reject_constant)  # one, not one per frame
_CLIENT_DECODER = json.JSONDecoder(
    parse_constant=reject_constant, parse_int=bounded_int, parse_float=bounded_float
)  # every number bounded (numbers.py)


def _parse(text: Any, max_frame: int, decoder: json.JSONDecoder = _DECODER) -> Message:
    if isinstance(text, (bytes, bytearray)):
        raise ProtocolError("Frames must be text (JSON), not binary.")
    if not isinstance(text, str):
        raise ProtocolError("A frame must be a string of JSON.")
    if len(text) > max_frame:
        raise ProtocolError(f"The frame is too long ({len(text)} characters; at most {max_frame}).")
    try:
        msg = decoder.decode(text)
    except RecursionError:
        raise ProtocolError("The frame is nested too deeply.") from None
    except json.JSONDecodeError as err:
        raise ProtocolError(
            f"The frame is not valid JSON ({err.msg}, at character {err.pos})."
        ) from None
    except NumberOutOfRange as err:
        raise ProtocolError(err.message) from None
    except ValueError:  # a number Python will not build (over 4,300 digits)
        raise ProtocolError("A number in the frame is too long to read.") from None
    if not isinstance(msg, dict):
        raise ProtocolError('A message must be a JSON object like {"t": "ping"}.')
    if "t" not in msg:
        raise ProtocolError('The message has no type ("t").')
    if not isinstance(msg["t"], str):
        raise ProtocolError('The message type ("t") must be a string.')
    return msg


# ----- field checkers: (type, key, value) -> None or raise ----------------------------------------
Check = Callable[[str, str, Any], None]


def _text(limit: int, min_len: int = 0) -> Check:
    def check(kind: str, key: str, value: Any) -> None:
        if not isinstance(value, str):
            raise ProtocolError(f'"{key}" in "{kind}" must be a string.')
        if len(value) > limit:
            raise ProtocolError(f'"{key}" in "{kind}" is too long (at most {limit} characters).')
        if len(value.strip()) < min_len:
            raise ProtocolError(f'"{key}" in "{kind}" must not be empty.')

    return check


def _optional(check: Check) -> Check:
    def optional(kind: str, key: str, value: Any) -> None:
        if value is not None:
            check(kind, key, value)

    return optional


def _one_of(choices: tuple[Any, ...]) -> Check:
    def check(kind: str, key: str, value: Any) -> None:
        if isinstance(value, bool) and not any(isinstance(c, bool) for c in choices):
            raise ProtocolError(f'"{key}" in "{kind}" must be one of {_show(choices)}.')
        if not any(value == c and type(value) is type(c) for c in choices):
            raise ProtocolError(f'"{key}" in "{kind}" must be one of {_show(choices)}.')

    return check


def _show(choices: tuple[Any, ...]) -> str:
    return ", ".join(json.dumps(c) for c in choices)


def _integer(low: int, high: int) -> Check:
    def check(kind: str, key: str, value: Any) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ProtocolError(f'"{key}" in "{kind}" must be a whole number.')
        if not low <= value <= high:
            raise ProtocolError(f'"{key}" in "{kind}" must be from {low} to {high}.')

    return check


def _boolean(kind: str, key: str, value: Any) -> None:
    if not isinstance(value, bool):
        raise ProtocolError(f'"{key}" in "{kind}" must be true or false.')


def _options(kind: str, key: str, value: Any) -> None:
    if not isinstance(value, dict):
        raise ProtocolError(f'"{key}" in "{kind}" must be an object.')
    if len(value) > MAX_OPTIONS:
        raise ProtocolError(f'"{key}" in "{kind}" has too many entries (at most {MAX_OPTIONS}).')
    for name, item in value.items():
        if len(name) > MAX_STRING:
            raise ProtocolError(f'An option name in "{kind}" is too long.')
        if isinstance(item, str):
            if len(item) > MAX_STRING:
                raise ProtocolError(f'Option "{name}" in "{kind}" is too long.')
        elif item is not None and not isinstance(item, (bool, int)):
            raise ProtocolError(
                f'Option "{name}" in "{kind}" must be a string, a whole number, true/false or null.'
            )


def _action(kind: str, key: str, value: Any) -> None:
    """An engine action: an object with a string "type"; the engine judges the rest, so here
    only its size and shape are bounded (strings, numbers, booleans, lists, objects)."""
    if not isinstance(value, dict):
        raise ProtocolError('"action" must be an object such as {"type": "play", ...}.')
    if not isinstance(value.get("type"), str):
        raise ProtocolError('The action has no "type" string.')
    _walk_action(value, 1, [MAX_ACTION_ITEMS])


def _walk_action(item: Any, depth: int, budget: list[int]) -> None:
    """Bound one value of an action and everything in it (``budget``: values left). A
    module-level function, not a closure that calls itself: such a closure is a reference
    cycle, garbage for the cyclic collector on every move."""
    budget[0] -= 1
    if budget[0] < 0:
        raise ProtocolError(f"The action is too big (at most {MAX_ACTION_ITEMS} values).")
    if depth > MAX_ACTION_DEPTH:
        raise ProtocolError("The action is nested too deeply.")
    if isinstance(item, str):
        if len(item) > MAX_STRING:
            raise ProtocolError("A string in the action is too long.")
    elif isinstance(item, dict):
        for name, sub in item.items():
            if len(name) > MAX_STRING:
                raise ProtocolError("A field name in the action is too long.")
            _walk_action(sub, depth + 1, budget)
    elif isinstance(item, list):
        for sub in item:
            _walk_action(sub, depth + 1, budget)
    elif isinstance(item, float) and not math.isfinite(item):
        raise ProtocolError("A number in the action is not finite.")
    elif item is not None and not isinstance(item, (bool, int, float)):
        raise ProtocolError("The action holds a value JSON cannot carry.")


def _hex_text(most_bytes: int) -> Check:
    """Lower-case hex of at most ``most_bytes`` bytes (an even count of 0-9a-f)."""

    def check(kind: str, key: str, value: Any) -> None:
        ok = isinstance(value, str) and len(value) <= 2 * most_bytes and len(value) % 2 == 0
        if not ok or any(ch not in "0123456789abcdef" for ch in value):
            raise ProtocolError(
                f'"{key}" in "{kind}" must be lower-case hex of at most {most_bytes} bytes.'
            )

    return check


_GAME = _one_of(GAMES)

# For each client message: {field: (check, required)}.
_CLIENT_FIELDS: dict[str, dict[str, tuple[Check, bool]]] = {
    "hello": {
        "name": (_text(MAX_STRING, 1), True),
        "token": (_optional(_text(MAX_TOKEN)), False),
        "avatar": (_optional(_integer(0, AVATARS - 1)), False),
    },
    "create": {
        "game": (_GAME, True),
        "players": (_integer(MIN_PLAYERS, MAX_PLAYERS), True),  # each game's own: the lobby
        "options": (_options, False),
        "visibility": (_one_of(VISIBILITIES), True),
        "turn_seconds": (_one_of(TURN_SECONDS), True),
        "bots": (_one_of(BOT_LEVELS), True),
        "hints": (_boolean, False),
    },
    "join": {"code": (_text(MAX_STRING, 1), True)},
    "join_any": {"game": (_optional(_GAME), False)},
    "list": {"game": (_optional(_GAME), False)},
    "answer": {"player": (_text(MAX_STRING, 1), True), "accept": (_boolean, True)},
    "start": {},
    "act": {"action": (_action, True)},
    "back": {},
    "leave": {},
    "get_record": {
        "code": (_text(MAX_STRING, 1), True),
        "match": (_integer(1, MAX_MATCHES), False),
    },
    "ping": {},
    "contribute": {"value": (_hex_text(MAX_CONTRIBUTION), True)},
    "react": {"phrase": (_one_of(PHRASES), True)},
    # ----- rematch -----
    "rematch": {
        "match": (_integer(2, MAX_MATCHES), True),
        "value": (_hex_text(MAX_CONTRIBUTION), True),
    },
    "rematch_start": {},
    # ----- spectators (game.net.watchers) -----
    "watch": {"code": (_text(MAX_STRING, 1), True)},
    "unwatch": {},
    "allow_watch": {"on": (_boolean, True)},
}


def _check_client(msg: Message) -> None:
    kind = msg["t"]
    fields = _CLIENT_FIELDS.get(kind)
    if fields is None:
        raise ProtocolError(
            f"Unknown message type {kind!r}; expected one of: {', '.join(CLIENT_TYPES)}."
        )
    extra = sorted(str(k) for k in msg if k != "t" and k not in fields)
    if extra:
        raise ProtocolError(f'Unexpected field(s) in "{kind}": {", ".join(extra)}.')
    for key, (check, required) in fields.items():
        if key not in msg:
            if required:
                raise ProtocolError(f'"{kind}" needs "{key}".')
            continue
        check(kind, key, msg[key])


def _kind_of(pytype: type | tuple[type, ...], what: str) -> Check:
    def check(kind: str, key: str, value: Any) -> None:
        if (isinstance(value, bool) and pytype is not bool) or not isinstance(value, pytype):
            raise ProtocolError(f'"{key}" in "{kind}" must be {what}.')

    return check


_SERVER_REQUIRED: dict[str, dict[str, Check]] = {
    "welcome": {"player": _kind_of(str, "a string"), "token": _kind_of(str, "a string")},
    "tables": {"list": _kind_of(list, "a list")},
    "room": {
        "code": _kind_of(str, "a string"),
        "seats": _kind_of(list, "a list"),
        "started": _kind_of(bool, "true or false"),
    },
    "waiting": {"code": _kind_of(str, "a string")},
    "refused": {"code": _kind_of(str, "a string")},
    "events": {"events": _kind_of(list, "a list"), "legal": _kind_of(list, "a list")},
    "deadline": {"remaining": _kind_of(list, "a list")},
    "left": {"code": _kind_of(str, "a string")},
    "error": {"message": _kind_of(str, "a string"), "code": _kind_of(str, "a string")},
    "pong": {},
    "moved": {"url": _kind_of(str, "a string")},
    "record": {"code": _kind_of(str, "a string"), "record": _kind_of(dict, "an object")},
    "reveal": {"secret": _hex_text(SECRET_BYTES), "log": _kind_of(list, "a list")},
    "reaction": {"seat": _kind_of(int, "a whole number"), "phrase": _kind_of(str, "a string")},
    # ----- rematch -----
    "rematch_state": {
        "match": _kind_of(int, "a whole number"),
        "commitment": _kind_of(str, "a string"),
        "ready": _kind_of(list, "a list"),
    },
    # ----- spectators (game.net.watchers) -----
    "audience": {
        "code": _kind_of(str, "a string"),
        "count": _kind_of(int, "a whole number"),
        "open": _kind_of(bool, "true or false"),
    },
}


def error(message: str, code: str = "illegal") -> Message:
    """An ``error`` message."""
    return {"t": "error", "message": message, "code": code}
