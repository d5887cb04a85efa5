"""When a local match is written (game/ui/table_saver.py): the player's own move at once, a
bot's on a quiet frame (one the app draws nothing on), on leaving, or within five seconds of
frames; never on a drawn frame while bots play."""

import pygame

from game.client import storage
from game.ui import games
from game.ui.table_saver import LATEST, TableSaver

FRAME = 1 / 60


class FakeApp:
    def __init__(self):
        self.deferred = []

    def defer(self, job):
        if job not in self.deferred:
            self.deferred.append(job)


class FakeSession:
    phase = "play"

    def __init__(self):
        self.moves = 0

    def saved(self):
        return {"record": {"moves": self.moves}}


def writes_into(monkeypatch):
    """Every match written, as what was written."""
    written = []
    monkeypatch.setattr(storage, "save_match", lambda saved: written.append(saved) or True)
    return written


def test_a_bot_move_waits_for_a_quiet_frame_or_five_seconds(monkeypatch):
    written = writes_into(monkeypatch)
    app, session = FakeApp(), FakeSession()
    saver = TableSaver(app, session, "hareeja", {"players": 4}, enabled=True)
    saver.bot_move()
    saver.bot_move()
    assert written == [] and app.deferred == [saver.flush]  # asked for once
    app.deferred.pop()()  # the quiet frame
    assert written == [{"game": "hareeja", "record": {"moves": 0}, "options": {"players": 4}}]
    saver.bot_move()
    steps = round(LATEST / FRAME)
    for _ in range(steps - 1):  # no quiet frame for almost five seconds: still waiting
        saver.tick(FRAME)
    assert len(written) == 1
    saver.tick(FRAME)
    assert len(written) == 2
    app.deferred.pop()()  # its quiet frame comes later: nothing is left to write
    assert len(written) == 2 and saver.writes == 2


def test_the_own_move_is_written_at_once_and_a_disabled_saver_writes_nothing(monkeypatch):
    written = writes_into(monkeypatch)
    app = FakeApp()
    saver = TableSaver(app, FakeSession(), "ronda", {}, enabled=True)
    saver.bot_move()
    saver.own_move()
    assert len(written) == 1  # the bot's move waiting went with it
    app.deferred.pop()()
    assert len(written) == 1
    off = TableSaver(app, FakeSession(), "ronda", {}, enabled=False)  # online, autoplay
    off.bot_move()
    off.own_move()
    assert written == [{"game": "ronda", "record": {"moves": 0}, "options": {}}]
    assert app.deferred == []


def test_a_minute_of_bot_play_writes_on_no_drawn_frame(make_app, monkeypatch):
    """3,600 frames of an all-bot Hareeja match: bots' moves are written, each on a frame
    that drew nothing."""
    app = make_app()
    written = writes_into(monkeypatch)
    scene = games.maker("hareeja").new_match(app, seed=3, all_bots=True)
    assert scene.saver.enabled
    app.switch(scene)
    written.clear()
    frames_written, frames_drawn = [], set()
    monkeypatch.setattr(storage, "save_match", lambda saved: frames_written.append(app.frame))
    for _ in range(3600):
        draws = app.painter.draws
        app.step(FRAME)
        if app.painter.draws > draws:
            frames_drawn.add(app.frame - 1)
    assert len(frames_written) >= 10  # bots played (a trick is four moves)
    assert frames_drawn and not frames_drawn & set(frames_written)


def test_the_player_s_move_is_written_at_once_and_leaving_writes_the_bots(make_app, monkeypatch):
    app = make_app()
    written = writes_into(monkeypatch)
    scene = games.new_match(app, "hareeja", seed=3)
    app.switch(scene)
    for _ in range(3000):
        if scene.idle() and scene.session.to_act() == [scene.me]:
            break
        app.step(FRAME)
    before = len(written)
    assert scene.act(scene.me, scene.session.legal()[0], human=True)
    assert len(written) == before + 1  # no frame passed
    assert written[-1]["record"] == scene.session.saved()["record"]  # the move is in it
    scene.saver.bot_move()  # a bot's move waits ...
    app.go("menu")  # ... and is written as the table is left
    assert len(written) == before + 2
    pygame.event.clear()
