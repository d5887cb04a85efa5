"""Ronda rules RO-1 ... RO-22 and TB-7, each proven through the engine protocol.

Positions are set up with explicit decks dealt by the game itself (docs/DESIGN.md "Explicit deals");
rules that need a whole deal played (last card, sweep, match end) are found by real play of
seeded, shuffled explicit decks.
"""

import random

import pytest

from game.core.cards import spanish_deck
from game.core.errors import IllegalAction
from game.games.ronda.rules import Match, capture_run, first_table_ok
from helpers import ronda_deck

DEAL = spanish_deck()


# ----- helpers --------------------------------------------------------------------------------
def new(players, batches, table, dealer=0, rules="maghribi", seed=7):
    match = Match.new(
        players,
        {"rules": rules, "first_dealer": dealer},
        seed=seed,
        deck=ronda_deck(players, batches, table, dealer),
    )
    assert match.view(None)["table"] == list(table)  # no RO-5 redeal disturbed the set-up
    return match


def play(match, seat, card):
    return [e.for_seat(None) for e in match.apply(seat, {"type": "play", "card": card})]


def declare(match, seat, kind):
    return [e.for_seat(None) for e in match.apply(seat, {"type": "declare", "kind": kind})]


def of_type(events, kind):
    return [e for e in events if e["type"] == kind]


def finish_deal(match):
    """Let the table's safe move (TB-7) play until the current deal is scored."""
    deal = match.view(None)["deal"]
    events = []
    while match.phase != "over" and match.view(None)["deal"] == deal:
        events += [e.for_seat(None) for e in match.apply(match.to_act()[0], {"type": "timeout"})]
    return events


def shuffled(seed):
    deck = list(DEAL)
    random.Random(seed).shuffle(deck)
    return deck


def random_policy(rng):
    """Random legal play; declares only what the hand holds, half of the time."""

    def choose(match, seat):
        legal = match.legal_actions(seat)
        hand = match.view(seat)["hand"]
        ranks = [c[:-1] for c in hand]
        most = max((ranks.count(r) for r in ranks), default=0)
        if any(a["type"] == "declare" for a in legal) and most >= 2 and rng.random() < 0.5:
            return {"type": "declare", "kind": "tringa" if most == 3 else "ronda"}
        return rng.choice([a for a in legal if a["type"] == "play"])

    return choose


def real_play(players, seed, rules="maghribi", deals=None):
    """Play one seeded match with an explicit shuffled deck; yield (seat, action, events,
    view_before) for every action."""
    match = Match.new(players, {"rules": rules}, seed=seed, deck=shuffled(seed))
    choose = random_policy(random.Random(seed))
    while match.phase != "over":
        if deals is not None and match.view(None)["deal"] > deals:
            return
        seat = match.to_act()[0]
        before = match.view(None)
        action = choose(match, seat)
        events = [e.for_seat(None) for e in match.apply(seat, action)]
        yield match, seat, action, events, before


# ----- RO-1, RO-2, RO-3: rule sets, deck, players --------------------------------------------
def test_RO_1_rule_sets_maghribi_default_41_quick_25():
    assert Match.new(2, seed=1).view(0)["target"] == 41
    assert Match.new(2, seed=1).view(0)["rules"] == "maghribi"
    assert Match.new(2, {"rules": "quick"}, seed=1).view(0)["target"] == 25


@pytest.mark.parametrize(
    "options",
    [
        {"rules": "fast"},
        {"rules": 41},
        {"first_dealer": 2},
        {"first_dealer": True},
        {"first_dealer": "0"},
        {"target": 30},
    ],
)
def test_RO_1_unknown_option_values_are_refused(options):
    with pytest.raises(IllegalAction):
        Match.new(2, options, seed=1)


def test_RO_2_spanish_forty_card_deck_and_foreign_cards_refused():
    match = Match.new(2, seed=3)
    view = match.view(None)
    assert view["deck_count"] + len(view["table"]) + sum(view["hand_counts"]) == 40
    with pytest.raises(IllegalAction):
        Match.new(2, seed=1, deck=DEAL[:-1] + ["8O"])
    seat = match.to_act()[0]
    for card in ("8O", "9C", "AS", "13O"):
        with pytest.raises(IllegalAction):
            match.apply(seat, {"type": "play", "card": card})


@pytest.mark.parametrize("players,sides", [(2, 2), (3, 3), (4, 2)])
def test_RO_3_players_and_sides(players, sides):
    match = Match.new(players, seed=5)
    assert len(match.totals) == sides
    assert match.view(0)["teams"] == (players == 4)
    if players == 4:
        assert [match.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    else:
        assert [match.side_of(s) for s in range(players)] == list(range(players))
    with pytest.raises(IllegalAction):
        Match.new(5, seed=1)
    with pytest.raises(IllegalAction):
        Match.new(1, seed=1)


# ----- RO-4, RO-5, RO-7, RO-8: dealing ----------------------------------------------------------
@pytest.mark.parametrize("players,dealer", [(2, 0), (3, 0), (3, 2), (4, 1)])
def test_RO_4_deal_blocks_of_three_from_next_player_then_four_to_table(players, dealer):
    deck = ronda_deck(players, [], ["1O", "3O", "5O", "10O"], dealer)
    match = Match.new(players, {"first_dealer": dealer}, seed=1, deck=deck)
    for i in range(players):
        seat = (dealer + 1 + i) % players
        assert sorted(match.view(seat)["hand"]) == sorted(deck[3 * i : 3 * i + 3])
    assert match.view(None)["table"] == deck[3 * players : 3 * players + 4]
    assert match.view(None)["dealer"] == dealer
    assert match.to_act() == [(dealer + 1) % players]  # RO-8
    deal = match.start_events[0].for_seat(None)
    assert deal["type"] == "deal" and deal["table"] == deck[3 * players : 3 * players + 4]
    assert "hand" not in deal


@pytest.mark.parametrize(
    "table",
    [
        ["1O", "1C", "5O", "10O"],  # two of one rank
        ["7O", "10C", "11E", "12B"],  # 7 sota caballo rey
        ["3O", "4C", "5E", "6B"],
    ],
)
def test_RO_5_invalid_first_table_is_redealt_from_the_stock(table):
    deck = ronda_deck(2, [], table)
    first = Match.new(2, seed=11, deck=deck)
    again = Match.new(2, seed=11, deck=deck)
    view = first.view(None)
    assert view["table"] != table and first_table_ok(view["table"])
    assert view["table"] == again.view(None)["table"]  # seeded, deterministic
    assert view["deck_count"] == 40 - 6 - 4
    assert first.start_events[0].data["redeals"] >= 1
    dealt = set(first.view(0)["hand"] + first.view(1)["hand"])
    assert dealt == set(deck[:6])  # the hands are untouched


def test_RO_5_a_rejected_table_goes_under_the_stock_and_the_next_four_are_laid():
    """RO-5 as revised: four *other* cards, the rejected ones at the bottom in their order."""
    pair, run = ["5O", "5C", "1E", "12B"], ["7E", "10B", "11C", "12O"]  # 7 sota caballo rey
    deck = ronda_deck(2, [], pair)
    deck = deck[:10] + run + [c for c in deck[10:] if c not in run]  # then four in a row
    match = Match.new(2, seed=3, deck=deck)
    table = match.view(None)["table"]
    assert table == deck[14:18] and first_table_ok(table)
    assert match.start_events[0].data["redeals"] == 2
    assert match.stock[-8:] == pair + run  # under the stock, in order
    assert match.view(None)["deck_count"] == 40 - 6 - 4
    for _ in range(2 * 3 * 5):  # five batches played
        match.apply(match.to_act()[0], {"type": "timeout"})
    assert match.view(None)["batch"] == 6  # they come out last
    assert set(match.hands[1]) == {"1E", "12B", "7E"}
    assert set(match.hands[0]) == {"10B", "11C", "12O"}


def test_RO_5_when_every_undealt_card_was_rejected_the_stock_is_shuffled_seeded():
    """Four players: 28 undealt cards, seven tables of four; here all seven hold a pair."""
    low = [c for c in DEAL if c[:-1] in ("1", "2", "3")]  # the 12 dealt cards
    rest = sorted((c for c in DEAL if c not in low), key=lambda c: DEAL.index(c) % 10)  # by rank
    first, again = (Match.new(4, seed=5, deck=low + rest) for _ in range(2))
    table = first.view(None)["table"]
    assert first.start_events[0].data["redeals"] >= 7 and first_table_ok(table)
    assert table == again.view(None)["table"]
    assert sorted(first.stock + table + [c for h in first.hands for c in h]) == sorted(DEAL)


def test_RO_5_valid_first_tables_stay():
    for table in (["1O", "2O", "3O", "5O"], ["7O", "10C", "11E", "1B"], ["2O", "4C", "6E", "11B"]):
        match = new(2, [], table)
        assert match.start_events[0].data["redeals"] == 0


@pytest.mark.parametrize("players,batches", [(2, 6), (3, 4), (4, 3)])
def test_RO_7_batches_and_last_batch_notice(players, batches):
    match = Match.new(players, seed=21, deck=shuffled(21))
    seen, last_notice = [], []
    events = [e.for_seat(None) for e in match.start_events]
    while True:
        for e in events:
            if e["type"] == "deal":
                seen.append(e["batch"])
                assert e["batches"] == batches
                assert ("table" in e) == (e["batch"] == 1)  # nothing more to the table
                assert e["counts"] == [3] * players
            if e["type"] == "last_batch":
                last_notice.append(seen[-1])
        if any(e["type"] == "deal_scored" for e in events):
            break
        events = [e.for_seat(None) for e in match.apply(match.to_act()[0], {"type": "timeout"})]
    assert seen[:batches] == list(range(1, batches + 1))
    assert last_notice[0] == batches


@pytest.mark.parametrize("players", [2, 3, 4])
def test_RO_8_turn_order_and_dealer_moves_on(players):
    match = Match.new(players, {"first_dealer": 1}, seed=4, deck=shuffled(4))
    order = []
    while match.view(None)["deal"] == 1 and len(order) < 3 * players:
        seat = match.to_act()[0]
        order.append(seat)
        match.apply(seat, {"type": "timeout"})
    assert order == [(2 + i) % players for i in range(3 * players)]
    finish_deal(match)
    if match.phase != "over":
        assert match.view(None)["dealer"] == 2 % players
        assert match.to_act() == [(3) % players]


# ----- RO-6, RO-9, RO-10, RO-11: capturing ---------------------------------------------------
def test_RO_9_worked_example_six_takes_six_seven_sota_not_rey():
    match = new(2, [{1: ["6C", "1C", "2C"]}], ["6O", "7O", "10O", "12O"])
    events = play(match, 1, "6C")
    captured = of_type(events, "captured")[0]
    assert captured["run"] == ["6O", "7O", "10O"]
    assert match.view(None)["table"] == ["12O"]
    assert match.view(None)["piles"] == [0, 4]


def test_RO_6_order_sota_follows_seven_and_rey_does_not_wrap():
    assert capture_run(["7O", "10O", "11O"], "7C") == ["7O", "10O", "11O"]
    assert capture_run(["12O", "1O", "2O"], "12C") == ["12O"]
    match = new(2, [{1: ["12C", "4C", "5C"]}], ["12O", "1O", "2O", "6O"])
    play(match, 1, "12C")
    assert match.view(None)["table"] == ["1O", "2O", "6O"]


def test_RO_10_no_matching_rank_lays_even_if_next_rank_is_there():
    match = new(2, [{1: ["5C", "1C", "2C"]}], ["6O", "7O", "10O", "12O"])
    events = play(match, 1, "5C")
    assert of_type(events, "laid") == [{"type": "laid", "seat": 1, "card": "5C"}]
    assert match.view(None)["table"] == ["6O", "7O", "10O", "12O", "5C"]
    assert match.view(None)["piles"] == [0, 0]


def test_RO_11_piles_are_face_down_counts_only():
    match = new(2, [{1: ["6C", "1C", "2C"]}], ["6O", "7O", "10O", "12O"])
    play(match, 1, "6C")
    for seat in (0, 1, None):
        view = match.view(seat)
        assert view["piles"] == [0, 4]
        text = repr(view)
        for card in ("'6C'", "'6O'", "'7O'", "'10O'"):
            assert card not in text


# ----- RO-12 ... RO-15: caida and mesa ------------------------------------------------------------
def test_RO_12_caida_scores_at_once_and_RO_13_not_on_a_new_batch():
    match = new(
        2,
        [{1: ["6O", "11O", "2C"], 0: ["6C", "11C", "7C"]}, {1: ["7E", "1C", "4C"]}],
        ["1O", "3O", "5O", "10O"],
    )
    play(match, 1, "6O")
    events = play(match, 0, "6C")
    cap = of_type(events, "captured")[0]
    assert cap["caida"] and cap["points"] == 1 and not cap["mesa"]
    assert match.totals == [1, 0] and match.view(0)["deal_points"] == [1, 0]
    play(match, 1, "11O")
    assert of_type(play(match, 0, "11C"), "captured")[0]["caida"]
    play(match, 1, "2C")
    play(match, 0, "7C")  # the dealer's last card is laid
    assert match.view(None)["batch"] == 2
    cap = of_type(play(match, 1, "7E"), "captured")[0]
    assert cap["run"] == ["7C", "10O"]  # RO-6: sota follows the 7
    assert not cap["caida"] and cap["points"] == 0  # RO-13
    assert match.totals == [2, 0]


def test_RO_12_no_caida_for_a_card_taken_in_the_run():
    match = new(2, [{1: ["5C", "1C", "2C"], 0: ["4C", "6C", "3C"]}], ["1O", "4O", "7O", "11O"])
    play(match, 1, "5C")
    cap = of_type(play(match, 0, "4C"), "captured")[0]
    assert cap["run"] == ["4O", "5C"] and not cap["caida"] and cap["points"] == 0


def test_RO_12_caida_only_for_the_previous_players_card():
    match = new(
        3,
        [{1: ["5C", "1C", "2C"], 2: ["6C", "3C", "11C"], 0: ["5E", "6E", "12C"]}],
        ["1O", "4O", "7O", "10O"],
    )
    play(match, 1, "5C")
    play(match, 2, "11C")  # seat 2 lays in between
    cap = of_type(play(match, 0, "5E"), "captured")[0]
    assert cap["run"] == ["5C"] and not cap["caida"]


def test_RO_14_mesa_and_caida_plus_mesa_and_RO_15_after_a_mesa():
    match = new(2, [{1: ["1C", "7C", "12C"], 0: ["5C", "7E", "2C"]}], ["1O", "2O", "3O", "5O"])
    cap = of_type(play(match, 1, "1C"), "captured")[0]
    assert cap["run"] == ["1O", "2O", "3O"] and not cap["mesa"]
    cap = of_type(play(match, 0, "5C"), "captured")[0]
    assert cap["mesa"] and not cap["caida"] and cap["points"] == 1
    laid = of_type(play(match, 1, "7C"), "laid")  # RO-15: nothing to match
    assert laid and match.view(None)["table"] == ["7C"]
    cap = of_type(play(match, 0, "7E"), "captured")[0]
    assert cap["caida"] and cap["mesa"] and cap["points"] == 2
    assert match.totals == [3, 0]


def _last_plays(players, want_caida):
    for seed in range(3000):
        for _match, seat, _action, events, before in real_play(players, seed, deals=1):
            scored = of_type(events, "deal_scored")
            if not scored:
                continue
            cap = of_type(events, "captured")
            if (
                cap
                and before["deck_count"] == 0
                and len(before["table"]) == len(cap[0]["run"])
                and cap[0]["caida"] == want_caida
            ):
                return seat, before, events
            break
    raise AssertionError("no such deal found")


@pytest.mark.parametrize("players,want_caida", [(2, False), (2, True), (3, False), (4, False)])
def test_RO_14_dealers_last_card_earns_no_mesa_but_keeps_caida(players, want_caida):
    seat, before, events = _last_plays(players, want_caida)
    assert seat == before["dealer"] and before["last_batch"]
    cap = of_type(events, "captured")[0]
    assert not cap["mesa"] and cap["points"] == int(want_caida)
    assert of_type(events, "sweep")[0]["cards"] == []


# ----- RO-16 ... RO-19: declarations --------------------------------------------------------------
def test_RO_16_declare_on_first_turn_then_play_same_turn():
    match = new(2, [{1: ["5O", "5C", "1C"]}], ["2O", "4O", "7O", "11O"])
    legal = match.legal_actions(1)
    assert {"type": "declare", "kind": "ronda"} in legal
    assert {"type": "declare", "kind": "tringa"} in legal  # offered even if absent
    assert match.continues_turn(1, {"type": "declare", "kind": "ronda"})
    events = declare(match, 1, "ronda")
    assert events == [{"type": "declared", "seat": 1, "kind": "ronda"}]
    assert match.to_act() == [1]
    assert all(a["type"] == "play" for a in match.legal_actions(1))
    with pytest.raises(IllegalAction):
        declare(match, 1, "tringa")  # one per batch
    play(match, 1, "1C")
    assert any(a["type"] == "declare" for a in match.legal_actions(0))
    play(match, 0, match.view(0)["hand"][0])  # seat 0 lets his first card go by
    for card in (1, 2):  # his 2nd and 3rd cards: too late
        play(match, 1, match.view(1)["hand"][0])
        assert match.to_act() == [0] and not match.view(0)["declared_this_batch"][0]
        assert not any(a["type"] == "declare" for a in match.legal_actions(0))
        assert not match.view(0)["can_declare"]
        before = match.view(0)
        with pytest.raises(IllegalAction) as refused:
            declare(match, 0, "ronda")
        assert refused.value.code == "declare_first_card", card
        assert match.view(0) == before
        play(match, 0, match.view(0)["hand"][0])
    assert match.view(None)["batch"] == 2  # a new batch: a first card again
    assert {"type": "declare", "kind": "ronda"} in match.legal_actions(match.to_act()[0])


def _deal_score(match):
    events = finish_deal(match)
    return of_type(events, "declarations_revealed")[0]["declarations"], of_type(
        events, "deal_scored"
    )[0]


def test_RO_16_tringa_declared_as_ronda_counts_ronda_and_undeclared_counts_nothing():
    match = new(2, [{1: ["5O", "5C", "5E"], 0: ["7O", "7C", "1C"]}], ["2O", "4O", "10O", "11O"])
    declare(match, 1, "ronda")
    play(match, 1, "5O")
    revealed, scored = _deal_score(match)
    assert revealed == [
        {
            "batch": 1,
            "seat": 1,
            "kind": "ronda",
            "rank": "5",
            "valid": True,
            "scored": True,
            "penalty_to": None,
        }
    ]
    assert scored["declarations"] == [0, 1] and scored["penalties"] == [0, 0]


@pytest.mark.parametrize(
    "hands,kinds,expected",
    [
        # tringa of 2s beats a ronda of reyes
        ({1: ["2O", "2C", "2E"], 0: ["12O", "12C", "1C"]}, {1: "tringa", 0: "ronda"}, [0, 5]),
        # ronda of 7s beats ronda of 5s
        ({1: ["5O", "5C", "1C"], 0: ["7O", "7C", "3C"]}, {1: "ronda", 0: "ronda"}, [1, 0]),
        # two opposing rondas of 5s: the point is split, rounded down: nobody
        ({1: ["5O", "5C", "1C"], 0: ["5E", "5B", "3C"]}, {1: "ronda", 0: "ronda"}, [0, 0]),
    ],
)
def test_RO_17_only_the_strongest_declaration_scores(hands, kinds, expected):
    match = new(2, [hands], ["3B", "4O", "10O", "11O"])
    for seat in (1, 0):
        declare(match, seat, kinds[seat])
        play(match, seat, match.view(seat)["hand"][-1])
    revealed, scored = _deal_score(match)
    assert scored["declarations"] == expected
    assert all(d["valid"] for d in revealed)


def test_RO_17_teams_partners_count_as_one_side_same_rank_opponents_split():
    hands = {
        1: ["5O", "5C", "1C"],
        2: ["7O", "7C", "2C"],
        3: ["3O", "3C", "4C"],
        0: ["11O", "11C", "6C"],
    }
    match = new(
        4, [hands, {1: ["10O", "10C", "1E"], 2: ["10E", "10B", "2E"]}], ["1O", "4O", "6O", "12O"]
    )
    for seat in (1, 2, 3, 0):
        declare(match, seat, "ronda")
        play(match, seat, match.view(seat)["hand"][0])
    for _ in range(8):
        match.apply(match.to_act()[0], {"type": "timeout"})
    assert match.view(None)["batch"] == 2
    declare(match, 1, "ronda")
    play(match, 1, match.view(1)["hand"][0])
    declare(match, 2, "ronda")
    revealed, scored = _deal_score(match)
    # batch 1: seat 0's caballo pair is the strongest -> side 0; batch 2: sota pairs of the
    # two sides -> split and rounded down: nobody.
    assert scored["declarations"] == [1, 0]
    assert [d["scored"] for d in revealed] == [False, False, False, True, False, False]


def test_RO_18_false_declarations_two_players_and_one_penalty_per_deal():
    match = new(
        2,
        [{1: ["5O", "6C", "1C"], 0: ["7O", "7C", "1E"]}, {1: ["2O", "6E", "1B"]}],
        ["2B", "4O", "10O", "11O"],
    )
    declare(match, 1, "tringa")  # false: 5 to seat 0
    play(match, 1, "1C")
    declare(match, 0, "tringa")  # false (only a pair): 5 to seat 1
    for _ in range(5):
        match.apply(match.to_act()[0], {"type": "timeout"})
    declare(match, 1, "ronda")  # second false claim of seat 1: cancelled only
    revealed, scored = _deal_score(match)
    assert [(d["seat"], d["valid"], d["penalty_to"]) for d in revealed] == [
        (1, False, 0),
        (0, False, 1),
        (1, False, None),
    ]
    assert scored["penalties"] == [5, 5] and scored["declarations"] == [0, 0]


def test_RO_18_three_players_penalty_goes_to_the_next_player():
    match = new(
        3,
        [{1: ["5O", "6C", "1C"], 2: ["7O", "7C", "2C"], 0: ["3C", "4C", "11C"]}],
        ["2B", "4O", "10O", "12O"],
    )
    declare(match, 1, "ronda")  # false ronda of seat 1 -> seat 2
    play(match, 1, "1C")
    play(match, 2, "2C")
    declare(match, 0, "tringa")  # false tringa of seat 0 -> seat 1
    _revealed, scored = _deal_score(match)
    assert scored["penalties"] == [0, 5, 1]


def test_RO_18_teams_penalty_goes_to_the_other_team():
    match = new(4, [{1: ["5O", "6C", "1C"]}], ["2B", "4O", "10O", "12O"])
    declare(match, 1, "ronda")
    revealed, scored = _deal_score(match)
    assert revealed[0]["penalty_to"] == 0 and scored["penalties"] == [1, 0]


def test_RO_19_kind_shown_rank_and_truth_hidden_until_the_deal_ends():
    match = new(2, [{1: ["5O", "5C", "1C"]}], ["2O", "4O", "7O", "11O"])
    events = match.apply(1, {"type": "declare", "kind": "ronda"})
    for seat in (0, 1, None):
        assert events[0].for_seat(seat) == {"type": "declared", "seat": 1, "kind": "ronda"}
        view = match.view(seat)
        assert view["declarations"] == [{"seat": 1, "kind": "ronda"}]
        assert view["declared_this_batch"] == [False, True]
    revealed, _ = _deal_score(match)
    assert revealed[0]["rank"] == "5" and revealed[0]["valid"]


# ----- RO-20, RO-21, RO-22: end of deal and match ------------------------------------------------
def test_RO_20_table_left_goes_to_the_last_capturer_without_mesa():
    for seed in range(200):
        capturer, _piles_before = None, None
        for _match, _seat, action, events, before in real_play(2, seed, deals=1):
            for e in of_type(events, "captured"):
                capturer = e["seat"]
            sweep = of_type(events, "sweep")
            if sweep:
                if not sweep[0]["cards"]:
                    break
                assert sweep[0]["seat"] == capturer
                cap = of_type(events, "captured")
                left = [
                    c
                    for c in before["table"] + [action["card"]]
                    if not cap or (c not in cap[0]["run"] and c != cap[0]["card"])
                ]
                assert sorted(sweep[0]["cards"]) == sorted(left)
                scored = of_type(events, "deal_scored")[0]
                assert sum(scored["cards"]) == 40
                return
    raise AssertionError("no deal ended with cards left on the table")


def _pile_tally(events_per_action, players):
    piles = [0] * players
    for events in events_per_action:
        for e in events:
            if e["type"] == "captured":
                piles[e["seat"]] += 1 + len(e["run"])
            elif e["type"] == "sweep" and e["seat"] is not None:
                piles[e["seat"]] += len(e["cards"])
    return piles


@pytest.mark.parametrize("players,free", [(2, 20), (3, 13), (4, 20)])
def test_RO_21_card_points_above_the_share_teams_combined(players, free):
    checked = 0
    for seed in range(3):
        log = []
        for _match, _seat, _action, events, _before in real_play(players, seed, deals=1):
            log.append(events)
            scored = of_type(events, "deal_scored")
            if scored:
                piles = _pile_tally(log, players)
                sides = [piles[0] + piles[2], piles[1] + piles[3]] if players == 4 else piles
                assert scored[0]["cards"] == sides and sum(sides) == 40
                assert scored[0]["card_points"] == [max(0, c - free) for c in sides]
                checked += 1
                break
    assert checked == 3


def test_RO_21_worked_example_24_cards_2_caidas_1_mesa_tringa_is_12():
    """Seat 0 holds a tringa in the first batch and declares it; real play of shuffled decks
    until a deal gives seat 0 exactly 24 cards, 2 caidas and 1 mesa."""
    for seed in range(5000):
        rest = [c for c in shuffled(seed) if c not in ("4O", "4C", "4E")]
        deck = rest[:3] + ["4O", "4C", "4E"] + rest[3:]
        table = deck[6:10]
        if not first_table_ok(table):
            continue
        match = Match.new(2, seed=seed, deck=deck)
        rng = random.Random(seed)
        while match.view(None)["deal"] == 1 and match.phase != "over":
            seat = match.to_act()[0]
            if seat == 0 and match.view(0)["batch"] == 1 and match.can_declare(0):
                events = declare(match, 0, "tringa")
                continue
            legal = [a for a in match.legal_actions(seat) if a["type"] == "play"]
            events = [e.for_seat(None) for e in match.apply(seat, rng.choice(legal))]
        scored = of_type(events, "deal_scored")[0]
        if scored["cards"][0] == 24 and scored["caidas"][0] == 2 and scored["mesas"][0] == 1:
            assert scored["card_points"][0] == 4 and scored["declarations"][0] == 5
            assert scored["points"][0] == 4 + 2 + 1 + 5 == 12
            assert match.totals[0] == 12
            return
    raise AssertionError("no such deal found")


def _matches(players, rules, seeds):
    for seed in seeds:
        log = []
        crossed_mid_deal = False
        for match, _seat, _action, events, _before in real_play(players, seed, rules):
            log.append(events)
            if not of_type(events, "deal_scored") and max(match.totals) >= match.target:
                crossed_mid_deal = True
        yield match, log, crossed_mid_deal


@pytest.mark.parametrize(
    "players,rules", [(2, "quick"), (3, "quick"), (4, "maghribi"), (2, "maghribi")]
)
def test_RO_22_totals_accumulate_and_are_checked_at_deal_end(players, rules):
    for match, log, _crossed in _matches(players, rules, range(4)):
        scored = [e for events in log for e in of_type(events, "deal_scored")]
        for s in scored[:-1]:
            assert max(s["totals"]) < match.target
        final = scored[-1]
        assert max(final["totals"]) >= match.target
        result = match.result
        assert result["totals"] == final["totals"] == match.totals
        ordered = sorted(final["totals"], reverse=True)
        assert result["draw"] == (ordered[0] == ordered[1])
        if not result["draw"]:
            assert final["totals"][result["winner"]] == ordered[0]
        assert of_type(log[-1], "match_over")[0]["winner"] == result["winner"]


def test_RO_22_a_side_past_the_target_mid_deal_plays_the_deal_out():
    for _match, log, crossed in _matches(2, "quick", range(300)):
        if crossed:
            assert of_type(log[-1], "deal_scored")
            return
    raise AssertionError("no match crossed the target mid-deal")


def test_RO_22_several_sides_reach_the_target_highest_wins():
    for match, _log, _crossed in _matches(2, "quick", range(400)):
        final = match.result["totals"]
        if min(final) >= 25 and final[0] != final[1]:
            assert match.result["winner"] == final.index(max(final))
            return
    raise AssertionError("no match where both sides reached the target")


def test_RO_22_equal_highest_totals_is_a_draw_real_play():
    for players in (2, 3, 4):
        for match, log, _crossed in _matches(players, "quick", range(600)):
            ordered = sorted(match.result["totals"], reverse=True)
            if ordered[0] == ordered[1]:
                assert match.result["draw"] and match.result["winner"] is None
                assert match.phase == "over" and match.to_act() == []
                assert of_type(log[-1], "match_over")[0]["draw"]
                break
        else:
            raise AssertionError(f"no drawn match among {players}-player samples")


# ----- TB-7: Ronda's safe move ----------------------------------------------------------------
def test_TB_7_timeout_takes_most_cards_and_never_declares():
    match = new(2, [{1: ["5O", "5C", "6C"]}], ["6O", "7O", "10O", "12O"])
    events = [e.for_seat(None) for e in match.apply(1, {"type": "timeout"})]
    assert not of_type(events, "declared")
    assert of_type(events, "played")[0] == {
        "type": "played",
        "seat": 1,
        "card": "6C",
        "timeout": True,
    }
    assert match.view(None)["declared_this_batch"] == [False, False]


def test_TB_7_timeout_ties_and_no_capture_play_the_lowest_card():
    match = new(2, [{1: ["11C", "2C", "2E"], 0: ["1O", "12B", "3E"]}], ["1C", "4O", "7O", "12O"])
    # no capture for seat 1: lowest rank, then suit order oros, copas, espadas, bastos
    assert match.apply(1, {"type": "timeout"})[0].data["card"] == "2C"
    # seat 0: 1O takes 1C and 2C (2 cards), 12B takes 12O (1): the larger capture wins
    assert match.apply(0, {"type": "timeout"})[0].data["card"] == "1O"


def test_TB_7_timeout_after_a_declaration_plays_the_card():
    match = new(2, [{1: ["5O", "5C", "6C"]}], ["6O", "7O", "10O", "12O"])
    declare(match, 1, "ronda")
    events = [e.for_seat(None) for e in match.apply(1, {"type": "timeout"})]
    assert of_type(events, "played")[0]["card"] == "6C"
    assert match.to_act() == [0]


def test_illegal_actions_are_refused_with_readable_messages():
    match = new(2, [{1: ["5O", "5C", "6C"]}], ["6O", "7O", "10O", "12O"])
    bad = [
        None,
        [],
        "play",
        {},
        {"type": 3},
        {"type": "bid", "n": 1},
        {"type": "play"},
        {"type": "play", "card": 5},
        {"type": "play", "card": "1O"},
        {"type": "play", "card": "6C", "extra": 1},
        {"type": "declare"},
        {"type": "declare", "kind": "pair"},
        {"type": "declare", "kind": ["ronda"]},
        {"type": "timeout", "card": "6C"},
    ]
    for action in bad:
        with pytest.raises(IllegalAction) as info:
            match.apply(1, action)
        assert info.value.message
    with pytest.raises(IllegalAction):
        match.apply(0, {"type": "play", "card": match.view(0)["hand"][0]})  # not his turn
    with pytest.raises(IllegalAction):
        match.apply(True, {"type": "play", "card": "6C"})
    assert match.log == []
