"""The hooks a Traveller plugin can implement.

Each registration hook hands the plugin a ``register`` callback, in the style of
tox and llm::

    from engine import hookimpl

    @hookimpl
    def traveller_register_movements(register):
        register(MyMovement())

A plugin module is found through the ``traveller`` entry-point group; the
built-in plugins are registered the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pluggy

PROJECT = "traveller"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def traveller_register_movements(register: Callable[[Any], None]) -> None:
    """Register movement families (objects following :class:`engine.registry.MovementFamily`)."""


@hookspec
def traveller_register_scoring_methods(register: Callable[[Any], None]) -> None:
    """Register scoring methods (objects following :class:`engine.registry.ScoringMethod`)."""


@hookspec
def traveller_register_vp_scales(register: Callable[[Any], None]) -> None:
    """Register victory-point scales (following :class:`engine.registry.VictoryPointScale`)."""


@hookspec
def traveller_register_masterpoint_rules(register: Callable[[Any], None]) -> None:
    """Register masterpoint rules (following :class:`engine.registry.MasterpointRule`)."""


@hookspec
def traveller_register_carry_over_rules(register: Callable[[Any], None]) -> None:
    """Register carry-over rules (following :class:`engine.registry.CarryOverRule`)."""


@hookspec
def traveller_register_pairing_methods(register: Callable[[Any], None]) -> None:
    """Register Swiss pairing methods (following :class:`engine.registry.PairingMethod`)."""


@hookspec
def traveller_register_conventions(register: Callable[[Any], None]) -> None:
    """Register convention profiles (:class:`engine.conventions.ConventionProfile`): a named
    set of option values across the scoring methods that an event may choose."""
