"""``traveller masterpoints`` through typer, on a fresh app with the masterpoint plugins."""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from adapters.cli import common
from adapters.cli.masterpoints import register
from engine.testing import memory_app
from plugins.masterpoints import eligibility, jcbl

runner = CliRunner()


@pytest.fixture
def cli() -> typer.Typer:
    app = typer.Typer()
    register(app)
    return app


@pytest.fixture
def store(monkeypatch: pytest.MonkeyPatch) -> str:
    """A memory store whose application knows the masterpoint plugins under test (alone)."""
    monkeypatch.setenv("TRAVELLER_PLUGINS", "matchpoints")
    url = f"memory:{uuid.uuid4().hex}"
    monkeypatch.setitem(common._apps, url, memory_app(jcbl, eligibility))
    return url


def run(cli: typer.Typer, store: str, *args: str, ok: bool = True) -> Any:
    result = runner.invoke(cli, [*args, "--store", store, "--format", "json"])
    if ok:
        assert result.exit_code == 0, (result.stdout, result.stderr)
        return json.loads(result.stdout)
    assert result.exit_code == 1, (result.stdout, result.stderr)
    assert result.stdout == ""
    return json.loads(result.stderr)


def test_the_awards_of_a_class_3_pairs_game(cli: typer.Typer, store: str) -> None:
    # 15 pairs: the top 6 are placed; 0.45 × 0.7^(n−1). The manual prints 0.07 for 6th,
    # a misprint of the formula's 0.0756… → 0.08 (see tests/plugins/test_masterpoints_jcbl.py).
    assert run(cli, store, "--rule", "jcbl", "--class", "3", "--contestants", "15") == {
        "awards": ["0.45", "0.32", "0.22", "0.15", "0.11", "0.08"]
    }


def test_jcbl_is_the_default_rule(cli: typer.Typer, store: str) -> None:
    assert run(cli, store, "--class", "1", "--contestants", "2") == {"awards": ["0.02"]}


def test_a_team_game_with_and_without_the_teams_record(cli: typer.Typer, store: str) -> None:
    base = ("--class", "4", "--contestants", "13", "--teams")
    assert run(cli, store, *base)["awards"] == ["1.00", "0.70", "0.49", "0.34", "0.24"]
    record = ("--boards", "8", "--vp", "45.5", "--max-vp", "20", "--players", "4")
    # 4 × 8 × 45.5 / (100 × 20 × 4) = 0.182: less than any placed team's formula award.
    assert run(cli, store, *base, *record)["awards"] == ["1.00", "0.70", "0.49", "0.34", "0.24"]
    # Class 1: 1 × 8 × 45.5 / 8000 = 0.0455, less than 0.12, 0.084 and 0.0588.
    assert run(cli, store, "--class", "1", "--contestants", "6", "--teams", *record)["awards"] == [
        "0.12",
        "0.08",
        "0.06",
    ]
    bigger = ("--boards", "8", "--vp", "120", "--max-vp", "20", "--players", "4")
    # 1 × 8 × 120 / 8000 = 0.12: every placed team gets it when the formula pays less.
    assert run(cli, store, "--class", "1", "--contestants", "6", "--teams", *bigger)["awards"] == [
        "0.12",
        "0.12",
        "0.12",
    ]


def test_each_placed_teams_own_record(cli: typer.Typer, store: str) -> None:
    """V differs from team to team: one --vp a placed team, in place order."""
    base = ("--class", "1", "--contestants", "6", "--teams", "--boards", "8")
    record = ("--vp", "120", "--vp", "100", "--vp", "40", "--max-vp", "20", "--players", "4")
    # 8 × 120 / 8000 = 0.12 over 0.12; 8 × 100 / 8000 = 0.10 over 0.084; 0.04 under 0.0588.
    assert run(cli, store, *base, *record)["awards"] == ["0.12", "0.10", "0.06"]
    two = ("--vp", "120", "--vp", "100", "--max-vp", "20", "--players", "4")
    refused = run(cli, store, *base, *two, ok=False)
    assert "2 VP figures were given for 3 placed teams" in refused["message"]


def test_the_table_format_shows_each_place(cli: typer.Typer, store: str) -> None:
    result = runner.invoke(cli, ["--class", "5", "--contestants", "9", "--store", store])
    assert result.exit_code == 0, result.stderr
    assert "Masterpoints (jcbl 1.0): class 5, 9 contestants" in " ".join(result.stdout.split())
    rows = [line.strip("│ ").split("│") for line in result.stdout.splitlines() if "│" in line]
    assert [[cell.strip() for cell in row] for row in rows] == [
        ["1", "0.45"],
        ["2", "0.32"],
        ["3", "0.22"],
        ["4", "0.15"],
    ]


@pytest.mark.parametrize(
    ("args", "message", "hint"),
    [
        (("--class", "6", "--contestants", "10"), "game_class", "Options it takes"),
        (("--class", "1", "--contestants", "10", "--boards", "8"), "for a team game", None),
        (("--rule", "green", "--class", "1", "--contestants", "10"), "awards none", "jcbl"),
        (("--rule", "acbl", "--class", "1", "--contestants", "10"), "no masterpoint rule", "jcbl"),
    ],
)
def test_a_director_is_told_what_is_wrong(
    cli: typer.Typer, store: str, args: tuple[str, ...], message: str, hint: str | None
) -> None:
    error = run(cli, store, *args, ok=False)
    assert error["error"] == "PluginError"
    assert message in error["message"]
    if hint:
        assert hint in error["hint"]


def test_an_award_rule_needs_the_game_or_an_event(cli: typer.Typer, store: str) -> None:
    error = run(cli, store, "--rule", "jcbl", "--class", "3", ok=False)
    assert error["error"] == "InvalidInput" and "--contestants" in error["hint"]
    # With --event an award rule awards the event's masterpoints (an event it must find).
    error = run(cli, store, "--rule", "jcbl", "--event", "anything", ok=False)
    assert error["error"] == "NotFound" and "anything" in error["message"]
    # The contestants of an event are counted from its standings, never typed in.
    error = run(cli, store, "--event", "anything", "--contestants", "8", "--teams", ok=False)
    assert error["error"] == "InvalidInput"
    assert "--contestants, --teams are not given" in error["message"]
    error = run(cli, store, "--rule", "green", "--class", "1", "--contestants", "10", ok=False)
    assert "--event" in error["hint"]
