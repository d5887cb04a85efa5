"""SQLite record of every started table: enough to resume it after a restart, and the results.

Standard library only (sqlite3). One row per table (seed, options, deck, seats) and one row per
applied action, appended as the match goes (WAL journal, so an append is cheap). A finished
table keeps its rows and gets its result. :meth:`Store.unfinished` gives what
``Match.replay`` needs to rebuild every table still running.

Also kept for a restart: each table's seats (missed turns, assistance) and turn clocks, written
with the actions in one transaction (:meth:`Store.record`); a heartbeat (:meth:`Store.beat`),
so a restart knows when the server stopped; and unstarted rooms' seats (:meth:`Store.save_room`).

Writes off the event loop (``background=True``, the server's way): every write method only
queues its write and returns; a writer thread commits what is queued in one transaction (group
commit) and reports the last write committed (:attr:`Store.durable` and ``on_commit``). The
server sends no frame before the writes queued ahead of it are committed, so a move
acknowledged to a client survives ``kill -9``. Reads first wait for the queued writes
(:meth:`Store.flush`), so they see every write made before them.
"""

from __future__ import annotations

import contextlib
import functools
import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, Concatenate, ParamSpec, TypeVar

from game.core.types import JsonObject

from .store_check import check_integrity, check_read_only
from .store_check import move_aside as move_aside  # --fresh-store (server.py, tests)

Params = ParamSpec("Params")
R = TypeVar("R")
Write = tuple[int, Callable[..., Any], tuple[Any, ...]]  # (its number, the method, its arguments)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    deck TEXT,
    visibility TEXT NOT NULL,
    turn_seconds INTEGER,
    bots TEXT NOT NULL,
    host INTEGER NOT NULL,
    seats TEXT NOT NULL,
    started REAL NOT NULL,
    finished REAL,
    result TEXT,
    clocks TEXT,
    hints INTEGER NOT NULL DEFAULT 0,
    fair TEXT,
    match_no INTEGER NOT NULL DEFAULT 1,
    watchable INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL,
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (code, n)
);
CREATE TABLE IF NOT EXISTS matches (
    code TEXT NOT NULL,
    n INTEGER NOT NULL,
    finished REAL,
    record TEXT NOT NULL,
    PRIMARY KEY (code, n)
);
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    record TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS alive (
    id INTEGER PRIMARY KEY CHECK (id = 0),
    at REAL NOT NULL
);
"""

log = logging.getLogger("majlis.store")
GROUP_COMMIT_GAP = 0.005  # s between commits' starts, at least (2 ms cost 10 % more CPU; README)
ROWS_PER_INSERT = 200  # moves in one INSERT statement (4 values each; SQLite allows 32,766)


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class StoreDamaged(RuntimeError):
    """The store's file cannot be read. The message names the file and the way out."""


def _writes(
    method: Callable[Concatenate[Store, Params], R],
) -> Callable[Concatenate[Store, Params], R | None]:
    """A write: run at once in its own transaction (its result), or queued for the writer
    thread (None)."""

    @functools.wraps(method)
    def write(self: Store, /, *args: Params.args, **kwargs: Params.kwargs) -> R | None:
        assert not kwargs, "store writes take positional arguments (they are queued as a tuple)"
        return self._submit(method, args)

    return write


def _reads(
    method: Callable[Concatenate[Store, Params], R],
) -> Callable[Concatenate[Store, Params], R]:
    """A read: after every queued write is committed, under the connection's lock."""

    @functools.wraps(method)
    def read(self: Store, /, *args: Params.args, **kwargs: Params.kwargs) -> R:
        self.flush()
        with self._lock:
            return method(self, *args, **kwargs)

    return read


class Store:
    """The server's database. ``path`` ":memory:" keeps it in memory (tests).

    A file that is not a readable SQLite database of ours raises :class:`StoreDamaged` naming
    the file; nothing is changed or deleted (start afresh with ``--fresh-store``)."""

    def __init__(
        self,
        path: str = ":memory:",
        wall: Callable[[], float] = time.time,
        background: bool = False,
    ):
        self.path = path
        self.wall = wall  # the start and finish times stored
        try:
            check_read_only(path)  # first: a writable open may rewrite a damaged header
            self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            self._open()
        except sqlite3.DatabaseError as err:
            with contextlib.suppress(Exception):
                self.db.close()
            raise StoreDamaged(
                f"The table store {os.path.abspath(path)} cannot be read ({err}). Nothing was "
                "changed. To start afresh, run the server with --fresh-store: the file is "
                "moved aside (renamed, not deleted) and an empty store begins."
            ) from None
        self._lock = threading.Lock()  # one user of the connection at once
        self._done = threading.Condition()
        self.queued = 0  # writes asked for so far
        self.durable = 0  # ... and committed
        self.on_commit: Callable[[int], None] | None = None
        self._pending: list[Write] = []  # writes for the writer thread ...
        self._wake = threading.Event()  # ... woken once per batch
        self._handoff = threading.Lock()  # guards _pending
        self._stopping = False
        self._writer: threading.Thread | None = None
        if background:
            self._writer = threading.Thread(
                target=self._write_forever, name="store-writer", daemon=True
            )
            self._writer.start()

    def _open(self) -> None:
        if self.path != ":memory:":
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
        check_integrity(self.db)
        self.db.executescript(_SCHEMA)
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(tables)")}
        if "clocks" not in columns:  # a database from before the clocks
            self.db.execute("ALTER TABLE tables ADD COLUMN clocks TEXT")
        if "hints" not in columns:  # a database from before hints (its tables had none)
            self.db.execute("ALTER TABLE tables ADD COLUMN hints INTEGER NOT NULL DEFAULT 0")
        if "fair" not in columns:  # a database from before the fair deals (plain seeds)
            self.db.execute("ALTER TABLE tables ADD COLUMN fair TEXT")
        if "match_no" not in columns:  # a database from before rematches: every table had one
            self.db.execute("ALTER TABLE tables ADD COLUMN match_no INTEGER NOT NULL DEFAULT 1")
        if "watchable" not in columns:  # a database from before spectators (all watchable)
            self.db.execute("ALTER TABLE tables ADD COLUMN watchable INTEGER NOT NULL DEFAULT 1")
        self.db.execute("CREATE INDEX IF NOT EXISTS tables_finished ON tables (finished)")

    def close(self) -> None:
        """Commit what is queued, stop the writer, close the file."""
        if self._writer is not None:
            self._stopping = True
            self._wake.set()
            self._writer.join()
            self._writer = None
        self.db.close()

    # ----- the writer -------------------------------------------------------------------------
    def _submit(self, method: Callable[..., R], args: tuple[Any, ...]) -> R | None:
        if self._writer is None:
            with self._lock, self._transaction():
                result = method(self, *args)
            self.queued += 1
            self.durable = self.queued
            return result
        self.queued += 1
        with self._handoff:
            first = not self._pending
            self._pending.append((self.queued, method, args))
        if first:
            self._wake.set()  # one wake-up per batch, not per write
        return None

    def _write_forever(self) -> None:
        while True:
            self._wake.wait()
            self._wake.clear()
            with self._handoff:
                writes, self._pending = self._pending, []
            if writes:
                begun = time.monotonic()
                self._commit(writes)
                if not self._stopping:  # the writes that come meanwhile make the next batch
                    time.sleep(max(0.0, begun + GROUP_COMMIT_GAP - time.monotonic()))
            if self._stopping and not self._pending:
                return

    def _commit(self, writes: list[Write]) -> None:
        """Queued writes in one transaction; if that fails, one at a time, so a bad write
        (logged) never takes the others with it."""
        with self._lock:
            try:
                if not self._single_insert(writes):
                    with self._transaction():
                        self._batch(writes)
            except Exception:
                for _, method, args in writes:
                    try:
                        with self._transaction():
                            method(self, *args)
                    except Exception:
                        log.exception("store write %s failed", method.__name__)
        with self._done:
            self.durable = writes[-1][0]
            self._done.notify_all()
        if self.on_commit is not None:
            self.on_commit(self.durable)

    def _single_insert(self, writes: list[Write]) -> bool:
        """The commonest batch (moves only, no seats or clocks) as one INSERT, its own
        transaction (as atomic and durable as BEGIN ... COMMIT); True if it was. Each statement
        must win the GIL back from the busy loop, so one instead of three commits sooner."""
        record = Store.record.__wrapped__  # type: ignore[attr-defined]
        if len(writes) > ROWS_PER_INSERT or any(w[1] is not record for w in writes):
            return False
        rows: list[tuple[str, int, int, str]] = []
        seats: dict[str, str] = {}
        clocks: dict[str, str] = {}
        for _, _, args in writes:
            self._gather(rows, seats, clocks, *args)
        if seats or clocks or len(rows) > ROWS_PER_INSERT:
            return False
        self._write_gathered(rows, seats, clocks)
        return True

    def _batch(self, writes: list[Write]) -> None:
        """The writes in order, except that the moves' rows of consecutive :meth:`record`
        calls go in as one multi-row INSERT and each table's seats and clocks are written once
        (the last): a statement lets go of the GIL and must win it back from the busy event
        loop, so 20 one-row statements took ~5 ms of waiting per commit, a few take little."""
        rows: list[tuple[str, int, int, str]] = []
        seats: dict[str, str] = {}
        clocks: dict[str, str] = {}
        record = Store.record.__wrapped__  # type: ignore[attr-defined]
        for _, method, args in writes:
            if method is record:
                self._gather(rows, seats, clocks, *args)
                continue
            self._write_gathered(rows, seats, clocks)
            method(self, *args)
        self._write_gathered(rows, seats, clocks)

    @staticmethod
    def _gather(
        rows: list[tuple[str, int, int, str]],
        seats: dict[str, str],
        clocks: dict[str, str],
        code: str,
        first: int,
        entries: list[list[Any]],
        seat_records: list[JsonObject] | None = None,
        clock_record: JsonObject | None = None,
    ) -> None:
        rows.extend(
            (code, first + i, seat, _dump(action)) for i, (seat, action) in enumerate(entries)
        )
        if seat_records is not None:
            seats[code] = _dump(seat_records)
        if clock_record is not None:
            clocks[code] = _dump(clock_record)

    def _write_gathered(
        self, rows: list[tuple[str, int, int, str]], seats: dict[str, str], clocks: dict[str, str]
    ) -> None:
        for start in range(0, len(rows), ROWS_PER_INSERT):
            chunk = rows[start : start + ROWS_PER_INSERT]
            self.db.execute(
                "INSERT OR REPLACE INTO actions (code, n, seat, action) VALUES "
                + ",".join(["(?,?,?,?)"] * len(chunk)),
                [value for row in chunk for value in row],
            )
        if seats:
            self.db.executemany(
                "UPDATE tables SET seats = ? WHERE code = ?", [(v, c) for c, v in seats.items()]
            )
        if clocks:
            self.db.executemany(
                "UPDATE tables SET clocks = ? WHERE code = ?", [(v, c) for c, v in clocks.items()]
            )
        rows.clear()
        seats.clear()
        clocks.clear()

    def flush(self, timeout: float = 30.0) -> None:
        """Wait until every write asked for so far is committed."""
        target = self.queued
        with self._done:
            self._done.wait_for(lambda: self.durable >= target, timeout)

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        self.db.execute("BEGIN")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # ----- writes -----------------------------------------------------------------------------
    @_writes
    def save_table(self, record: JsonObject) -> None:
        """A table that just started: its match record (without the log) and its seats."""
        self.db.execute(
            "INSERT OR REPLACE INTO tables (code, game, players, options, seed, deck, visibility,"
            " turn_seconds, bots, host, seats, started, hints, fair, match_no, watchable)"
            " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (
                record["code"],
                record["game"],
                record["players"],
                _dump(record["options"]),
                record["seed"],
                None if record.get("deck") is None else _dump(record["deck"]),
                record["visibility"],
                record["turn_seconds"],
                record["bots"],
                record["host"],
                _dump(record["seats"]),
                record.get("started", self.wall()),
                int(bool(record.get("hints", False))),
                None if record.get("fair") is None else _dump(record["fair"]),
                int(record.get("match", 1)),
                int(bool(record.get("watchable", True))),
            ),
        )

    @_writes
    def archive(self, code: str, number: int, record: JsonObject) -> None:
        """Match ``number`` of table ``code`` is over and the next one begins: its whole record
        (with its log, result and finish time) stays in ``matches`` and the table's log is
        emptied for the next match (whose :meth:`save_table` follows)."""
        self.db.execute(
            "INSERT OR REPLACE INTO matches (code, n, finished, record) VALUES (?,?,?,?)",
            (code, number, record.get("finished"), _dump(record)),
        )
        self.db.execute("DELETE FROM actions WHERE code = ?", (code,))

    def watchable(self, code: str, on: bool) -> None:
        """A started table's host let strangers watch it (or not): kept for a restart."""
        self.db.execute("UPDATE tables SET watchable = ? WHERE code = ?", (int(on), code))

    @_writes
    def record(
        self,
        code: str,
        first: int,
        entries: list[list[Any]],
        seats: list[JsonObject] | None = None,
        clocks: JsonObject | None = None,
    ) -> None:
        """A table's progress in one transaction: log entries ``[seat, action]`` numbered from
        ``first`` (the match log's index), the seats (when they changed) and the turn clocks
        (when timed)."""
        if entries:
            self.db.executemany(
                "INSERT OR REPLACE INTO actions (code, n, seat, action) VALUES (?,?,?,?)",
                [
                    (code, first + i, seat, _dump(action))
                    for i, (seat, action) in enumerate(entries)
                ],
            )
        if seats is not None:
            self.db.execute("UPDATE tables SET seats = ? WHERE code = ?", (_dump(seats), code))
        if clocks is not None:
            self.db.execute("UPDATE tables SET clocks = ? WHERE code = ?", (_dump(clocks), code))

    @_writes
    def beat(self, at: float) -> None:
        """The server is alive at wall time ``at``."""
        self.db.execute("INSERT OR REPLACE INTO alive (id, at) VALUES (0, ?)", (at,))

    @_writes
    def save_room(self, code: str, record: JsonObject) -> None:
        """An unstarted room's settings and seats."""
        self.db.execute(
            "INSERT OR REPLACE INTO rooms (code, record) VALUES (?, ?)", (code, _dump(record))
        )

    @_writes
    def drop_room(self, code: str) -> None:
        self.db.execute("DELETE FROM rooms WHERE code = ?", (code,))

    @_writes
    def finish(self, code: str, result: Any, at: float | None = None) -> None:
        self.db.execute(
            "UPDATE tables SET finished = ?, result = ? WHERE code = ?",
            (self.wall() if at is None else at, _dump(result), code),
        )

    @_writes
    def prune(self, before: float) -> int:
        """Forget the tables finished before wall time ``before`` (and their logs). Returns
        how many (None when queued)."""
        codes = [
            c
            for (c,) in self.db.execute(
                "SELECT code FROM tables WHERE finished IS NOT NULL AND finished < ?", (before,)
            )
        ]
        self.db.executemany("DELETE FROM actions WHERE code = ?", [(c,) for c in codes])
        self.db.executemany("DELETE FROM tables WHERE code = ?", [(c,) for c in codes])
        self.db.executemany("DELETE FROM matches WHERE code = ?", [(c,) for c in codes])
        self.db.execute("DELETE FROM matches WHERE finished < ?", (before,))
        return len(codes)

    # ----- reads ------------------------------------------------------------------------------
    @_reads
    def alive(self) -> float | None:
        """The last heartbeat's wall time, or None."""
        row = self.db.execute("SELECT at FROM alive WHERE id = 0").fetchone()
        return None if row is None else float(row[0])

    @_reads
    def rooms(self) -> list[JsonObject]:
        """Every stored unstarted room."""
        return [json.loads(text) for (text,) in self.db.execute("SELECT record FROM rooms")]

    @_reads
    def has_code(self, code: str) -> bool:
        """Whether a stored table or room has this code (a new room never reuses one that is
        still kept; looked up one at a time, so a start never loads every code ever used)."""
        return (
            self.db.execute(
                "SELECT 1 FROM tables WHERE code = ? UNION ALL SELECT 1 FROM rooms WHERE code = ?",
                (code, code),
            ).fetchone()
            is not None
        )

    @_reads
    def unfinished(self) -> list[JsonObject]:
        """Every started, unfinished table with its log, oldest first."""
        rows = self.db.execute("SELECT code FROM tables WHERE finished IS NULL ORDER BY started")
        return [t for (code,) in rows.fetchall() if (t := self._table(code)) is not None]

    @_reads
    def table(self, code: str, match: int | None = None) -> JsonObject | None:
        """One table's whole record: the match record keys, the table's settings and its log;
        of its match number ``match`` (1, 2, … : an earlier one from ``matches``), by default
        the latest."""
        current = self._table(code)
        if match is None or (current is not None and current["match"] == match):
            return current
        row = self.db.execute(
            "SELECT record FROM matches WHERE code = ? AND n = ?", (code, match)
        ).fetchone()
        return None if row is None else dict(json.loads(row[0]))

    @_reads
    def match_numbers(self, code: str) -> list[int]:
        """The numbers of ``code``'s matches still kept, in order (the latest last)."""
        rows = self.db.execute("SELECT n FROM matches WHERE code = ? ORDER BY n", (code,))
        kept = [int(n) for (n,) in rows]
        row = self.db.execute("SELECT match_no FROM tables WHERE code = ?", (code,)).fetchone()
        return kept + ([int(row[0])] if row is not None and int(row[0]) not in kept else [])

    def _table(self, code: str) -> JsonObject | None:
        row = self.db.execute(
            "SELECT code, game, players, options, seed, deck, visibility, turn_seconds, bots, host,"
            " seats, started, finished, result, clocks, hints, fair, match_no, watchable"
            " FROM tables WHERE code = ?",
            (code,),
        ).fetchone()
        if row is None:
            return None
        keys = (
            "code",
            "game",
            "players",
            "options",
            "seed",
            "deck",
            "visibility",
            "turn_seconds",
            "bots",
            "host",
            "seats",
            "started",
            "finished",
            "result",
            "clocks",
            "hints",
            "fair",
            "match",
            "watchable",
        )
        out = dict(zip(keys, row))
        out["hints"] = bool(out["hints"])
        out["watchable"] = bool(out["watchable"])
        for key in ("options", "deck", "seats", "result", "clocks", "fair"):
            if out[key] is not None:
                out[key] = json.loads(out[key])
        out["log"] = [
            [seat, json.loads(action)]
            for seat, action in self.db.execute(
                "SELECT seat, action FROM actions WHERE code = ? ORDER BY n", (code,)
            )
        ]
        return out
