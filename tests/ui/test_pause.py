"""The pause menu at every table: Esc or the menu button opens it, Resume returns,
a local match stands still meanwhile, Rules and Settings open over it, Leave asks while the
match runs and keeps it saved for Continue."""

import pygame
import pytest
from ui_helpers import click, key

from game.ui import games
from game.ui.scenes.home import HomeScene
from game.ui.scenes.pause import PauseMenu, SettingsPanel

KEYS = [g.key for g in games.available()]


def table_of(app, game):
    scene = games.new_match(app, game, seed=4)
    scene.saver.enabled = True
    app.switch(scene)
    for _ in range(120):
        app.step(1 / 60)
    return scene


@pytest.mark.parametrize("portrait", [False, True])
@pytest.mark.parametrize("game", KEYS)
def test_escape_opens_pause_and_resume_returns(make_app, game, portrait):
    app = make_app(portrait=portrait)
    table = table_of(app, game)
    if game == "hand_rummy":
        table.workspace.selected = None
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.overlay, PauseMenu) and app.scene is table
    frame = pygame.Rect(0, 0, *app.layout.size)
    assert all(frame.contains(b.rect) for b in app.overlay.buttons)
    log = list(table.session.match.log)
    elapsed = table.elapsed
    for _ in range(300):  # five seconds: nothing moves at a paused local table
        app.step(1 / 60)
    assert table.session.match.log == log and table.elapsed == elapsed
    click(app, app.overlay.button("resume").rect.center)
    assert app.overlay is None and app.scene is table
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)  # Esc again resumes
    assert app.overlay is None and app.scene is table


@pytest.mark.parametrize("game", KEYS)
def test_menu_button_opens_pause_and_leave_asks_and_keeps_the_match(make_app, majlis_home, game):
    app = make_app()
    table = table_of(app, game)
    table.saver.write()
    click(app, table.widget("menu").rect.center)
    pause = app.overlay
    assert isinstance(pause, PauseMenu)
    click(app, pause.button("rules").rect.center)
    assert app.overlay.key == "rules" and app.overlay.scroll is not None
    key(app, pygame.K_ESCAPE)
    assert app.overlay is pause
    click(app, pause.button("settings").rect.center)
    assert isinstance(app.overlay, SettingsPanel)
    click(app, app.overlay.widget_key("sound:False").rect.center)
    assert app.settings["sound"] is False
    click(app, app.overlay.button("close").rect.center)
    assert app.overlay is pause
    click(app, pause.button("leave").rect.center)
    ask = app.overlay
    assert ask.key == "leave" and "saved" in ask.body()
    click(app, ask.button("no").rect.center)
    assert app.overlay is pause and app.scene is table  # Cancel: back to the pause menu
    click(app, pause.button("leave").rect.center)
    click(app, app.overlay.button("yes").rect.center)
    assert isinstance(app.scene, HomeScene) and app.overlay is None
    assert (majlis_home / f"match.{game}.json").exists()
    assert app.scene.widget(f"continue:{game}").visible and game in app.scene.summaries


def test_hand_rummy_escape_drops_a_selection_first(make_app):
    app = make_app()
    table = table_of(app, "hand_rummy")
    table.workspace.selected = 0
    key(app, pygame.K_ESCAPE)
    assert table.workspace.selected is None and app.overlay is None
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.overlay, PauseMenu)


def test_online_pause_keeps_the_table_running_and_leave_is_the_tables_leave(make_app):
    """Online the table plays on under the pause menu (no pause of the server's match), and
    Leave asks, says a bot takes the seat (TB-9), then sends the usual leave."""
    from game.client.online import OnlineSession
    from game.games.ronda.rules import Match as RondaMatch
    from game.games.ronda.scene import RondaTable
    from tests.ui.loopback import Loopback

    class Recording(Loopback):
        def send(self, kind: str, **fields) -> bool:
            self.sent.append(kind)
            return super().send(kind, **fields)

        def close(self) -> None:
            pass

    match = RondaMatch.new(2, {"rules": "maghribi"}, seed=3)
    loop = Recording(match, 0)
    loop.sent = []
    room = {
        "seats": [{"name": n, "kind": "human"} for n in ("Huda", "Omar")],
        "you": 0,
        "game": "ronda",
        "options": {"rules": "maghribi"},
        "turn_seconds": None,
    }
    app = make_app()
    session = OnlineSession(loop, room, first=loop.frame(match.start_events, None))
    table = RondaTable(app, session, options={"players": 2, "rules": "maghribi"})
    app.switch(table)
    key(app, pygame.K_ESCAPE)
    pause = app.overlay
    assert isinstance(pause, PauseMenu) and not pause.pauses
    elapsed = table.elapsed
    app.step(1 / 60)
    assert table.elapsed > elapsed  # the table goes on beneath the menu
    click(app, pause.button("leave").rect.center)
    assert app.overlay.key == "leave" and "bot" in app.overlay.body()
    click(app, app.overlay.button("yes").rect.center)
    assert "leave" in loop.sent and isinstance(app.scene, HomeScene)


def test_open_overlays_turn_with_the_window(make_app):
    """The window turns under the pause menu and its settings panel: both are laid out again
    for the new shape, still open, the table untouched beneath."""
    app = make_app()
    table = table_of(app, "ronda")
    table.open_pause()
    click(app, app.overlay.button("settings").rect.center)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=700, h=1100, size=(700, 1100)))
    app.step(1 / 60)
    assert app.layout.portrait and app.scene is table
    frame = pygame.Rect(0, 0, *app.layout.size)
    assert [type(o) for o in app.overlays] == [PauseMenu, SettingsPanel]
    for box in app.overlays:
        assert frame.contains(box.rect)
        for w in box.widgets:
            assert box.rect.contains(w.rect), (box.key, getattr(w, "key", w), w.rect)


@pytest.mark.parametrize("portrait", [False, True])
def test_the_pause_settings_panel_picks_your_face_from_the_grid(make_app, portrait):
    """Beside Close, "Your face" (the face worn now) opens the grid over the panel; a face
    tapped is worn at once and the panel is back, the button showing the new face."""
    from game.ui.scenes.settings_avatar import AvatarButton, AvatarPicker, current

    app = make_app(portrait=portrait)
    table_of(app, "ronda")
    key(app, pygame.K_ESCAPE)
    click(app, app.overlay.button("settings").rect.center)
    panel = app.overlay
    assert isinstance(panel, SettingsPanel)
    face = panel.button("avatar")
    assert isinstance(face, AvatarButton) and face is panel.avatar_button
    frame = pygame.Rect(0, 0, *app.layout.size)
    assert frame.contains(face.rect) and not face.rect.colliderect(panel.button("close").rect)
    click(app, face.rect.center)
    picker = app.overlay
    assert isinstance(picker, AvatarPicker) and app.overlays[-2] is panel
    click(app, picker.widget_key("avatar:5").rect.center)
    assert app.settings["avatar"] == 5 and current(app) == 5
    assert app.overlay is panel and isinstance(panel.button("avatar"), AvatarButton)


@pytest.mark.parametrize("game", KEYS)
def test_the_pause_menu_is_made_ahead_and_the_frame_left_as_it_was(make_app, game):
    """A table built asks for its pause menu to be made ahead on a quiet frame; doing so
    leaves the frame's pixels as they were, and the menu's first opening then makes no new
    panel picture and no new frame-sized surface (in the browser those were most of that
    frame); the score panel's dimmed table has its surface too."""
    from game.ui import draw
    from game.ui.scenes.pause import make_menus_ahead

    app = make_app(portrait=True)
    table = table_of(app, game)
    assert app.quiet.ahead or app.under_overlays.surface is not None
    app.under_overlays.forget()
    before = app.screen.copy()
    assert make_menus_ahead(table)
    assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(before, "RGB")
    dimmed = app.under_overlays.surface
    assert dimmed is not None and table.frame.dimmed.surface is not None
    panels = draw._panel_image.cache_info().misses
    table.open_pause()
    app.step(1 / 60)
    assert draw._panel_image.cache_info().misses == panels
    assert app.under_overlays.surface is dimmed


def panels_made(monkeypatch) -> list[tuple[int, int]]:
    """The sizes of the panel pictures made from now on (draw._panel_image's misses)."""
    from game.ui import draw

    made: list[tuple[int, int]] = []
    real_panel = draw._panel_image

    def panel_image(w: int, h: int, *rest: object) -> pygame.Surface:
        misses = real_panel.cache_info().misses
        img = real_panel(w, h, *rest)
        if real_panel.cache_info().misses > misses:
            made.append((w, h))
        return img

    monkeypatch.setattr(draw, "_panel_image", panel_image)
    return made


@pytest.mark.parametrize("portrait", [False, True])
@pytest.mark.parametrize(("game", "seed"), [("hareeja", 3), ("ronda", 2), ("hand_rummy", 3)])
def test_the_score_panels_picture_is_made_ahead_at_the_size_it_opens_at(
    game, seed, portrait, monkeypatch
):
    """No quiet frame comes between a round's end and its score panel, so the panel's picture
    is made with the pause menu's, at the size the game expects (Hareeja's is the same every
    round; Hand rummy's in the usual round, Ronda's in a deal without declarations, as in
    these): the panel's first frame then makes no picture of its size."""
    from game.ui.app import App, Options
    from game.ui.scenes.pause import make_menus_ahead
    from game.ui.table_drawing import score_rect

    app = App(Options(autoplay=True, seed=seed, lang="en", portrait=portrait))
    table = games.maker(game).start_autoplay(app, games.info(game).defaults())
    for _ in range(30):
        app.step(1 / 60)
    assert make_menus_ahead(table)
    expected = score_rect(app.layout, *table.score_panel.expected_size()).size
    made = panels_made(monkeypatch)
    opened: list[tuple[int, int]] = []
    real_frame = table.painter.score_frame
    table.painter.score_frame = lambda surface, w, h, title: (
        opened.append(score_rect(app.layout, w, h).size),
        real_frame(surface, w, h, title),
    )[1]
    for _ in range(20000):
        app.step(1 / 60)
        if opened:
            break
    assert opened == [expected]  # (the rounds these seeds play)
    assert expected not in made


@pytest.mark.parametrize(("seed", "portrait"), [(3, False), (6, True)])
def test_ronda_makes_its_score_panel_again_after_each_declaration(seed, portrait, monkeypatch):
    """RO-19: every declaration of a Ronda deal is a line of its score panel, so after each
    one the panel's picture is made again ahead on the next quiet frames (here: after every
    frame), at the height it now expects; the panel's first frame then makes none. Seed 3's
    first deal has two declarations, seed 6's seven (four lines and one for the rest)."""
    from game.ui import draw
    from game.ui.app import App, Options
    from game.ui.quiet_work import first_with_work
    from game.ui.table_drawing import score_rect

    app = App(Options(autoplay=True, seed=seed, lang="en", portrait=portrait))
    table = games.maker("ronda").start_autoplay(app, games.info("ronda").defaults())
    draw._panel_image.cache_clear()  # (earlier tests made panels of these sizes)
    made = panels_made(monkeypatch)

    def expected() -> tuple[int, int]:
        return score_rect(app.layout, *table.score_panel.expected_size()).size

    said = 0
    for _ in range(20000):
        app.step(1 / 60)
        if table.score is not None:
            break
        if table.score_panel.declarations_said > said:  # one more: made on the quiet frames
            said = table.score_panel.declarations_said
            while first_with_work(app.quiet.ahead):
                pass
            assert expected() in made  # (now, or for an earlier line count)
    assert said == len(table.score["declarations"]) >= 2
    made.clear()
    app.step(1 / 60)
    assert table.score is not None and expected() not in made  # (the panel drawn now)
