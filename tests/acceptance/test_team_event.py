"""A four-team round robin run through the ``traveller`` command and scored in VPs."""

from __future__ import annotations

from decimal import Decimal

from adapters.cli.common import open_app
from engine.bridge import Contract, Seat, score_ns
from engine.imps import imps
from tests.acceptance.cli import Cli


def test_a_round_robin_of_teams_from_entries_to_vp_standings() -> None:
    cli = Cli()
    event = cli.run(
        "event", "create", "--name", "Teams league", "--scoring", "team-imps",
        "--option", "vp_scale=wbf2013",
    )["id"]  # fmt: skip
    for t in range(1, 5):
        players = [arg for seat in "NSEW" for arg in ("--player", f"Team {t} {seat}")]
        cli.run("entry", "add", "--event", event, *players)
    seated = cli.run(
        "movement", "assign", "--event", event, "--family", "round-robin",
        "--boards-per-round", "4",
    )  # fmt: skip
    assert seated["tables"] == 4 and seated["seats"]["NS1"] == seated["seats"]["EW1"] == "E1"

    app = open_app(cli.store)
    eid = app.resolve_event(event)
    movement = app.section(eid).movement
    assert movement is not None and movement.kind == "teams"
    # Team t's NS pair makes 8 + t tricks in 4S at home, so of two teams the higher
    # numbered wins every board of their match.
    for rnd in range(1, movement.rounds + 1):
        cli.run("round", "start", "--event", event, str(rnd))
        for e in movement.round(rnd):
            for b in e.boards:
                cli.run(
                    "result", "add", "--event", event, "--board", str(b), "--ns", str(e.ns),
                    "--ew", str(e.ew), "--contract", "4S", "--declarer", "N",
                    "--tricks", str(8 + e.ns),
                )  # fmt: skip
        cli.run("round", "end", "--event", event, str(rnd))

    standings = cli.run("standings", "--event", event)
    (field,) = standings["fields"]
    assert field["name"] == "TEAMS"
    rows = field["rows"]
    assert [r["names"][0] for r in rows] == [f"Team {t} N" for t in (4, 3, 2, 1)]
    # Each match shares 20 VPs (WBF 2013): three matches a team, six in all.
    assert sum(Decimal(r["score"]) for r in rows) == 6 * 20

    # One board, worked out apart: its two tables are one board of a match.
    board = cli.run("board", "1", "--event", event)
    lines = {(line["ns"], line["ew"]): line for line in board["results"]}
    for (ns, ew), line in lines.items():
        if (ew, ns) not in lines:
            continue
        home = score_ns(1, Contract.parse("4S"), Seat.N, 8 + ns)
        away = score_ns(1, Contract.parse("4S"), Seat.N, 8 + ew)
        assert Decimal(line["points_ns"]) == imps(home - away)
