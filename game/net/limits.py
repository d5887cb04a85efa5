"""Every limit of the table server in one place, with the reason for each number.

:class:`Limits` holds the ones an operator or a test may change (``Lobby(limits=Limits(...))``);
the module constants are their defaults. Pure Python: no websockets, no asyncio.

Why room codes cannot be guessed
--------------------------------
A room code is :data:`game.net.protocol.CODE_LENGTH` = 8 characters from a 32-letter alphabet:
32**8 = 2**40 ≈ 1.1e12 codes. Only a table that has not started and has a free seat can be
entered by code, and a server holds at most :data:`MAX_ROOMS` = 5,000 tables, so one guess hits
with probability at most 5,000 / 1.1e12 ≈ 4.5e-9.

Guesses are limited before the code is looked up (so a refused guess learns nothing):

- per address, :data:`JOIN_FREE_MISSES` = 5 wrong codes, then each further wrong code doubles the
  wait before the next join (2, 4, 8 … up to :data:`JOIN_MAX_BACKOFF` = 300 s); one miss is
  forgiven every :data:`JOIN_FORGIVE` = 60 s, so one address keeps at most ~1 guess a minute;
- for the whole server, at most :data:`GLOBAL_MISSES_PER_SECOND` = 1 wrong code a second on
  average (a burst of :data:`GLOBAL_MISS_BURST`) whatever the number of addresses: while that
  budget is spent, joins by code wait a moment ("try again in a few seconds").

So even an attacker with unlimited addresses makes at most 86,400 wrong guesses a day, and with
5,000 open tables at every moment expects 86,400 × 4.5e-9 ≈ 3.9e-4 hits a day: one in about
seven years, into a stranger's table that has not started yet. With a realistic hundred open
private tables, one in about 350 years. An honest player never notices the limits: a correct
code is never counted as a miss, and a mistyped code costs nothing until the sixth in a row.
Player tokens (192 random bits) are never guessable at all.
"""

from __future__ import annotations

from dataclasses import dataclass

# ----- tables ---------------------------------------------------------------------------------
MAX_ROOMS = 5000  # tables one server process holds
MAX_CREATES = 20  # tables one connection may create
TABLES_PER_ADDRESS = 20  # live tables created from one address (a zombie loop holds these)
UNSTARTED_GRACE = 120.0  # s an unstarted table lives with nobody connected
UNSTARTED_MAX = 1800.0  # s an unstarted table lives at all
ABANDONED_GRACE = 120.0  # s a started table lives with no person connected to it
OVER_ROOM = 300.0  # s a finished table stays to show the result
KEEP_FINISHED = 7 * 86400.0  # s a finished table's record is kept in the store
PRUNE_EVERY = 60.0  # s between two prunings of the store

# ----- connections ----------------------------------------------------------------------------
CONNECTIONS_PER_ADDRESS = 32  # open sockets from one address
HELLO_TIMEOUT = 10.0  # s a connection has to say hello
OUTBOX_BYTES = 512 * 1024  # bytes queued for one socket before it is closed (slow reader)
RATE_BURST = 30  # messages a connection may send at once ...
RATE_PER_SECOND = 15.0  # ... and on average
FLOOD_STRIKES = 100.0  # refused messages (forgiven at FLOOD_FORGIVE/s) before the close
FLOOD_FORGIVE = 5.0
FLOOD_CLOSE = 1008  # WebSocket close code "policy violation"

# ----- joining by code (see the module docstring for the numbers) ------------------------------
JOIN_FREE_MISSES = 5
JOIN_MAX_BACKOFF = 300.0
JOIN_FORGIVE = 60.0
GLOBAL_MISSES_PER_SECOND = 1.0
GLOBAL_MISS_BURST = 20

# ----- identities -----------------------------------------------------------------------------
IDENTITY_TTL = 24 * 3600.0  # s a player without a seat keeps his token -> name
MAX_IDENTITIES = 100_000  # ... and at most this many of them (the oldest go first)


@dataclass
class Limits:
    """The limits one lobby enforces (defaults above). Seconds are on the lobby's clock."""

    max_rooms: int = MAX_ROOMS
    max_creates: int = MAX_CREATES
    tables_per_address: int = TABLES_PER_ADDRESS
    unstarted_grace: float = UNSTARTED_GRACE
    unstarted_max: float = UNSTARTED_MAX
    abandoned_grace: float = ABANDONED_GRACE
    over_room: float = OVER_ROOM
    keep_finished: float = KEEP_FINISHED
    connections_per_address: int = CONNECTIONS_PER_ADDRESS
    hello_timeout: float = HELLO_TIMEOUT
    outbox_bytes: int = OUTBOX_BYTES
    join_free_misses: int = JOIN_FREE_MISSES
    join_max_backoff: float = JOIN_MAX_BACKOFF
    join_forgive: float = JOIN_FORGIVE
    global_misses_per_second: float = GLOBAL_MISSES_PER_SECOND
    global_miss_burst: int = GLOBAL_MISS_BURST

    @classmethod
    def loose(cls) -> Limits:
        """Limits for load tests and benchmarks: thousands of loopback clients from one
        address, no join back-off. Never for a public server."""
        return cls(
            max_rooms=100_000,
            tables_per_address=100_000,
            connections_per_address=100_000,
            join_free_misses=1_000_000,
            global_misses_per_second=1e9,
            global_miss_burst=1_000_000_000,
        )
