"""A table scene plays the same through either implementation of the table interface: the same
match (seed and deck), seen from the same seat, driven by the same actions, draws the same
screen frame for frame whether it runs on a :class:`LocalSession` (engine in process) or an
:class:`OnlineSession` fed by a loopback that answers like the table server (views, ``legal``,
``events`` redacted for the seat). The seat is not 0, so the seat → screen mapping is in play.
"""

from __future__ import annotations

import pygame
import pytest

from game.client.local import LocalSession
from game.client.online import OnlineSession
from game.games.hand_rummy.rules import Match as RummyMatch
from game.games.hand_rummy.scene import RummyTable
from game.games.hand_rummy.scene_shots import shot_deck
from game.games.hareeja.rules import Match as HareejaMatch
from game.games.hareeja.scene import HareejaTable
from game.games.ronda.rules import Match as RondaMatch
from game.games.ronda.scene import RondaTable
from game.table import FakeClock, Seat, Table
from tests.ui.loopback import Loopback

DT = 1 / 60
NAMES = ["Huda", "Layla", "Omar", "Sami"]


def twins(make_app, scene_class, new_match, me: int, options: dict):
    """The same match twice, seen from seat ``me``: locally and through the loopback server."""
    local_match, online_match = new_match(), new_match()
    players = local_match.players
    seats = [Seat("human", "seat.you" if s == me else NAMES[s]) for s in range(players)]
    local = LocalSession(Table(local_match, seats, FakeClock(), None), me=me, game=scene_class.name)
    loop = Loopback(online_match, me)
    room = {
        "seats": [{"name": NAMES[s], "kind": "human"} for s in range(players)],
        "you": me,
        "game": scene_class.name,
        "options": options,
        "turn_seconds": None,
        "hints": True,  # as practice offers them (the Hint button is in both pictures)
    }
    online = OnlineSession(loop, room, first=loop.frame(online_match.start_events, None))
    apps = [make_app(), make_app()]
    scenes = [
        scene_class(
            apps[0],
            local,
            [e.for_seat(me) for e in local_match.start_events],
            options={"players": players, **options},
        ),
        scene_class(apps[1], online, options={"players": players, **options}),
    ]
    for app, scene in zip(apps, scenes):
        app.switch(scene)
    return apps, scenes, local_match, loop


def screen_of(app, scene, hidden: pygame.Rect | None) -> bytes:
    surface = pygame.Surface((app.layout.w, app.layout.h))
    scene.draw(surface)
    if hidden is not None:
        surface.fill((0, 0, 0), hidden)
    return pygame.image.tobytes(surface, "RGB")


def reactions_button(scenes) -> pygame.Rect | None:
    """Where the online table's own control is (reactions: people at a table, not a practice
    match) and the top-bar buttons it moved aside, with their shadows: the one intended
    difference between the two pictures."""
    reactions = scenes[1].plates.reactions
    if reactions is None or not reactions.toggle.visible:
        return None
    moved = [
        w.rect
        for w, twin in zip(scenes[0].widgets, scenes[1].widgets)
        if w.visible and twin.visible and w.rect != twin.rect
    ]
    moved += [
        twin.rect for w, twin in zip(scenes[0].widgets, scenes[1].widgets) if w.rect != twin.rect
    ]
    return reactions.toggle.rect.unionall(moved).inflate(12, 12)


def same_screens(apps, scenes) -> None:
    assert scenes[0].plates.reactions is None  # practice: no reactions
    hidden = reactions_button(scenes)
    local, online = (screen_of(a, s, hidden) for a, s in zip(apps, scenes))
    assert local == online


def frames(apps, n: int, until=None) -> None:
    """Both apps, frame for frame (they stay in step)."""
    for _ in range(n):
        if until is not None and until():
            return
        for app in apps:
            app.step(DT)


def play(apps, scenes, local_match, loop, moves: int) -> None:
    """``moves`` actions (each the first legal one of the first seat to act), applied to both
    tables at the same frame; the screens are compared once each action has been shown."""
    me = scenes[0].me
    for _ in range(moves):
        frames(apps, 3000, until=lambda: all(s.idle() and s.phase != "deal" for s in scenes))
        same_screens(apps, scenes)
        seat = local_match.to_act()[0]
        action = local_match.legal_actions(seat)[0]
        assert scenes[0].act(seat, action, human=True)
        if seat == me:
            assert scenes[1].act(seat, action, human=True)
        else:
            loop.others(seat, action)
        frames(apps, 7)
        same_screens(apps, scenes)  # mid-animation, too
    assert local_match.log == loop.match.log


def check_deal(apps, scenes) -> None:
    frames(apps, 20)
    same_screens(apps, scenes)  # cards in the air
    frames(apps, 3000, until=lambda: all(s.idle() and s.phase != "deal" for s in scenes))
    same_screens(apps, scenes)


@pytest.mark.parametrize("portrait", [False, True])
def test_hareeja_scene_is_the_same_local_and_online_from_seat_2(make_app, portrait):
    apps, scenes, match, loop = twins(
        lambda: make_app(portrait=portrait),
        HareejaTable,
        lambda: HareejaMatch.new(4, seed=5),
        2,
        {},
    )
    check_deal(apps, scenes)
    assert scenes[0].hand_order == scenes[1].hand_order
    assert sorted(scenes[0].hand_order) == sorted(match.hands[2])
    play(apps, scenes, match, loop, 10)  # four secret bids, then the first tricks
    bids = [s.bidding for s in scenes]
    assert bids[0].tricks == bids[1].tricks and scenes[0].trick_area.cards and bids[0].revealed


@pytest.mark.parametrize("players, me", [(3, 1), (4, 3)])
def test_ronda_scene_is_the_same_local_and_online(make_app, players, me):
    apps, scenes, match, loop = twins(
        make_app,
        RondaTable,
        lambda: RondaMatch.new(players, {"rules": "maghribi"}, seed=3),
        me,
        {"rules": "maghribi"},
    )
    check_deal(apps, scenes)
    play(apps, scenes, match, loop, 3 * players + 2)  # a whole batch and into the next
    assert scenes[0].deal.piles == scenes[1].deal.piles and scenes[0].totals == scenes[1].totals
    assert scenes[0].sides.mine == scenes[1].sides.mine == match.side_of(me)


def test_hand_rummy_scene_is_the_same_local_and_online_from_seat_2(make_app):
    options = {"rounds": 2}
    apps, scenes, match, loop = twins(
        make_app,
        RummyTable,
        lambda: RummyMatch.new(4, options, seed=11, deck=shot_deck()),
        2,
        options,
    )
    check_deal(apps, scenes)
    assert scenes[0].workspace.staging.hand == scenes[1].workspace.staging.hand
    assert scenes[0].workspace.staging.groups == scenes[1].workspace.staging.groups
    play(apps, scenes, match, loop, 8)  # draws and discards round the table
    assert scenes[0].piles.discard_pile == scenes[1].piles.discard_pile
    assert scenes[0].counts == scenes[1].counts == [len(h) for h in match.hands]
