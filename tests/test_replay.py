"""Replays: every game's whole match goes through a code and back to exactly its recorded final
state; damaged, cut or foreign codes are refused with a clear message; the replay session
shows the match step by step and never takes the viewer's actions."""

import base64
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.client import replay, replay_session
from game.client.replay import ReplayError
from game.client.replay_session import ReplayPlayer, ReplaySession
from game.core import registry
from game.core.bots import bot_rng, run
from game.core.engine import TIMEOUT
from game.core.fair import commitment, rng_from_record

GAMES = {"hareeja": (4, None), "ronda": (4, None), "hand_rummy": (4, {"rounds": 3})}


def bot_match(game: str, seed: int = 3, players: int | None = None, options=None, rng=None):
    spec = registry.get(game)
    count, default_options = GAMES.get(game, (spec.first_players, None))
    match = spec.engine_class().new(
        players or count, options or default_options, seed=seed, rng=rng
    )
    bots = spec.bots_module()
    rngs = [bot_rng(seed * 8 + s) for s in range(match.players)]
    while match.phase != "over":
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        match.apply(seat, run(bots.think(match.view(seat), legal, "easy", rngs[seat])))
    return match


@pytest.fixture(scope="module")
def matches():
    return {game: bot_match(game) for game in registry.names()}


def test_every_game_replays_to_exactly_its_recorded_final_state(matches):
    for game, match in matches.items():
        code = replay.encode(match.record(), 1, ["a", "b", "c", "d"][: match.players])
        back = replay.decode(code)
        assert back.record == match.record(), game
        assert back.me == 1 and back.game == game
        again = replay.rebuilt(back.record, back.steps)
        assert again.phase == "over"
        assert again.view(None) == match.view(None), game
        assert again.totals == match.totals and again.result == match.result


def test_the_session_walks_to_the_final_state_and_back(matches):
    match = matches["hareeja"]
    session = ReplaySession(replay.decode(replay.encode(match.record())))
    assert session.take_events()[0]["type"] == "deal"  # the first deal, to animate
    while session.forward():
        pass
    assert session.at_end and session.view() == match.view(0)
    assert session.phase == "over" and session.result == match.view(0)["result"]
    last = session.version
    session.seek(session.steps - 1)
    assert session.version != last and session.phase != "over"
    assert session.take_events() == []  # a jump shows the table as it stands
    session.forward()
    assert session.view() == match.view(0)


def test_rounds_begin_where_the_last_one_was_scored(matches):
    for game, match in matches.items():
        session = ReplaySession(replay.decode(replay.encode(match.record())))
        history = match.view(None)["history"]
        assert len(session.rounds) == len(history), game
        for number, start in enumerate(session.rounds[1:], 2):
            before = replay.rebuilt(match.record(), start - 1)
            at = replay.rebuilt(match.record(), start)
            assert len(at.view(None)["history"]) == number - 1
            assert len(before.view(None)["history"]) == number - 2
        session.seek(session.round_start(2))
        assert session.round_now() == 2


def test_the_viewer_can_only_watch(matches):
    session = ReplaySession(replay.decode(replay.encode(matches["ronda"].record())))
    assert session.legal() == [] and session.remaining(0) is None
    assert session.act({"type": "play", "card": "1O"}) is False
    (refusal,) = session.take_refusals()
    assert refusal.code == "replay" and "replay" in refusal.message
    assert session.step == 0  # nothing changed
    assert session.seats[session.me].kind == "human"
    assert all(s.kind == "bot" for i, s in enumerate(session.seats) if i != session.me)


def test_the_player_steps_once_the_table_has_shown_the_last_step(matches):
    session = ReplaySession(replay.decode(replay.encode(matches["hareeja"].record())))
    player = ReplayPlayer(session)
    assert not player.update(10.0, shown=False)  # the table is still showing
    assert player.update(replay_session.STEP_SECONDS, shown=True) and session.step == 1
    player.faster()
    assert player.speed == 2.0
    assert not player.update(replay_session.STEP_SECONDS / 2 - 0.01, shown=True)
    assert player.update(0.02, shown=True) and session.step == 2
    player.toggle()
    assert not player.running and not player.update(10.0, shown=True)
    session.seek(session.steps)
    player.toggle()  # play at the end: from the start again
    assert session.step == 0 and player.running


def test_a_timeout_and_an_action_left_out_of_the_legal_list_go_through():
    match = registry.get("hand_rummy").engine_class().new(3, {"rounds": 1}, seed=11)
    seat = match.to_act()[0]
    match.apply(seat, TIMEOUT)  # a timed-out turn
    record = match.record()
    back = replay.decode(replay.encode(record))
    assert back.record["log"] == record["log"]
    full = bot_match("hand_rummy", seed=5)
    melds = [a for _s, a in full.record()["log"] if a.get("type") == "meld"]
    assert melds  # Hand rummy's melds are not in the legal list: they travel whole
    assert replay.decode(replay.encode(full.record())).record == full.record()


# ----- refused codes -------------------------------------------------------------------------
def _code_from(packed: bytes) -> str:
    sealed = packed + zlib.crc32(packed).to_bytes(4, "big")
    return base64.urlsafe_b64encode(sealed).rstrip(b"=").decode()


def _bytes(code: str) -> bytes:
    return base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))


def _packed(code: str) -> bytes:
    return _bytes(code)[:-4]


@pytest.fixture(scope="module")
def code(matches):
    return replay.encode(matches["hareeja"].record())


@settings(max_examples=120, deadline=None)
@given(data=st.data())
def test_a_truncated_code_is_refused_clearly(code, data):
    cut = data.draw(st.integers(0, len(code) - 1))
    with pytest.raises(ReplayError) as refused:
        replay.decode(code[:cut])
    assert refused.value.key == "replay.bad_code"
    assert str(refused.value)


@settings(max_examples=120, deadline=None)
@given(data=st.data())
def test_a_damaged_code_is_refused_clearly(code, data):
    at = data.draw(st.integers(0, len(code) - 1))
    letter = data.draw(st.sampled_from("AQgw-_9z"))
    damaged = code[:at] + letter + code[at + 1 :]
    if _bytes(damaged) == _bytes(code):
        return  # the letter only changed bits base64 drops
    with pytest.raises(ReplayError) as refused:
        replay.decode(damaged)
    assert refused.value.key == "replay.bad_code"


@pytest.mark.parametrize(
    "text", ["", "   ", None, 42, "not a code!", "#replay=", "x" * (replay.MAX_CODE + 1), "AAAA"]
)
def test_what_is_not_a_code_is_refused(text):
    with pytest.raises(ReplayError) as refused:
        replay.decode(text)
    assert refused.value.key == "replay.bad_code"


def test_a_newer_version_and_a_game_that_is_not_here_are_said_so(code):
    packed = _packed(code)
    with pytest.raises(ReplayError) as newer:
        replay.decode(_code_from(bytes([replay.VERSION + 1]) + packed[1:]))
    assert newer.value.key == "replay.newer"
    head = b'{"g":"chess","p":2,"s":1,"m":0}'
    body = bytes([len(head)]) + head + b"\x02[]\x00"
    with pytest.raises(ReplayError) as foreign:
        replay.decode(_code_from(bytes([replay.VERSION]) + zlib.compress(body)))
    assert foreign.value.key == "replay.bad_match" and "chess" in str(foreign.value)


def test_a_sealed_code_whose_moves_do_not_play_is_refused(code):
    body = zlib.decompress(_packed(code)[1:])
    wrong = body[:-1] + bytes([120])  # the last move: an index past every legal action
    with pytest.raises(ReplayError) as refused:
        replay.decode(_code_from(bytes([replay.VERSION]) + zlib.compress(wrong)))
    assert refused.value.key in ("replay.bad_code", "replay.bad_match")


def test_a_record_received_whole_is_checked():
    with pytest.raises(ReplayError):
        replay.replay_of({"game": "hareeja", "players": 4, "seed": 1, "log": [[0, {"x": 1}]]})
    with pytest.raises(ReplayError):
        replay.replay_of({"game": "hareeja"})


# ----- links ---------------------------------------------------------------------------------
def test_a_replay_link_is_fragment_only_and_reads_back(code):
    from game.client.page_links import is_link_safe, replay_from_text, replay_link

    link = replay_link("https://site.example/majlis/?lang=en#room=ABC", code)
    assert link == f"https://site.example/majlis/#replay={code}"
    assert is_link_safe(code[:200])  # nothing in it the page's loader could trip on
    assert replay_from_text(link) == code
    assert replay_from_text(f"#replay={code}") == code
    assert replay_from_text(f"replay={code}") == code
    assert replay_from_text(f"  {code}\n") == code
    assert replay.decode(replay_from_text(link)).steps == 180


@pytest.mark.parametrize(
    "text",
    [
        None,
        "",
        "#room=K7QMX4PA",
        "#replay=",
        '#replay=abc"def',
        "#replay=abc%22def",
        "#replay=abc\\def",
        "https://x/#replay=a b",
        "plain words",
    ],
)
def test_hostile_replay_links_give_no_code(text):
    from game.client.page_links import replay_from_text

    assert replay_from_text(text) is None


def test_a_replay_link_refuses_what_it_could_not_read_back():
    from game.client.page_links import replay_link

    for bad in ("", "a b", 'a"b', "a%b"):
        with pytest.raises(ValueError):
            replay_link("https://x/", bad)


def test_the_page_reads_its_replay_link(monkeypatch, code):
    import sys
    import types

    from game.client import page_links

    assert page_links.page_replay() is None  # natively: no page
    location = types.SimpleNamespace(
        search="", hash=f"#replay={code}", origin="https://site.example", pathname="/m/"
    )
    fake = types.ModuleType("platform")
    fake.window = types.SimpleNamespace(location=location)  # type: ignore[attr-defined]
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setitem(sys.modules, "platform", fake)
    assert page_links.page_replay() == code
    assert page_links.page_values() == {}  # the invite values are not confused by it
    assert page_links.replay_address(code) == f"https://site.example/m/#replay={code}"
    location.hash = "#replay=%22oops"
    assert page_links.page_replay() is None


def test_a_revealed_deal_secret_travels_with_the_code(matches):
    """A finished online record may deal from the server's revealed secret (``fair``): the
    code carries it and the decoded record hands it to ``Match.replay`` again."""
    secret = bytes.fromhex("ab" * 32)
    fair = {"secret": secret.hex(), "contributions": ["01", "02"]}
    fair["commitment"] = commitment(secret).hex()
    dealt = bot_match("ronda", rng=rng_from_record(fair, 3))
    record = {**dealt.record(), "fair": fair}
    back = replay.decode(replay.encode(record))
    assert back.record["fair"] == fair and back.record["log"] == record["log"]
    assert replay.rebuilt(back.record, back.steps).view(None) == dealt.view(None)
    assert "fair" not in replay.decode(replay.encode(matches["ronda"].record())).record


# ----- fetched from a server -----------------------------------------------------------------
class FakeLink:
    """A server link: ready after ``ready_after`` polls; answers get_record with ``answer``."""

    def __init__(self, answer=None, ready_after: int = 1, failed: bool = False):
        self.answer, self.polls, self.ready_after = answer, 0, ready_after
        self.failed, self.sent, self.closed, self.inbox = failed, [], False, []

    @property
    def ready(self):
        return self.polls >= self.ready_after

    def poll(self):
        self.polls += 1
        out, self.inbox = self.inbox, []
        return out

    def send(self, kind, **fields):
        self.sent.append((kind, fields))
        if self.answer is not None:
            self.inbox.append(self.answer)
        return True

    def close(self):
        self.closed = True


def test_a_fetch_asks_once_ready_and_gives_the_code(matches):
    match = matches["hareeja"]
    record = {**match.record(), "log": match.log}
    link = FakeLink({"t": "record", "code": "K7QMXR2D", "record": record, "names": list("ABCD")})
    fetch = replay_session.RecordFetch(link, "K7QMXR2D", me=3)
    assert fetch.step(0.1) and link.sent == [("get_record", {"code": "K7QMXR2D"})]
    assert not fetch.step(0.1) and link.closed
    back = replay.decode(fetch.code)
    assert back.me == 3 and back.online and back.record["log"] == match.record()["log"]


def test_a_fetch_says_why_it_got_nothing(matches):
    refused = replay_session.RecordFetch(
        FakeLink({"t": "error", "code": "no_record", "message": "-"}), "X"
    )
    while refused.step(0.1):
        pass
    assert refused.code is None and refused.failed == "replay.not_kept"
    silent = replay_session.RecordFetch(FakeLink(ready_after=10**6), "X")
    steps = 0
    while silent.step(1.0):
        steps += 1
    assert silent.failed == "replay.unreachable" and steps < replay_session.FETCH_SECONDS + 1
    bad = {"t": "record", "code": "X", "record": {"game": "hareeja", "log": [[0, {}]]}}
    broken = replay_session.RecordFetch(FakeLink(bad), "X")
    while broken.step(0.1):
        pass
    assert broken.code is None and broken.failed == "replay.bad_match"
