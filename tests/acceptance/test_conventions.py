"""Convention profiles through the ``traveller`` command: chosen when the event is created or
later (before results are published), recorded in the audit, overridden option by option,
and a Butler's running standings while boards are still in play."""

from __future__ import annotations

from pathlib import Path
from uuid import UUID

from adapters.cli.common import open_app
from tests.acceptance.cli import Cli
from tests.adapters.http.api_kit import Server, server
from tests.plugins.test_conventions import sit_out_session

__all__ = ["server"]

HEADER = "board,ns,ew,contract,declarer,tricks,score_ns,adjusted\n"


def imported(
    tmp_path: Path, lines: list[tuple[int, int, int, int]], *create: str
) -> tuple[Cli, str]:
    """An event created with ``create`` and the traveller lines (board, NS, EW, NS score)."""
    cli = Cli()
    event = cli.run("event", "create", "--name", "Club", *create)["id"]
    file = tmp_path / "travellers.csv"
    file.write_text(HEADER + "".join(f"{b},{n},{e},,,,{s},\n" for b, n, e, s in lines))
    done = cli.run("import", "travellers", str(file), "--event", event, "--numbering", "howell")
    assert done == {"imported": len(lines)}
    return cli, event


def sit_outs(tmp_path: Path, *create: str) -> tuple[Cli, str]:
    """26 boards in play, each pair playing 24 (pair 1: 161 matchpoints of a top of 11)."""
    facts = sit_out_session()
    rows = [(r.board, r.ns.number, r.ew.number, r.score_ns or 0) for r in facts.results]
    return imported(tmp_path, rows, *create)


def pair_1(cli: Cli, event: str) -> tuple[str, str]:
    (field,) = cli.run("standings", "--event", event)["fields"]
    (row,) = [r for r in field["rows"] if r["pair"] == 1]
    return row["score"], row["percentage"]


def test_acbl_profile_factors_a_sit_out_to_the_boards_in_play(tmp_path: Path) -> None:
    cli, event = sit_outs(tmp_path, "--conventions", "acbl")
    assert cli.run("event", "conventions", "--event", event)["profile"] == "acbl"
    # 161 × 26 / 24 = 174.4166… printed 174.42; 174.42 over the tops of 26 boards (286).
    assert pair_1(cli, event) == ("174.42", "60.99")


def test_without_a_profile_the_jcbl_figures_are_unchanged(tmp_path: Path) -> None:
    cli, event = sit_outs(tmp_path)
    assert cli.run("event", "conventions", "--event", event) == {
        "profile": "jcbl",
        "version": None,
        "options": {},
    }
    assert pair_1(cli, event) == ("161.00", "60.98")  # every pair played 24: no factoring


def test_the_events_own_option_wins_over_the_profile(tmp_path: Path) -> None:
    cli, event = sit_outs(tmp_path, "--conventions", "acbl", "--option", "factor_to=field")
    assert pair_1(cli, event) == ("161.00", "60.98")


def test_conventions_change_before_publication_in_the_audit_and_not_after(tmp_path: Path) -> None:
    cli, event = sit_outs(tmp_path)
    refused = cli.run("event", "conventions", "acbl", "--event", event, ok=False)
    assert refused["code"] == "reason.required"
    changed = cli.run("event", "conventions", "acbl", "--event", event, "--reason", "ACBL club")
    assert (changed["profile"], changed["changed"]) == ("acbl", True)
    assert pair_1(cli, event) == ("174.42", "60.99")
    again = cli.run("event", "conventions", "acbl", "--event", event, "--reason", "again")
    assert again["changed"] is False
    audit = cli.run("audit", "--event", event)
    assert any("ConventionsChosen" in str(line) for line in audit)
    cli.run("session", "close", "--event", event)
    cli.run("session", "publish", "--event", event)
    late = cli.run("event", "conventions", "jcbl", "--event", event, "--reason", "x", ok=False)
    assert (late["error"], late["code"]) == ("Rejected", "conventions.published")
    assert "session 1 is already published with the conventions of acbl" in late["message"]
    assert pair_1(cli, event) == ("174.42", "60.99")


def test_an_unknown_profile_is_refused_and_nothing_is_written() -> None:
    cli = Cli()
    refused = cli.run("event", "create", "--name", "x", "--conventions", "ebu", ok=False)
    assert refused["code"] == "plugin.not_found"
    assert "acbl, bridge-scorer, jcbl, jfr" in refused["hint"]
    assert cli.run("event", "list") == []


def test_the_profiles_are_listed_with_their_sources() -> None:
    profiles = {p["name"]: p for p in Cli().run("scoring", "conventions")}
    assert profiles["acbl"]["options"] == {"matchpoints": {"factor_to": "session"}}
    assert "174.42" in profiles["acbl"]["sources"]["matchpoints.factor_to"]
    assert profiles["jfr"]["options"]["houston"]["trim_by"] == "central"


def test_jfr_butler_datum_through_the_command_line(tmp_path: Path) -> None:
    scores = [-100] * 19 + [450, 460, 460] + [2000] * 19
    rows = [(1, 2 * i + 1, 2 * i + 2, s) for i, s in enumerate(scores)]
    cli, event = imported(tmp_path, rows, "--scoring", "butler", "--conventions", "jfr")
    assert cli.run("board", "1", "--event", event)["datum"] == 450  # 456.67 cut toward 0
    cli, event = imported(
        tmp_path,
        rows,
        "--scoring",
        "butler",
        "--conventions",
        "jfr",
        "--option",
        "datum_rounding=away_from_zero",
    )
    assert cli.run("board", "1", "--event", event)["datum"] == 460


# -- a Butler's running standings ---------------------------------------------------------------


def test_butler_standings_after_the_first_round_say_the_datum_is_provisional() -> None:
    cli = Cli()
    event = cli.run("event", "create", "--name", "Butler", "--scoring", "butler")["id"]
    for i in range(1, 11):
        cli.run("entry", "add", "--event", event, "--player", f"N{i}", "--player", f"S{i}")
    seated = cli.run(
        "movement", "assign", "--event", event, "--family", "mitchell", "--boards-per-round", "2"
    )
    assert (seated["tables"], seated["rounds"]) == (5, 5)
    cli.run("round", "start", "--event", event, "1")
    for table in range(1, 6):  # round 1: table t plays boards 2t-1 and 2t, NS t v EW t
        for board in (2 * table - 1, 2 * table):
            score = 140 if table % 2 else -100
            cli.run(
                "result", "add", "--event", event, "--board", str(board), "--ns", str(table),
                "--ew", str(table), "--score-ns", str(score),
            )  # fmt: skip
    standings = cli.run("standings", "--event", event)
    # Each board has one result of the five it will have: it is its own datum (0 IMPs).
    assert standings["provisional"] == [{"section": "A", "board": b} for b in range(1, 11)]
    assert {r["score"] for f in standings["fields"] for r in f["rows"]} == {"0.00"}
    board = cli.run("board", "1", "--event", event)
    assert (board["datum"], board["provisional"]) == (140, True)
    # Closed after round 1 (curtailed), the boards are played out: the same figures, final.
    cli.run("session", "close", "--event", event, "--reason", "curtailed after round 1")
    closed = cli.run("standings", "--event", event)
    assert "provisional" not in closed and closed["fields"] == standings["fields"]
    assert "provisional" not in cli.run("board", "1", "--event", event)


def mitchell_with_a_phantom(tmp_path: Path, *create: str) -> tuple[Cli, str]:
    """13 pairs in a 7-table Mitchell (NS 7 the phantom), 3 boards a round, every board
    +140 at every table: each result is a tie, 2.5 of a top of 5."""
    cli = Cli()
    event = cli.run("event", "create", "--name", "Club", *create)["id"]
    for i in range(1, 14):
        cli.run("entry", "add", "--event", event, "--player", f"N{i}", "--player", f"S{i}")
    seated = cli.run(
        "movement", "assign", "--event", event, "--family", "mitchell", "--boards-per-round", "3"
    )
    assert seated["phantom"] == "NS7"
    app = open_app(cli.store)
    movement = app.section(app.resolve_event(event)).movement
    assert movement is not None
    lines = [
        f"{b},{e.ns},{e.ew},,,,140,\n"
        for rnd in range(1, 8)
        for e in movement.round(rnd)
        if e.ns != 7
        for b in e.boards
    ]
    file = tmp_path / "club.csv"
    file.write_text(HEADER + "".join(lines))
    assert cli.run("import", "travellers", str(file), "--event", event) == {"imported": 126}
    return cli, event


def ew_rows(cli: Cli, event: str) -> set[tuple[str, str, int]]:
    fields = {f["name"]: f for f in cli.run("standings", "--event", event)["fields"]}
    return {(r["score"], r["percentage"], r["boards_played"]) for r in fields["EW"]["rows"]}


def test_jfr_gives_the_pairs_facing_the_phantom_60_percent(tmp_path: Path) -> None:
    # Every EW pair meets the phantom once: JCBL ranks 18 boards of 2.5 (45, 50 %), the
    # most any EW pair played, unfactored; JFR Pary adds 60 % of 5 on the 3 boards of that
    # round: 45 + 9 = 54 over 21 boards (a maximum of 105), 51.43 %.
    cli, event = mitchell_with_a_phantom(tmp_path)
    assert ew_rows(cli, event) == {("45.00", "50.00", 18)}
    cli, event = mitchell_with_a_phantom(tmp_path, "--conventions", "jfr")
    assert ew_rows(cli, event) == {("54.00", "51.43", 21)}


# -- the same over HTTP -----------------------------------------------------------------------


def test_the_api_chooses_and_lists_conventions(server: Server) -> None:
    assert "jfr" in {p["name"] for p in server.get("/api/conventions")}
    event = server.post("/api/events", {"name": "Club", "conventions": "acbl"})["id"]
    assert server.app.conventions(UUID(event)).profile == "acbl"
    answer = server.put(f"/api/events/{event}/conventions", {"profile": "jfr", "reason": "PZBS"})
    assert (answer["changed"], answer["profile"]) == (True, "jfr")
    assert server.get(f"/api/events/{event}/conventions")["profile"] == "jfr"
    before = server.written()
    refused = server.client.put(
        f"/api/events/{event}/conventions",
        json={"profile": "ebu", "reason": "x"},
        headers=server.as_director(),
    )
    assert refused.status_code >= 400 and refused.json()["code"] == "plugin.not_found"
    assert server.written() == before
