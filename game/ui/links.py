"""Invite and server links that cannot stop the web page from loading (issue 6, item 3).

pygbag's loader (``pythons.js``) reads the page's query string before Python starts, and three
of its rules turn a user value into a broken page:

* the first query argument that contains ``py`` is taken as the interpreter
  (``?server=wss://happy-isp.example`` loads ``…/cpythonwss://…/main.js``);
* ``-i`` anywhere in the query switches on interactive (terminal) mode;
* every query and fragment argument goes through ``decodeURI`` (a malformed escape throws and
  stops the loader) and is then pasted into a Python string literal holding JSON
  (``PyConfig = json.loads(\"\"\"…\"\"\")``): a ``"``, ``\\`` or control character that decodes
  out of ``%22``/``%5C``/``%0A`` breaks that JSON and Python never starts.

So our links carry user values in the **fragment**, never the query:
``https://site/majlis/#room=K7QMX&server=wss://play.example:9310``. The loader never picks an
interpreter or ``-i`` from the fragment; values are percent-encoded here and only values that
cannot decode into a quote, a backslash, white space or a control character are ever written.
The page (``web/majlis.tmpl``) also moves ``room``/``server`` from an old ``?room=`` link into
the fragment and drops anything unsafe before the loader runs; :func:`parse_link` reads both.

Pure Python (no pygame): only :func:`page_values` and :func:`page_address` look at the browser.
"""

from __future__ import annotations

import sys
from urllib.parse import quote, unquote

from game.net import protocol

ROOM = "room"
SERVER = "server"
KEYS = (ROOM, SERVER)
MAX_VALUE = 200  # longer values are not a room code or a server address
FRAGMENT_SAFE = "-._~:/@[]"  # left readable in a fragment; everything else is %-escaped
_FORBIDDEN = frozenset('"\\') | frozenset(chr(c) for c in range(32)) | {"\x7f"}


def is_link_safe(value: str) -> bool:
    """True if ``value`` may be written into a link: non-empty, short, and with nothing that
    would break pygbag's loader once decoded (quote, backslash, white space, control chars)."""
    return (
        isinstance(value, str)
        and 0 < len(value) <= MAX_VALUE
        and not any(c in _FORBIDDEN or c.isspace() for c in value)
    )


def page_base(address: str) -> str:
    """``address`` without its query and fragment (the page a link points at)."""
    return address.split("#", 1)[0].split("?", 1)[0]


def build_invite_link(base: str, code: str, server: str | None = None) -> str:
    """The invite link: ``base`` (the page's address; its query and fragment are dropped) +
    ``#room=CODE`` + ``&server=URL`` when a server is given and safe to write.

    Raises ValueError when ``code`` cannot be a room code. A server address that could break
    the page (see :func:`is_link_safe`) is left out: the link then uses the page's default."""
    room = protocol.normalize_code(code)
    if room is None:
        raise ValueError(f"not a room code: {code!r}")
    parts = [f"{ROOM}={room}"]
    if server and is_link_safe(server):
        parts.append(f"{SERVER}={quote(server, safe=FRAGMENT_SAFE)}")
    return f"{page_base(base)}#{'&'.join(parts)}"


def _pairs(text: str):
    """(key, value) pairs of a query string or fragment, with or without its ``?`` / ``#``."""
    for piece in text.lstrip("?#").split("&"):
        key, sep, value = piece.partition("=")
        if sep:
            yield unquote(key, errors="replace"), value


def parse_link(search: str = "", fragment: str = "") -> dict[str, str]:
    """``{"room": …, "server": …}`` read from ``location.search`` and ``location.hash``
    (either may be empty; a value in the fragment wins over the query). Values are
    percent-decoded once (a malformed escape is kept as text, never an error) and stripped of
    surrounding blanks; a value :func:`is_link_safe` refuses is dropped, as the page does. The
    caller still validates them (:func:`game.net.protocol.normalize_code`, the lobby's server
    check)."""
    values: dict[str, str] = {}
    for text in (search or "", fragment or ""):
        for key, raw in _pairs(text):
            if key not in KEYS:
                continue
            value = unquote(raw, errors="replace").strip()
            if is_link_safe(value):
                values[key] = value
    return values


def page_values() -> dict[str, str]:
    """:func:`parse_link` of the page's own address in the browser; ``{}`` natively."""
    if sys.platform != "emscripten":
        return {}
    try:
        import platform  # pygbag's browser bridge

        location = platform.window.location
        return parse_link(str(location.search or ""), str(location.hash or ""))
    except Exception:
        return {}


def page_address() -> str:
    """This page's address without query or fragment in the browser; ``""`` natively."""
    if sys.platform != "emscripten":
        return ""
    try:
        import platform

        location = platform.window.location
        return f"{location.origin}{location.pathname}"
    except Exception:
        return ""


def invite_link(code: str, server: str | None = None, server_link: str = "") -> str:
    """The invite link to show for a room: after this page's address in the browser; natively
    after the site address the server announced (``server_link``, if absolute), else bare
    (``#room=CODE&server=…``, to paste after the site's address)."""
    base = page_address() or (page_base(server_link) if "://" in server_link else "")
    return build_invite_link(base, code, server)


def room_from_text(text: str) -> str | None:
    """The room code in what a player typed or pasted: a bare code, a ``#room=`` link or an
    older ``?room=`` link; None if there is none."""
    if not isinstance(text, str):
        return None
    address, _, fragment = text.partition("#")
    _, _, search = address.partition("?")
    found = parse_link(search, fragment).get(ROOM)
    if found is not None:
        return protocol.normalize_code(found)
    return protocol.normalize_code(text)
