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


def test_the_cross_table_agrees_with_the_standings() -> None:
    cli = Cli()
    event = cli.run(
        "event", "create", "--name", "Teams league", "--scoring", "team-imps",
        "--option", "vp_scale=wbf2013",
    )["id"]  # fmt: skip
    for t in range(1, 5):
        players = [arg for seat in "NSEW" for arg in ("--player", f"Team {t} {seat}")]
        cli.run("entry", "add", "--event", event, *players)
    cli.run(
        "movement", "assign", "--event", event, "--family", "round-robin",
        "--boards-per-round", "2",
    )  # fmt: skip
    app = open_app(cli.store)
    movement = app.section(app.resolve_event(event)).movement
    assert movement is not None
    for e in movement.schedule:
        for b in e.boards:
            # Varied: the swing depends on the board and on who sits where.
            tricks = 8 + (b + 2 * e.ns + 3 * e.ew) % 5
            cli.run(
                "result", "add", "--event", event, "--board", str(b), "--ns", str(e.ns),
                "--ew", str(e.ew), "--contract", "3NT", "--declarer", "S",
                "--tricks", str(tricks),
            )  # fmt: skip

    table = cli.run("crosstable", "--event", event)
    assert table["teams"] == [1, 2, 3, 4] and table["vp_scale"] == "wbf2013"
    rows = {r["team"]: r for r in table["rows"]}
    for t, row in rows.items():
        # Each team met the three others once; a match's VPs share 20.
        met = [cell for o, cell in zip(table["teams"], row["against"], strict=True) if o != t]
        assert all(len(cell) == 1 for cell in met)
        for o, cell in zip(table["teams"], row["against"], strict=True):
            if o != t:
                theirs = rows[o]["against"][t - 1][0]
                assert Decimal(cell[0]) + Decimal(theirs) == 20
    standings = cli.run("standings", "--event", event)
    (field,) = standings["fields"]
    by_team = {r["pair"]: r["score"] for r in field["rows"]}
    assert {t: r["total"] for t, r in rows.items()} == by_team
    assert table["names"]["1"][0] == "Team 1 N"

    # A pairs event has no cross-table, and says why.
    pairs = cli.run("event", "create", "--name", "Pairs")["id"]
    refused = cli.run("crosstable", "--event", pairs, ok=False)
    assert refused["error"] == "Rejected" and "not a team event" in refused["message"]


def test_the_cross_table_prints_for_people() -> None:
    cli = Cli()
    event = cli.run("event", "create", "--name", "Teams", "--scoring", "board-a-match")["id"]
    for t in range(1, 5):
        players = [arg for seat in "NSEW" for arg in ("--player", f"Team {t} {seat}")]
        cli.run("entry", "add", "--event", event, *players)
    cli.run(
        "movement", "assign", "--event", event, "--family", "round-robin",
        "--boards-per-round", "2",
    )  # fmt: skip
    cli.run(
        "result", "add", "--event", event, "--board", "1", "--ns", "1", "--ew", "4",
        "--contract", "4S", "--declarer", "N", "--tricks", "10",
    )  # fmt: skip
    cli.run(
        "result", "add", "--event", event, "--board", "1", "--ns", "4", "--ew", "1",
        "--contract", "4S", "--declarer", "N", "--tricks", "9",
    )  # fmt: skip
    text = cli.text("crosstable", "--event", event)
    assert "board-a-match" in text and "Team 1 N / Team 1 S" in text
    # Team 1 won board 1 of its match with team 4: 2 board points to 0.
    table = cli.run("crosstable", "--event", event)
    assert table["rows"][0]["against"][3] == ["2.00"]
    assert table["rows"][3]["against"][0] == ["0.00"]
