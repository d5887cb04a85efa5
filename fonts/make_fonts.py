"""Build fonts/Majlis-Regular.ttf and fonts/Majlis-Bold.ttf from the Cairo typeface.

Cairo (SIL OFL 1.1) covers Arabic and Latin in matching weights. The npm package
@fontsource/cairo ships it as WOFF2 files split into an "arabic" and a "latin" subset;
this script merges the two subsets of one weight into a single TrueType font, adds the
four card-suit glyphs (U+2660 ♠, U+2665 ♥, U+2666 ♦, U+2663 ♣, drawn here: Cairo has
none), subsets it to what the game writes, and checks that Arabic shaping survived.

Run from the project root (needs fonttools + brotli, see requirements-assets.txt, and npm):
    python fonts/make_fonts.py                    # fetches @fontsource/cairo with `npm pack`
    python fonts/make_fonts.py --src DIR          # DIR = an unpacked package/ folder
"""

from __future__ import annotations

import argparse
import io
import math
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

from fontTools import subset
from fontTools.merge import Merger
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont

FONT_DIR = Path(__file__).resolve().parent
PACKAGE = "@fontsource/cairo@5.3.0"
# Output name -> Cairo weight. Regular is Cairo Medium (500): docs/LOOK.md asks for text that is
# "never thin" on a dark felt table; Cairo 400 looks light at small phone sizes.
WEIGHTS = {"Majlis-Regular.ttf": 500, "Majlis-Bold.ttf": 700}
FAMILY = "Majlis"

# What the game writes: Basic Latin, Latin-1 (names with accents, ×, ·), the Arabic block
# (letters, Arabic-Indic digits, Arabic punctuation), bidi marks, dashes, quotes, ellipsis,
# bullets, arrows, minus, and the four suits added below.
UNICODES = (
    list(range(0x20, 0x7F))
    + list(range(0xA0, 0x100))
    + list(range(0x600, 0x700))
    + list(range(0x200B, 0x2010))  # zero-width chars and LRM/RLM
    + list(range(0x2010, 0x2028))  # dashes, quotes, bullet, ellipsis
    + list(range(0x2030, 0x203B))
    + [0x2066, 0x2067, 0x2068, 0x2069]  # bidi isolates
    + [0x20AC, 0x2122, 0x2190, 0x2191, 0x2192, 0x2193, 0x2212]
    + [0x2660, 0x2663, 0x2665, 0x2666]
)

SUITS = {0x2660: "spade", 0x2665: "heart", 0x2666: "diamond", 0x2663: "club"}


# ---------------------------------------------------------------- suit outlines
def _circle(cx: float, cy: float, r: float, n: int = 28) -> list[tuple[float, float]]:
    """Counter-clockwise circle polygon (TrueType fills with non-zero winding)."""
    return [
        (cx + r * math.cos(2 * math.pi * i / n), cy + r * math.sin(2 * math.pi * i / n))
        for i in range(n)
    ]


def _heart(cx: float, cy: float, w: float, n: int = 64) -> list[tuple[float, float]]:
    """Classic parametric heart, point down, centred on (cx, cy), total width w."""
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((cx + x * w / 34, cy + (y + 2.5) * w / 34))
    return pts[::-1]  # the parametric curve runs clockwise in y-up space


def _stem(cx: float, base: float, top: float, half: float) -> list[tuple[float, float]]:
    """A flared foot under spade and club, counter-clockwise."""
    return [(cx - half, base), (cx + half, base), (cx + half * 0.18, top), (cx - half * 0.18, top)]


def suit_contours(kind: str, em: int, cap: float) -> list[list[tuple[float, float]]]:
    """Outline polygons for one suit glyph, about cap-height tall, in font units."""
    w = cap * 0.92
    cx = w / 2 + em * 0.06
    if kind == "diamond":
        return [[(cx, 0), (cx + w * 0.42, cap / 2), (cx, cap), (cx - w * 0.42, cap / 2)]]
    if kind == "heart":
        return [_heart(cx, cap * 0.52, w)]
    if kind == "spade":
        body = [(x, cap * 1.12 - y) for x, y in _heart(cx, cap * 0.52, w)][::-1]
        body = [(x, y - cap * 0.06) for x, y in body]
        return [body, _stem(cx, 0, cap * 0.42, w * 0.2)]
    r = w * 0.22
    return [
        _circle(cx, cap - r, r),
        _circle(cx - w * 0.27, cap * 0.45, r),
        _circle(cx + w * 0.27, cap * 0.45, r),
        _circle(cx, cap * 0.5, r * 0.7),
        _stem(cx, 0, cap * 0.45, w * 0.2),
    ]


def add_suits(font: TTFont) -> None:
    """Add the four suit glyphs and map them in every Unicode cmap subtable."""
    em = font["head"].unitsPerEm
    cap = getattr(font["OS/2"], "sCapHeight", 0) or em * 0.7
    order = font.getGlyphOrder()
    for code, name in SUITS.items():
        pen = TTGlyphPen(None)
        for contour in suit_contours(name, em, cap):
            pen.moveTo(tuple(round(v) for v in contour[0]))
            for point in contour[1:]:
                pen.lineTo(tuple(round(v) for v in point))
            pen.closePath()
        glyph = pen.glyph()
        font["glyf"][name] = glyph
        glyph.recalcBounds(font["glyf"])
        font["hmtx"][name] = (round(cap * 0.92 + em * 0.12), glyph.xMin)
        if name not in order:
            order.append(name)
        for table in font["cmap"].tables:
            if table.isUnicode():
                table.cmap[code] = name
    font.setGlyphOrder(order)
    font["maxp"].numGlyphs = len(order)


# ---------------------------------------------------------------- build steps
def fetch_package(workdir: Path) -> Path:
    """`npm pack` the fontsource package into workdir and unpack it; return package/."""
    out = (
        subprocess.run(
            ["npm", "pack", PACKAGE, "--silent"],
            cwd=workdir,
            check=True,
            capture_output=True,
            text=True,
        )
        .stdout.strip()
        .splitlines()[-1]
    )
    with tarfile.open(workdir / out) as tar:
        tar.extractall(workdir, filter="data")
    return workdir / "package"


def woff2_to_ttf(path: Path, dest: Path) -> Path:
    font = TTFont(path, recalcTimestamp=False)
    font.flavor = None
    for tag in ("STAT", "gasp"):  # not needed for rendering; the merger does not know STAT
        if tag in font:
            del font[tag]
    font.save(dest)
    return dest


def merge_weight(src: Path, weight: int, tmp: Path) -> TTFont:
    """Merge the arabic and latin subsets of one weight into one font."""
    parts = [
        woff2_to_ttf(src / "files" / f"cairo-{s}-{weight}-normal.woff2", tmp / f"{s}.ttf")
        for s in ("latin", "arabic")
    ]  # latin first: its metrics and name table win
    merged = Merger().merge([str(p) for p in parts])
    # The merger stamps "now"; keep Cairo's own dates so every build gives the same bytes.
    source_head = TTFont(parts[0])["head"]
    merged["head"].created, merged["head"].modified = source_head.created, source_head.modified
    merged.recalcTimestamp = False
    buf = io.BytesIO()
    merged.save(buf)
    buf.seek(0)
    return TTFont(buf)


def subset_font(font: TTFont) -> None:
    opts = subset.Options()
    opts.layout_features = ["*"]  # keep init/medi/fina/rlig/ccmp/mark/kern...
    opts.name_IDs = ["*"]
    opts.name_languages = ["*"]
    opts.notdef_outline = True
    opts.glyph_names = False
    opts.hinting = False  # smaller; SDL_ttf renders it fine without
    sub = subset.Subsetter(opts)
    sub.populate(unicodes=UNICODES)
    sub.subset(font)


def rename(font: TTFont, style: str, weight: int) -> None:
    """Name the font Majlis (OFL: a modified font must not keep the Reserved Font Name
    unless none is declared; Cairo declares none, but a distinct name avoids confusion)."""
    name = font["name"]
    full = f"{FAMILY} {style}"
    for rec in list(name.names):
        if rec.nameID in (1, 16):
            name.setName(FAMILY, rec.nameID, rec.platformID, rec.platEncID, rec.langID)
        elif rec.nameID in (2, 17):
            name.setName(style, rec.nameID, rec.platformID, rec.platEncID, rec.langID)
        elif rec.nameID == 4:
            name.setName(full, 4, rec.platformID, rec.platEncID, rec.langID)
        elif rec.nameID == 6:
            name.setName(f"{FAMILY}-{style}", 6, rec.platformID, rec.platEncID, rec.langID)
        elif rec.nameID == 3:
            name.setName(
                f"{FAMILY}-{style}; based on Cairo 3.130",
                3,
                rec.platformID,
                rec.platEncID,
                rec.langID,
            )
    font["OS/2"].usWeightClass = weight
    if style == "Bold":
        font["OS/2"].fsSelection = (font["OS/2"].fsSelection | 0x20) & ~0x40
        font["head"].macStyle |= 1


def check(path: Path) -> None:
    """Shaping check with pygame's SDL_ttf (HarfBuzz): joined Arabic must be narrower
    than the same letters kept apart, and lam-alef must become one glyph."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.font.init()
    font = pygame.font.Font(str(path), 40)
    font.set_script("Arab")
    font.set_direction(pygame.DIRECTION_RTL)
    joined = font.size("سلام")[0]
    apart = sum(font.size(ch)[0] for ch in "سلام")
    assert joined < apart, f"{path.name}: Arabic is not shaped ({joined} >= {apart})"
    for code in SUITS:
        assert font.metrics(chr(code))[0] is not None, f"{path.name}: no suit glyph {code:x}"
    print(f"{path.name}: {path.stat().st_size} bytes, shaped ok ({joined} < {apart})")


def build(src: Path) -> None:
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        for filename, weight in WEIGHTS.items():
            font = merge_weight(src, weight, tmp)
            subset_font(font)
            add_suits(font)
            rename(font, "Bold" if "Bold" in filename else "Regular", weight)
            out = FONT_DIR / filename
            font.recalcTimestamp = False  # same bytes on every build: no churn in git
            font.save(out)
            check(out)
    shutil.copyfile(src / "LICENSE", FONT_DIR / "OFL.txt")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", type=Path, help="an unpacked @fontsource/cairo package/ dir")
    args = parser.parse_args()
    if args.src:
        build(args.src)
        return
    with tempfile.TemporaryDirectory() as tmpdir:
        build(fetch_package(Path(tmpdir)))


if __name__ == "__main__":
    main()
