"""A four-team round robin run through the ``traveller`` command and scored in VPs."""

from __future__ import annotations

from decimal import Decimal

from adapters.cli.common import open_app
from engine.bridge import Contract, Seat, score_ns
from engine.imps import imps
from tests.acceptance.cli import Cli, team_league


def test_a_round_robin_of_teams_from_entries_to_vp_standings() -> None:
    cli, event, seated = team_league(boards_per_round=4)
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
    cli, event, _ = team_league()
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
    cli, event, _ = team_league(scoring=("--scoring", "board-a-match"))
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


def test_srr_teams_and_pairs_ranks_the_pairs_as_well_as_the_teams() -> None:
    """SRR + pairs (JCBL part 2 ch. 6 §10, appendix 1 list 4): the teams play a short
    round robin scored in VPs, and every pair is ranked too, NS and EW each as a Mitchell's
    line, on the same boards (every table of a round plays them)."""
    cli = Cli()
    event = cli.run(
        "event", "create", "--name", "SRR + pairs", "--scoring", "team-imps",
        "--option", "vp_scale=wbf2013",
    )["id"]  # fmt: skip
    for t in range(1, 5):
        players = [arg for seat in "NSEW" for arg in ("--player", f"Team {t} {seat}")]
        cli.run("entry", "add", "--event", event, *players)
    seated = cli.run("movement", "assign", "--event", event, "--family", "srr")
    assert (seated["tables"], seated["rounds"], seated["boards_per_round"]) == (4, 3, 8)
    app = open_app(cli.store)
    movement = app.section(app.resolve_event(event)).movement
    assert movement is not None and movement.ranks_pairs
    # Team t's NS pair makes 8 + t tricks in 4S at home (t = 4: all 13 in 4S, +510):
    # NS 4 tops every board, NS 1 bottoms it.
    for e in movement.schedule:
        for b in e.boards:
            cli.run(
                "result", "add", "--event", event, "--board", str(b), "--ns", str(e.ns),
                "--ew", str(e.ew), "--contract", "4S", "--declarer", "N",
                "--tricks", str(min(13, 8 + e.ns)),
            )  # fmt: skip

    standings = cli.run("standings", "--event", event)
    assert [f["name"] for f in standings["fields"]] == ["TEAMS", "NS", "EW"]
    teams, ns, ew = standings["fields"]
    assert [r["names"][0] for r in teams["rows"]] == [f"Team {t} N" for t in (4, 3, 2, 1)]
    # Every board is played at the four tables: a top of 3, 24 boards a pair.
    assert ns["top"] == ew["top"] == 3
    assert [(r["pair"], r["score"]) for r in ns["rows"]] == [
        (4, "72.00"), (3, "48.00"), (2, "24.00"), (1, "0.00"),
    ]  # fmt: skip
    assert ns["rows"][0]["names"] == ["Team 4 N", "Team 4 S"]
    assert {tuple(r["names"]) for r in ew["rows"]} == {
        (f"Team {t} E", f"Team {t} W") for t in range(1, 5)
    }
    assert all(r["boards_played"] == 24 for r in ns["rows"] + ew["rows"])
    # A board's EW matchpoints are the top less its NS ones: each line shares 6 a board.
    assert sum(Decimal(r["score"]) for r in ew["rows"]) == 6 * 24
    text = cli.text("standings", "--event", event)
    assert "Section A — NS" in text and "Section A — EW" in text

    # Masterpoints go to the teams' ranking (the event's contest), not the pairs'.
    cli.run("session", "close", "--event", event)
    awarded = cli.run("masterpoints", "--event", event, "--class", "2")
    assert [f["field"] for f in awarded["fields"]] == ["TEAMS"]


def test_team_standings_speak_of_teams_not_pairs_percentages_or_tops() -> None:
    cli, event, _ = team_league()
    shown = cli.text("standings", "--event", event)
    header = next(line for line in shown.splitlines() if "Rank" in line)
    assert "Team" in header and "Players" in header
    assert "Pair" not in header and "%" not in header and "MP" not in header
    assert "a board" not in shown
    # A board's traveller counts IMPs, with no matchpoint top.
    board = cli.text("board", "1", "--event", event)
    assert "IMP NS" in board and "MP NS" not in board.replace("IMP NS", "")
    assert "top" not in board
