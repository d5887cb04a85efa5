"""Arabic (default) and English strings for the client.

``t(key, **fmt)`` looks a key up in the current language and formats it. The language can be
switched at any time; the UI re-renders from keys every frame, so nothing needs rebuilding.
"""
from __future__ import annotations

import importlib

from . import ar, en

LANGUAGES = ("ar", "en")
_TABLES = {"ar": dict(ar.STRINGS), "en": dict(en.STRINGS)}
# The words of the whole client are here (refusals.py: the engines' refusal codes; online.py:
# the lobby; stats.py: the statistics screen); a game's own words live beside its spec
# (game/games/<name>/strings.py, named by its GameSpec), so adding a game touches nothing here.
COMMON_BEFORE = ("refusals",)
COMMON_AFTER = ("online", "stats")


def _merge(tables: tuple[dict[str, str], dict[str, str]]) -> None:
    _TABLES["ar"].update(tables[0])
    _TABLES["en"].update(tables[1])


def _common(name: str) -> tuple[dict[str, str], dict[str, str]]:
    module = importlib.import_module(f"{__name__}.{name}")
    return module.AR, module.EN


def load_strings() -> None:
    """Build the tables: the common words, then each game's, then the lobby's and stats'."""
    _TABLES["ar"], _TABLES["en"] = dict(ar.STRINGS), dict(en.STRINGS)
    for name in COMMON_BEFORE:
        _merge(_common(name))
    from game.games import registry
    for spec in registry.specs():
        _merge(spec.string_tables())
    for name in COMMON_AFTER:
        _merge(_common(name))


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


def refusal(error: Exception) -> str:
    """What to tell the player about a refused action (an IllegalAction), in their language:
    the words for its code, else the engine's own (English) message."""
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
