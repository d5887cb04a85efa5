"""Build the static web site into build/web/ with pygbag, offline.

Usage: python tools/build_web.py [--runtime DIR [--runtime DIR2] [--runtime-wasm-sha256 SHA256]
                                  | --runtime URL]

``--runtime``: pygbag's runtime hosted beside the game (tools/site_web.py; default: pygbag's
CDN). The site's manifest, icons and service worker: tools/site_web.py too.

Only what the browser client needs goes into the bundle (``runtime_files``):
* main.py and the client's Python: the packages in CLIENT_PACKAGES plus the few client-side
  modules of game/net (CLIENT_MODULES). Everything else under game/net is the server's
  (server, store, rooms, client, and whatever the server adds later) and stays out: an
  allow-list, so a new server file can never slip in. tests/web/test_bundle_graph.py imports
  the client's whole module graph and checks it is all here and needs no server module.
* Python files lose comments and docstrings (line numbers kept; main.py is left whole, its
  PEP 723 block is a comment pygbag reads); gettext catalogs lose their comments and the
  page's own ``page.*`` words (already written into the page).
* fonts (TTF + licence), sounds (OGG), and the sprites the game loads. A four-colour card is
  its French twin's pixels with another palette (french4/<name>.pal, see tools/pngpal.py), or
  nothing where the two are the same: ``game.ui.assets`` falls back to the French sprite.
NOT_IN_APK files (window icon, favicon) and the screenshot tour (NATIVE_ONLY: game/ui/screenshots.py
and every *_shots.py, reached only by ``main.py --screenshots``) stay out; so do tests,
benchmarks, asset scripts and docs.

The files are staged in build/stage/majlis first, so pygbag never touches the source tree (it
may reformat a folder in place and writes *-pygbag.* files). PNGs are re-packed there
losslessly (exact palette, best zlib; kept only if smaller and pixel-identical). Then pygbag
builds, and its output minus the unused majlis.tar.gz is copied to build/web/.
"""

from __future__ import annotations

import ast
import hashlib
import io
import shutil
import struct
import subprocess
import sys
import tokenize
import zipfile
import zlib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STAGE = ROOT / "build" / "stage" / "majlis"
OUT = ROOT / "build" / "web"
APK = "majlis.apk"
TEMPLATE = "web/majlis.tmpl"
ICON = "sprites/favicon.png"
BUILD_SECONDS = 300
CACHE = ROOT / "build" / "cache" / "png"
LEFT_OUT = ("majlis.tar.gz",)  # pygbag writes it beside the apk; the page never loads it

# The browser client's Python: whole packages, and single modules where a package is shared
# with the server (game/net: the wire protocol and its view patches only).
CLIENT_PACKAGES = ("game/client", "game/core", "game/games", "game/i18n", "game/table", "game/ui")
CLIENT_MODULES = (
    "game/__init__.py",
    "game/net/__init__.py",
    "game/net/protocol.py",
    "game/net/numbers.py",
    "game/net/links.py",
    "game/net/delta.py",
)  # delta: the client applies views sent as patches
# (folder, file name patterns) of the assets the game loads at run time.
ASSETS = [
    ("fonts", ("*.ttf", "OFL.txt")),
    ("sprites", ("*.png", "*.pal")),
    ("sounds", ("*.ogg",)),
]
FOUR_COLOUR, FRENCH = Path("sprites/cards/french4"), Path("sprites/cards/french")
# Not in the apk: the window icon (native only; assets.icon() returns None when it is missing)
# and the page's favicon (pygbag copies it beside index.html).
NOT_IN_APK = ("sprites/icon.png", "sprites/favicon.png")
# The screenshot tour runs natively only (main.py --screenshots; a game's spec names its
# *_shots module as a string, loaded by the tour alone). tests/web/test_bundle_graph.py checks
# that nothing shipped imports these.
NATIVE_ONLY = ("game/ui/screenshots.py", "*_shots.py")


def _files(folder: str, pattern: str) -> list[Path]:
    return [
        p.relative_to(ROOT)
        for p in sorted((ROOT / folder).rglob(pattern))
        if "__pycache__" not in p.parts
    ]


def python_files() -> list[Path]:
    """main.py and the client's modules and their gettext catalogs (see CLIENT_PACKAGES /
    CLIENT_MODULES)."""
    files = [Path("main.py")] + [Path(m) for m in CLIENT_MODULES if (ROOT / m).exists()]
    for package in CLIENT_PACKAGES:
        files += _files(package, "*.py") + _files(package, "*.po")  # code, gettext catalogs
    return files


def redundant_sprite(rel: Path) -> bool:
    """A four-colour card identical to its French twin (assets.py falls back to the twin)."""
    if rel.parent != FOUR_COLOUR:
        return False
    twin = ROOT / FRENCH / rel.name
    return twin.exists() and twin.read_bytes() == (ROOT / rel).read_bytes()


def palette_twin(rel: Path) -> bool:
    """A French card whose four-colour twin is a palette for its pixels (french4/<name>.pal,
    tools/pngpal.py): its palette order is shared with the twin, so it is shipped as made."""
    return rel.parent == FRENCH and (ROOT / FOUR_COLOUR / f"{rel.stem}.pal").exists()


def asset_files() -> list[Path]:
    files = []
    for folder, patterns in ASSETS:
        for pattern in patterns:
            files += [p for p in _files(folder, pattern) if not redundant_sprite(p)]
    return files


def runtime_files() -> list[Path]:
    """Project-relative paths of every file the bundle must hold."""
    skip = {Path(p) for p in NOT_IN_APK}
    return sorted(p for p in set(python_files() + asset_files()) - skip if not native_only(p))


def native_only(rel: Path) -> bool:
    """A module of the screenshot tour (see NATIVE_ONLY)."""
    return any(rel.match(pattern) for pattern in NATIVE_ONLY)


# ----- Python without comments and docstrings ---------------------------------------------------
def _docstring_spans(tree: ast.AST) -> dict[tuple[int, int], tuple[int, int]]:
    """(start) -> (end) positions of every module, class and function docstring."""
    spans = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                spans[(first.lineno, first.col_offset)] = (first.end_lineno, first.end_col_offset)
    return spans


def strip_python(source: str) -> str:
    """``source`` without comments and with empty docstrings, every line where it was (so a
    traceback from the browser points at the right line of the repository's file). The code
    itself is untouched: tests/test_web_bundle.py compares the syntax trees."""
    spans = _docstring_spans(ast.parse(source))
    edits = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            edits.append((tok.start, tok.end, ""))
        elif tok.type == tokenize.STRING and spans.get(tok.start) == tok.end:
            breaks = tok.end[0] - tok.start[0]
            empty = '"""' + "\n" * breaks + '"""' if breaks else '""'
            edits.append((tok.start, tok.end, empty))
    lines = source.splitlines(keepends=True)
    for (row, col), (end_row, end_col), text in reversed(edits):
        before, after = lines[row - 1][:col], lines[end_row - 1][end_col:]
        if not text:  # a comment runs to the line's end
            before = before.rstrip()
        lines[row - 1 : end_row] = [before + text + after]
    return "".join(lines)


# ----- lossless PNG re-packing ----------------------------------------------------------------
def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def palette_png(width: int, height: int, rgba: bytes) -> bytes | None:
    """An indexed PNG holding exactly these RGBA pixels, or None above 256 colours. Colours are
    ordered most transparent first (a short tRNS chunk), then by frequency."""
    pixels = [rgba[i : i + 4] for i in range(0, len(rgba), 4)]
    counts = Counter(pixels)
    if len(counts) > 256:
        return None
    palette = sorted(counts, key=lambda c: (c[3] == 255, -counts[c], c))
    index = {colour: i for i, colour in enumerate(palette)}
    rows = b"".join(
        b"\x00" + bytes(index[p] for p in pixels[y * width : (y + 1) * width])
        for y in range(height)
    )
    alpha = bytes(c[3] for c in palette).rstrip(b"\xff")
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8-bit palette
    out = [
        b"\x89PNG\r\n\x1a\n",
        _chunk(b"IHDR", header),
        _chunk(b"PLTE", b"".join(c[:3] for c in palette)),
    ]
    if alpha:
        out.append(_chunk(b"tRNS", alpha))
    out += [_chunk(b"IDAT", deflate(rows)), _chunk(b"IEND", b"")]
    return b"".join(out)


def deflate(data: bytes) -> bytes:
    """A zlib stream of ``data``: Zopfli (requirements-dev.txt; ~10 % smaller than zlib's
    best) when installed, else zlib level 9."""
    try:
        import zopfli.zlib
    except ImportError:
        packer = zlib.compressobj(9, zlib.DEFLATED, 15, 9)
        return packer.compress(data) + packer.flush()
    return zopfli.zlib.compress(data, numiterations=3)


def repack_png(path: Path) -> int:
    """Re-encode ``path`` in place if that is smaller and decodes to the very same pixels;
    return the bytes saved. Results are cached by content in build/cache/png."""
    original = path.read_bytes()
    cached = CACHE / f"{hashlib.sha256(original).hexdigest()}.png"
    if not cached.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        cached.write_bytes(_smallest_png(original))
    path.write_bytes(cached.read_bytes())
    return len(original) - cached.stat().st_size


def _smallest_png(original: bytes) -> bytes:
    import pygame

    image = pygame.image.load(io.BytesIO(original), "x.png")
    pixels = pygame.image.tobytes(image, "RGBA")
    smaller = palette_png(*image.get_size(), pixels)
    if smaller is None or len(smaller) >= len(original):
        return original
    again = pygame.image.load(io.BytesIO(smaller), "x.png")
    if again.get_size() != image.get_size() or pygame.image.tobytes(again, "RGBA") != pixels:
        return original
    return smaller


# ----- the apk, re-zipped with Zopfli --------------------------------------------------------
def _raw_deflate(data: bytes, best: bool) -> bytes:
    """Raw DEFLATE (what a zip entry holds): Zopfli when ``best`` and installed, else zlib 9."""
    if best:
        try:
            import zopfli.zlib

            return zopfli.zlib.compress(data, numiterations=5)[2:-4]  # strip zlib framing
        except ImportError:
            pass
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    return packer.compress(data) + packer.flush()


def rezip(apk: Path) -> int:
    """Rewrite ``apk`` with every entry deflated by Zopfli (PNGs, already Zopfli inside, by
    zlib) or stored, whichever is smallest; keep it only if it reads back identical. Returns
    the bytes saved."""
    with zipfile.ZipFile(apk) as old:
        entries = [(info, old.read(info)) for info in old.infolist()]
    body, directory = bytearray(), bytearray()
    for info, data in entries:
        name = info.filename.encode("utf-8")
        packed = _raw_deflate(data, not info.filename.endswith(".png")) if data else b""
        method = 8 if data and len(packed) < len(data) else 0
        packed = packed if method else data
        crc = zlib.crc32(data)
        y, mo, d, h, mi, sec = info.date_time
        dos_time, dos_date = h << 11 | mi << 5 | sec // 2, (y - 1980) << 9 | mo << 5 | d
        fields = (method, dos_time, dos_date, crc, len(packed), len(data), len(name))
        directory += (
            struct.pack(
                "<IHHHHHHIIIHHHHHII",
                0x02014B50,
                20,
                20,
                0,
                *fields,
                0,
                0,
                0,
                info.internal_attr,
                info.external_attr,
                len(body),
            )
            + name
        )
        body += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, *fields, 0) + name + packed
    end = struct.pack(
        "<IHHHHIIH", 0x06054B50, 0, 0, len(entries), len(entries), len(directory), len(body), 0
    )
    rewritten = bytes(body + directory + end)
    with zipfile.ZipFile(io.BytesIO(rewritten)) as new:
        same = [n.filename for n in new.infolist()] == [i.filename for i, _ in entries] and all(
            new.read(info.filename) == data for info, data in entries
        )
    if not same or len(rewritten) >= apk.stat().st_size:
        return 0
    saved = apk.stat().st_size - len(rewritten)
    apk.write_bytes(rewritten)
    return saved


# ----- the build --------------------------------------------------------------------------------
def stage() -> int:
    """Copy the runtime files to STAGE, re-packing PNGs; return the PNG bytes saved."""
    if STAGE.exists():
        shutil.rmtree(STAGE)
    saved = 0
    for rel in runtime_files():
        target = STAGE / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, target)
        if target.suffix == ".png" and not palette_twin(rel):
            saved += repack_png(target)
        elif target.suffix == ".py" and rel != Path("main.py"):  # main.py: PEP 723 comments
            target.write_text(strip_python(target.read_text(encoding="utf-8")), encoding="utf-8")
        elif target.suffix == ".po":
            target.write_text(strip_catalog(target.read_text(encoding="utf-8")), encoding="utf-8")
    return saved


def strip_catalog(text: str) -> str:
    """A gettext catalog as the game reads it: no comment lines (the reader skips them) and no
    ``page.*`` entries (the words of the page around the game, which tools/site_web.py writes
    into index.html and site.js at build time; the game itself never looks them up)."""
    kept = []
    for entry in text.split("\n\n"):
        lines = [line for line in entry.splitlines() if line and not line.startswith("#")]
        if lines and not lines[0].startswith('msgctxt "page.'):
            kept.append("\n".join(lines))
    return "\n\n".join(kept) + "\n"


def run_pygbag(cdn: str) -> None:
    command = [
        sys.executable,
        "-m",
        "pygbag",
        "--build",
        "--no_opt",
        "--can_close",
        "1",
        "--title",
        "Majlis",
        "--template",
        TEMPLATE,
        "--icon",
        ICON,
        "--cdn",
        cdn,
        str(STAGE),
    ]
    subprocess.run(command, cwd=ROOT, check=True, timeout=BUILD_SECONDS, stdout=subprocess.DEVNULL)


def publish() -> None:
    if OUT.exists():
        shutil.rmtree(OUT)
    shutil.copytree(STAGE / "build" / "web", OUT, ignore=shutil.ignore_patterns(*LEFT_OUT))


def main(argv: list[str] | None = None) -> int:
    import argparse
    import os

    sys.path.insert(0, str(ROOT / "tools"))
    import site_web

    parser = argparse.ArgumentParser(description="Build build/web/ (docs/WEB.md).")
    parser.add_argument("--runtime", action="append", default=[], metavar="DIR_OR_URL",
                        help="host pygbag's runtime beside the game (docs/DEPLOY.md)")  # fmt: skip
    parser.add_argument("--runtime-wasm-sha256", metavar="SHA256",
                        help="the SHA-256 of a trusted copy of the runtime's main.wasm, which "
                             "web/runtime-0.9.3.sha256 cannot pin (docs/DEPLOY.md)")  # fmt: skip
    args = parser.parse_args(argv)
    try:
        runtime = site_web.find_runtime(args.runtime, args.runtime_wasm_sha256)
    except site_web.RuntimeRefused as error:
        print(f"build_web: {error}", file=sys.stderr)
        return 2
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    saved = stage()
    run_pygbag(runtime.cdn)
    publish()
    apk = OUT / APK
    saved += rezip(apk)
    print(site_web.finish(OUT, runtime))
    with zipfile.ZipFile(apk) as bundle:
        count = len(bundle.namelist())
    print(
        f"build/web ready: {APK} {apk.stat().st_size / 1024:.0f} KiB, {count} files "
        f"(PNG re-packing and Zopfli: {saved / 1024:.0f} KiB saved)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
