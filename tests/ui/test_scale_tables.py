"""The card tables drawn at factor 1.5 (game.ui.scale): hit areas follow the
drawing. Each game's scene is played twice from the same seed, at factor 1 and at 1.5. The
places of a card and a button are taken from the 1× scene and scaled 1.5×; the 1.5× picture
around them must match the 1× picture (so the card is drawn there), and real pygame clicks
there (a drag in Hand rummy) must select and play it: a length left at scale 1 in a drawing or
in a hit test fails one of the two."""

import pygame
import pytest
from test_rummy_table import scripted_scene
from test_table_play import NO_PAIR, ronda_table
from ui_helpers import click, drag, run_until

from game.games.hand_rummy.scene import RummyTable
from game.games.hareeja.scene import HareejaTable
from game.table import FakeClock
from game.ui import scale
from game.ui.table_making import TableMaker

DT = 1 / 60
FACTORS = [1.25, 1.5]  # 1.25: quarter-pixel roundings; 1.5: a phone of devicePixelRatio 3
SAME = 40.0  # most a block may differ (0-255; tools/scale_check.py: a missed px() is 60-200)
BLOCK = 32  # 1× pixels per side of a compared block
SOFT = 2  # both pictures compared at half size: text hinting moves a glyph a pixel or two


@pytest.fixture(autouse=True)
def back_to_one():
    yield
    scale.set_factor(1.0)


def up(pos) -> tuple[int, int]:
    """A place of the 1× frame in the frame at the current factor."""
    f = scale.factor()
    return round(pos[0] * f), round(pos[1] * f)


def corner(rect: pygame.Rect) -> tuple[int, int]:
    """A place just inside a button's lower right corner: a click there misses a button
    drawn smaller (its size left at scale 1)."""
    return rect.right - 6, rect.bottom - 6


def settle(app, frames: int = 90) -> None:
    for _ in range(frames):
        app.step(DT)


def picture(app) -> pygame.Surface:
    """What the frame shows now (drawn afresh)."""
    app.scene.draw(app.screen)
    return app.screen.copy()


def differs(small: pygame.Surface, big: pygame.Surface, rect: pygame.Rect) -> float:
    """The worst block's mean difference (0-255) inside ``rect`` (1× pixels) between the 1×
    picture and the 1.5× picture, both shrunk to half the 1× size."""
    w, h = small.get_size()
    small = pygame.transform.smoothscale(small, (w // SOFT, h // SOFT))
    shrunk = pygame.transform.smoothscale(big, small.get_size()).convert(small)
    rect = pygame.Rect(
        rect.x // SOFT, rect.y // SOFT, -(-rect.w // SOFT) + 1, -(-rect.h // SOFT) + 1
    )
    block_side = BLOCK // SOFT
    ahead, behind = small.copy(), shrunk.copy()
    ahead.blit(shrunk, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    behind.blit(small, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    ahead.blit(behind, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    area = rect.clip(small.get_rect())
    worst = 0.0
    for y in range(area.top, area.bottom, block_side):
        for x in range(area.left, area.right, block_side):
            block = pygame.Rect(x, y, block_side, block_side).clip(area)

            r, g, b, *_ = pygame.transform.average_color(ahead, block)
            worst = max(worst, (r + g + b) / 3)
    return worst


@pytest.mark.parametrize("factor", FACTORS)
def test_the_factor_is_what_each_run_asked_for(make_app, factor):
    make_app(scale=factor)
    assert scale.factor() == factor
    make_app(scale=1.0)
    assert scale.factor() == 1.0


# ----- Hareeja ----------------------------------------------------------------------------------
def hareeja_turn(app) -> HareejaTable:
    """Bid 2 with real clicks on the picker, then wait for your first card (confirm first)."""
    app.set_setting("confirm_play", True)
    scene = TableMaker(HareejaTable).new_match(app, "easy", seed=5, clock=FakeClock())
    app.switch(scene)
    assert run_until(app, lambda: scene.can_bid() and scene.idle(), 4000)
    settle(app, 30)
    return scene


@pytest.mark.parametrize("factor", FACTORS)
def test_hareeja_at_scale_bids_selects_and_plays_where_it_draws(make_app, factor):
    app = make_app(scale=1.0)
    scene = hareeja_turn(app)
    bid_at = corner(scene.widget("bid:2").rect)
    confirm_at = corner(scene.widget("confirm").rect)
    bidding = picture(app)
    picker = app.layout.picker.copy()
    click(app, bid_at)
    click(app, confirm_at)
    assert run_until(app, lambda: scene.my_turn() and scene.idle(), 8000)
    settle(app)
    code = next(c for c in scene.hand_order if c in scene.legal_cards())
    card = scene.hand[code].rect()
    playing = picture(app)
    click(app, card.center)
    play_at = corner(scene.taps.play_button.rect)
    first = list(scene.session.match.log)

    app = make_app(scale=factor)
    big = hareeja_turn(app)
    assert differs(bidding, picture(app), picker) < SAME  # the picker is drawn where it was
    click(app, up(bid_at))
    assert big.bidding.pick == 2
    click(app, up(confirm_at))
    assert big.bidding.confirmed[0]
    assert run_until(app, lambda: big.my_turn() and big.idle(), 8000)
    settle(app)
    assert big.hand[code].rect().collidepoint(up(card.center))
    assert differs(playing, picture(app), card) < SAME  # the card is drawn where it is hit
    click(app, up(card.center))
    assert big.selected == code and big.session.match.log == first  # selected, not yet played
    click(app, up(play_at))
    assert big.session.match.log[-1] == [0, {"type": "play", "card": code}]


# ----- Ronda ------------------------------------------------------------------------------------
@pytest.mark.parametrize("factor", FACTORS)
def test_ronda_at_scale_selects_and_plays_where_it_draws(make_app, factor):
    app = make_app(scale=1.0)
    scene = ronda_table(app, NO_PAIR, confirm=True)
    settle(app)
    card = scene.hand["7O"].rect()
    shown = picture(app)
    table = scene.places.geometry().area.copy()
    click(app, card.center)
    play_at = corner(scene.taps.play_button.rect)

    app = make_app(scale=factor)
    big = ronda_table(app, NO_PAIR, confirm=True)
    settle(app)
    assert big.places.geometry().area == scale.rect(*table)
    now = picture(app)
    assert differs(shown, now, card) < SAME
    assert differs(shown, now, table) < SAME  # the table's cards, in Ronda order
    log = list(big.session.match.log)
    click(app, up(card.center))
    assert big.selected == "7O" and big.session.match.log == log
    click(app, up(play_at))
    assert big.session.match.log[-1] == [0, {"type": "play", "card": "7O"}]


# ----- Hand rummy -------------------------------------------------------------------------------
def rummy_turn(app) -> RummyTable:
    """The screenshot round, your turn after the three others (test_rummy_table's script),
    with every card at rest."""
    scene = scripted_scene(app)
    settle(app)
    return scene


@pytest.mark.parametrize("factor", FACTORS)
def test_rummy_at_scale_draws_picks_and_drags_to_discard_where_it_draws(make_app, factor):
    app = make_app(scale=1.0)
    scene = rummy_turn(app)
    stock_at = scene.geo.stock
    melds = scene.geo.melds.copy()
    staging = scene.geo.staging.copy()
    before = picture(app)
    click(app, stock_at)
    assert run_until(app, lambda: scene.my_turn() and scene.turn.drawn(), 600)
    settle(app)
    cards = [scene.workspace.sprites[("h", i)].rect() for i in (0, 2)]
    hand = picture(app)
    discard_at = scene.geo.discard
    card = scene.workspace.staging.hand[2]

    app = make_app(scale=factor)
    big = rummy_turn(app)
    now = picture(app)
    assert differs(before, now, melds) < SAME  # the melds on the table
    assert differs(before, now, staging) < SAME  # the suggested groups
    click(app, up(stock_at))
    assert big.session.match.log[-1] == [0, {"type": "draw", "from": "stock"}]
    assert run_until(app, lambda: big.my_turn() and big.turn.drawn(), 600)
    settle(app)
    now = picture(app)
    for rect in cards:
        assert differs(hand, now, rect) < SAME
    log = list(big.session.match.log)
    click(app, up(cards[0].center))  # a tap only picks
    assert big.workspace.selected == 0 and big.session.match.log == log
    click(app, up(cards[0].center))
    assert big.workspace.selected is None
    assert big.workspace.staging.hand[2] == card
    drag(app, up(cards[1].center), up(discard_at))
    assert big.session.match.log[-1] == [0, {"type": "discard", "card": card}]


@pytest.mark.parametrize("factor", FACTORS)
def test_rummy_drawn_at_another_scale_mid_match_lays_melds_and_hit_areas_out_again(
    make_app, factor
):
    """A browser zoom changes the factor while a match runs (App.set_shape): the melds, the
    piles and the hand follow at once, and a click where the stock is now draws from it."""
    app = make_app(scale=1.0)
    scene = rummy_turn(app)
    melds = dict(scene.meld_rows.rects)
    stock_at = scene.geo.stock
    card = scene.workspace.sprites[("h", 0)].rect()
    app.set_shape(False, factor)
    settle(app)
    assert scene.geo.stock == up(stock_at)
    assert dict(scene.meld_rows.rects).keys() == melds.keys()
    for meld, rect in scene.meld_rows.rects:
        assert (
            abs(rect.x - melds[meld].x * factor) <= 2 and abs(rect.y - melds[meld].y * factor) <= 2
        )
        assert (
            abs(rect.w - melds[meld].w * factor) <= 3 and abs(rect.h - melds[meld].h * factor) <= 3
        )
    assert scene.workspace.sprites[("h", 0)].rect().collidepoint(up(card.center))
    click(app, up(stock_at))
    assert scene.session.match.log[-1] == [0, {"type": "draw", "from": "stock"}]


@pytest.mark.parametrize("factor", FACTORS)
def test_ronda_and_hareeja_drawn_at_another_scale_mid_match_play_where_they_draw(make_app, factor):
    """The factor changes mid-turn (App.set_shape): Ronda's table area, piles and deck are
    worked out again at the new scale, and a tap where a card now is plays it."""
    app = make_app(scale=1.0)
    ronda = ronda_table(app, NO_PAIR)
    settle(app)
    area, piles = ronda.places.geometry().area.copy(), list(ronda.places.geometry().piles)
    card = ronda.hand["7O"].rect()
    app.set_shape(False, factor)
    settle(app)
    assert ronda.places.geometry().area == scale.rect(*area)
    assert ronda.places.geometry().piles == [up(p) for p in piles]
    assert ronda.hand["7O"].rect().collidepoint(up(card.center))
    click(app, up(card.center))
    assert ronda.session.match.log[-1] == [0, {"type": "play", "card": "7O"}]

    app = make_app(scale=1.0)
    hareeja = hareeja_turn(app)
    bid_at = corner(hareeja.widget("bid:2").rect)
    app.set_shape(False, factor)
    settle(app, 10)
    click(app, up(bid_at))
    assert hareeja.bidding.pick == 2
