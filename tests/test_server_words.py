"""Every refusal code the client can get from the table server is shown in the player's words,
Arabic and English, never the server's English text (game.client.server_link.server_message).

The codes are read from the source, so a new code with no words fails here: the server's own
(the code argument of every ``RequestRefused``, ``error`` and ``let_audience_go`` under
game/net) and the engines' behind them (every ``IllegalAction`` under game/, which the server
passes on with its code)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game import i18n
from game.client.server_link import server_message

ROOT = Path(__file__).resolve().parents[1]
SERVER_CALLS = {"RequestRefused": 1, "error": 1, "let_audience_go": 2}  # name: the code's place
ENGINE_CALLS = {"IllegalAction": 1}


def codes_in(paths: list[Path], calls: dict[str, int]) -> dict[str, str]:
    """code -> where it is first made, from the calls named in ``calls``; a call without the
    code argument has its default, ``illegal`` (IllegalAction's)."""
    found: dict[str, str] = {}
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            fn = node.func
            name = fn.id if isinstance(fn, ast.Name) else getattr(fn, "attr", None)
            if name not in calls or _parser(fn):
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            place = calls[name]
            if len(node.args) <= place:
                found.setdefault("illegal", where)
                continue
            arg = node.args[place]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.setdefault(arg.value, where)
    return found


def _parser(fn: ast.expr) -> bool:
    """argparse's ``parser.error(text)`` is no refusal."""
    value = getattr(fn, "value", None)
    return isinstance(value, ast.Name) and value.id == "parser"


SERVER = codes_in(sorted((ROOT / "game" / "net").glob("*.py")), SERVER_CALLS)
ENGINE = codes_in(sorted((ROOT / "game").rglob("*.py")), ENGINE_CALLS)


def test_the_codes_are_read_from_the_source():
    """The reader finds the codes this test was written against (it cannot silently find
    none): the server's, the rematch guards' and the engines'."""
    assert {"no_room", "too_many", "slow_down", "closed", "server", "rate"} <= set(SERVER)
    assert {"stale", "not_over", "gone", "twice", "not_host", "accept_first"} <= set(SERVER)
    assert {"not_your_turn", "follow_suit", "illegal"} <= set(ENGINE)
    assert len(SERVER) >= 25


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("code", sorted(set(SERVER) | set(ENGINE)))
def test_every_code_the_server_can_send_has_words_of_its_own(code, lang):
    before = i18n.language()
    i18n.set_language(lang)
    try:
        english = "THE SERVER'S OWN ENGLISH"
        words = server_message({"t": "error", "code": code, "message": english})
        assert english not in words, (code, SERVER.get(code) or ENGINE.get(code))
        assert words.strip() and "{" not in words
        if lang == "ar":
            assert any("\u0600" <= ch <= "\u06ff" for ch in words), (code, words)
    finally:
        i18n.set_language(before)


def test_a_code_is_never_taken_for_a_screen_s_label():
    """``server`` (the server failed on a message) is a sentence, not the lobby's "Server"
    label, as it was when codes were looked up among the online screen's words."""
    i18n.set_language("en")
    try:
        assert server_message({"code": "server", "message": "x"}) != i18n.t("online.server")
        unknown = server_message({"code": "from_a_newer_server", "message": "Its words."})
        assert "Its words." in unknown  # an unknown code still says something
    finally:
        i18n.set_language("ar")
