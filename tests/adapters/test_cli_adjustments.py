"""``traveller fouled`` and ``traveller assign`` through typer, on a fresh app."""

from __future__ import annotations

import json
import uuid
from fractions import Fraction
from typing import Any
from uuid import UUID

import pytest
import typer
from typer.testing import CliRunner

from adapters.cli import common
from adapters.cli.adjustments import register
from engine.application import Traveller
from engine.seating import Line, Pair
from engine.testing import memory_app, play_movement
from engine.tournament import section_id
from tests.conftest import register_pairs

runner = CliRunner()


@pytest.fixture
def cli() -> typer.Typer:
    app = typer.Typer()
    register(app)
    return app


@pytest.fixture
def store(monkeypatch: pytest.MonkeyPatch) -> str:
    url = f"memory:{uuid.uuid4().hex}"
    monkeypatch.setitem(common._apps, url, memory_app())
    return url


@pytest.fixture
def traveller(store: str) -> Traveller:
    return common._apps[store]


@pytest.fixture
def event(traveller: Traveller) -> UUID:
    """A 7-table Mitchell in sections A and B, every round of A played."""
    event = traveller.create_event("Sectional", sections=("A", "B"))
    for section in ("A", "B"):
        register_pairs(traveller, event, 14, section=section)
        traveller.assign_movement(
            event, "mitchell", section=section, options={"boards_per_round": 3}
        )
    play_movement(traveller, event)
    return event


def run(cli: typer.Typer, store: str, *args: str, ok: bool = True) -> Any:
    result = runner.invoke(cli, [*args, "--store", store, "--format", "json"])
    if ok:
        assert result.exit_code == 0, (result.stdout, result.stderr)
        return json.loads(result.stdout)
    assert result.exit_code == 1, (result.stdout, result.stderr)
    assert result.stdout == ""
    return json.loads(result.stderr)


def refused(cli: typer.Typer, store: str, traveller: Traveller, *args: str) -> dict[str, Any]:
    """Run a command that must fail: the error, and nothing written."""
    before = traveller.position()
    error: dict[str, Any] = run(cli, store, *args, ok=False)
    assert traveller.position() == before, "a rejected command must write nothing"
    return error


def last_event(traveller: Traveller, event: UUID, section: str = "A") -> Any:
    return list(traveller.events.get(section_id(event, 1, section)))[-1]


# ---- traveller fouled -----------------------------------------------------------------------


def test_fouled(cli: typer.Typer, store: str, traveller: Traveller, event: UUID) -> None:
    out = run(
        cli, store, "fouled", "--event", str(event)[:8], "--board", "1",
        "--group", "1,2, 3", "--group", "4-7", "--reason", "hands swapped", "--actor", "td",
        "--law", "87B",
    )  # fmt: skip
    assert out == {"board": 1, "groups": [[1, 2, 3], [4, 5, 6, 7]]}
    recorded = last_event(traveller, event)
    assert (recorded.groups, recorded.reason, recorded.actor, recorded.law) == (
        ((1, 2, 3), (4, 5, 6, 7)),
        "hands swapped",
        "td",
        "87B",
    )


def test_fouled_in_another_section_as_a_table(
    cli: typer.Typer, store: str, traveller: Traveller, event: UUID
) -> None:
    result = runner.invoke(
        cli,
        ["fouled", "--event", str(event), "--board", "1", "--group", "1", "--group", "2-7",
         "--reason", "swapped", "--section", "B", "--session", "1", "--store", store],
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert "Board 1 fouled; versions played by NS 1 | 2, 3, 4, 5, 6, 7." in result.stdout
    assert traveller.section(event, 1, "B").fouled == {1: ((1,), (2, 3, 4, 5, 6, 7))}
    assert traveller.section(event, 1, "A").fouled == {}


@pytest.mark.parametrize(
    ("args", "error", "words"),
    [
        (["--group", "1,2,3", "--group", "4-7"], "ReasonRequired", "reason"),
        (["--group", "1,2,3", "--group", "4-x", "--reason", "r"], "InvalidInput", "'4-x'"),
        (["--group", "1,2,3", "--group", "7-4", "--reason", "r"], "InvalidInput", "'7-4'"),
        (["--group", "1-7", "--reason", "r"], "InvalidInput", "two groups"),
        (["--group", "1,2,3", "--group", "4-6", "--reason", "r"], "Rejected", "NS 7"),
    ],
)
def test_a_refused_fouled_board(
    cli: typer.Typer,
    store: str,
    traveller: Traveller,
    event: UUID,
    args: list[str],
    error: str,
    words: str,
) -> None:
    found = refused(cli, store, traveller, "fouled", "--event", str(event), "--board", "1", *args)
    assert found["error"] == error
    assert words in found["message"]


# ---- traveller assign -----------------------------------------------------------------------


def test_assign(cli: typer.Typer, store: str, traveller: Traveller, event: UUID) -> None:
    out = run(
        cli, store, "assign", "--event", str(event), "--board", "1", "--ns", "1", "--ew", "1",
        "--score", "2/3:420", "--score", "1/3:-50", "--reason", "misinformation",
    )  # fmt: skip
    assert out == {
        "board": 1,
        "ns": 1,
        "ew": 1,
        "outcomes": [["2/3", 420], ["1/3", -50]],
        "outcomes_ew": None,
        "law": "12C1c",
    }
    fact = traveller.section(event).tables[(1, Pair(1, Line.NS))].fact
    assert fact.weighted == ((Fraction(2, 3), 420), (Fraction(1, 3), -50))
    recorded = last_event(traveller, event)
    assert (recorded.law, recorded.reason) == ("12C1c", "misinformation")


def test_assign_with_a_law_as_a_table(
    cli: typer.Typer, store: str, traveller: Traveller, event: UUID
) -> None:
    result = runner.invoke(
        cli,
        ["assign", "--event", str(event), "--board", "1", "--ns", "1", "--ew", "1",
         "--score", "0.75:420", "--score", "0.25:-50", "--reason", "r", "--law", "12C1(c)",
         "--store", store],
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert "Board 1, NS 1 v EW 1: 3/4 of +420 + 1/4 of -50 for NS." in result.stdout
    assert last_event(traveller, event).law == "12C1(c)"


@pytest.mark.parametrize(
    ("args", "error", "words"),
    [
        (["--score", "2/3:420", "--score", "1/3:-50"], "ReasonRequired", "reason"),
        (["--score", "2/3-420", "--reason", "r"], "InvalidInput", "'2/3-420'"),
        (["--score", "1/0:420", "--reason", "r"], "InvalidInput", "'1/0:420'"),
        (["--score", "2/3:four", "--reason", "r"], "InvalidInput", "'2/3:four'"),
        (["--score", "2/3:420", "--score", "1/2:-50", "--reason", "r"], "InvalidInput", "7/6"),
        (["--score", "2/3:425", "--score", "1/3:-50", "--reason", "r"], "ImpossibleScore", "+425"),
        (["--reason", "r"], "InvalidInput", "--score"),
        (["--ew-score", "-450", "--reason", "r"], "InvalidInput", "--score"),
        (["--ns-score", "420", "--ew-score", "-420", "--reason", "r"], "InvalidInput", "not split"),
        (
            ["--ns-score", "420", "--ew-score", "-425", "--reason", "r"],
            "ImpossibleScore",
            "-425 for EW",
        ),
        (["--ns-score", "420", "--ew-score", "1/2:-450", "--reason", "r"], "InvalidInput", "1/2"),
        (["--ns-score", "420", "--ew-score", "-4x0", "--reason", "r"], "InvalidInput", "'-4x0'"),
    ],
)
def test_a_refused_assigned_score(
    cli: typer.Typer,
    store: str,
    traveller: Traveller,
    event: UUID,
    args: list[str],
    error: str,
    words: str,
) -> None:
    found = refused(
        cli, store, traveller,
        "assign", "--event", str(event), "--board", "1", "--ns", "1", "--ew", "1", *args,
    )  # fmt: skip
    assert found["error"] == error
    assert words in found["message"]


def test_assign_a_split_score(
    cli: typer.Typer, store: str, traveller: Traveller, event: UUID
) -> None:
    # NS are given +420 (4S made), EW −450 (as EW would write 4S with an overtrick).
    out = run(
        cli, store, "assign", "--event", str(event), "--board", "1", "--ns", "1", "--ew", "1",
        "--ns-score", "+420", "--ew-score", "-450", "--reason", "hesitation", "--actor", "td",
    )  # fmt: skip
    assert out == {
        "board": 1,
        "ns": 1,
        "ew": 1,
        "outcomes": [["1", 420]],
        "outcomes_ew": [["1", 450]],  # stored as NS scores, as every traveller score
        "law": "12C",
    }
    fact = traveller.section(event).tables[(1, Pair(1, Line.NS))].fact
    assert (fact.weighted, fact.split_ew) == (((Fraction(1), 420),), ((Fraction(1), 450),))
    recorded = last_event(traveller, event)
    assert (recorded.reason, recorded.actor) == ("hesitation", "td")


def test_assign_a_weighted_split_score_as_a_table(
    cli: typer.Typer, store: str, traveller: Traveller, event: UUID
) -> None:
    result = runner.invoke(
        cli,
        ["assign", "--event", str(event), "--board", "1", "--ns", "1", "--ew", "1",
         "--score", "2/3:420", "--score", "1/3:-50", "--ew-score", "-450",
         "--reason", "r", "--store", store],
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert "Board 1, NS 1 v EW 1: NS 2/3 of +420 + 1/3 of -50 / EW -450 (split)." in (result.stdout)
    assert last_event(traveller, event).law == "12C1c"


def test_a_single_assigned_score(
    cli: typer.Typer, store: str, traveller: Traveller, event: UUID
) -> None:
    result = runner.invoke(
        cli,
        ["assign", "--event", str(event), "--board", "1", "--ns", "1", "--ew", "1",
         "--score", "420", "--reason", "r", "--store", store],
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert "Board 1, NS 1 v EW 1: +420 for NS." in result.stdout
    recorded = last_event(traveller, event)
    assert (recorded.outcomes, recorded.outcomes_ew, recorded.law) == ((("1", 420),), None, "12C")


def test_an_unknown_event_is_refused(cli: typer.Typer, store: str, traveller: Traveller) -> None:
    found = refused(
        cli, store, traveller,
        "assign", "--event", "zzzz", "--board", "1", "--ns", "1", "--ew", "1",
        "--score", "1:420", "--reason", "r",
    )  # fmt: skip
    assert found["error"] == "NotFound"
