"""The overlay system: opaque panels, text that scrolls (wheel, drag, keys) and is clipped,
modal input, and the rules pages of every game built on it."""

import pygame
import pytest

from game.core import registry
from game.ui import overlay, scroll_text
from game.ui.overlay import Action, Overlay
from game.ui.scroll_text import ScrollText
from tests.ui.ui_helpers import click, key

LONG = "\n".join(f"Paragraph {i}: " + "word " * 40 for i in range(30))


def wheel(app, dy: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False))
    app.step(1 / 60)


def drag(app, start, end) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.step(1 / 60)


def test_scroll_text_draws_nothing_outside_its_rect():
    pygame.init()
    surface = pygame.Surface((600, 600))
    surface.fill((1, 2, 3))
    box = ScrollText((100, 120, 300, 200), lambda: LONG)
    assert box.max_offset > 0
    for offset in (0, 137, box.max_offset):
        box.offset = offset
        box.draw(surface)
    outside = surface.copy()
    outside.fill((1, 2, 3), box.rect)  # erase the inside: what is left must be untouched
    colors = {outside.get_at((x, y))[:3] for x in range(0, 600, 3) for y in range(0, 600, 3)}
    assert colors == {(1, 2, 3)}
    inside = {surface.get_at((x, y))[:3] for x in range(100, 400, 2) for y in range(120, 320, 2)}
    assert len(inside) > 1  # and something was drawn inside


@pytest.mark.parametrize("portrait", [False, True])
@pytest.mark.parametrize("game", registry.names())
def test_rules_page_scrolls_with_wheel_drag_and_keys(make_app, game, portrait):
    app = make_app(portrait=portrait)
    scene = app.go("help", game=game)
    app.step(1 / 60)
    box = scene.scroll
    assert box.rect.bottom <= scene.back_button.rect.top
    assert box.rect.top >= (scene.tabs.rect.bottom if scene.tabs else 0)
    if box.max_offset == 0:
        pytest.skip("the page fits without scrolling in this layout")
    wheel(app, -2)
    assert box.offset == min(2 * scroll_text.WHEEL_STEP, box.max_offset)
    wheel(app, 5)
    assert box.offset == 0
    key(app, pygame.K_PAGEDOWN)
    assert box.offset > 0
    key(app, pygame.K_END)
    assert box.offset == box.max_offset
    key(app, pygame.K_HOME)
    assert box.offset == 0
    x, y = box.rect.center
    drag(app, (x, y + 80), (x, y - 40))
    assert box.offset == min(120, box.max_offset)
    key(app, pygame.K_HOME)
    key(app, pygame.K_DOWN)
    assert box.offset == min(box.line_h, box.max_offset)


def test_hand_rummy_rules_overflow_scrolls_not_spills(make_app):
    """Hand rummy's scoring ran under Back and off the window."""
    app = make_app(portrait=False)
    scene = app.go("help", game="hand_rummy")
    app.step(1 / 60)
    assert scene.scroll.content_height() > scene.scroll.rect.h
    assert scene.scroll.max_offset > 0


@pytest.mark.parametrize("portrait", [False, True])
def test_overlay_is_modal_and_closes(make_app, portrait):
    app = make_app(portrait=portrait)
    ran = []
    box = app.open_overlay(
        Overlay(app, "menu.rules", lambda: LONG, [Action("ok", lambda: ran.append(1), "ok", True)])
    )
    app.step(1 / 60)
    assert box.rect.top >= 0 and box.rect.bottom <= app.layout.h
    assert box.scroll.rect.bottom <= box.button("ok").rect.top
    scene = app.scene
    # a click outside the panel does nothing below it
    widget = scene.widgets[0]
    click(app, widget.rect.center if not box.rect.collidepoint(widget.rect.center) else (2, 2))
    assert app.scene is scene and app.overlay is box
    click(app, box.button("ok").rect.center)
    assert ran == [1] and app.overlay is None


def test_confirm_cancel_and_escape_do_nothing(make_app):
    app = make_app()
    done = []
    overlay.confirm(app, "menu.rules", lambda: "Sure?", "ok", lambda: done.append(1))
    app.step(1 / 60)
    key(app, pygame.K_ESCAPE)
    assert app.overlay is None and done == []
    box = overlay.confirm(app, "menu.rules", lambda: "Sure?", "ok", lambda: done.append(1))
    click(app, box.button("no").rect.center)
    assert app.overlay is None and done == []
    box = overlay.confirm(app, "menu.rules", lambda: "Sure?", "ok", lambda: done.append(1))
    click(app, box.button("yes").rect.center)
    assert done == [1]


@pytest.mark.parametrize("game", registry.names())
def test_rules_overlay_of_each_game_fits_the_window(make_app, game):
    for portrait in (False, True):
        app = make_app(portrait=portrait)
        box = overlay.rules(app, game)
        app.step(1 / 60)
        frame = pygame.Rect(0, 0, *app.layout.size)
        assert frame.contains(box.rect)
        assert box.rect.contains(box.scroll.rect)
        assert box.rect.contains(box.button("close").rect)


@pytest.mark.parametrize("portrait", [False, True])
def test_rules_scene_draws_its_text_only_inside_the_panel(make_app, portrait):
    """The whole rules screen, scrolled half-way: every pixel outside the text's rect is the
    same as with no text at all (nothing spills over the border, Back or the tabs)."""
    app = make_app(portrait=portrait, lang="ar")
    scene = app.go("help", game="hand_rummy")
    app.step(1 / 60)
    box = scene.scroll
    box.offset = box.max_offset // 2
    scene.draw(app.screen)
    with_text = app.screen.copy()
    source, box.source = box.source, lambda: ""
    scene.draw(app.screen)
    box.source = source
    without = app.screen.copy()
    with_text.fill((0, 0, 0), box.rect)
    without.fill((0, 0, 0), box.rect)
    w, h = app.layout.size
    differ = [
        (x, y)
        for x in range(0, w, 2)
        for y in range(0, h, 2)
        if with_text.get_at((x, y)) != without.get_at((x, y))
    ]
    assert differ == []


@pytest.mark.parametrize("game", registry.names())
def test_nothing_is_drawn_above_the_dim_layer(make_app, game):
    """With the pause menu open, every pixel outside its panel is the table's own pixel
    dimmed: nothing of the table is drawn over the dim layer."""
    from game.ui import games

    app = make_app()
    table = games.new_match(app, game, seed=2)
    app.switch(table)
    for _ in range(90):
        app.step(1 / 60)
    table.open_pause()
    table.draw(app.screen)
    plain = app.screen.copy()
    app.step(1 / 60)
    app.painter.paint()
    shown = app.screen
    panel = app.overlay.rect
    keep = (255 - 150) / 255
    w, h = app.layout.size
    for x in range(0, w, 7):
        for y in range(0, h, 7):
            if panel.collidepoint(x, y):
                continue
            a, b = plain.get_at((x, y)), shown.get_at((x, y))
            assert all(b[i] <= a[i] * keep + 2 for i in range(3)), ((x, y), a, b)


def test_a_single_arabic_line_is_not_cut_below_its_pitch():
    """The final ي of "وهي" hangs below the 1.5× line pitch; the box must hold all its ink,
    or the pause menu's one-line body loses the letter's tail (seen in a screenshot)."""
    from game.ui import text

    pygame.init()
    line = "وهي محفوظة"
    box = ScrollText((0, 0, 400, 10), lambda: line, size=22)
    assert box.content_height() >= text.size(line, 22)[1]
    assert box.content_height() > box.line_h  # the glyphs are taller than the pitch here
