"""What a card table needs to turn mid-match and to stay still when nothing happens.

A table scene names its cards' sprites with ``own_sprites()``; by default those are the ones
in attributes of its own (``hand``, ``trick``, ``table_cards``, ``flying``…), found without the
table listing them; a scene made of parts adds the sprites its parts hold:

- :func:`sprites` is what the scene names, each once; :func:`held_sprites` walks an object's
  attributes (sprites, and sprites inside dicts, lists, tuples, deques, two levels deep);
- :func:`picture_key` is what the sprites look like on screen (rounded positions, sizes, faces,
  flips): when it has not changed since the last frame, no card moved;
- :func:`finish` lands the animation being shown *now*: its timers run and its flights arrive,
  in their own order, on a virtual clock (a rotation does not wait for them, and a card flying
  to a place of the old layout is not left there);
- :func:`move_to_layout` carries resting cards from the old layout's places (the centre, a
  seat, a trick spot) to the same places in the new one, and sizes with them (a new drawing
  scale, game.ui.scale, grows or shrinks their offsets and other sizes too); cards the table
  glides to slots every frame (hands, the table's rows) are then snapped there by one long
  ``update_sprites`` step.
"""

from __future__ import annotations

import math
from collections import deque
from typing import Any, cast

from game.ui.sprites import Sprite

STEP = 1 / 30  # the virtual clock's step while finishing an animation
LIMIT = 30.0  # seconds of virtual time at most (a runaway timer chain stops here)
SNAP = 30.0  # one update of this long puts every gliding card on its slot


_PLAIN = (str, int, float, bool, type(None))
_WALKED = {Sprite, dict, list, tuple, deque}  # what may be or hold a sprite (exact types)


def sprites(scene: Any) -> list[Any]:
    """Every sprite the scene names (its ``own_sprites()``), each once."""
    out: list[Any] = []
    seen: set[int] = set()
    for s in scene.own_sprites():
        if id(s) not in seen:
            seen.add(id(s))
            out.append(s)
    return out


def held_sprites(owner: Any) -> list[Any]:
    """Every sprite among ``owner``'s attributes, each once (a table's ``own_sprites()`` by
    default). A container whose first item is a plain value (a list of card codes, of totals)
    is taken to hold no sprite, and a private attribute (``_name``: a cache of places, keys or
    pictures) is not looked into: this runs every frame."""
    out: list[Any] = []
    seen: set[int] = set()
    todo = [(v, 2) for name, v in vars(owner).items() if name[:1] != "_" and type(v) in _WALKED]
    while todo:
        x, depth = todo.pop()
        kind = type(x)
        if kind is Sprite:
            if id(x) not in seen:
                seen.add(id(x))
                out.append(x)
            continue
        if not depth:
            continue
        items: Any = list(x.values()) if kind is dict else x
        if not items or (kind is not tuple and isinstance(items[0], _PLAIN)):
            continue
        depth -= 1
        todo.extend([(v, depth) for v in items if type(v) in _WALKED])
    return out


def picture_key(scene: Any) -> tuple[tuple[Any, ...], ...]:
    """The sprites as drawn: equal keys on two frames mean no card changed on screen."""
    out = []
    for s in sprites(scene):
        out.append(
            (
                id(s),
                round(s.pos[0]),
                round(s.pos[1]),
                tuple(s.size),
                s.face_up,
                s.code,
                s.visible,
                s.flip_t,
                s.shake,
            )
        )
    return tuple(out)


def in_motion(scene: Any) -> bool:
    return any(s.motion is not None or s.flip_t is not None for s in sprites(scene))


def finish(scene: Any) -> None:
    """Run the scene's pending timers and flights to their end on a virtual clock."""
    spent = 0.0
    while spent < LIMIT and (scene.events.timers or in_motion(scene)):
        scene.events.run_timers(STEP)
        scene.update_sprites(STEP)
        spent += STEP
    for s in sprites(scene):
        s.shake = 0.0
    scene.events.spend(spent)


def _anchors(layout: Any) -> list[tuple[float, float]]:
    """The layout's named places, in an order that is the same for every layout."""
    points = [layout.center, layout.hand_center, layout.play_button.center]
    points += list(layout.seat_anchor) + list(layout.seat_hand)
    points += [layout.trick_spot(seat) for seat in range(len(layout.trick_offsets))]
    return points


def growth(old: Any, new: Any) -> float:
    """How much larger the new layout draws than the old (its scale over the old one's: the
    cards' logical size is the same in both shapes)."""
    return new.card[1] / old.card[1] if old.card[1] else 1.0


def map_point(p: tuple[float, float], old: Any, new: Any) -> tuple[float, float]:
    """``p`` on the old layout to the new one: kept beside its nearest named place."""
    a_old, a_new = _anchors(old), _anchors(new)
    i = min(range(len(a_old)), key=lambda k: math.dist(p, a_old[k]))
    k = growth(old, new)
    dx, dy = (p[0] - a_old[i][0]) * k, (p[1] - a_old[i][1]) * k
    x = min(max(a_new[i][0] + dx, 0), new.w)
    y = min(max(a_new[i][1] + dy, 0), new.h)
    return x, y


def map_size(size: tuple[int, int], old: Any, new: Any) -> tuple[int, int]:
    """A card's size in the new layout: the same named size (hand, trick, small), else the
    size grown or shrunk with the drawing scale."""
    for name in ("card", "trick_card", "small"):
        if tuple(size) == tuple(getattr(old, name)):
            return cast(tuple[int, int], tuple(getattr(new, name)))
    k = growth(old, new)
    if k == 1:
        return cast(tuple[int, int], tuple(size))
    return round(size[0] * k), round(size[1] * k)


def move_to_layout(scene: Any, old: Any, new: Any) -> None:
    """Resting cards from the old layout's places to the new one's, then gliding cards onto
    their slots (the scene's ``update_sprites`` with a long step)."""
    for s in sprites(scene):
        s.pos = map_point(s.pos, old, new)
        s.size = map_size(s.size, old, new)
    scene.update_sprites(SNAP)
