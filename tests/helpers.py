"""Helpers the test modules share (import them: ``from helpers import ronda_deck``).

Explicit decks that deal a chosen position through each game's own dealing (docs/DESIGN.md
"Explicit deals"), a frozen picture of a match, and running / waiting in asyncio with a bound
(never a sleep that hopes the server is done).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, TypeVar

from game.core.cards import spanish_deck

T = TypeVar("T")
SPANISH = spanish_deck()
RONDA_BATCHES = {2: 6, 3: 4, 4: 3}


def hareeja_deck(hands: dict[int, list[str]] | list[list[str]], dealer: int = 0) -> list[str]:
    """The explicit deck (top first) that deals ``hands`` (seat -> its 8 cards) when ``dealer``
    deals: card i goes to seat (dealer + 1 + i) % 4 (HJ-3)."""
    return [hands[(dealer + 1 + i) % 4][i // 4] for i in range(32)]


def ronda_deck(
    players: int, batches: list[dict[int, list[str]]], table: list[str], dealer: int = 0
) -> list[str]:
    """An explicit Ronda deck: ``batches`` is a list of {seat: [3 codes]} for the first batches
    (seats left out get filler), ``table`` the 4 first table cards; filler cards follow the
    Spanish deck order, skipping every card named."""
    named = [c for b in batches for cards in b.values() for c in cards] + list(table)
    assert len(set(named)) == len(named), "a card is named twice"
    filler = iter(c for c in SPANISH if c not in named)
    order = [(dealer + 1 + i) % players for i in range(players)]
    deck: list[str] = []
    for b in range(RONDA_BATCHES[players]):
        spec = batches[b] if b < len(batches) else {}
        for seat in order:
            deck += spec[seat] if seat in spec else [next(filler) for _ in range(3)]
        if b == 0:
            deck += list(table)
    deck += list(filler)
    assert sorted(deck) == sorted(SPANISH)
    return deck


def frozen(match: Any) -> tuple[Any, ...]:
    """Everything a match shows: the spectator's view, every seat's view and the record."""
    return (match.view(None), [match.view(s) for s in range(match.players)], match.record())


def run_async(coro: Coroutine[Any, Any, T], seconds: float = 30) -> T:
    """Run ``coro`` to its end, failing instead of hanging after ``seconds``."""
    return asyncio.run(asyncio.wait_for(coro, seconds))


async def until(
    predicate: Callable[[], bool],
    seconds: float = 5.0,
    step: Callable[[], Awaitable[None]] | None = None,
) -> bool:
    """Wait until ``predicate()`` holds (letting the loop run), at most ``seconds``."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while not predicate():
        if loop.time() >= end:
            return False
        await (step() if step is not None else asyncio.sleep(0.001))
    return True


async def private_table(
    client: Any, game: str = "hareeja", players: int = 4, bots: str = "easy", **more: Any
) -> dict[str, Any]:
    """The ``room`` a connected :class:`wire_client.Client` gets for creating an untimed
    table (private unless ``more`` says otherwise), its free seats for ``bots`` once it
    starts."""
    fields = {"visibility": "private", "turn_seconds": None, **more}
    room: dict[str, Any] = await client.request(
        "create", "room", game=game, players=players, bots=bots, **fields
    )
    return room


async def private_hareeja(client: Any, bots: str = "easy") -> dict[str, Any]:
    """:func:`private_table`: Hareeja, four seats."""
    return await private_table(client, bots=bots)
