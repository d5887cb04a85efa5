"""View deltas: the server sends what changed in a seat's view, not the whole view each move.

Pure Python, no dependencies: the browser build uses it too. ``apply(old, diff(old, new)) ==
new`` for any JSON values (property-tested). A patch is JSON:

- ``None``: nothing changed;
- ``["=", value]``: the value is replaced;
- ``["d", {key: patch}, [removed keys]]``: an object, key by key;
- ``["+", items]``: a list that grew at its end (a history, a log) — the new items;
- ``["i", {index: patch}]``: a list of the same length, changed at some places.

Unchanged parts are found with one C-level ``==`` (a Hareeja view's patch takes ~0.01 ms);
so inside a list or object, values equal under Python's ``==`` but of other JSON types (``1``
and ``true``, ``1`` and ``1.0``) count as unchanged — views never swap such types in place.

The server keeps, per connection and table, the last view it sent (:class:`ViewSender`); the
client's connection layer keeps the last view it rebuilt (:class:`ViewTracker`) and hands
scenes the full view, so nothing above the connection knows about deltas. On the wire an
``events`` message carries either ``view`` (full: the first one on a connection, after a
reconnect, or when the patch would not be smaller) or ``vd`` (the patch).
"""

from __future__ import annotations

import copy
import json
import logging
from itertools import compress
from operator import is_not, ne, or_
from typing import Any

from game.core.types import JsonObject

log = logging.getLogger("majlis.net")
Patch = list[Any] | None  # JSON values of any shape (the view is any game's)


_MISSING = object()


def _changed(old: JsonObject, new: JsonObject) -> list[tuple[str, Any]]:
    """``new``'s items whose value is not equal to ``old``'s (or missing there): compared in
    C (``map(ne, ...)``) when both have the same keys in the same order, as views of one game
    always do."""
    if len(old) == len(new) and list(old) == list(new):
        return list(compress(new.items(), map(ne, old.values(), new.values())))
    get = old.get
    return [(key, value) for key, value in new.items() if get(key, _MISSING) != value]


def diff(old: Any, new: Any) -> Patch:
    """The patch that turns ``old`` into ``new`` (None when equal)."""
    kind = type(new)
    if type(old) is not kind:
        return ["=", new]
    if kind is dict:
        return _diff_dict(old, new)
    if kind is list:
        return _diff_list(old, new)
    return None if old == new else ["=", new]


def _diff_dict(old: JsonObject, new: JsonObject) -> Patch:
    """Key by key. The server runs this for every seat on every move, so the unchanged keys
    are skipped in one comprehension and only the few changed ones are looked at."""
    get = old.get
    changed = _changed(old, new)
    removed = [] if len(old) == len(new) else [key for key in old if key not in new]
    if not changed:
        return ["d", {}, removed] if removed else None
    changes: dict[str, Any] = {}
    for key, value in changed:
        before = get(key, _MISSING)
        kind = type(value)
        if type(before) is not kind:
            changes[key] = ["=", value]
        elif kind is list:
            changes[key] = _diff_list(before, value)
        elif kind is dict:
            changes[key] = _diff_dict(before, value)
        else:
            changes[key] = ["=", value]
    if len(old) != len(new) - sum(key not in old for key, _ in changed):
        removed = [key for key in old if key not in new]
    return ["d", changes, removed]


SMALL_LIST = 4  # a changed list this short goes whole: as short as patching its places


def _diff_list(old: list[Any], new: list[Any]) -> Patch:
    n, m = len(old), len(new)
    if m > n:  # grown at its end (a history, the cards played)?
        if n == 0 or (new[n - 1] == old[n - 1] and new[:n] == old):
            return ["+", new[n:]]
        return ["=", new]
    if m < n or n <= SMALL_LIST:
        return None if new == old else ["=", new]
    changes: dict[str, Patch] = {}
    most = n // 2  # more changed places than this: the whole list is shorter
    for i in range(n):
        a, b = old[i], new[i]
        if a == b and type(a) is type(b):
            continue
        patch = diff(a, b)
        if patch is not None:
            if len(changes) == most:
                return ["=", new]
            changes[str(i)] = patch
    return ["i", changes] if changes else None


def apply(old: Any, patch: Patch) -> Any:
    """``old`` with ``patch`` applied. ``old`` is not changed; unchanged parts are shared."""
    if patch is None:
        return old
    op = patch[0]
    if op == "=":
        return patch[1]
    if op == "d":
        out = dict(old)
        for key, sub in patch[1].items():
            out[key] = apply(old.get(key), sub)
        for key in patch[2]:
            out.pop(key, None)
        return out
    if op == "+":
        return list(old) + list(patch[1])
    if op == "i":
        out_list = list(old)
        for index, sub in patch[1].items():
            out_list[int(index)] = apply(old[int(index)], sub)
        return out_list
    raise ValueError(f"Unknown patch operation {op!r}.")


class Shared:
    """One move's work shared by the seats' patches (:func:`diff_shared`): by key, the first
    patch made from an old value to a new one; and the first seat's whole diff."""

    __slots__ = ("first", "keys")

    def __init__(self) -> None:
        self.keys: dict[str, tuple[Any, Any, Patch]] = {}  # key: (old, new, patch)
        # the first seat's (old view, new view, keys, changes, kept), when its keys kept order
        self.first: tuple[JsonObject, JsonObject, list[str], dict[str, Any], JsonObject] | None = (
            None
        )


def diff_shared(old: JsonObject, new: JsonObject, shared: Shared) -> tuple[Patch, JsonObject]:
    """:func:`diff` of two views of one seat, sharing work with the other seats' views of the
    same move, and the view to keep for the next patch.

    A changed key whose old value *is* (the same object as) the old value another seat's
    patch in ``shared`` started from, and whose new value equals that seat's, gets that
    seat's patch without a diff. So that this holds move after move, the view kept is
    ``old`` with only the changed keys replaced, by the other seat's value when equal: the
    seats' public parts become the same objects. Correct for any views: a patch is reused
    only from the identical old value to an equal new value.

    Where a seat's old *and* new values of a key are the very objects of the first seat's
    (kept public parts, and views a game builds with shared public parts), the first seat's
    outcome for that key is taken without comparing anything: found for all keys at once in
    C, so a later seat pays only for its own keys (its hand)."""
    first = shared.first
    if first is not None:
        done = _as_first(old, new, shared, first)
        if done is not None:
            return done
    get = old.get
    changed = _changed(old, new)
    kept = dict(old)
    added = sum(1 for key, _ in changed if key not in old) if len(old) != len(new) else 0
    removed = [] if len(old) == len(new) - added else [key for key in old if key not in new]
    if len(old) == len(new) and any(key not in old for key, _ in changed):
        removed = [key for key in old if key not in new]  # as many keys, some renamed
    for key in removed:
        del kept[key]
    changes: dict[str, Any] = {}
    for key, value in changed:
        _one(key, get(key, _MISSING), value, shared, changes, kept)
    if first is None and not removed and list(old) == list(new):
        shared.first = (old, new, list(new), changes, kept)
    if not changed and not removed:
        return None, kept
    return ["d", changes, removed], kept


def _one(
    key: str, before: Any, value: Any, shared: Shared, changes: dict[str, Any], kept: JsonObject
) -> None:
    """The patch of one changed key into ``changes`` and its new value into ``kept``."""
    known = shared.keys.get(key)
    if known is not None and known[1] == value and type(known[1]) is type(value):
        value = known[1]  # the other seat's object, from now on shared
        if known[0] is before:
            changes[key] = known[2]
            kept[key] = value
            return
    patch = diff(before, value) if before is not _MISSING else ["=", value]
    changes[key] = patch
    kept[key] = value
    shared.keys.setdefault(key, (before, value, patch))


def _as_first(
    old: JsonObject,
    new: JsonObject,
    shared: Shared,
    first: tuple[JsonObject, JsonObject, list[str], dict[str, Any], JsonObject],
) -> tuple[Patch, JsonObject] | None:
    """:func:`diff_shared` from the first seat's diff where most of this seat's old and new
    values are the first seat's objects; None (not done) otherwise."""
    first_old, first_new, keys, first_changes, first_kept = first
    if len(old) != len(keys) or len(new) != len(keys) or list(new) != keys or list(old) != keys:
        return None
    own = list(
        compress(
            keys,
            map(
                or_,
                map(is_not, old.values(), first_old.values()),
                map(is_not, new.values(), first_new.values()),
            ),
        )
    )
    if 2 * len(own) > len(keys):  # views built apart: the full diff is cheaper
        return None
    changes = dict(first_changes)
    kept = dict(first_kept)
    for key in own:  # this seat's own values: as in the full diff
        changes.pop(key, None)
        before, value = old[key], new[key]
        kept[key] = before
        if before != value:
            _one(key, before, value, shared, changes, kept)
    if not changes:
        return None, kept
    return ["d", changes, []], kept


class ViewSender:
    """The server side: per (connection, table), the last view sent."""

    def __init__(self) -> None:
        self.last: dict[str, Any] = {}

    def fields(self, room: str, view: JsonObject, shared: Shared | None = None) -> JsonObject:
        """``{"view": view}`` the first time for this table, then ``{"vd": patch}``.
        ``shared``: one move's patches of the other seats (:func:`diff_shared`)."""
        before = self.last.get(room)
        self.last = {room: view}  # one table at a time per connection
        if before is None:
            return {"view": view}
        if shared is None or type(before) is not dict or type(view) is not dict:
            return {"vd": diff(before, view)}
        patch, kept = diff_shared(before, view, shared)
        self.last = {room: kept}
        return {"vd": patch}


class ViewTracker:
    """The client side: turns ``vd`` back into ``view`` in ``events`` messages."""

    def __init__(self) -> None:
        self.base: Any = None

    def absorb(self, msg: JsonObject) -> JsonObject | None:
        """``msg`` with a full ``view`` (a copy: scenes may change it). None (logged) when a
        patch arrives without a view to apply it to."""
        if msg.get("t") != "events":
            return msg
        if "vd" in msg:
            if self.base is None:
                log.warning("net: a view patch came before any view; dropped")
                return None
            try:
                self.base = apply(self.base, msg.pop("vd"))
            except (KeyError, IndexError, TypeError, ValueError, AttributeError) as err:
                log.warning("net: a view patch did not apply (%s); dropped", err)
                return None
        elif isinstance(msg.get("view"), dict):
            self.base = msg["view"]
        msg["view"] = copy.deepcopy(self.base)
        return msg


def size(value: Any) -> int:
    """Characters of ``value`` as compact JSON (benchmarks, tests)."""
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False))
