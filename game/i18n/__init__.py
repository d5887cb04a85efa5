"""Arabic (default) and English strings for the client, from gettext catalogs.

``t(key, **fmt)`` looks a key up in the current language and formats it; ``tn(key, n, **fmt)``
picks the form for the count ``n`` (Arabic has six: zero, one, two, few, many, other) and
formats it with ``n`` written as the language writes numbers. The language can be switched at
any time; the UI re-renders from keys every frame, so nothing needs rebuilding.

The words are in ``.po`` catalogs (see :mod:`game.i18n.catalog`): ``game/i18n/ar.po`` for every
screen, and each game's own beside its spec (``game/games/<name>/ar.po``, its ``strings``), so
adding a game touches nothing here. English is the catalogs' source text (msgid), Arabic their
translation (msgstr); a string not translated yet shows in English.
"""

from __future__ import annotations

from pathlib import Path

from .catalog import Catalog, load

LANGUAGES = ("ar", "en")
COMMON = Path(__file__).with_name("ar.po")
_TABLES: dict[str, dict[str, str]] = {"ar": {}, "en": {}}
_PLURALS: dict[str, tuple[Catalog, str, str]] = {}  # key -> (catalog, msgid, msgid_plural)


def catalogs() -> list[Catalog]:
    """Every catalog: the shared one, then each game's (a game's key may not repeat another)."""
    from game.core import registry

    found = [load(COMMON)]
    for spec in registry.specs():
        path = registry.strings_path(spec.name)
        if path is not None:
            found.append(load(path))
    return found


def load_strings() -> None:
    """Build the lookup tables from the catalogs."""
    _TABLES["ar"], _TABLES["en"] = {}, {}
    _PLURALS.clear()
    for catalog in catalogs():
        for key, (msgid, plural) in catalog.english.items():
            _TABLES["en"][key] = msgid
            _TABLES["ar"][key] = catalog.translations.pgettext(key, msgid)
            if plural is not None:
                _PLURALS[key] = (catalog, msgid, plural)


load_strings()
_current = "ar"


def set_language(lang: str) -> None:
    """Switch the language ("ar" or "en"); anything else is ignored."""
    global _current
    if lang in _TABLES:
        _current = lang


def language() -> str:
    return _current


def is_rtl() -> bool:
    return _current == "ar"


def t(key: str, **fmt: object) -> str:
    """The string for ``key`` in the current language (English, then the key, as fallbacks)."""
    text = _TABLES[_current].get(key)
    if text is None:
        text = _TABLES["en"].get(key, key)
    return text.format(**fmt) if fmt else text


def tn(key: str, n: int, **fmt: object) -> str:
    """The form of ``key`` for the count ``n`` (the catalog's plural forms: six in Arabic, one
    and other in English), formatted with ``n`` as the language writes it."""
    entry = _PLURALS.get(key)
    if entry is None:
        return t(key, n=digits(n), **fmt)
    catalog, one, many = entry
    if _current == "ar":
        text = catalog.translations.npgettext(key, one, many, n)
    else:
        text = one if n == 1 else many
    return text.format(n=digits(n), **fmt)


def refusal(error: object) -> str:
    """What to tell the player about a refused action (an IllegalAction or a client's
    Refusal), in their language: the words for its code, else the engine's own (English)
    message."""
    key = f"refusal.{getattr(error, 'code', 'illegal')}"
    if key in _TABLES[_current]:
        return _TABLES[_current][key]
    return getattr(error, "message", str(error))


def digits(value: object) -> str:
    """Numbers as the current language writes them (Arabic-Indic digits in Arabic)."""
    s = str(value)
    if _current == "ar":
        s = s.translate(_AR_DIGITS).replace("-", "\u2212")
    return s


_AR_DIGITS = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
