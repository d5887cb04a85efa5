"""Frame time: the Hand rummy table keeps its still part in a layer
(game/ui/static_layer.py) and repaints only the parts whose content changed. Whatever the
layer keeps, every frame must look exactly as a full redraw would: these tests draw each frame
both ways (the real frame, then the scene again with the layer turned off) and compare every
pixel — through whole bot matches and through a player's own moves (a card picked and staged,
a meld laid, a discard, the table turned, the language switched)."""

from __future__ import annotations

import pygame
import pytest
from test_relayout import turn
from test_rummy_table import scripted_scene
from ui_helpers import PlainCompared, click, run_until

from game.ui import games
from game.ui.app import App, Options
from game.ui.cardtable import CardTable
from game.ui.seat_plates import plate_region
from game.ui.sprites import Sprite
from game.ui.static_layer import StaticLayer, merged


def checked(app: App) -> PlainCompared:
    """After each real frame of a table with a still layer, the table drawn again without
    the layer onto a second surface, and the two pictures compared."""

    def layered(app: App) -> bool:
        return isinstance(app.scene, CardTable) and app.scene.frame.still.layered()

    return PlainCompared(app, layered, off="frame.still.STATIC_LAYER")


def layer_of(app: App) -> StaticLayer:
    return app.scene.frame.still.layer


@pytest.mark.parametrize(
    ("portrait", "lang", "options"),
    [
        (False, "ar", {}),
        (True, "en", {"players": 4, "partnership": True}),
        (False, "en", {"players": 5, "variant": "classic"}),
    ],
)
def test_bot_match_frames_equal_a_full_redraw(portrait, lang, options):
    app = App(Options(autoplay=True, seed=7, lang=lang, portrait=portrait))
    check = checked(app)
    maker = games.maker("hand_rummy")
    maker.start_autoplay(app, {**games.info("hand_rummy").defaults(), **options})
    for _ in range(600):
        app.step(1 / 60)
    layer = layer_of(app)
    assert check.frames > 200
    assert layer.part_paints > 20  # parts were repainted, not the whole picture every frame
    assert layer.full_paints < check.frames / 10
    assert check.differ == []


def test_your_dealt_cards_lie_in_the_still_layer_once_landed(monkeypatch):
    """While Hand rummy deals, the cards that have landed in your hand are parts of the still
    layer: a frame draws again only the cards still in the air (fourteen resting backs drawn
    each frame cost more than the flights in the browser); the frames equal a full redraw."""
    app = App(Options(autoplay=True, seed=7, lang="en"))
    check = checked(app)
    scene = games.maker("hand_rummy").start_autoplay(app, games.info("hand_rummy").defaults())
    shown = scene.shown

    def landing() -> bool:
        return len(shown.dealt_at_rest()) >= 4 and len(shown.dealing) > len(shown.dealt_at_rest())

    assert run_until(app, landing, 3000)
    app.step(1 / 60)  # (a frame drawn with them at rest)
    landed = shown.dealt_at_rest()
    assert len(landed) >= 4
    assert all(("dealt", i) in layer_of(app).parts for i in range(len(landed)))
    drawn: list[object] = []
    real_draw = Sprite.draw
    monkeypatch.setattr(
        Sprite, "draw", lambda sprite, *a, **k: (drawn.append(sprite), real_draw(sprite, *a, **k))
    )
    scene.painter.draw_moving(pygame.Surface(app.layout.size))
    assert drawn and not {id(s) for s in drawn} & {id(s) for s in landed}
    assert {id(s) for s in drawn} == {id(s) for s in shown.dealing[len(landed) :]}
    assert check.differ == []


@pytest.mark.parametrize("portrait", [False, True])
def test_a_players_moves_repaint_what_they_change(make_app, portrait):
    """Your turn's cue, picked, staged, melded, turned, in the other language, discarded: each
    shows at once (the picture equals a full redraw) and repaints the layer."""
    app = make_app(portrait=portrait)
    scene = scripted_scene(app)
    check = checked(app)

    def my_turn_settled() -> bool:
        return scene.my_turn() and scene.aids.turn_cue <= 0

    app.step(1 / 60)
    layer = layer_of(app)
    assert scene.aids.turn_cue > 0  # your turn has just come: the cue pulses on your plate ...
    full, parts = layer.full_paints, layer.part_paints
    assert run_until(app, my_turn_settled, 600)
    assert layer.full_paints == full and layer.part_paints > parts + 10  # ... repainted alone
    assert check.differ == []

    def repainted(action) -> None:
        layer = layer_of(app)  # (a turn puts another layer in: game/ui/turn_layers.py)
        before = (layer.full_paints, layer.part_paints)
        action()
        app.step(1 / 60)
        assert layer_of(app) is not layer or (layer.full_paints, layer.part_paints) != before
        assert check.differ == []

    repainted(lambda: click(app, scene.geo.stock))  # the draw: stock count, your hand
    assert run_until(app, my_turn_settled, 600)
    index = scene.workspace.staging.hand.index("6S")
    repainted(
        lambda: click(app, scene.workspace.sprites[("h", index)].rect().center)
    )  # picked: it glows
    run = next(i for i, g in enumerate(scene.workspace.staging.groups) if "2S" in g)
    box = scene.workspace.group_geometry()[0][run]
    repainted(lambda: click(app, (box.right - 4, box.bottom - 4)))  # staged
    assert "6S" in scene.workspace.staging.groups[run]
    melds = len(scene.meld_rows.melds)
    repainted(lambda: click(app, scene.controls.apply.rect.center))  # the melds are laid
    assert run_until(app, lambda: my_turn_settled() and len(scene.meld_rows.melds) > melds, 600)
    repainted(lambda: turn(app, *((1280, 720) if portrait else (720, 1280))))  # it turns
    assert app.layout.portrait != portrait
    repainted(lambda: click(app, scene.buttons.lang.rect.center))  # Arabic
    run_until(app, lambda: not scene.animating(), 200)
    repainted(lambda: click(app, scene.workspace.sprites[("h", 0)].rect().center))
    code = scene.workspace.staging.hand[0]
    repainted(lambda: click(app, scene.controls.discard.rect.center))  # the discard
    assert scene.session.match.log[-1] == [0, {"type": "discard", "card": code}]
    run_until(app, lambda: scene.piles.discard_pile[-1:] == [code] and not scene.animating(), 600)
    assert scene.piles.discard_pile[-1] == code
    assert check.frames > 50 and check.differ == []


@pytest.mark.parametrize(
    ("game", "portrait", "lang", "options"),
    [
        ("hareeja", False, "ar", {}),
        ("hareeja", True, "en", {}),
        ("ronda", False, "en", {}),
        ("ronda", True, "ar", {"players": 4}),  # two teams: side colours on plates and counts
    ],
)
def test_the_other_tables_frames_equal_a_full_redraw(game, portrait, lang, options):
    """Hareeja and Ronda keep a still layer too (backs, plates, piles, the trick or
    the table's cards and your hand at rest); every frame of a bot match still equals a full
    redraw, and frames where only a card flies repaint nothing but the moving card."""
    app = App(Options(autoplay=True, seed=11, lang=lang, portrait=portrait))
    check = checked(app)
    maker = games.maker(game)
    maker.start_autoplay(app, {**games.info(game).defaults(), **options})
    for _ in range(900):
        app.step(1 / 60)
    layer = layer_of(app)
    assert check.frames > 300
    assert layer.part_paints > 20
    assert layer.full_paints < check.frames / 10
    assert check.differ == []


def test_a_still_table_costs_one_blit_and_a_changed_part_repaints_only_its_rect():
    layer = StaticLayer()
    target = pygame.Surface((200, 100))
    painted: list = []

    def paint(surface, clip):
        painted.append(clip)
        surface.fill((10, 20, 30))
        pygame.draw.rect(surface, (200, 0, 0), (10, 10, 20, 20))

    parts = {"a": (1, pygame.Rect(10, 10, 20, 20)), "b": (1, pygame.Rect(100, 10, 20, 20))}
    layer.draw(target, "whole", parts, paint)
    assert painted == [None]
    layer.draw(target, "whole", dict(parts), paint)
    assert painted == [None]  # nothing changed: the kept picture
    layer.draw(target, "whole", {**parts, "b": (2, pygame.Rect(110, 10, 20, 20))}, paint)
    assert painted[1:] == [pygame.Rect(100, 10, 30, 20)]  # the old and new rects, joined
    layer.draw(target, "other", parts, paint)
    assert painted[-1] is None  # the whole key changed: everything again
    assert target.get_at((15, 15))[:3] == (200, 0, 0)


def test_merged_joins_overlapping_rects_and_drops_what_is_off_screen():
    bounds = pygame.Rect(0, 0, 100, 100)
    rects = [pygame.Rect(0, 0, 10, 10), pygame.Rect(5, 5, 10, 10), pygame.Rect(200, 0, 5, 5)]
    assert merged(rects, bounds) == [pygame.Rect(0, 0, 15, 15)]
    assert merged([pygame.Rect(0, 0, 0, 0)], bounds) == []


def test_no_avatar_is_painted_for_the_first_time_while_melds_land(monkeypatch):
    """Each seat's small avatar beside its melds is painted when the table is built
    (``warm_pictures``), not in the frame where that seat's first meld lands (~1 ms there)."""
    from game.ui import avatars

    avatars.avatar.cache_clear()
    app = App(Options(autoplay=True, speed=4.0, seed=2024, lang="ar"))
    maker = games.maker("hand_rummy")
    scene = maker.start_autoplay(app, games.info("hand_rummy").defaults())
    app.step(1 / 60)  # the table's first picture (plates and their avatars): a busy frame anyway
    app.quiet.warm_up()  # (the app's own warm-up paints avatars ahead on quiet frames: done first)
    painted: list[tuple] = []
    real = avatars._Painter.paint

    def counting(self):
        painted.append((self.look, self.n))
        real(self)

    monkeypatch.setattr(avatars._Painter, "paint", counting)
    owners = set()
    for _ in range(6000):
        app.step(1 / 60)
        owners |= set(scene.meld_rows.owners)
        if len(owners) >= 2:
            break
    assert len(owners) >= 2, "two seats laid melds"
    assert painted == []


def test_a_rect_back_to_a_look_it_had_is_shown_from_its_kept_picture():
    """A part that goes back to a key it had (the pulsing "your turn" edge, a card picked and
    put back) is not painted again: the picture kept for that look is shown, pixel for pixel."""
    layer = StaticLayer()
    target = pygame.Surface((200, 100))
    painted: list = []

    def paint(surface, clip):
        painted.append(clip)
        surface.fill((10, 20, 30))
        lit = parts_now["b"][0]
        pygame.draw.rect(surface, (0, 50 * lit, 0), parts_now["b"][1])

    at = pygame.Rect(100, 10, 20, 20)
    parts_now = {"a": (1, pygame.Rect(10, 10, 20, 20)), "b": (1, at)}
    layer.draw(target, "whole", parts_now, paint)
    looks = []
    for lit in (2, 1, 2, 1):
        parts_now = {**parts_now, "b": (lit, at)}
        layer.draw(target, "whole", parts_now, paint)
        looks.append(target.get_at((105, 15))[:3])
    assert painted[1:] == [at, at]  # the first time each look is painted, then kept
    assert layer.reused == 2
    assert looks == [(0, 100, 0), (0, 50, 0)] * 2
    layer.draw(target, "whole", {**parts_now, "a": (2, parts_now["a"][1])}, paint)
    assert painted[-1] == pygame.Rect(10, 10, 20, 20)  # a look never seen: painted
    layer.draw(target, "other", parts_now, paint)
    layer.draw(target, "other", {**parts_now, "b": (2, at)}, paint)
    assert painted[-1] == at  # (another whole key: nothing kept from before is shown)


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_bid_flip_frame_repaints_the_figures_not_the_plates(lang):
    """While the bids flip in on the Hareeja plates, each figure is a part of its own: the
    plates' keys stay put (their avatars and names are not painted again), the frames still
    equal a full redraw."""
    app = App(Options(autoplay=True, seed=11, lang=lang, portrait=True))
    check = checked(app)
    scene = games.maker("hareeja").start_autoplay(app, games.info("hareeja").defaults())
    flips: list[tuple[dict, dict]] = []
    for _ in range(1200):
        app.step(1 / 60)
        if scene.bidding.flipping():
            _whole, parts = scene.painter.still_parts()
            flips.append(
                (
                    {n: p[0] for n, p in parts.items() if n[0] == "plate"},
                    {n: p for n, p in parts.items() if n[0] == "flip"},
                )
            )
        elif flips:
            break
    assert len(flips) > 3
    plates = [p for p, _flip in flips]
    assert all(p == plates[0] for p in plates)  # the flip is in no plate's key
    assert len({f[("flip", 0)][0] for _p, f in flips}) > 2  # the figure's width changes
    for _p, flip in flips:
        for seat, (_key, where) in ((n[1], p) for n, p in flip.items()):
            region = plate_region(scene.places.plate_rect(seat))
            assert region.contains(where)
            assert where.w * where.h < region.w * region.h / 4  # a small part of its plate
    assert check.differ == []


def test_cards_turning_together_share_their_narrowed_back():
    """A hand turning face up draws each card narrowed as it turns: the backs of that frame are
    one picture scaled and encoded once (kept per image and width), pixel for pixel what
    scaling each card's back (and encoding it) would draw."""
    from game.ui import assets
    from game.ui.sprites import narrowed
    from game.ui.surfaces import rle

    pygame.display.set_mode((200, 200))
    back = assets.card_back((84, 118))
    first = narrowed(back, 40)
    assert narrowed(back, 40) is first
    assert narrowed(back, 41) is not first
    plain = rle(pygame.transform.scale(back, (40, 118)))
    assert first.get_size() == plain.get_size() == (40, 118)
    shown, expected = pygame.Surface((60, 140)), pygame.Surface((60, 140))
    for surface, img in ((shown, first), (expected, plain)):
        surface.fill((20, 90, 60))
        surface.blit(img, (10, 10))
    assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(expected, "RGB")
