"""Player tokens this server (or its cluster) issued, and nobody else.

A token is a player's seat. A server that kept any well-formed token a client brought would let
a hostile server the player once trusted plant a token it knows and later take the seat the
player gets here. So every token is signed: ``NONCE`` (18 random bytes) followed by ``TAG``,
the first 18 bytes of HMAC-SHA256 of the nonce under this server's secret key, both in URL-safe
base64 (48 characters). :meth:`TokenMint.issued` tells ours from any other string; a hello with
a token that is not ours gets a fresh one (a new player), never the offered string.

The key lives where the players' seats live, so tokens survive what the seats survive:

- one server with an SQLite file keeps it in the file's ``token_key`` table (:func:`store_key`),
  so a restart knows its tokens;
- the processes of a cluster share one key in Redis, ``NS:token_key``, created once atomically
  (``SET NX``) by the first process and read by the others (:func:`cluster_key`), so a player
  sent to another process (``moved``, an adoption) keeps his token;
- an in-memory store: a key of the process's own, lost with it (as the tables are).

Tokens issued before signing (32 characters of ``secrets.token_urlsafe(24)``) are not signed;
their players keep their seats all the same: a player stored at a table is known by his
token's key after a restart or an adoption (the store lists him), and a cluster's seat
directory lists every seated player's key (:meth:`game.net.hello.Greeter._kept_token`). An old
token of a player with no seat gets a signed one at the next hello, with nothing lost but that
old string.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import sqlite3
from typing import Any, TypeGuard

KEY_BYTES = 32
NONCE_BYTES = 18  # 24 base64 characters
TAG_BYTES = 18  # 144 bits of HMAC: forging one is out of reach
TOKEN_LENGTH = 4 * (NONCE_BYTES + TAG_BYTES) // 3  # 48, under protocol.MAX_TOKEN
_PURPOSE = b"majlis player token\x00"  # the key signs nothing else


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode("ascii")


class TokenMint:
    """Issues tokens signed with ``key`` and recognises them."""

    def __init__(self, key: bytes):
        if len(key) < 16:
            raise ValueError("a token key needs at least 16 bytes")
        self._key = key

    def _tag(self, nonce: str) -> str:
        digest = hmac.digest(self._key, _PURPOSE + nonce.encode("ascii"), hashlib.sha256)
        return _b64(digest[:TAG_BYTES])

    def issue(self) -> str:
        """A new token, ours."""
        nonce = _b64(secrets.token_bytes(NONCE_BYTES))
        return nonce + self._tag(nonce)

    def issued(self, token: object) -> TypeGuard[str]:
        """Whether ``token`` is one this key signed (compared in constant time)."""
        if not isinstance(token, str) or len(token) != TOKEN_LENGTH or not token.isascii():
            return False
        split = 4 * NONCE_BYTES // 3
        return hmac.compare_digest(self._tag(token[:split]), token[split:])


def random_mint() -> TokenMint:
    """A mint of this process alone (no store outlives it)."""
    return TokenMint(secrets.token_bytes(KEY_BYTES))


def store_key(path: str) -> bytes:
    """The token key kept in the SQLite file at ``path``, made on its first use. Its own
    connection and table (``token_key``, one row): the store's writer is not involved, and an
    ``INSERT OR IGNORE`` then a read agree on one key even if two starts race."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute(
            "CREATE TABLE IF NOT EXISTS token_key ("
            "id INTEGER PRIMARY KEY CHECK (id = 0), key BLOB NOT NULL)"
        )
        fresh = secrets.token_bytes(KEY_BYTES)
        db.execute("INSERT OR IGNORE INTO token_key (id, key) VALUES (0, ?)", (fresh,))
        row = db.execute("SELECT key FROM token_key WHERE id = 0").fetchone()
    finally:
        db.close()
    return bytes(row[0])


def mint_for(store: object) -> TokenMint:
    """The lobby's mint for ``store``: an SQLite file's kept key, else a key of its own (a
    cluster replaces it with the shared key at its start, :func:`cluster_key`)."""
    path = getattr(store, "path", None)
    if isinstance(path, str) and path != ":memory:" and hasattr(store, "db"):
        return TokenMint(store_key(path))
    return random_mint()


async def cluster_key(redis: Any, ns: str) -> bytes:
    """The cluster's token key, ``NS:token_key`` (hex): set once by whichever process comes
    first (``SET NX``), then read, so every process signs and checks with the same one."""
    name = f"{ns}:token_key"
    await redis.set(name, secrets.token_hex(KEY_BYTES), nx=True)
    value = await redis.get(name)
    if isinstance(value, bytes):
        value = value.decode("ascii")
    return bytes.fromhex(value)
