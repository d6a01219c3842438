"""A test kit for plugin authors and for Traveller's own tests.

``memory_app()`` gives an application on an in-memory store with every installed
plugin (plus any ``extra`` plugin objects); :func:`play_movement` enters a
result for every scheduled table, so a movement or scoring plugin can be checked
end to end in a few lines::

    from engine.testing import memory_app, play_movement

    def test_my_movement_runs_a_whole_session():
        app = memory_app(MyPlugin())
        event = app.create_event("Test")
        app.assign_movement(event, "my-movement", tables=5)
        play_movement(app, event)
"""

from __future__ import annotations

from collections.abc import Callable
from uuid import UUID

from engine.application import Traveller
from engine.movement import Encounter
from engine.registry import create_registry
from engine.section import ResultEntry


def memory_app(*extra: object) -> Traveller:
    """An application whose store lives in memory, with the installed plugins and ``extra``."""
    return Traveller({"PERSISTENCE_MODULE": "eventsourcing.popo"}, registry=create_registry(*extra))


def flat_score(board: int, encounter: Encounter) -> ResultEntry:
    """A plausible, varied result: 4S by North taking 8 to 12 tricks."""
    tricks = 8 + (board * 7 + encounter.ns * 3 + encounter.ew) % 5
    return ResultEntry(
        board=board,
        ns=encounter.ns,
        ew=encounter.ew,
        contract="4S",
        declarer="N",
        tricks=tricks,
        round=encounter.round,
        table=encounter.table,
    )


def play_movement(
    app: Traveller,
    event: UUID,
    *,
    session: int = 1,
    section: str = "A",
    result: Callable[[int, Encounter], ResultEntry] = flat_score,
    rounds: int | None = None,
) -> int:
    """Start, play and end every round (or the first ``rounds``); returns results entered."""
    state = app.section(event, session, section)
    movement = state.movement
    assert movement is not None, "assign a movement first"
    count = 0
    for rnd in range(1, (rounds or movement.rounds) + 1):
        app.start_round(event, rnd, session=session, section=section)
        for e in movement.round(rnd):
            if state.phantom in (movement.ns_pair(e), movement.ew_pair(e)):
                continue
            # ``result`` sees the table as scored: the pairs that held the NS and EW cards.
            ns, ew = movement.cards(e)
            held = e.model_copy(update={"ns": ns.number, "ew": ew.number, "arrow_switch": False})
            for b in e.boards:
                app.record_result(event, result(b, held), session=session, section=section)
                count += 1
        app.end_round(event, rnd, session=session, section=section)
    return count
