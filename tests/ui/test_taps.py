"""Every tap acts exactly once, whatever mix of events it arrives as: SDL's finger
events, the mouse events SDL makes from them (``touch=True``), the browser's emulated mouse
events (``touch=False``), in one frame or spread over frames; and a quick press and release
on the setup sheet's Play starts the match like a held one (game/ui/pointer.py)."""

import pygame
import pytest
from ui_helpers import run_until

from game.ui.pointer import EMULATED_WINDOW, MOUSE_TOUCH_ID
from game.ui.scene import Scene
from game.ui.scenes.setup import SetupScene
from game.ui.widgets import Button

FRAME = 1 / 60


class Counter(Scene):
    """A scene with one button that counts its clicks and one beside it that must never fire."""

    name = "counter"

    def build(self) -> None:
        self.clicks = getattr(self, "clicks", 0)
        self.wrong = getattr(self, "wrong", 0)
        self.button = Button((100, 100, 200, 80), lambda: "+1", self._click, key="count")
        other = Button((100, 300, 200, 80), lambda: "no", self._wrong, key="other")
        self.widgets = [self.button, other]

    def _click(self) -> None:
        self.clicks += 1

    def _wrong(self) -> None:
        self.wrong += 1


def post(*events: pygame.event.Event) -> None:
    for event in events:
        pygame.event.post(event)


def finger(kind: int, pos, size, fid: int = 0, touch_id: int = 1) -> pygame.event.Event:
    x, y = (pos[0] + 0.5) / size[0], (pos[1] + 0.5) / size[1]
    return pygame.event.Event(
        kind, touch_id=touch_id, finger_id=fid, x=x, y=y, dx=0.0, dy=0.0, pressure=1.0
    )


def mouse(kind: int, pos, touch: bool) -> pygame.event.Event:
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=touch)
    return pygame.event.Event(kind, pos=pos, button=1, touch=touch)


def sdl_touch_down(pos, size, fid: int = 0) -> list:
    """What SDL posts for a finger going down (seen in Chromium): motion and press made from
    the touch, then the finger event."""
    return [
        mouse(pygame.MOUSEMOTION, pos, True),
        mouse(pygame.MOUSEBUTTONDOWN, pos, True),
        finger(pygame.FINGERDOWN, pos, size, fid),
    ]


def sdl_touch_up(pos, size, fid: int = 0) -> list:
    return [mouse(pygame.MOUSEBUTTONUP, pos, True), finger(pygame.FINGERUP, pos, size, fid)]


def emulated(pos) -> list:
    """The browser's own mouse events after a touch it was not told to cancel."""
    return [
        mouse(pygame.MOUSEMOTION, pos, False),
        mouse(pygame.MOUSEBUTTONDOWN, pos, False),
        mouse(pygame.MOUSEBUTTONUP, pos, False),
    ]


def fingers_only(pos, size, fid: int = 0) -> tuple[list, list]:
    return [finger(pygame.FINGERDOWN, pos, size, fid)], [finger(pygame.FINGERUP, pos, size, fid)]


@pytest.fixture
def counter(make_app):
    app = make_app()
    scene = Counter(app)
    app.switch(scene)
    app.step(FRAME)
    return app, scene


def tap(app, down: list, up: list, held_frames: int = 0) -> None:
    """``down`` then ``up``, in one frame (``held_frames`` 0) or that many frames apart."""
    post(*down)
    if held_frames:
        for _ in range(held_frames):
            app.step(FRAME)
    post(*up)
    app.step(FRAME)


MIXES = {
    "mouse": lambda p, s: (
        [mouse(pygame.MOUSEMOTION, p, False), mouse(pygame.MOUSEBUTTONDOWN, p, False)],
        [mouse(pygame.MOUSEBUTTONUP, p, False)],
    ),
    "sdl touch (mouse made from the finger, then the finger)": lambda p, s: (
        sdl_touch_down(p, s),
        sdl_touch_up(p, s),
    ),
    "finger first, then the touch-made mouse events": lambda p, s: (
        [finger(pygame.FINGERDOWN, p, s), mouse(pygame.MOUSEBUTTONDOWN, p, True)],
        [finger(pygame.FINGERUP, p, s), mouse(pygame.MOUSEBUTTONUP, p, True)],
    ),
    "touch-made mouse events only": lambda p, s: (
        [mouse(pygame.MOUSEMOTION, p, True), mouse(pygame.MOUSEBUTTONDOWN, p, True)],
        [mouse(pygame.MOUSEBUTTONUP, p, True)],
    ),
    "finger events only (SDL made no mouse events)": fingers_only,
    "sdl touch and the browser's emulated mouse": lambda p, s: (
        sdl_touch_down(p, s),
        sdl_touch_up(p, s) + emulated(p),
    ),
    "touch-made mouse and the browser's emulated mouse": lambda p, s: (
        [mouse(pygame.MOUSEMOTION, p, True), mouse(pygame.MOUSEBUTTONDOWN, p, True)],
        [mouse(pygame.MOUSEBUTTONUP, p, True), *emulated(p)],
    ),
    "finger events and the browser's emulated mouse": lambda p, s: (
        fingers_only(p, s)[0],
        fingers_only(p, s)[1] + emulated(p),
    ),
    "sdl touch whose touch-made release is missing": lambda p, s: (
        sdl_touch_down(p, s),
        [finger(pygame.FINGERUP, p, s)],
    ),
}


@pytest.mark.parametrize("held", [0, 3], ids=["one frame", "held"])
@pytest.mark.parametrize("mix", list(MIXES))
def test_a_tap_acts_exactly_once_for_any_mix(counter, mix, held):
    app, scene = counter
    size = app.screen.get_size()
    down, up = MIXES[mix](scene.button.rect.center, size)
    tap(app, down, up, held)
    assert scene.clicks == 1, mix
    for _ in range(3):  # frames after: nothing more arrives late
        app.step(FRAME)
    assert (scene.clicks, scene.wrong) == (1, 0)


def test_the_browsers_copy_arriving_frames_later_is_dropped_too(counter):
    app, scene = counter
    size, pos = app.screen.get_size(), scene.button.rect.center
    tap(app, sdl_touch_down(pos, size), sdl_touch_up(pos, size))
    for _ in range(10):
        app.step(FRAME)
    post(*emulated(pos))
    app.step(FRAME)
    assert scene.clicks == 1
    assert app.pointer.dropped == 3


def test_a_mouse_click_after_the_touch_window_acts(counter):
    app, scene = counter
    size, pos = app.screen.get_size(), scene.button.rect.center
    tap(app, sdl_touch_down(pos, size), sdl_touch_up(pos, size))
    for _ in range(int(EMULATED_WINDOW / FRAME) + 2):
        app.step(FRAME)
    post(*emulated(pos))
    app.step(FRAME)
    assert scene.clicks == 2


def test_two_taps_in_one_frame_act_twice(counter):
    app, scene = counter
    size, pos = app.screen.get_size(), scene.button.rect.center
    post(*sdl_touch_down(pos, size, 0), *sdl_touch_up(pos, size, 0))
    post(*fingers_only(pos, size, 1)[0], *fingers_only(pos, size, 1)[1])
    app.step(FRAME)
    assert scene.clicks == 2


def test_a_second_finger_while_one_is_down_does_nothing(counter):
    app, scene = counter
    size = app.screen.get_size()
    first, second = (150, 330), scene.button.rect.center  # the first finger is on "other"
    post(*sdl_touch_down(first, size, 0))
    app.step(FRAME)
    tap(app, *fingers_only(second, size, 1))
    assert scene.clicks == 0
    post(*sdl_touch_up(first, size, 0))
    app.step(FRAME)
    assert (scene.clicks, scene.wrong) == (0, 1)


def test_a_touch_whose_end_was_lost_does_not_block_the_next_tap(counter):
    """SDL's touch-to-mouse step is stuck on a finger whose end it never saw: a new finger
    comes as finger events only. The tap acts (it is the pointer once the old finger has
    been silent a while)."""
    app, scene = counter
    size, pos = app.screen.get_size(), scene.button.rect.center
    post(*sdl_touch_down((150, 330), size, 0))  # never released
    for _ in range(120):
        app.step(FRAME)
    tap(app, *fingers_only(pos, size, 5))
    assert scene.clicks == 1


def test_finger_events_made_from_the_mouse_are_not_a_second_tap(counter):
    app, scene = counter
    size, pos = app.screen.get_size(), scene.button.rect.center
    down = [
        mouse(pygame.MOUSEBUTTONDOWN, pos, False),
        finger(pygame.FINGERDOWN, pos, size, touch_id=MOUSE_TOUCH_ID),
    ]
    up = [
        mouse(pygame.MOUSEBUTTONUP, pos, False),
        finger(pygame.FINGERUP, pos, size, touch_id=MOUSE_TOUCH_ID),
    ]
    tap(app, down, up)
    assert scene.clicks == 1


def test_a_finger_drag_off_the_button_does_not_click(counter):
    app, scene = counter
    size, pos = app.screen.get_size(), scene.button.rect.center
    post(finger(pygame.FINGERDOWN, pos, size))
    app.step(FRAME)
    post(finger(pygame.FINGERMOTION, (pos[0], 600), size))
    app.step(FRAME)
    post(finger(pygame.FINGERUP, (pos[0], 600), size))
    app.step(FRAME)
    assert (scene.clicks, scene.wrong) == (0, 0)


# ----- the setup sheet's Play: a quick tap starts the match like a held one ------------------
def open_sheet(app, tap_events) -> SetupScene:
    tile = app.scene.widget("tile:hareeja").rect.center
    down, up = tap_events(tile, app.screen.get_size())
    tap(app, down, up)
    assert isinstance(app.scene, SetupScene)
    return app.scene


@pytest.mark.parametrize("held", [0, 4], ids=["quick", "held"])
@pytest.mark.parametrize(
    "mix",
    [
        "mouse",
        "sdl touch (mouse made from the finger, then the finger)",
        "finger events only (SDL made no mouse events)",
        "sdl touch and the browser's emulated mouse",
    ],
)
def test_play_on_the_setup_sheet_starts_one_match(make_app, monkeypatch, mix, held):
    app = make_app()
    made = []
    start = SetupScene.start
    monkeypatch.setattr(SetupScene, "start", lambda self, **k: made.append(start(self, **k)))
    sheet = open_sheet(app, MIXES[mix])
    down, up = MIXES[mix](sheet.widget("play").rect.center, app.screen.get_size())
    tap(app, down, up, held)
    assert len(made) == 1, mix
    assert run_until(app, lambda: app.scene.name != "setup", 5)
    assert type(app.scene).__name__ == "HareejaTable"


def test_the_tile_tap_and_play_in_one_frame_start_one_match(make_app):
    """The sheet opens mid-frame: the rest of that frame's events go to it."""
    app = make_app()
    size = app.screen.get_size()
    tile = app.scene.widget("tile:hareeja").rect.center
    post(*sdl_touch_down(tile, size, 0), *sdl_touch_up(tile, size, 0))
    app.step(FRAME)
    play = app.scene.widget("play").rect.center
    post(*sdl_touch_down(play, size, 1), *sdl_touch_up(play, size, 1))
    app.step(FRAME)
    assert type(app.scene).__name__ == "HareejaTable"
