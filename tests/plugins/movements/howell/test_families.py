"""Every Howell family through the application: assigned, seated and played end to end."""

from __future__ import annotations

from importlib.metadata import entry_points
from types import ModuleType
from typing import Any

import pytest

from engine.registry import ENTRY_POINT_GROUP, MovementFamily, create_registry
from engine.seating import Pair
from engine.testing import memory_app, play_movement
from engine.tournament import Player
from plugins.movements.howell import appendix as howell_appendix
from plugins.movements.howell import full as howell
from plugins.movements.howell import interwoven as howell_interwoven
from plugins.movements.howell import short as howell_short
from tests.conftest import register_pairs

MODULES: dict[str, ModuleType] = {
    "howell": howell,
    "three-quarter-howell": howell_short,
    "appendix-howell": howell_appendix,
    "interwoven-howell": howell_interwoven,
}


def not_installed(*modules: ModuleType) -> tuple[ModuleType, ...]:
    """The modules not loaded from an entry point yet (pluggy registers a module once)."""
    installed = {ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}
    return tuple(m for m in modules if m.__name__ not in installed)


def test_each_family_is_found_by_name_and_alias() -> None:
    registry = create_registry(*not_installed(*MODULES.values()))
    for name in MODULES:
        family = registry.movement(name)
        assert isinstance(family, MovementFamily) and family.name == name
        for alias in family.aliases:
            assert registry.movement(alias) is family
    names = [n for f in registry.movements() for n in (f.name, *f.aliases)]
    assert len(names) == len(set(names))


# Family → (pairs registered, tables given or None, options).
GAMES: dict[str, tuple[int, int | None, dict[str, Any]]] = {
    "howell": (31, None, {}),
    "three-quarter-howell": (16, None, {"rounds": 11}),
    "appendix-howell": (16, None, {"appended": 2}),
    "interwoven-howell": (18, None, {"session": 2}),
}


@pytest.mark.parametrize("family", list(GAMES))
def test_a_whole_session_is_played(family: str) -> None:
    pairs, tables, options = GAMES[family]
    app = memory_app(*not_installed(MODULES[family]))
    event = app.create_event(f"{family} night")
    register_pairs(app, event, pairs)
    app.assign_movement(event, family, tables=tables, options=options)
    state = app.section(event)
    movement = state.movement
    assert movement is not None and movement.family == movement.plugin == family
    expected = sum(
        len(e.boards)
        for e in movement.schedule
        if state.phantom not in (movement.ns_pair(e), movement.ew_pair(e))
    )
    assert play_movement(app, event) == expected > 0
    assert len(app.section(event).tables) == expected


def test_a_two_session_game_on_8_tables() -> None:
    """The manual's 8 + 7 rounds: the scrambled Mitchell, then the interwoven Howell."""
    app = memory_app(*not_installed(howell_interwoven))
    event = app.create_event("Two sessions")
    app.add_session(event, 2)
    played = 0
    for session, rounds in ((1, 8), (2, 7)):
        for i in range(1, 17):
            app.register_entry(event, [Player(name=f"N{i}"), Player(name=f"S{i}")], session=session)
        app.assign_movement(
            event, "iwh", session=session, options={"session": session, "boards_per_round": 3}
        )
        movement = app.section(event, session).movement
        assert movement is not None and movement.rounds == rounds
        played += play_movement(app, event, session=session)
    assert played == 8 * 8 * 3 + 8 * 7 * 3


def test_a_late_pair_splits_table_6_into_6a_and_6b() -> None:
    """13 pairs: the A/B Howell seats pair 14 (at 6B, table 7) as the phantom."""
    app = memory_app(*not_installed(howell_appendix))
    event = app.create_event("A late pair")
    register_pairs(app, event, 13)
    app.assign_movement(event, "ab-howell", tables=7)
    state = app.section(event)
    assert state.phantom == Pair(14)
    assert set(state.expected_plays().values()) == {6}
