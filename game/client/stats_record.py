"""Recording a finished match in the player's statistics: the entry (:mod:`game.client.stats`
makes it and counts it), its replay code (the local record, or the server's asked for), and
the store loaded and saved.

No drawing here (and no pygame): the table scene calls :func:`record_match` when a match's end
is shown and keeps its answer (True: recorded, not to be asked again for that match), the menu
calls :func:`record_abandoned` when Play replaces a match still in progress;
:mod:`game.ui.scenes.stats` reads and writes the store through :func:`load` and :func:`save`.
The store is kept by :mod:`game.client.storage` under "stats" (its shape:
:mod:`game.client.stats`).

Matches where seat 0 is a bot (``--autoplay``, all-bot tables) and the screenshot harness's
scripted tables are not recorded.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from game.client import storage
from game.client.session import TableSession
from game.client.stats import View, add, clean, empty, make_entry
from game.core import registry
from game.core.types import JsonObject


# ----- the store ----------------------------------------------------------------------------------
def load() -> tuple[dict[str, Any], str | None]:
    """(statistics, message key or None). A store that cannot be read is kept aside as
    ``stats.corrupt`` and the statistics start afresh (stored at once, so the message is shown
    once); damaged parts inside a readable store are dropped one by one, silently."""
    raw = None
    try:
        raw = storage.read("stats")
        if raw is None:
            return empty(), None
        return clean(json.loads(raw)), None
    except Exception:
        try:
            if raw is not None:
                storage.write("stats.corrupt", raw)
            storage.write("stats", json.dumps(empty()))
        except Exception:
            pass
        return empty(), "storage.stats_corrupt"


def save(data: dict[str, Any]) -> bool:
    """Store the statistics; False when the store cannot be written (the app keeps going)."""
    try:
        storage.write("stats", json.dumps(data, ensure_ascii=False, separators=(",", ":")))
        return True
    except Exception:
        return False


def _store(entry: JsonObject) -> bool:
    data, _message = load()  # a corrupt store was set aside: start afresh
    return save(add(data, entry))


# ----- recording (called by the table scene and the menu) ----------------------------------------
class RunOptions(Protocol):
    """The app's start-up options recording reads (game.ui.app.Options)."""

    @property
    def autoplay(self) -> bool: ...

    @property
    def screenshots(self) -> str | None: ...


class TableApp(Protocol):
    @property
    def options(self) -> RunOptions: ...


class FinishedTable(Protocol):
    """What recording a match reads of its table scene (game.ui.cardtable.CardTable)."""

    @property
    def name(self) -> str: ...

    @property
    def app(self) -> TableApp: ...

    @property
    def session(self) -> TableSession: ...


def record_match(table: FinishedTable, result: JsonObject) -> bool:
    """The match at ``table`` (local or online) has ended: add it to the statistics. True when
    it was recorded; the table keeps that answer and does not ask again for the same match.

    Not recorded: ``--autoplay`` and ``--screenshots`` runs, replays, tables where your seat
    is a bot, and a store that cannot be written (False: asked again, it is tried again).
    Never raises: statistics must not break the end of a match."""
    try:
        options, session = table.app.options, table.session
        if (
            getattr(session, "replay", False)
            or options.autoplay
            or options.screenshots
            or session.seats[session.me].kind == "bot"
        ):
            return False
        view = session.view()
        entry = make_entry(
            table.name,
            view,
            [s.name for s in session.seats],
            online=bool(session.online),
            totals=list(result.get("totals") or view.get("totals") or []),
        )
        code = _replay_of(session, entry["players"])
        if code is not None:
            entry["replay"] = code
        room = getattr(session, "room", {}).get("code") if session.online else None
        if isinstance(room, str):
            entry["table"], entry["seat"] = room, session.me
            number = getattr(session, "room", {}).get("match")
            if isinstance(number, int) and number > 1:
                entry["match"] = number  # a rematch: the table's match number (get_record)
            server = getattr(getattr(session, "server", None), "entry", None)
            if isinstance(server, str):
                entry["server"] = server  # where a Replay can ask for it later
            _ask_record(table.app, session, entry)
        return _store(entry)
    except Exception:
        return False


def record_match_end(scene: Any, result: JsonObject) -> bool:
    """:func:`record_match` once per match for a table scene that does not keep its answer
    itself yet: the answer is kept on the scene, as ``stats_recorded``."""
    if getattr(scene, "stats_recorded", False):
        return False
    recorded = record_match(scene, result)
    if recorded:
        scene.stats_recorded = True
    return recorded


def record_abandoned(saved: JsonObject) -> bool:
    """A saved match in progress is being replaced by a new one: count it as played, not won.
    Its finished rounds are read from a replay of its record (seed + action log)."""
    try:
        game = saved.get("game", registry.names()[0])  # an old save is Hareeja's
        seats = saved.get("seats") or []
        if not seats or seats[0].get("kind") == "bot":
            return False
        view: View = {}
        try:
            match = registry.get(game).engine_class().replay(saved["record"])
            view = match.view(0)
        except Exception:
            pass  # the match is still counted, without figures
        entry = make_entry(
            game, view, [s.get("name", "") for s in seats], online=False, abandoned=True
        )
        return _store(entry)
    except Exception:
        return False


# ----- an entry's replay code ---------------------------------------------------------------------
def _replay_of(session: Any, players: list[str]) -> str | None:
    """The code of a finished local match (its record is in the session's save); None
    online, where the server keeps the record."""
    from game.client import replay

    saved = session.saved()
    if not saved or "record" not in saved:
        return None
    try:
        return replay.encode(saved["record"], session.me, players)
    except replay.ReplayError:
        return None


RECORD_WAIT = 8.0  # seconds an online match's end waits for the server's record


def _ask_record(app: Any, session: Any, entry: JsonObject) -> None:
    """Ask the table server for the finished match (``get_record``) and, when it answers while
    the table is still shown, keep its replay code with ``entry``. Watched once a frame by the
    app for at most :data:`RECORD_WAIT` seconds."""
    number = {"match": entry["match"]} if isinstance(entry.get("match"), int) else {}
    if not session.server.send("get_record", code=entry["table"], **number):
        return
    left = [RECORD_WAIT]

    def poll(dt: float) -> bool:
        left[0] -= dt
        msg = getattr(session, "finished_record", None)
        same = isinstance(msg, dict) and msg.get("match", 1) == entry.get("match", 1)
        if same and isinstance(msg, dict) and msg.get("code") == entry["table"]:
            attach_replay(entry, msg, session.me)
            return False
        return left[0] > 0

    app.watch(poll)


def attach_replay(entry: JsonObject, msg: JsonObject, me: int) -> bool:
    """Keep the replay code of the server's ``record`` message with the stored ``entry`` (found
    by its table code and date); False when the record does not replay or is not there."""
    from game.client import replay

    names = [str(n) for n in msg.get("names") or []]
    try:
        code = replay.encode(msg["record"], me, names, online=True)
    except (replay.ReplayError, KeyError, TypeError):
        return False
    return keep_replay(entry, code)


def keep_replay(entry: JsonObject, code: str) -> bool:
    """Store ``code`` with the stored match ``entry`` (found by its table code and date)."""
    data, _message = load()
    for stored in reversed(data["matches"]):
        if stored.get("table") == entry["table"] and stored["date"] == entry["date"]:
            stored["replay"] = code
            return save(data)
    return False
