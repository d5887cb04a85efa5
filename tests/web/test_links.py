"""Invite and server links can never stop pygbag's loader (game/client/page_links.py).

``loader_view`` re-does what pygbag 0.9.3's ``pythons.js`` (``auto_conf``) does with the page's
address, so the tests check the link against the loader's real rules: the first query argument
holding "py" is the interpreter, "-i" anywhere in the query is interactive mode, every argument
goes through ``decodeURI`` (which throws on a bad escape) and ends up inside
``json.loads(\"\"\"…\"\"\")`` in Python (a quote, backslash or control character breaks it).
"""

import re
from urllib.parse import urlsplit

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.client import page_links
from game.net import protocol

RESERVED = set(";/?:@&=+$,#")  # decodeURI leaves these escapes alone
HOSTILE_SERVERS = [
    "wss://happy-isp.example:9310",  # "py" and "-i" inside
    "ws://py.example/-i?x=1&room=ZZZZZ#debug",  # query, fragment and a room inside the value
    "wss://سيرفر.مثال:9310/مجلس",  # unicode host and path
    "ws://a.example/%E0%A4%A",  # a malformed escape as text
    "ws://a.example/%22%5C",  # escapes of a quote and a backslash
    "wss://x.example:9310/p?a=1;b=2+3,4$5@6",  # every reserved character
]
UNSAFE_SERVERS = ['ws://a"b.example', "ws://a\\b", "ws://a b", "ws://a\nb", "ws://a\x7fb", ""]


def decode_uri(text: str) -> str:
    """JavaScript's decodeURI: raises ValueError where it throws URIError."""
    raw = bytearray()
    out = []
    i = 0

    def flush():
        if raw:
            try:
                out.append(raw.decode("utf-8"))
            except UnicodeDecodeError as error:
                raise ValueError("URIError: malformed UTF-8") from error
            raw.clear()

    while i < len(text):
        if text[i] == "%":
            if not re.fullmatch(r"[0-9A-Fa-f]{2}", text[i + 1 : i + 3]):
                raise ValueError("URIError: malformed escape")
            byte = int(text[i + 1 : i + 3], 16)
            if byte < 0x80 and chr(byte) in RESERVED:
                flush()
                out.append(text[i : i + 3])
            else:
                raw.append(byte)
            i += 3
        else:
            flush()
            out.append(text[i])
            i += 1
    flush()
    return "".join(out)


def loader_view(url: str) -> dict:
    """What pythons.js makes of a page address (auto_conf), as data."""
    parts = urlsplit(url)
    query = parts.query
    cpy_argv = [decode_uri(a) for a in query.split("&")] if query else []
    sys_argv = [decode_uri(a) for a in parts.fragment.split("%20")] if parts.fragment else []
    interpreter = next((a for a in cpy_argv[:1] if "py" in a), "python3.12")
    return {
        "interpreter": interpreter,
        "interactive": "-i" in ("?" + query if query else ""),
        "debug": "#debug" in ("#" + parts.fragment if parts.fragment else ""),
        "argv": cpy_argv + sys_argv,
    }


def assert_loader_starts(url: str) -> None:
    view = loader_view(url)  # no URIError
    assert view["interpreter"] == "python3.12"
    assert not view["interactive"] and not view["debug"]
    for arg in view["argv"]:  # survives json.loads(\"\"\"…\"\"\")
        assert not any(c in '"\\' or ord(c) < 32 for c in arg), arg


def test_invite_link_puts_room_and_server_in_the_fragment():
    link = page_links.build_invite_link(
        "https://majlis.example/play/?lang=ar#old", "k7q mx r2d", "wss://play.example:9310"
    )
    assert link == "https://majlis.example/play/#room=K7QMXR2D&server=wss://play.example:9310"
    assert page_links.parse_link("", urlsplit(link).fragment) == {
        "room": "K7QMXR2D",
        "server": "wss://play.example:9310",
    }


def test_invite_link_without_server_and_with_empty_base():
    assert page_links.build_invite_link("", "K7QMXR2D") == "#room=K7QMXR2D"


def test_invite_link_refuses_what_is_not_a_room_code():
    for bad in ("", "K7QMXR2", "K7QMXR2O", 'K7"MXR2D', None):
        with pytest.raises(ValueError):
            page_links.build_invite_link("https://x/", bad)


@pytest.mark.parametrize("server", HOSTILE_SERVERS)
def test_hostile_server_values_never_break_the_loader_and_come_back_intact(server):
    link = page_links.build_invite_link("https://majlis.example/", "K7QMXR2D", server)
    assert_loader_starts(link)
    parts = urlsplit(link)
    assert parts.query == ""
    assert page_links.parse_link(parts.query, parts.fragment) == {
        "room": "K7QMXR2D",
        "server": server,
    }


@pytest.mark.parametrize("server", UNSAFE_SERVERS)
def test_unsafe_server_values_are_left_out_of_the_link(server):
    link = page_links.build_invite_link("https://majlis.example/", "K7QMXR2D", server)
    assert link == "https://majlis.example/#room=K7QMXR2D"
    assert_loader_starts(link)


@settings(max_examples=300, derandomize=True, deadline=None)
@given(
    server=st.text(min_size=1, max_size=60),
    code=st.text(
        alphabet=protocol.CODE_ALPHABET,
        min_size=protocol.CODE_LENGTH,
        max_size=protocol.CODE_LENGTH,
    ),
)
def test_any_value_gives_a_link_the_loader_starts_with(server, code):
    link = page_links.build_invite_link("https://majlis.example/a/", code, server)
    assert_loader_starts(link)
    parts = urlsplit(link)
    expected = {"room": code}
    if page_links.is_link_safe(server):
        expected["server"] = server
    assert page_links.parse_link(parts.query, parts.fragment) == expected


def test_parse_reads_old_query_links_and_the_fragment_wins():
    assert page_links.parse_link("?room=K7QMXR2D", "") == {"room": "K7QMXR2D"}
    assert page_links.parse_link("?room=AAAAAAAA&server=ws%3A%2F%2Fa%3A1", "#room=K7QMXR2D") == {
        "room": "K7QMXR2D",
        "server": "ws://a:1",
    }


def test_parse_decodes_percent_escapes_once_and_forgives_bad_ones():
    assert page_links.parse_link("", "#server=wss%3A%2F%2F%D8%B3.example%3A9310") == {
        "server": "wss://س.example:9310"
    }
    assert page_links.parse_link("", "#server=ws://a/%E0%A4%A") == {"server": "ws://a/\ufffd%A"}
    assert page_links.parse_link("", "#server=ws://a/%2541") == {"server": "ws://a/%41"}


@pytest.mark.parametrize(
    "fragment",
    [
        "#room=%22K7QMXR2D",
        "#server=ws://a%5Cb",
        "#room=K7%0AQMXR2D",
        "#server=ws://a%20b",
        "#room=" + "A" * 300,
        "#room=",
        "#bogus=1",
        "#debug",
        "#",
        "",
    ],
)
def test_parse_drops_unsafe_empty_and_unknown_values(fragment):
    assert page_links.parse_link("", fragment) == {}


def test_room_from_text_takes_codes_and_both_link_forms():
    assert page_links.room_from_text("k7q mx r2d") == "K7QMXR2D"
    assert (
        page_links.room_from_text("https://x.example/#room=k7qmxr2d&server=ws://a:1") == "K7QMXR2D"
    )
    assert page_links.room_from_text("https://x.example/?lang=ar&room=K7QMXR2D") == "K7QMXR2D"
    assert page_links.room_from_text("https://x.example/#room=K7QMXR20") is None
    assert page_links.room_from_text("nonsense") is None


def test_page_helpers_are_empty_natively():
    assert page_links.page_values() == {} and page_links.page_address() == ""
    assert (
        page_links.invite_link("K7QMXR2D", "ws://a:1", "https://site.example/m/?room=K7QMXR2D")
        == "https://site.example/m/#room=K7QMXR2D&server=ws://a:1"
    )
    assert page_links.invite_link("K7QMXR2D", None, "?room=K7QMXR2D") == "#room=K7QMXR2D"


def test_page_values_read_the_browser_location(monkeypatch):
    import sys
    import types

    location = types.SimpleNamespace(
        search="?room=AAAAAAAA",
        hash="#room=K7QMXR2D&server=ws://a:1",
        origin="https://site.example",
        pathname="/m/",
    )
    fake = types.ModuleType("platform")
    fake.window = types.SimpleNamespace(location=location)
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setitem(sys.modules, "platform", fake)
    assert page_links.page_values() == {"room": "K7QMXR2D", "server": "ws://a:1"}
    assert (
        page_links.invite_link("K7QMXR2D", "ws://a:1")
        == "https://site.example/m/#room=K7QMXR2D&server=ws://a:1"
    )


def test_links_module_imports_without_pygame():
    import subprocess
    import sys

    code = "import sys, game.client.page_links; print('pygame' in sys.modules)"
    root = __import__("pathlib").Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root
    )
    assert out.stdout.strip() == "False"


def test_the_lobby_shows_a_fragment_link_or_else_the_servers_own():
    from game.ui.scenes.lobby_common import page_link

    room = {"code": "K7QMXR2D", "link": "https://s.example/m/?room=K7QMXR2D"}
    assert page_link(room, "ws://a:1") == "https://s.example/m/#room=K7QMXR2D&server=ws://a:1"
    assert page_link({"code": "bad", "link": "?room=bad"}, None) == "?room=bad"
