"""Player names as others see them: cleaned, bounded and told apart (pure Python).

A name is NFKC-normalised (full-width letters, ligatures and Arabic presentation forms become
plain letters, so look-alike spellings compare equal), stripped of every control, format
(bidi overrides and isolates, zero-width joiners and spaces, the BOM), private-use, surrogate
and unassigned character, its runs of white space made one space, and must then show
:data:`MIN_VISIBLE`..:data:`MAX_VISIBLE` characters (combining marks such as Arabic vowel signs
do not count as characters one sees, but are kept, at most :data:`MAX_MARKS` in a row).
"""

from __future__ import annotations

import unicodedata

MIN_VISIBLE = 1
MAX_VISIBLE = 24
MAX_MARKS = 2  # combining marks kept after one letter (no "Zalgo" towers)
_DROPPED = {"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"}


class BadName(ValueError):
    """A name that is empty or too long once cleaned; ``message`` says which."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def clean_name(raw: str) -> str:
    """The name to show, or :class:`BadName`."""
    text = unicodedata.normalize("NFKC", raw)
    kept: list[str] = []
    marks = 0
    for ch in text:
        category = unicodedata.category(ch)
        if ch.isspace() or category == "Zs":
            ch, category = " ", "Zs"
        elif category in _DROPPED:
            continue
        if category in ("Mn", "Me"):
            if not kept or kept[-1] == " " or marks >= MAX_MARKS:
                continue
            marks += 1
        else:
            marks = 0
        kept.append(ch)
    name = " ".join("".join(kept).split())
    shown = visible_length(name)
    if shown < MIN_VISIBLE:
        raise BadName("A name needs at least one letter or digit one can see.")
    if shown > MAX_VISIBLE:
        raise BadName(f"A name may show at most {MAX_VISIBLE} characters.")
    return name


def visible_length(name: str) -> int:
    """Characters one sees: combining marks ride on the letter before them."""
    return sum(unicodedata.category(ch) not in ("Mn", "Me") for ch in name)


def distinct_names(names: list[str]) -> list[str]:
    """The same names with repeats told apart: the second "Sara" becomes "Sara (2)" (compared
    without case), never clashing with a name already there."""
    taken = {n.casefold() for n in names}
    seen: dict[str, int] = {}
    out = []
    for name in names:
        key = name.casefold()
        seen[key] = seen.get(key, 0) + 1
        if seen[key] == 1 or not name:
            out.append(name)
            continue
        n = seen[key]
        while f"{name} ({n})".casefold() in taken:
            n += 1
        label = f"{name} ({n})"
        taken.add(label.casefold())
        out.append(label)
    return out
