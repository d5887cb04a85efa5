"""The replay viewer driven with real pygame events: the statistics screen's Replay button opens
it, it plays, pauses (and then costs idle frames nothing), steps back and forth and jumps to a
round through the game's own table scene; it never saves, never counts in the statistics, never
touches the saved match; a bad code says so and changes nothing."""

import sys
from pathlib import Path
from types import SimpleNamespace

import pygame
from ui_helpers import click, key, run_until

from game.client import replay, stats, stats_record, storage
from game.client.local import LocalSession
from game.ui.scenes.replay import ReplayScene, open_replay
from game.ui.scenes.stats import StatsScene

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_replay import bot_match


def finished_local_entry(make_app, game: str = "hareeja", seed: int = 4) -> dict:
    """A local match played to its end and recorded as the table records it."""
    match = bot_match(game, seed=seed)
    session = LocalSession.new(game, match.players, match.options, seed=seed)
    for seat, action in match.record()["log"]:
        session.match.apply(seat, action)
    scene = SimpleNamespace(name=game, app=make_app(), session=session)
    assert stats_record.record_match_end(scene, session.result)
    data, _ = stats_record.load()
    return data["matches"][-1]


def test_a_finished_local_match_keeps_its_replay_code(make_app):
    entry = finished_local_entry(make_app)
    code = stats.replay_code(entry)
    back = replay.decode(code)
    assert back.record == bot_match("hareeja", seed=4).record()
    assert back.names == entry["players"]


def test_old_entries_drop_their_codes_and_keep_the_rest():
    data = stats.empty()
    for i in range(stats.KEEP_REPLAYS + 5):
        entry = stats.make_entry("hareeja", {}, ["seat.you"], online=False, totals=[i, 0])
        entry["replay"] = f"code{i}"
        stats.add(data, entry)
    codes = [stats.replay_code(m) for m in data["matches"]]
    assert codes[:5] == [None] * 5 and all(codes[5:])
    assert len(data["matches"]) == stats.KEEP_REPLAYS + 5


def open_from_stats(app) -> ReplayScene:
    scene = StatsScene(app, game="hareeja")
    app.switch(scene)
    app.step(1 / 60)
    [button] = scene.recent.replay_buttons
    click(app, button.rect.center)
    assert isinstance(app.scene, ReplayScene)
    return app.scene


def test_watch_from_the_stats_screen_play_pause_step_and_leave(make_app, majlis_home):
    entry = finished_local_entry(make_app)
    in_progress = {"game": "ronda", **LocalSession.new("ronda", 2, seed=9).saved()}
    storage.save_match(in_progress)  # a match in progress
    app = make_app(speed=8.0)
    viewer = open_from_stats(app)
    session = viewer.session
    assert run_until(app, lambda: session.step >= 6, 3000)
    click(app, viewer.widget("replay_toggle").rect.center)  # pause
    assert not viewer.player.running
    run_until(app, viewer.table.idle, 2000)
    for _ in range(3):
        app.step(1 / 60)
    step, draws = session.step, app.painter.draws
    for _ in range(120):
        app.step(1 / 60)
    assert session.step == step and app.painter.draws == draws  # paused: idle frames draw nothing
    assert not viewer.wants_frames() and viewer.redraw_every() is None
    click(app, viewer.widget("replay_step_back").rect.center)
    assert session.step == step - 1 and viewer.table.session is session
    key(app, pygame.K_RIGHT)
    assert session.step == step
    click(app, viewer.widget("replay_round_forward").rect.center)
    assert session.step == session.rounds[1] and session.round_now() == 2
    click(app, viewer.widget("replay_round_back").rect.center)
    assert session.step == 0
    viewer.jump(session.steps)  # the end: the match-over panel, every hand on request
    app.step(1 / 60)
    assert viewer.table.over is not None
    click(app, viewer.widget("replay_hands").rect.center)
    assert viewer.show_hands and len(viewer.hands()) == 4
    app.step(1 / 60)
    assert session.view()["totals"] == entry["totals"]
    click(app, viewer.widget("replay_leave").rect.center)
    assert isinstance(app.scene, StatsScene)
    data, _ = stats_record.load()
    assert len(data["matches"]) == 1  # watching recorded nothing
    saved, _message = storage.load_match("ronda")
    assert saved == in_progress  # the match in progress is kept


def test_the_viewer_seat_refuses_a_tapped_card(make_app):
    app = make_app(speed=8.0)
    code = replay.encode(bot_match("ronda", seed=2).record())
    viewer = open_replay(app, code, back="menu")
    viewer.player.playing = False
    run_until(app, viewer.table.idle, 2000)
    assert viewer.table.act(0, {"type": "play", "card": "1O"}, human=True) is False
    assert (
        viewer.table.messages.hint is not None and "replay" in viewer.table.messages.hint[0].lower()
    )
    link = viewer.share_link()  # natively bare, after the page's address in the browser
    assert link.startswith("#replay=") and replay.decode(link[len("#replay=") :]).steps


def test_a_bad_code_says_so_and_changes_nothing(make_app):
    app = make_app()
    before = app.scene
    code = replay.encode(bot_match("hareeja").record())
    assert open_replay(app, code[: len(code) // 2]) is None
    assert app.scene is before and app.painter.toasts[-1][0] == "replay.bad_code"
    assert open_replay(app, "hello there") is None
    assert app.scene is before


def test_every_game_replays_to_its_end_through_its_table(make_app):
    app = make_app(speed=40.0)
    for game in ("hareeja", "ronda", "hand_rummy"):
        match = bot_match(game, seed=6)
        viewer = open_replay(app, replay.encode(match.record()))
        viewer.player.speed = 4.0
        viewer.jump(viewer.session.steps - 12)  # the last steps played through the table
        assert run_until(app, lambda v=viewer: v.session.at_end and v.table.over, 40000), game
        assert viewer.session.view() == match.view(0)
        assert viewer.table.totals == match.totals


def test_an_online_match_end_asks_the_server_and_keeps_the_replay(make_app):
    from game.client.online import OnlineSession

    finished = bot_match("hareeja", seed=8)
    sent = []

    class Server:  # the table's connection, still open at the match's end
        failed = False

        def poll(self):
            return []

        def send(self, kind, **fields):
            sent.append((kind, fields))
            return True

        def woke(self):
            return False

    room = {
        "code": "K7QMXR2D",
        "seats": [{"name": n, "kind": "human"} for n in ("A", "B", "C", "D")],
        "you": 2,
        "game": "hareeja",
        "turn_seconds": None,
    }
    first = {"t": "events", "events": [], "view": finished.view(2), "legal": []}
    session = OnlineSession(Server(), room, first=first)
    app = make_app()
    scene = SimpleNamespace(name="hareeja", app=app, session=session)
    assert stats_record.record_match_end(scene, session.result)
    assert sent == [("get_record", {"code": "K7QMXR2D"})]
    app.step(1 / 60)
    assert stats.replay_code(stats_record.load()[0]["matches"][-1]) is None  # not yet answered
    record = {k: finished.record()[k] for k in ("game", "players", "options", "seed", "deck")}
    reply = {"t": "record", "code": "K7QMXR2D", "record": {**record, "log": finished.log}}
    session.receive({**reply, "names": ["A", "B", "C", "D"]})
    app.step(1 / 60)
    assert not app.watchers  # answered: no longer watched
    entry = stats_record.load()[0]["matches"][-1]
    watched = replay.decode(stats.replay_code(entry))
    assert watched.me == 2 and watched.online and watched.names[2] == "C"
    assert replay.rebuilt(watched.record, watched.steps).view(2) == finished.view(2)
    viewer = open_replay(app, stats.replay_code(entry), back="stats")
    assert viewer.session.seats[2].kind == "human" and viewer.session.seats[0].kind == "remote"


def test_the_viewer_turns_with_the_window_and_mirrors_with_the_language(make_app):
    app = make_app(speed=8.0)
    viewer = open_replay(app, replay.encode(bot_match("hareeja", seed=3).record()))
    viewer.player.playing = False
    app.step(1 / 60)
    back, forward = viewer.widget("replay_step_back"), viewer.widget("replay_step_forward")
    assert back.rect.x < forward.rect.x  # English: back on the left
    click(app, viewer.table.buttons.lang.rect.center)  # the table's own language button
    app.step(1 / 60)
    assert viewer.widget("replay_step_back").rect.x > viewer.widget("replay_step_forward").rect.x
    step = viewer.session.step
    app.set_portrait(True)
    app.step(1 / 60)
    assert viewer.session.step == step and viewer.bar.rect.right <= app.layout.w
    assert viewer.table.app.layout.portrait


def test_a_checkable_online_match_gets_a_check_button_beside_replay(make_app, monkeypatch):
    import types

    entry = stats.make_entry("hareeja", {}, ["A", "B", "C", "D"], online=True, totals=[1, 2])
    entry["table"] = "K7QMXR2D"
    data = stats.add(stats.empty(), entry)
    stats_record.save(data)
    fake = types.ModuleType("game.client.fair_check")
    kept = {"code": "K7QMXR2D", "over": True}
    fake.recent_records = lambda: [{"code": "OTHERONE"}, kept]  # type: ignore[attr-defined]
    fake.checkable = lambda record: record.get("over", False)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "game.client.fair_check", fake)
    app = make_app()
    scene = StatsScene(app, game="hareeja")
    app.switch(scene)
    app.step(1 / 60)
    went = []
    monkeypatch.setattr(app, "go", lambda route, **kw: went.append((route, kw)))
    click(app, scene.widget("check_0").rect.center)
    assert went == [("check_match", {"record": kept, "back": "stats"})]
    monkeypatch.delitem(sys.modules, "game.client.fair_check")
    assert StatsScene(make_app(), game="hareeja").recent.check_buttons == {}  # no module: no button


def test_an_online_match_without_its_code_is_fetched_from_its_server(make_app):
    from test_replay import FakeLink

    match = bot_match("hareeja", seed=8)
    entry = stats.make_entry("hareeja", match.view(1), list("ABCD"), online=True)
    entry.update(table="K7QMXR2D", server="wss://play.example", seat=1)
    stats_record.save(stats.add(stats.empty(), entry))
    app = make_app()
    scene = StatsScene(app, game="hareeja")
    app.switch(scene)
    app.step(1 / 60)
    assert scene.widget("replay_0")  # offered: the server may still keep it
    answer = {"t": "record", "code": "K7QMXR2D", "record": match.record(), "names": list("ABCD")}
    scene.recent.fetch(stats.recent(scene.data, "hareeja")[0], link=FakeLink(answer))
    assert run_until(app, lambda: isinstance(app.scene, ReplayScene), 20)
    assert app.scene.session.me == 1 and app.scene.replay.names == list("ABCD")
    assert stats.replay_code(stats_record.load()[0]["matches"][-1])  # kept for next time
