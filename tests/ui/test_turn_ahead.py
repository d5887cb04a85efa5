"""The other orientation of the table shown, made ahead on a quiet frame
(game/ui/turn_ahead.py): once a table waits for your move, one quiet frame lays it out for the
other shape, draws it off the screen and lays it back, leaving the picture on screen as it
was; a turn then makes no word, fitted size, plate body or card face and paints no still
layer whole, and shows exactly what a full redraw of the turned table shows (counts and
pictures, never a time)."""

from __future__ import annotations

import pygame
import pytest
from test_static_layer import checked

from game.ui import assets, draw, games, plates, settle, text, turn_ahead
from game.ui.app import App, Options


def waiting_table(game: str, lang: str) -> App:
    app = App(Options(lang=lang, portrait=True))
    app.quiet.warm_up()
    app.settings["turn_seconds"] = 0
    app.switch(games.new_match(app, game, seed=2024))
    for _ in range(3000):
        app.step(1 / 60)
        scene = app.scene
        if scene.awaiting_me() and scene.idle() and not scene.animating():
            return app
    raise AssertionError("the table never waited for the player")


def where(scene) -> list[tuple[int, ...]]:
    """Where the table's cards are drawn (to the pixel: a card at rest may move by a rounding
    error as it keeps to its slot) and at which size."""
    return [(round(s.pos[0]), round(s.pos[1]), *s.size) for s in settle.sprites(scene)]


def made() -> tuple[int, ...]:
    return (
        draw.label.cache_info().misses,
        draw.fit_text.cache_info().misses,
        plates.plate_body.cache_info().misses,
        assets._card_face.cache_info().misses,
        assets._spanish_face.cache_info().misses,
        len(text._renders),
    )


@pytest.mark.parametrize(
    ("game", "lang"), [("hareeja", "ar"), ("ronda", "en"), ("hand_rummy", "en")]
)
def test_a_quiet_table_turns_with_nothing_left_to_make(game, lang):
    app = waiting_table(game, lang)
    check = checked(app)  # every drawn frame against a full redraw
    scene = app.scene
    shown = pygame.image.tobytes(app.screen, "RGB")
    places = where(scene)
    done = turn_ahead.rehearsals
    for _ in range(60):  # quiet frames: the other orientation is made on one of them
        app.step(1 / 60)
    assert turn_ahead.rehearsals == done + 1  # once, not again while nothing changes
    assert where(scene) == places
    app.painter.paint()
    assert pygame.image.tobytes(app.screen, "RGB") == shown  # the screen's picture untouched
    for portrait in (False, True):
        before, layer = made(), scene.frame.still.layer
        app.set_portrait(portrait)
        assert scene.frame.still.layer is not None and scene.frame.still.layer is not layer
        full = scene.frame.still.layer.full_paints
        app.painter.paint()
        assert made() == before, portrait  # no word, size, plate or face made in the turn
        assert scene.frame.still.layer.full_paints == full  # its layer was painted ahead
        for _ in range(60):
            app.step(1 / 60)
    assert check.frames > 2 and check.differ == []


def test_nothing_is_made_while_the_table_moves_or_a_button_is_held():
    app = waiting_table("hareeja", "en")
    scene = app.scene
    for _ in range(60):
        app.step(1 / 60)
    done = turn_ahead.rehearsals
    app.invalidate()  # (a drawn frame asks again: nothing changed, nothing made)
    for _ in range(60):
        app.step(1 / 60)
    assert turn_ahead.rehearsals == done
    button = next(w for w in scene.widgets if isinstance(getattr(w, "pressed", None), bool))
    button.pressed = True
    assert not turn_ahead.resting(scene)
    button.pressed = False
    assert turn_ahead.resting(scene)
    scene.open_pause()
    assert not turn_ahead.resting(scene)


def test_a_table_left_is_let_go():
    """What is kept for a table (its job, its state, its layer of the other shape) does not
    keep the table alive."""
    import gc
    import weakref

    from game.ui import turn_layers

    app = waiting_table("ronda", "en")
    for _ in range(60):
        app.step(1 / 60)
    table = weakref.ref(app.scene)
    still = weakref.ref(app.scene.frame.still)
    app.set_portrait(False)
    app.go("menu")
    app.transition.cancel()
    for _ in range(30):
        app.step(1 / 60)
    app.quiet.ahead.clear()
    gc.collect()
    assert table() is None and still() is None  # (so neither is a key left in the two below)
    assert all(t.app is not app for t in turn_ahead._jobs)  # (other tests' tables may live on)
    assert all(s.scene.app is not app for s in turn_layers._kept)
