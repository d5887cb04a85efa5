"""The wire contract (game/net/protocol.py): every malformed frame is a readable ProtocolError."""

import ast
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.net import links, protocol

GOOD = [
    {"t": "hello", "name": "سالم"},
    {"t": "hello", "name": "Ali", "token": "abc"},
    {"t": "hello", "name": "Ali", "token": None},
    {
        "t": "create",
        "game": "hareeja",
        "players": 4,
        "visibility": "private",
        "turn_seconds": None,
        "bots": "normal",
    },
    {
        "t": "create",
        "game": "hand_rummy",
        "players": 2,
        "options": {"rounds": 3, "variant": "classic", "partnership": False},
        "visibility": "auto",
        "turn_seconds": 90,
        "bots": "hard",
    },
    {"t": "join", "code": "K7QMX4PA"},
    {"t": "join_any"},
    {"t": "join_any", "game": "ronda"},
    {"t": "list", "game": None},
    {"t": "answer", "player": "p123", "accept": False},
    {"t": "start"},
    {"t": "back"},
    {"t": "leave"},
    {"t": "ping"},
    {"t": "act", "action": {"type": "play", "card": "QS"}},
    {"t": "act", "action": {"type": "meld", "groups": [["7H", "8H", "9H"], ["QS", "QH", "JK"]]}},
]


@pytest.mark.parametrize("msg", GOOD, ids=lambda m: m["t"])
def test_client_messages_round_trip(msg):
    text = protocol.encode(msg)
    assert protocol.decode(text) == msg
    assert "\n" not in text


BAD = [
    ("not json", "not valid JSON"),
    ("", "not valid JSON"),
    ("[1, 2]", "must be a JSON object"),
    ('"ping"', "must be a JSON object"),
    ("{}", "no type"),
    ('{"t": 5}', "must be a string"),
    ('{"t": "fly"}', "Unknown message type"),
    ('{"t": "welcome", "player": "x", "token": "y"}', "Unknown message type"),  # server-only
    ('{"t": "ping", "x": 1}', "Unexpected field"),
    ('{"t": "hello"}', 'needs "name"'),
    ('{"t": "hello", "name": "   "}', "must not be empty"),
    ('{"t": "hello", "name": 7}', "must be a string"),
    ('{"t": "hello", "name": "' + "x" * (protocol.MAX_STRING + 1) + '"}', "too long"),
    ('{"t": "hello", "name": "a", "token": 3}', "must be a string"),
    (
        '{"t": "create", "game": "chess", "players": 2, "visibility": "auto", '
        '"turn_seconds": null, "bots": "easy"}',
        "must be one of",
    ),
    (
        '{"t": "create", "game": "ronda", "players": true, "visibility": "auto", '
        '"turn_seconds": null, "bots": "easy"}',
        "whole number",
    ),
    (
        '{"t": "create", "game": "ronda", "players": 9, "visibility": "auto", '
        '"turn_seconds": null, "bots": "easy"}',
        "from 2 to 5",  # every game's seat counts (Hand rummy's classic rules seat five)
    ),
    (
        '{"t": "create", "game": "ronda", "players": 2, "visibility": "auto", '
        '"turn_seconds": 45, "bots": "easy"}',
        "must be one of",
    ),
    (
        '{"t": "create", "game": "ronda", "players": 2, "visibility": "auto", '
        '"turn_seconds": 60.0, "bots": "easy"}',
        "must be one of",
    ),
    (
        '{"t": "create", "game": "ronda", "players": 2, "visibility": "public", '
        '"turn_seconds": 60, "bots": "easy"}',
        "must be one of",
    ),
    (
        '{"t": "create", "game": "ronda", "players": 2, "visibility": "auto", '
        '"turn_seconds": 60, "bots": "easy", "options": [1]}',
        "must be an object",
    ),
    (
        '{"t": "create", "game": "ronda", "players": 2, "visibility": "auto", '
        '"turn_seconds": 60, "bots": "easy", "options": {"rules": [1]}}',
        "must be a string",
    ),
    (
        '{"t": "create", "game": "ronda", "players": 2, "visibility": "auto", "turn_seconds": 60}',
        'needs "bots"',
    ),
    ('{"t": "answer", "player": "p1", "accept": 1}', "true or false"),
    ('{"t": "act"}', 'needs "action"'),
    ('{"t": "act", "action": "play QS"}', "must be an object"),
    ('{"t": "act", "action": {"card": "QS"}}', 'no "type"'),
    ('{"t": "act", "action": {"type": "play", "card": "' + "Q" * 70 + '"}}', "too long"),
    ('{"t": "act", "action": {"type": "x", "a": [[[[["deep"]]]]]}}', "nested too deeply"),
    ('{"t": "act", "action": {"type": "x", "a": [' + ",".join(["1"] * 300) + "]}}", "too big"),
    ('{"t": "ping", "x": NaN}', "not a number JSON allows"),
    ("[" * 3000 + "]" * 3000, "nested too deeply"),
    ('{"t": "ping", "pad": "' + "x" * protocol.MAX_FRAME + '"}', "too long"),
]


@pytest.mark.parametrize("text,words", BAD, ids=[w for _, w in BAD])
def test_malformed_frames_raise_a_readable_protocol_error(text, words):
    with pytest.raises(protocol.ProtocolError) as caught:
        protocol.decode(text)
    assert words in caught.value.message
    assert caught.value.message[0].isupper() or caught.value.message[0] == '"'


def test_binary_and_non_string_frames_are_refused():
    for frame in (b'{"t": "ping"}', None, 5):
        with pytest.raises(protocol.ProtocolError, match=r"text|string"):
            protocol.decode(frame)


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.text(max_size=200),
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.text(max_size=10),
            lambda inner: (
                st.lists(inner, max_size=4)
                | st.dictionaries(st.text(max_size=5), inner, max_size=4)
            ),
            max_leaves=20,
        ).map(json.dumps),
    )
)
def test_decode_never_fails_other_than_with_protocol_error(text):
    try:
        msg = protocol.decode(text)
    except protocol.ProtocolError as err:
        assert err.message
    else:
        assert msg["t"] in protocol.CLIENT_TYPES


def test_encode_checks_client_messages_and_types():
    with pytest.raises(protocol.ProtocolError):
        protocol.encode({"t": "join"})
    with pytest.raises(protocol.ProtocolError):
        protocol.encode({"t": "nonsense"})
    with pytest.raises(protocol.ProtocolError):
        protocol.encode(["t", "ping"])
    assert protocol.decode_server(protocol.encode({"t": "pong"})) == {"t": "pong"}
    assert (
        protocol.decode_server(protocol.encode(protocol.error("No.", "no_room")))["code"]
        == "no_room"
    )


def test_decode_server_checks_the_server_messages_it_reads():
    assert protocol.decode_server(
        '{"t": "events", "events": [], "view": {}, "legal": [], "new": 1}'
    )
    for text in (
        '{"t": "events", "events": [], "view": []}',
        '{"t": "hello", "name": "x"}',
        '{"t": "error", "message": "x"}',
        '{"t": "room", "code": "A", "seats": [], "started": 1}',
    ):
        with pytest.raises(protocol.ProtocolError):
            protocol.decode_server(text)


def test_TB_1_room_codes_avoid_look_alikes_and_links_carry_them():
    rng = random.Random(3)
    codes = {protocol.new_code(rng) for _ in range(500)}
    assert all(
        len(c) == protocol.CODE_LENGTH == 8 and not set(c) & set("O0I1") and c == c.upper()
        for c in codes
    )
    code = sorted(codes)[0]
    # One format for the server's "room" link and the client's invite: the fragment (links.py)
    assert links.build_invite_link("", code) == f"#room={code}"
    link = links.build_invite_link("https://majlis.example/play/", code)
    assert link == f"https://majlis.example/play/#room={code}"
    assert links.room_from_text(link) == code
    assert links.room_from_text(f"https://x/?lang=ar&room={code.lower()}") == code  # older links
    assert protocol.normalize_code(" k7qm x4pa ") == "K7QMX4PA"
    assert (
        protocol.normalize_code("K7QMX4P0") is None and protocol.normalize_code("K7QMX4P") is None
    )
    assert links.room_from_text("https://x/?lang=ar") is None
    assert links.room_from_text("https://x/#lang=ar") is None


def test_protocol_module_is_importable_without_websockets():
    """The browser imports the protocol alone: it may not import websockets (nor pygame)."""
    path = Path(protocol.__file__)
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(("." * node.level) + node.module.split(".")[0])
    # game: the registry of games (pure Python); .numbers: its decoder's bounds (pure, stdlib)
    assert names <= {"__future__", "collections", "json", "math", "typing", "game", ".numbers"}
