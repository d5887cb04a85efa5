"""Ronda and Hand rummy online through the real client: the table server runs in-process on
127.0.0.1, the lobby creates the table with the game's options (clicks), the game's own table
scene plays it against the server (clicks on cards, buttons and piles), a second client or the
server's bots play the other seats. Every frame the native client received is checked against
the server's record: it never shows another seat's hand (TB-5, RO-16, RO-19 in docstrings).

Nothing waits on wall-clock speed: every wait is "until this holds", with a frame cap.
"""

from __future__ import annotations

import asyncio
import random

import pygame

from game.client.online import OnlineSession
from game.core.bots import run as run_thought
from game.games.hand_rummy.scene import RummyTable
from game.games.ronda.scene import RondaTable
from game.ui.seat_places import SIDE_COLORS
from helpers import private_table
from tests.leak_checks import assert_no_hand_leak, hands_by_log
from tests.ui.loopback import Loopback
from tests.ui.test_online_lobby import click, make_online_app, open_lobby, pump, start_server
from wire_client import Client


# ----- helpers -----------------------------------------------------------------------------------
def record_frames(session) -> list[dict]:
    """Every message the session's connection delivers from now on, as received."""
    frames: list[dict] = []
    poll = session.conn.poll

    def recording() -> list[dict]:
        out = poll()
        frames.extend(out)
        return out

    session.conn.poll = recording
    return frames


async def new_table(app, game: str, players: int, **options) -> LobbyScene:  # noqa: F821
    """Menu → Play online → Change → the game and its options, by clicks → Create."""
    lobby = await open_lobby(app)
    await click(app, lobby.widget("setup").rect.center)
    assert lobby.state == "setup"
    await click(app, lobby.widget(f"game:{game}").rect.center)
    await click(app, lobby.widget(f"opt.players:{players}").rect.center)
    for key, value in options.items():
        await click(app, lobby.widget(f"opt.{key}:{value}").rect.center)
    await click(app, lobby.widget("create").rect.center)
    assert await pump(app, lambda: lobby.state == "room")
    room = lobby.link.room
    assert room["game"] == game and len(room["seats"]) == players
    return lobby


def first_play(msg: dict) -> dict:
    """A Ronda client that never declares: its first card."""
    return next(a for a in msg["legal"] if a["type"] == "play")


def rummy_bot(seed: int):
    from game.games.hand_rummy import bots

    rng = random.Random(seed)
    return lambda msg: run_thought(bots.think(msg["view"], msg["legal"], "easy", rng))


def saw(client: Client, pred) -> bool:
    return any(f["t"] == "events" and any(pred(e) for e in f["events"]) for f in client.frames)


async def close_panels(app, sc) -> None:
    """Close a deal's score panel the way a player does (its Next button)."""
    if sc.score is not None and sc.buttons.next.visible:
        await click(app, sc.buttons.next.rect.center)


# ----- Ronda -------------------------------------------------------------------------------------
def test_ronda_two_players_online_declaration_and_a_clicked_card_reach_the_other_client():
    """TB-5 Ronda with 2 players: created in the lobby with its options; the guest (a second
    client) plays first; the human declares a ronda with the scene's button (RO-16: the kind is
    said aloud, RO-19) and plays a card with two clicks in the real Ronda scene; the guest sees
    both, and nothing the client received shows the guest's hand."""

    async def scenario() -> None:
        server, url = await start_server()
        guest = await Client(url).connect()
        try:
            app = make_online_app(url)
            lobby = await new_table(app, "ronda", 2, rules="quick")
            frames = record_frames(lobby.link)
            room = lobby.link.room
            assert room["options"] == {"rules": "quick"}
            await guest.hello("Layla")
            await guest.request("join", "room", code=room["code"])
            assert await pump(app, lambda: lobby.link.room["seats"][1]["kind"] == "human")
            guest_task = asyncio.create_task(guest.play(first_play, timeout=30))
            await click(app, lobby.widget("start").rect.center)
            assert await pump(app, lambda: app.scene is not lobby)
            sc = app.scene
            assert isinstance(sc, RondaTable) and sc.session.online and sc.me == 0
            assert sc.sides.target == 25 and [s.kind for s in sc.session.seats] == [
                "human",
                "remote",
            ]
            # The guest (after the dealer, RO-8) plays first; then our turn with a declaration.
            assert await pump(app, sc.awaiting_me, 6000)
            assert sc.can_declare()
            if sc.widget("declare:ronda").visible:  # offered only with a pair in hand (RO-16)
                await click(app, sc.widget("declare:ronda").rect.center)
            else:  # no pair: a false ronda asks first and is sent once confirmed (RO-18)
                sc.taps.declare("ronda")
                assert sc.aids.asking is not None
                await click(app, sc.aids.asking.button("yes").rect.center)
            assert await pump(app, lambda: sc.me in sc.callouts.seat_banners)
            assert await pump(app, lambda: sc.awaiting_me() and not sc.can_declare(), 3000)
            card = sc.hand_order[0]
            await click(app, sc.hand[card].rect().center)  # one tap plays
            assert await pump(app, lambda: card not in sc.hand)
            assert await pump(
                app,
                lambda: saw(
                    guest,
                    lambda e: (
                        e.get("type") == "declared" and e["seat"] == 0 and e["kind"] == "ronda"
                    ),
                ),
            )
            assert await pump(
                app,
                lambda: saw(
                    guest,
                    lambda e: e.get("type") == "played" and e["seat"] == 0 and e["card"] == card,
                ),
            )
            guest_task.cancel()
            record = server.store.table(room["code"])
            assert assert_no_hand_leak(frames, 0, hands_by_log("ronda", record)) >= 3
        finally:
            await guest.close()
            await server.close()

    asyncio.run(scenario())


def test_ronda_four_players_with_bots_keeps_partners_opposite_and_our_team_is_our_side():
    """TB-5 Ronda with 4 (two teams): the client sits in server seat 1 and keeps the server's
    seat and side numbers; only drawing turns the table: you at the bottom, your partner
    (seat 3) at the top, "Our team" is side 1 and is shown first and in blue. The player clicks
    his cards through a whole deal in the real scene; no frame shows another hand."""

    async def scenario() -> None:
        server, url = await start_server()
        host = await Client(url).connect()
        try:
            await host.hello("Huda")
            room = await private_table(host, "ronda", 4, options={"rules": "maghribi"})
            app = make_online_app(url)
            lobby = await open_lobby(app)
            frames = record_frames(lobby.link)
            lobby.join(room["code"])
            assert await pump(app, lambda: lobby.state == "room")
            assert lobby.link.room["you"] == 1
            host_task = asyncio.create_task(host.play(first_play, timeout=60))
            await host.send("start")
            assert await pump(app, lambda: app.scene is not lobby)
            sc = app.scene
            # Seats as the server numbers them: 0 = the host, 1 = me, 2 and 3 = bots (3 is my
            # partner); on the screen: me at the bottom, 2 right, 3 (partner) top, 0 left.
            assert sc.me == 1 and sc.session.view()["side"] == 1 and sc.sides.mine == 1
            assert [s.kind for s in sc.session.seats] == ["remote", "human", "bot", "bot"]
            assert [sc.session.side_of(s) for s in range(4)] == [0, 1, 0, 1]
            assert [sc.places.spot(s) for s in range(4)] == [3, 0, 1, 2]
            assert (
                sc.sides.teams
                and sc.sides.name(1) == "Our team"
                and sc.sides.name(0) == "Their team"
            )
            assert sc.sides.from_mine(2) == [1, 0] and sc.sides.color(1) == SIDE_COLORS[0]
            played = 0

            def deal_scored() -> bool:
                return any(
                    f["t"] == "events" and any(e["type"] == "deal_scored" for e in f["events"])
                    for f in frames
                )

            for _ in range(40):
                if deal_scored():
                    break
                assert await pump(app, lambda: sc.awaiting_me() or deal_scored(), 8000)
                if sc.awaiting_me():
                    card = sc.hand_order[0]
                    await click(app, sc.hand[card].rect().center)
                    await click(app, sc.hand[card].rect().center)
                    assert await pump(app, lambda: card not in sc.hand)  # noqa: B023
                    played += 1
            assert deal_scored() and played == 9  # 3 batches of 3 cards (RO-7)
            assert await pump(app, lambda: sc.score is not None, 8000)
            entry = sc.score["entry"]
            host_entry = next(
                e
                for f in host.frames
                if f["t"] == "events"
                for e in f["events"]
                if e["type"] == "deal_scored"
            )
            # Every per-side figure is the server's, as the host sees it (nothing rewritten).
            for key in ("cards", "card_points", "caidas", "mesas", "points", "totals"):
                assert entry[key] == host_entry[key], key
            assert sc.totals == host_entry["totals"]
            assert sc.painter.figure(3) == sc.painter.figure(1)  # partners share a score
            await close_panels(app, sc)
            host_task.cancel()
            record = server.store.table(room["code"])
            assert assert_no_hand_leak(frames, 1, hands_by_log("ronda", record)) >= 9
        finally:
            await host.close()
            await server.close()

    asyncio.run(scenario())


# ----- Hand rummy ---------------------------------------------------------------------------------
def test_hand_rummy_online_draw_by_tapping_the_stock_and_discard_through_the_scene():
    """TB-5 Hand rummy with 2 players and one round, created in the lobby: the guest (a second
    client playing like a bot) starts; the human taps the stock in the real scene to draw, picks
    a card and discards it with the Discard button; the guest sees both; the client never
    receives the guest's hand."""

    async def scenario() -> None:
        server, url = await start_server()
        guest = await Client(url).connect()
        try:
            app = make_online_app(url)
            lobby = await new_table(app, "hand_rummy", 2, rounds=1)
            frames = record_frames(lobby.link)
            room = lobby.link.room
            assert room["options"]["rounds"] == 1 and room["options"]["partnership"] is False
            await guest.hello("Omar")
            await guest.request("join", "room", code=room["code"])
            assert await pump(app, lambda: lobby.link.room["seats"][1]["kind"] == "human")
            guest_task = asyncio.create_task(guest.play(rummy_bot(5), timeout=30))
            await click(app, lobby.widget("start").rect.center)
            assert await pump(app, lambda: app.scene is not lobby)
            sc = app.scene
            assert isinstance(sc, RummyTable) and sc.session.online
            assert sc.rounds == 1 and sc.shown.variant == "majlis"
            assert await pump(app, sc.my_turn, 6000)
            assert not sc.turn.drawn() and len(sc.workspace.staging.cards()) == 14
            await click(app, sc.piles.rect(sc.geo.stock).center)
            assert await pump(app, lambda: sc.my_turn() and sc.turn.drawn())
            assert len(sc.workspace.staging.cards()) == 15
            assert saw(
                guest, lambda e: e.get("type") == "drew" and e["seat"] == 0 and "card" not in e
            )  # the drawn card stays ours
            # Stage a card and take it back (the staging area is local), then discard one.
            await click(app, sc.workspace.sprites[("h", 0)].rect().center)
            assert sc.workspace.selected == 0
            await click(app, sc.workspace.sprites[("h", 0)].rect().center)
            assert sc.workspace.selected is None
            pick = min(
                3, len(sc.workspace.staging.hand) - 1
            )  # the deal's suggestion may stage most
            await click(app, sc.workspace.sprites[("h", pick)].rect().center)
            code = sc.workspace.staging.hand[pick]
            assert sc.controls.discard.enabled
            await click(app, sc.controls.discard.rect.center)
            assert await pump(
                app,
                lambda: saw(
                    guest,
                    lambda e: e.get("type") == "discarded" and e["seat"] == 0 and e["card"] == code,
                ),
            )
            assert await pump(
                app, lambda: sc.piles.discard_pile and sc.piles.discard_pile[-1] == code
            )
            guest_task.cancel()
            record = server.store.table(room["code"])
            assert assert_no_hand_leak(frames, 0, hands_by_log("hand_rummy", record)) >= 3
        finally:
            await guest.close()
            await server.close()

    asyncio.run(scenario())


def test_rummy_partnership_online_keeps_server_seats_and_draws_from_our_seat(make_app):
    """Hand rummy with partners (HR-12), our seat is server seat 3: the session keeps the
    server's numbers (view, sides, legal actions as sent); the scene puts seat 3 at the bottom,
    seat 0 to its right, our partner (seat 1) at the top; our team is blue; the score rows start
    with ours; a round's winner and the match's winning side are read as the server sent them."""
    from game.games.hand_rummy.rules import Match

    class Quiet:
        failed = False

        def poll(self):
            return []

        def send(self, *a, **k):
            return True

        def woke(self):
            return False

    match = Match.new(4, {"partnership": True, "rounds": 1}, seed=2)
    room = {
        "seats": [{"name": "A", "kind": "human"}] * 4,
        "you": 3,
        "game": "hand_rummy",
        "options": {"partnership": True, "rounds": 1},
        "turn_seconds": None,
    }
    session = OnlineSession(
        Quiet(),
        room,
        first={
            "t": "events",
            "events": [],
            "view": match.view(3),
            "legal": match.legal_actions(3) if 3 in match.to_act() else [],
        },
    )
    assert session.me == 3 and session.view()["you"] == 3 and session.side_of(3) == 1
    assert [session.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert session.legal() == (match.legal_actions(3) if 3 in match.to_act() else [])
    app = make_app()
    sc = RummyTable(app, session, options={"players": 4})
    app.switch(sc)
    app.step(1 / 60)
    assert sc.partnership and sc.turn.drawn() == match.drawn and not sc.turn.pending()
    assert [sc.places.spot(s) for s in range(4)] == [1, 2, 3, 0]
    assert (
        sc.places.plate_rect(3) == sc.geo.plates[0] and sc.places.plate_rect(1) == sc.geo.plates[2]
    )
    assert sc.places.side_color(3) == sc.places.side_color(1) == SIDE_COLORS[0]
    assert sc.places.side_color(0) == SIDE_COLORS[1]
    assert sc.places.seating.from_me() == [3, 0, 1, 2]
    assert sc.meld_rows.row_owners() == [] and sc.others() == [0, 1, 2]


def test_lobby_setup_sends_the_games_options_and_the_turn_time(make_app):
    """TB-5, TB-6: the new-table screen offers each game with its options; Create sends them
    (Hand rummy's partnership only with four players)."""
    from game.ui.scenes.lobby import LobbyScene
    from game.ui.scenes.lobby_shots import ShownLink

    app = make_app()
    sc = LobbyScene(app, link=ShownLink(), server="ws://127.0.0.1:1")
    app.switch(sc)
    sc.open_setup()
    for key in ("game:hareeja", "game:ronda", "game:hand_rummy"):
        assert sc.widget(key).rect.h >= 44
    sc.new_table.set_game("hand_rummy")
    for key, value in (
        ("players", 3),
        ("rounds", 10),
        ("variant", "classic"),
        ("partnership", True),
    ):
        btn = sc.widget(f"opt.{key}:{value}")
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=btn.rect.center, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=btn.rect.center, button=1))
        app.step(1 / 60)
    btn = sc.widget("turn:90")
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=btn.rect.center, button=1))
    app.step(1 / 60)
    sc.create()
    kind, fields = sc.link.sent[-1]
    assert kind == "create" and fields["game"] == "hand_rummy" and fields["players"] == 3
    assert fields["options"] == {"rounds": 10, "variant": "classic", "partnership": False}
    assert fields["turn_seconds"] == 90 and sc.state == "home"
    sc.open_setup()
    sc.new_table.set_game("ronda")
    assert not any(w.key == "opt.partnership" for w in sc.widgets)
    sc.create()
    assert sc.link.sent[-1][1]["game"] == "ronda"
    assert set(sc.link.sent[-1][1]["options"]) == {"rules"}


# ----- Hand rummy melds through the remote path (a scripted deal) --------------------------------


def test_hand_rummy_remote_stage_meld_swap_and_discard_from_server_seat_2(make_app):
    """HR-13..HR-15 through the remote path: the screenshot round's deal, shifted so that you
    sit in server seat 2 (first dealer 2): after the others' scripted turns you tap the stock,
    stage the drawn 6♠ onto your spade run, Apply (the meld is built by the staging area, not
    taken from ``legal``), take the joker back with the 6♥ by tapping the meld (HR-8, from the
    server's ``legal``), and the engine behind the loopback received exactly those actions."""
    from ui_helpers import click, run_until

    from game.games.hand_rummy.rules import Match
    from game.games.hand_rummy.scene_shots import shot_deck

    match = Match.new(4, {"rounds": 2, "first_dealer": 2}, seed=11, deck=shot_deck())
    assert match.starter == 3 and "KD" in match.hands[2]
    loop = Loopback(match, 2)
    room = {
        "seats": [{"name": n, "kind": "human"} for n in "ABCD"],
        "you": 2,
        "game": "hand_rummy",
        "options": {"rounds": 2},
        "turn_seconds": None,
    }
    app = make_app()
    table = OnlineSession(loop, room, first=loop.frame(match.start_events, None))
    sc = RummyTable(app, table, options={"players": 4})
    app.switch(sc)
    assert run_until(app, lambda: sc.phase == "play" and sc.idle(), 3000)
    for seat, action in [
        (3, {"type": "meld", "groups": [["10S", "JS", "QS", "KS", "AS"], ["5H", "JK", "7H"]]}),
        (3, {"type": "discard", "card": "5C"}),
        (0, {"type": "draw", "from": "stock"}),
        (0, None),
        (1, {"type": "draw", "from": "stock"}),
        (1, None),
    ]:
        assert run_until(app, sc.idle, 600)
        loop.others(seat, action or {"type": "discard", "card": match.hands[seat][0]})
    assert run_until(app, sc.my_turn, 2000)
    assert sc.meld_rows.owners == [3, 3] and sc.places.spot(3) == 1  # seat 3: at your right
    click(app, sc.geo.stock)
    assert match.log[-1] == [2, {"type": "draw", "from": "stock"}]
    assert run_until(app, sc.my_turn, 600) and "6S" in sc.workspace.staging.hand
    app.step(1 / 60)
    click(app, sc.workspace.sprites[("h", sc.workspace.staging.hand.index("6S"))].rect().center)
    run = next(i for i, g in enumerate(sc.workspace.staging.groups) if "2S" in g)
    boxes = sc.workspace.group_geometry()[0]
    click(app, (boxes[run].right - 4, boxes[run].bottom - 4))
    assert sc.controls.apply.enabled
    click(app, sc.controls.apply.rect.center)
    assert match.log[-1][0] == 2 and match.log[-1][1]["type"] == "meld" and match.opened[2]
    assert run_until(app, sc.my_turn, 600) and sc.opened[2] and not sc.workspace.staging.groups
    app.step(1 / 60)
    click(app, sc.workspace.sprites[("h", sc.workspace.staging.hand.index("6H"))].rect().center)
    heart = next(i for i, m in enumerate(sc.meld_rows.melds) if "JK" in m)
    click(app, dict(sc.meld_rows.rects)[heart].center)
    assert match.log[-1] == [2, {"type": "swap_joker", "meld": heart, "card": "6H"}]
    assert (
        run_until(app, sc.my_turn, 600) and "JK" in sc.workspace.staging.hand and sc.turn.pending()
    )
    app.step(1 / 60)
    assert not sc.controls.discard.enabled  # the joker must be melded first (HR-8)
