"""Plugins imported when first asked for (docs/decisions/0029).

A distribution's index says what each of its entry points registers; the registry
imports an indexed plugin's module when one of its plugins is first asked for, by name or
in a list of its kind, and holds it to its index then. An unindexed plugin is imported
when the registry is built, as before. The built-in index is what the plugins register.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from importlib.metadata import EntryPoint, EntryPoints
from pathlib import Path
from typing import Any

import pytest

import plugins.scoring.matchpoints
from engine.errors import PluginError
from engine.hookspecs import hookimpl
from engine.plugin_index import INDEX_GROUP, KINDS
from engine.registry import ENTRY_POINT_GROUP, create_registry
from plugins.index import INDEX
from tests.interpreter import fresh


def plugin_modules(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m.startswith("plugins."))


# ---- the built-in index ----------------------------------------------------------------------


def test_the_built_in_index_is_what_every_built_in_plugin_registers() -> None:
    registry = create_registry()
    built_in = {name for name, release in registry.loaded() if release.startswith("traveller ")}
    registered = {name: entry for name, entry in registry.index().items() if name in built_in}
    assert set(INDEX) == built_in, "every built-in entry point is indexed, and only those"
    assert registered == {name: dict(entry) for name, entry in INDEX.items()}


def test_the_built_ins_wait_until_asked_for() -> None:
    modules, said = fresh(
        """
        import sys
        from engine.registry import create_registry

        registry = create_registry()
        built = sorted(m for m in sys.modules if m.startswith("plugins."))
        method = registry.scoring("MP").name
        said = {"built": built, "method": method, "loaded": len(registry.loaded())}
        """
    )
    assert said["built"] == ["plugins.index"], "building the registry imports no plugin"
    assert said["method"] == "matchpoints"
    assert said["loaded"] == len(INDEX), "every plugin offered is named for the audit trail"
    assert "plugins.scoring.matchpoints" in modules
    others = ("plugins.movements", "plugins.pairing", "plugins.masterpoints", "plugins.conventions")
    assert [m for m in plugin_modules(modules) if m.startswith(others)] == []
    assert {"plugins.scoring.cross_imps", "plugins.scoring.team_events"}.isdisjoint(modules)


def test_a_list_of_a_kind_is_in_the_order_its_hooks_give_it() -> None:
    """As when every plugin was imported at once: pluggy's order of the hooks' calls."""
    registry = create_registry()
    listed: dict[str, list[Any]] = {
        "movements": registry.movements(),
        "scoring_methods": registry.scoring_methods(),
        "vp_scales": registry.vp_scales(),
        "masterpoint_rules": registry.masterpoint_rules(),
        "carry_over_rules": registry.carry_over_rules(),
        "pairing_methods": registry.pairing_methods(),
        "conventions": registry.conventions(),
    }
    for kind in KINDS:
        called: list[str] = []
        getattr(registry.manager.hook, f"traveller_register_{kind}")(
            register=lambda p, called=called: called.append(p.name)
        )
        assert [p.name for p in listed[kind]] == called, kind


def test_an_unknown_name_lists_every_plugin_of_its_kind() -> None:
    with pytest.raises(PluginError, match=r"no scoring method called 'nope'") as caught:
        create_registry().scoring("nope")
    assert caught.value.hint is not None
    assert "cross-imps" in str(caught.value.hint) and "total-points" in str(caught.value.hint)


def test_the_kit_given_a_built_in_module_registers_it_once() -> None:
    registry = create_registry(plugins.scoring.matchpoints)
    assert registry.scoring("mp").name == "matchpoints"
    assert [m.name for m in registry.scoring_methods()].count("matchpoints") == 1


# ---- an index of a third party's ------------------------------------------------------------

CLUB = """
from engine.hookspecs import hookimpl


class Sprint:
    name = "club-sprint"
    aliases = ("sprint",)
    version = "1"


@hookimpl
def traveller_register_scoring_methods(register):
    register(Sprint())
"""


@pytest.fixture
def club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A third party's plugin module ``club_sprint`` on the path, and the entry points
    the registry finds replaced by :func:`installed`'s."""
    (tmp_path / "club_sprint.py").write_text(CLUB)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv("TRAVELLER_PLUGINS", raising=False)
    monkeypatch.delenv("TRAVELLER_PLUGINS_BLOCK", raising=False)
    yield tmp_path
    for module in ("club_sprint", "club_index", "club_typo"):
        sys.modules.pop(module, None)


def installed(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    index: dict[str, Any] | None,
    *others: str,
) -> None:
    """Only ``club_sprint`` (and the modules ``others``, by their names) installed, indexed
    by ``index`` (none: no index)."""
    points = [
        EntryPoint(name.replace("_", "-"), name, ENTRY_POINT_GROUP)
        for name in ("club_sprint", *others)
    ]
    if index is not None:
        (tmp_path / "club_index.py").write_text(f"INDEX = {index!r}\n")
        points.append(EntryPoint("club", "club_index:INDEX", INDEX_GROUP))
    monkeypatch.setattr("importlib.metadata.entry_points", lambda: EntryPoints(points))


def test_an_indexed_plugin_is_imported_when_first_asked_for(
    club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    installed(monkeypatch, club, {"club-sprint": {"scoring_methods": ("club-sprint", "sprint")}})
    registry = create_registry()
    assert "club_sprint" not in sys.modules
    assert registry.scoring("SPRINT").name == "club-sprint"
    assert "club_sprint" in sys.modules
    assert registry.loaded() == [("club-sprint", "?")]


def test_an_unindexed_plugin_is_imported_when_the_registry_is_built(
    club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    installed(monkeypatch, club, None)
    create_registry()
    assert "club_sprint" in sys.modules


def test_an_index_that_misnames_its_plugin_is_refused_when_the_plugin_is_imported(
    club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    installed(monkeypatch, club, {"club-sprint": {"scoring_methods": ("club-sprint",)}})
    registry = create_registry()
    with pytest.raises(PluginError, match="registers club-sprint, sprint as scoring_methods") as no:
        registry.scoring("club-sprint")
    assert no.value.code == "plugin.index"
    asked = (
        lambda: registry.scoring("club-sprint"),
        lambda: registry.scoring("sprint"),  # the name the index did not give: not taken
        registry.scoring_methods,
    )
    for again in asked:
        with pytest.raises(PluginError, match="but its index says club-sprint"):
            again()  # refused, it stays refused


def test_an_index_of_an_unknown_kind_is_refused_when_the_registry_is_built(
    club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    installed(monkeypatch, club, {"club-sprint": {"scoring": ("club-sprint",)}})
    with pytest.raises(PluginError, match="cannot be read: 'club-sprint' names no kinds"):
        create_registry()


def test_a_name_an_indexed_plugin_would_take_twice_is_refused_when_the_registry_is_built(
    club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Twin:
        name = "sprint"
        aliases = ()
        version = "0"

    class Extra:
        @hookimpl
        def traveller_register_scoring_methods(self, register):  # type: ignore[no-untyped-def]
            register(Twin())

    installed(monkeypatch, club, {"club-sprint": {"scoring_methods": ("club-sprint", "sprint")}})
    with pytest.raises(PluginError, match="both call themselves 'sprint'"):
        create_registry(Extra())
    assert "club_sprint" not in sys.modules, "known from the index alone"


def test_an_indexed_plugin_that_cannot_be_imported_is_refused_when_asked_for(
    club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (club / "club_sprint.py").write_text("raise ImportError('no module named sprintlib')\n")
    installed(monkeypatch, club, {"club-sprint": {"scoring_methods": ("club-sprint", "sprint")}})
    registry = create_registry()  # nothing imported yet: nothing to refuse
    with pytest.raises(PluginError, match="'club-sprint' could not be loaded: no module named"):
        registry.scoring("sprint")


def test_a_refused_plugin_does_not_stop_the_others(
    club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (club / "club_typo.py").write_text(
        "from engine.hookspecs import hookimpl\n\n\n@hookimpl\n"
        "def traveller_register_scoring_methodz(register):\n    pass\n"
    )
    index = {
        "club-sprint": {"scoring_methods": ("club-sprint", "sprint")},
        "club-typo": {"scoring_methods": ("typo",)},
    }
    installed(monkeypatch, club, index, "club_typo")
    registry = create_registry()
    with pytest.raises(PluginError, match="implements 'traveller_register_scoring_methodz'"):
        registry.scoring("typo")
    assert registry.scoring("sprint").name == "club-sprint"
