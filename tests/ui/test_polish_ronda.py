"""Ronda table polish, driven by real events: the deal's declarations turn up at the seats
before the score panel (RO-17, RO-18, RO-19), the sweep to nobody has its note and flies to the
deck (RO-20), and three players spread right and left (RO-3, counter-clockwise)."""

import pygame
from ui_helpers import click, key, run_until

from game.games.ronda.scene import RondaTable
from game.games.ronda.scene_callouts import rank_word


def start(make_app, players: int, portrait: bool = False) -> tuple:
    app = make_app(portrait=portrait)
    click(app, app.scene.widget("tile:ronda").rect.center)
    click(app, app.scene.widget(f"opt.players:{players}").rect.center)
    click(app, app.scene.widget("play").rect.center)
    if app.overlay is not None:  # a match an earlier app of this test saved: start anew
        click(app, app.overlay.button("yes").rect.center)
    scene = app.scene
    assert isinstance(scene, RondaTable)
    return app, scene


def test_RO_19_declarations_are_revealed_at_the_seats_before_the_score_panel(make_app):
    app, scene = start(make_app, 2)
    declared = []

    def play() -> None:
        if not (scene.my_turn() and scene.idle()):
            return
        if scene.can_declare() and not declared:
            key(app, pygame.K_r)  # true or false, we'll see
            if scene.aids.asking is not None:  # a false one asks first (RO-18): yes, declare
                click(app, scene.aids.asking.button("yes").rect.center)  # (Enter takes back)
            declared.append(True)
            return
        code = scene.hand_order[0]
        click(app, scene.hand[code].rect().center)  # one tap plays

    assert run_until(app, lambda: bool(scene.callouts.reveals), 20000, each=play)
    # Shown at the seats first: the score panel waits.
    assert scene.score is None and declared
    mine = [d for d in scene.callouts.revealed if d["seat"] == 0]
    assert mine and len(scene.callouts.reveals[0]) == len(mine)
    head, outcome, _color = scene.callouts.reveals[0][0]
    d = mine[0]
    if not d["valid"]:
        assert outcome == "false"  # RO-18
    else:
        assert rank_word(d["rank"]) in head  # kind + rank (RO-19)
        assert outcome.startswith("scores") or outcome == "beaten"  # RO-17
    app.step(1 / 60)
    shown = pygame.image.tobytes(app.screen, "RGB")
    assert run_until(app, lambda: scene.score is not None, 2000)
    assert not scene.callouts.reveals and scene.score["declarations"] == scene.callouts.revealed
    assert pygame.image.tobytes(app.screen, "RGB") != shown


def test_RO_20_sweep_to_nobody_flies_to_the_deck_with_a_note(make_app):
    """A deal without any capture cannot happen with ten ranks (the table would need more than
    ten distinct ranks), so the engine's event is handed to the scene as the engine would."""
    app, scene = start(make_app, 2)
    assert run_until(app, lambda: scene.my_turn() and scene.idle(), 3000)
    codes = list(scene.table_cards.sprites)
    scene.events.queue.append({"type": "sweep", "seat": None, "cards": codes})
    piles = list(scene.deal.piles)
    app.step(1 / 60)
    assert scene.messages.banner and "Nobody captured" in scene.messages.banner[0]
    deck = scene.places.geometry().deck
    assert run_until(
        app, lambda: not scene.table_cards.sprites and any(s.moving for s in scene.flying), 200
    )
    moving = [s for s in scene.flying if s.moving]
    assert all(s.motion.end == deck for s in moving)
    assert run_until(app, lambda: not scene.flying, 400)
    assert scene.deal.piles == piles  # nobody's pile grew


def test_RO_3_three_players_sit_right_and_left(make_app):
    """Counter-clockwise from you at the bottom: seat 1 on the right, seat 2 on the left."""
    for portrait in (False, True):
        app, scene = start(make_app, 3, portrait)
        w = app.layout.w
        _you, right, left = (scene.places.plate_rect(s) for s in range(3))
        assert right.centerx > w * 0.75 and left.centerx < w * 0.25
        assert scene.places.pile(1)[0] > w / 2 > scene.places.pile(2)[0]
        assert run_until(
            app,
            lambda: scene.phase == "play" and scene.deal.counts[2] > 0,  # noqa: B023
            3000,
        )
        assert scene.places.seat_hand(2)[0] < w / 2 < scene.places.seat_hand(1)[0]
        for seat in (1, 2):
            assert not scene.places.plate_rect(seat).colliderect(scene.places.geometry().area)
