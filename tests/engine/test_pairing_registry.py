"""Swiss pairing methods are a plugin kind: a hook, the registry, the face."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

import engine
from engine import Draw, Field, History, Match, PairingMethod, PairingOptions, hookimpl
from engine.errors import PluginError
from engine.registry import create_registry

BUILT_IN = {"jcbl-quarters", "jcbl-seeded", "jcbl-random", "top-down", "optimal"}


def test_the_built_in_methods_register_through_the_entry_points() -> None:
    registry = create_registry()
    names = {m.name for m in registry.pairing_methods()}
    assert names >= BUILT_IN
    assert all(isinstance(m, PairingMethod) for m in registry.pairing_methods())
    assert registry.pairing("JCBL-1").name == "jcbl-quarters"
    assert registry.pairing("club-guide").name == "top-down"


def test_an_unknown_method_is_refused_with_the_known_ones() -> None:
    with pytest.raises(PluginError, match="no pairing method called 'dutch'") as caught:
        create_registry().pairing("dutch")
    assert "optimal" in (caught.value.hint or "")


class FirstTwo:
    """A third party's draw: 1 v 2, 3 v 4 … by number."""

    name: ClassVar[str] = "by-number"
    aliases: ClassVar[tuple[str, ...]] = ()
    version: ClassVar[str] = "0.1"
    Options = PairingOptions

    def draw(self, round: int, field: Field, history: History, options: Any, seed: int) -> Draw:
        numbers = sorted(field.numbers)
        matches = tuple(
            Match(table=i + 1, home=numbers[2 * i], away=numbers[2 * i + 1])
            for i in range(len(numbers) // 2)
        )
        return Draw(round=round, matches=matches, method=self.name, method_version=self.version)


class Plugin:
    @staticmethod
    @hookimpl
    def traveller_register_pairing_methods(register: Any) -> None:
        register(FirstTwo())


def test_a_third_party_method_registers_through_the_hook() -> None:
    assert create_registry(Plugin()).pairing("by-number").version == "0.1"


def test_the_face_names_the_pairing_api() -> None:
    for name in (
        "Draw",
        "Field",
        "History",
        "Match",
        "PairingMethod",
        "PairingOptions",
        "RematchRule",
        "Standing",
        "check_draw",
        "check_request",
        "setup_warnings",
    ):
        assert name in engine.__all__
    assert engine.__all__ == sorted(engine.__all__)
