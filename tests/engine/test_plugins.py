"""The plugin registry: entry-point discovery, allow and block lists, options."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from engine.errors import PluginError
from engine.plugins import create_registry, parse_options


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
