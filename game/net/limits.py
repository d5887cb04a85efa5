"""Every limit of the table server in one place, with the reason for each number.

:class:`Limits` holds the ones an operator or a test may change (``Lobby(limits=Limits(...))``);
the module constants are their defaults. Pure Python: no websockets, no asyncio.

Networks, not only addresses
----------------------------
Every limit below counts an *address*: an IPv4 address, or an IPv6 /64 (one LAN: SLAAC gives
any host on it 2**64 addresses to pick from). Tables, tables with bots and wrong codes are also
counted per *network*, so a few dozen addresses of one owner cannot crowd out everyone:

- IPv4 /24 (:data:`NETWORK_PREFIX_V4`): the longest prefix routed on the internet (longer ones
  are filtered), so the smallest block anyone can own, rent or announce; the addresses of a
  /24 are one hosting subnet or one ISP's pool.
- IPv6 /56 (:data:`NETWORK_PREFIX_V6`): what an ISP delegates to one home (RIPE-690
  recommends /56 for residential customers), i.e. one subscriber's 256 /64s: a crowd of 250
  addresses from one home is one network. A /48 (a business, or free from a tunnel broker)
  counts as 256 networks; the arithmetic below allows for it.

Tables: :data:`TABLES_PER_ADDRESS` = 20 and :data:`TABLES_PER_NETWORK` = 100 live tables, so
filling the server's :data:`MAX_ROOMS` = 5,000 takes 50 networks; no home or hosting subnet
needs 100 tables (400 seats) at once. An unstarted table nobody is connected to is cheap to
end: it ends after :data:`UNSTARTED_GRACE` = 30 s (a started one after
:data:`ABANDONED_GRACE` = 120 s: someone's moves are in it), and when an address, a network or
the server is at its limit, its oldest such table ends at once to make room for a new one. So
create-and-disconnect holds nothing; only tables someone sits at, or that started, count
against the limits.

Bots: a started table with a bot seat counts until it is over, :data:`BOT_TABLES_PER_ADDRESS`
= 4 per address (four people of one home playing bots at once) and
:data:`BOT_TABLES_PER_NETWORK` = 16 per network. Two cores serve about 200 busy tables of hard
bots (docs/DEPLOY.md), so one network's bots take at most 16 of them; and whatever the
number, the bot workers serve tables where a person is connected first and the networks in
turn (:class:`game.net.botplay.FairQueue`), so one network's bot tables never queue ahead of
another's person.

Why room codes cannot be guessed
--------------------------------
A room code is :data:`game.net.protocol.CODE_LENGTH` = 8 characters from a 32-letter alphabet:
32**8 = 2**40 ≈ 1.1e12 codes. Only a table that has not started and has a free seat can be
entered by code, and a server holds at most 5,000 tables, so one guess hits with probability
at most 5,000 / 1.1e12 ≈ 4.5e-9.

Guesses are limited before the code is looked up (so a refused guess learns nothing):

- per address, :data:`JOIN_FREE_MISSES` = 5 wrong codes, then each further wrong code doubles the
  wait before the next join (2, 4, 8 … up to :data:`JOIN_MAX_BACKOFF` = 300 s); one miss is
  forgiven every :data:`JOIN_FORGIVE` = 60 s: at most 1 guess a minute, sustained;
- per network, :data:`NETWORK_FREE_MISSES` = 20, then the same back-off for the whole network,
  one forgiven every :data:`NETWORK_FORGIVE` = 10 s: at most 6 guesses a minute, sustained (an
  honest network's players mistype far fewer codes than that). A friend inside a guessing
  network waits with it, as he would behind a guessing address: the price of counting a /56
  (one home) or a /24 at all;
- server-wide, :data:`GLOBAL_MISSES_PER_SECOND` = 1 a second (a burst of
  :data:`GLOBAL_MISS_BURST`): past it, an address with a wrong code of its own not yet forgiven
  waits; an address that guessed nothing is never held back, so a friend's right code is
  never refused because other networks guessed wrong. This only trims bursts: the bound is
  the one per address and per network.

So A addresses in N networks make at most min(A, 6 N) guesses a minute (after a first burst
of at most min(5 A, 20 N)), and expect, with the server full of open tables:

- a crowd of 30 addresses in 30 networks: 30/min, 43,200 a day: 2e-4 hits a day, one in 14 years;
- a whole IPv6 /48 (256 networks): 1,536/min, 2.2e6 a day: one hit in about 100 days; with a
  realistic hundred open private tables, one in 14 years;
- a botnet of 100,000 home addresses: 100,000/min: 0.65 hits a day at a full server, one in
  about 2.5 months with a hundred open tables — a seat at a stranger's unstarted table, which
  its host sees and can leave.

An honest player never notices the limits: a correct code is never counted as a miss, and a
mistyped code costs nothing until the sixth in a row. Player tokens (192 random bits) are
never guessable at all.
"""

from __future__ import annotations

from dataclasses import dataclass

# ----- networks: the prefixes a network is counted by (the module docstring says why) -------
NETWORK_PREFIX_V4 = 24
NETWORK_PREFIX_V6 = 56

# ----- tables ---------------------------------------------------------------------------------
MAX_ROOMS = 5000  # tables one server process holds
MAX_CREATES = 20  # tables one connection may create
TABLES_PER_ADDRESS = 20  # live tables created from one address (a zombie loop holds these)
TABLES_PER_NETWORK = 100  # ... and from one network (the module docstring says why)
BOT_TABLES_PER_ADDRESS = 4  # started tables with a bot seat, not over, from one address
BOT_TABLES_PER_NETWORK = 16  # ... and from one network
UNSTARTED_GRACE = 30.0  # s an unstarted table lives with nobody connected: the client's first
# six reconnect tries (0.5 + 1 + 2 + 4 + 8 + 8 s, each ±25 %) fit, nothing played is lost
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
REACTION_BURST = 3  # reactions one player may send at once (game.net.reactions) ...
REACTION_EVERY = 2.0  # ... then one every this many seconds: a table is never pestered

# ----- spectators (game.net.watchers) -----------------------------------------------------------
WATCHERS_PER_TABLE = 50  # people watching one table: each costs one view and one frame a move,
# so a table's frames a move stay within 12x its seats (a big majlis, never a broadcast)
WATCHING_PER_ADDRESS = 8  # watching connections from one address: a home's screens, not a
# crawler holding every public table's moves

# ----- joining by code (see the module docstring for the numbers) ------------------------------
JOIN_FREE_MISSES = 5
JOIN_MAX_BACKOFF = 300.0
JOIN_FORGIVE = 60.0
NETWORK_FREE_MISSES = 20
NETWORK_FORGIVE = 10.0
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
    tables_per_network: int = TABLES_PER_NETWORK
    bot_tables_per_address: int = BOT_TABLES_PER_ADDRESS
    bot_tables_per_network: int = BOT_TABLES_PER_NETWORK
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
    network_free_misses: int = NETWORK_FREE_MISSES
    network_forgive: float = NETWORK_FORGIVE
    global_misses_per_second: float = GLOBAL_MISSES_PER_SECOND
    global_miss_burst: int = GLOBAL_MISS_BURST
    watchers_per_table: int = WATCHERS_PER_TABLE
    watching_per_address: int = WATCHING_PER_ADDRESS

    @classmethod
    def loose(cls) -> Limits:
        """Limits for load tests and benchmarks: thousands of loopback clients from one
        address, no join back-off. Never for a public server."""
        return cls(
            max_rooms=100_000,
            tables_per_address=100_000,
            tables_per_network=100_000,
            bot_tables_per_address=100_000,
            bot_tables_per_network=100_000,
            connections_per_address=100_000,
            join_free_misses=1_000_000,
            network_free_misses=1_000_000,
            global_misses_per_second=1e9,
            global_miss_burst=1_000_000_000,
            watching_per_address=100_000,
        )
