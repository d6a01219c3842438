"""JCBL masterpoints awarded from an event's own standings and recorded, through
``traveller masterpoints --event``: the class chosen for the event, the contestants counted
from the standings, ties sharing, the award in the audit and beside the standings, and a
re-award after a correction superseding the first — for pairs, players and teams."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

from adapters.cli.common import open_app
from engine.movement import Encounter
from engine.numbers import round_half_up
from engine.section.results import ResultEntry
from engine.testing import play_movement
from tests.acceptance.cli import Cli, team_league


def pairs_night(cli: Cli, pairs: int, family: str, boards_per_round: int) -> str:
    """A pairs event, every board played (``engine.testing.flat_score``), the session closed."""
    event: str = cli.run("event", "create", "--name", "Club night")["id"]
    for i in range(1, pairs + 1):
        cli.run(
            "entry", "add", "--event", event, "--player", f"N{i}", "--member", f"10{i:02d}",
            "--player", f"S{i}", "--member", f"20{i:02d}",
        )  # fmt: skip
    cli.run(
        "movement", "assign", "--event", event, "--family", family,
        "--boards-per-round", str(boards_per_round),
    )  # fmt: skip
    app = open_app(cli.store)
    play_movement(app, app.resolve_event(event))
    return event


def by_contestant(field: dict[str, Any]) -> dict[str, str]:
    return {a["contestant"]: a["points"] for a in field["awards"]}


def test_a_howells_masterpoints_from_its_standings_ties_sharing() -> None:
    cli = Cli()
    event = pairs_night(cli, 8, "howell", 2)

    # The session is still open: nothing is awarded, nothing written.
    before = cli.position
    refused = cli.run("masterpoints", "--event", event, "--class", "3", ok=False)
    assert refused["error"] == "Rejected" and "still open" in refused["message"]
    cli.run("session", "close", "--event", event)
    # The contestants are counted from the standings, never typed in.
    refused = cli.run(
        "masterpoints", "--event", event, "--class", "3", "--contestants", "8", ok=False
    )
    assert refused["error"] == "InvalidInput" and "--contestants" in refused["message"]
    # No class chosen for the event yet: the rule asks for it.
    refused = cli.run("masterpoints", "--event", event, ok=False)
    assert "game_class" in refused["message"] and "--class" in refused["hint"]
    assert cli.position == before + 1  # the session closed, nothing else

    awarded = cli.run("masterpoints", "--event", event, "--class", "3")
    assert (awarded["rule"], awarded["version"], awarded["options"]) == (
        "jcbl", "1.0", {"game_class": 3},
    )  # fmt: skip
    (field,) = awarded["fields"]
    assert (field["field"], field["kind"], field["contestants"]) == ("ALL", "pairs", 8)
    assert field["options"] == {"game_class": 3, "contestants": 8, "teams": False}

    standings = cli.run("standings", "--event", event)
    rows = standings["fields"][0]["rows"]
    # flat_score ranks 8, 3, then five pairs equal third, then 2. Class 3, 8 pairs: 3
    # places, 0.24, 0.17, 0.12; the five tied for 3rd-7th share 0.12 + 0 + 0 + 0 + 0.
    assert [r["rank"] for r in rows] == ["1", "2", "3=", "3=", "3=", "3=", "3=", "8"]
    assert [r.get("masterpoints") for r in rows] == [
        "0.24", "0.17", "0.02", "0.02", "0.02", "0.02", "0.02", None,
    ]  # fmt: skip
    assert standings["masterpoints"] == {
        "rule": "jcbl", "version": "1.0", "options": {"game_class": 3}, "current": True,
    }  # fmt: skip
    tied = [a for a in field["awards"] if a["rank"] == "3="]
    assert len(tied) == 5 and all(a["places"] == [3, 7] for a in tied)
    # Every player of a placed pair is credited, with the member number.
    first = field["awards"][0]
    assert first["players"] == [
        {"name": "N8", "member": "1008"}, {"name": "S8", "member": "2008"},
    ]  # fmt: skip
    text = cli.text("standings", "--event", event)
    assert "Masterpoints (MP) awarded by jcbl 1.0 (game_class=3)." in " ".join(text.split())
    assert "MP" in text and "0.24" in text

    trail = cli.run("audit", "--event", event)
    recorded = [r for r in trail if r["type"].startswith("Masterpoint")]
    assert [r["type"] for r in recorded] == ["MasterpointRuleChosen", "MasterpointsAwarded"]
    assert recorded[0]["data"] == {"rule": "jcbl", "options": {"game_class": 3}}
    assert recorded[1]["data"]["supersedes"] is None

    # A correction moves pair 2 off the bottom: the award no longer matches the standings.
    app = open_app(cli.store)
    eid = app.resolve_event(event)
    movement = app.section(eid).movement
    assert movement is not None
    e = next(e for e in movement.schedule if 2 in (e.ns, e.ew))
    line, other = ("--ns", "--ew") if e.ns == 2 else ("--ew", "--ns")
    board = str(e.boards[0])
    made = "13" if e.ns == 2 else "6"
    cli.run(
        "result", "correct", "--event", event, "--board", board, line, "2",
        other, str(e.ew if e.ns == 2 else e.ns), "--contract", "4S", "--declarer", "N",
        "--tricks", made, "--reason", "the traveller was misread",
    )  # fmt: skip
    assert cli.run("standings", "--event", event)["masterpoints"]["current"] is False
    assert "award them again" in " ".join(cli.text("standings", "--event", event).split())

    # Awarding again supersedes the first award, for a reason; the class is the event's.
    before = cli.position
    refused = cli.run("masterpoints", "--event", event, ok=False)
    assert refused["error"] == "ReasonRequired" and cli.position == before
    again = cli.run("masterpoints", "--event", event, "--reason", "board corrected")
    assert again["options"] == {"game_class": 3} and again["reason"] == "board corrected"
    assert again["supersedes"] == awarded_version(cli, event, 0)
    assert cli.run("standings", "--event", event)["masterpoints"]["current"] is True
    trail = cli.run("audit", "--event", event)
    recorded = [r["type"] for r in trail if r["type"].startswith("Masterpoint")]
    assert recorded == ["MasterpointRuleChosen", "MasterpointsAwarded", "MasterpointsAwarded"]
    # A new class is a new condition of the event, in the audit too.
    cli.run("masterpoints", "--event", event, "--class", "4", "--reason", "class misread")
    trail = cli.run("audit", "--event", event)
    chosen = [r["data"] for r in trail if r["type"] == "MasterpointRuleChosen"]
    assert chosen[-1] == {"rule": "jcbl", "options": {"game_class": 4}}
    assert cli.run("standings", "--event", event)["fields"][0]["rows"][0]["masterpoints"] == (
        "0.32"
    )


def awarded_version(cli: Cli, event: str, nth: int) -> int:
    """The tournament version of the ``nth`` award recorded (what a later one supersedes)."""
    app = open_app(cli.store)
    eid = app.resolve_event(event)
    found = [
        e.originator_version
        for e in app.events.get(eid)
        if type(e).__name__ == "MasterpointsAwarded"
    ]
    return found[nth]


def test_a_mitchells_two_fields_earn_apart() -> None:
    """NS and EW of a Mitchell are ranked apart (part 2 ch. 4 §10), so each is a field of
    its own size: 7 tables, 7 pairs each way, 3 placed in each."""
    cli = Cli()
    event = pairs_night(cli, 14, "mitchell", 3)
    cli.run("session", "close", "--event", event)
    awarded = cli.run("masterpoints", "--event", event, "--rule", "jcbl", "--class", "3")
    assert [(f["field"], f["contestants"]) for f in awarded["fields"]] == [("NS", 7), ("EW", 7)]
    for field in awarded["fields"]:
        # 0.03 × 7 × 0.7^(n-1): 0.21, 0.147, 0.1029, shared where tied.
        assert sum(Decimal(a["points"]) for a in field["awards"]) <= Decimal("0.46")
        assert all(a["contestant"].startswith(field["field"]) for a in field["awards"])
    standings = cli.run("standings", "--event", event)
    for f in standings["fields"]:
        placed = [r for r in f["rows"] if "masterpoints" in r]
        assert (
            placed
            and placed[0]["masterpoints"]
            == by_contestant(next(a for a in awarded["fields"] if a["field"] == f["name"]))[
                f"{f['name']}{placed[0]['pair']}"
            ]
        )


def test_an_individual_credits_each_player() -> None:
    cli = Cli()
    event = cli.run("event", "create", "--name", "Individual night")["id"]
    for i in range(1, 9):
        cli.run("entry", "add", "--event", event, "--player", f"Player {i}")
    cli.run("movement", "assign", "--event", event, "--family", "individual")
    app = open_app(cli.store)
    play_movement(app, app.resolve_event(event))
    cli.run("session", "close", "--event", event)
    awarded = cli.run("masterpoints", "--event", event, "--class", "2")
    (field,) = awarded["fields"]
    assert (field["kind"], field["contestants"]) == ("players", 8)
    assert all(len(a["players"]) == 1 for a in field["awards"])
    rows = cli.run("standings", "--event", event)["fields"][0]["rows"]
    for a in field["awards"]:
        row = next(r for r in rows if str(r["pair"]) == a["contestant"])
        assert row["names"] == [a["players"][0]["name"]] and row["masterpoints"] == a["points"]


def test_an_event_ranking_players_awards_each_player() -> None:
    """An event that ranks players (pairs play, each player is ranked) earns by its
    ranking of players: 16 players, each credited alone."""
    cli = Cli()
    event = pairs_night(cli, 8, "howell", 2)
    cli.run("ranking", "contestants", "--event", event, "players")
    cli.run("session", "close", "--event", event)
    awarded = cli.run("masterpoints", "--event", event, "--class", "1")
    (field,) = awarded["fields"]
    assert (field["field"], field["kind"], field["contestants"]) == ("PLAYERS", "players", 16)
    # The winning pair's two players tie for 1st and 2nd: 0.16 and 0.112 shared, 0.14 each.
    assert [(a["contestant"], a["points"]) for a in field["awards"][:2]] == [
        ("#1008", "0.14"), ("#2008", "0.14"),
    ]  # fmt: skip


def big_swing(board: int, e: Encounter) -> ResultEntry:
    """Team t's NS pair makes 7 + t tricks in 4S at home: the higher number wins."""
    return ResultEntry(
        board=board, ns=e.ns, ew=e.ew, contract="4S", declarer="N", tricks=min(13, 7 + e.ns),
        round=e.round, table=e.table,
    )  # fmt: skip


def test_a_round_robins_teams_earn_the_greater_of_the_table_and_their_record() -> None:
    cli, event, _ = team_league(boards_per_round=16)
    app = open_app(cli.store)
    play_movement(app, app.resolve_event(event), result=big_swing)
    cli.run("session", "close", "--event", event)
    awarded = cli.run("masterpoints", "--event", event, "--class", "1")
    (field,) = awarded["fields"]
    assert (field["field"], field["kind"], field["contestants"]) == ("TEAMS", "teams", 4)
    table = cli.run("crosstable", "--event", event)
    rows = {r["team"]: r for r in table["rows"]}

    def won(team: int) -> Fraction:
        mine = rows[team]["against"]
        return sum(
            (
                Fraction(Decimal(cell[0]))
                for other, cell in zip(table["teams"], mine, strict=True)
                if other != team and Decimal(cell[0]) > Decimal(rows[other]["against"][team - 1][0])
            ),
            Fraction(0),
        )

    # Team 4 won its three matches, team 3 two: 1 × 16 × V / (100 × 20 × 4) each, against
    # the table's 0.08 and 0.056 (class 1 teams, 4 teams: 2 placed).
    winner, second = field["awards"]
    assert (winner["contestant"], second["contestant"]) == ("NS4", "NS3")
    for award, team, table_points in ((winner, 4, Fraction(8, 100)), (second, 3, Fraction(7, 125))):
        record = Fraction(16) * won(team) / (100 * 20 * 4)
        assert award["record"] == {
            "boards": 16, "vp": str(round_half_up(won(team))), "max_vp": "20.00", "players": 4,
        }  # fmt: skip
        assert Decimal(award["points"]) == round_half_up(max(table_points, record))
        assert len(award["players"]) == 4
    assert Decimal(winner["points"]) > Decimal("0.08")  # the record beats the table
    standings = cli.run("standings", "--event", event)
    assert [r.get("masterpoints") for r in standings["fields"][0]["rows"]][:2] == [
        winner["points"], second["points"],
    ]  # fmt: skip
