"""A chosen avatar online: ``hello`` carries it (checked: a whole number in range, anything
else refused with a clear error and nothing changed), the room's seats carry it to every
client, a player who chose none gets one from his name (the same on every client), bots none."""

import json

import pytest

from game.client.online import RemoteSeat
from game.net import protocol
from game.net.hello import default_avatar
from helpers import run_async as run
from tests.test_net_server import clients, create, server
from wire_client import Client


@pytest.mark.parametrize("avatar", [0, 7, protocol.AVATARS - 1, None])
def test_hello_accepts_an_avatar_in_range_or_none(avatar):
    msg = protocol.decode(protocol.encode({"t": "hello", "name": "Sara", "avatar": avatar}))
    assert msg["avatar"] == avatar


@pytest.mark.parametrize(
    ("avatar", "says"),
    [
        (-1, "from 0 to 15"),
        (protocol.AVATARS, "from 0 to 15"),
        (3.0, "whole number"),
        (True, "whole number"),
        ("4", "whole number"),
        ([4], "whole number"),
    ],
)
def test_hello_refuses_any_other_avatar_with_a_clear_message(avatar, says):
    with pytest.raises(protocol.ProtocolError) as refused:
        protocol.decode(protocol.encode({"t": "hello", "name": "Sara", "avatar": avatar}))
    assert '"avatar" in "hello"' in str(refused.value) and says in str(refused.value)


def test_the_default_avatar_is_the_names_and_in_range():
    assert default_avatar("Sara") == default_avatar("Sara")
    assert {default_avatar(f"p{i}") for i in range(200)} == set(range(protocol.AVATARS))


def test_a_remote_seat_takes_only_an_avatar_in_range():
    def seat(avatar):
        return RemoteSeat({"name": "Sara", "kind": "human", "avatar": avatar}, 1, False, "easy")

    assert seat(5).avatar == 5
    assert [seat(v).avatar for v in (-1, 16, "3", True, None, 2.0)] == [None] * 6
    bot = RemoteSeat({"name": "x", "kind": "bot", "avatar": 4}, 1, False, "easy")
    assert bot.avatar is None  # bots keep their own faces


def test_another_client_sees_the_chosen_avatar_and_a_bad_one_changes_nothing():
    async def body():
        async with server() as (_srv, url):
            host = await Client(url).connect()
            guest = await Client(url).connect()
            try:
                await host.request("hello", "welcome", name="Host", avatar=9)
                await guest.send_raw(json.dumps({"t": "hello", "name": "Guest", "avatar": 99}))
                bad = await guest.expect("error")
                assert bad["code"] == "protocol" and '"avatar"' in bad["message"]
                refused_first = await guest.request("list", "error")  # still not welcomed
                assert refused_first["code"] == "hello_first"
                await guest.request("hello", "welcome", name="Guest", avatar=3)
                room = await create(host, game="ronda", players=3)
                seated = await guest.request("join", "room", code=room["code"])
                assert [s["avatar"] for s in seated["seats"]] == [9, 3, None]  # one seat empty
                host_view = await host.expect("room")
                assert [s["avatar"] for s in host_view["seats"]] == [9, 3, None]
                await host.send("start")
                started = await guest.expect("room")
                while not started["started"]:
                    started = await guest.expect("room")
                faces = [(s["kind"], s["avatar"]) for s in started["seats"]]
                assert faces == [("human", 9), ("human", 3), ("bot", None)]
            finally:
                await host.close()
                await guest.close()

    run(body())


def test_a_player_who_chose_none_wears_his_names_face_on_every_client():
    async def body():
        async with server() as (_srv, url), clients(url, "Host", "Guest") as (host, guest):
            room = await create(host, game="ronda", players=2)
            seated = await guest.request("join", "room", code=room["code"])
            assert [s["avatar"] for s in seated["seats"]] == [
                default_avatar("Host"),
                default_avatar("Guest"),
            ]
            assert (await host.expect("room"))["seats"] == seated["seats"]

    run(body())


def test_a_restart_from_sqlite_keeps_every_seat_s_face(tmp_path):
    """The faces are stored with the seats: after a restart a started table's seats and an
    unstarted room's show them at once, before their players say hello again (an older
    record, with none, shows the face from the name)."""
    db = str(tmp_path / "tables.sqlite3")

    async def before():
        async with server(db=db) as (_srv, url), Client(url) as a, Client(url) as b:
            await a.request("hello", "welcome", name="Ali", avatar=7)
            await b.request("hello", "welcome", name="Badr", avatar=12)
            playing = await create(a, game="ronda", players=2, visibility="auto")
            await a.send("start")
            await a.expect("events")
            waiting = await create(b, game="ronda", players=3, visibility="auto")
            return playing["code"], waiting["code"]

    async def after(playing, waiting):
        async with server(db=db) as (srv, url), clients(url, "Eye", "Cara") as (eye, cara):
            assert srv.lobby.rooms[playing].occupants[0].avatar == 7
            seen = await eye.request("watch", "room", code=playing)
            assert seen["seats"][0]["avatar"] == 7 and not seen["seats"][0]["connected"]
            joined = await cara.request("join", "room", code=waiting)
            assert [s["avatar"] for s in joined["seats"]] == [12, default_avatar("Cara"), None]

    playing, waiting = run(before())
    run(after(playing, waiting))


def test_a_stored_face_is_checked_and_an_older_record_gets_the_names():
    from game.net.resume import stored_avatar

    assert stored_avatar(7, "Ali") == 7 and stored_avatar(0, "Ali") == 0
    for bad in (None, -1, protocol.AVATARS, True, "7", 7.0):
        assert stored_avatar(bad, "Ali") == default_avatar("Ali"), bad


def test_a_face_changed_mid_match_is_stored_with_the_seat(tmp_path):
    """A hello again with another face (the same token, mid-match): the room every seat gets
    shows it, and the seats' next write stores it (a restart keeps the new one)."""

    async def body():
        async with server(db=str(tmp_path / "t.sqlite3")) as (srv, url), Client(url) as a:
            token = (await a.request("hello", "welcome", name="Ali", avatar=7))["token"]
            room = await create(a, game="ronda", players=2)
            await a.send("start")
            await a.expect("events")
            again = await a.request("hello", "room", name="Ali", token=token, avatar=3)
            assert again["seats"][0]["avatar"] == 3
            await a.play(lambda m: m["legal"][0], max_actions=1)
            return srv.store.table(room["code"])["seats"][0]["avatar"]

    assert run(body()) == 3
