"""The match-over panel's "Play again" at an online table, headless (game/ui/over_again.py):
the first press accepts the server's offer with a fresh contribution to its new commitment,
then the panel shows who is ready and the host's button starts now; when the next match's room
and first view come, the table is built again for match 2 without leaving it. Screenshots of
the panel in both languages and orientations with ``MAJLIS_SHOTS=dir``."""

from __future__ import annotations

import os

import pygame
import pytest
from ui_helpers import click, run_until

from game import i18n
from game.client.fair_check import Witness
from game.client.online import OnlineSession
from game.games.hareeja.rules import Match
from game.games.hareeja.scene import HareejaTable
from tests.ui.loopback import Loopback

CODE = "K7QMX4PA"
ROOM = {
    "code": CODE,
    "seats": [
        {"name": "Sara", "kind": "human"},
        {"name": "Omar", "kind": "human"},
        {"name": "", "kind": "bot"},
        {"name": "Lina", "kind": "human"},
    ],
    "you": 0,
    "host": 0,
    "game": "hareeja",
    "players": 4,
    "options": {},
    "turn_seconds": None,
    "started": True,
    "match": 1,
}
OFFER = {
    "t": "rematch_state",
    "code": CODE,
    "match": 2,
    "commitment": "ab" * 32,
    "ready": [False, False, True, False],
    "people": [True, True, False, True],
    "host": 0,
}


class Server(Loopback):
    """The loopback server with what ServerLink adds for a rematch (its offer, the witness)."""

    def __init__(self, match, me: int):
        super().__init__(match, me)
        self.sent: list[tuple[str, dict]] = []
        self.witness = Witness(keep=False)
        self.offer: dict | None = None
        self.room = dict(ROOM)

    def send(self, kind: str, **fields) -> bool:
        self.sent.append((kind, fields))
        return super().send(kind, **fields)

    def accept_rematch(self) -> bool:
        value = self.witness.on_rematch(self.offer, self.room)
        return self.send("rematch", match=self.offer["match"], value=value)

    def close(self) -> None:
        pass


def over_table(app, me=0):
    match = Match.new(4, {}, seed=3)
    server = Server(match, me)
    first = server.frame(match.start_events, None)
    session = OnlineSession(server, {**ROOM, "you": me}, first=first)
    scene = HareejaTable(app, session)
    app.switch(scene)
    assert run_until(app, scene.idle, 3000)
    scene._open_over({"totals": [3, 1, 0, 2], "winners": [0], "ranking": [0, 3, 1, 2]})
    server.offer = dict(OFFER)
    for _ in range(70):  # the panel's buttons work after a second
        app.step(1 / 60)
    return scene, server


def test_play_again_accepts_shows_who_is_ready_and_the_host_starts_now(make_app):
    app = make_app(lang="en")
    scene, server = over_table(app)
    again = scene.widget("again")
    assert again.visible and again.label() == "Play again"
    click(app, again.rect.center)
    _, fields = next(m for m in reversed(server.sent) if m[0] == "rematch")
    assert fields["match"] == 2 and len(fields["value"]) == 64
    assert server.witness.record["commitment"] == OFFER["commitment"]  # a new record
    assert scene.session.again_sent and again.label() == "Start now"  # the host may start
    assert app.scene is scene  # still at the table, not the lobby
    server.offer = {**OFFER, "ready": [True, True, True, False]}
    assert scene.session.ready_count() == (2, 3)
    click(app, again.rect.center)
    assert [m for m in server.sent if m[0].startswith("rematch")][-1] == ("rematch_start", {})
    i18n.set_language("ar")


def test_a_guest_waits_after_play_again(make_app):
    app = make_app(lang="en")
    scene, server = over_table(app, me=1)
    click(app, scene.widget("again").rect.center)
    assert scene.widget("again").label() == "Waiting for the others"
    sent = [m for m in server.sent if m[0].startswith("rematch")]
    click(app, scene.widget("again").rect.center)  # pressing again sends nothing more
    assert [m for m in server.sent if m[0].startswith("rematch")] == sent and len(sent) == 1
    i18n.set_language("ar")


def test_the_next_match_starts_at_the_same_table(make_app):
    app = make_app(lang="en")
    scene, server = over_table(app)
    click(app, scene.widget("again").rect.center)
    fresh = Match.new(4, {}, seed=9)
    server.match = fresh
    server.inbox.append({**ROOM, "t": "room", "match": 2, "over": False})
    server.inbox.append(server.frame(fresh.start_events, None))
    for _ in range(5):
        app.step(1 / 60)
    table = app.scene
    assert isinstance(table, HareejaTable) and table is not scene and table.over is None
    assert table.session is scene.session and table.session.offer is None
    assert not table.widget("again").visible
    assert table.session.view() == fresh.view(0)


def test_without_an_offer_play_again_goes_back_to_the_lobby(make_app, monkeypatch):
    app = make_app(lang="en")
    scene, server = over_table(app)
    server.offer = None
    went = []
    monkeypatch.setattr(app, "go", lambda route, **kw: went.append(route))
    click(app, scene.widget("again").rect.center)
    assert went == ["lobby"] and ("leave", {}) in server.sent
    i18n.set_language("ar")


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("portrait", [False, True])
def test_screenshots_of_the_over_panel_waiting(make_app, lang, portrait):
    app = make_app(lang=lang)
    if portrait:
        app.set_portrait(True)
    scene, server = over_table(app)
    click(app, scene.widget("again").rect.center)
    server.offer = {**OFFER, "ready": [True, False, True, False]}
    for _ in range(3):
        app.step(1 / 60)
    assert app.screen.get_rect().contains(scene.widget("again").rect)
    shots = os.environ.get("MAJLIS_SHOTS")
    if shots:
        name = f"rematch_{lang}_{'portrait' if portrait else 'landscape'}.png"
        pygame.image.save(app.screen, os.path.join(shots, name))
    i18n.set_language("ar")


@pytest.mark.parametrize("code", ["gone", "not_seated", "closed"])
def test_play_again_refused_because_the_table_is_gone_goes_back_to_the_lobby(
    make_app, monkeypatch, code
):
    """The table closed under the over panel: Play again's refusal (or the close itself) takes
    the player back to the lobby, still connected, with words of his own, not the server's."""
    app = make_app(lang="en")
    scene, server = over_table(app)
    went = []
    monkeypatch.setattr(app, "go", lambda route, **kw: went.append((route, kw)))
    click(app, scene.widget("again").rect.center)
    server.inbox.append({"t": "error", "code": code, "message": "That table is no longer here."})
    for _ in range(3):
        app.step(1 / 60)
    assert went == [("lobby", {"session": server})]
    assert app.painter.toasts[-1][0] == "online.closed_over" and server.offer is None
    assert scene.messages.hint is None or "no longer here" not in scene.messages.hint[0]
    i18n.set_language("ar")
