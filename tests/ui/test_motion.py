"""Motion, driven headless with real events: the slide between scenes (game/ui/transition.py),
the riffle before a deal (game/ui/shuffle.py) and what reduced motion skips."""

import pygame
import pytest
from ui_helpers import click, run_until

from game.ui import shuffle
from game.ui.presenter import DamageSurface, Presenter
from game.ui.table_making import TableMaker


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def settle(app, frames: int = 20) -> None:
    for _ in range(frames):
        app.step(1 / 60)


def open_settings(app) -> None:
    click(app, app.scene.widget("settings").rect.center)
    assert app.scene.name == "settings"


def test_a_scene_switch_slides_the_old_picture_off_and_ends_on_the_new_one(make_app):
    app = make_app()
    app.transition.enabled = True
    settle(app)
    menu = pixels(app.screen)
    open_settings(app)
    assert app.transition.active and app.transition.started == 1
    offsets, frames = [], []
    while app.transition.active:
        app.step(1 / 60)
        frames.append(pixels(app.screen))
        if app.transition.active:
            offsets.append(app.transition.offset())
        assert len(frames) < 60, "the slide never ends"
    assert 8 <= len(frames) <= 20  # ~0.22 s at 60 frames a second
    moved = [abs(o) for o in offsets]
    assert moved == sorted(moved) and moved[0] < app.layout.w // 2
    assert app.transition.direction == -1  # English reads from the left: it goes left
    mid = frames[len(frames) // 2]
    assert mid != menu  # mid-way: part old, part new
    settle(app)
    with_slide = pixels(app.screen)

    # the same switch without the slide draws the same final picture
    plain = make_app()
    settle(plain)
    open_settings(plain)
    assert not plain.transition.active
    settle(plain, 30)
    assert pixels(plain.screen) == with_slide
    assert mid != with_slide


def test_arabic_slides_the_other_way(make_app):
    app = make_app(lang="ar")
    app.transition.enabled = True
    settle(app)
    open_settings(app)
    assert app.transition.active and app.transition.direction == 1
    app.step(1 / 60)
    app.step(1 / 60)
    assert app.transition.offset() > 0


def test_going_home_slides_the_other_way(make_app):
    app = make_app()
    app.transition.enabled = True
    settle(app)
    open_settings(app)
    assert run_until(app, lambda: not app.transition.active, 60)
    click(app, app.scene.widget("back").rect.center)
    assert app.scene.name == "menu" and app.transition.active
    assert app.transition.direction == 1
    assert run_until(app, lambda: app.transition.offset() > 0, 5)


def test_reduced_motion_skips_the_slide(make_app):
    app = make_app()
    app.transition.enabled = True
    app.set_setting("reduced_motion", True)
    settle(app)
    open_settings(app)
    assert not app.transition.active and app.transition.started == 0


def test_headless_runs_have_no_slide_unless_turned_on(make_app):
    app = make_app()
    assert not app.transition.enabled
    settle(app)
    open_settings(app)
    assert not app.transition.active


def test_turning_the_table_mid_slide_stops_it(make_app):
    app = make_app()
    app.transition.enabled = True
    settle(app)
    open_settings(app)
    assert app.transition.active
    app.set_portrait(True)
    assert not app.transition.active
    settle(app)


def test_the_presenter_shows_every_frame_of_the_slide_whole(make_app, monkeypatch):
    """In the browser the presenter shows only what changed: a slide changes everything."""
    app = make_app()
    app.transition.enabled = True
    app.painter.presenter = Presenter(None)
    taken: list = []
    real_take = DamageSurface.take

    def take(self):
        rects = real_take(self)
        taken.append(rects)
        return rects

    monkeypatch.setattr(DamageSurface, "take", take)
    settle(app)
    open_settings(app)
    taken.clear()
    while app.transition.active:
        app.step(1 / 60)
    sliding = len(taken)
    app.step(1 / 60)  # the frame after the slide is whole too (the old picture is gone)
    assert sliding >= 8 and all(r is None for r in taken[: sliding + 1])
    assert pixels(app.painter.presenter.frame) == pixels(app.screen)
    assert run_until(app, lambda: True)


# ----- the riffle before the deal (game/ui/shuffle.py) ---------------------------------------
def hareeja(app, seed: int = 5):
    from game.games.hareeja.scene import HareejaTable

    scene = TableMaker(HareejaTable).new_match(app, "easy", seed=seed)
    app.switch(scene)
    return scene, (lambda: scene.backs.riffle), (lambda: [*scene.flying, *scene.hand.values()])


def rummy(app, seed: int = 5):
    from game.games.hand_rummy.scene import RummyTable

    scene = TableMaker(RummyTable).new_match(app, "easy", seed=seed)
    app.switch(scene)
    return scene, (lambda: scene.riffle), (lambda: list(scene.shown.dealing))


def ronda(app, seed: int = 5):
    from game.games.ronda.scene import RondaTable

    scene = TableMaker(RondaTable).new_match(app, "easy", seed=seed)
    app.switch(scene)
    return scene, (lambda: scene.riffle), (lambda: [*scene.flying, *scene.hand.values()])


def first_card_frame(app, cards) -> int:
    for frame in range(400):
        if any(s.motion is not None and s.motion.started for s in cards()):
            return frame
        app.step(1 / 60)
    raise AssertionError("no card was dealt")


@pytest.mark.parametrize("table", [hareeja, rummy, ronda])
@pytest.mark.parametrize("portrait", [False, True])
def test_the_deck_is_riffled_on_the_felt_before_the_first_card_flies(make_app, table, portrait):
    app = make_app(portrait=portrait)
    app.flourish = True
    played: list[str] = []
    app.audio.play = lambda cue, volume=1.0: played.append(cue)
    _scene, riffle, cards = table(app)
    felt = shuffle.felt(app)
    seen, frames = None, 0
    while riffle() is None and frames < 5:
        app.step(1 / 60)
        frames += 1
    seen = riffle()
    assert seen is not None, "no riffle before the deal"
    w, h = seen.size
    beats = set()
    while riffle() is not None:
        assert not any(s.motion is not None and s.motion.started for s in cards())
        for x, y in seen.pieces():
            assert felt.contains(pygame.Rect(x, y, w, h)), (x, y, felt)
        assert seen.bounds().contains(pygame.Rect(seen.pieces()[0], (w, h)))
        xs = [x for x, _ in seen.pieces()]
        middle = sum(1 for x in xs if abs(x + w // 2 - seen.center[0]) < w // 4)
        beats.add(
            "parted"
            if max(xs) - min(xs) > w and middle == 0
            else "interleaving"
            if max(xs) - min(xs) > w
            else "squared"
        )
        app.step(1 / 60)
        frames += 1
        assert frames < 120, "the riffle never ends"
    assert 0.6 <= frames / 60 <= 0.85
    assert beats == {"parted", "interleaving", "squared"}
    assert played.count("deal") >= 1  # the halves meeting (before any card lands)
    assert first_card_frame(app, cards) <= 2  # the deal goes on at once


@pytest.mark.parametrize("table", [hareeja, rummy, ronda])
def test_reduced_motion_and_headless_runs_deal_at_once(make_app, table):
    for flourish, reduced in ((True, True), (False, False)):
        app = make_app()
        app.flourish = flourish
        app.set_setting("reduced_motion", reduced)
        _scene, riffle, cards = table(app)
        assert first_card_frame(app, cards) <= 2
        assert riffle() is None


@pytest.mark.parametrize("table", [hareeja, rummy, ronda])
def test_the_riffle_leaves_the_match_as_it_was(make_app, table):
    views = []
    for flourish in (True, False):
        app = make_app()
        app.flourish = flourish
        scene, _riffle, _cards = table(app, seed=11)
        assert run_until(app, lambda s=scene: s.idle() and s.awaiting_me(), 3000)
        views.append((scene.session.view(), list(scene.session.match.log)))
    assert views[0] == views[1]


# ----- the winner's celebration (game/ui/celebration.py) -------------------------------------
def last_move_of_a_bot_match(app, seed: int = 5):
    """A Hareeja table one move before the match ends (bots played the rest)."""
    from game.games.hareeja.rules import Match
    from game.games.hareeja.scene import HareejaTable
    from game.games.hareeja.scene_shots import bot_match
    from game.table import FakeClock, Seat, Table

    record = bot_match(seed).record()
    *head, (seat, action) = record["log"]
    match = Match.replay({**record, "log": head})
    seats = [Seat("human", "seat.you")] + [Seat("human", f"name.{i}") for i in range(1, 4)]
    scene = HareejaTable(app, Table(match, seats, FakeClock(), None))
    app.switch(scene)
    settle(app, 3)
    scene.act(seat, action, human=True)
    assert run_until(app, lambda: scene.score is not None and scene.score["t"] > 1.0, 3000)
    scene.close_score()
    assert run_until(app, lambda: scene.over is not None, 600)
    return scene


def test_the_winner_gets_a_glow_and_a_burst_then_a_still_picture(make_app):
    from game.ui.celebration import BURST

    app = make_app()
    app.flourish = True
    played: list[str] = []
    app.audio.play = lambda cue, volume=1.0: played.append(cue)
    scene = last_move_of_a_bot_match(app)
    end = scene.match_end
    assert end.winners == scene.over["result"]["winners"] == [2]
    party = end.celebration
    assert party is not None and party.active and party.pieces
    first = pixels(app.screen)
    settle(app, 20)
    assert pixels(app.screen) != first
    assert "chime" in played  # the fanfare's second note
    plate = scene.places.plate_rect(2)
    assert any(p[1] < plate.top for p in party.pieces)  # up from the plate
    assert run_until(app, lambda: not party.active, round(BURST * 60) + 10)
    assert not party.pieces
    # the confetti ends too, then nothing moves: the picture is still, the plate still glows
    assert run_until(app, lambda: not scene.animating(), 1200)
    draws = app.painter.draws
    settle(app, 10)
    assert app.painter.draws - draws <= 1
    gold = [app.screen.get_at((plate.centerx, plate.top - k))[:3] for k in range(1, 9)]
    assert any(abs(c[0] - 230) < 40 and c[1] > 150 and c[2] < 140 for c in gold), gold


def test_reduced_motion_and_headless_runs_have_confetti_alone(make_app):
    for flourish, reduced in ((True, True), (False, False)):
        app = make_app()
        app.flourish = flourish
        app.set_setting("reduced_motion", reduced)
        scene = last_move_of_a_bot_match(app)
        assert scene.match_end.celebration is None and scene.match_end.confetti


def test_the_celebration_leaves_the_match_as_it_was(make_app):
    views = []
    for flourish in (True, False):
        app = make_app()
        app.flourish = flourish
        scene = last_move_of_a_bot_match(app)
        settle(app, 200)
        views.append((scene.session.view(), scene.totals, scene.over["result"]))
    assert views[0] == views[1]


def test_winner_seats_of_each_game_result():
    from game.ui.celebration import winner_seats

    assert winner_seats({"totals": [3, 9, 9, 1], "winners": [1, 2]}, 4) == [1, 2]
    assert winner_seats({"totals": [40, 12], "winner": 0, "draw": False}, 4) == [0, 2]  # teams
    assert winner_seats({"totals": [40, 40], "winner": 0, "draw": True}, 2) == []
    assert winner_seats({"totals": [5, 80, 30], "winners": [0]}, 3) == [0]


# ----- the browser's cost model (game/ui/blit_count.py) --------------------------------------
def test_the_slide_adds_only_an_opaque_blit_and_no_alpha(make_app):
    app = make_app()
    app.transition.enabled = True
    settle(app)
    counter = app.painter.count_blits()
    open_settings(app)
    while app.transition.active:
        app.step(1 / 60)
    *sliding, after = counter.frames  # (the last: the frame the slide ended on, without it)
    assert len(sliding) >= 8
    for frame in sliding:
        assert frame.alpha() == after.alpha() and frame.full_alpha() == after.full_alpha()
        extra = frame.kinds() - after.kinds()
        assert set(extra) <= {"opaque"} and extra["opaque"] <= 1, extra


@pytest.mark.parametrize("table", [hareeja, rummy, ronda])
def test_the_riffle_costs_no_slow_alpha_blit(make_app, table):
    app = make_app()
    app.flourish = True
    counter = app.painter.count_blits()
    _scene, riffle, _cards = table(app)
    app.step(1 / 60)
    assert riffle() is not None
    start = len(counter.frames)
    while riffle() is not None:
        app.step(1 / 60)
    frames = counter.frames[start:]
    assert frames and all(f.alpha() == 0 and f.full_alpha() == 0 for f in frames)


# ----- through the browser's presenter (tests/ui/test_presenter.py's stand-in page) ----------
def test_the_slide_reaches_the_canvas_whole(make_app):
    from test_presenter import presented

    from game.ui.presenter import shapes_noted

    app = make_app()
    app.transition.enabled = True
    page = presented(app, afresh=False)  # (a fresh draw has no slide in it)
    with shapes_noted():
        settle(app)
        open_settings(app)
        assert run_until(app, lambda: not app.transition.active, 60)
        settle(app, 5)
        click(app, app.scene.widget("back").rect.center)
        assert app.transition.active
        assert run_until(app, lambda: not app.transition.active, 60)
        settle(app, 5)
    assert page.frames >= 20 and page.differ == []


@pytest.mark.parametrize("table", [hareeja, rummy, ronda])
def test_the_riffle_reaches_the_canvas_whole(make_app, table):
    from test_presenter import presented

    from game.ui.presenter import shapes_noted

    app = make_app(portrait=True)
    app.flourish = True
    page = presented(app)
    with shapes_noted():
        _scene, riffle, cards = table(app)
        app.step(1 / 60)
        assert riffle() is not None
        assert run_until(app, lambda: riffle() is None, 120)
        first_card_frame(app, cards)
        settle(app, 10)
    assert page.frames >= 40 and page.differ == [] and page.stale == []


def test_the_burst_reaches_the_canvas_whole(make_app):
    from test_presenter import presented

    from game.ui.presenter import shapes_noted

    app = make_app()
    app.flourish = True
    page = presented(app)
    with shapes_noted():
        scene = last_move_of_a_bot_match(app)
        party = scene.match_end.celebration
        assert party is not None
        assert run_until(app, lambda: not party.active, 200)
        settle(app, 5)
    assert page.frames >= 100 and page.differ == [] and page.stale == []


def test_ronda_hides_its_stock_and_count_while_the_riffle_is_the_stock(make_app):
    """Ronda's stock sits by its count: while the riffle stands in for the stock, neither is
    drawn (the still layer's key says so), and both come back once it has squared up."""
    app = make_app(portrait=True)
    app.flourish = True
    scene, riffle, _cards = ronda(app)
    for _ in range(5):
        app.step(1 / 60)
    assert riffle() is not None
    assert scene.painter.still_parts()[1]["deck"][0][1] is True
    assert run_until(app, lambda: riffle() is None, 120)
    assert scene.painter.still_parts()[1]["deck"][0][1] is False
    assert scene.painter.deck_left() > 0
