"""The lobby is made of parts it owns (game/net/rooms.py): no mixins, no part holding the lobby
or the cluster, and a lone process's Peers answer "nobody else" without a cluster."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

from game.net import rooms
from game.net.peers import Peers
from game.table.clock import FakeClock

NET = Path(__file__).resolve().parents[1] / "game" / "net"


def net_classes() -> list[type]:
    out = []
    for path in sorted(NET.glob("*.py")):
        module = importlib.import_module(f"game.net.{path.stem}")
        out += [
            c
            for _, c in inspect.getmembers(module, inspect.isclass)
            if c.__module__ == module.__name__
        ]
    return out


def test_no_class_of_the_server_is_built_from_another_of_its_classes():
    """A class of game/net may extend a protocol, an exception or a library class, never
    another class of game/net (the lobby was four mixins on one ``self``)."""
    for cls in net_classes():
        for base in cls.__mro__[1:]:
            ours = base.__module__.startswith("game.net.")
            is_protocol = getattr(base, "_is_protocol", False)
            assert not ours or is_protocol or issubclass(base, Exception), (cls, base)
    assert rooms.Lobby.__mro__ == (rooms.Lobby, object)


def test_no_method_is_written_against_a_protocol_self():
    for path in NET.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.args.args:
                first = node.args.args[0]
                assert first.arg != "self" or first.annotation is None, (path.name, node.name)


def test_the_lobbys_parts_never_hold_the_lobby():
    lobby = rooms.Lobby(clock=FakeClock(), bot_delay=0)
    parts = [v for v in vars(lobby).values() if type(v).__module__.startswith("game.net.")]
    assert len(parts) >= 10  # guests, greeter, requests, play, roster, bots, outgoing, ...
    for part in parts:
        held = list(vars(part).values())
        assert not any(value is lobby for value in held), type(part).__name__
        assert not any(getattr(value, "__self__", None) is lobby for value in held)


def test_a_lone_process_has_no_peers_to_ask_or_tell():
    peers = Peers()
    assert not peers.paused and not peers.sharing and not peers.lists_seat("k")
    assert peers.elsewhere("K7QMX4PA") is None and peers.seated_elsewhere("k") is None
    assert peers.remote_open(None) == [] and not peers.refused(object(), "act")
    assert peers.remote_live(None) == [] and peers.public_elsewhere("K7QMX4PA") is None
    peers.own("K7QMX4PA")  # told to nobody, and nothing raised
    peers.seated("k", "K7QMX4PA")
