"""Convention profiles: a federation's scoring conventions as one named set of options.

Federations' scoring programs agree on the figures and differ in conventions: how a
sit-out's total is factored (ACBLscore), how a Butler datum is found and rounded (JFR
Pary, bridge-scorer). Each convention is an option of its scoring method first; a
profile is a named choice of those options across the methods, registered by a plugin
(``traveller_register_conventions``) and chosen per event (``jcbl``, the JCBL manual,
when an event chooses none: the methods' own defaults).

When an event chooses a profile the option values it gives are recorded with the choice
(plugins decide, events remember): a later release of the profile does not change an
event's figures. The event's own scoring options win over the profile's, option by
option (:func:`options_in_force`; docs/decisions/0026).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

DEFAULT_PROFILE = "jcbl"
"""The profile of an event that chose none: the JCBL manual, every method's defaults."""


@dataclass(frozen=True)
class ConventionProfile:
    """A named set of option values across the scoring methods (a plugin registers it).

    ``options`` maps a scoring method's name to the values of its options this profile
    gives (as a director writes them: ``{"matchpoints": {"factor_to": "session"}}``);
    an option it does not name keeps the method's default. ``sources`` says where each
    value comes from, keyed ``method.option`` (shown by ``traveller conventions list``).
    ``description`` is what a director reads."""

    name: str
    version: str
    description: str
    options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    sources: Mapping[str, str] = field(default_factory=dict)
    aliases: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The profile as data, for every adapter to list."""
        return {
            "name": self.name,
            "aliases": list(self.aliases),
            "version": self.version,
            "description": " ".join(self.description.split()),
            "options": {m: dict(values) for m, values in self.options.items()},
            "sources": dict(self.sources),
        }


def options_in_force(
    conventions: Mapping[str, Mapping[str, Any]], method: str, options: Mapping[str, Any]
) -> dict[str, Any]:
    """The options ``method`` scores by: the profile's values for it (``conventions``, as
    the event recorded them), overridden option by option by the event's own."""
    return {**conventions.get(method, {}), **options}
