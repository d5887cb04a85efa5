"""The still picture under a pause menu is kept dimmed while it stays the same
(game/ui/overlay.py ``draw_with_overlays``): every frame drawn with overlays open is compared
pixel for pixel with the same frame drawn the plain way (the scene, then each overlay with its
own dim layer), through a pause menu opened mid-flight, hovering, a settings panel over it, a
language and a card-colour change, the window turned, and the menu closed again."""

import pygame
import pytest
from ui_helpers import PlainCompared

from game.ui import games
from game.ui.app import App, Options
from game.ui.scenes.pause import SettingsPanel


def compared(app: App) -> PlainCompared:
    """Each frame with an overlay open drawn a second time, the plain way."""
    return PlainCompared(app, lambda app: bool(app.overlays))


def steps(app: App, n: int) -> None:
    for _ in range(n):
        app.step(1 / 60)


@pytest.mark.parametrize(("game", "portrait"), [("hareeja", True), ("hand_rummy", False)])
def test_pause_menu_frames_equal_a_full_redraw_and_the_dim_is_kept(game, portrait):
    app = App(Options(autoplay=True, seed=3, lang="en", portrait=portrait))
    check = compared(app)
    scene = games.maker(game).start_autoplay(app, games.info(game).defaults())
    for _ in range(3000):  # until cards are in the air: the paused scene still "animates"
        app.step(1 / 60)
        if any(s.moving for s in scene.flying) or scene.animating():
            break
    scene.open_pause()
    pause = app.overlay
    assert pause is not None and pause.pauses
    steps(app, 30)  # drawn every frame (the scene animates), the picture below kept
    kept = app.under_overlays
    assert kept.paints == 1
    x, y = pause.button("settings").rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=()))
    steps(app, 3)
    panel = app.open_overlay(SettingsPanel(app))
    steps(app, 5)
    app.set_setting("language", "ar")  # the table's words, under two overlays
    steps(app, 5)
    app.set_setting("four_color", not app.settings.get("four_color", False))
    steps(app, 5)
    app.set_portrait(not portrait)
    steps(app, 5)
    panel.close()
    steps(app, 5)
    paints = kept.paints
    pause.close()
    steps(app, 30)  # the match plays on
    assert check.frames >= 50 and check.differ == []
    assert paints <= 6 and paints < check.frames / 5  # kept, not painted again every frame
    # out of date once no overlay is open; its surface is kept for the next one (a frame-sized
    # allocation took tens of milliseconds of the frame the pause menu opened in, in the browser)
    assert kept.key is None and kept.surface is not None


def test_an_overlay_over_a_scene_that_plays_on_dims_it_every_frame():
    """A stack that does not pause the scene (a rules page over the home screen): nothing is
    kept, the scene below is drawn as it is."""
    app = App(Options(lang="en"))
    check = compared(app)
    steps(app, 3)
    from game.ui import overlay

    overlay.rules(app, "hareeja")
    steps(app, 5)
    assert app.under_overlays.paints == 0 and app.under_overlays.surface is None
    assert check.frames >= 1 and check.differ == []
