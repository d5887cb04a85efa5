"""The client driven with real pygame events: menu → match, bids, play, refusals, language."""

import pygame
from ui_helpers import click, drag, key, run_until

from game import i18n
from game.core.cards import french_deck
from game.games.hareeja.scene import HareejaTable
from game.table import FakeClock
from game.ui.table_making import TableMaker

SEAT0 = ["7S", "8S", "7H", "8H", "7D", "8D", "7C", "8C"]


def deck_with_every_suit_for_seat0() -> list[str]:
    """Dealer 0 deals card i to seat (1 + i) % 4: seat 0 gets indices 3, 7, 11, ..."""
    rest = [c for c in french_deck(short=True) if c not in SEAT0]
    mine = list(SEAT0)  # (a copy: the deck can be built more than once)
    deck = []
    for i in range(32):
        deck.append(mine.pop(0) if (1 + i) % 4 == 0 else rest.pop(0))
    return deck


def table_scene(app, **kw) -> HareejaTable:
    scene = TableMaker(HareejaTable).new_match(app, "easy", seed=kw.pop("seed", 5), **kw)
    app.switch(scene)
    return scene


def test_menu_play_starts_a_hareeja_match(make_app):
    app = make_app()
    click(app, app.scene.widget("tile:hareeja").rect.center)
    click(app, app.scene.widget("play").rect.center)
    assert isinstance(app.scene, HareejaTable)
    assert app.scene.session.match.phase == "declare"


def test_HJ_5_bid_with_picker_and_confirm_stays_secret(make_app):
    app = make_app()
    scene = table_scene(app)
    assert run_until(app, scene.can_bid)
    click(app, scene.widget("bid:3").rect.center)
    assert scene.bidding.pick == 3 and not scene.bidding.confirmed[0]
    click(app, scene.widget("confirm").rect.center)
    assert scene.session.match.bids[0] == 3
    run_until(app, lambda: scene.bidding.confirmed[0])
    # HJ-5: others only show "confirmed" until all four are in, never a number.
    assert all(b is None for b in scene.bidding.bids[1:]) or scene.bidding.revealed


def test_keyboard_digits_and_enter_bid(make_app):
    app = make_app()
    scene = table_scene(app)
    run_until(app, scene.can_bid)
    key(app, pygame.K_5)
    key(app, pygame.K_RETURN)
    assert scene.session.match.bids[0] == 5


def bid_then_wait_for_turn(app, scene) -> None:
    run_until(app, scene.can_bid)
    click(app, scene.widget("bid:2").rect.center)
    click(app, scene.widget("confirm").rect.center)
    assert run_until(app, scene.my_turn, 8000)
    run_until(app, lambda: not any(s.moving for s in scene.hand.values()), 200)


def test_one_tap_plays_a_legal_card(make_app):
    app = make_app()
    scene = table_scene(app)
    bid_then_wait_for_turn(app, scene)
    code = sorted(scene.legal_cards())[0]
    log = len(scene.session.match.log)
    click(app, scene.hand[code].rect().center)
    assert scene.session.match.log[log] == [0, {"type": "play", "card": code}]


def test_confirm_before_playing_restores_select_then_confirm(make_app):
    app = make_app()
    app.set_setting("confirm_play", True)
    scene = table_scene(app)
    bid_then_wait_for_turn(app, scene)
    code = sorted(scene.legal_cards())[0]
    log = len(scene.session.match.log)
    click(app, scene.hand[code].rect().center)
    assert scene.selected == code and len(scene.session.match.log) == log
    app.step(1 / 60)
    assert scene.widget("play").visible
    click(app, scene.hand[code].rect().center)
    assert scene.session.match.log[log] == [0, {"type": "play", "card": code}]


def test_dragging_a_card_onto_the_table_plays_it_and_a_short_drag_does_not(make_app):
    app = make_app()
    app.set_setting("confirm_play", True)  # a drag plays even in confirm mode: it is deliberate
    scene = table_scene(app)
    bid_then_wait_for_turn(app, scene)
    code = sorted(scene.legal_cards())[0]
    log = len(scene.session.match.log)
    start = scene.hand[code].rect().center
    drag(app, start, (start[0] + 60, start[1] - 10))  # let go over the hand: nothing
    assert len(scene.session.match.log) == log and code in scene.hand
    for _ in range(60):  # the card glides back into the fan
        app.step(1 / 60)
    start = scene.hand[code].rect().center
    assert scene.hand_view.card_at(start) == code
    drag(app, start, app.layout.center)
    assert scene.session.match.log[log] == [0, {"type": "play", "card": code}]


def test_HJ_8_illegal_card_is_refused_with_a_hint_and_nothing_changes(make_app):
    app = make_app()
    scene = table_scene(app, deck=deck_with_every_suit_for_seat0())
    bid_then_wait_for_turn(app, scene)
    assert scene.session.match.trick, "seat 1 leads, so seat 0 must follow"
    illegal = [c for c in scene.hand_order if c not in scene.legal_cards()]
    assert illegal
    before = (list(scene.session.match.log), list(scene.session.match.hands[0]))
    click(app, scene.hand[illegal[0]].rect().center)
    assert scene.messages.hint is not None and "Follow the suit" in scene.messages.hint[0]
    assert (scene.session.match.log, scene.session.match.hands[0]) == before
    assert scene.selected is None


def test_language_switch_rerenders_the_table(make_app):
    app = make_app()
    scene = table_scene(app)
    app.step(1 / 60)
    english = pygame.image.tobytes(app.screen, "RGB")
    click(app, scene.widget("lang").rect.center)
    assert i18n.language() == "ar" and app.settings["language"] == "ar"
    app.step(1 / 60)
    assert pygame.image.tobytes(app.screen, "RGB") != english


def test_TB_8_three_missed_turns_assist_and_im_back(make_app):
    app = make_app()
    clock = FakeClock()
    scene = table_scene(app, turn_seconds=60, clock=clock)
    for missed in range(3):
        assert run_until(app, lambda: (scene.can_bid() or scene.my_turn()) and scene.idle(), 8000)
        clock.advance(61)
        run_until(app, lambda: scene.session.seats[0].missed > missed, 100)  # noqa: B023
    assert scene.session.seats[0].assisted
    app.step(1 / 60)
    back = scene.widget("back")
    assert back.visible
    click(app, back.rect.center)
    assert not scene.session.seats[0].assisted


def test_TB_6_turn_clock_is_held_while_the_deal_is_still_being_shown(make_app):
    """Time spent watching the deal or a trick fly never counts against the player's turn."""
    app = make_app()
    clock = FakeClock()
    scene = table_scene(app, turn_seconds=60, clock=clock)
    app.step(1 / 60)
    assert not scene.idle() and scene.session.table.held  # cards are still being dealt
    clock.advance(600)
    app.step(1 / 60)
    assert scene.session.seats[0].missed == 0 and scene.session.match.log == []
    assert run_until(app, lambda: scene.can_bid() and scene.idle(), 8000)
    assert scene.session.remaining(0) == 60


def test_saved_match_continues_after_restart(make_app):
    app = make_app()
    click(app, app.scene.widget("tile:hareeja").rect.center)
    click(app, app.scene.widget("play").rect.center)
    scene = app.scene
    run_until(app, scene.can_bid)
    click(app, scene.widget("bid:1").rect.center)
    click(app, scene.widget("confirm").rect.center)
    log = list(scene.session.match.log)
    restarted = make_app()
    cont = restarted.scene.widget("continue:hareeja")
    assert cont.visible
    click(restarted, cont.rect.center)
    assert isinstance(restarted.scene, HareejaTable)
    assert restarted.scene.session.match.log[: len(log)] == log
