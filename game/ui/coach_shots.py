"""The guided first round in the screenshot set (``main.py --screenshots``, and the layout
check that draws every state of it again): each coach step of a game's lesson as it waits,
then the offer a first match makes. Each game's ``scene_shots.py`` calls :func:`shoot`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.client.coach import CoachedSession, legal_match
from game.ui import coach_marks, games

if TYPE_CHECKING:
    from game.ui.screenshots import Shooter


def shoot(shooter: Shooter, game: str) -> None:
    """``<game>_coach_<k>``: step k waiting; ``<game>_coach_offer``: a first match's offer."""
    app = shooter.app
    scene: Any = coach_marks.start(app, game)  # a table scene (see coach_marks.CardTable)
    if scene is None:
        return
    session = scene.session
    assert isinstance(session, CoachedSession)
    coach = session.coach
    for k in range(len(coach.lesson.steps)):
        shooter.until(lambda: coach.done or shown(scene, coach), 6000)
        step = coach.step
        if step is None:
            break
        shooter.frames(3)
        shooter.shot(f"{game}_coach_{k + 1}")
        if step.expect is None:
            coach.tapped()  # (as its button would: the tap's frame draws the next step)
            app.invalidate()
            continue
        action = legal_match(session.legal(), step) or session_meld(session, game)
        scene.act(scene.me, dict(action), human=True)
    table = games.new_match(app, game, seed=coach.lesson.seed)
    app.switch(table)
    shooter.until(lambda: table.idle() and not coach_marks.passing(table), 3000)
    coach_marks.offer_anyway(app, table, game)
    shooter.frames(3)
    shooter.shot(f"{game}_coach_offer")


def shown(scene: Any, coach: Any) -> bool:
    """The step waits and its bubble is up (no passing line in its way)."""
    return coach_marks.ready(scene, coach) and not coach_marks.passing(scene)


def session_meld(session: CoachedSession, game: str) -> dict[str, object]:
    """A step waiting for a meld (melds are not among the legal actions): the bot's."""
    from game.client.local import bots_module

    bots: Any = bots_module(game)
    action: dict[str, object] = bots.choose(session.view(), session.legal(), level="normal")
    return action
