"""A hint's reason in words (game/core/hints.py): its key through the catalogs, each field
worded by its name, numbers as the language writes them. Pure (no pygame): the table's banner
line shows what this returns, and the tests read it without a screen.

Field names: ``name`` a seat (its player's name), ``card`` a French card code, ``rank`` and
``suit`` a rank or suit of the game's deck (the game's own words first: ``<game>.rank.<r>``,
as Ronda names its figures, then the shared ``rank.<r>``/``suit.<s>``, else the digits), any
other an integer. ``n`` is the count that picks the key's plural form where it has one.
"""

from __future__ import annotations

from collections.abc import Callable

from game import i18n
from game.core.hints import ONLY, Field, Reason
from game.i18n import t, tn

NameOf = Callable[[int], str]


def _known(key: str) -> str | None:
    words = t(key)
    return None if words == key else words


def rank_words(rank: str, game: str) -> str:
    """A rank as the game says it (the figures by name, the others as digits)."""
    return _known(f"{game}.rank.{rank}") or _known(f"rank.{rank}") or i18n.digits(rank)


def suit_words(suit: str, game: str) -> str:
    return _known(f"{game}.suit.{suit}") or t(f"suit.{suit}")


def card_words(code: str, game: str) -> str:
    """A card in words ("the 7 of hearts"; Arabic "٧ هاص")."""
    if code == "JK":
        return t("card.joker")
    return t("card.name", rank=rank_words(code[:-1], game), suit=suit_words(code[-1], game))


def field_words(name: str, value: Field, game: str, name_of: NameOf) -> str:
    """One field of a reason in words, by its name (the module docstring)."""
    if name == "name" and isinstance(value, int):
        return name_of(value)
    if name == "card":
        return card_words(str(value), game)
    if name == "rank":
        return rank_words(str(value), game)
    if name == "suit":
        return suit_words(str(value), game)
    return i18n.digits(value)


def reason_words(reason: Reason, game: str, name_of: NameOf) -> str:
    """The reason alone in words (no "Hint:" before it)."""
    words = {k: field_words(k, v, game, name_of) for k, v in reason.fields.items() if k != "n"}
    n = reason.fields.get("n")
    if isinstance(n, int):
        return tn(reason.key, n, **words)
    return t(reason.key, **words) if words else t(reason.key)


def hint_words(reason: Reason | None, game: str, name_of: NameOf) -> str:
    """The banner line of a suggestion: "Hint: <why>", or, with one legal move, only that."""
    if reason is not None and reason.key == ONLY:
        return t(ONLY)
    why = reason_words(reason, game, name_of) if reason is not None else t("hint.generic")
    return t("hint.prefix", reason=why)
