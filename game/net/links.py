"""Invite links, one format for the server and the client (pure Python; the web build ships it).

A link carries the room code, and optionally the server's address, in the **fragment**, never
the query: ``https://site/majlis/#room=K7QMX4PA&server=wss://play.example:9310``. pygbag's
loader reads the query before Python starts and a user value there can stop the page from
loading (the reasons: :mod:`game.client.page_links`); it never reads the fragment. Values are
percent-encoded here, and only values that cannot decode into a quote, a backslash, white
space or a control character are ever written. :func:`parse_link` and :func:`room_from_text`
also read an older ``?room=`` link.

The server's ``room`` message (``link``) and the client's invite both come from
:func:`build_invite_link`; a ``join`` reads its code with :func:`room_from_text`.
"""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import quote, unquote

from .protocol import normalize_code

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
    room = normalize_code(code)
    if room is None:
        raise ValueError(f"not a room code: {code!r}")
    parts = [f"{ROOM}={room}"]
    if server and is_link_safe(server):
        parts.append(f"{SERVER}={quote(server, safe=FRAGMENT_SAFE)}")
    return f"{page_base(base)}#{'&'.join(parts)}"


def _pairs(text: str) -> Iterator[tuple[str, str]]:
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
    caller still validates them (:func:`game.net.normalize_code`, the lobby's server
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


def room_from_text(text: object) -> str | None:
    """The room code in what a player typed or pasted: a bare code, a ``#room=`` link or an
    older ``?room=`` link; None if there is none."""
    if not isinstance(text, str):
        return None
    address, _, fragment = text.partition("#")
    _, _, search = address.partition("?")
    found = parse_link(search, fragment).get(ROOM)
    if found is not None:
        return normalize_code(found)
    return normalize_code(text)
