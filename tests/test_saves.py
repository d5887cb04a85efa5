"""One saved match per game: each game's own slot ``match.<game>``, the
single save of before moved to its game's slot on first read, a save that cannot be read kept
aside for that game only, and nothing a player did ever deleted."""

import json

import pytest

from game.client import storage
from game.client.local import LocalSession


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("MAJLIS_HOME", str(tmp_path))
    return tmp_path


def saved_of(game: str, seed: int = 5) -> dict:
    players = 4 if game == "hareeja" else 2
    return {"game": game, **LocalSession.new(game, players, seed=seed).saved()}


def test_two_games_are_saved_at_once_each_in_its_own_slot(home):
    ronda, hareeja = saved_of("ronda"), saved_of("hareeja")
    assert storage.save_match(ronda) and storage.save_match(hareeja)
    assert sorted(p.name for p in home.iterdir()) == ["match.hareeja.json", "match.ronda.json"]
    assert storage.load_match("ronda") == (ronda, None)
    assert storage.load_match("hareeja") == (hareeja, None)
    found, kept = storage.load_matches()
    assert found == {"hareeja": hareeja, "ronda": ronda} and kept == []
    assert list(found) == ["hareeja", "ronda"]  # the menu's order


def test_clearing_one_games_save_leaves_the_others(home):
    storage.save_match(saved_of("ronda"))
    storage.save_match(saved_of("hand_rummy"))
    storage.clear_match("ronda")
    assert storage.load_match("ronda") == (None, None)
    assert storage.load_match("hand_rummy")[0] == saved_of("hand_rummy")


def test_the_single_save_of_before_moves_to_its_games_slot_on_first_read(home):
    ronda = saved_of("ronda")
    (home / "match.json").write_text(json.dumps(ronda))
    assert storage.load_match("hareeja") == (None, None)  # any first read migrates
    assert not (home / "match.json").exists()
    assert json.loads((home / "match.ronda.json").read_text()) == ronda
    assert storage.load_match("ronda") == (ronda, None)


def test_an_old_save_without_game_is_hareejas(home):
    hareeja = saved_of("hareeja")
    hareeja.pop("game")
    (home / "match.json").write_text(json.dumps(hareeja))
    assert storage.load_match("hareeja") == (hareeja, None)


def test_migration_never_overwrites_a_games_newer_save(home):
    old, new = saved_of("ronda", seed=1), saved_of("ronda", seed=2)
    storage.save_match(new)
    (home / "match.json").write_text(json.dumps(old))
    assert storage.load_match("ronda") == (new, None)
    [kept] = home.glob("match.corrupt-*.json")  # the old one kept aside, not lost
    assert json.loads(kept.read_text()) == old
    assert not (home / "match.json").exists()


def test_an_unreadable_old_save_is_kept_aside_and_said(home):
    (home / "match.json").write_text("{broken")
    found, kept = storage.load_matches()
    assert found == {} and kept == [""]  # whose, nobody can tell
    assert [p.read_text() for p in home.glob("match.corrupt-*.json")] == ["{broken"]
    assert storage.load_matches() == ({}, [])  # said once


@pytest.mark.parametrize(
    "content", ["{broken", "[1, 2]", '{"seats": []}', '{"game": "hareeja", "record": {}}']
)
def test_a_corrupt_save_is_kept_aside_for_its_game_only(home, content):
    hareeja = saved_of("hareeja")
    storage.save_match(hareeja)
    (home / "match.ronda.json").write_text(content)
    found, kept = storage.load_matches()
    assert found == {"hareeja": hareeja} and kept == ["ronda"]
    assert not (home / "match.ronda.json").exists()
    assert [p.read_text() for p in home.glob("match.ronda.corrupt-*.json")] == [content]
    assert json.loads((home / "match.hareeja.json").read_text()) == hareeja  # untouched


def test_keeping_aside_twice_in_one_second_keeps_both(home):
    for text in ("{one", "{two"):
        (home / "match.ronda.json").write_text(text)
        assert storage.keep_match_aside("ronda") is not None
    kept = sorted(p.read_text() for p in home.glob("match.ronda.corrupt-*.json"))
    assert kept == ["{one", "{two"]


def test_a_save_of_an_unknown_game_is_refused_and_changes_nothing(home):
    assert not storage.save_match({"game": "chess", "record": {}})
    assert list(home.iterdir()) == []
