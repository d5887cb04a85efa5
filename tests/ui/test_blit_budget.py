"""The browser's cost model, guarded natively: a scripted table stretch (deal, card
flights, a bid, declaration or meld, the pause menu, the round's score panel) may make at most
ALPHA_LIMIT blits of a per-pixel alpha picture that is not run-length encoded per drawn frame
(pygame's blender, 50-80x slower in the browser), and no blit that blends over half the frame.
A count, not a time (game/ui/blit_count.py). Since the still layer of every table
(what does not move is kept in one opaque picture), a drawn frame also stays under a mean number
of blits of any kind: the moving cards, the widgets, a banner and the layer.

Before this guard the same stretch made up to 56 (Hareeja), 46 (Ronda) and 63 (Hand rummy) such
blits in a frame, 17-37 on average, and Hand rummy's round end one full-screen alpha blit; before
Hareeja and Ronda kept a still layer they made 38 and 28 blits of any kind a drawn frame, now
10 and 11 (Hand rummy 19)."""

import os
import sys

import pygame
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "bench"))
import table_stretch

from game.ui.app import App, Options
from game.ui.blit_count import BlitCounter, CountingSurface, kind_of

ALPHA_LIMIT = 0  # non-RLE per-pixel alpha blits in one drawn frame
FULL_SCREEN_ALPHA_LIMIT = 0
MEAN_BLITS = {"hareeja": 14, "ronda": 14, "hand_rummy": 21}  # blits of any kind a drawn frame


@pytest.mark.parametrize(
    ("game", "portrait", "factor"),
    [
        ("hareeja", False, 1.0),
        ("ronda", False, 1.0),
        ("hand_rummy", False, 1.0),
        ("hareeja", True, 1.5),  # a phone of pixel ratio 3
    ],
)
def test_a_table_stretch_stays_off_the_slow_blits(game, portrait, factor):
    app = App(
        Options(autoplay=True, seed=2024, lang="ar", portrait=portrait, scale=factor, speed=2.0)
    )
    counter = app.painter.count_blits()
    seen = table_stretch.play(app, game)
    assert seen.complete(), seen.missing  # the stretch showed all it should
    assert len(counter.frames) == seen.drawn > 100
    worst_alpha, worst_full = counter.worst()
    assert worst_alpha <= ALPHA_LIMIT, counter.summary()
    assert worst_full <= FULL_SCREEN_ALPHA_LIMIT, counter.summary()
    mean = sum(len(f.blits) for f in counter.frames) / len(counter.frames)
    assert mean <= MEAN_BLITS[game], counter.summary()
    # the frames were really counted: every drawn frame blits the felt or the still layer
    assert all(f.blits for f in counter.frames)


def test_the_counter_tells_the_kinds_apart(make_app):
    app = make_app()
    screen = app.screen
    alpha = pygame.Surface((20, 10), pygame.SRCALPHA)
    rle = alpha.copy()
    rle.set_alpha(255, pygame.RLEACCEL)
    keyed = pygame.Surface((20, 10))
    keyed.set_colorkey((1, 2, 3))
    veil = pygame.Surface((20, 10))
    veil.set_alpha(100)
    opaque = pygame.Surface((20, 10))
    assert [kind_of(s) for s in (alpha, rle, keyed, veil, opaque)] == [
        "alpha",
        "alpha_rle",
        "key",
        "surface_alpha",
        "opaque",
    ]
    assert kind_of(opaque, pygame.BLEND_ADD) == "blend"
    counter = BlitCounter()
    canvas = counter.canvas(screen)
    assert isinstance(canvas, CountingSurface)
    canvas.blit(alpha, (0, 0))
    canvas.blit(rle, (5, 5))
    canvas.blit(opaque, (-100, -100))  # off the canvas: nothing blitted, nothing counted
    canvas.blit(pygame.Surface(screen.get_size(), pygame.SRCALPHA), (0, 0))
    canvas.fill((100, 100, 100), special_flags=pygame.BLEND_MULT)
    frame = counter.frames[-1]
    assert frame.kinds() == {"alpha": 2, "alpha_rle": 1, "fill_blend": 1}
    assert frame.alpha() == 2 and frame.full_alpha() == 1
    assert counter.worst() == (2, 1)


def test_without_the_counter_the_app_draws_on_the_display(make_app):
    app = make_app()
    assert app.painter.blit_counter is None
    app.step(1 / 60)
    assert not isinstance(app.screen, CountingSurface)
