"""What mypy --strict over the pygame side found (pyproject.toml's [tool.mypy]): each case
failed before its fix."""

import itertools

import pygame
import pytest

from game.core.bots import Sliced, Thinking
from game.ui import draw, overlay, scale
from game.ui.blit_count import BlitCounter
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.lobby_shots import ShownLink


def test_the_felt_is_drawn_without_a_display_mode():
    """``felt`` gave its cloth per-pixel alpha with ``convert_alpha(surface)``, which raises
    in pygame-ce without a display mode; drawn off screen it is the felt drawn on screen."""
    pygame.display.quit()
    pygame.display.init()
    draw.forget_felts()
    scale.set_factor(1.0)
    off_screen = draw.felt(320, 200, True)
    draw.forget_felts()
    pygame.display.set_mode((320, 200))
    on_screen = draw.felt(320, 200, True)
    draw.forget_felts()
    assert off_screen.get_size() == on_screen.get_size() == (320, 200)
    assert pygame.image.tobytes(off_screen, "RGB") == pygame.image.tobytes(on_screen, "RGB")


@pytest.mark.parametrize("act", ["create", "join_any", "open_list", "leave", "answer", "join"])
def test_a_lobby_action_without_a_link_shows_the_offline_state(make_app, act):
    """The lobby's actions sent on its server link (``self.link``), None once the connection is
    gone: an action reaching it then (a click queued behind the drop) raised AttributeError.
    Now it shows the offline state (Try again, Choose another server) and sends nothing."""
    app = make_app()
    lobby = LobbyScene(app, link=ShownLink({"you": 0, "host": 0}), server="ws://x:1")
    app.switch(lobby)
    lobby.set_state("home")
    lobby.link = None
    calls = {"answer": lambda: lobby.answer("p2", True), "join": lambda: lobby.join("K7QMX4PA")}
    calls.get(act, getattr(lobby, act))()
    assert lobby.state == "offline" and lobby.link is None


def test_a_hint_is_thought_in_slices_with_its_reason():
    """A hint's thought answers (move, reason); it was driven by :class:`Thinking`, typed
    for a bot's action, and unpacked under a ``type: ignore``. :class:`Sliced` drives any
    thought and keeps its answer's type."""

    def hint():
        yield
        yield
        return {"type": "play", "card": "AS"}, "hint.reason"

    ticks = itertools.count(0, 2)  # each look at the clock is 2 s later: one slice per step
    thinking: Sliced[tuple[dict[str, str], str | None]] = Sliced(hint(), lambda: next(ticks))
    assert not thinking.step(1.0)
    assert not thinking.step(1.0)
    assert thinking.step(1.0)
    action, reason = thinking.answer
    assert action == {"type": "play", "card": "AS"} and reason == "hint.reason"
    assert issubclass(Thinking, Sliced)


def test_the_counting_canvas_blits_like_a_surface_without_a_dest():
    """``CountingSurface.blit`` required ``dest``, which ``Surface.blit`` defaults to (0, 0):
    a frame drawn with ``blit(img)`` worked on the screen and raised TypeError on the canvas
    the blit count draws into. Typed as ``Surface.blit`` is, it blits and counts the same."""
    pygame.display.init()
    counter = BlitCounter()
    canvas = counter.canvas(pygame.Surface((40, 30)))
    img = pygame.Surface((10, 10))
    img.fill((200, 10, 10))
    assert canvas.blit(img) == pygame.Rect(0, 0, 10, 10)
    assert canvas.get_at((5, 5)) == pygame.Color(200, 10, 10)
    assert canvas.blits([(img, (20, 0))], doreturn=False) is None
    assert counter.frames[-1].kinds() == {"opaque": 2}


def test_a_switch_to_what_is_not_a_scene_says_so_and_changes_nothing(make_app):
    """Scenes are made from names (a route, a game's spec): ``App.switch`` took anything and
    the next frame failed inside the loop. It now refuses what is not a scene, by name, with
    the scene and its open overlays as they were."""
    app = make_app()
    shown = app.scene
    panel = overlay.message(app, "ok", lambda: "body")
    with pytest.raises(TypeError, match="not a scene: dict"):
        app.switch({"name": "menu"})
    assert app.scene is shown and app.overlays == [panel] and panel.open
