"""Each game's declared facts (game/games/<name>/spec.py) agree with its engine, bots and strings:
what the spec says is what the rest of the program offers, so it must be true."""

from __future__ import annotations

import itertools

import pytest

from game import i18n
from game.core import registry
from game.core.bots import bot_rng, run
from game.core.spec import BOT_LEVELS
from game.i18n.catalog import load
from game.net import protocol

SPECS = registry.specs()
IDS = [s.name for s in SPECS]


def option_sets(spec):
    """Every combination of the spec's option values."""
    keys = [o.key for o in spec.options]
    for values in itertools.product(*(o.values for o in spec.options)):
        yield dict(zip(keys, values))


def test_the_games_are_found_in_menu_order_and_the_protocol_reads_them():
    assert registry.names() == ("hareeja", "ronda", "hand_rummy")
    assert registry.names() == protocol.GAMES
    assert protocol.PLAYER_COUNTS == {
        "hareeja": (4,),
        "ronda": (2, 3, 4),
        "hand_rummy": (2, 3, 4, 5),
    }  # TB-5, HR-12 (five with the classic rules)
    assert protocol.BOT_LEVELS == BOT_LEVELS == ("easy", "normal", "hard")


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_the_engine_accepts_every_declared_player_count_and_option(spec):
    engine = spec.engine_class()
    for players, options in itertools.product(spec.players, option_sets(spec)):
        match = engine.new(players, spec.fit(players, options), seed=1)
        assert match.players == players and match.phase != "over"
    assert engine.new(spec.first_players, spec.defaults(), seed=1).players == spec.first_players


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_team_play_as_declared_is_the_engines_side_of(spec):
    """Ronda with four and Hand rummy's partnership (HR-12) play in teams; nothing else."""
    engine = spec.engine_class()
    for players, options in itertools.product(spec.players, option_sets(spec)):
        options = spec.fit(players, options)
        match = engine.new(players, options, seed=2)
        assert [match.side_of(s) for s in range(players)] == [
            spec.side_of(s, players, options) for s in range(players)
        ], (players, options)
        assert len(match.totals) == spec.sides(players, options)


def test_HR_12_partnership_falls_back_without_four_players():
    spec = registry.get("hand_rummy")
    assert spec.fit(3, {"partnership": True, "rounds": 3}) == {"partnership": False, "rounds": 3}
    assert spec.fit(4, {"partnership": True}) == {"partnership": True}
    assert spec.teams(4, {"partnership": True}) and not spec.teams(2, {"partnership": True})


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_the_bots_play_a_legal_move_at_every_level(spec):
    match = spec.engine_class().new(spec.first_players, spec.defaults(), seed=3)
    seat = match.to_act()[0]
    legal = match.legal_actions(seat)
    for level in spec.bot_levels:
        action = run(spec.bots_module().think(match.view(seat), legal, level, bot_rng(4)))
        assert action in legal, (level, action)


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_game_names_itself_and_its_rules_and_options_in_both_languages(spec, lang):
    path = registry.strings_path(spec.name)
    assert path is not None and path.parent == registry.folder(spec.name)
    own = load(path)
    i18n.set_language(lang)
    try:
        for key in (spec.title_key, *spec.help_keys):
            assert key in own.english, key  # in the game's own catalog
            assert i18n.t(key) != key and (lang == "en" or i18n.t(key) != own.english[key][0])
        for option in spec.options:
            assert i18n.t(option.label) != option.label
            for value in option.values:
                if option.text and not isinstance(value, bool):
                    key = option.text.format(value=value)
                    assert i18n.t(key) != key, key
        for figure, _value in spec.stats.shown({}):
            assert i18n.t(f"stats.fig.{figure}") != f"stats.fig.{figure}", figure
    finally:
        i18n.set_language("ar")


def test_a_game_with_a_mistaken_spec_is_refused_with_a_clear_message(tmp_path, monkeypatch):
    import game.games

    folder = tmp_path / "wrong_name"
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    (folder / "spec.py").write_text(
        "from game.core.spec import GameSpec\n"
        "SPEC = GameSpec(name='other', engine='x:y', bots='x', players=(2,))\n"
    )
    monkeypatch.setattr(game.games, "__path__", [*game.games.__path__, str(tmp_path)])
    registry.rediscover()
    try:
        with pytest.raises(ValueError, match="declares 'other'; it must be 'wrong_name'"):
            registry.names()
    finally:
        monkeypatch.undo()
        registry.rediscover()
    assert registry.names() == ("hareeja", "ronda", "hand_rummy")


def test_the_surfaces_that_read_the_registry_name_no_game():
    """Menu, lobby, help, statistics, settings, routes, strings, storage, the screenshot harness
    and the protocol learn the games from the registry: none spells a game's name (the
    scripted screenshots beside them may, they show fixed tables)."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "game"
    files = [
        *root.joinpath("ui", "scenes").glob("*.py"),
        *root.joinpath("i18n").glob("*.py"),
        *(root / "ui" / name for name in ("games.py", "routes.py", "screenshots.py")),
        *(root / "client" / name for name in ("stats.py", "storage.py")),
        root / "net" / "protocol.py",
    ]
    names = set(registry.names())
    offenders = []
    for path in files:
        if path.name.endswith("_shots.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in names:
                offenders.append(f"{path.relative_to(root)}:{node.lineno} {node.value!r}")
    assert offenders == []
