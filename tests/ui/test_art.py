"""The drawn art of the table (visual identity): avatars are a set of distinct drawn
characters, seats get distinct ones deterministically, and the felt is drawn once per size."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import run_until

from game.games.hareeja.scene import HareejaTable
from game.games.ronda.scene import RondaTable
from game.ui import avatars, draw
from game.ui.plates import plate_body
from game.ui.table_making import TableMaker

DT = 1 / 60


def pixels(img: pygame.Surface) -> bytes:
    return pygame.image.tobytes(img, "RGBA")


@pytest.mark.parametrize("diameter", [44, 96])
def test_at_least_twelve_distinct_drawn_avatars(diameter):
    pygame.init()
    images = [avatars.avatar(i, diameter) for i in range(len(avatars.LOOKS))]
    assert len(images) >= 12
    assert len({pixels(img) for img in images}) == len(images)
    for img in images:
        assert img.get_size() == (diameter, diameter)
        assert img.get_at((0, 0)).a == 0  # a disc: the square's corners are clear
        assert img.get_at((diameter // 2, diameter // 2)).a == 255
        colours = {
            img.get_at((x, y))[:3] for x in range(4, diameter - 4, 3) for y in (diameter // 2,)
        }
        assert len(colours) > 4, "a drawn face, not a flat disc"


def test_the_set_covers_varied_headwear_and_skin():
    wear = {look.wear for look in avatars.LOOKS}
    assert {"ghutra", "shemagh", "hijab", "taqiyah"} <= wear and len(wear) >= 7
    assert len({look.skin for look in avatars.LOOKS}) >= 10
    assert any(look.glasses for look in avatars.LOOKS)


@pytest.mark.parametrize(
    "names",
    [
        ("seat.you", "name.1", "name.2", "name.3"),
        ("seat.you", "ronda.name.1", "ronda.name.2", "ronda.name.3"),
        ("seat.you", "name.1", "name.2", "name.3", "name.4"),
        ("Laila", "Omar", "Laila", "Omar"),  # online players may share a name
        tuple(f"player {i}" for i in range(16)),
    ],
)
def test_seats_get_distinct_avatars_the_same_every_time(names):
    looks = avatars.pick(names)
    assert len(looks) == len(names) and len(set(looks)) == len(names)
    assert all(0 <= k < len(avatars.LOOKS) for k in looks)
    avatars.pick.cache_clear()
    assert avatars.pick(names) == looks


def test_the_bots_keep_their_chosen_looks_whoever_sits_with_them():
    for you in ("seat.you", "Fatima", "x", "Salem"):
        looks = avatars.pick((you, "name.1", "name.2", "name.3"))
        assert looks[1:] == [avatars.NAMED[f"name.{i}"] for i in (1, 2, 3)]
    assert avatars.LOOKS[avatars.NAMED["name.2"]].wear == "hijab"  # Noura
    assert avatars.LOOKS[avatars.NAMED["ronda.name.2"]].wear == "hijab"  # Khadija
    assert avatars.LOOKS[avatars.NAMED["name.4"]].wear == "hijab"  # Maryam


def test_a_plate_shows_its_seats_avatar():
    pygame.init()
    args = (240, 84, False, draw.PANEL_EDGE, False, "Noura", (96, 86, 150), False, "D")
    a, b = plate_body(*args, 2), plate_body(*args, 3)
    assert pixels(a) != pixels(b)
    letter = plate_body(*args, -1)  # the initial on a disc stays as the fallback
    assert pixels(letter) not in (pixels(a), pixels(b))


@pytest.mark.parametrize("portrait", [False, True])
@pytest.mark.parametrize("table", [HareejaTable, RondaTable])
def test_the_felt_is_drawn_once_per_size_however_many_frames(make_app, table, portrait):
    app = make_app(portrait=portrait)
    draw.forget_felts()
    draw.FELT_BUILDS.clear()
    scene = TableMaker(table).new_match(app, "easy", seed=3)
    app.switch(scene)
    drawn = app.painter.draws
    run_until(app, lambda: app.painter.draws - drawn >= 120, 3000)  # deals, plays: cards in motion
    assert app.painter.draws - drawn >= 120
    w, h = app.layout.size
    # each size once: the shown one, and the turned one if a quiet frame made the other
    # orientation ahead (game/ui/turn_ahead.py)
    assert draw.FELT_BUILDS[w, h, True] == 1 and set(draw.FELT_BUILDS.values()) == {1}
    assert set(draw.FELT_BUILDS) <= {(w, h, True), (h, w, True)}


def test_the_emblem_is_a_drawn_rosette_for_any_size():
    pygame.init()
    small, big = draw.rosette(64), draw.rosette(300, draw.GOLD, 40)
    assert small.get_size() == (64, 64) and big.get_size() == (300, 300)
    assert small.get_at((0, 0)).a == 0 and small.get_at((32, 1)).a > 0  # the outer ring
    assert max(big.get_at((x, 150)).a for x in range(300)) <= 40


def test_lobby_seats_wear_the_faces_the_table_gives_them():
    """The waiting room draws each seated player's avatar, chosen by the same name the online
    table picks it by (you: "seat.you"; others: their own name), not a letter disc."""
    from game.client.online import RemoteSeat
    from game.ui.scenes.lobby_room import RoomView

    seats = [{"kind": "human", "name": "Huda"}, {"kind": "human", "name": "Karim"}, {}]
    for i, entry in enumerate(seats[:2]):
        mine = i == 1
        assert RoomView._seat_key(i, entry, mine) == RemoteSeat(entry, i, mine, "normal").name
