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

A pairing method is checked over whole simulated events with :func:`simulate_swiss`:
each round drawn from the standings its random results give, and every draw checked
as the engine checks it::

    from engine.testing import simulate_swiss

    def test_my_draw_keeps_the_rules_over_a_whole_event():
        for played in simulate_swiss(MyDraw(), teams=16, rounds=7, seed=1):
            assert not played.draw.relaxed
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any
from uuid import UUID

from pydantic import BaseModel

from engine.application import Traveller
from engine.errors import N_, InvalidInput, PluginError
from engine.movement import Encounter
from engine.pairing.field import Draw, Field, FieldKind, History, Standing
from engine.pairing.method import PairingMethod, check_draw
from engine.pairing.rules import PairingOptions
from engine.registry import create_registry, parse_options
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


# ---- Swiss draws ----------------------------------------------------------------------------

BYE_SCORE = Fraction(12)
"""What a simulated bye scores (the WBF 20-VP scale's usual bye)."""


def swiss_entries(count: int, *, seeded: bool = False) -> tuple[Standing, ...]:
    """``count`` contestants numbered 1…count, entered in number order (with seeding
    points, most for the lowest number, when ``seeded``)."""
    return tuple(
        Standing(number=n, rank=n, seeding=Fraction(1000 - n) if seeded else None)
        for n in range(1, count + 1)
    )


def swiss_standings(scores: Mapping[int, Fraction]) -> tuple[Standing, ...]:
    """The standings of ``scores``: most first, level scores in number order."""
    ranked = sorted(scores, key=lambda n: (-scores[n], n))
    return tuple(Standing(number=n, score=scores[n], rank=i) for i, n in enumerate(ranked, 1))


def play_swiss_round(draw: Draw, scores: dict[int, Fraction], rng: random.Random) -> None:
    """Random results of ``draw``'s round on a 20-VP scale, added to ``scores``: each
    match splits 20 VPs, a triangle's three score 0–20 each, a bye :data:`BYE_SCORE`."""
    for m in draw.matches:
        won = rng.randint(0, 20)
        scores[m.home] += won
        scores[m.away] += 20 - won
    for n in draw.triangle or ():
        scores[n] += rng.randint(0, 20)
    if draw.bye is not None:
        scores[draw.bye] += BYE_SCORE


@dataclass(frozen=True)
class SwissRound:
    """One round of a simulated Swiss: the field and history it was drawn from, and
    the draw (``method.draw(round, field, history, options, seed)`` gives it again)."""

    round: int
    field: Field
    history: History
    draw: Draw


def simulate_swiss(
    method: PairingMethod,
    *,
    teams: int,
    rounds: int | None = None,
    options: BaseModel | Mapping[str, Any] | None = None,
    seed: int = 0,
    kind: FieldKind = "teams",
) -> list[SwissRound]:
    """Draw and play every round of a Swiss of ``teams`` contestants (pairs when ``kind``
    is ``"pairs"``) with random results, as the engine would: each round drawn by
    ``method`` from the standings so far, every draw checked with
    :func:`~engine.pairing.method.check_draw` (a :class:`~engine.errors.PluginError`
    names what is wrong), then played.

    ``options`` are the method's (its model, or ``KEY: value`` as a director gives them);
    ``rounds`` is how many rounds are played, by default the options' ``rounds`` (options
    that leave ``rounds`` out are given this many; the first 5 rounds of a 9-round event
    are ``rounds=5`` with ``rounds: 9`` in the options). The contestants are entered in number
    order with seeding points, most for team 1; ``seed`` is given to every draw and
    seeds the results. Returns the rounds in order."""
    given = options if isinstance(options, BaseModel) else dict(options or {})
    conditions = parse_options(method, given)
    if not isinstance(conditions, PairingOptions):
        raise PluginError(
            N_("The options of %(method)s must extend PairingOptions."),
            code="plugin.pairing_options",
            method=method.name,
        )
    if rounds is None:
        rounds = conditions.rounds
    elif conditions.rounds is None:
        conditions = conditions.model_copy(update={"rounds": rounds})
    if rounds is None:
        raise InvalidInput(
            N_("simulate_swiss needs the number of rounds to play."),
            hint=N_("Give rounds=, or rounds in the options."),
            code="simulate.rounds",
        )
    rng = random.Random(seed)
    contestants = swiss_entries(teams, seeded=True)
    scores = {s.number: Fraction(0) for s in contestants}
    after: list[tuple[Standing, ...]] = []
    history = History()
    event: list[SwissRound] = []
    for rnd in range(1, rounds + 1):
        field = Field(kind=kind, contestants=contestants, after=tuple(after))
        draw = method.draw(rnd, field, history, conditions, seed)
        check_draw(draw, rnd, field, history, conditions)
        event.append(SwissRound(rnd, field, history, draw))
        play_swiss_round(draw, scores, rng)
        after.append(swiss_standings(scores))
        history = History(draws=(*history.draws, draw))
    return event
