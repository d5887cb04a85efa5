"""Indexed PNGs that share their pixels with a twin: one image file and, for the twin, only its
palette (the PLTE and tRNS chunks, a few hundred bytes).

The four-colour deck is the French deck with diamonds blue and clubs green: the same drawing,
other colours. Indexing both images by the *pair* of colours each pixel has in the two keeps
every pixel of both exact; the twin is then the French PNG with its palette chunks swapped
(``game.ui.assets.with_palette`` does that at load time). 26 cards shrink from ~2.4 KiB to
~0.2 KiB each in the web bundle.

Used by sprites/make_sprites.py (writing the sprites) and tools/build_web.py (re-packing them).
"""

from __future__ import annotations

import struct
import zlib
from collections import Counter

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def deflate(data: bytes) -> bytes:
    """A zlib stream: Zopfli when installed (~10 % smaller), else zlib level 9."""
    try:
        import zopfli.zlib
    except ImportError:
        packer = zlib.compressobj(9, zlib.DEFLATED, 15, 9)
        return packer.compress(data) + packer.flush()
    return zopfli.zlib.compress(data, numiterations=3)


def palette_chunks(colours: list[bytes]) -> bytes:
    """PLTE (and tRNS when any colour is not opaque) for RGBA ``colours``, in order."""
    alpha = bytes(c[3] for c in colours).rstrip(b"\xff")
    out = chunk(b"PLTE", b"".join(c[:3] for c in colours))
    return out + (chunk(b"tRNS", alpha) if alpha else b"")


def twin_png(width: int, height: int, rgba: bytes, twin: bytes) -> tuple[bytes, bytes] | None:
    """(an indexed PNG of ``rgba``, the palette chunks that turn it into ``twin``), both pixel
    exact; None when the two hold more than 256 colour pairs. Pairs are ordered most
    transparent first (short tRNS chunks), then by frequency, so the output is deterministic."""
    pixels = [rgba[i : i + 4] + twin[i : i + 4] for i in range(0, len(rgba), 4)]
    counts = Counter(pixels)
    if len(counts) > 256:
        return None
    pairs = sorted(counts, key=lambda c: (c[3] == 255, c[7] == 255, -counts[c], c))
    index = {pair: i for i, pair in enumerate(pairs)}
    rows = b"".join(
        b"\x00" + bytes(index[p] for p in pixels[y * width : (y + 1) * width])
        for y in range(height)
    )
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8-bit palette
    png = b"".join(
        [
            SIGNATURE,
            chunk(b"IHDR", header),
            palette_chunks([p[:4] for p in pairs]),
            chunk(b"IDAT", deflate(rows)),
            chunk(b"IEND", b""),
        ]
    )
    return png, palette_chunks([p[4:] for p in pairs])
