"""SQLite record of every started table: enough to resume it after a restart, and the results.

Standard library only (sqlite3). One row per table (seed, options, deck, seats) and one row per
applied action, appended as the match goes (WAL journal, so an append is cheap). A finished
table keeps its rows and gets its result. :meth:`Store.unfinished` gives what
``Match.replay`` needs to rebuild every table still running.

Also kept for a restart: each table's seats (missed turns, assistance) and turn clocks, written
with the actions in one transaction (:meth:`Store.record`); a heartbeat (:meth:`Store.beat`),
so a restart knows when the server stopped; and unstarted rooms' seats (:meth:`Store.save_room`).
"""
from __future__ import annotations

import contextlib
import json
import sqlite3
import time
from collections.abc import Iterator
from typing import Any

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
    clocks TEXT
);
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL,
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
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


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class Store:
    """The server's database. ``path`` ":memory:" keeps it in memory (tests)."""

    def __init__(self, path: str = ":memory:"):
        self.path = path
        self.db = sqlite3.connect(path, isolation_level=None)   # autocommit; WAL makes it cheap
        if path != ":memory:":
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(_SCHEMA)
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(tables)")}
        if "clocks" not in columns:                       # a database from before the clocks
            self.db.execute("ALTER TABLE tables ADD COLUMN clocks TEXT")

    def close(self) -> None:
        self.db.close()

    def save_table(self, record: dict) -> None:
        """A table that just started: its match record (without the log) and its seats."""
        self.db.execute(
            "INSERT OR REPLACE INTO tables (code, game, players, options, seed, deck, visibility,"
            " turn_seconds, bots, host, seats, started) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
            (record["code"], record["game"], record["players"], _dump(record["options"]),
             record["seed"], None if record.get("deck") is None else _dump(record["deck"]),
             record["visibility"], record["turn_seconds"], record["bots"], record["host"],
             _dump(record["seats"]), time.time()))

    def append(self, code: str, first: int, entries: list) -> None:
        """Log entries ``[seat, action]`` numbered from ``first`` (the match log's index)."""
        self.db.executemany(
            "INSERT OR REPLACE INTO actions (code, n, seat, action) VALUES (?,?,?,?)",
            [(code, first + i, seat, _dump(action)) for i, (seat, action) in enumerate(entries)])

    def record(self, code: str, first: int, entries: list, seats: list[dict] | None = None,
               clocks: dict | None = None) -> None:
        """A table's progress in one transaction: log entries from ``first``, the seats (when
        they changed) and the turn clocks (when timed)."""
        if not entries and seats is None and clocks is None:
            return
        with self._transaction():
            if entries:
                self.append(code, first, entries)
            if seats is not None:
                self.save_seats(code, seats)
            if clocks is not None:
                self.db.execute("UPDATE tables SET clocks = ? WHERE code = ?",
                                (_dump(clocks), code))

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        self.db.execute("BEGIN")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def beat(self, at: float) -> None:
        """The server is alive at wall time ``at``."""
        self.db.execute("INSERT OR REPLACE INTO alive (id, at) VALUES (0, ?)", (at,))

    def alive(self) -> float | None:
        """The last heartbeat's wall time, or None."""
        row = self.db.execute("SELECT at FROM alive WHERE id = 0").fetchone()
        return None if row is None else row[0]

    def save_room(self, code: str, record: dict) -> None:
        """An unstarted room's settings and seats."""
        self.db.execute("INSERT OR REPLACE INTO rooms (code, record) VALUES (?, ?)",
                        (code, _dump(record)))

    def drop_room(self, code: str) -> None:
        self.db.execute("DELETE FROM rooms WHERE code = ?", (code,))

    def rooms(self) -> list[dict]:
        """Every stored unstarted room."""
        return [json.loads(text) for (text,) in self.db.execute("SELECT record FROM rooms")]

    def save_seats(self, code: str, seats: list[dict]) -> None:
        self.db.execute("UPDATE tables SET seats = ? WHERE code = ?", (_dump(seats), code))

    def finish(self, code: str, result: Any) -> None:
        self.db.execute("UPDATE tables SET finished = ?, result = ? WHERE code = ?",
                        (time.time(), _dump(result), code))

    def codes(self) -> set[str]:
        """Every code the store knows (new rooms never reuse one)."""
        return {row[0] for row in self.db.execute("SELECT code FROM tables UNION "
                                                  "SELECT code FROM rooms")}

    def unfinished(self) -> list[dict]:
        """Every started, unfinished table with its log, oldest first."""
        rows = self.db.execute("SELECT code FROM tables WHERE finished IS NULL ORDER BY started")
        return [self.table(code) for (code,) in rows.fetchall()]

    def table(self, code: str) -> dict | None:
        """One table's whole record: the match record keys, the table's settings and its log."""
        row = self.db.execute(
            "SELECT code, game, players, options, seed, deck, visibility, turn_seconds, bots, host,"
            " seats, started, finished, result, clocks FROM tables WHERE code = ?",
            (code,)).fetchone()
        if row is None:
            return None
        keys = ("code", "game", "players", "options", "seed", "deck", "visibility",
                "turn_seconds", "bots", "host", "seats", "started", "finished", "result", "clocks")
        out = dict(zip(keys, row))
        for key in ("options", "deck", "seats", "result", "clocks"):
            if out[key] is not None:
                out[key] = json.loads(out[key])
        out["log"] = [[seat, json.loads(action)] for seat, action in self.db.execute(
            "SELECT seat, action FROM actions WHERE code = ? ORDER BY n", (code,))]
        return out
