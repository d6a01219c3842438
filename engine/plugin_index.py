"""A distribution's index of its plugins: what each of its entry points registers, read
without importing them, so that the registry imports a plugin's module only when one of
its plugins is first asked for (docs/decisions/0029).

A distribution declares its index in the ``traveller.index`` entry-point group: a mapping
from the name of each of its entry points (in the ``traveller`` group) to the kinds it
registers — a registration hook's name after ``traveller_register_`` — and, for each, the
names and aliases of the plugins it registers of that kind::

    [project.entry-points."traveller.index"]
    club-plugins = "club_plugins.index:INDEX"

    INDEX = {"club-mitchell": {"movements": ("club-mitchell", "cm")}}

An entry point its distribution does not index is imported when the registry is built,
as every plugin was before indexes. The registry checks an indexed plugin against its
index when it imports it, so an index cannot silently hide or rename a plugin.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.errors import N_, PluginError

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

INDEX_GROUP = "traveller.index"

KINDS = (
    "movements",
    "scoring_methods",
    "vp_scales",
    "masterpoint_rules",
    "carry_over_rules",
    "pairing_methods",
    "conventions",
)
"""The kinds of plugin, as the registration hooks name them (``traveller_register_<kind>``)."""

Names = Mapping[str, frozenset[str]]
"""What one entry point registers: kind → the names and aliases of its plugins of that
kind, in lower case (the registry looks names up in any case)."""


@dataclass(frozen=True)
class Waiting:
    """An indexed plugin whose module is not imported yet, and what its index says it
    registers."""

    entry_point: EntryPoint
    names: Names


def indexed(plugins: Iterable[EntryPoint], indexes: Iterable[EntryPoint]) -> dict[str, Names]:
    """The entry points of ``plugins`` that their own distribution indexes (entry-point
    name → what it registers), read from the ``indexes`` (entry points of
    :data:`INDEX_GROUP`). An index speaks only for its own distribution's entry points.

    Both are read from one ``entry_points()``, which gives every entry point of a
    distribution the same distribution object: they are compared by it, as reading a
    distribution's name parses its metadata again each time."""
    wanted = {(id(ep.dist), ep.name) for ep in plugins}
    found: dict[str, Names] = {}
    for index in indexes:
        for name, kinds in _read(index).items():
            if (id(index.dist), name) in wanted:
                found[name] = kinds
    return found


def _read(index: EntryPoint) -> dict[str, Names]:
    """The index ``index`` points at, checked: a mapping of entry-point names to kinds to
    names."""
    try:
        loaded: Any = index.load()
    except Exception as exc:
        raise _bad(index, str(exc)) from exc
    if not isinstance(loaded, Mapping):
        raise _bad(index, f"it is a {type(loaded).__name__}, not a mapping")
    read: dict[str, Names] = {}
    for entry, kinds in loaded.items():
        if not isinstance(kinds, Mapping) or set(kinds) - set(KINDS):
            raise _bad(index, f"{entry!r} names no kinds among {', '.join(KINDS)}")
        read[entry] = {
            kind: frozenset(name.lower() for name in names) for kind, names in kinds.items()
        }
    return read


def _bad(index: EntryPoint, problem: str) -> PluginError:
    return PluginError(
        N_("The plugin index %(index)s cannot be read: %(problem)s."),
        hint=N_(
            "An index maps each entry-point name to the kinds it registers and their "
            "names; correct it, or remove it (the plugins are then imported when the "
            "registry is built)."
        ),
        code="plugin.index",
        index=repr(index.value),
        problem=problem,
    )


def index_entry(registered: Mapping[str, Iterable[Any]]) -> dict[str, tuple[str, ...]]:
    """An index's entry for what one entry point registered (kind → its plugins): each
    kind's names and aliases, in the order the plugins give them."""
    return {
        kind: tuple(name for p in plugins for name in (p.name, *getattr(p, "aliases", ())))
        for kind, plugins in registered.items()
        if plugins
    }
