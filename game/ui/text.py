"""Text on screen: shaped Arabic, right-to-left, mixed with Latin and digits.

SDL_ttf shapes Arabic with HarfBuzz (joined letters, lam-alef) once a font's script is
"Arab", but it does no bidi reordering. So a line is cut into bidi runs: python-bidi 0.4.2
resolves every character's embedding level and reorders the runs into visual order (rules
L1-L2); each run is then rendered on its own, in logical order, by a font set to its
direction (odd level: Arabic, right-to-left; even: Latin, left-to-right), and the run images
are laid side by side. HarfBuzz mirrors brackets inside right-to-left runs itself.

A signed number ("-30") is kept together and left-to-right, so a score reads "-30" and not
"30-" inside Arabic text.

All functions take text in logical (typing) order. Surfaces returned by render() are cached
and shared: blit them, never draw on them.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Iterator
from functools import lru_cache
from itertools import groupby
from operator import itemgetter
from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias

import pygame

from game.ui import scale
from game.ui.layout_probe import mark

if TYPE_CHECKING:
    from pygame.typing import ColorLike

# The project root is two levels above game/ui/; under pygbag this is the app folder.
FONT_DIR = Path(__file__).resolve().parents[2] / "fonts"
_FILES = {False: "Majlis-Regular.ttf", True: "Majlis-Bold.ttf"}

_RENDER_CACHE_SIZE = 1024
_shaping = True  # False if SDL_ttf cannot shape: RTL runs are then reversed by hand
_fonts: dict[tuple[int, bool, str], pygame.font.Font] = {}
RGBA: TypeAlias = tuple[int, ...]  # a colour as tuple(pygame.Color): red, green, blue, alpha
_renders: OrderedDict[tuple[str, int, RGBA, bool], pygame.Surface] = OrderedDict()

_LRE, _PDF = "\u202a", "\u202c"
_SIGNED_NUMBER = re.compile(r"(?<![\w.])[-+\u2212]\d+(?:[.,:/]\d+)*")
_STRONG_RTL = ("R", "AL")


# ---------------------------------------------------------------- fonts
def _load(size: int, bold: bool, kind: str, unscaled: bool = False) -> pygame.font.Font:
    pixels = size if unscaled else scale.px(size)
    key = (pixels, bold, kind)
    cached = _fonts.get(key)
    if cached is None:
        if not pygame.font.get_init():
            pygame.font.init()
        # ``size`` is logical: the font opens at the frame's scale (game.ui.scale), or at
        # scale 1 (``unscaled``: measuring as the frame at 1 would, see fit_width).
        cached = pygame.font.Font(str(FONT_DIR / _FILES[bool(bold)]), pixels)
        try:
            if kind == "rtl":
                cached.set_script("Arab")
                cached.set_direction(pygame.DIRECTION_RTL)
            else:
                cached.set_script("Latn")
                cached.set_direction(pygame.DIRECTION_LTR)
        except (pygame.error, AttributeError):  # an SDL_ttf built without HarfBuzz
            global _shaping
            _shaping = False
        _fonts[key] = cached
    return cached


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The Majlis font at a logical size (opened at the frame's scale), cached. Set to Latin,
    left to right: for Arabic or mixed text use render() / size() instead of its render()."""
    return _load(size, bold, "ltr")


# ---------------------------------------------------------------- bidi
def is_rtl(text: str) -> bool:
    """True when the first strong character is Arabic/Hebrew (the paragraph reads RTL)."""
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind in _STRONG_RTL:
            return True
        if kind == "L":
            return False
    return False


def _protect_numbers(text: str) -> str:
    """Wrap signed numbers in a left-to-right embedding (LRE ... PDF)."""
    return _SIGNED_NUMBER.sub(lambda m: _LRE + m.group(0) + _PDF, text)


def _levels_with_python_bidi(text: str, base_level: int) -> list[tuple[str, int]]:
    """(character, level) pairs in visual order, from python-bidi 0.4.2's algorithm steps
    (stopping before its mirroring, which HarfBuzz does per run)."""
    from bidi import algorithm as uba

    storage = uba.get_empty_storage()
    storage["base_level"] = base_level
    storage["base_dir"] = ("L", "R")[base_level]
    uba.get_embedding_levels(text, storage)
    uba.explicit_embed_and_overrides(storage)
    uba.resolve_weak_types(storage)
    uba.resolve_neutral_types(storage, False)
    uba.resolve_implicit_levels(storage, False)
    uba.reorder_resolved_levels(storage, False)
    pairs: list[tuple[str, int]] = [(c["ch"], c["level"]) for c in storage["chars"]]
    return pairs


def _levels_from_display(text: str, base_level: int) -> list[tuple[str, int]]:
    """Fallback for other python-bidi versions (only get_display is public): the visual
    string, with Arabic letters and the spaces between them taken as level 1."""
    from bidi.algorithm import get_display

    shown: str = get_display(text, base_dir=("L", "R")[base_level])
    visual = "".join(ch for ch in shown if ch not in (_LRE, _PDF))
    out: list[tuple[str, int]] = []
    for i, ch in enumerate(visual):
        kind = unicodedata.bidirectional(ch)
        rtl = kind in _STRONG_RTL or (
            kind == "WS"
            and 0 < i < len(visual) - 1
            and unicodedata.bidirectional(visual[i - 1]) in _STRONG_RTL
            and unicodedata.bidirectional(visual[i + 1]) in _STRONG_RTL
        )
        out.append((ch, 1 if rtl else 0))
    return out


_visual_levels: Callable[[str, int], list[tuple[str, int]]] | None
try:
    from bidi import algorithm as _uba

    _visual_levels = (
        _levels_with_python_bidi
        if hasattr(_uba, "resolve_implicit_levels")
        else _levels_from_display
    )
except ImportError:  # pragma: no cover - python-bidi is a dependency of the client
    _visual_levels = None


def visual_runs(text: str) -> list[tuple[str, bool]]:
    """Split one line into runs in visual order, left to right. Each run is
    (text in logical order, right_to_left)."""
    return list(_runs(text))


@lru_cache(maxsize=4096)
def _runs(text: str) -> tuple[tuple[str, bool], ...]:
    """visual_runs, cached: the bidi pass is pure Python and wrap() asks often."""
    if not text:
        return ()
    base = 1 if is_rtl(text) else 0
    if not any(unicodedata.bidirectional(ch) in _STRONG_RTL for ch in text):
        return ((text, False),)
    if _visual_levels is None:  # no bidi library (a failed web download): one RTL run is
        return ((text, True),)  # right for plain Arabic, the bulk of what the UI shows
    pairs = _visual_levels(_protect_numbers(text), base)
    return tuple(
        _make_run([ch for ch, _ in same], level)
        for level, same in groupby(pairs, key=itemgetter(1))
    )


def _make_run(chars: list[str], level: int) -> tuple[str, bool]:
    rtl = level % 2 == 1
    # Visual order inside an RTL run is the reverse of logical order.
    return ("".join(reversed(chars)) if rtl else "".join(chars)), rtl


# ---------------------------------------------------------------- measure / render
def _run_font(size: int, bold: bool, rtl: bool, unscaled: bool = False) -> pygame.font.Font:
    return _load(size, bold, "rtl" if rtl else "ltr", unscaled)


def _run_size(
    run: str, rtl: bool, size: int, bold: bool, unscaled: bool = False
) -> tuple[int, int]:
    font_ = _run_font(size, bold, rtl, unscaled)
    return font_.size(run if _shaping or not rtl else run[::-1])


def _run_image(run: str, rtl: bool, size: int, bold: bool, rgba: RGBA) -> pygame.Surface:
    """One run, rendered. Without HarfBuzz (never seen with pygame-ce 2.5.7, native or web)
    letters stay unjoined, but at least they come out in right-to-left order."""
    font_ = _run_font(size, bold, rtl)
    return font_.render(run if _shaping or not rtl else run[::-1], True, rgba)


def size(text: str, size: int, bold: bool = False) -> tuple[int, int]:
    """Frame-pixel size of the rendered text (one line per "\\n"); ``size`` is logical."""
    lines = text.split("\n")
    height = _load(size, bold, "ltr").get_height()
    linesize = _load(size, bold, "ltr").get_linesize()
    width = max(_line_width(line, size, bold) for line in lines)
    return width, height + linesize * (len(lines) - 1)


@lru_cache(maxsize=4096)
def _line_width(line: str, size: int, bold: bool, unscaled: bool = False) -> int:
    return sum(_run_size(run, rtl, size, bold, unscaled)[0] for run, rtl in _runs(line))


def fit_width(text: str, size: int, bold: bool = False) -> int:
    """The frame pixels ``text`` needs when it is fitted into a space (wrapped, or its font
    size chosen): its width as drawn, and never less than its width at scale 1 times the
    factor. A font's glyphs do not grow exactly with its size, so without the second measure
    a line could wrap, or a label shrink, at one scale and not at another."""
    factor = scale.factor()
    widths = []
    for line in text.split("\n"):
        drawn = _line_width(line, size, bold)
        if factor != 1:
            drawn = max(drawn, math.ceil(_line_width(line, size, bold, True) * factor))
        widths.append(drawn)
    return max(widths)


def render(text: str, size: int, color: ColorLike, bold: bool = False) -> pygame.Surface:
    """Antialiased text on a transparent surface, shaped and in visual order. Cached.
    Several lines ("\\n") align right when the text reads right to left, else left."""
    rgba = tuple(pygame.Color(color))
    key = (text, size, rgba, bool(bold))
    surf = _renders.get(key)
    if surf is not None:
        _renders.move_to_end(key)
        return surf
    if "\n" in text:
        surf = _render_lines(text.split("\n"), size, rgba, bold, is_rtl(text))
    else:
        surf = _render_line(text, size, rgba, bold)
    _renders[key] = mark(surf, "text", text)
    if len(_renders) > _RENDER_CACHE_SIZE:
        _renders.popitem(last=False)
    return surf


def _render_line(line: str, size: int, rgba: RGBA, bold: bool) -> pygame.Surface:
    runs = _runs(line)
    if len(runs) <= 1:
        run, rtl = runs[0] if runs else ("", False)
        return _run_image(run, rtl, size, bold, rgba)
    images = [_run_image(run, rtl, size, bold, rgba) for run, rtl in runs]
    height = max(img.get_height() for img in images)
    surf = pygame.Surface((sum(img.get_width() for img in images), height), pygame.SRCALPHA)
    x = 0
    for img in images:
        # Runs do not overlap: RGBA_MAX onto a clear surface copies pixels exactly
        # (a normal alpha blit would darken antialiased edges).
        surf.blit(img, (x, 0), special_flags=pygame.BLEND_RGBA_MAX)
        x += img.get_width()
    return surf


def _render_lines(lines: list[str], size: int, rgba: RGBA, bold: bool, rtl: bool) -> pygame.Surface:
    images = [_render_line(line, size, rgba, bold) for line in lines]
    linesize = _load(size, bold, "ltr").get_linesize()
    width = max(img.get_width() for img in images)
    height = linesize * (len(images) - 1) + images[-1].get_height()
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    for i, img in enumerate(images):
        x = width - img.get_width() if rtl else 0
        surf.blit(img, (x, i * linesize), special_flags=pygame.BLEND_RGBA_MAX)
    return surf


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Break text into lines no wider than width pixels, at spaces, in logical order.
    Explicit "\\n" breaks are kept; a single word wider than width gets a line of its own."""
    return list(_wrap(text, size, width, bool(bold)))


@lru_cache(maxsize=512)
def _wrap(text: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for word in paragraph.split(" "):
            candidate = f"{current} {word}" if current else word
            if current and fit_width(candidate, size, bold) > width:
                lines.append(current)
                current = word
            else:
                current = candidate
        lines.append(current)
    return tuple(lines)


WARM_SIZES = (*range(14, 35), 36, 38, 40, 44, 52, 56, 64)


def warm_fonts() -> Iterator[None]:
    """Open and shape with every font size the UI uses, one per step. A font's first
    measure at a size costs about a millisecond (SDL_ttf sets up HarfBuzz for it): the app
    takes these steps on frames it does not draw, so no animation pays for them later. At a
    scale other than 1 the sizes at scale 1 are opened too (:func:`fit_width` measures with
    them)."""
    for unscaled in (False, True) if scale.factor() != 1 else (False,):
        for size in WARM_SIZES:
            pixels = size if unscaled else scale.px(size)
            for bold in (False, True):
                for kind, sample in (("rtl", "\u0645\u062c\u0644\u0633"), ("ltr", "Majlis 10")):
                    if (pixels, bold, kind) not in _fonts:
                        _load(size, bold, kind, unscaled).size(sample)
                        yield


def clear_cache() -> None:
    """Forget cached fonts and renders (e.g. after pygame.quit())."""
    _fonts.clear()
    _renders.clear()
    _runs.cache_clear()
    _line_width.cache_clear()
    _wrap.cache_clear()


scale.on_change(clear_cache)  # fonts open at px(size): a new factor opens them again
