"""The plugin registry: entry-point discovery, allow and block lists, options, and what
the engine does with a plugin's movement (checks it before it is assigned)."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

import pytest
from pydantic import BaseModel, Field

from engine.errors import InvalidMovement, PluginError
from engine.hookspecs import hookimpl
from engine.movement import Movement
from engine.registry import create_registry, parse_options
from engine.testing import memory_app
from plugins.movements.mitchell.basic import Mitchell, MitchellOptions
from tests.conftest import register_pairs, register_teams


def test_the_built_ins_load_through_the_entry_point_group() -> None:
    registry = create_registry()
    assert {m.name for m in registry.movements()} >= {"mitchell", "howell"}
    assert registry.scoring("MP").name == "matchpoints"
    assert ("matchpoints", "traveller 0.1.0") in registry.loaded()


def test_plugins_can_be_restricted_and_blocked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAVELLER_PLUGINS", "howell,matchpoints")
    assert [m.name for m in create_registry().movements()] == ["howell"]
    monkeypatch.delenv("TRAVELLER_PLUGINS")
    monkeypatch.setenv("TRAVELLER_PLUGINS_BLOCK", "howell")
    registry = create_registry()
    with pytest.raises(PluginError, match=r"no movement called 'howell'.*Known: .*mitchell"):
        registry.movement("howell")


def test_an_extra_plugin_object_is_registered_and_names_must_be_unique() -> None:
    from engine.hookspecs import hookimpl

    class Twin:
        name = "mitchell"
        aliases = ()
        version = "0"

    class Extra:
        @hookimpl
        def traveller_register_movements(self, register):  # type: ignore[no-untyped-def]
            register(Twin())

    with pytest.raises(PluginError, match="both call themselves 'mitchell'"):
        create_registry(Extra())


def test_bad_options_name_the_field() -> None:
    class DemoOptions(BaseModel):
        boards_per_round: int = 2

    class Plugin:
        name = "demo"
        Options = DemoOptions

    assert parse_options(Plugin, {"boards_per_round": "3"}).model_dump() == {"boards_per_round": 3}
    with pytest.raises(PluginError, match="boards_per_round"):
        parse_options(Plugin, {"boards_per_round": "three"})


def test_text_options_name_a_literal_number_or_truth_value() -> None:
    """Options from the command line are text: ``session=2`` must still pick ``2`` from
    ``Literal[1, 2]`` (pydantic reads "2" as 2 for an int, not for a literal)."""

    class DemoOptions(BaseModel):
        session: Literal[1, 2] = 1
        stanzas: Literal[1, 2] | None = None
        style: Literal["auto", 1] = "auto"
        strict: Literal[True] | None = None
        rounds: int | None = Field(default=None, alias="rounds_played")

    class Plugin:
        name = "demo"
        Options = DemoOptions

    parsed = parse_options(Plugin, {"session": "2", "stanzas": "1", "style": "1"})
    assert parsed.model_dump() == {
        "session": 2,
        "stanzas": 1,
        "style": 1,
        "strict": None,
        "rounds": None,
    }
    assert parse_options(Plugin, {"style": "auto", "strict": "yes"}).model_dump()["strict"]
    assert parse_options(Plugin, {"session": 2, "rounds_played": "5"}).model_dump()["rounds"] == 5
    with pytest.raises(PluginError, match="session: Input should be 1 or 2") as caught:
        parse_options(Plugin, {"session": "3"})
    assert caught.value.hint == "Options it takes: session, stanzas, style, strict, rounds."
    with pytest.raises(PluginError, match="session: Input should be 1 or 2"):
        parse_options(Plugin, {"session": "true"})


def test_a_movement_assigned_with_text_options() -> None:
    """``traveller movement assign --option session=2`` passes text to the same parser."""
    app = memory_app()
    event = app.create_event("Stagger")
    register_teams(app, event, 6)
    state = app.assign_movement(event, "stagger", options={"session": "2"})
    assert state.movement is not None and state.movement.rounds == 3
    assert "session 2" in state.movement.description


class _NoOptions(BaseModel):
    """A third-party family with nothing to set."""


class BrokenMitchell:
    """A third party's Mitchell that sends table 1 back to boards 1-2 in round 2.

    It does not check its own schedule: the engine must."""

    name: ClassVar[str] = "broken-mitchell"
    aliases: ClassVar[tuple[str, ...]] = ()
    version: ClassVar[str] = "0.1"
    Options: ClassVar[type[BaseModel]] = _NoOptions

    def build(self, tables: int, options: Any) -> Movement:
        sound = Mitchell().build(tables, MitchellOptions(variant="straight"))
        schedule = tuple(
            e.model_copy(update={"boards": (1, 2)}) if (e.round, e.table) == (2, 1) else e
            for e in sound.schedule
        )
        return sound.model_copy(update={"family": self.name, "schedule": schedule})


class BrokenPlugin:
    @hookimpl
    def traveller_register_movements(self, register):  # type: ignore[no-untyped-def]
        register(BrokenMitchell())


def test_a_plugin_movement_that_breaks_the_rules_is_not_assigned() -> None:
    """``assign_movement`` checks what a plugin built (engine.section.checks.validated): a pair
    meeting a board twice is refused with the validator's problems, and nothing is written."""
    app = memory_app(BrokenPlugin())
    event = app.create_event("Club night")
    register_pairs(app, event, 6)
    before = app.position()
    with pytest.raises(InvalidMovement) as caught:
        app.assign_movement(event, "broken-mitchell")
    assert app.position() == before, "a refused movement must write nothing"
    refused = caught.value
    assert refused.message.startswith(
        "The broken-mitchell plugin built a movement that breaks the rules of duplicate play, "
        "so it was not assigned: The 3-table broken-mitchell movement has 7 problems: "
        "NS pair 1 plays board 1 twice, in rounds 1 and 2. "
    )
    assert refused.message.endswith(" And 4 more.")
    assert "Board 1 is at tables 1 and 3 in round 2 with no relay between them." in (
        refused.problems
    )
    assert "Boards are played unequally (twice: 3-4; 3 times: 5-6; 4 times: 1-2)." in (
        refused.problems
    )
    assert app.section(event).movement is None
    assert not app.section(event).seats


def test_an_unknown_plugin_name_in_the_environment_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TRAVELLER_PLUGINS", "howel,matchpoints")
    with pytest.raises(PluginError, match=r"TRAVELLER_PLUGINS names 'howel'.*howell"):
        create_registry()
    monkeypatch.delenv("TRAVELLER_PLUGINS")
    monkeypatch.setenv("TRAVELLER_PLUGINS_BLOCK", "mitchel")
    with pytest.raises(PluginError, match="TRAVELLER_PLUGINS_BLOCK names 'mitchel'"):
        create_registry()
