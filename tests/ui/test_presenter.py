"""The browser's presenter (game/ui/presenter.py) shows only the rects a frame says changed.
These tests play it natively with a stand-in for the page: a "canvas" surface that receives only
the rects the presenter sends, as the page's ``majlis.present`` copies them. After every drawn
frame the canvas must equal the whole frame, pixel for pixel, through every game's scripted
stretch (the deal, flights, calls, the pause menu, the score panel) in both orientations and
through every state of the screenshot set; and most frames must send far less than the whole.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest

from game.ui import games
from game.ui.app import App, Options
from game.ui.overlay_stack import draw_with_overlays
from game.ui.presenter import DamageSurface, Presenter, base_blit, shapes_noted
from game.ui.scenes.check_shots import check_screens
from game.ui.scenes.lobby_shots import screenshot_lobby
from game.ui.scenes.stats_shots import replay_screens
from game.ui.screenshots import PLAY_SEED, Shooter

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import table_stretch


class CanvasPage:
    """The page's side of the presenter, natively: ``present`` copies the rects it is given
    from the frame onto :attr:`canvas`; :meth:`check` compares the two after a frame."""

    def __init__(self) -> None:
        self.presenter: Presenter | None = None
        self.canvas: pygame.Surface | None = None
        self.frames = 0
        self.pixels = 0  # sent, over all frames
        self.whole_pixels = 0  # what flips would have sent
        self.differ: list[str] = []  # frames whose canvas is not the frame
        self.stale: list[str] = []  # frames that are not what a fresh draw gives

    def present(self, addr: int, pitch: int, spec: str) -> int:
        assert self.presenter is not None
        frame = self.presenter.frame
        assert frame is not None and addr == frame._pixels_address
        assert pitch == frame.get_pitch()
        if self.canvas is None or self.canvas.get_size() != frame.get_size():
            self.canvas = pygame.Surface(frame.get_size(), 0, frame)
            self.canvas.fill((255, 0, 255))  # (what no frame shows: a rect never sent is seen)
        for part in spec.split(";"):
            x, y, w, h = map(int, part.split(","))
            self.canvas.blit(frame, (x, y), (x, y, w, h))
            self.pixels += w * h
        self.whole_pixels += frame.get_width() * frame.get_height()
        return 1

    def check(self, where: str) -> None:
        frame = self.presenter.frame if self.presenter else None
        if frame is None or self.canvas is None:
            return
        self.frames += 1
        if not same(frame, self.canvas):
            self.differ.append(where)


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def drawn_afresh(app: App) -> pygame.Surface:
    """The frame as it stands, drawn onto a new surface (nothing kept from the last frame)."""
    plain = pygame.Surface(app.screen.get_size(), 0, app.screen)
    draw_with_overlays(app.shown(), app.overlays, plain, app.under_overlays, app.painter.picture())
    app.painter.draw_toasts(plain)
    return plain


def presented(app: App, afresh: bool = True) -> CanvasPage:
    """``app`` shown through a presenter onto a :class:`CanvasPage` (as in the browser), each
    drawn frame checked against the canvas, and (``afresh``) the frame against one drawn
    afresh (the presenter restores only what the last frame drew over its base)."""
    page = CanvasPage()
    presenter = page.presenter = app.painter.presenter = Presenter(page)
    show = presenter.present

    def present(screen: pygame.Surface) -> None:
        frame = presenter.frame
        assert frame is not None
        where = f"{type(app.scene).__name__} frame {app.frame}"
        if afresh and not same(frame, drawn_afresh(app)):
            page.stale.append(where)
        show(screen)
        page.check(where)

    presenter.present = present  # type: ignore[method-assign]
    return page


@pytest.mark.parametrize("game", [g.key for g in games.available()])
@pytest.mark.parametrize("portrait", [True, False], ids=["portrait", "landscape"])
def test_every_frame_of_a_table_stretch_reaches_the_canvas_whole(game, portrait):
    app = App(Options(autoplay=True, speed=2.0, seed=2024, lang="ar", portrait=portrait))
    page = presented(app)
    with shapes_noted():
        seen = table_stretch.play(app, game)
    assert seen.complete(), seen.missing
    assert page.frames >= 100
    assert page.differ == []
    assert page.stale == []
    # a frame with cards moving sends what moved, not the table
    assert page.pixels < 0.5 * page.whole_pixels, (page.pixels, page.whole_pixels)


class CheckedShooter(Shooter):
    """The screenshot set's states, played through the presenter: every frame's canvas is
    checked, and at each shot the frame against one drawn afresh (every frame would take
    twice as long, past the timeout on a busy machine)."""

    def __init__(self, app: App, page: CanvasPage):
        super().__init__(app, None, "")  # type: ignore[arg-type]
        self.page = page
        self.shots = 0

    def shot(self, name: str) -> None:
        frame = self.app.painter.presenter.frame if self.app.painter.presenter else None
        if frame is not None and not same(frame, drawn_afresh(self.app)):
            self.page.stale.append(name)
        self.shots += 1


@pytest.mark.timeout(900)  # (every state of the set: minutes on a busy machine)
@pytest.mark.parametrize(
    ("portrait", "lang"), [(True, "ar"), (False, "en")], ids=["portrait-ar", "landscape-en"]
)
def test_every_state_of_the_screenshot_set_reaches_the_canvas_whole(portrait, lang):
    app = App(Options(portrait=portrait, lang=lang, seed=PLAY_SEED))
    page = presented(app, afresh=False)
    shooter = CheckedShooter(app, page)
    with shapes_noted():
        shooter.menus()
        shooter.stats_screens()
        replay_screens(shooter)
        check_screens(shooter)
        screenshot_lobby(shooter)
        for g in games.available():
            script = games.screenshot_script(g.key)
            assert script is not None
            script(shooter)
    assert page.frames >= 300 and shooter.shots >= 80
    assert page.differ == []
    assert page.stale == []


def test_a_shape_drawn_unnoted_is_caught():
    """The check can fail: a rect drawn past the presenter's notes stays off the canvas."""
    pygame.display.init()
    screen = pygame.display.set_mode((200, 100))
    page = CanvasPage()
    presenter = page.presenter = Presenter(page)
    frame = presenter.target(screen)
    frame.fill((10, 20, 30))
    presenter.present(screen)
    page.check("first")
    with shapes_noted():
        pygame.draw.rect(frame, (200, 0, 0), (10, 10, 20, 20))
    presenter.present(screen)
    page.check("noted")
    pygame.draw.rect(frame, (0, 200, 0), (50, 10, 20, 20))  # (outside shapes_noted)
    presenter.present(screen)
    page.check("unnoted")
    assert page.differ == ["unnoted"]


def test_a_base_shows_only_what_was_drawn_over_it_and_a_changed_base_shows_all():
    pygame.display.init()
    screen = pygame.display.set_mode((200, 100))
    page = CanvasPage()
    presenter = page.presenter = Presenter(page)
    base = pygame.Surface((200, 100))
    base.fill((0, 80, 0))
    card = pygame.Surface((10, 10))
    card.fill((250, 250, 250))
    sent = []
    for x in (0, 30, 60):  # a card moving over the same base
        frame = presenter.target(screen)
        base_blit(frame, base, ("felt", 1))
        frame.blit(card, (x, 40))
        before = page.pixels
        presenter.present(screen)
        page.check(f"card at {x}")
        sent.append(page.pixels - before)
    assert sent[0] == 200 * 100  # (the first frame: all of it)
    assert sent[1:] == [2 * 100, 2 * 100]  # (where it was and where it is)
    base.fill((0, 0, 90))  # the base changed elsewhere: a new token
    frame = presenter.target(screen)
    base_blit(frame, base, ("felt", 2))
    before = page.pixels
    presenter.present(screen)
    page.check("new base")
    assert page.pixels - before == 200 * 100
    assert page.differ == []
    assert isinstance(presenter.frame, DamageSurface)


class PreparingPage(CanvasPage):
    """A page that, like the real one (web/present.js), makes its canvas of a size ahead."""

    def __init__(self) -> None:
        super().__init__()
        self.prepared: list[tuple[int, int]] = []

    def prepare(self, w: int, h: int) -> int:
        self.prepared.append((w, h))
        return 1


def test_a_frame_flipped_because_the_page_declined_is_given_to_the_page_whole_next():
    """The page answers 0 when it cannot show a frame now (its way of showing changed, say):
    the frame is flipped, and since what the page itself shows is then older than the flip,
    the next frame it is given is the whole frame, not the rects changed since the flip."""
    pygame.display.init()
    screen = pygame.display.set_mode((200, 100))
    page = CanvasPage()
    presenter = page.presenter = Presenter(page)
    answers = iter([1, 0])
    shown = page.present
    page.present = lambda addr, pitch, spec: shown(addr, pitch, spec) if next(answers, 1) else 0
    sent = []
    for x in (10, 20, 30):
        frame = presenter.target(screen)
        base_blit(frame, pygame.Surface((200, 100)), ("felt", 1))
        frame.fill((250, 250, 250), (x, 10, 2, 5))
        before = page.pixels
        presenter.present(screen)
        sent.append(page.pixels - before)
    assert presenter.flipped == 1
    assert sent == [200 * 100, 0, 200 * 100]  # (the first whole, the declined, whole again)


def test_the_warm_up_makes_the_other_shapes_frame_and_canvas_ahead():
    """In the browser the warm-up (quiet frames on the home screen) makes the frame of the
    other shape and asks the page for its canvas of that size, so that a turned phone's first
    frame makes neither (a frame-sized surface or a WebGL canvas costs 5-20 ms there)."""
    app = App(Options(lang="en", portrait=True))
    page = PreparingPage()
    app.painter.presenter = page.presenter = Presenter(page)
    app.step(1 / 60)  # (a first frame: the presenter's own)
    app.quiet.warm_up()
    kept = app.painter.presenter.kept
    assert kept is not None and kept.get_size() == (1280, 720)
    assert page.prepared == [(1280, 720)]


@pytest.mark.parametrize("game", [g.key for g in games.available()])
def test_a_table_turned_and_back_mid_play_reaches_the_canvas_whole(game):
    """The frame of the other shape is made ahead and kept for when the phone turns back (one
    only): the first frame after a turn is shown whole on the cleared canvas, and every frame
    after it is still exactly the frame."""
    app = App(Options(autoplay=True, speed=2.0, seed=2024, lang="en", portrait=True))
    page = presented(app)
    assert app.painter.presenter is not None
    app.painter.presenter.make_ahead((1280, 720), app.screen)  # (the warm-up's, in the browser)
    ahead = app.painter.presenter.kept
    frames: dict[bool, list[int]] = {True: [], False: []}
    with shapes_noted():
        games.start_autoplay(app, game)
        for _ in range(5):
            for _step in range(40):
                app.step(1 / 60)
            assert app.painter.presenter is not None and app.painter.presenter.frame is not None
            frames[app.layout.portrait].append(id(app.painter.presenter.frame))
            app.set_portrait(not app.layout.portrait)
    assert page.frames >= 100
    assert page.differ == [] and page.stale == []
    assert len(set(frames[True])) == 1 and set(frames[False]) == {id(ahead)}  # (made once each)
