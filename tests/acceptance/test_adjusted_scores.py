"""A director's adjusted scores through the ``traveller`` command: artificial scores the
others are factored around, and a split assigned score scored side by side."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from adapters.cli.common import open_app
from engine.testing import play_movement
from tests.acceptance.cli import Cli

F = Fraction


@pytest.fixture
def game() -> tuple[Cli, str]:
    """A 5-table Mitchell (10 pairs, 2 boards a round), every round played: each board
    is played five times, top 4."""
    cli = Cli()
    event = cli.run("event", "create", "--name", "Adjustments")["id"]
    for i in range(1, 11):
        cli.run("entry", "add", "--event", event, "--player", f"N{i}", "--player", f"S{i}")
    cli.run(
        "movement", "assign", "--event", event, "--family", "mitchell", "--boards-per-round", "2"
    )
    app = open_app(cli.store)
    play_movement(app, app.resolve_event(event))
    return cli, event


def line(board: dict[str, Any], ns: int) -> dict[str, Any]:
    found: dict[str, Any] = next(r for r in board["results"] if r["ns"] == ns)
    return found


def test_the_others_are_factored_around_an_artificial_score(game: tuple[Cli, str]) -> None:
    cli, event = game
    before = cli.run("board", "1", "--event", event)
    at_table = line(before, 1)["ew"]
    cli.run(
        "adjust", "--event", event, "--board", "1", "--ns", "1", "--ew", str(at_table),
        "--ns-score", "A+", "--ew-score", "A-", "--reason", "slow play", "--law", "90",
    )  # fmt: skip
    board = cli.run("board", "1", "--event", event)
    assert board["top"] == 4 and line(board, 1)["adjusted"] == "A+/A-"
    # The four played results are matchpointed among themselves (top 3) and factored
    # to the full top by Neuberg: (mp + ½)·5/4 − ½; each table's NS + EW is the top.
    others = [r for r in board["results"] if r["ns"] != 1]
    scores = {r["ns"]: r["score_ns"] for r in others}
    for r in others:
        mine = r["score_ns"]
        mp = sum(F(1) if s < mine else F(1, 2) if s == mine else F(0) for s in scores.values())
        mp -= F(1, 2)  # its own score, counted as a tie above
        assert F(r["mp_ns"]) == (mp + F(1, 2)) * F(5, 4) - F(1, 2)
        assert F(r["mp_ns"]) + F(r["mp_ew"]) == 4
    # The four share what four results share at a top of 4: 8 a direction.
    assert sum(F(r["mp_ns"]) for r in others) == 8


def test_a_split_assigned_score_from_the_command_to_the_standings(game: tuple[Cli, str]) -> None:
    cli, event = game
    board = cli.run("board", "2", "--event", event)
    at_table = line(board, 2)["ew"]
    # Board 2, NS vulnerable: NS 2 are given 4S made (+620), their opponents −650 (4S+1).
    out = cli.run(
        "assign", "--event", event, "--board", "2", "--ns", "2", "--ew", str(at_table),
        "--ns-score", "620", "--ew-score", "-650", "--reason", "unauthorised information",
        "--actor", "TD Ono",
    )  # fmt: skip
    assert (out["outcomes"], out["outcomes_ew"], out["law"]) == ([["1", 620]], [["1", 650]], "12C")
    board = cli.run("board", "2", "--event", event)
    split = line(board, 2)
    assert split["adjusted"] == "NS +620 / EW -650"
    assert split["assigned"] == {"ns": [["1", 620]], "ew": [["1", 650]], "split": True}
    # Each direction still shares 5·4/2 = 10 matchpoints on the board.
    assert sum(F(r["mp_ns"]) for r in board["results"]) == 10
    assert sum(F(r["mp_ew"]) for r in board["results"]) == 10
    # NS 2 are compared with the other NS pairs on +620, EW with the other EW on +650.
    others = [r["score_ns"] for r in board["results"] if r["ns"] != 2]
    ns_mp = sum(F(1) if s < 620 else F(1, 2) if s == 620 else F(0) for s in others)
    ew_mp = 4 - sum(F(1) if s < 650 else F(1, 2) if s == 650 else F(0) for s in others)
    assert (F(split["mp_ns"]), F(split["mp_ew"])) == (ns_mp, ew_mp)

    trail = cli.run("audit", "--event", event, "--board", "2", "--pair", "NS2")
    assigned = trail[-1]
    assert (assigned["type"], assigned["actor"], assigned["reason"]) == (
        "ScoreAssigned",
        "TD Ono",
        "unauthorised information",
    )
    assert (assigned["data"]["outcomes"], assigned["data"]["outcomes_ew"]) == (
        [["1", 620]],
        [["1", 650]],
    )

    # The standings replayed from the store are the live ones.
    standings = cli.run("standings", "--event", event)
    replayed = cli.run("replay", "--event", event, "--at", str(cli.position))
    assert replayed.pop("as_of")["position"] == cli.position  # the store holds this event only
    assert replayed == standings

    # Re-scored by cross-IMPs, the split table is compared side by side too.
    cli.run("rescore", "--event", event, "--scoring", "cross-imps", "--reason", "IMP pairs")
    imps = cli.run("board", "2", "--event", event)
    assert imps["method"] == "cross-imps"
    assert sum(F(r["points_ns"]) for r in imps["results"]) == 0
    assert sum(F(r["points_ew"]) for r in imps["results"]) == 0
