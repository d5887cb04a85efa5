"""A mutation sample of the table server's limits and guards: does the suite notice when one
of them is loosened by one, or dropped?

Each mutant is one textual change to what the server runs (``game/net``, ``game/table``,
``game/core`` and the games' views): an off-by-one in a limit's comparison, a guard turned off
(who may join, start, answer, act), or a view or event showing a seat what is hidden from it.
For each, the server's limit, protocol, table and view-patch tests run on a throwaway copy of
the tree (``git worktree``: the working tree is never touched); a mutant is *killed* when a
test fails. Every mutant should be killed; a survivor names a limit or guard no test holds at
its edge (each limit is accepted at the limit and refused one past it).

    python tools/server_mutants.py            # all, ~2 minutes when every mutant is killed
    python tools/server_mutants.py --list     # the mutants only
    python tools/server_mutants.py --only rematch.py   # those whose file or text holds it
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = [
    "tests/test_net_limits.py",
    "tests/test_net_networks.py",
    "tests/test_table.py",
    "tests/test_net_protocol.py",
    "tests/test_net_server.py",
    "tests/test_net_fairness.py",
    "tests/test_net_durability.py",
    "tests/test_net_delta.py",
    "tests/test_net_rematch.py",
]

Mutant = tuple[str, str, str]  # (file, the text as it is, the text of the mutant)


def guard(name: str, line: str, then: str = "", taken: bool = False) -> Mutant:
    """The guard ``line`` of ``name`` (an ``if`` line as it stands, its indent kept) turned off:
    ``if False:``, or ``if True:`` when ``taken``. ``then``: what follows the colon in the file
    (the rest of the line, the next one), where the line alone does not stand once."""
    assert line.endswith(":"), line
    indent = line[: len(line) - len(line.lstrip())]
    return (name, line + then, f"{indent}if {taken}:{then}")


# The text as it is must stand once in the file.
# Left out as equivalent: `Requests.answer`'s "the table is full" check (the last seat given refuses
# everyone still waiting, so no request is left to accept at a full table), and `_as_first`'s
# "views built apart: the full diff is cheaper" (only the speed changes).
MUTANTS: list[Mutant] = [
    ("game/net/protocol.py", "    if len(text) > max_frame:", "    if len(text) > max_frame + 1:"),
    (
        "game/net/protocol.py",
        "    if len(value) > MAX_OPTIONS:",
        "    if len(value) > MAX_OPTIONS + 1:",
    ),
    (
        "game/net/protocol.py",
        "        if len(name) > MAX_STRING:\n            raise ProtocolError(f'An option",
        "        if len(name) > MAX_STRING + 1:\n            raise ProtocolError(f'An option",
    ),
    ("game/net/protocol.py", "    if budget[0] < 0:", "    if budget[0] < -1:"),
    (
        "game/net/protocol.py",
        "    if depth > MAX_ACTION_DEPTH:",
        "    if depth > MAX_ACTION_DEPTH + 1:",
    ),
    (
        "game/net/protocol.py",
        '        if len(item) > MAX_STRING:\n            raise ProtocolError("A string in the',
        '        if len(item) > MAX_STRING + 1:\n            raise ProtocolError("A string in the',
    ),
    (
        "game/net/protocol.py",
        "        if len(value) > limit:",
        "        if len(value) > limit + 1:",
    ),
    (
        "game/net/guard.py",
        "        if self.connections.get(key, 0) >= self.limits.connections_per_address:",
        "        if self.connections.get(key, 0) > self.limits.connections_per_address:",
    ),
    (
        "game/net/guard.py",
        "        if len(self.by_address.get(key, ())) >= self.per_address:",
        "        if len(self.by_address.get(key, ())) > self.per_address:",
    ),
    (
        "game/net/guard.py",
        "        if len(self.by_network.get(network_key(key), ())) >= self.per_network:",
        "        if len(self.by_network.get(network_key(key), ())) > self.per_network:",
    ),
    (
        "game/net/guard.py",
        "        over = misses.count - self.free",
        "        over = misses.count - self.free - 1",
    ),
    (
        "game/net/guard.py",
        "        if self._global_tokens < 1 and self.address_misses.outstanding(key, now):",
        "        if self._global_tokens < 1:",
    ),
    ("game/net/guard.py", "    prefix = NETWORK_PREFIX_V4 if", "    prefix = 32 if"),
    guard(
        "game/net/handlers.py", "        if not quiet:", "\n            return False", taken=True
    ),
    (
        "game/net/handlers.py",
        "        quiet = [r for r in rooms if r and not r.started and not r.anyone_connected()]",
        "        quiet = [r for r in rooms if r and not r.anyone_connected()]",
    ),
    guard(
        "game/net/handlers.py",
        "        if room.address is None or seated == room.players:",
        taken=True,
    ),
    (
        "game/net/botplay.py",
        "            kind = 0 if people and (not nobody or self._people_served < PEOPLE_TURNS)",
        "            kind = 0 if people and (True or self._people_served < PEOPLE_TURNS)",
    ),
    guard("game/net/botplay.py", "            if (0 if room.anyone_connected() else 1) != kind:"),
    (
        "game/net/botplay.py",
        "            networks.move_to_end(network)  # the next network's turn",
        "            pass",
    ),
    (
        "game/net/handlers.py",
        "        if guest.creates >= limits.max_creates:",
        "        if guest.creates > limits.max_creates:",
    ),
    (
        "game/net/handlers.py",
        "        if len(self.roster.rooms) >= limits.max_rooms and not",
        "        if len(self.roster.rooms) > limits.max_rooms and not",
    ),
    ("game/net/guests.py", "        if guest.tokens < 1:", "        if guest.tokens < 0:"),
    (
        "game/net/guests.py",
        "        return guest.strikes >= FLOOD_STRIKES",
        "        return guest.strikes > FLOOD_STRIKES",
    ),
    guard(
        "game/net/hello.py",
        "        if guest.player is not None and guest.player is not player:",
        "\n            raise RequestRefused",
    ),
    guard("game/net/hello.py", "        if old is not None and old is not guest.conn:"),
    (
        "game/net/names.py",
        '            if not kept or kept[-1] == " " or marks >= MAX_MARKS:',
        '            if not kept or kept[-1] == " " or marks > MAX_MARKS:',
    ),
    ("game/net/names.py", "    if shown > MAX_VISIBLE:", "    if shown > MAX_VISIBLE + 1:"),
    ("game/net/names.py", "    if shown < MIN_VISIBLE:", "    if shown < MIN_VISIBLE - 1:"),
    ("game/net/names.py", '_DROPPED = {"Cc", "Cf",', '_DROPPED = {"Cc",'),
    (
        "game/net/pacing.py",
        "    return min(max(now, shown_at) + seconds, now + PACE_MAX_BACKLOG)",
        "    return max(now, shown_at) + seconds",
    ),
    (
        "game/net/sockets.py",
        "        if self.waiting() + len(frame) > self.limit:",
        "        if self.waiting() + len(frame) > self.limit + 1:",
    ),
    guard(
        "game/net/handlers.py",
        "        if room.started:",
        '\n            raise RequestRefused("That table has already started."',
    ),
    guard(
        "game/net/handlers.py",
        "        if not room.free_seats():",
        '\n            raise RequestRefused("That table is full."',
    ),
    guard("game/net/handlers.py", '        if room.visibility == "approval":', "  # TB-2"),
    (
        "game/net/handlers.py",
        '        asker = next((p for p in room.pending if p.id == msg["player"]), None)',
        "        asker = next(iter(room.pending), None)",
    ),
    guard("game/net/roster.py", "        if player.seat != room.host:"),
    guard(
        "game/net/roster.py",
        "        if room.started:",
        '\n            raise RequestRefused("The match has already started."',
    ),
    guard(
        "game/net/roster.py",
        "        if not room.started:",
        '\n            raise RequestRefused("The match has not started yet."',
    ),
    guard("game/net/roster.py", "        if player.room is not None and not player.room.over:"),
    guard(
        "game/net/rooms.py",
        "        if player is None:",
        '\n            raise RequestRefused("Say hello first',
    ),
    guard("game/net/sockets.py", "            if tag > done:"),
    guard("game/table/table.py", "        if human and place.left:"),
    guard("game/table/table.py", '        if human and place.kind == "bot":'),
    # what a seat may see: every view and event holds only its own hidden cards and bids
    (
        "game/core/events.py",
        "            out.update(self.private[seat])",
        "            for part in self.private.values():\n                out.update(part)",
    ),
    (
        "game/games/hand_rummy/views.py",
        '"hand": list(match.hands[seat])},',
        '"hand": list(match.hands[(seat + 1) % match.players])},',
    ),
    (
        "game/games/ronda/views.py",
        '            "hand": list(match.hands[seat]),',
        '            "hand": list(match.hands[(seat + 1) % match.players]),',
    ),
    (
        "game/games/hareeja/rules.py",
        '        own: dict[str, Any] = {"you": seat, "hand": list(self.hands[seat])}',
        '        own: dict[str, Any] = {"you": seat, "hand": list(self.hands[(seat + 1) % 4])}',
    ),
    (
        "game/games/hareeja/rules.py",
        '            own["bids"] = [self.bids[s] if s == seat else None for s in range(PLAYERS)]',
        '            own["bids"] = [self.bids[s] for s in range(PLAYERS)]',
    ),
    (
        "game/net/outgoing.py",
        "                event.for_seat(seat) if seat in event.private else shown",
        "                event.for_seat(0) if seat in event.private else shown",
    ),
    ("game/net/delta.py", "        changes.pop(key, None)\n", ""),
    # the rematch's guards (game/net/rematch.py): who may accept or start the next match, when
    guard("game/net/rematch.py", "        if room is None or seat is None:"),
    guard("game/net/rematch.py", "        if self.rooms.get(room.code) is not room:"),
    guard(
        "game/net/rematch.py", "        if not room.over:", "\n            raise RequestRefused("
    ),
    guard("game/net/rematch.py", '        if msg["match"] != offer.number:'),
    guard("game/net/rematch.py", "        if seat in offer.ready:"),
    guard(
        "game/net/rematch.py",
        "        if seat != room.host:",
        "\n            raise RequestRefused(",
    ),
    guard(
        "game/net/rematch.py",
        "        if seat not in offer.ready:",
        "\n            raise RequestRefused(",
    ),
]


def run_tests(tree: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *TESTS],
        cwd=tree,
        capture_output=True,
        text=True,
        check=False,
    )


def first_failure(output: str) -> str:
    return next((line for line in output.splitlines() if line.startswith("FAILED")), "")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="print the mutants and stop")
    parser.add_argument(
        "--only", metavar="TEXT", help="only the mutants whose file or text holds TEXT"
    )
    args = parser.parse_args()
    mutants = [m for m in MUTANTS if args.only is None or any(args.only in part for part in m)]
    if args.list:
        for name, before, after in mutants:
            print(f"{name}: {before.strip()!r} -> {after.strip()!r}")
        return 0
    with tempfile.TemporaryDirectory() as folder:
        tree = Path(folder) / "tree"
        subprocess.run(
            ["git", "worktree", "add", "--detach", "-q", str(tree), "HEAD"], cwd=ROOT, check=True
        )
        try:
            for name in {name for name, _, _ in MUTANTS}:  # the working tree's own files
                (tree / name).write_text((ROOT / name).read_text())
            for test in TESTS:
                (tree / test).write_text((ROOT / test).read_text())
            if run_tests(tree).returncode != 0:
                print("the tests fail without any mutant: fix them first", file=sys.stderr)
                return 2
            survivors = sum(not mutate_and_test(tree, *mutant) for mutant in mutants)
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=False
            )
    print(f"{len(mutants) - survivors} of {len(mutants)} mutants killed, {survivors} survived")
    return 1 if survivors else 0


def mutate_and_test(tree: Path, name: str, before: str, after: str) -> bool:
    """Run the tests against one mutant; True when a test failed (the mutant is killed)."""
    path = tree / name
    original = path.read_text()
    if original.count(before) != 1:
        print(f"STALE     {name}: {before.strip()!r} is not there once; update MUTANTS")
        return False
    path.write_text(original.replace(before, after))
    began = time.monotonic()
    try:
        result = run_tests(tree)
    finally:
        path.write_text(original)
    killed = result.returncode != 0
    verdict = "killed  " if killed else "SURVIVED"
    print(
        f"{verdict} {time.monotonic() - began:4.0f} s  {name}: {after.strip()!r}  "
        f"{first_failure(result.stdout)[:100]}",
        flush=True,
    )
    return killed


if __name__ == "__main__":
    sys.exit(main())
