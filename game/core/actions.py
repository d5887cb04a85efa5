"""Checking actions that arrive as arbitrary JSON.

Every check raises IllegalAction with a sentence a player can read; none touches match state,
so an engine that checks everything before it changes anything never half-applies an action.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeGuard

from .errors import IllegalAction
from .types import ActionInput

CodeCheck = Callable[[object], bool]


def action_type(action: Any, allowed: Iterable[str]) -> str:
    """The action's type, checked: a dict whose "type" is one of ``allowed``."""
    if not isinstance(action, dict):
        raise IllegalAction('An action must be an object such as {"type": "play", ...}.')
    kind = action.get("type")
    if not isinstance(kind, str):
        raise IllegalAction('The action has no "type".')
    allowed = tuple(allowed)
    if kind not in allowed:
        raise IllegalAction(f'Unknown action "{kind}" here; expected one of: {", ".join(allowed)}.')
    return kind


def is_int(value: object) -> TypeGuard[int]:
    """True for a JSON whole number (``True`` and ``False`` are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


def only_keys(action: ActionInput, *keys: str) -> None:
    """Refuse keys the action type does not have (a typo must not pass silently)."""
    extra = sorted(str(k) for k in action if k != "type" and k not in keys)
    if extra:
        raise IllegalAction(f'Unexpected field(s) in "{action["type"]}": {", ".join(extra)}.')


def int_field(action: ActionInput, key: str, low: int, high: int) -> int:
    """An integer field within [low, high] (booleans are not numbers here)."""
    value = action.get(key)
    if key not in action:
        raise IllegalAction(f'"{action["type"]}" needs "{key}".')
    if not is_int(value):
        raise IllegalAction(f'"{key}" must be a whole number.')
    if not low <= value <= high:
        raise IllegalAction(f'"{key}" must be between {low} and {high}.')
    return value


def str_field(action: ActionInput, key: str, choices: Iterable[str] | None = None) -> str:
    """A string field, optionally one of ``choices``."""
    if key not in action:
        raise IllegalAction(f'"{action["type"]}" needs "{key}".')
    value = action[key]
    if not isinstance(value, str):
        raise IllegalAction(f'"{key}" must be text.')
    if choices is not None:
        choices = tuple(choices)
        if value not in choices:
            raise IllegalAction(f'"{key}" must be one of: {", ".join(choices)}.')
    return value


def card_field(action: ActionInput, key: str, is_valid_code: CodeCheck) -> str:
    """A single card code field, checked against the game's deck by ``is_valid_code``."""
    code = str_field(action, key)
    if not is_valid_code(code):
        raise IllegalAction(f'"{code}" is not a card of this game.')
    return code


def card_list(value: Any, is_valid_code: CodeCheck, what: str = "group") -> list[str]:
    """A list of card codes (used for meld groups)."""
    if not isinstance(value, list) or not value:
        raise IllegalAction(f"Each {what} must be a non-empty list of cards.")
    for code in value:
        if not isinstance(code, str) or not is_valid_code(code):
            raise IllegalAction(f'"{code}" is not a card of this game.')
    return list(value)
