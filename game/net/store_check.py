"""The store's SQLite file: checked without changing it, or moved aside (server only; stdlib
only).

:func:`check_read_only` runs SQLite's quick check through a read-only connection before the
store opens its file for writing: a writable open is not safe for a damaged file, since
switching it to the WAL journal rewrites its header (the format version bytes, the change
counter, the version stamp) before the check can say it is damaged. So a refused start leaves
every byte of the file as it was, as its message says.
"""

from __future__ import annotations

import os
import sqlite3
import time
import urllib.parse

DAMAGED = (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)  # primary result codes


def check_integrity(db: sqlite3.Connection) -> None:
    """SQLite's quick check of every page: raises sqlite3.DatabaseError unless "ok"."""
    check = db.execute("PRAGMA quick_check").fetchone()
    if check is None or check[0] != "ok":
        raise sqlite3.DatabaseError(f"integrity check: {check[0] if check else 'no answer'}")


def check_read_only(path: str) -> None:
    """Raise sqlite3.DatabaseError if the existing file at ``path`` is damaged, reading it
    through a ``mode=ro`` connection only. What a read-only connection cannot do at all (undo
    a crashed rollback journal, create the WAL index in a directory it may not write) is not
    damage: it is left to the writable open, which checks again."""
    if path == ":memory:" or not os.path.exists(path):
        return
    index = path + "-shm"
    had_index = os.path.exists(index)
    try:
        _check_through(_read_only_uri(path))
    except sqlite3.DatabaseError:
        if not had_index and os.path.exists(index):
            os.remove(index)  # the WAL index this check made (never one it found)
        raise


def _read_only_uri(path: str) -> str:
    """Read-only; and with no WAL or rollback journal beside it (a store closed cleanly: the
    main file holds it all) also ``immutable``, so that not even the WAL companions are
    created. A journal left by a crash must be read (WAL) or undone (rollback) first."""
    uri = "file:" + urllib.parse.quote(os.path.abspath(path)) + "?mode=ro"
    journals = (path + "-wal", path + "-journal")
    return uri if any(map(os.path.exists, journals)) else uri + "&immutable=1"


def _check_through(uri: str) -> None:
    try:
        db = sqlite3.connect(uri, uri=True, isolation_level=None)
    except sqlite3.OperationalError:
        return  # not even opened read-only: the writable open says why
    try:
        check_integrity(db)
    except sqlite3.OperationalError as err:
        if _primary_code(err) in DAMAGED:
            raise
    finally:
        db.close()


def _primary_code(err: sqlite3.Error) -> int | None:
    code = getattr(err, "sqlite_errorcode", None)
    return None if code is None else code & 0xFF


def move_aside(path: str, now: float | None = None) -> str | None:
    """``--fresh-store``: rename the store file (and its WAL/SHM companions) to
    ``PATH.aside-YYYYmmdd-HHMMSS``, never deleting anything. Returns the new name (None when
    there was no file)."""
    if path == ":memory:" or not os.path.exists(path):
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(time.time() if now is None else now))
    target = f"{path}.aside-{stamp}"
    n = 1
    while os.path.exists(target):
        n += 1
        target = f"{path}.aside-{stamp}-{n}"
    os.replace(path, target)
    for extra in ("-wal", "-shm"):
        if os.path.exists(path + extra):
            os.replace(path + extra, target + extra)
    return target
