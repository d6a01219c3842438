"""The rules every team movement must keep, checked by hand (not through the plugins' code).

``assert_team_movement`` is imported by the other team-movement tests; the tests here
show that it catches each broken rule."""

from __future__ import annotations

from collections import Counter
from importlib.metadata import entry_points
from types import ModuleType

import pytest

from engine.movement import Encounter, Movement
from engine.registry import ENTRY_POINT_GROUP, create_registry
from engine.seating import Numbering
from engine.validator import check
from plugins.movements.mitchell import basic as mitchell
from plugins.movements.teams.bam import Bam, BamOptions, schedule

UNEQUAL = "Boards are played unequally"


def not_installed(*modules: ModuleType) -> tuple[ModuleType, ...]:
    """The plugin modules to hand ``memory_app``/``create_registry``: those not already
    loaded from an entry point (pluggy refuses to register a module twice)."""
    installed = {ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}
    return tuple(m for m in modules if m.__name__ not in installed)


def assert_team_movement(m: Movement, *, equal_plays: bool = True) -> None:
    """A sound team movement: the pairs rules, and both pairs of a team compared on every board.

    ``equal_plays=False`` for the movements whose sets are played unequally by design
    (a relay round, the New England relay): the validator's one objection is then that."""
    report = check(m)
    problems = report.problems if equal_plays else [p for p in report.problems if UNEQUAL not in p]
    assert problems == []
    assert m.kind == "teams" and m.numbering is Numbering.MITCHELL
    assert all(e.ns == e.table for e in m.schedule), "NS pairs stay at their home tables"
    seated = Counter(
        (e.round, line, n) for e in m.schedule for line, n in (("NS", e.ns), ("EW", e.ew))
    )
    assert max(seated.values()) == 1, "no pair at two tables in a round"
    tables = Counter((e.round, e.table) for e in m.schedule)
    assert set(tables.values()) == {1} and len(tables) == m.rounds * m.tables, (
        "every table, every round"
    )
    played = Counter(
        (line, n, b)
        for e in m.schedule
        for line, n in (("NS", e.ns), ("EW", e.ew))
        for b in e.boards
    )
    assert max(played.values()) == 1, "no pair plays a board twice"
    assert all(e.ns != e.ew for e in m.schedule), "a team never plays itself"
    met = Counter((e.ns, e.ew) for e in m.schedule)
    assert max(met.values()) == 1, "two teams meet once at each table at most"
    assert all((ew, ns) in met for ns, ew in met), "when NS a meets EW b, NS b meets EW a"
    results = {(b, e.ns, e.ew) for e in m.schedule for b in e.boards}
    unmatched = [(b, ns, ew) for b, ns, ew in results if (b, ew, ns) not in results]
    assert unmatched == [], "both pairs of a team play each board against the same team"
    plays = Counter(b for e in m.schedule for b in e.boards)
    assert all(n % 2 == 0 for n in plays.values()), "each board is compared in pairs of tables"
    if equal_plays:
        assert len(set(plays.values())) == 1, "every board is played equally often"


def _with(m: Movement, index: int, **change: object) -> Movement:
    schedule = list(m.schedule)
    schedule[index] = schedule[index].model_copy(update=change)
    return m.model_copy(update={"schedule": tuple(schedule)})


def test_a_sound_movement_passes() -> None:
    assert_team_movement(Bam().build(7))


def test_catches_a_team_playing_itself() -> None:
    m = Bam().build(5)
    broken = _with(m, 0, ew=m.schedule[0].ns)
    assert any(p.startswith("Team 1's two pairs play each other") for p in check(broken).problems)
    with pytest.raises(AssertionError):
        assert_team_movement(broken)


def test_catches_an_uncompared_board() -> None:
    m = Bam().build(5)
    first: Encounter = m.schedule[0]
    # Swap the EW pairs of two tables in round 1: the boards no longer meet their mirror.
    second = m.schedule[1]
    broken = _with(_with(m, 0, ew=second.ew), 1, ew=first.ew)
    assert any("cannot be compared" in p for p in check(broken).problems)
    with pytest.raises(AssertionError):
        assert_team_movement(broken)


def test_catches_unequal_plays_unless_allowed() -> None:
    with_relay = schedule(6, BamOptions(relay=True))
    assert_team_movement(with_relay, equal_plays=False)
    with pytest.raises(AssertionError):
        assert_team_movement(with_relay)


def test_catches_a_board_played_twice() -> None:
    m = Bam().build(5)
    later = next(e for e in m.schedule if e.round == 2 and e.ns == 1)
    with pytest.raises(AssertionError):
        assert_team_movement(_with(m, 0, boards=later.boards))


def test_not_installed_leaves_out_entry_point_plugins() -> None:
    assert not_installed(mitchell) == ()
    assert create_registry(*not_installed(mitchell)).movement("mitchell").name == "mitchell"
