"""game.ui.text: shaped, right-to-left Arabic mixed with Latin and digits."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ui import text

WHITE = (255, 255, 255)


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.font.init()
    yield
    text.clear_cache()


def test_fonts_exist_and_cover_arabic_latin_digits_and_suits():
    for bold in (False, True):
        f = text.font(24, bold)
        for ch in "سلامHello0123456789٠١٢:-♠♥♦♣":
            assert f.metrics(ch)[0] is not None, ch


def test_font_is_cached():
    assert text.font(20) is text.font(20)
    assert text.font(20) is not text.font(20, bold=True)
    assert text.FONT_DIR.name == "fonts" and (text.FONT_DIR / "Majlis-Bold.ttf").is_file()


def test_arabic_is_shaped_joined_text_narrower_than_isolated_letters():
    word = "هريجة"
    joined = text.size(word, 40)[0]
    isolated = sum(text.size(ch, 40)[0] for ch in word)
    assert joined < isolated * 0.9


def test_lam_alef_ligature():
    # Lam + alef is one glyph, narrower than lam (initial) and alef side by side.
    assert text.size("لا", 40)[0] < text.size("لـ", 40)[0] + text.size("ا", 40)[0]


def test_is_rtl_uses_first_strong_character():
    assert text.is_rtl("الجولة 3 من 5")
    assert text.is_rtl("3 - هريجة")
    assert not text.is_rtl("Hareeja هريجة")
    assert not text.is_rtl("123 !")
    assert not text.is_rtl("")


def test_arabic_line_with_digits_reads_right_to_left():
    runs = text.visual_runs("الجولة 3 من 5")
    # Visual order, left to right: 5, "من", 3, "الجولة".
    assert [r for r, _ in runs] == ["5", " من ", "3", "الجولة "]
    assert [rtl for _, rtl in runs] == [False, True, False, True]


def test_mixed_line_keeps_digits_in_logical_number_order():
    runs = text.visual_runs("Hareeja هريجة 10 ♠")
    assert runs[0] == ("Hareeja ", False)
    assert ("10", False) in runs  # not "01"
    assert any(rtl and "هريجة" in r for r, rtl in runs)


def test_signed_number_stays_together_in_arabic():
    runs = text.visual_runs("نقاط: -30")
    assert runs[0] == ("-30", False)  # leftmost, minus before the digits
    assert runs[1][1] is True


def test_latin_only_is_one_run():
    assert text.visual_runs("Round 3 of 5") == [("Round 3 of 5", False)]


def test_render_surface_matches_size_and_is_cached():
    for sample in ("الجولة 3 من 5", "Hareeja هريجة 10 ♠", "نقاط: -30", "Score"):
        surf = text.render(sample, 28, WHITE)
        assert surf.get_size() == text.size(sample, 28)
        assert surf.get_flags() & pygame.SRCALPHA
        assert text.render(sample, 28, WHITE) is surf
        assert text.render(sample, 28, (255, 255, 254)) is not surf


def test_rendered_mixed_line_has_ink_across_its_width():
    surf = text.render("Hareeja هريجة 10 ♠", 30, WHITE)
    w = surf.get_width()
    for third in range(3):
        xs = range(third * w // 3, (third + 1) * w // 3)
        assert any(surf.get_at((x, y)).a > 128 for x in xs for y in range(surf.get_height()))


def test_multiline_render_aligns_rtl_text_right():
    surf = text.render("سطر طويل جدا\nقصير", 24, WHITE)
    short = text.size("قصير", 24)[0]
    line2_top = text.font(24).get_linesize()
    right_ink = any(
        surf.get_at((surf.get_width() - 1 - x, y)).a > 0
        for x in range(short)
        for y in range(line2_top, surf.get_height())
    )
    assert right_ink
    assert surf.get_height() == text.size("سطر طويل جدا\nقصير", 24)[1]


def test_wrap_keeps_words_and_fits_width():
    sentence = "هذه جملة طويلة تحتاج إلى أن تلتف على عدة أسطر"
    lines = text.wrap(sentence, 24, 180)
    assert len(lines) > 1
    assert " ".join(lines) == sentence
    assert all(text.size(line, 24)[0] <= 180 for line in lines)


def test_wrap_keeps_explicit_breaks_and_overlong_words():
    assert text.wrap("a\nb", 20, 500) == ["a", "b"]
    assert text.wrap("Supercalifragilistic x", 20, 10) == ["Supercalifragilistic", "x"]


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.sampled_from(["هريجة", "أكلة", "Ronda", "12", "-30", "♠", "(x)", "نقاط:"]),
        min_size=1,
        max_size=8,
    )
)
def test_runs_keep_every_character(words):
    """Reordering never loses or invents a character; wrapping never splits a word."""
    line = " ".join(words)
    runs = text.visual_runs(line)
    assert sorted("".join(r for r, _ in runs)) == sorted(line)
    lines = text.wrap(line, 20, 120)
    assert " ".join(lines) == line


def test_without_harfbuzz_rtl_runs_are_reversed_by_hand(monkeypatch):
    """If an SDL_ttf cannot shape, Arabic still comes out right to left (unjoined)."""
    seen = []

    class Spy:
        def render(self, run, antialias, colour):
            seen.append(run)
            return pygame.Surface((10, 10), pygame.SRCALPHA)

    text.clear_cache()
    monkeypatch.setattr(text, "_shaping", False)
    monkeypatch.setattr(text, "_run_font", lambda size, bold, rtl: Spy())
    try:
        text.render("سلام 12", 30, WHITE)
        assert seen == ["12", " مالس"]  # the run is "سلام " (the space is RTL too)
    finally:
        monkeypatch.undo()
        text.clear_cache()


@pytest.mark.parametrize("line", ["الجولة 3 من 5", "Hareeja هريجة 10 ♠", "نقاط: -30", "(هريجة) x"])
def test_fallback_for_other_python_bidi_versions_gives_the_same_picture(line, monkeypatch):
    """With only get_display (python-bidi >= 0.5), the glyphs still land in the same order."""
    from bidi.mirror import MIRRORED

    def picture(runs):  # the characters left to right, as they appear on screen
        return "".join(
            "".join(MIRRORED.get(c, c) for c in reversed(run)) if rtl else run for run, rtl in runs
        )

    text.clear_cache()
    full = picture(text.visual_runs(line))
    monkeypatch.setattr(text, "_visual_levels", text._levels_from_display)
    text.clear_cache()
    try:
        assert picture(text.visual_runs(line)) == full
    finally:
        monkeypatch.undo()
        text.clear_cache()
