"""Gettext catalogs (``.po``) read with the standard library, natively and under pygbag.

Every string of the client is an entry of a ``.po`` catalog: ``msgctxt`` is the key the code asks
for (``"hr.cards"``), ``msgid`` the English text (the source language), ``msgstr`` the Arabic
(``msgid_plural`` / ``msgstr[0..5]`` for a count: Arabic has six plural forms). There is one
catalog for the screens every game shares (``game/i18n/ar.po``) and one per game beside its spec
(``game/games/<name>/ar.po``). Translators' tools (Poedit, Weblate, msgfmt) read them as they are.

Why parse ``.po`` here instead of shipping ``.mo`` files: the web build packs source files only
and a compiled ``.mo`` beside each ``.po`` could drift from it; all four catalogs (~360 keys)
load in a few milliseconds (``bench/bench_i18n.py``). The parsed entries are compiled to
``.mo`` bytes in memory and handed to :class:`gettext.GNUTranslations`, so the lookups and
the ``Plural-Forms`` expression are the standard library's own.
"""

from __future__ import annotations

import gettext
import io
import re
import struct
from dataclasses import dataclass, field
from pathlib import Path

CONTEXT_SEP = "\x04"  # gettext joins msgctxt and msgid with EOT
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}
_ESCAPE = re.compile(r"\\(.)")


@dataclass
class Entry:
    """One message: its key (``msgctxt``), English source, plural source and translations."""

    context: str | None = None
    msgid: str = ""
    plural: str | None = None
    strs: dict[int, str] = field(default_factory=dict)  # msgstr[i] (msgstr alone is 0)


class CatalogError(ValueError):
    """A ``.po`` file that is not well formed; the message names the file and line."""


def _unquote(text: str, where: str) -> str:
    """A quoted .po string's text, its escapes (\\n \\t \\r \\" \\\\) decoded."""
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise CatalogError(f"{where}: expected a quoted string, got {text!r}")
    body = text[1:-1]
    rest = _ESCAPE.sub("", body)
    if '"' in rest or "\\" in rest:
        raise CatalogError(f"{where}: a quote or backslash inside the string must be escaped")
    if "\\" not in body:
        return body

    def escape(match: re.Match[str]) -> str:
        char = match.group(1)
        if char not in _ESCAPES:
            raise CatalogError(f"{where}: unknown escape \\{char}")
        return _ESCAPES[char]

    return _ESCAPE.sub(escape, body)


def parse_po(text: str, name: str = "<po>") -> list[Entry]:
    """The entries of a ``.po`` file (the header is the entry with an empty msgid)."""
    entries: list[Entry] = []
    entry: Entry | None = None
    target: tuple[str, int] | None = None  # ("context"|"msgid"|"plural"|"str", index)

    def finish() -> None:
        nonlocal entry
        if entry is not None:
            entries.append(entry)
        entry = None

    for number, raw in enumerate(text.splitlines(), 1):
        where = f"{name}:{number}"
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            if entry is None or target is None:
                raise CatalogError(f"{where}: a string continues nothing")
            _append(entry, target, _unquote(line, where))
            continue
        if (
            keyword in ("msgctxt", "msgid")
            and entry is not None
            and (keyword == "msgctxt" or target != ("context", 0))
        ):
            finish()
        if entry is None:
            entry = Entry()
        if keyword == "msgctxt":
            entry.context, target = _unquote(rest, where), ("context", 0)
        elif keyword == "msgid":
            entry.msgid, target = _unquote(rest, where), ("msgid", 0)
        elif keyword == "msgid_plural":
            entry.plural, target = _unquote(rest, where), ("plural", 0)
        elif keyword == "msgstr":
            entry.strs[0], target = _unquote(rest, where), ("str", 0)
        elif keyword.startswith("msgstr[") and keyword.endswith("]"):
            index = int(keyword[7:-1])
            entry.strs[index], target = _unquote(rest, where), ("str", index)
        else:
            raise CatalogError(f"{where}: unknown keyword {keyword!r}")
    finish()
    return entries


def _append(entry: Entry, target: tuple[str, int], more: str) -> None:
    kind, index = target
    if kind == "context":
        entry.context = (entry.context or "") + more
    elif kind == "msgid":
        entry.msgid += more
    elif kind == "plural":
        entry.plural = (entry.plural or "") + more
    else:
        entry.strs[index] = entry.strs.get(index, "") + more


def to_mo(entries: list[Entry]) -> bytes:
    """The entries compiled to a GNU ``.mo`` file (the layout of CPython's Tools/i18n/msgfmt.py):
    untranslated entries are left out, so lookups fall back to the English msgid."""
    messages: dict[bytes, bytes] = {}
    for e in entries:
        if not any(e.strs.values()):
            continue
        key = e.msgid if e.context is None else f"{e.context}{CONTEXT_SEP}{e.msgid}"
        if e.plural is not None:
            key += "\0" + e.plural
            value = "\0".join(e.strs.get(i, "") for i in range(max(e.strs) + 1))
        else:
            value = e.strs.get(0, "")
        messages[key.encode("utf-8")] = value.encode("utf-8")
    keys = sorted(messages)
    id_parts: list[bytes] = []
    str_parts: list[bytes] = []
    offsets = []
    id_at = str_at = 0
    for k in keys:
        offsets.append((id_at, len(k), str_at, len(messages[k])))
        id_parts.append(k + b"\0")
        str_parts.append(messages[k] + b"\0")
        id_at += len(k) + 1
        str_at += len(messages[k]) + 1
    ids, strs = b"".join(id_parts), b"".join(str_parts)
    count = len(keys)
    key_start = 7 * 4 + 16 * count
    value_start = key_start + len(ids)
    koffsets: list[int] = []
    voffsets: list[int] = []
    for o1, l1, o2, l2 in offsets:
        koffsets += [l1, o1 + key_start]
        voffsets += [l2, o2 + value_start]
    head = struct.pack("Iiiiiii", 0x950412DE, 0, count, 7 * 4, 7 * 4 + count * 8, 0, 0)
    return (
        head
        + struct.pack(f"{len(koffsets)}i", *koffsets)
        + struct.pack(f"{len(voffsets)}i", *voffsets)
        + ids
        + strs
    )


@dataclass
class Catalog:
    """A parsed catalog: the English source of each key, and the translations."""

    english: dict[str, tuple[str, str | None]]  # key -> (msgid, msgid_plural)
    translations: gettext.GNUTranslations
    path: str


def load(path: str | Path) -> Catalog:
    """Read the catalog at ``path``; CatalogError when it is not well formed."""
    path = Path(path)
    entries = parse_po(path.read_text(encoding="utf-8"), str(path))
    english: dict[str, tuple[str, str | None]] = {}
    for e in entries:
        if e.context is None:
            if e.msgid:
                raise CatalogError(f"{path}: {e.msgid!r} has no msgctxt (the key)")
            continue
        if e.context in english:
            raise CatalogError(f"{path}: the key {e.context!r} is there twice")
        english[e.context] = (e.msgid, e.plural)
    try:
        translations = gettext.GNUTranslations(io.BytesIO(to_mo(entries)))
    except (OSError, ValueError) as exc:
        raise CatalogError(f"{path}: {exc}") from None
    return Catalog(english, translations, str(path))
