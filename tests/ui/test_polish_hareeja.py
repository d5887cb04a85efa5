"""Hareeja table polish, driven by real events: the last trick can be looked at (button, centre
tap or L) with who played each card, and never while the bids are secret (HJ-5, HJ-9)."""

import pygame
from ui_helpers import click, key, run_until

from game.games.hareeja.scene import HareejaTable
from game.ui.table_making import TableMaker


def started(make_app, portrait=False) -> tuple:
    app = make_app(portrait=portrait)
    scene = TableMaker(HareejaTable).new_match(app, "easy", seed=5)
    app.switch(scene)
    return app, scene


def play_until_first_trick(app, scene) -> None:
    """Bid 2 with the picker, then play (one tap) the first legal card whenever it is our turn."""
    assert run_until(app, scene.can_bid, 4000)
    click(app, scene.widget("bid:2").rect.center)
    click(app, scene.widget("confirm").rect.center)

    def play() -> None:
        if scene.my_turn() and scene.idle():
            code = sorted(scene.legal_cards())[0]
            click(app, scene.hand[code].rect().center)  # one tap plays

    assert run_until(app, lambda: scene.trick_area.last is not None, 8000, each=play)


def test_HJ_5_no_last_trick_while_bidding(make_app):
    app, scene = started(make_app)
    assert run_until(app, scene.can_bid, 4000)
    assert not scene.widget("last_trick").visible
    key(app, pygame.K_l)
    click(app, scene.trick_area.rect().center)
    assert scene.trick_area.peek == 0 and scene.bidding.pick is None
    assert scene.messages.hint is not None and "bids are revealed" in scene.messages.hint[0]


def test_HJ_9_last_trick_shows_its_cards_and_winner_by_key_button_and_tap(make_app):
    app, scene = started(make_app)
    play_until_first_trick(app, scene)
    shown = scene.trick_area.last
    # The first trick of the round, in play order, and the seat that took it.
    assert shown["cards"] == scene.session.match.view(0)["played"][:4]
    assert scene.bidding.tricks[shown["winner"]] == 1 and sum(scene.bidding.tricks) == 1
    key(app, pygame.K_l)
    assert scene.trick_area.peek > 0
    before = pygame.image.tobytes(app.screen, "RGB")
    key(app, pygame.K_l)  # L again closes it
    assert scene.trick_area.peek == 0
    assert pygame.image.tobytes(app.screen, "RGB") != before
    button = scene.widget("last_trick")
    assert button.visible and button.rect.h >= 44
    click(app, button.rect.center)
    assert scene.trick_area.peek > 0
    click(app, button.rect.center)
    assert scene.trick_area.peek == 0
    log = list(scene.session.match.log)
    click(app, scene.trick_area.rect().center)  # a tap on the centre
    assert scene.trick_area.peek > 0 and scene.session.match.log[: len(log)] == log
    # It goes away by itself after a moment.
    assert run_until(app, lambda: scene.trick_area.peek == 0, 600)


def test_last_trick_button_stays_inside_the_top_bar_in_portrait(make_app):
    app, scene = started(make_app, portrait=True)
    play_until_first_trick(app, scene)
    app.step(1 / 60)
    button = scene.widget("last_trick")
    assert button.visible and app.layout.top_bar.contains(button.rect)
    assert not button.rect.colliderect(scene.widget("lang").rect)


def test_a_card_played_ends_the_look_at_the_last_trick(make_app):
    """The last trick never covers the live one: a card played while it is up closes it."""
    app, scene = started(make_app)
    play_until_first_trick(app, scene)
    area = scene.trick_area

    def play() -> None:
        if scene.my_turn() and scene.idle():
            click(app, scene.hand[sorted(scene.legal_cards())[0]].rect().center)

    def others_to_play() -> bool:
        return scene.idle() and not scene.my_turn() and area.can_peek() and len(area.cards) < 4

    assert run_until(app, others_to_play, 4000, each=play)
    key(app, pygame.K_l)
    assert area.peeking()
    area.peek = 60.0  # a look that would outlast the bot's turn by far
    played = len(area.cards)
    assert run_until(app, lambda: len(area.cards) > played, 4000)
    assert area.peek == 0 and not area.peeking()
