"""Player statistics: the store's shape, what one finished match adds to it, and the summaries
the stats screen shows.

Pure (no storage, no drawing, no pygame): :mod:`game.client.stats_record` records a finished
match with what is here and loads and saves the store; :mod:`game.ui.scenes.stats` reads
:func:`summary` and :func:`recent`.

The store (:func:`game.client.stats_record.load` / :func:`~game.client.stats_record.save`,
kept by :mod:`game.client.storage` under "stats") is one JSON object::

    {"version": 1,
     "games": {"<game>": {"played", "won", "shared", "abandoned", "online", "streak",
                          "best_streak", "sums": {<figure>: int}}},
     "matches": [<entry>, ...]}          # the last MAX_MATCHES, oldest first

The aggregates run over every match ever recorded; only the list of matches is cut, so the
store stays small (a few tens of KB against the browser's ~5 MB localStorage).

An entry: ``{"game", "date", "online", "players", "result", "place", "totals", "side",
"figures"}``, and for a match that can be watched again its ``"replay"`` code
(:mod:`game.client.replay`; the last KEEP_REPLAYS matches keep theirs, so the store stays small)
and, online, the ``"table"`` code the server keeps its record under. ``result`` is "won"
(first place alone), "shared" (first place shared), "place"
(see ``place``) or "abandoned". Everything is derived from the player's view the scene already
holds (its ``history`` and ``result``): the engines are not asked anything new.

Decisions:
- A match abandoned by starting a new one counts as played, not won, and ends the win streak.
  Its completed rounds still add to the key figures (they were played).
- The streak counts outright wins in a row; a shared first place ends it (it is counted under
  "shared first" instead).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any, TypeGuard

from game.core import registry
from game.core.spec import Stats
from game.core.types import JsonObject  # the statistics are JSON in the store; clean() checks them

VERSION = 1
MAX_MATCHES = 200
RECENT = 10
KEEP_REPLAYS = 30  # the newest matches keep their replay codes (a Hareeja code: ~250 chars)
RESULTS = ("won", "shared", "place", "abandoned")
COUNTS = ("played", "won", "shared", "abandoned", "online", "streak", "best_streak")


View = Mapping[str, Any]  # a seat's view of any game (each game types its own)


def game_stats(game: str) -> Stats | None:
    """What ``game``'s spec says about its statistics (None: no such game any more)."""
    return registry.get(game).stats if registry.exists(game) else None


# ----- the store's shape -------------------------------------------------------------------------
def empty() -> dict[str, Any]:
    return {"version": VERSION, "games": {}, "matches": []}


def empty_game() -> dict[str, Any]:
    return {**dict.fromkeys(COUNTS, 0), "sums": {}}


def _is_int(x: Any) -> TypeGuard[int]:
    return isinstance(x, int) and not isinstance(x, bool)


def clean(stored: Any) -> dict[str, Any]:
    """A well-formed store from what was read: raises ValueError when it is not a stats object
    at all (the caller reports a corrupt store); bad parts inside are dropped one by one."""
    if (
        not isinstance(stored, dict)
        or not isinstance(stored.get("games", {}), dict)
        or not isinstance(stored.get("matches", []), list)
    ):
        raise ValueError("not a statistics store")
    out = empty()
    for game, agg in stored.get("games", {}).items():
        if not isinstance(game, str) or not isinstance(agg, dict):
            continue
        g = empty_game()
        for k in COUNTS:
            if _is_int(agg.get(k)) and agg[k] >= 0:
                g[k] = agg[k]
        sums = agg.get("sums")
        if isinstance(sums, dict):
            g["sums"] = {
                k: v
                for k, v in sums.items()
                if isinstance(k, str) and (_is_int(v) or isinstance(v, float))
            }
        out["games"][game] = g
    out["matches"] = [m for m in stored.get("matches", []) if _valid_entry(m)][-MAX_MATCHES:]
    return out


def _valid_entry(m: Any) -> bool:
    return (
        isinstance(m, dict)
        and isinstance(m.get("game"), str)
        and m.get("result") in RESULTS
        and isinstance(m.get("date"), str)
        and isinstance(m.get("totals"), list)
        and all(_is_int(t) for t in m["totals"])
        and isinstance(m.get("figures", {}), dict)
    )


# ----- one match ----------------------------------------------------------------------------------
def figures(game: str, view: View) -> dict[str, int]:
    """The game's key figures for the view's seat (its side in team play) from its history."""
    history = [h for h in view.get("history") or [] if isinstance(h, dict)]
    spec = game_stats(game)
    return spec.count(history, _seat(view), _side(view)) if spec is not None else {}


def _seat(view: View) -> int:
    """The view's own seat (0 for an old view without one)."""
    you = view.get("you")
    return you if _is_int(you) else 0


def _side(view: View) -> int:
    """The view's side (its seat when the game has no teams; 0 for an old seat-0 view)."""
    side = view.get("side")
    if _is_int(side):
        return side
    you, sides = view.get("you"), view.get("sides")
    if _is_int(you) and isinstance(sides, list) and 0 <= you < len(sides):
        mine: int = sides[you]
        return mine
    return you if _is_int(you) else 0


def outcome(game: str, totals: list[int], side: int) -> tuple[str, int]:
    """("won" | "shared" | "place", place): place 1 + the sides strictly ahead of ``side``."""
    mine = totals[side]
    spec = game_stats(game)
    lower = spec is not None and spec.lowest_wins  # Hand rummy: the lowest total wins
    ahead = sum(1 for t in totals if (t < mine if lower else t > mine))
    tied = sum(1 for i, t in enumerate(totals) if i != side and t == mine)
    place = ahead + 1
    if place == 1:
        return ("shared" if tied else "won"), 1
    return "place", place


def make_entry(
    game: str,
    view: View,
    players: list[str],
    online: bool,
    totals: list[int] | None = None,
    abandoned: bool = False,
    date: str | None = None,
) -> dict[str, Any]:
    """One match for the store, from the seat-0 view at its end (or where it was left)."""
    totals = [int(t) for t in (totals if totals is not None else view.get("totals", []))]
    side = _side(view)
    if abandoned or not totals:
        result, place = "abandoned", None
    else:
        result, place = outcome(game, totals, side)
    return {
        "game": game,
        "date": date or time.strftime("%Y-%m-%d %H:%M"),
        "online": bool(online),
        "players": [str(p) for p in players],
        "result": result,
        "place": place,
        "totals": totals,
        "side": side,
        "figures": figures(game, view),
    }


def add(stats: JsonObject, entry: JsonObject) -> JsonObject:
    """Count ``entry`` in the aggregates and keep it among the last MAX_MATCHES (in place)."""
    g = stats["games"].setdefault(entry["game"], empty_game())
    g["played"] += 1
    if entry["result"] == "won":
        g["won"] += 1
        g["streak"] += 1
        g["best_streak"] = max(g["best_streak"], g["streak"])
    else:
        g["streak"] = 0
    if entry["result"] in ("shared", "abandoned"):
        g[entry["result"]] += 1
    if entry.get("online"):
        g["online"] += 1
    sums = g["sums"]
    spec = game_stats(entry["game"])
    maxima = spec.maxima if spec is not None else frozenset()
    for key, value in entry["figures"].items():
        if key in maxima:
            sums[key] = value if key not in sums else max(sums[key], value)
        else:
            sums[key] = sums.get(key, 0) + value
    stats["matches"].append(entry)
    del stats["matches"][:-MAX_MATCHES]
    for older in stats["matches"][:-KEEP_REPLAYS]:
        older.pop("replay", None)
    return stats


def reset(stats: JsonObject, game: str) -> JsonObject:
    """Forget everything about ``game`` (the screen asks first)."""
    stats["games"].pop(game, None)
    stats["matches"] = [m for m in stats["matches"] if m["game"] != game]
    return stats


# ----- what the screen shows -------------------------------------------------------------------
def summary(stats: JsonObject, game: str) -> dict[str, Any]:
    """The big numbers and the key figures of ``game``: counts, ``rate`` (0..100 or None) and
    ``figures`` as (name, value) pairs in display order (values may be None: nothing yet)."""
    g = stats["games"].get(game) or empty_game()
    played = g["played"]
    out = {k: g[k] for k in COUNTS}
    out["rate"] = round(100 * g["won"] / played) if played else None
    spec = game_stats(game)
    out["figures"] = spec.shown(g["sums"]) if spec is not None else []
    return out


def fetchable(entry: JsonObject) -> bool:
    """An online match without its replay code whose server may still keep its record."""
    return (
        replay_code(entry) is None
        and isinstance(entry.get("table"), str)
        and isinstance(entry.get("server"), str)
    )


def replay_code(entry: JsonObject) -> str | None:
    """The replay code kept with a match entry (None: too old, online, or from before)."""
    code = entry.get("replay")
    return code if isinstance(code, str) and code else None


def recent(stats: JsonObject, game: str, n: int = RECENT) -> list[JsonObject]:
    """The last ``n`` matches of ``game``, newest first."""
    return [m for m in reversed(stats["matches"]) if m["game"] == game][:n]
