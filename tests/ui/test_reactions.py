"""Reactions and the match-over Check button at an online table, headless: a reaction that
comes shows a bubble beside its sender's plate and goes after a few seconds; a muted seat's
does not show; the panel sends a phrase; the Check button appears once the server's reveal
arrived and opens the check screen. Also writes screenshots of the panel and a bubble, in both
languages and orientations (``MAJLIS_SHOTS=dir``)."""

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
from game.ui.reactions import BUBBLE_SECONDS
from game.ui.table_making import TableMaker
from tests.ui.loopback import Loopback


class Server(Loopback):
    """The loopback server, also keeping what the table sent and a fairness witness."""

    def __init__(self, match, me: int):
        super().__init__(match, me)
        self.sent: list[tuple[str, dict]] = []
        self.witness = Witness(keep=False)

    def send(self, kind: str, **fields) -> bool:
        self.sent.append((kind, fields))
        return super().send(kind, **fields)

    def close(self) -> None:
        pass


ROOM = {
    "seats": [
        {"name": "Sara", "kind": "human"},
        {"name": "Omar", "kind": "human"},
        {"name": "", "kind": "bot"},
        {"name": "Lina", "kind": "human"},
    ],
    "you": 0,
    "game": "hareeja",
    "options": {},
    "turn_seconds": None,
}


def online_table(app):
    match = Match.new(4, {}, seed=3)
    server = Server(match, 0)
    session = OnlineSession(server, ROOM, first=server.frame(match.start_events, None))
    scene = HareejaTable(app, session)
    app.switch(scene)
    assert run_until(app, scene.idle, 3000)
    return scene, server


def react(server, seat, phrase):
    server.inbox.append({"t": "reaction", "seat": seat, "phrase": phrase})


def test_a_bubble_shows_beside_the_sender_and_goes(make_app):
    app = make_app()
    scene, server = online_table(app)
    reactions = scene.plates.reactions
    react(server, 1, "well_played")
    react(server, 9, "well_played")  # no such seat: ignored
    react(server, 3, "free text")  # no such phrase: ignored
    app.step(1 / 60)
    assert reactions.bubbles.keys() == {1} and reactions.phrases[1] == "well_played"
    assert scene.redraw_every() is not None and not scene.wants_frames()
    spot = reactions.bubble_spot(1, (10, 10))
    assert pygame.Rect(spot, (10, 10)).colliderect(app.screen.get_rect())
    for _ in range(int(BUBBLE_SECONDS * 60) + 10):
        app.step(1 / 60)
    assert not reactions.bubbles and scene.redraw_every() is None  # gone: nothing due


def test_a_muted_seat_shows_no_bubble_and_the_mute_is_kept_for_the_table(make_app):
    app = make_app()
    scene, server = online_table(app)
    reactions = scene.plates.reactions
    assert reactions.people() == [1, 3]  # the bot in seat 2 sends nothing: no toggle for it
    react(server, 1, "hurry_up")
    app.step(1 / 60)
    click(app, scene.widget("react").rect.center)
    assert reactions.open
    click(app, scene.widget("mute.1").rect.center)
    assert not reactions.bubbles and scene.session.muted == {1}
    react(server, 1, "oops")
    react(server, 3, "oops")
    app.step(1 / 60)
    assert reactions.bubbles.keys() == {3}
    app.switch(HareejaTable(app, scene.session))  # rebuilt (a reconnect): still muted
    react(server, 1, "oops")
    app.step(1 / 60)
    assert 1 not in app.scene.plates.reactions.bubbles


def test_the_panel_sends_a_phrase_and_closes(make_app):
    app = make_app()
    scene, server = online_table(app)
    click(app, scene.widget("react").rect.center)
    click(app, scene.widget("react.thanks").rect.center)
    assert ("react", {"phrase": "thanks"}) in server.sent
    assert not scene.plates.reactions.open


def test_a_local_table_has_no_reactions(make_app):
    app = make_app()
    scene = TableMaker(HareejaTable).new_match(app, seed=1)
    app.switch(scene)
    assert scene.plates.reactions is None


def test_the_check_button_appears_after_the_reveal_and_opens_the_check(make_app, monkeypatch):
    app = make_app()
    scene, server = online_table(app)
    scene._open_over({"totals": [0, 0, 0, 0], "winners": [0], "ranking": [0, 1, 2, 3]})
    app.step(1 / 60)
    assert not scene.widget("check").visible  # no reveal yet
    server.witness.record = {"secret": "00" * 32, "log": [], "contributions": ["", "", "", ""]}
    app.step(1 / 60)
    button = scene.widget("check")
    assert button.visible
    opened = []
    monkeypatch.setattr(app, "go", lambda route, **kw: opened.append((route, kw)))
    click(app, button.rect.center)
    assert opened == [("check_match", {"record": server.witness.record, "back": "menu"})]


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("portrait", [False, True])
def test_screenshots_of_the_panel_and_a_bubble(make_app, lang, portrait):
    app = make_app(lang=lang)
    if portrait:
        app.set_portrait(True)
    scene, server = online_table(app)
    react(server, 1, "well_played")
    react(server, 3, "good_luck")
    app.step(1 / 60)
    click(app, scene.widget("react").rect.center)
    app.step(1 / 60)
    panel = scene.plates.reactions.panel_rect()
    assert app.screen.get_rect().contains(panel)
    layout = app.layout
    assert panel.bottom < layout.hand_center[1] - layout.card[1] // 2  # never over the hand
    for button in scene.plates.reactions.phrase_buttons:
        assert panel.contains(button.rect)
    shots = os.environ.get("MAJLIS_SHOTS")
    if shots:
        name = f"reactions_{lang}_{'portrait' if portrait else 'landscape'}.png"
        pygame.image.save(app.screen, os.path.join(shots, name))
    i18n.set_language("ar")
