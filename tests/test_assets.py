"""Every sprite, sound and font the client needs exists, loads and stays within budget."""

from __future__ import annotations

import os
from array import array
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.core.cards import JOKER, french_deck, spanish_deck

ROOT = Path(__file__).resolve().parents[1]
SPRITES = ROOT / "sprites"
SOUNDS = ROOT / "sounds"
FONTS = ROOT / "fonts"
CARD_SIZE = (200, 280)
SOUND_NAMES = ("deal", "play", "trick", "chime", "bid", "turn", "tick", "round", "win")


def card_paths() -> list[Path]:
    paths = [SPRITES / "cards" / "back.png"]
    for folder in ("french", "french4"):
        paths += [SPRITES / "cards" / folder / f"{code}.png" for code in french_deck() + [JOKER]]
    paths += [SPRITES / "cards" / "spanish" / f"{code}.png" for code in spanish_deck()]
    return paths


def test_every_card_sprite_exists():
    missing = [str(p.relative_to(ROOT)) for p in card_paths() if not p.is_file()]
    assert not missing
    assert len(card_paths()) == 1 + 2 * 53 + 40


@pytest.mark.parametrize("path", card_paths(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_card_loads_with_rounded_transparent_corners(path):
    img = pygame.image.load(str(path))
    assert img.get_size() == CARD_SIZE
    w, h = CARD_SIZE
    for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
        assert img.get_at(corner).a == 0, corner
    for inside in ((w // 2, 2), (2, h // 2), (w // 2, h // 2), (w - 3, h // 2)):
        assert img.get_at(inside).a == 255, inside


def _ink_height(img: pygame.Surface, region: pygame.Rect) -> int:
    """Rows of region holding strongly coloured (non-card-ivory) pixels."""
    rows = 0
    for y in range(region.top, region.bottom):
        if any(
            max(img.get_at((x, y))[:3]) - min(img.get_at((x, y))[:3]) > 60
            or max(img.get_at((x, y))[:3]) < 120
            for x in range(region.left, region.right)
        ):
            rows += 1
    return rows


@pytest.mark.parametrize("code", ["10H", "QS", "4C"])
def test_corner_rank_stays_18px_tall_on_a_phone(code):
    """LOOK.md: on a 720-px portrait screen (cards ~76 px wide) the index is >= 18 px tall."""
    img = pygame.image.load(str(SPRITES / "cards" / "french" / f"{code}.png"))
    small = pygame.transform.smoothscale(img, (76, round(280 * 76 / 200)))
    rank_zone = pygame.Rect(2, 2, 22, 30)  # the rank, above the corner suit
    assert _ink_height(small, rank_zone) >= 18


def test_icons():
    for name, size in (("icon.png", 256), ("favicon.png", 64)):
        img = pygame.image.load(str(SPRITES / name))
        assert img.get_size() == (size, size)


def test_sprite_budget():
    total = sum(p.stat().st_size for p in SPRITES.rglob("*.png"))
    assert total < 1.2 * 1024 * 1024, total


@pytest.fixture(scope="module")
def mixer():
    try:
        pygame.mixer.init(44100, -16, 1)  # signed 16-bit: get_raw() is an array('h')
    except pygame.error as exc:  # no audio device at all: still check the files decode
        pytest.skip(f"no audio device: {exc}")
    if pygame.mixer.get_init()[1] != -16:  # opened earlier by another test, other format
        pygame.mixer.quit()
        pygame.mixer.init(44100, -16, 1)
    yield
    pygame.mixer.quit()


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_sound_loads_and_is_short_and_small(mixer, name):
    path = SOUNDS / f"{name}.ogg"
    assert path.stat().st_size < 40 * 1024
    sound = pygame.mixer.Sound(str(path))
    assert 0.02 < sound.get_length() < 3.0


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_sound_does_not_clip(mixer, name):
    samples = array("h", pygame.mixer.Sound(str(SOUNDS / f"{name}.ogg")).get_raw())
    peak = max(-min(samples), *samples)
    assert 0 < peak < 0.9 * 32767


def test_fonts_small_and_licensed():
    for name in ("Majlis-Regular.ttf", "Majlis-Bold.ttf"):
        assert (FONTS / name).stat().st_size < 250 * 1024
    assert "SIL OPEN FONT LICENSE" in (FONTS / "OFL.txt").read_text()
