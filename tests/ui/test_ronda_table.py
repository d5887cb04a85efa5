"""The Ronda table driven with real pygame events: menu → match (2 and 4 players), capture
preview and play by clicking, declarations, caida / mesa, a whole match through the loop,
Continue after a restart, and controls that stay on screen."""

import pygame
import pytest
from ui_helpers import click, key, run_until

from game.games.ronda.rules import Match
from game.games.ronda.scene import RondaTable
from game.table import FakeClock, Seat, Table
from game.ui.app import App, Options
from game.ui.table_making import TableMaker


def start_from_menu(app, players: int) -> RondaTable:
    click(app, app.scene.widget("tile:ronda").rect.center)
    click(app, app.scene.widget(f"opt.players:{players}").rect.center)
    click(app, app.scene.widget("play").rect.center)
    if app.overlay is not None:  # a match an earlier app of this test saved: start anew
        click(app, app.overlay.button("yes").rect.center)
    assert isinstance(app.scene, RondaTable)
    return app.scene


@pytest.mark.parametrize("players", [2, 4])
def test_RO_3_menu_starts_a_ronda_match_with_the_chosen_players(make_app, players):
    app = make_app()
    scene = start_from_menu(app, players)
    assert scene.session.match.players == players
    assert scene.sides.teams == (players == 4)  # RO-3: four play as two teams
    assert len(scene.session.match.totals) == (2 if players in (2, 4) else 3)
    assert run_until(app, lambda: scene.phase == "play" and sum(scene.deal.counts) > 0, 2000)


def scripted_table(app) -> RondaTable:
    """Two players, every seat moved by the test; the deck of the screenshot script."""
    from game.games.ronda.scene_shots import ronda_first_batch_deck

    match = Match.new(2, {}, seed=1, deck=ronda_first_batch_deck())
    table = Table(
        match, [Seat("human", "seat.you"), Seat("human", "ronda.name.1")], FakeClock(), None
    )
    scene = RondaTable(app, table, [e.for_seat(0) for e in match.start_events], bot_seed=1)
    app.switch(scene)
    return scene


def ready(scene) -> bool:
    return scene.idle() and scene.phase == "play" and not scene.events.timers


def test_RO_12_RO_16_declare_then_take_the_laid_card_by_clicking_is_a_caida(make_app):
    app = make_app()
    app.set_setting("confirm_play", True)  # the first tap previews the capture
    scene = scripted_table(app)
    assert run_until(app, lambda: ready(scene))
    scene.act(1, {"type": "play", "card": "5C"}, human=True)
    assert run_until(app, lambda: ready(scene) and scene.can_declare())
    app.step(1 / 60)
    button = scene.widget("declare:ronda")
    assert button.visible
    click(app, button.rect.center)
    assert scene.session.match.log[-1] == [0, {"type": "declare", "kind": "ronda"}]
    run_until(app, lambda: 0 in scene.callouts.seat_banners, 100)
    assert scene.callouts.seat_banners[0].text == "Ronda!"  # RO-19: the kind is shown, not the rank
    assert run_until(app, scene.my_turn) and not scene.can_declare()
    run_until(app, lambda: not any(s.moving for s in scene.hand.values()), 200)
    click(app, scene.hand["5O"].rect().center)
    assert scene.selected == "5O" and scene.would_capture("5O") == ["5C"]
    last = scene.session.match.log[-1]
    assert last[0] == 0 and last[1]["type"] == "declare"
    app.step(1 / 60)
    click(app, scene.hand["5O"].rect().center)
    assert scene.session.match.log[-1] == [0, {"type": "play", "card": "5O"}]
    assert run_until(app, lambda: scene.callouts.flash is not None, 200)
    assert "Caida" in scene.callouts.flash.text
    assert run_until(app, lambda: ready(scene), 600)
    assert (
        scene.deal.piles[0] == 2 and scene.totals[0] == 1 and "5C" not in scene.table_cards.sprites
    )


def test_RO_14_clearing_the_table_is_a_mesa_and_the_pile_counts(make_app):
    app = make_app()
    scene = scripted_table(app)
    from game.games.ronda.scene_shots import RONDA_SCRIPT

    for seat, action in RONDA_SCRIPT:
        assert run_until(app, lambda: ready(scene), 2000)
        assert scene.act(seat, action, human=True)
    callouts = scene.callouts
    assert run_until(app, lambda: callouts.flash is not None and "Mesa" in callouts.flash.text, 300)
    assert run_until(app, lambda: ready(scene), 2000)
    assert scene.deal.piles == [7, 3] and scene.totals == [2, 0]  # caida + mesa
    assert sorted(scene.table_cards.sprites) == []


def test_keyboard_selects_and_plays(make_app):
    app = make_app()
    scene = scripted_table(app)
    run_until(app, lambda: ready(scene))
    scene.act(1, {"type": "play", "card": "5C"}, human=True)
    assert run_until(app, lambda: ready(scene) and scene.my_turn())
    key(app, pygame.K_RIGHT)
    chosen = scene.selected
    assert chosen in scene.hand_order
    key(app, pygame.K_RETURN)
    assert scene.session.match.log[-1] == [0, {"type": "play", "card": chosen}]


@pytest.mark.parametrize("players", [2, 4])
def test_autoplay_ronda_match_runs_to_the_end_through_the_loop(majlis_home, players):
    app = App(Options(autoplay=True, speed=40.0, seed=7, frames=20000, lang="en"))
    scene = TableMaker(RondaTable).start_autoplay(app, {"players": players, "rules": "quick"})
    while app.running:
        app.step(1 / 60)
    assert scene.session.match.phase == "over" and scene.over is not None
    assert app.autoplay_result["totals"] == scene.session.match.totals
    assert max(scene.session.match.totals) >= 25  # RO-22: quick game to 25
    assert app.frame < 20000
    assert not (majlis_home / "match.ronda.json").exists()


def test_continue_restores_a_saved_ronda_match(make_app):
    app = make_app()
    scene = start_from_menu(app, 2)
    assert run_until(app, scene.my_turn, 3000)
    code = scene.hand_order[0]
    scene.taps.click_card(code)  # one tap plays
    log = list(scene.session.match.log)
    assert log[-1] == [0, {"type": "play", "card": code}]
    restarted = make_app()
    cont = restarted.scene.widget("continue:ronda")
    assert cont.visible
    click(restarted, cont.rect.center)
    assert isinstance(restarted.scene, RondaTable)
    assert restarted.scene.session.match.log[: len(log)] == log
    assert restarted.scene.session.match.players == 2
    restarted.step(1 / 60)


@pytest.mark.parametrize("portrait", [False, True])
@pytest.mark.parametrize("players", [2, 4])
def test_ronda_controls_stay_on_screen_and_large(make_app, portrait, players):
    app = make_app(portrait=portrait, lang="ar")
    scene = TableMaker(RondaTable).new_match(app, "easy", options={"players": players}, seed=4)
    app.switch(scene)
    assert run_until(app, lambda: scene.can_declare() and scene.idle(), 4000)
    scene.selected = scene.hand_order[0]
    scene.held_kinds = lambda: {"ronda", "tringa"}  # both offers up (as with a three in hand)
    app.step(1 / 60)
    margin = 16 if portrait else 8
    screen = app.screen.get_rect().inflate(-2 * margin, -2 * margin)
    shown = [w for w in scene.widgets if w.visible]
    assert {w.key for w in shown} >= {"play", "declare:ronda", "declare:tringa", "menu", "lang"}
    for w in shown:
        assert screen.contains(w.rect) and w.rect.h >= 44 and w.rect.w >= 44, (w.key, w.rect)
    for a in shown:
        for b in shown:
            assert a is b or not a.rect.colliderect(b.rect), (a.key, b.key)


def test_RO_17_RO_18_score_panel_keeps_the_declarations_that_moved_the_score():
    from game.games.ronda.scene_score import shown_declarations

    decls = [{"seat": i % 2, "kind": "ronda", "valid": True, "scored": False} for i in range(6)]
    decls[4]["scored"] = True
    decls.append({"seat": 1, "kind": "tringa", "valid": False, "scored": False})
    shown, hidden = shown_declarations(decls)
    assert hidden == 3 and len(shown) == 4
    assert decls[4] in shown and decls[6] in shown  # the scoring one and the false one
    assert [decls.index(d) for d in shown] == sorted(decls.index(d) for d in shown)


def test_RO_18_a_false_declaration_asks_with_the_safe_answer_gold(make_app):
    app = make_app()
    scene = scripted_table(app)
    assert run_until(app, lambda: ready(scene))
    scene.act(1, {"type": "play", "card": "5C"}, human=True)
    assert run_until(app, lambda: ready(scene) and scene.can_declare())
    assert "tringa" not in scene.held_kinds()  # a pair only
    log = list(scene.session.match.log)
    scene.taps.declare("tringa")
    asking = scene.aids.asking
    assert asking is not None
    gold = [a.key for a in asking.actions if a.primary]
    assert gold == ["no"]  # the lit button keeps the hand; declaring falsely costs points
    key(app, pygame.K_RETURN)  # Enter takes the gold (safe) answer
    assert scene.aids.asking is None and scene.session.match.log == log
    scene.taps.declare("tringa")
    click(app, scene.aids.asking.button("yes").rect.center)  # the costly one, chosen
    assert scene.session.match.log[-1] == [0, {"type": "declare", "kind": "tringa"}]


def test_an_out_of_turn_tap_says_whose_turn_it_is_shakes_and_changes_nothing(make_app):
    app = make_app()
    scene = scripted_table(app)
    assert run_until(app, lambda: ready(scene))
    assert scene.session.to_act() == [1]
    run_until(app, lambda: not any(s.moving for s in scene.hand.values()), 200)
    log, hand = list(scene.session.match.log), list(scene.hand_order)
    code = hand[0]
    click(app, scene.hand[code].rect().center)
    assert scene.session.match.log == log and scene.hand_order == hand
    assert scene.selected is None
    assert (
        scene.messages.hint is not None
        and scene.messages.hint[0] == "Not your turn — wait for Karim"
    )
    assert scene.hand[code].shake > 0


def test_enter_out_of_turn_says_whose_turn_it_is_and_plays_nothing(make_app):
    app = make_app()
    scene = scripted_table(app)
    assert run_until(app, lambda: ready(scene))
    log = list(scene.session.match.log)
    key(app, pygame.K_RETURN)
    assert scene.session.match.log == log
    assert (
        scene.messages.hint is not None
        and scene.messages.hint[0] == "Not your turn — wait for Karim"
    )
