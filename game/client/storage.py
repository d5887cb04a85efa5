"""Settings and the in-progress match: a JSON file natively, localStorage in the browser.
(Statistics use the same store through :func:`read` / :func:`write`, see game.client.stats_record.)

Natively files live in ``$MAJLIS_HOME`` (tests) or ``~/.majlis/``. Under pygbag files written at
run time vanish on reload, so the browser's ``localStorage`` is used instead (WEB.md).
A corrupt or unreadable store never crashes the app: it falls back to defaults and reports a
message key the UI shows once. A saved match that cannot be read is kept aside under a
timestamped name (``match.corrupt-YYYYMMDD-HHMMSS``), never deleted.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from game.client.page_links import browser_window  # pygbag's bridge; only exists under emscripten
from game.core import registry
from game.net.protocol import AVATARS

DEFAULT_SETTINGS: dict[str, Any] = {
    "language": "ar",
    "sound": True,
    "volume": 0.7,
    "speed": "normal",  # slow | normal | fast
    "reduced_motion": False,
    "four_color": False,
    "confirm_play": False,  # tap a card to select it, again (or Play) to play it
    "drawing": "auto",  # auto | smooth | sharp: the drawing factor (game/ui/drawing_factor.py)
    "level": "normal",  # easy | normal | hard
    "turn_seconds": 0,  # 0 = unlimited, else 60 | 90 | 120
    "game": registry.names()[0],  # the first game of the menu (Hareeja)
    "avatar": -1,  # the face the player chose (0..AVATARS-1, shown on every device); -1: none yet
    "coach_offered": [],  # the games whose guided first round was offered (game/ui/coach_marks.py)
    "back": "red",  # the cards' back: one of BACKS
    "felt": "green",  # the table's felt: one of FELTS
}
BACKS = ("red", "blue")
FELTS = ("green", "wine")
# Besides these, "options.<game>" holds each game's menu options (a dict, checked value by
# value in game.ui.games) for every game there is.
OPTIONS_PREFIX = "options."

_WEB = sys.platform == "emscripten"
_PREFIX = "majlis."


def data_dir() -> Path:
    """Where native files go: $MAJLIS_HOME, else ~/.majlis."""
    home = os.environ.get("MAJLIS_HOME")
    return Path(home) if home else Path.home() / ".majlis"


def read(name: str) -> str | None:
    """The text stored under ``name`` (None when there is none); may raise (unreadable)."""
    return _read(name)


def write(name: str, text: str | None) -> None:
    """Store ``text`` under ``name`` (None removes it); may raise (the store is full)."""
    _write(name, text)


def _read(name: str) -> str | None:
    if _WEB:
        value = browser_window().localStorage.getItem(_PREFIX + name)
        # A missing key is JavaScript null; depending on the bridge it may arrive as None or as
        # the text "null"/"undefined". None of those is a corrupt store, just an empty one.
        text = None if value is None else str(value)
        return None if text in (None, "", "null", "undefined") else text
    path = data_dir() / f"{name}.json"
    if not path.exists():
        return None
    return path.read_text(encoding="utf-8")


def _write(name: str, text: str | None) -> None:
    if _WEB:
        if text is None:
            browser_window().localStorage.removeItem(_PREFIX + name)
        else:
            browser_window().localStorage.setItem(_PREFIX + name, text)
        return
    path = data_dir() / f"{name}.json"
    if text is None:
        if path.exists():
            path.unlink()
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    with contextlib.suppress(FileNotFoundError):
        tmp.unlink()  # a leftover of a crash may have other permissions
    # Readable by this user only (0600): the online file holds the tokens that are seats.
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(text)
    os.replace(tmp, path)


def load_settings() -> tuple[dict[str, Any], str | None]:
    """(settings, message key or None). Unknown or mistyped values fall back one by one."""
    settings = dict(DEFAULT_SETTINGS)
    try:
        raw = _read("settings")
        if raw is None:
            return settings, None
        stored = json.loads(raw)
        if not isinstance(stored, dict):
            raise ValueError("settings are not an object")
    except Exception:  # unreadable file, bad JSON, broken browser storage: never crash
        return settings, "storage.corrupt"
    for key, default in DEFAULT_SETTINGS.items():
        value = stored.get(key, default)
        if isinstance(default, bool):
            ok = isinstance(value, bool)
        elif isinstance(default, (int, float)):
            ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        else:
            ok = isinstance(value, type(default))
        if ok:
            settings[key] = value
    for key, value in stored.items():
        if isinstance(key, str) and key.startswith(OPTIONS_PREFIX) and isinstance(value, dict):
            settings[key] = value
    settings["volume"] = min(1.0, max(0.0, float(settings["volume"])))
    for key, allowed in (("back", BACKS), ("felt", FELTS)):
        if settings[key] not in allowed:
            settings[key] = DEFAULT_SETTINGS[key]
    avatar = settings["avatar"]
    if not isinstance(avatar, int) or isinstance(avatar, bool) or not -1 <= avatar < AVATARS:
        settings["avatar"] = -1  # not a face there is: none chosen
    return settings, None


def save_settings(settings: dict[str, Any]) -> bool:
    """Store settings; False when the store cannot be written (the app keeps going)."""
    try:
        _write("settings", json.dumps(settings, ensure_ascii=False))
        return True
    except Exception:
        return False


MATCH = "match"  # the single save of before (one for all games): migrated on first read


def match_name(game: str) -> str:
    """The store that holds ``game``'s saved match: ``match.<game>``."""
    return f"{MATCH}.{game}"


def _game_of(saved: dict[str, Any]) -> str:
    game = saved.get("game", registry.names()[0])  # a save without "game" is Hareeja's
    if not isinstance(game, str) or game not in registry.names():
        raise ValueError(f"not a game: {game!r}")
    return game


def save_match(saved: dict[str, Any]) -> bool:
    """Store the in-progress match of ``saved["game"]`` in its own slot (one per game):
    ``{"game": name, "record": match.record(), "seats": [...], ...}``."""
    try:
        _write(match_name(_game_of(saved)), json.dumps(saved, ensure_ascii=False))
        return True
    except Exception:
        return False


def migrate_match() -> str | None:
    """Move the single save of before into its game's slot; returns a message key when it
    could not be read (it is then kept aside, never deleted). When the game's slot already
    holds a match, the old save is kept aside instead of overwriting it."""
    try:
        raw = _read(MATCH)
        if raw is None:
            return None
        saved = json.loads(raw)
        if not isinstance(saved, dict) or "record" not in saved:
            raise ValueError("not a saved match")
        name = match_name(_game_of(saved))
        if _read(name) is None:
            _write(name, raw)
            _write(MATCH, None)
            return None
        _keep_aside(MATCH)  # two saves of one game: the newer slot stays, the old one is kept
        return None
    except Exception:
        _keep_aside(MATCH)
        return "storage.match_corrupt"


def load_match(game: str) -> tuple[dict[str, Any] | None, str | None]:
    """(``game``'s saved match or None, message key or None). A saved match that cannot be
    read is not deleted: it is kept aside under a timestamped name (:func:`keep_match_aside`),
    the other games' saves untouched, and the message says so; the next load starts clean."""
    message = migrate_match()
    try:
        raw = _read(match_name(game))
        if raw is None:
            return None, message
        saved = json.loads(raw)
        if not isinstance(saved, dict) or "record" not in saved or _game_of(saved) != game:
            raise ValueError("not a saved match of this game")
        return saved, message
    except Exception:
        keep_match_aside(game)
        return None, "storage.match_corrupt"


def load_matches() -> tuple[dict[str, dict[str, Any]], list[str]]:
    """Every game's saved match ({game: saved}, in the menu's order) and the games whose save
    could not be read (each kept aside on its own, the others load; ``""`` stands for the single
    save of before when not even its game could be read)."""
    kept = [""] if migrate_match() is not None else []
    found: dict[str, dict[str, Any]] = {}
    for game in registry.names():
        saved, said = load_match(game)
        if said is not None:
            kept.append(game)
        if saved is not None:
            found[game] = saved
    return found, kept


def aside_name(name: str, when: float | None = None) -> str:
    """The name a store ``name`` is kept under when it cannot be used:
    ``<name>.corrupt-YYYYMMDD-HHMMSS`` (local time; ``-2``, ``-3``… when that is taken)."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
    return f"{name}.corrupt-{stamp}"


def _keep_aside(name: str) -> str | None:
    try:
        raw = _read(name)
        if raw is None:
            return None
        base = aside_name(name)
        kept, n = base, 1
        while _read(kept) is not None:  # two in one second: never over an earlier one
            n += 1
            kept = f"{base}-{n}"
        _write(kept, raw)
        _write(name, None)
        return kept
    except Exception:
        return None


def keep_match_aside(game: str) -> str | None:
    """Move ``game``'s saved match that cannot be read or replayed out of the way, keeping its
    text (nothing a player did is thrown away); returns the name it is kept under (None: there
    was nothing, or the store cannot be written — then it is left where it is)."""
    return _keep_aside(match_name(game))


def clear_match(game: str) -> None:
    """``game``'s saved match is over (finished, or abandoned and recorded): remove it."""
    with contextlib.suppress(Exception):
        _write(match_name(game), None)
