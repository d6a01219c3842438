"""Dead ends of a director's evening, run through the ``traveller`` command (issue 14):
a movement assigned again, a session closed with results missing and reopened, rounds
enforced or not, and the combined ranking of a Mitchell's two lines."""

from __future__ import annotations

import re
from typing import Any

import pytest

from adapters.cli.common import open_app
from engine.testing import flat_score
from tests.acceptance.cli import Cli, invoke


def pairs_event(cli: Cli, pairs: int, *more: str) -> str:
    event: str = cli.run("event", "create", "--name", "Tuesday pairs", *more)["id"]
    for i in range(1, pairs + 1):
        cli.run("entry", "add", "--event", event, "--player", f"N{i}", "--player", f"S{i}")
    return event


def four_spades(event: str, board: int = 1, ns: int = 1, ew: int = 1) -> list[str]:
    return [
        "--event",
        event,
        "--board",
        str(board),
        "--ns",
        str(ns),
        "--ew",
        str(ew),
        "--contract",
        "4S",
        "--declarer",
        "N",
        "--tricks",
        "10",
    ]


@pytest.fixture
def mitchell() -> tuple[Cli, str]:
    """A 7-table Mitchell of 14 pairs, 3 boards a round, no result yet."""
    cli = Cli()
    event = pairs_event(cli, 14)
    cli.run(
        "movement", "assign", "--event", event, "--family", "mitchell", "--boards-per-round", "3"
    )
    return cli, event


# ---- a movement assigned again ---------------------------------------------------------------


def test_a_mitchell_after_a_howell_replaces_it_and_each_assignment_writes_once() -> None:
    cli = Cli()
    event = pairs_event(cli, 16)
    howell = cli.run("movement", "assign", "--event", event, "--family", "howell")
    assert set(howell["seats"]) == {str(n) for n in range(1, 17)}
    before = cli.position
    seated = cli.run("movement", "assign", "--event", event, "--family", "mitchell")
    assert cli.position == before + 2  # the movement and the seats, once
    assert seated["family"] == "mitchell"
    assert set(seated["seats"]) == {f"{line}{n}" for line in ("NS", "EW") for n in range(1, 9)}
    again = cli.run("movement", "assign", "--event", event, "--family", "howell")
    assert set(again["seats"]) == set(howell["seats"]) and cli.position == before + 4
    listed = cli.run("entry", "list", "--event", event)
    assert sorted(e["pair"] for e in listed) == sorted(howell["seats"])


# ---- closing with results missing, and reopening ---------------------------------------------


def test_closing_with_results_missing_needs_a_reason_and_can_be_undone(
    mitchell: tuple[Cli, str],
) -> None:
    cli, event = mitchell
    cli.run("result", "add", *four_spades(event))
    before = cli.position
    refused = cli.run("session", "close", "--event", event, ok=False)
    assert refused["error"] == "ResultsMissing"
    assert "146 results" in refused["message"]
    assert refused["problems"][0] == "section A, round 1: NS 1 v EW 1, boards 2, 3"
    assert len(refused["problems"]) == 49 and cli.position == before
    shown = invoke(["session", "close", "--event", event, "--store", cli.store])
    assert shown.exit_code == 1
    assert "  - section A, round 7: NS 7 v EW 1, boards 16, 17, 18" in shown.stderr

    closed = cli.run("session", "close", "--event", event, "--reason", "two tables left early")
    assert closed["closed"] == 1 and len(closed["missing"]) == 146
    assert closed["missing"][0] == {"section": "A", "round": 1, "board": 2, "ns": 1, "ew": 1}

    blocked = cli.run("result", "add", *four_spades(event, board=2), ok=False)
    assert f"session reopen --event {event[:8]} --session 1" in blocked["hint"]
    uncorrectable = cli.run(
        "result", "correct", *four_spades(event, board=2), "--reason", "slip", ok=False
    )
    assert "session reopen" in uncorrectable["hint"]
    assert "reopen" in uncorrectable["hint"].split("result add")[0], "no loop back to add"

    unexplained = cli.run("session", "reopen", "--event", event, ok=False)
    assert unexplained["error"] == "ReasonRequired"
    assert cli.run("session", "reopen", "--event", event, "--reason", "slips found") == {
        "reopened": 1
    }
    cli.run("result", "add", *four_spades(event, board=2))
    trail: list[dict[str, Any]] = cli.run("audit", "--event", event)
    kinds = [(r["type"], r["reason"]) for r in trail]
    assert ("SessionClosed", "two tables left early") in kinds
    assert ("SessionReopened", "slips found") in kinds


def test_a_complete_session_closes_without_a_reason(mitchell: tuple[Cli, str]) -> None:
    cli, event = mitchell
    app = open_app(cli.store)
    event_id = app.resolve_event(event)
    movement = app.section(event_id).movement
    assert movement is not None
    for e in movement.schedule:
        for board in e.boards:
            app.record_result(event_id, flat_score(board, e))
    assert cli.run("session", "close", "--event", event) == {"closed": 1, "missing": []}


# ---- rounds enforced, or results in any order ------------------------------------------------


def test_the_default_of_enforcing_rounds_is_stated_and_chosen_per_event() -> None:
    helped = invoke(["event", "create", "--help"])
    assert "--enforce-rounds" in helped.stdout and "the default" in helped.stdout
    cli = Cli()
    said = cli.text("event", "create", "--name", "Paper travellers")
    assert "Results are accepted in any order" in said

    event = pairs_event(cli, 14, "--enforce-rounds")
    cli.run(
        "movement", "assign", "--event", event, "--family", "mitchell", "--boards-per-round", "3"
    )
    early = cli.run("result", "add", *four_spades(event), ok=False)
    assert "played in round 1 of section A, which has not started" in early["message"]
    assert "traveller round start 1" in early["hint"]
    cli.run("round", "start", "--event", event, "1")
    cli.run("result", "add", *four_spades(event))
    later = cli.run("result", "add", *four_spades(event, board=4, ns=1, ew=7), ok=False)
    assert (
        "round 2 of section A, which has not started (round 1 is the latest started)"
        in later["message"]
    )
    assert cli.run("event", "rounds", "--event", event, "--free")["changed"] is True
    cli.run("result", "add", *four_spades(event, board=4, ns=1, ew=7))
    assert cli.run("event", "rounds", "--event", event, "--free")["changed"] is False


# ---- a Mitchell's two lines ranked together --------------------------------------------------


def test_the_demos_combined_ranking_names_every_pair_once() -> None:
    cli = Cli()
    standings = cli.run("demo")
    rows = standings["overall"]["rows"]
    labels = [(r["section"], r["pair"], r.get("line")) for r in rows]
    assert len(set(labels)) == len(labels) == 26
    assert ("A", 1, "NS") in labels and ("A", 1, "EW") in labels
    assert ("B", 1, None) in labels  # a Howell's pairs have no line
    text = cli.text("standings", "--event", standings["event"])
    whole = text.split("The whole session")[1]
    shown = re.findall(r"│ ([AB]\d+(?: NS| EW)?) +│", whole)
    assert len(set(shown)) == len(shown) == 26
    assert {"A1 NS", "A1 EW", "B1"} <= set(shown)
    assert all(label.endswith((" NS", " EW")) for label in shown if label.startswith("A"))
