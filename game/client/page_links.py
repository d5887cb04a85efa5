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

Pure Python (no pygame): only :func:`page_values` and :func:`page_address` look at the browser.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

from game.net.links import (  # the pure half, shared with the server's "room" link
    KEYS,
    ROOM,
    SERVER,
    build_invite_link,
    is_link_safe,
    page_base,
    parse_link,
    room_from_text,
)

__all__ = [
    "KEYS",
    "ROOM",
    "SERVER",
    "build_invite_link",
    "invite_link",
    "is_link_safe",
    "page_address",
    "page_base",
    "page_values",
    "parse_link",
    "room_from_text",
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
