"""The Ronda table's parts on their own: the table's cards (Ronda order, balanced rows, the slot
a laid card will take), the callouts (said for a while, then gone; the deal's reveal) and the
reveal's words."""

from types import SimpleNamespace

from game.games.ronda.cards import sort_hand
from game.games.ronda.scene_callouts import Callouts, reveal_lines
from game.games.ronda.scene_cards import TableCards
from game.games.ronda.scene_geometry import RondaPlaces
from game.games.ronda.scene_sides import RondaSides
from game.ui import draw


def places(app, players: int = 2) -> RondaPlaces:
    spots = {2: [0, 2], 3: [0, 1, 3], 4: [0, 1, 2, 3]}[players]
    seating = SimpleNamespace(spot=lambda seat: spots[seat])  # (what the places read of it)
    session = SimpleNamespace(players=players, me=0, seating=seating, side_of=lambda seat: seat)
    sides = RondaSides(False, 41, 0, session.side_of, str)  # each for themselves
    return RondaPlaces(session, lambda: app.layout, sides)


def test_RO_6_table_cards_lie_in_ronda_order_in_balanced_rows(make_app):
    app = make_app()
    cards = TableCards(places(app))
    codes = ["12O", "1C", "7E", "3B", "5O", "2C", "10B", "4E", "6C"]
    cards.show(codes)
    assert cards.codes() == sort_hand(codes)
    rows: dict[float, int] = {}
    for sprite in cards.sprites.values():
        rows[sprite.pos[1]] = rows.get(sprite.pos[1], 0) + 1
    assert sorted(rows.values()) in ([9], [4, 5])  # one row, or two nearly equal ones
    laid = cards.slot_for("11C")
    after = sort_hand([*codes, "11C"])
    assert laid == places(app).table_slots(after)[after.index("11C")]


def test_table_cards_at_rest_are_still_and_a_moving_one_is_not(make_app):
    app = make_app()
    cards = TableCards(places(app))
    cards.show(["1C", "2C"])
    cards.update(1 / 60)
    assert cards.still() and not cards.moving()
    cards.sprites["1C"].move((0, 0), 0.3)
    assert not cards.still() and cards.moving()


class _Seats:
    """What the callouts read of the scene when nothing is drawn."""

    me = 0
    players = 2


def test_RO_19_callouts_are_said_for_a_while_and_the_reveal_goes_with_the_panel():
    callouts = Callouts(_Seats())
    callouts.declared(1, "ronda", 1.0)
    callouts.pop(0, 5)
    callouts.flash_words(caida=True, mesa=True)
    assert callouts.animating() and "+" in callouts.flash.text
    callouts.update(1.05, panel_open=False)
    assert not callouts.seat_banners  # said for its second, then gone
    hold = callouts.reveal([{"seat": 0, "kind": "ronda", "rank": "5", "valid": True, "scored": 1}])
    assert hold > 0 and set(callouts.reveals) == {0} and callouts.revealed[0]["rank"] == "5"
    callouts.update(0.01, panel_open=True)
    assert not callouts.reveals  # the score panel took over
    assert callouts.reveal([]) == 0.0


def test_RO_17_RO_18_reveal_lines_say_scored_beaten_or_false():
    base = {"kind": "ronda", "rank": "11", "valid": True}
    assert reveal_lines({**base, "scored": True})[2] == draw.TURN
    assert reveal_lines({**base, "scored": False})[2] == draw.INK_DIM
    _head, outcome, color = reveal_lines({**base, "valid": False, "scored": False})
    assert color == draw.RED and outcome
