"""Invite and server links that cannot stop the web page from loading.

pygbag's loader (``pythons.js``) reads the page's query string before Python starts, and three
of its rules turn a user value into a broken page:

* the first query argument that contains ``py`` is taken as the interpreter
  (``?server=wss://happy-isp.example`` loads ``…/cpythonwss://…/main.js``);
* ``-i`` anywhere in the query switches on interactive (terminal) mode;
* every query and fragment argument goes through ``decodeURI`` (a malformed escape throws and
  stops the loader) and is then pasted into a Python string literal holding JSON
  (``PyConfig = json.loads(\"\"\"…\"\"\")``): a ``"``, ``\\`` or control character that decodes
  out of ``%22``/``%5C``/``%0A`` breaks that JSON and Python never starts.

So our links (built in :mod:`game.net.links`, one format for the client and the server) carry
user values in the **fragment**, never the query:
``https://site/majlis/#room=K7QMX&server=wss://play.example:9310``. The loader never picks an
interpreter or ``-i`` from the fragment; values are percent-encoded here and only values that
cannot decode into a quote, a backslash, white space or a control character are ever written.
The page (``web/majlis.tmpl``) also moves ``room``/``server`` from an old ``?room=`` link into
the fragment and drops anything unsafe before the loader runs; :func:`parse_link` reads both.

A replay link (``#replay=CODE``, :mod:`game.client.replay`) is fragment only too: its code is
base64url, which needs no escape and cannot break the loader; its length is not capped at the
invite values' 200 (the page passes it on untouched, as any argument it does not know).

Pure Python (no pygame): only :func:`page_values`, :func:`page_replay` and :func:`page_address`
look at the browser.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any
from urllib.parse import unquote

from game.net.links import (  # the pure half, shared with the server's "room" link
    KEYS,
    MAX_VALUE,
    ROOM,
    SERVER,
    build_invite_link,
    is_link_safe,
    page_base,
    parse_link,
    room_from_text,
)
from game.net.protocol import normalize_code

__all__ = [
    "BAD_WATCH",
    "KEYS",
    "REPLAY",
    "ROOM",
    "SERVER",
    "WATCH",
    "build_invite_link",
    "invite_link",
    "is_link_safe",
    "page_address",
    "page_base",
    "page_replay",
    "page_values",
    "page_watch",
    "parse_link",
    "replay_address",
    "replay_from_text",
    "replay_link",
    "room_from_text",
    "watch_code",
    "watch_link",
]


def in_browser() -> bool:
    """Under pygbag (asked each time: tests stand in a browser by setting ``sys.platform``).
    A function, not ``sys.platform`` tested in place, which a type checker running natively
    takes for dead code."""
    return sys.platform == "emscripten"


def browser_window() -> Any:
    """The page's ``window`` through pygbag's bridge module ``platform`` (not the standard
    library's; it exists only in the browser). ``Any``: a JavaScript object, untyped."""
    return importlib.import_module("platform").window


def page_values() -> dict[str, str]:
    """:func:`parse_link` of the page's own address in the browser; ``{}`` natively."""
    if not in_browser():
        return {}
    try:
        location = browser_window().location
        return parse_link(str(location.search or ""), str(location.hash or ""))
    except Exception:
        return {}


def page_address() -> str:
    """This page's address without query or fragment in the browser; ``""`` natively."""
    if not in_browser():
        return ""
    try:
        location = browser_window().location
        return f"{location.origin}{location.pathname}"
    except Exception:
        return ""


def invite_link(code: str, server: str | None = None, server_link: str = "") -> str:
    """The invite link to show for a room: after this page's address in the browser; natively
    after the site address the server announced (``server_link``, if absolute), else bare
    (``#room=CODE&server=…``, to paste after the site's address)."""
    base = page_address() or (page_base(server_link) if "://" in server_link else "")
    return build_invite_link(base, code, server)


# ----- replay links -------------------------------------------------------------------------
REPLAY = "replay"
_CODE_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def replay_link(base: str, code: str) -> str:
    """``base`` (its query and fragment dropped) + ``#replay=CODE``. Raises ValueError for a
    code with a letter base64url does not have (it could not be read back)."""
    if not code or not set(code) <= _CODE_LETTERS:
        raise ValueError("not a replay code")
    return f"{page_base(base)}#{REPLAY}={code}"


def replay_from_text(text: object) -> str | None:
    """The replay code in a ``#replay=`` link or fragment, or a bare code; None when there is
    none. Only its letters are checked here: :func:`game.client.replay.decode` judges it."""
    if not isinstance(text, str):
        return None
    text = text.strip()
    if "#" in text or text.startswith(f"{REPLAY}="):
        fragment = text.partition("#")[2] if "#" in text else text
        for piece in fragment.split("&"):
            key, sep, value = piece.partition("=")
            if sep and unquote(key, errors="replace") == REPLAY:
                text = unquote(value, errors="replace").strip()
                break
        else:
            return None
    return text if text and set(text) <= _CODE_LETTERS else None


def page_replay() -> str | None:
    """The replay code in this page's fragment in the browser; None natively or without one."""
    if not in_browser():
        return None
    try:
        return replay_from_text(str(browser_window().location.hash or ""))
    except Exception:
        return None


def replay_address(code: str) -> str:
    """The replay link to share: after this page's address in the browser, bare natively
    (``#replay=CODE``, to paste after the site's address)."""
    return replay_link(page_address(), code)


# ----- watch links (spectators: game.client.watching) ----------------------------------------
WATCH = "watch"  # the link's key: ``#watch=K7QMX4PA``, fragment only as every link here
BAD_WATCH = "watch.bad_link"  # the words for a link that holds no table code


def watch_code(text: object) -> str | None:
    """The room code in a ``#watch=CODE`` link or fragment (``watch=`` among other values),
    or a bare code; None for anything else (too long, a look-alike letter, an escape that
    does not decode: never guessed)."""
    if not isinstance(text, str) or len(text) > 2 * MAX_VALUE:
        return None
    text = text.strip()
    if "#" in text or "=" in text:
        fragment = text.partition("#")[2] if "#" in text else text
        for piece in fragment.split("&"):
            key, sep, value = piece.partition("=")
            if sep and unquote(key, errors="replace") == WATCH:
                return normalize_code(unquote(value, errors="replace"))
        return None
    return normalize_code(text)


def watch_link(base: str, code: str) -> str:
    """``base`` (its query and fragment dropped) + ``#watch=CODE``. Raises ValueError for
    what is not a room code."""
    room = normalize_code(code)
    if room is None:
        raise ValueError(f"not a room code: {code!r}")
    return f"{base.split('#', 1)[0].split('?', 1)[0]}#{WATCH}={room}"


def page_watch() -> str | None:
    """The ``#watch=`` value of this page's fragment in the browser, as it is (the lobby
    reads it with :func:`watch_code` and says :data:`BAD_WATCH` when it holds no code); None
    natively or without one."""
    if not in_browser():
        return None
    try:
        fragment = str(browser_window().location.hash or "")
    except Exception:
        return None
    if f"{WATCH}=" not in fragment:
        return None
    return fragment[:400]
