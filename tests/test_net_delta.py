"""View deltas (game/net/delta.py): apply(old, diff(old, new)) == new for any JSON values, the
sender/tracker pair rebuilds every view of real matches, and patches are much smaller."""

import copy
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.games.hand_rummy import rules as rummy
from game.games.hareeja import rules as hareeja
from game.net import protocol as P
from game.net.delta import ViewSender, ViewTracker, apply, diff, size

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
            got = tracker.absorb(P.decode_server(P.encode(msg)))
            assert got["view"] == view
            got["view"]["hand"].append("XX")  # a scene may change its copy
            full += size(view)
            patched += size(msg.get("vd", msg.get("view")))
        assert patched * 4 < full, (patched, full)  # at least 4 times less


def test_a_patch_without_a_view_before_it_is_dropped_not_applied_to_nothing():
    assert ViewTracker().absorb({"t": "events", "vd": ["=", {}]}) is None
    assert ViewTracker().absorb({"t": "pong"}) == {"t": "pong"}
