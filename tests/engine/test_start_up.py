"""A query starts quickly (issue 16): the application imports, at its start, what every
query needs — the events, the states and their folds, the standings — and each command's
checks, the renumbering search, the Swiss draw, the signatures' cryptography… where
that command is run; of the plugins, the scoring method a section is scored by.

Pinned by the modules a fresh interpreter holds (never by a timing).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from uuid import UUID

from adapters.storage import env_for
from engine.application import Traveller
from engine.testing import play_movement
from tests import interpreter
from tests.conftest import register_pairs

COMMANDS_ONLY = (
    "engine.access",
    "engine.advisor",
    "engine.application.publications",
    "engine.carry_over",
    "engine.deals",
    "engine.masterpoints",
    "engine.match_reports",
    "engine.renumbering",
    "engine.round_seating",
    "engine.section.checks",
    "engine.section.decide",
    "engine.swiss",
    "engine.swiss_seating",
    "engine.table_round",
    "engine.totals",
    "engine.tournament.decide",
    "engine.travellers",
    "engine.validator",
)
"""What only commands, or queries other than the standings, use."""

HEAVY = (
    "cryptography",
    "endplay",
    "fastapi",
    "jinja2",
    "lxml",
    "networkx",
    "numpy",
    "ortools",
    "rustworkx",
    "uvicorn",
)
"""Libraries a club's standings never use (numpy: not for a club-size section)."""

OTHER_PLUGINS = ("plugins.movements", "plugins.pairing", "plugins.masterpoints")


def fresh(code: str) -> tuple[set[str], Any]:
    """:func:`tests.interpreter.fresh`, logging warnings only (the log's set-up is not
    what is measured)."""
    return interpreter.fresh(code, TRAVELLER_LOG="warning")


def under(modules: set[str], packages: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == p or m.startswith(f"{p}.") for p in packages))


def test_the_application_imports_no_command_s_machinery() -> None:
    modules, _ = fresh("import engine.application\nsaid = None")
    assert under(modules, (*COMMANDS_ONLY, *HEAVY, "plugins")) == []


def club_night(tmp_path: Path) -> tuple[str, UUID]:
    """A store (its URL) with a 4-table Mitchell played, and the event's id."""
    store = f"sqlite:///{tmp_path / 'club.db'}"
    app = Traveller(env_for(store))
    event = app.create_event("Club night")
    register_pairs(app, event, 8)
    app.assign_movement(event, "mitchell", tables=4)
    play_movement(app, event)
    app.close()
    return store, event


def test_a_club_s_standings_import_its_scoring_method_and_nothing_of_the_commands(
    tmp_path: Path,
) -> None:
    store, event = club_night(tmp_path)
    app = Traveller(env_for(store))
    expected = app.standings(event).to_json()
    app.close()
    modules, said = fresh(
        f"""
        from adapters.storage import env_for
        from engine.application import Traveller
        from uuid import UUID

        app = Traveller(env_for({store!r}))
        said = app.standings(UUID({str(event)!r})).to_json()
        """
    )
    assert said == json.loads(json.dumps(expected, default=str))
    assert under(modules, (*COMMANDS_ONLY, *HEAVY, *OTHER_PLUGINS)) == []
    assert "plugins.scoring.matchpoints" in modules


def test_traveller_standings_imports_its_scoring_method_and_nothing_of_the_commands(
    tmp_path: Path,
) -> None:
    store, event = club_night(tmp_path)
    modules, said = fresh(
        f"""
        import contextlib, io, sys
        from adapters.cli.launch import run

        sys.argv = ["traveller", "standings", "--event", {str(event)!r}, "--store", {store!r}]
        shown = io.StringIO()
        with contextlib.redirect_stdout(shown):
            try:
                run()
            except SystemExit as done:
                assert done.code in (0, None), done.code
        said = shown.getvalue()
        """
    )
    assert "Section A" in said
    assert under(modules, (*COMMANDS_ONLY, *HEAVY, *OTHER_PLUGINS)) == []
