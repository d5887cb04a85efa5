"""The WebSocket ``Origin`` check (game/net/origins.py), through real
sockets to a real server on 127.0.0.1: a foreign page's socket is closed with code 1008 and a
reason naming its origin before anything it sent is read; a native client (no ``Origin``), a
page on the server's own host and a configured page are served."""

from __future__ import annotations

import contextlib

import pytest
import websockets
from websockets.datastructures import Headers

from game.net import protocol
from game.net import server as server_module
from game.net.origins import OriginPolicy, normal_origin
from game.net.server import TableServer
from helpers import run_async


@contextlib.asynccontextmanager
async def running(**options):
    srv = await TableServer(port=0, bot_delay=0, tick_interval=0.01, **options).start()
    try:
        yield srv
    finally:
        await srv.close()


async def first_answer(port: int, origin: str | None, host: str | None = None) -> dict:
    """Say hello (with a token) from a page of ``origin`` (None: a native client, no header)
    to the server on ``port``, its ``Host`` header ``host`` (default 127.0.0.1:PORT):
    ``{"welcome": …}`` or ``{"code", "reason"}`` of the close."""
    url = f"ws://{host or f'127.0.0.1:{port}'}"
    kwargs = {"origin": origin} if origin is not None else {}
    async with websockets.connect(url, host="127.0.0.1", port=port, **kwargs) as ws:
        try:
            await ws.send(protocol.encode({"t": "hello", "name": "Ali", "token": "x" * 32}))
            raw = await ws.recv()
        except websockets.ConnectionClosed as closed:
            return {"code": closed.rcvd.code, "reason": closed.rcvd.reason}
        return {"welcome": protocol.decode_server(raw)}


def answers(origins: list[str | None], host: str | None = None, **options) -> list[dict]:
    async def body() -> list[dict]:
        async with running(**options) as srv:
            out = [await first_answer(srv.port, origin, host) for origin in origins]
            out.append({"connected": len(srv.lobby.players)})
            return out

    return run_async(body())


def test_a_foreign_origin_is_closed_with_a_clear_reason_and_its_hello_is_never_read():
    evil, null, native = answers(["https://evil.example", "null", None])[:3]
    assert evil["code"] == 1008 and evil["reason"] == (
        "Origin https://evil.example may not use this server"
    )
    assert null["code"] == 1008 and null["reason"] == "Origin null may not use this server"
    assert native["welcome"]["t"] == "welcome"  # no Origin: a native client, served


def test_a_refused_page_never_reaches_the_lobby():
    *_, lobby = answers(["https://evil.example", "https://evil.example:9310"])
    assert lobby == {"connected": 0}  # neither hello was read, nobody was seated


def test_the_default_allows_pages_on_the_host_the_socket_was_opened_to():
    page, other_port, look_alike = answers(
        ["http://127.0.0.1:8000", "https://127.0.0.1", "http://127.0.0.1.evil.example"]
    )[:3]
    assert page["welcome"]["t"] == "welcome"
    assert other_port["welcome"]["t"] == "welcome"  # same host name, any port or scheme
    assert look_alike["code"] == 1008


def test_configured_origins_replace_the_same_host_default():
    options = {"allowed_origins": ("https://majlis.example",)}
    page, same_host, upper = answers(
        ["https://majlis.example", "http://127.0.0.1:8000", "HTTPS://Majlis.Example:443"],
        **options,
    )[:3]
    assert page["welcome"]["t"] == "welcome"
    assert same_host["code"] == 1008  # an explicit list is the whole list
    assert upper["welcome"]["t"] == "welcome"  # the same origin, written otherwise


def test_behind_a_proxy_the_page_host_comes_from_the_host_header_or_the_public_url():
    # nginx without "proxy_set_header Host $host" sends its upstream as Host: refused
    proxied = answers(["https://majlis.example"], host="127.0.0.1:9310")[0]
    assert proxied["code"] == 1008
    passed = answers(["https://majlis.example"], host="majlis.example")[0]
    assert passed["welcome"]["t"] == "welcome"
    public = answers(
        ["https://majlis.example"], host="127.0.0.1:9310", public_url="wss://majlis.example/ws"
    )[0]
    assert public["welcome"]["t"] == "welcome"


def test_origins_are_compared_normalised():
    assert normal_origin("HTTPS://Majlis.Example:443/") == "https://majlis.example"
    assert normal_origin("http://[::1]:8000") == "http://[::1]:8000"
    assert normal_origin("null") == "null"
    for bad in ("majlis.example", "https://majlis.example/page", "ftp://x", "https://", "x:y"):
        assert normal_origin(bad) is None, bad
    policy = OriginPolicy(["null"])
    assert policy.refusal(Headers({"Origin": "null"})) is None
    assert policy.refusal(Headers({"Origin": "https://x.example"})) is not None
    long = "https://" + "a" * 200 + ".example"
    assert len(OriginPolicy().refusal(Headers({"Origin": long})).encode()) <= 123
    with pytest.raises(ValueError):
        OriginPolicy(["majlis.example"])


def test_a_bad_allowed_origin_option_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as ended:
        server_module.main(["--allowed-origin", "majlis.example"])
    assert ended.value.code == 2
    assert "'majlis.example' is not an origin" in capsys.readouterr().err


def test_the_allowed_origin_option_reaches_a_real_server_process():
    from game.net import spawn

    proc, url = spawn.start_server(
        ["--port", "0", "--db", ":memory:", "--bot-workers", "0", "--log-text"]
        + ["--allowed-origin", "https://majlis.example", "--allowed-origin", "null"]
    )
    port = int(url.rsplit(":", 1)[1])
    try:
        origins = ("https://majlis.example", "null", "http://127.0.0.1:8000")

        async def ask() -> list[dict]:
            return [await first_answer(port, origin) for origin in origins]

        page, sandboxed, same_host = run_async(ask())
    finally:
        proc.terminate()
        proc.wait(10)
        proc.stdout.close()
    assert page["welcome"]["t"] == "welcome" and sandboxed["welcome"]["t"] == "welcome"
    assert same_host == {
        "code": 1008,
        "reason": "Origin http://127.0.0.1:8000 may not use this server",
    }
