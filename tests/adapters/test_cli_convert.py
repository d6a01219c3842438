"""``traveller convert``: IMPs for a difference, VPs for a margin, as JSON and as a table."""

from __future__ import annotations

import json

import pytest
import typer
from typer.testing import CliRunner

from adapters.cli import common, convert
from engine.testing import memory_app
from plugins.scoring import vp_scales

runner = CliRunner()


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> typer.Typer:
    """A fresh CLI with only ``convert``, whose registry has the VP scales plugin loaded."""
    # Only the scales' entry point: the registry holds nothing the test does not name.
    monkeypatch.setenv("TRAVELLER_PLUGINS", "vp-scales")
    # The patched store, whatever is (or is not) in the working directory.
    monkeypatch.setenv("TRAVELLER_STORE", "memory:")
    scales = memory_app(vp_scales)
    monkeypatch.setattr(common, "open_app", lambda store: scales)
    cli = typer.Typer()
    convert.register(cli)
    return cli


def run_json(app: typer.Typer, *args: str) -> object:
    result = runner.invoke(app, ["convert", *args, "--format", "json", "--store", "memory:"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize(("difference", "imps"), [(430, 10), (-430, -10), (10, 0), (4000, 24)])
def test_imps(app: typer.Typer, difference: int, imps: int) -> None:
    assert run_json(app, "imps", "--difference", str(difference)) == {"imps": imps}


def test_vp_the_issues_example(app: typer.Typer) -> None:
    assert run_json(app, "vp", "--boards", "16", "--imps", "7") == {
        "winner": "12.03",
        "loser": "7.97",
    }


def test_vp_of_a_loss_still_puts_the_winner_first(app: typer.Typer) -> None:
    assert run_json(app, "vp", "--boards", "16", "--imps", "-7", "--scale", "wbf2013") == {
        "winner": "12.03",
        "loser": "7.97",
    }


@pytest.mark.parametrize(
    ("scale", "imps", "expected"),
    [
        ("12-0", "0", ("6.00", "6.00")),
        ("12-0", "-7", ("8.00", "4.00")),
        ("mccallum-40", "-10", ("50.00", "30.00")),
        ("WBF", "60", ("20.00", "0.00")),
        ("25-0", "0", ("15.00", "15.00")),
        ("25-0", "-21", ("20.00", "10.00")),
        ("wbf-25", "72", ("25.00", "0.00")),
        ("29-0", "0", ("17.00", "17.00")),
        ("29-0", "-21", ("24.00", "10.00")),
    ],
)
def test_vp_on_other_scales(
    app: typer.Typer, scale: str, imps: str, expected: tuple[str, str]
) -> None:
    data = run_json(app, "vp", "--boards", "16", "--imps", imps, "--scale", scale)
    assert data == {"winner": expected[0], "loser": expected[1]}


def test_the_old_wbf_scale_the_issue_asks_for(app: typer.Typer) -> None:
    # traveller convert vp --boards 16 --imps 7 --scale 25-0: the 16-board band 3-7 IMPs.
    assert run_json(app, "vp", "--boards", "16", "--imps", "7", "--scale", "25-0") == {
        "winner": "16.00",
        "loser": "14.00",
    }
    result = runner.invoke(
        app, ["convert", "vp", "--boards", "16", "--imps", "7", "--scale", "25-0"]
    )
    assert "+7 IMPs over 16 boards (25-0): winner 16.00, loser 14.00" in result.stdout


def test_the_old_wbf_scale_has_no_table_for_ten_boards(app: typer.Typer) -> None:
    result = runner.invoke(
        app,
        ["convert", "vp", "--boards", "10", "--imps", "7", "--scale", "25-0", "--format", "json"],
    )
    assert result.exit_code == 1
    error = json.loads(result.stderr)
    assert error["error"] == "InvalidInput"
    assert "8, 12, 16, 20, 24, 28 and 32 boards, not 10" in error["message"]
    assert "wbf2013" in error["hint"]


def test_the_table_format_is_for_people(app: typer.Typer) -> None:
    result = runner.invoke(app, ["convert", "vp", "--boards", "16", "--imps", "-7"])
    assert result.exit_code == 0
    assert "-7 IMPs over 16 boards (wbf2013): winner 12.03, loser 7.97" in result.stdout
    result = runner.invoke(app, ["convert", "imps", "--difference", "430"])
    assert "430 points = 10 IMPs" in result.stdout


def test_an_unknown_scale_says_which_exist(app: typer.Typer) -> None:
    result = runner.invoke(
        app,
        ["convert", "vp", "--boards", "16", "--imps", "7", "--scale", "26-0", "--format", "json"],
    )
    assert result.exit_code == 1
    error = json.loads(result.stderr)
    assert error["error"] == "PluginError"
    assert "wbf2013" in error["hint"]


def test_no_boards_is_refused(app: typer.Typer) -> None:
    result = runner.invoke(app, ["convert", "vp", "--boards", "0", "--imps", "7"])
    assert result.exit_code == 1
    assert "0 boards" in result.stderr
