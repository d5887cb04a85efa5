"""What the client keeps about online play: the player's name, the server he chose, and one
token per server (a token is only ever sent to the server that issued it).

A token is the player's seat: whoever says hello with it takes the seat. So it is bound to the
**identity** of the server that handed it out, :func:`server_identity`: the scheme, host and port
of its ``ws://`` / ``wss://`` address (``wss://Majlis.Example:443/ws`` →
``wss://majlis.example:443``), which is what the web calls an origin:

- the scheme counts: a token from ``wss://host`` never travels unencrypted to ``ws://host``;
- the port counts: two servers on one machine are two servers;
- the path does not: one host and port is one operator's server (one certificate, one proxy
  routing its paths, ``/ws`` and ``/ws/`` the same), and a cluster behind one host
  (``wss://majlis.example/t1``, ``/t2``) shares one player and one token.

The only other place a token goes is where its own server sends it (``moved``: another
process of the same cluster), over an equally secure scheme (:func:`may_follow`), and only
within one site (:func:`same_site`: ``t1.majlis.example`` → ``t2.majlis.example``). A move to
another site takes that site's own token, or none: a server the player trusted once must not
be able to plant a token it knows on another server and take the seat he gets there (the
server refuses tokens it did not sign too, :mod:`game.net.tokens`; the client does not rely on
that).

Stored as ``online`` (:mod:`game.client.storage`: a file natively, localStorage in the browser):
``{"server", "name", "tokens": {identity: token}}``. Older saves held one ``token`` for every
server; :func:`load_online` binds it to the one server it was saved beside (the saved server,
else the default of that time) and to nothing else.
"""

from __future__ import annotations

import json
import logging
from typing import Any
from urllib.parse import urlsplit

from game.client import page_links, storage

log = logging.getLogger("majlis.online")

DEFAULT_PORTS = {"ws": 80, "wss": 443}
MAX_SERVERS = 32  # tokens kept; the least recently welcomed go first
LEGACY_PORT = 9310  # where the old default looked for the server

JSON = dict[str, Any]


def server_identity(url: str) -> str | None:
    """``scheme://host:port`` of a ``ws``/``wss`` address (host in lower case, the port
    always written); None when ``url`` is not one."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except (ValueError, AttributeError):
        return None
    host = (parts.hostname or "").rstrip(".")
    if parts.scheme not in DEFAULT_PORTS or not host or parts.username or parts.password:
        return None
    host = f"[{host}]" if ":" in host else host
    return f"{parts.scheme}://{host}:{port or DEFAULT_PORTS[parts.scheme]}"


def may_follow(current: str, target: str) -> bool:
    """A ``moved`` from ``current`` to ``target`` may take the token along: ``target`` is a
    ws/wss address and not plain ``ws://`` after a ``wss://`` one."""
    if server_identity(target) is None:
        return False
    return not (current.startswith("wss://") and target.startswith("ws://"))


def _host(url: str) -> str:
    try:
        return (urlsplit(url).hostname or "").rstrip(".").lower()
    except ValueError:
        return ""


def same_site(a: str, b: str) -> bool:
    """``a`` and ``b`` are one site's servers: the same host, one a subdomain of the other, or
    siblings under a parent of two labels or more (``t1.majlis.example`` and
    ``t2.majlis.example``; not ``evil.example`` and ``majlis.example``). Without the public
    suffix list, siblings under a two-label public suffix (``a.co.uk``, ``b.co.uk``) count as
    one site too. IP addresses are one site only with themselves."""
    ha, hb = _host(a), _host(b)
    if not ha or not hb:
        return False
    if ha == hb:
        return True
    if _is_ip(ha) or _is_ip(hb):
        return False
    if ha.endswith("." + hb) or hb.endswith("." + ha):
        return True
    pa, pb = ha.partition(".")[2], hb.partition(".")[2]
    return pa == pb and pa.count(".") >= 1


def _is_ip(host: str) -> bool:
    return ":" in host or host.replace(".", "").isdigit()


def token_after_move(
    current: str, target: str, token: str | None, known: dict[str, str]
) -> str | None:
    """The token to say hello with at ``target`` after a connection to ``current`` that used
    ``token``: the same one within a site (a cluster seats us by it), else ``target``'s own
    (``known``: by identity, what this session was given; else the saved one; or none)."""
    if same_site(current, target):
        return token
    identity = server_identity(target)
    return known.get(identity) if identity in known else token_for(target)


def legacy_default() -> str:
    """The server the old default picked when none was saved (the page's host on port 9310 in
    the browser, this machine natively): where an old save's token was used."""
    if page_links.in_browser():
        try:
            location = page_links.browser_window().location
            scheme = "wss" if str(location.protocol) == "https:" else "ws"
            return f"{scheme}://{location.hostname}:{LEGACY_PORT}"
        except Exception:
            pass
    return f"ws://127.0.0.1:{LEGACY_PORT}"


# ----- the saved data ---------------------------------------------------------------------------
def load_online() -> JSON:
    """``{"server"?, "name"?, "tokens": {identity: token}}`` as last saved (an old save
    migrated, see the module docstring; empty when none or unreadable)."""
    try:
        raw = storage.read("online")
        data = json.loads(raw) if raw else {}
    except Exception:
        data = {}
    if not isinstance(data, dict):
        data = {}
    out: JSON = {k: data[k] for k in ("server", "name") if isinstance(data.get(k), str)}
    tokens = data.get("tokens")
    out["tokens"] = {
        k: v
        for k, v in (tokens.items() if isinstance(tokens, dict) else ())
        if isinstance(v, str) and isinstance(k, str) and server_identity(k) == k
    }
    old = data.get("token")
    if isinstance(old, str) and old and not out["tokens"]:
        where = server_identity(out.get("server") or "") or server_identity(legacy_default())
        if where is not None:
            out["tokens"][where] = old
            save_online(out)  # migrated once: the old key is gone from the store
    return out


def save_online(data: JSON) -> None:
    try:
        storage.write("online", json.dumps(data, ensure_ascii=False))
    except Exception as exc:  # the browser store may be full or blocked: keep playing
        log.warning("online: could not save settings: %s", exc)


def token_for(url: str) -> str | None:
    """The token ``url``'s server gave us, or None (never another server's)."""
    identity = server_identity(url)
    token = load_online()["tokens"].get(identity) if identity else None
    return token if isinstance(token, str) else None


def remember_token(url: str, token: str) -> None:
    """Keep ``token`` for ``url``'s server (the most recent last; the oldest beyond
    :data:`MAX_SERVERS` are dropped)."""
    identity = server_identity(url)
    if identity is None:
        return
    data = load_online()
    tokens: dict[str, str] = data["tokens"]
    tokens.pop(identity, None)
    tokens[identity] = token
    while len(tokens) > MAX_SERVERS:
        tokens.pop(next(iter(tokens)))
    save_online(data)


def known_server(url: str) -> bool:
    """The player has played on ``url``'s server (it welcomed him) or chose it himself."""
    identity = server_identity(url)
    if identity is None:
        return False
    data = load_online()
    return identity in data["tokens"] or identity == server_identity(data.get("server") or "")
