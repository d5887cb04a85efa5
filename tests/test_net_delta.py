"""View deltas (game/net/delta.py): apply(old, diff(old, new)) == new for any JSON values, the
sender/tracker pair rebuilds every view of real matches, and patches are much smaller."""

import copy
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.games.hand_rummy import rules as rummy
from game.games.hareeja import rules as hareeja
from game.games.ronda import rules as ronda
from game.net import protocol
from game.net.delta import Shared, ViewSender, ViewTracker, apply, diff, diff_shared, size
from test_rummy_support import random_step

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text("abQS7", max_size=3),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(st.text("abcd", max_size=2), inner, max_size=5)
    ),
    max_leaves=25,
)


@settings(derandomize=True, max_examples=400)
@given(JSON, JSON)
def test_apply_of_diff_gives_the_new_value_and_leaves_the_old_one_alone(old, new):
    kept = copy.deepcopy(old)
    patch = diff(old, new)
    assert apply(old, patch) == new
    assert old == kept
    assert json.loads(json.dumps(patch)) == patch  # a patch travels as JSON


@settings(derandomize=True, max_examples=200)
@given(st.lists(st.integers(0, 9), max_size=8), st.lists(st.integers(0, 9), max_size=4))
def test_a_list_that_grows_at_its_end_sends_only_the_new_items(start, more):
    patch = diff(start, start + more)
    assert patch is None if not more else patch == ["+", more]


def test_equal_values_need_no_patch_and_types_that_change_are_replaced():
    assert diff({"a": [1, {"b": 2}]}, {"a": [1, {"b": 2}]}) is None
    assert diff({"a": 1}, {"a": "1"}) == ["d", {"a": ["=", "1"]}, []]
    assert diff(1, True) == ["=", True]  # bool is not int here


def views_of_a_match(module, players, options, seed, moves):
    rng = random.Random(seed)
    match = module.Match.new(players, options, seed)
    out = []
    for _ in range(moves):
        if match.phase == "over":
            break
        seat = match.to_act()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))
        out.append(match.view(0))
    return out


def test_the_sender_and_tracker_rebuild_every_view_of_real_matches_through_the_wire():
    for module, players, options in ((hareeja, 4, {}), (rummy, 3, {"rounds": 2})):
        views = views_of_a_match(module, players, options, 11, 300)
        sender, tracker = ViewSender(), ViewTracker()
        full = patched = 0
        for n, view in enumerate(views):
            msg = {
                "t": "events",
                "events": [],
                "legal": [],
                "log": n,
                "by": None,
                **sender.fields("ROOM", view),
            }
            got = tracker.absorb(protocol.decode_server(protocol.encode(msg)))
            assert got["view"] == view
            got["view"]["hand"].append("XX")  # a scene may change its copy
            full += size(view)
            patched += size(msg.get("vd", msg.get("view")))
        assert patched * 4 < full, (patched, full)  # at least 4 times less


def test_a_patch_without_a_view_before_it_is_dropped_not_applied_to_nothing():
    assert ViewTracker().absorb({"t": "events", "vd": ["=", {}]}) is None
    assert ViewTracker().absorb({"t": "pong"}) == {"t": "pong"}


def test_seats_sharing_one_moves_patches_each_rebuild_their_own_view():
    """The server diffs the seats' views of a move sharing work (diff_shared): every seat's
    tracker still rebuilds exactly that seat's view, hand and secret bid included, in every
    game that builds its views at once, and when built apart."""
    games = [
        (hareeja, 4, {}, 200),
        (ronda, 4, {}, 200),
        (ronda, 3, {"rules": "quick"}, 200),
        (rummy, 4, {"rounds": 2, "partnership": True}, 600),
        (rummy, 3, {"rounds": 2}, 600),
    ]
    for module, players, options, moves in games:
        for together in (False, True):  # views built apart, and at once (public parts shared)
            rng = random.Random(4)
            match = module.Match.new(players, options, 4)
            rebuild_every_seat(match, rng, together, moves)


def rebuild_every_seat(match, rng, together: bool, moves: int = 200) -> None:
    players = match.players
    senders = [ViewSender() for _ in range(players)]
    trackers = [ViewTracker() for _ in range(players)]
    for _ in range(moves):
        if match.phase == "over":
            break
        if isinstance(match, rummy.Match):  # melds too: rounds end, logs and history restart
            match.apply(*random_step(match, rng))
        else:
            seat = match.to_act()[0]
            match.apply(seat, rng.choice(match.legal_actions(seat)))
        shared = Shared()
        views = match.seat_views() if together else [match.view(s) for s in range(players)]
        assert len(views) == players
        for s in range(players):
            view = views[s]
            msg = {
                "t": "events",
                "events": [],
                "legal": [],
                "log": 0,
                "by": None,
                **senders[s].fields("ROOM", view, shared),
            }
            assert trackers[s].absorb(protocol.decode_server(protocol.encode(msg)))[
                "view"
            ] == match.view(s)


def test_a_shared_patch_is_reused_only_from_the_same_old_value_to_an_equal_new_one():
    common = [1, 2]
    shared = Shared()
    first, kept_first = diff_shared(
        {"pub": common, "me": [0]}, {"pub": [1, 2, 3], "me": [0]}, shared
    )
    assert first == ["d", {"pub": ["+", [3]]}, []]
    # the same old object, a different new value: its own patch
    other, _ = diff_shared({"pub": common, "me": [5]}, {"pub": [9], "me": [5]}, shared)
    assert other == ["d", {"pub": ["=", [9]]}, []]
    # an equal old value that is another object: its own patch (equal), kept as the shared one
    third, kept = diff_shared({"pub": [1, 2], "me": [7]}, {"pub": [1, 2, 3], "me": [8]}, shared)
    assert apply({"pub": [1, 2], "me": [7]}, third) == {"pub": [1, 2, 3], "me": [8]}
    assert kept["pub"] is kept_first["pub"]  # from now on the same object as the first seat's
    # another old value, an equal new one (a secret made public): never the first seat's patch
    fourth, _ = diff_shared({"pub": [7, 2], "me": [0]}, {"pub": [1, 2, 3], "me": [0]}, shared)
    assert apply({"pub": [7, 2], "me": [0]}, fourth) == {"pub": [1, 2, 3], "me": [0]}


class Counted(list):
    """A list that counts how often it is compared."""

    compared = 0

    def __eq__(self, other):
        Counted.compared += 1
        return list.__eq__(self, other)

    def __ne__(self, other):
        Counted.compared += 1
        return list.__ne__(self, other)

    __hash__ = None


def test_a_later_seat_takes_the_first_seats_outcome_for_the_very_same_objects_uncompared():
    """Where a seat's old and new values are the first seat's objects (kept public parts,
    views built at once), nothing is compared again: only the seat's own keys are."""
    played, history, grown = Counted([1, 2]), Counted([[0, 1]]), Counted([1, 2, 3])
    olds = [{"played": played, "history": history, "hand": [s, 9]} for s in range(4)]
    news = [{"played": grown, "history": history, "hand": [s]} for s in range(4)]
    shared = Shared()
    first, _ = diff_shared(olds[0], news[0], shared)
    Counted.compared = 0
    for s in range(1, 4):
        patch, kept = diff_shared(olds[s], news[s], shared)
        assert apply(olds[s], patch) == news[s]
        assert patch == ["d", {"played": first[1]["played"], "hand": ["=", [s]]}, []]
        assert kept["played"] is grown and kept["history"] is history
    assert Counted.compared == 0
    other = {"played": Counted([1, 2]), "history": history, "hand": [9]}  # equal, not the same
    patch, _ = diff_shared(other, {"played": grown, "history": history, "hand": [9]}, shared)
    assert apply(other, patch)["played"] == grown and Counted.compared > 0
