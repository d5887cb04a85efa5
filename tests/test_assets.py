"""Every sprite, sound and font the client needs exists, loads and stays within budget."""

from __future__ import annotations

import os
import sys
from array import array
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.core.cards import JOKER, french_deck, spanish_deck
from game.ui import assets

ROOT = Path(__file__).resolve().parents[1]
SPRITES = ROOT / "sprites"
SOUNDS = ROOT / "sounds"
FONTS = ROOT / "fonts"
CARD_SIZE = (160, 224)
SOUND_NAMES = ("deal", "play", "trick", "chime", "bid", "turn", "tick", "round", "win")


def card_paths() -> list[Path]:
    paths = [SPRITES / "cards" / "back.png", SPRITES / "cards" / "back_blue.png"]
    paths += [SPRITES / "cards" / "french" / f"{code}.png" for code in french_deck() + [JOKER]]
    paths += [SPRITES / "cards" / "spanish" / f"{code}.png" for code in spanish_deck()]
    return paths


def test_every_card_sprite_exists():
    missing = [str(p.relative_to(ROOT)) for p in card_paths() if not p.is_file()]
    assert not missing
    assert len(card_paths()) == 2 + 53 + 40


@pytest.mark.parametrize("path", card_paths(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_card_loads_with_rounded_transparent_corners(path):
    img = pygame.image.load(str(path))
    assert img.get_size() == CARD_SIZE
    w, h = CARD_SIZE
    for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
        assert img.get_at(corner).a == 0, corner
    for inside in ((w // 2, 2), (2, h // 2), (w // 2, h // 2), (w - 3, h // 2)):
        assert img.get_at(inside).a == 255, inside


def _four_colour(code: str) -> pygame.Surface:
    """The four-colour card as the game loads it: its own PNG (a drawing of over 256 colour
    pairs), else the French PNG with its palette, else the French card itself."""
    whole = SPRITES / "cards" / "french4" / f"{code}.png"
    if whole.exists():
        return pygame.image.load(str(whole))
    img = assets._four_colour(code)
    return (
        img
        if img is not None
        else pygame.image.load(str(SPRITES / "cards" / "french" / f"{code}.png"))
    )


def _mostly(img: pygame.Surface, pick) -> int:
    """Pixels of the top-left index that ``pick(r, g, b)`` accepts."""
    k = img.get_width() / 200  # the index's box, in the script's 200-wide coordinates
    return sum(
        pick(*img.get_at((x, y))[:3])
        for x in range(round(7 * k), round(53 * k))
        for y in range(round(10 * k), round(104 * k))
    )


@pytest.mark.parametrize("code", french_deck() + [JOKER])
def test_four_colour_cards_are_the_french_drawing_in_their_own_colours(code):
    """Diamonds blue, clubs green (a palette for the French card's pixels, french4/*.pal, or a
    PNG of its own where the drawing has over 256 colour pairs);
    hearts, spades and the joker are the French card itself."""
    pal = SPRITES / "cards" / "french4" / f"{code}.pal"
    whole = SPRITES / "cards" / "french4" / f"{code}.png"
    french = pygame.image.load(str(SPRITES / "cards" / "french" / f"{code}.png"))
    four = _four_colour(code)
    assert four.get_size() == french.get_size()
    same = pygame.image.tobytes(four, "RGBA") == pygame.image.tobytes(french, "RGBA")
    suit = code[-1]
    assert (pal.exists() or whole.exists()) == (suit in "DC") and same == (suit not in "DC")
    if suit == "D":
        assert _mostly(four, lambda r, g, b: b > r + 80) > 200
        assert _mostly(four, lambda r, g, b: r > b + 80) == 0
    if suit == "C":
        assert _mostly(four, lambda r, g, b: g > r + 50 and g > b + 30) > 200


def test_a_palette_swap_needs_an_indexed_png():
    with pytest.raises(ValueError):
        assets.with_palette(b"GIF89a" + bytes(40), b"")


def _script():
    sys.path.insert(0, str(SPRITES))
    import make_sprites

    pygame.init()  # the script sets ranks in the project's font
    return make_sprites


def _close(drawn: pygame.Surface, path: Path) -> bool:
    """``drawn`` matches the committed PNG up to its 256-colour quantisation."""
    a = pygame.image.tobytes(drawn, "RGBA")
    b = pygame.image.tobytes(pygame.image.load(str(path)), "RGBA")
    if len(a) != len(b):
        return False
    diffs = [max(abs(a[i + k] - b[i + k]) for k in range(4)) for i in range(0, len(a), 4)]
    return sum(diffs) / len(diffs) <= 4 and sum(d > 40 for d in diffs) <= len(diffs) * 0.002


def test_every_spanish_face_is_what_the_sprite_script_draws():
    """The committed Spanish cards are the script's (run ``python sprites/make_sprites.py``
    after changing it; never edit the PNGs by hand)."""
    script = _script()
    stale = [
        f"{rank}{suit}"
        for suit in "OCEB"
        for rank in script.SPANISH_RANKS
        if not _close(
            script.spanish_card(rank, suit), SPRITES / "cards" / "spanish" / f"{rank}{suit}.png"
        )
    ]
    assert not stale, f"regenerate the sprites: {stale}"


@pytest.mark.parametrize("code", ["10D", "QC", "AS"])
def test_french_and_four_colour_faces_are_what_the_sprite_script_draws(code):
    script = _script()
    rank, suit = code[:-1], code[-1]
    french = SPRITES / "cards" / "french" / f"{code}.png"
    assert _close(script.french_card(rank, suit, script.FRENCH_COLOURS), french)
    drawn = script.french_card(rank, suit, script.FOUR_COLOURS)
    a = pygame.image.tobytes(drawn, "RGBA")
    b = pygame.image.tobytes(_four_colour(code), "RGBA")
    diffs = [max(abs(a[i + k] - b[i + k]) for k in range(4)) for i in range(0, len(a), 4)]
    assert sum(diffs) / len(diffs) <= 4


def test_the_sprite_script_draws_the_same_card_every_time():
    script = _script()
    once, again = script.spanish_card("12", "O"), script.spanish_card("12", "O")
    assert pygame.image.tobytes(once, "RGBA") == pygame.image.tobytes(again, "RGBA")


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
    """docs/LOOK.md: on a 720-px portrait screen (cards ~76 px wide) the index is >= 18 px tall."""
    img = pygame.image.load(str(SPRITES / "cards" / "french" / f"{code}.png"))
    w, h = CARD_SIZE
    small = pygame.transform.smoothscale(img, (76, round(h * 76 / w)))
    rank_zone = pygame.Rect(2, 2, 22, 30)  # the rank, above the corner suit
    assert _ink_height(small, rank_zone) >= 18


def test_icons():
    for name, size in (("icon.png", 256), ("favicon.png", 64)):
        img = pygame.image.load(str(SPRITES / name))
        assert img.get_size() == (size, size)


def test_sprite_budget():
    total = sum(p.stat().st_size for p in SPRITES.rglob("*.p[an][lg]"))
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


# ---------------------------------------------------------------- pip layouts
STANDARD_PIPS = {  # rank: pips per column (left, centre, right), as printed French cards set them
    "A": (0, 1, 0),
    "2": (0, 2, 0),
    "3": (0, 3, 0),
    "4": (2, 0, 2),
    "5": (2, 1, 2),
    "6": (3, 0, 3),
    "7": (3, 1, 3),
    "8": (3, 2, 3),
    "9": (4, 1, 4),
    "10": (4, 2, 4),
}


def _columns(pips, centre_x):
    return tuple(
        sum(1 for p in pips if test(round(p.x - centre_x)))
        for test in (lambda d: d < 0, lambda d: d == 0, lambda d: d > 0)
    )


@pytest.mark.parametrize("rank", list(STANDARD_PIPS))
def test_french_pips_stand_as_printed_cards_set_them(rank):
    """Standard layouts: 7 = 3+1+3 with the odd pip in the upper half, 9 = 4+1+4, 10 = 4+2+4;
    point-symmetric; the pips below the middle turned, those above upright; clear of the index."""
    script = _script()
    n = 1 if rank == "A" else int(rank)
    pips = script.pip_layout("H", n, spanish=False)
    assert len(pips) == n
    assert _columns(pips, script.W / 2) == STANDARD_PIPS[rank]
    spots = sorted((round(p.x), round(p.y)) for p in pips)
    turned = sorted((round(script.W - p.x), round(script.H - p.y)) for p in pips)
    if rank != "7":  # the 7's odd pip stands in the upper half
        assert spots == turned
    else:
        odd = [p for p in pips if round(p.x) == script.W / 2]
        assert len(odd) == 1 and odd[0].y < script.H / 2
    for p in pips:
        below = p.y > script.H / 2 + 1
        assert p.angle == (180 if below else 0), p
    index = pygame.Rect(script.INDEX_X, script.RANK_TOP, script.INDEX_W, script.SUIT_TOP)
    for p in pips:
        box = pygame.Rect(0, 0, p.w, p.h)
        box.center = (round(p.x), round(p.y))
        assert not box.colliderect(index), p
        assert script.BAND.contains(box), p


@pytest.mark.parametrize("suit", "OCEB")
@pytest.mark.parametrize("n", range(1, 8))
def test_spanish_pip_count(suit, n):
    script = _script()
    pips = script.pip_layout(suit, n, spanish=True)
    assert len(pips) == n
    assert all(p.angle in (0, 180) for p in pips) == (suit in "OC" or n == 1)


@pytest.mark.parametrize("code", ["7D", "9H", "10S", "8C", "3H"])
def test_the_committed_card_has_ink_at_every_pip_of_the_layout(code):
    """The PNG is the layout table's: at each pip's centre the card is the suit's ink."""
    script = _script()
    rank, suit = code[:-1], code[-1]
    img = pygame.image.load(str(SPRITES / "cards" / "french" / f"{code}.png"))
    k = img.get_width() / script.W
    for p in script.pip_layout(suit, int(rank), spanish=False):
        y = p.y + (p.h * 0.12 if suit == "C" and p.angle == 0 else 0)  # a club's heart
        r, g, b = img.get_at((int(p.x * k), int(y * k)))[:3]
        assert min(r, g, b) < 120, (p, (r, g, b))


@pytest.mark.parametrize("portrait", [False, True])
def test_every_face_and_both_backs_load_at_the_sizes_the_tables_use(portrait):
    """Each card of both decks and each back, scaled to the layout's hand, trick and small
    sizes: the size asked, opaque inside (no per-pixel alpha blend for the browser to pay)."""
    from game.ui.layout import make_layout

    L = make_layout(portrait)
    sizes = {L.card, L.small, L.trick_card}
    try:
        for size in sizes:
            for name in assets.BACK_FILES:
                assets.set_back(name)
                back = assets.card_back(size)
                assert back.get_size() == size
                assert back.get_at((size[0] // 2, size[1] // 2)).a == 255
            for deck, codes in (("french", french_deck() + [JOKER]), ("spanish", spanish_deck())):
                for code in codes:
                    for four in (False, True):
                        face = assets.card_face(code, size, four, deck)
                        assert face.get_size() == size, (deck, code)
                        assert face.get_at((size[0] // 2, size[1] // 2)).a == 255, (deck, code)
    finally:
        assets.set_back("red")


def test_the_two_backs_differ_and_the_default_is_the_red_one():
    red = pygame.image.load(str(SPRITES / "cards" / "back.png"))
    blue = pygame.image.load(str(SPRITES / "cards" / "back_blue.png"))
    w, h = red.get_size()
    r, _, b = red.get_at((w // 4, h // 4))[:3]
    assert r > b
    r, _, b = blue.get_at((w // 4, h // 4))[:3]
    assert b > r
    assert assets.back_name() == "red"
