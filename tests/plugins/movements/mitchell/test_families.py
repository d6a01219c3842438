"""Every Mitchell family: the plugin contract, and a whole session through the application."""

from __future__ import annotations

from importlib.metadata import entry_points
from types import ModuleType
from typing import Any

import pytest

from engine.registry import ENTRY_POINT_GROUP, MovementFamily, create_registry, parse_options
from engine.testing import memory_app, play_movement
from plugins.movements.mitchell import appendix as mitchell_appendix
from plugins.movements.mitchell import arrow as mitchell_arrow
from plugins.movements.mitchell import basic as mitchell
from plugins.movements.mitchell import half_appendix as mitchell_half_appendix
from plugins.movements.mitchell import mirror as mitchell_mirror
from plugins.movements.mitchell import rover as mitchell_rover
from plugins.movements.mitchell import twin as mitchell_twin
from plugins.movements.mitchell import web as mitchell_web
from tests.conftest import register_pairs

MODULES: dict[str, ModuleType] = {
    "arrow-switch-mitchell": mitchell_arrow,
    "twin-mitchell": mitchell_twin,
    "web-mitchell": mitchell_web,
    "mirror-mitchell-pairs": mitchell_mirror,
    "rover-mitchell": mitchell_rover,
    "half-appendix-mitchell": mitchell_half_appendix,
    "appendix-mitchell": mitchell_appendix,
}


def not_installed(*modules: ModuleType) -> tuple[ModuleType, ...]:
    """The modules not yet loaded from an entry point (pluggy registers a module once)."""
    installed = {ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}
    return tuple(m for m in modules if m.__name__ not in installed)


def families() -> list[MovementFamily]:
    registry = create_registry(*not_installed(*MODULES.values()))
    return [registry.movement(name) for name in MODULES]


def test_each_family_keeps_the_plugin_contract() -> None:
    for family in families():
        assert isinstance(family, MovementFamily)
        assert family.__doc__ and family.Options.__doc__
        assert family.version and family.name in MODULES
        parse_options(family, {"boards_per_round": 3})


def test_names_and_aliases_are_distinct() -> None:
    registry = create_registry(*not_installed(*MODULES.values(), mitchell))
    names = [n for f in registry.movements() for n in (f.name, *f.aliases)]
    assert len(names) == len(set(names))
    assert registry.movement("scrambled-mitchell").name == "arrow-switch-mitchell"
    assert registry.movement("ns-rover-mitchell").name == "rover-mitchell"


# Family → (pairs registered, tables given to the movement or None, options).
SESSIONS: dict[str, tuple[int, int | None, dict[str, Any]]] = {
    "arrow-switch-mitchell": (14, None, {}),
    "twin-mitchell": (20, None, {}),
    "web-mitchell": (28, None, {"sets": 9}),
    "mirror-mitchell-pairs": (12, None, {}),
    "rover-mitchell": (15, 7, {}),
    "half-appendix-mitchell": (17, None, {}),
    "appendix-mitchell": (19, None, {}),
}


@pytest.mark.parametrize("family", list(SESSIONS))
def test_a_whole_session_is_played(family: str) -> None:
    pairs, tables, given = SESSIONS[family]
    app = memory_app(*not_installed(MODULES[family]))
    event = app.create_event(f"{family} night")
    register_pairs(app, event, pairs)
    app.assign_movement(event, family, tables=tables, options=given)
    state = app.section(event)
    movement = state.movement
    assert movement is not None and movement.family == family
    expected = sum(
        len(e.boards)
        for e in movement.schedule
        if state.phantom not in (movement.ns_pair(e), movement.ew_pair(e))
    )
    assert play_movement(app, event) == expected > 0
    assert len(app.section(event).tables) == expected


def test_a_late_pair_takes_the_phantoms_place_in_an_appendix_mitchell() -> None:
    """19 pairs in a 10-table appendix Mitchell: NS 10 (at the last appended table) is
    the phantom, so every board is still played the same number of times."""
    app = memory_app(*not_installed(mitchell_appendix))
    event = app.create_event("Appendix with a half table")
    register_pairs(app, event, 19)
    app.assign_movement(event, "appendix-mitchell", tables=10)
    state = app.section(event)
    assert str(state.phantom) == "NS 10"
    assert set(state.expected_plays().values()) == {9}
