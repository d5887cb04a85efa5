"""The client's connection to the game server: one small interface, two transports.

    conn = connect(url)        # starts connecting; never blocks, never raises
    conn.send({"type": ...})   # queued; False when the connection is not open
    conn.poll() -> [dict, ...] # the messages that arrived since the last poll (call each frame)
    conn.state                 # "connecting" | "open" | "closed" | "failed"
    conn.woke() -> bool        # the page came back to the front since the last call
    conn.error                 # a short reason when closed/failed (for the log, not the player)
    conn.close()

- Natively (:class:`NativeConnection`): a ``websockets`` asyncio client task on the running
  loop (the app's frame loop awaits every frame, so the task gets its turns) feeding a list.
- In the browser (:class:`BrowserConnection`): Python has no sockets there (WEB.md). A small JS
  snippet run with ``platform.window.eval`` holds the page's ``WebSocket`` and an inbound
  array on the JS side; ``poll`` drains that array once per frame. No Python callback is handed
  to JS (pygbag holds those weakly and they vanish). The same snippet listens, once per page,
  for ``visibilitychange``: a tab back in front sets a flag that :meth:`Connection.woke` reads
  and clears (a phone may have dropped the socket while the tab slept; the game tries again
  at once rather than after its back-off).

Messages are the wire contract's (:mod:`game.net.protocol`, ``{"t": ...}``): outbound ones are
checked by ``protocol.encode`` (a bad one never leaves; ``send`` logs it and returns False),
inbound ones by ``protocol.decode_server``; a frame that fails is dropped with a log line, so a
broken server message can never crash a scene.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import sys
from typing import TYPE_CHECKING, Protocol

from game.net import protocol
from game.net.delta import ViewTracker
from game.net.protocol import Message

if TYPE_CHECKING:
    from websockets.asyncio.client import ClientConnection

WEB = sys.platform == "emscripten"
OPEN_TIMEOUT = 6.0  # seconds to wait for the server before saying it is unreachable
MAX_MESSAGE = 1 << 20  # bytes; a bigger frame is dropped

log = logging.getLogger("majlis.net")


def decode(raw: object) -> Message | None:
    """One inbound frame as a server message, or None (logged) when it is not one."""
    if isinstance(raw, (bytes, bytearray)):
        try:
            raw = bytes(raw).decode("utf-8")
        except UnicodeDecodeError:
            log.warning("net: dropped a frame that is not UTF-8")
            return None
    try:
        return protocol.decode_server(raw, MAX_MESSAGE)
    except protocol.ProtocolError as err:
        log.warning("net: dropped a server message (%s): %.80r", err.message, raw)
        return None


def encode(msg: Message) -> str | None:
    """``msg`` as a frame, or None (logged) when the wire contract refuses it."""
    try:
        return protocol.encode(msg)
    except protocol.ProtocolError as err:
        log.warning("net: did not send %.80r: %s", msg, err.message)
        return None


class Connection:
    """The interface both transports share (see the module docstring)."""

    def __init__(self) -> None:
        self.state = "connecting"
        self.error = ""
        self.url = ""
        self.views = ViewTracker()  # the server sends view patches; scenes get whole views

    def _inbound(self, raw: object) -> Message | None:
        """One frame as a server message with its whole view (None: dropped, logged)."""
        msg = decode(raw)
        return None if msg is None else self.views.absorb(msg)

    @property
    def open(self) -> bool:
        return self.state == "open"

    @property
    def ended(self) -> bool:
        return self.state in ("closed", "failed")

    def connect(self, url: str) -> None:
        raise NotImplementedError

    def woke(self) -> bool:
        """True once after the page came back to the front (browser only)."""
        return False

    def send(self, msg: Message) -> bool:
        raise NotImplementedError

    def poll(self) -> list[Message]:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def _fail(self, reason: str) -> None:
        """Connecting did not work (``failed``) or an open connection ended (``closed``)."""
        self.error = self.error or reason
        self.state = "closed" if self.state == "open" else "failed"
        log.info("net: %s %s: %s", self.url, self.state, self.error)


class NativeConnection(Connection):
    """A websockets asyncio client running as a task on the app's loop."""

    def __init__(self) -> None:
        super().__init__()
        self._inbox: list[Message] = []
        self._outbox: asyncio.Queue[str] | None = None
        self._task: asyncio.Task[None] | None = None
        self._ws: ClientConnection | None = None

    def connect(self, url: str) -> None:
        self.url = url
        self.state = "connecting"
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._fail("no running event loop")
            return
        self._outbox = asyncio.Queue()
        self._task = loop.create_task(self._run(url))

    async def _run(self, url: str) -> None:
        try:
            import websockets

            async with asyncio.timeout(OPEN_TIMEOUT):
                ws = await websockets.connect(url, max_size=MAX_MESSAGE, open_timeout=None)
        except asyncio.CancelledError:
            self.state = "closed"
            raise
        except BaseException as exc:  # refused, DNS, timeout, bad URL: all "unreachable"
            self._fail(f"{type(exc).__name__}: {exc}")
            return
        self._ws = ws
        self.state = "open"
        writer = asyncio.get_running_loop().create_task(self._write(ws))
        try:
            async for raw in ws:
                msg = self._inbound(raw)
                if msg is not None:
                    self._inbox.append(msg)
            self._fail(f"server closed ({ws.close_code})")
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            self._fail(f"{type(exc).__name__}: {exc}")
        finally:
            writer.cancel()
            await ws.close()

    async def _write(self, ws: ClientConnection) -> None:
        outbox = self._outbox
        assert outbox is not None, "set in connect() before the task starts"
        while True:
            text = await outbox.get()
            try:
                await ws.send(text)
            except Exception as exc:
                self._fail(f"send: {type(exc).__name__}: {exc}")
                return

    def send(self, msg: Message) -> bool:
        if self.state != "open" or self._outbox is None:
            return False
        text = encode(msg)
        if text is None:
            return False
        self._outbox.put_nowait(text)
        return True

    def poll(self) -> list[Message]:
        out, self._inbox = self._inbox, []
        return out

    def close(self) -> None:
        if self._task is not None and not self._task.done():
            self._task.cancel()
        if self.state in ("open", "connecting"):
            self.state = "closed"
            self.error = self.error or "closed by the client"


# The browser side. ``__ID__`` and ``__URL__`` are filled in; everything stays in JS.
JS_OPEN = """
(function () {
  var box = window.majlisNet = window.majlisNet || {};
  if (!box.watching && typeof document !== "undefined" && document.addEventListener) {
    box.watching = true;          // once per page: a tab back in front says so (woke)
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") { box.woke = true; }
    });
  }
  var n = {ws: null, inbox: [], state: "connecting", error: ""};
  var wake = function () { if (window.majlisPacing) { window.majlisPacing.wake(); } };
  box[__ID__] = n;
  try { n.ws = new WebSocket(__URL__); }
  catch (e) { n.state = "failed"; n.error = String(e); return n.state; }
  n.ws.onopen = function () {
    n.state = "open";
    wake();
  };
  n.ws.onmessage = function (e) {
    n.inbox.push(typeof e.data === "string" ? e.data : "");
    wake();
  };
  n.ws.onerror = function () {      // before "open" an error means it never connected
    if (!n.error) { n.error = "websocket error"; }
    if (n.state === "connecting") { n.state = "failed"; }
  };
  n.ws.onclose = function (e) {
    n.state = (n.state === "open") ? "closed" : "failed";
    if (!n.error) { n.error = "code " + e.code; }
    wake();
  };
  return n.state;
})()
"""
JS_WOKE = "(function(){var b=window.majlisNet||{};var w=b.woke?1:0;b.woke=false;return w;})()"
JS_DRAIN = "JSON.stringify((window.majlisNet[__ID__] || {inbox: []}).inbox.splice(0))"
JS_STATE = (
    "(function(){var n=(window.majlisNet||{})[__ID__];"
    "return n ? n.state + '|' + n.error : 'failed|gone';})()"
)
JS_SEND = (
    "(function(){var n=(window.majlisNet||{})[__ID__];"
    "if(!n||n.state!=='open'){return 0;} n.ws.send(__TEXT__); return 1;})()"
)
JS_CLOSE = (
    "(function(){var n=(window.majlisNet||{})[__ID__];"
    "if(n&&n.ws){try{n.ws.close();}catch(e){}} if(n){n.state='closed';}"
    "return 1;})()"
)

_ids = itertools.count(1)


class JsWindow(Protocol):
    """What this module asks of the page's ``window`` (pygbag's bridge, or a test's stand-in):
    to run a JavaScript expression and hand back its value."""

    def eval(self, code: str) -> object: ...


class BrowserConnection(Connection):
    """The page's WebSocket, driven through ``window.eval`` (``window`` is
    ``platform.window`` under pygbag; tests pass a stand-in)."""

    def __init__(self, window: JsWindow | None = None) -> None:
        super().__init__()
        if window is None:
            from game.client.page_links import (
                browser_window,  # pygbag's bridge (only under emscripten)
            )

            window = browser_window()
        self.window: JsWindow = window
        self.id = next(_ids)

    def _js(self, template: str, **values: str) -> object:
        code = template.replace("__ID__", str(self.id))
        for key, value in values.items():
            code = code.replace(f"__{key}__", value)
        return self.window.eval(code)

    def connect(self, url: str) -> None:
        self.url = url
        self.state = "connecting"
        try:
            self._js(JS_OPEN, URL=json.dumps(url))
        except Exception as exc:
            self._fail(f"{type(exc).__name__}: {exc}")
            return
        self._refresh()

    def _refresh(self) -> None:
        if self.ended:
            return
        try:
            state, _, error = str(self._js(JS_STATE)).partition("|")
        except Exception as exc:
            self._fail(f"{type(exc).__name__}: {exc}")
            return
        if state in ("closed", "failed"):
            self.error = self.error or error
            self._fail(error)
        elif state in ("connecting", "open"):
            self.state = state

    def send(self, msg: Message) -> bool:
        self._refresh()
        if self.state != "open":
            return False
        frame = encode(msg)
        if frame is None:
            return False
        text = json.dumps(frame)
        try:
            sent = self._js(JS_SEND, TEXT=text) or 0
            if not isinstance(sent, (int, float, str)):
                raise TypeError(f"window.eval answered {sent!r}")
            return bool(int(sent))
        except Exception as exc:
            self._fail(f"send: {type(exc).__name__}: {exc}")
            return False

    def poll(self) -> list[Message]:
        out: list[Message] = []
        try:
            raw = self._js(JS_DRAIN)
            frames = json.loads(str(raw)) if raw else []
        except Exception as exc:
            log.warning("net: could not drain the inbound queue: %s", exc)
            frames = []
        for frame in frames if isinstance(frames, list) else []:
            msg = self._inbound(frame)
            if msg is not None:
                out.append(msg)
        self._refresh()  # after draining: messages sent just before a close still count
        return out

    def woke(self) -> bool:
        try:
            woke = self._js(JS_WOKE)  # 1 or 0: a JS number (int or float) or its text
        except Exception:
            return False
        return woke == 1 or str(woke) in ("1", "1.0", "true", "True")

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._js(JS_CLOSE)
        if not self.ended:
            self.state = "closed"
            self.error = self.error or "closed by the client"


def connect(url: str) -> Connection:
    """Start connecting to ``url`` with the transport of this platform."""
    conn: Connection = BrowserConnection() if WEB else NativeConnection()
    conn.connect(url)
    return conn
