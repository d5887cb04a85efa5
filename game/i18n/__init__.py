"""Arabic (default) and English strings for the client.

``t(key, **fmt)`` looks a key up in the current language and formats it. The language can be
switched at any time; the UI re-renders from keys every frame, so nothing needs rebuilding.
"""
from __future__ import annotations

import importlib

from . import ar, en

LANGUAGES = ("ar", "en")
_TABLES = {"ar": dict(ar.STRINGS), "en": dict(en.STRINGS)}
# A game's own strings live beside the common ones in game/i18n/<game>.py (AR and EN dicts),
# so each game's table can be written without touching another game's words; refusals.py holds
# the words for the engines' refusal codes.
STRING_MODULES = ("refusals", "hareeja", "ronda", "hand_rummy", "online", "stats")
for _name in STRING_MODULES:
    try:
        _module = importlib.import_module(f"{__name__}.{_name}")
    except ModuleNotFoundError:
        continue
    _TABLES["ar"].update(_module.AR)
    _TABLES["en"].update(_module.EN)
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
