"""Helpers for a game's ``seat_views()``: every seat's view built at once, the public part
shared (the server's fast path, :func:`game.net.outgoing.seat_views`). Pure Python."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar, cast

V = TypeVar("V", bound=Mapping[str, Any])
T = TypeVar("T")


def seat_copies(public: V, players: int, own: Callable[[int], Mapping[str, Any]]) -> list[V]:
    """Each seat's view: a shallow copy of ``public`` (so every shared key holds the very same
    objects in every view) with the seat's own keys, ``own(seat)``, put in their places (the
    keys keep ``public``'s order)."""
    views = []
    for seat in range(players):
        view = dict(public)
        view.update(own(seat))
        views.append(cast(V, view))
    return views


def grown_copies(kept: list[T], source: list[T], copy: Callable[[T], T]) -> list[T]:
    """Copies of ``source``'s items, for a list that only grows and whose items never change
    once added (a match's history): ``kept``, an earlier call's copies of its first items,
    extended into a new list with copies of the rest (``kept`` itself when nothing grew)."""
    if len(kept) < len(source):
        return kept + [copy(item) for item in source[len(kept) :]]
    return kept
