"""Player statistics: what each finished match adds, and the summaries the stats screen shows.

No drawing here (and no pygame): the table scene calls :func:`record_match_end` once when a
match's end is shown, the menu calls :func:`record_abandoned` when Play replaces a match still
in progress; :mod:`game.ui.scenes.stats` reads :func:`summary` and :func:`recent`.

The store (``storage.load_stats`` / ``save_stats``) is one JSON object::

    {"version": 1,
     "games": {"<game>": {"played", "won", "shared", "abandoned", "online", "streak",
                          "best_streak", "sums": {<figure>: int}}},
     "matches": [<entry>, ...]}          # the last MAX_MATCHES, oldest first

The aggregates run over every match ever recorded; only the list of matches is cut, so the
store stays small (a few tens of KB against the browser's ~5 MB localStorage).

An entry: ``{"game", "date", "online", "players", "result", "place", "totals", "side",
"figures"}``. ``result`` is "won" (first place alone), "shared" (first place shared), "place"
(see ``place``) or "abandoned". Everything is derived from the seat-0 view the scene already
holds (its ``history`` and ``result``): the engines are not asked anything new.

Decisions:
- A match abandoned by starting a new one counts as played, not won, and ends the win streak.
  Its completed rounds still add to the key figures (they were played).
- The streak counts outright wins in a row; a shared first place ends it (it is counted under
  "shared first" instead).
- Matches where seat 0 is a bot (``--autoplay``, all-bot tables) and the screenshot harness's
  scripted tables are not recorded.
"""
from __future__ import annotations

import importlib
import time
from typing import Any

VERSION = 1
MAX_MATCHES = 200
RECENT = 10
RESULTS = ("won", "shared", "place", "abandoned")
COUNTS = ("played", "won", "shared", "abandoned", "online", "streak", "best_streak")

# Per game: the figures summed over matches (best_round keeps the maximum instead).
FIGURES: dict[str, tuple[str, ...]] = {
    "hareeja": ("rounds", "exact", "zero_made", "best_round"),
    "ronda": ("deals", "caidas", "mesas", "declarations", "points"),
    "hand_rummy": ("rounds", "rounds_won", "hand_wins", "score_sum"),
}
MAXIMA = frozenset({"best_round"})
LOWER_WINS = frozenset({"hand_rummy"})        # HR: the lowest total wins


# ----- the store's shape -------------------------------------------------------------------------
def empty() -> dict[str, Any]:
    return {"version": VERSION, "games": {}, "matches": []}


def empty_game() -> dict[str, Any]:
    return {**dict.fromkeys(COUNTS, 0), "sums": {}}


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def clean(stored: Any) -> dict[str, Any]:
    """A well-formed store from what was read: raises ValueError when it is not a stats object
    at all (the caller reports a corrupt store); bad parts inside are dropped one by one."""
    if not isinstance(stored, dict) or not isinstance(stored.get("games", {}), dict) \
            or not isinstance(stored.get("matches", []), list):
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
            g["sums"] = {k: v for k, v in sums.items()
                         if isinstance(k, str) and (_is_int(v) or isinstance(v, float))}
        out["games"][game] = g
    out["matches"] = [m for m in stored.get("matches", []) if _valid_entry(m)][-MAX_MATCHES:]
    return out


def _valid_entry(m: Any) -> bool:
    return (isinstance(m, dict) and isinstance(m.get("game"), str)
            and m.get("result") in RESULTS and isinstance(m.get("date"), str)
            and isinstance(m.get("totals"), list) and all(_is_int(t) for t in m["totals"])
            and isinstance(m.get("figures", {}), dict))


# ----- one match ----------------------------------------------------------------------------------
def figures(game: str, view: dict) -> dict[str, int]:
    """The game's key figures for seat 0 (its side in team play) from the view's history."""
    history = [h for h in view.get("history") or [] if isinstance(h, dict)]
    side = _side(view)
    if game == "hareeja":
        mine = [(h["bids"][0], h["tricks"][0], h["scores"][0]) for h in history]
        out = {"rounds": len(mine),
               "exact": sum(1 for b, t, _s in mine if b == t),
               "zero_made": sum(1 for b, t, _s in mine if b == 0 and t == 0)}
        if mine:
            out["best_round"] = max(s for _b, _t, s in mine)
        return out
    if game == "ronda":
        return {"deals": len(history),
                "caidas": sum(h["caidas"][side] for h in history),
                "mesas": sum(h["mesas"][side] for h in history),
                "declarations": sum(h["declarations"][side] for h in history),
                "points": sum(h["points"][side] for h in history)}
    if game == "hand_rummy":
        return {"rounds": len(history),
                "rounds_won": sum(1 for h in history if h["winner"] == 0),
                "hand_wins": sum(1 for h in history if h["winner"] == 0 and h["kind"] == -60),
                "score_sum": sum(h["scores"][0] for h in history)}
    return {}


def _side(view: dict) -> int:
    side = view.get("side")
    return side if _is_int(side) else 0


def outcome(game: str, totals: list[int], side: int) -> tuple[str, int]:
    """("won" | "shared" | "place", place): place 1 + the sides strictly ahead of ``side``."""
    mine = totals[side]
    lower = game in LOWER_WINS
    ahead = sum(1 for t in totals if (t < mine if lower else t > mine))
    tied = sum(1 for i, t in enumerate(totals) if i != side and t == mine)
    place = ahead + 1
    if place == 1:
        return ("shared" if tied else "won"), 1
    return "place", place


def make_entry(game: str, view: dict, players: list[str], online: bool,
               totals: list[int] | None = None, abandoned: bool = False,
               date: str | None = None) -> dict[str, Any]:
    """One match for the store, from the seat-0 view at its end (or where it was left)."""
    totals = [int(t) for t in (totals if totals is not None else view.get("totals", []))]
    side = _side(view)
    if abandoned or not totals:
        result, place = "abandoned", None
    else:
        result, place = outcome(game, totals, side)
    return {"game": game, "date": date or time.strftime("%Y-%m-%d %H:%M"),
            "online": bool(online), "players": [str(p) for p in players],
            "result": result, "place": place, "totals": totals, "side": side,
            "figures": figures(game, view)}


def add(stats: dict, entry: dict) -> dict:
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
    for key, value in entry["figures"].items():
        if key in MAXIMA:
            sums[key] = value if key not in sums else max(sums[key], value)
        else:
            sums[key] = sums.get(key, 0) + value
    stats["matches"].append(entry)
    del stats["matches"][:-MAX_MATCHES]
    return stats


def reset(stats: dict, game: str) -> dict:
    """Forget everything about ``game`` (the screen asks first)."""
    stats["games"].pop(game, None)
    stats["matches"] = [m for m in stats["matches"] if m["game"] != game]
    return stats


# ----- what the screen shows -------------------------------------------------------------------
def summary(stats: dict, game: str) -> dict[str, Any]:
    """The big numbers and the key figures of ``game``: counts, ``rate`` (0..100 or None) and
    ``figures`` as (name, value) pairs in display order (values may be None: nothing yet)."""
    g = stats["games"].get(game) or empty_game()
    played = g["played"]
    s = g["sums"]
    out = {k: g[k] for k in COUNTS}
    out["rate"] = round(100 * g["won"] / played) if played else None
    if game == "hareeja":
        rows = [("rounds", s.get("rounds", 0)), ("exact", (s.get("exact", 0), s.get("rounds", 0))),
                ("zero_made", s.get("zero_made", 0)), ("best_round", s.get("best_round"))]
    elif game == "ronda":
        rows = [(k, s.get(k, 0)) for k in FIGURES["ronda"]]
    elif game == "hand_rummy":
        rounds = s.get("rounds", 0)
        rows = [("rounds_won", (s.get("rounds_won", 0), rounds)),
                ("hand_wins", s.get("hand_wins", 0)),
                ("avg_score", round(s.get("score_sum", 0) / rounds, 1) if rounds else None)]
    else:
        rows = []
    out["figures"] = rows
    return out


def recent(stats: dict, game: str, n: int = RECENT) -> list[dict]:
    """The last ``n`` matches of ``game``, newest first."""
    return [m for m in reversed(stats["matches"]) if m["game"] == game][:n]


# ----- recording (called by the table scene and the menu) ----------------------------------------
def _store(entry: dict) -> bool:
    from game.ui import storage
    data, _message = storage.load_stats()     # a corrupt store was set aside: start afresh
    return storage.save_stats(add(data, entry))


def record_match_end(scene: Any, result: dict) -> bool:
    """The match of ``scene`` (a CardTable, local or online) has ended: record it once.

    Not recorded: ``--autoplay`` and ``--screenshots`` runs, and tables where seat 0 is a bot.
    Never raises: statistics must not break the end of a match."""
    try:
        app = scene.app
        if getattr(scene, "stats_recorded", False) or app.options.autoplay \
                or app.options.screenshots or scene.table.seats[0].kind == "bot":
            return False
        scene.stats_recorded = True
        view = scene.match.view(0)
        entry = make_entry(scene.name, view, [s.name for s in scene.table.seats],
                           online=bool(getattr(scene, "remote", False)),
                           totals=list(result.get("totals") or view.get("totals") or []))
        return _store(entry)
    except Exception:
        return False


def record_abandoned(saved: dict) -> bool:
    """A saved match in progress is being replaced by a new one: count it as played, not won.
    Its finished rounds are read from a replay of its record (seed + action log)."""
    try:
        game = saved.get("game", "hareeja")
        seats = saved.get("seats") or []
        if not seats or seats[0].get("kind") == "bot":
            return False
        view: dict = {}
        try:
            match = importlib.import_module(f"game.games.{game}.rules").Match.replay(
                saved["record"])
            view = match.view(0)
        except Exception:
            pass                      # the match is still counted, without figures
        entry = make_entry(game, view, [s.get("name", "") for s in seats], online=False,
                           abandoned=True)
        return _store(entry)
    except Exception:
        return False
