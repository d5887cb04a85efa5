"""What a card table needs to turn mid-match and to stay still when nothing happens.

A table scene names its cards' sprites with ``own_sprites()``; by default those are the ones
in attributes of its own (``hand``, ``trick``, ``table_cards``, ``flying``…), found without the
table listing them; a scene made of parts adds the sprites its parts hold:

- :func:`sprites` is what the scene names, each once; :func:`held_sprites` walks an object's
  attributes (sprites, and sprites inside dicts, lists, tuples, deques, two levels deep);
- :func:`picture_key` is what the sprites look like on screen (rounded positions, sizes, faces,
  flips): when it has not changed since the last frame, no card moved;
- :func:`move_to_layout` carries cards from the old layout's places (the centre, a seat, a
  trick spot) to the same places in the new one, and sizes with them (a new drawing scale,
  game.ui.scale, grows or shrinks their offsets and other sizes too); a card in the air flies
  on from its new place to its new end, in the time it had left, so a turn mid-deal goes on
  dealing (the timers of the event being shown run on too: what they move is placed when they
  fire, in the layout of that moment); cards the table glides to slots every frame (hands, the
  table's rows) are then snapped there by one long ``update_sprites`` step.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from functools import partial
from typing import Any, cast

from game.ui.sprites import Sprite

SNAP = 30.0  # one update of this long puts every gliding card on its slot


Point = tuple[float, float]
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


def _anchors(layout: Any) -> list[Point]:
    """The layout's named places, in an order that is the same for every layout."""
    points = [layout.center, layout.hand_center, layout.play_button.center]
    points += list(layout.seat_anchor) + list(layout.seat_hand)
    points += [layout.trick_spot(seat) for seat in range(len(layout.trick_offsets))]
    return points


def growth(old: Any, new: Any) -> float:
    """How much larger the new layout draws than the old (its scale over the old one's: the
    cards' logical size is the same in both shapes)."""
    return new.card[1] / old.card[1] if old.card[1] else 1.0


def mapper(old: Any, new: Any) -> Callable[[Point], Point]:
    """Points on the old layout to the new one: each kept beside its nearest named place
    (the places found once for every card of a turn, and each point once: a deal's cards
    all start at the stock)."""
    a_old, a_new, k = _anchors(old), _anchors(new), growth(old, new)
    places = range(len(a_old))
    done: dict[Point, Point] = {}

    def point(p: Point) -> Point:
        if p in done:
            return done[p]
        i = min(places, key=lambda j: math.dist(p, a_old[j]))
        dx, dy = (p[0] - a_old[i][0]) * k, (p[1] - a_old[i][1]) * k
        done[p] = x_y = (min(max(a_new[i][0] + dx, 0), new.w), min(max(a_new[i][1] + dy, 0), new.h))
        return x_y

    return point


def map_point(p: Point, old: Any, new: Any) -> Point:
    """``p`` on the old layout to the new one: kept beside its nearest named place."""
    return mapper(old, new)(p)


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
    """Every card from the old layout's places to the new one's (cards in the air fly on to
    their new places: Sprite.carry), then the resting cards the table glides onto slots are
    put there (the scene's ``update_sprites`` with a long step, the flights held back from
    it)."""
    k, point = growth(old, new), mapper(old, new)
    flights = []
    for s in sprites(scene):
        s.carry(point, partial(map_size, old=old, new=new), k)
        if s.motion is not None:
            flights.append((s, s.motion, s.pos, s.size, s.face_up, s.flip_t, s.shake))
            s.motion = None
    scene.update_sprites(SNAP)
    for s, motion, pos, size, face_up, flip_t, shake in flights:
        s.motion, s.pos, s.size = motion, pos, size
        s.face_up, s.flip_t, s.shake = face_up, flip_t, shake
