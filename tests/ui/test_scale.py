"""Drawing at a scale for high-density screens (game.ui.scale): the factor picked from the
browser's window, the layout and fonts at that factor, and back to 1 unchanged."""

import pygame
import pytest
from ui_helpers import click, drag

from game.ui import scale, text
from game.ui.layout import make_layout


@pytest.fixture(autouse=True)
def back_to_one():
    yield
    scale.set_factor(1.0)


@pytest.mark.parametrize(
    ("css", "ratio", "portrait", "expected"),
    [
        ((390, 844), 3.0, True, 1.5),  # a phone of ratio 3: capped at 1.5
        ((390, 844), 2.0, True, 1.0),  # 390×693 CSS px × 2 = 780 device px wide: 1.08 → 1
        ((1440, 900), 1.0, False, 1.0),  # a laptop at ratio 1: the frame fits as it is
        ((1440, 900), 2.0, False, 1.5),
        ((1920, 1080), 1.0, False, 1.5),  # a 1080p screen shows 1.5× the frame's pixels
        ((1600, 900), 1.0, False, 1.25),
        ((0, 0), 2.0, False, 1.0),  # a window not measured yet
    ],
)
def test_the_factor_covers_the_screen_s_pixels_and_no_more(css, ratio, portrait, expected):
    assert scale.pick(css[0], css[1], ratio, portrait) == expected


def test_factors_are_quarter_steps_between_the_floor_and_the_cap():
    """0.75 is for a slow phone (game/ui/factor_policy.py); a screen's own factor is never
    below 1 (``pick``, above)."""
    assert [scale.snap(v) for v in (0.5, 0.9, 1.0, 1.2, 1.3, 1.49, 1.5, 3.0)] == [
        0.75,
        0.75,
        1.0,
        1.0,
        1.25,
        1.25,
        1.5,
        1.5,
    ]


def test_at_one_a_length_is_itself():
    assert scale.factor() == 1.0
    assert [scale.px(v) for v in (0, 1, 28, 1280)] == [0, 1, 28, 1280]
    assert scale.rect(16, 16, 1248, 52) == pygame.Rect(16, 16, 1248, 52)


@pytest.mark.parametrize("portrait", [False, True])
def test_the_layout_at_one_and_a_half_is_the_same_layout_larger(portrait):
    base = make_layout(portrait)
    assert scale.set_factor(1.5)
    big = make_layout(portrait)
    assert big.portrait is portrait
    assert big.size == (round(base.w * 1.5), round(base.h * 1.5))
    assert big.card == (round(base.card[0] * 1.5), round(base.card[1] * 1.5))
    assert big.top_bar == scale.rect(*base.top_bar)
    assert big.seat_anchor == [scale.pt(*p) for p in base.seat_anchor]
    assert big.extras["toast_y"] == round(base.extras["toast_y"] * 1.5)
    spots = [(round(x / 1.5), round(y / 1.5)) for x, y in big.hand_positions(8)]
    for (x, y), (bx, by) in zip(spots, base.hand_positions(8), strict=True):
        assert abs(x - bx) <= 1 and abs(y - by) <= 1


def test_fonts_open_at_the_scaled_size_and_caches_follow_the_factor():
    pygame.font.init()
    small = text.render("Majlis 10", 20, (255, 255, 255))
    assert scale.set_factor(1.5)
    large = text.render("Majlis 10", 20, (255, 255, 255))
    assert large.get_height() >= round(small.get_height() * 1.4)
    assert not scale.set_factor(1.5)  # the same factor again changes nothing
    assert scale.set_factor(1.0)
    assert text.render("Majlis 10", 20, (255, 255, 255)).get_size() == small.get_size()


def test_pictures_drawn_at_one_factor_are_not_reused_at_another():
    """Labels, buttons and panels are cached by logical font sizes or by frame sizes that
    two factors can share: a new factor draws them again."""
    from game.ui import draw, widgets

    pygame.font.init()
    small = draw.label("Majlis 10", 20)
    button = widgets.button_image(180, 60, (30, 56, 52), draw.PANEL_EDGE, draw.INK, "Menu", 22)
    assert scale.set_factor(1.5)
    assert draw.label("Majlis 10", 20).get_height() >= round(small.get_height() * 1.4)
    again = widgets.button_image(180, 60, (30, 56, 52), draw.PANEL_EDGE, draw.INK, "Menu", 22)
    assert again is not button and again.get_height() > button.get_height()  # a longer drop
    assert draw.fit_text("Majlis 10", 20, small.get_width()) < 20  # measured at 1.5 now
    assert scale.set_factor(1.0)
    assert draw.label("Majlis 10", 20).get_size() == small.get_size()


def _hareeja_my_turn(app):
    from test_table_play import hareeja_my_turn

    return hareeja_my_turn(app)


def test_at_one_and_a_half_a_small_wobble_is_a_tap_and_a_long_one_a_drag(make_app):
    """The drag threshold is 16 logical px: a press that wanders 20 frame px (13 logical) at
    1.5 still taps the card (one tap plays it); the card is found where it is drawn."""
    app = make_app(scale=1.5)
    assert app.screen.get_size() == (1920, 1080) == app.layout.size
    scene = _hareeja_my_turn(app)
    code = sorted(scene.legal_cards())[0]
    sprite = scene.hand[code]
    assert sprite.size == app.layout.card == (156, 219)
    log = len(scene.session.match.log)
    start = sprite.rect().center
    drag(app, start, (start[0], start[1] - 20), steps=2)
    assert scene.session.match.log[log] == [0, {"type": "play", "card": code}]


def test_at_one_and_a_half_a_drag_of_sixteen_frame_pixels_is_not_yet_a_drag(make_app):
    app = make_app(scale=1.5)
    scene = _hareeja_my_turn(app)
    code = sorted(scene.legal_cards())[0]
    start = scene.hand[code].rect().center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.step(1 / 60)
    moves = [((start[0], start[1] - 16), False), ((start[0], start[1] - 24), True)]
    for pos, dragged in moves:  # px(16) == 24 at 1.5
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        )
        app.step(1 / 60)
        assert (scene.hand_view.dragged() == code) is dragged


def test_at_one_and_a_half_the_table_s_buttons_are_larger_and_answer_where_drawn(make_app):
    app = make_app(scale=1.5)
    scene = _hareeja_my_turn(app)
    menu, lang = scene.buttons.menu.rect, scene.buttons.lang.rect
    assert (menu.w, lang.w, menu.h) == (150, 138, app.layout.top_bar.h)  # 100 and 92 at 1
    assert menu.right == app.layout.top_bar.right and lang.right == menu.x - 18
    click(app, menu.center)
    assert app.overlay is not None and app.overlay.key == "pause"


def test_a_new_factor_mid_match_carries_every_card_to_the_new_scale(make_app):
    """A browser zoom mid-match (App.set_shape at 1.5): the same scene and match, every card
    at the new layout's sizes and where the same card was, 1.5× as far from the corner."""
    from game.ui import settle

    app = make_app()
    scene = _hareeja_my_turn(app)
    log = list(scene.session.match.log)
    was = {id(s): s.pos for s in settle.sprites(scene)}
    app.set_shape(False, 1.5)
    app.step(1 / 60)
    new = app.layout
    assert app.scene is scene and list(scene.session.match.log) == log
    assert app.screen.get_size() == (1920, 1080)
    cards = settle.sprites(scene)
    assert cards and {tuple(s.size) for s in cards} <= {new.card, new.trick_card, new.small}
    for s in cards:
        x, y = was[id(s)]
        assert abs(s.pos[0] - 1.5 * x) <= 3 and abs(s.pos[1] - 1.5 * y) <= 3


def test_a_card_off_its_place_keeps_its_place_and_size_at_the_new_scale():
    """settle.move_to_layout's pieces: a card 10 px off the centre is 15 px off it at 1.5; a
    size of a table's own (a rummy meld card) grows with the scale; at one scale both stay."""
    from game.ui import settle

    old = make_layout(False)
    scale.set_factor(1.5)
    new = make_layout(False)
    cx, cy = old.center
    assert settle.map_point((cx + 10, cy - 4), old, new) == (new.center[0] + 15, new.center[1] - 6)
    assert settle.map_size((40, 56), old, new) == (60, 84)
    assert settle.map_size(old.small, old, new) == new.small
    turned = make_layout(True)
    assert settle.map_size((60, 84), new, turned) == (60, 84)


@pytest.mark.parametrize("portrait", [False, True])
def test_at_one_and_a_half_an_overlay_is_the_same_panel_larger_and_scrolls_as_far(
    make_app, portrait
):
    """A long message at 1.5: its panel, body and button are 1.5× the ones at 1 (across
    within a pixel or two of rounding; down within a line of text), a wheel notch scrolls 1.5×
    as far, and its button answers."""
    from game.ui import overlay

    body = "\n".join(f"Paragraph {i}: " + "word " * 40 for i in range(30))
    one = make_app(portrait=portrait)
    small = overlay.message(one, "menu.rules", lambda: body)
    parts = (small.rect, small.scroll.rect, small.button("ok").rect)
    scale.set_factor(1.5)
    app = make_app(portrait=portrait, scale=1.5)
    box = overlay.message(app, "menu.rules", lambda: body)
    app.step(1 / 60)
    line = box.scroll.line_h  # text wraps by measured widths: a line more or less at 1.5
    for little, big in zip(parts, (box.rect, box.scroll.rect, box.button("ok").rect)):
        assert abs(big.x - 1.5 * little.x) <= 2 and abs(big.w - 1.5 * little.w) <= 2
        assert abs(big.centery - 1.5 * little.centery) <= line and big.h >= 1.5 * little.h - line
    assert box.scroll.max_offset > 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    app.step(1 / 60)
    assert box.scroll.offset == min(90, box.scroll.max_offset)
    click(app, box.button("ok").rect.center)
    assert app.overlay is None


def test_text_wraps_and_fits_the_same_way_at_every_scale():
    """Glyphs do not grow exactly with the font size: measured only as drawn, a paragraph
    could wrap into other lines at 1.5 than at 1 (a panel a line shorter) and a label take
    another size. Fitted text is measured at 1 too, so lines and sizes are the same; and what
    is drawn still fits."""
    from game import i18n
    from game.core import registry
    from game.ui import draw

    pygame.font.init()
    texts = []
    for lang in ("en", "ar"):
        i18n.set_language(lang)
        texts += [i18n.t(registry.get(g).help_keys[1]) for g in registry.names()]
    i18n.set_language("ar")
    widths = (300, 457, 612)
    at_one = [[text.wrap(s, 22, w) for w in widths] for s in texts]
    labels = [line for s in texts for line in s.split("\n")[:6] if line]
    sizes = [draw.fit_text(line, 28, 400) for line in labels]
    assert scale.set_factor(1.5)
    assert [[text.wrap(s, 22, scale.px(w)) for w in widths] for s in texts] == at_one
    assert [draw.fit_text(line, 28, scale.px(400)) for line in labels] == sizes
    for s in texts:
        for line in text.wrap(s, 22, scale.px(457)):
            assert text.size(line, 22)[0] <= scale.px(457) or " " not in line


@pytest.mark.parametrize("portrait", [False, True])
def test_at_one_and_a_half_your_rummy_cards_come_to_rest_in_the_still_layer(make_app, portrait):
    """A slot on a half pixel (portrait at 1.5) is reached within half a pixel, so the
    cards at rest are kept in the still layer and not drawn again every frame."""
    from game.ui import games

    app = make_app(portrait=portrait, scale=1.5)
    app.settings["turn_seconds"] = 0
    scene = games.new_match(app, "hand_rummy", seed=2024)
    app.switch(scene)
    rested = False
    for _ in range(6000):
        app.step(1 / 60)
        if scene.awaiting_me() and scene.idle() and not scene.animating():
            rested = True
            break
    assert rested and scene.workspace.sprites
    for _ in range(30):
        app.step(1 / 60)
    assert scene.workspace.at_rest(scene.taps.held())
