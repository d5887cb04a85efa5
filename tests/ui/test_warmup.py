"""The app's warm-up on quiet frames (game/ui/warmup.py): after it, a new table of
any game imports no module, paints no felt and scales no card face of its deck at the layout's
sizes; and the steps are short (a step imports one module and what it needs that is not a
project module of its own)."""

import sys

import pygame
import pytest

from game.ui import assets, avatars, draw, games, warmup
from game.ui.app import App, Options

GAMES = ("hareeja", "ronda", "hand_rummy")


def quiet_steps(app: App) -> list[int]:
    """Steps the app until its warm-up is done; the modules each step imported."""
    counts = []
    for _ in range(5000):
        if app.quiet.warmup is None:
            return counts
        before = len(sys.modules)
        app.step(1 / 60)
        counts.append(len(sys.modules) - before)
    raise AssertionError("the warm-up did not finish")


def reaches(start: str, goal: str) -> bool:
    seen, todo = set(), [start]
    while todo:
        name = todo.pop()
        if name == goal:
            return True
        if name not in seen:
            seen.add(name)
            todo += warmup.imports_of(name)
    return False


def test_table_modules_come_after_what_they_import():
    order = warmup.table_modules()
    assert "game.games.ronda.scene" in order or "game.games.ronda.scene" in sys.modules
    place = {name: i for i, name in enumerate(order)}
    for name in order:
        for dep in warmup.imports_of(name):
            if place.get(dep, -1) > place[name]:
                assert reaches(dep, name)  # only a cycle puts a module before what it needs


def test_after_the_warm_up_a_new_table_imports_and_paints_nothing_ahead():
    app = App(Options(lang="en", portrait=True))
    counts = quiet_steps(app)
    assert max(counts[1:], default=0) <= 5  # (the first step draws the home screen)
    felts = sum(draw.FELT_BUILDS.values())
    made = assets._card_face.cache_info().misses, assets._spanish_face.cache_info().misses
    looks = avatars.avatar.cache_info().misses
    before = set(sys.modules)
    for game in GAMES:
        games.maker(game).start_autoplay(app, games.info(game).defaults())
        app.painter.paint()
    faces = assets._card_face.cache_info().misses, assets._spanish_face.cache_info().misses
    assert faces == made  # every table's faces at the layout's sizes were made ahead
    plates = avatars.avatar.cache_info().misses - looks
    assert plates <= 4  # (Hand rummy's small meld-tag avatars are painted as it is built)
    app.scene.open_pause()
    app.set_portrait(False)
    app.painter.paint()
    app.set_portrait(True)
    app.painter.paint()
    assert set(sys.modules) == before  # no module imported by a table, its menu or a turn
    assert sum(draw.FELT_BUILDS.values()) == felts  # both orientations' felts were ready


def test_every_sound_cue_is_loaded_ahead(make_app):
    """A cue's first play does not decode its file in a drawn frame: the warm-up did."""
    from game.ui.audio import CUES

    app = make_app()
    app.quiet.warm_up()
    assert set(CUES) <= set(app.audio.sounds)


def test_the_warm_up_rehearses_each_new_table_and_leaves_saved_matches_alone(majlis_home):
    """The warm-up's last steps draw each game's new table once off the screen
    (game/ui/rehearsal.py): the first frame of a new match then renders no word and paints
    no plate body, and the rehearsals store nothing (a match saved before is as it was, and no
    other game gets one)."""
    from game.client import storage
    from game.ui import plates, scale

    app = App(Options(lang="en", portrait=True))
    games.new_match(app, "ronda", seed=3)  # a saved Ronda match
    saved_before = storage.load_matches()
    scale.drop_caches()  # (as a fresh page: no picture of an earlier test's tables)
    quiet_steps(app)
    assert storage.load_matches() == saved_before
    for game in GAMES:
        words, bodies = draw.label.cache_info().misses, plates.plate_body.cache_info().misses
        app.switch(games.new_match(app, game, seed=5))
        app.painter.paint()
        assert draw.label.cache_info().misses == words, game
        assert plates.plate_body.cache_info().misses == bodies, game


def test_the_rehearsal_draws_each_tables_pause_menu_so_its_first_open_makes_no_word(majlis_home):
    """The pause menu over each rehearsed table is drawn once ahead (game/ui/rehearsal.py):
    opened on a new table before any quiet frame could make it ahead, its first frame renders
    no word, fits no title and draws no button face, at either shape."""
    from game.ui import scale, widgets

    app = App(Options(lang="en", portrait=True))
    scale.drop_caches()  # (as a fresh page: no picture of an earlier test's menus)
    quiet_steps(app)
    for portrait in (True, False):
        app.set_portrait(portrait)
        for game in GAMES:
            app.switch(games.new_match(app, game, seed=5))
            app.painter.paint()
            app.quiet.ahead.clear()  # (no quiet frame came: nothing was made ahead)
            made = (
                draw.label.cache_info().misses,
                draw.fit_text.cache_info().misses,
                widgets.button_image.cache_info().misses,
            )
            app.scene.open_pause()
            app.painter.paint()
            after = (
                draw.label.cache_info().misses,
                draw.fit_text.cache_info().misses,
                widgets.button_image.cache_info().misses,
            )
            assert after == made, (game, portrait)
            app.close_overlay(app.overlays[-1])


def test_the_rehearsal_makes_the_other_orientation_ahead_so_a_turn_makes_nothing(majlis_home):
    """Each new table is rehearsed at the other orientation's layout too, and the card faces
    at its sizes are scaled ahead: a new table turned at once (landscape, then back) renders
    no word, scales no face, paints no plate body, felt or felt panels, and draws exactly what
    a table built at that shape draws (a count and a picture, never a time)."""
    from game.ui import plates, scale

    app = App(Options(lang="en", portrait=True))
    scale.drop_caches()  # (as a fresh page: no picture of an earlier test's tables)
    quiet_steps(app)
    assert app.layout.portrait  # (the rehearsal gave the app its own layout back)

    def made() -> tuple[int, ...]:
        return (
            draw.label.cache_info().misses,
            plates.plate_body.cache_info().misses,
            assets._card_face.cache_info().misses,
            assets._spanish_face.cache_info().misses,
            draw._backdrop.cache_info().misses,
            sum(draw.FELT_BUILDS.values()),
        )

    for game in GAMES:
        app.switch(games.new_match(app, game, seed=5))
        app.painter.paint()
        before = made()
        app.set_portrait(False)
        app.painter.paint()
        turned = pygame.image.tobytes(app.screen, "RGB")
        app.set_portrait(True)
        app.painter.paint()
        assert made() == before, game
        app.set_portrait(False)  # a table of the same match built at this shape, drawn
        app.switch(games.new_match(app, game, seed=5))
        app.transition.cancel()
        app.painter.paint()
        app.painter.paint()  # (the first frame of a new table places the score button as it draws)
        assert pygame.image.tobytes(app.screen, "RGB") == turned, game
        app.set_portrait(True)


def test_a_hand_rummy_round_scales_no_card_face_after_the_warm_up(majlis_home):
    """The cards the others lay, draw and discard fly from their plates at a size of their
    own: their faces are made ahead with the table's other sizes, and the faces' cache holds
    every game's sizes at both orientations (at 512 faces the warm-up's last ones pushed out
    its first, and a bot's first meld scaled its cards mid-frame)."""
    from game.ui import scale

    app = App(Options(autoplay=True, seed=2024, lang="en", portrait=True))
    scale.drop_caches()
    quiet_steps(app)
    made = assets._card_face.cache_info().misses
    table = games.maker("hand_rummy").start_autoplay(app, games.info("hand_rummy").defaults())
    for _ in range(2500):
        app.step(1 / 60)
        if table.score is not None:
            break
    assert table.meld_rows.melds  # (a meld was laid: its cards flew and landed)
    assert assets._card_face.cache_info().misses == made


@pytest.mark.parametrize("game", GAMES)
def test_after_the_warm_up_a_tables_buttons_make_no_face_until_its_score_panel(majlis_home, game):
    """The rehearsal draws each table's buttons ahead in both first looks, enabled and not,
    shown or not: from a new table's first frame to its round's score panel no button face
    is made (Hand rummy's seven staging buttons first show with your first turn)."""
    from game.ui import scale, widgets

    app = App(Options(autoplay=True, seed=2024, lang="en", portrait=True))
    scale.drop_caches()
    quiet_steps(app)
    table = games.maker(game).start_autoplay(app, games.info(game).defaults())
    app.step(1 / 60)
    made = widgets.button_image.cache_info().misses
    for _ in range(6000):
        app.step(1 / 60)
        if table.score is not None:
            break
    assert table.score is not None  # (the round was played to its end)
    assert widgets.button_image.cache_info().misses == made
