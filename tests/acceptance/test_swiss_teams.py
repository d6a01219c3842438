"""A 12-team, 6-round Swiss teams event run through the ``traveller`` command to its
final standings, with a correction to round 2 after round 4 was drawn (JCBL part 2
ch. 6 §8; part 3 ch. 4 §3-2)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from tests.acceptance.cli import Cli

TEAMS, ROUNDS = 12, 6


def score(cli: Cli, event: str, rnd: int, draw: dict[str, Any]) -> None:
    """The lower-numbered team wins each match, by more the further apart the teams are."""
    for m in draw["matches"]:
        home, away = m["home"], m["away"]
        margin = 2 * abs(home - away)
        imps = f"{10 + margin}:10" if home < away else f"10:{10 + margin}"
        cli.run(
            "match", "result", "--event", event, "--round", str(rnd),
            "--home", str(home), "--away", str(away), "--imps", imps,
        )  # fmt: skip


def test_a_swiss_teams_event_from_entries_to_final_standings() -> None:
    cli = Cli()
    event = cli.run(
        "event", "create", "--name", "Swiss teams", "--scoring", "team-imps",
        "--option", "vp_scale=wbf2013",
    )["id"]  # fmt: skip
    for t in range(1, TEAMS + 1):
        players = [arg for seat in "NSEW" for arg in ("--player", f"Team {t} {seat}")]
        cli.run("entry", "add", "--event", event, *players)
    started = cli.run(
        "swiss", "start", "--event", event, "--rounds", str(ROUNDS), "--boards-per-round", "8",
        "--pairing", "jcbl-seeded", "--option", "rematch=none",
    )  # fmt: skip
    assert started["pairing"] == "jcbl-seeded" and len(started["teams"]) == TEAMS

    draws: dict[int, dict[str, Any]] = {}
    for rnd in range(1, ROUNDS + 1):
        shown = cli.run("swiss", "draw", "--event", event, "--dry-run")
        draws[rnd] = cli.run("swiss", "draw", "--event", event)
        assert draws[rnd] == shown and draws[rnd]["round"] == rnd
        assert draws[rnd]["triangle"] is None and draws[rnd]["bye"] is None
        assert draws[rnd]["relaxed"] == []
        if rnd == 4:
            # Round 2's first match was misread: the away team won it. The round-4 draw
            # stands; the audit and the diff show what the correction changed.
            before = cli.run("audit", "--event", event)[-1]["position"]
            m = draws[2]["matches"][0]
            home, away = str(m["home"]), str(m["away"])
            refused = cli.run(
                "match", "result", "--event", event, "--round", "2", "--home", home,
                "--away", away, "--imps", "0:30", ok=False,
            )  # fmt: skip
            assert "reason" in refused["message"].lower()
            cli.run(
                "match", "result", "--event", event, "--round", "2", "--home", home,
                "--away", away, "--imps", "0:30", "--reason", "score card misread",
            )  # fmt: skip
            assert cli.run("swiss", "show", "--event", event, "--round", "4") == draws[4]
            audit = cli.run("audit", "--event", event)
            (corrected,) = [row for row in audit if row["reason"] == "score card misread"]
            assert corrected["type"] == "MatchScored" and corrected["data"]["imps"] == ["0", "30"]
            changed = {
                row["team"]
                for row in cli.run("swiss", "diff", "--event", event, "--from", str(before))
            }
            assert {m["home"], m["away"]} <= changed
            diff = cli.run("diff", "--event", event, "--from", str(before))
            assert {row["team"] for row in diff} == changed
        score(cli, event, rnd, draws[rnd])

    # No two teams met twice; every team played every round.
    met = [frozenset((m["home"], m["away"])) for d in draws.values() for m in d["matches"]]
    assert len(met) == len(set(met)) == ROUNDS * TEAMS // 2
    final = cli.run("swiss", "standings", "--event", event)
    assert cli.run("standings", "--event", event) == final
    assert len(final) == TEAMS
    assert all(len(row["rounds"]) == ROUNDS for row in final)
    # WBF 2013 shares 20 VPs a match: 6 matches a round.
    assert sum(Decimal(row["shown"]) for row in final) == 20 * ROUNDS * TEAMS // 2
    totals = [Decimal(row["shown"]) for row in final]
    assert totals == sorted(totals, reverse=True) and final[0]["rank"].startswith("1")
    for row in final:
        assert [r["round"] for r in row["rounds"]] == list(range(1, ROUNDS + 1))
        assert len({o for r in row["rounds"] for o in r["opponents"]}) == ROUNDS
    # A recorded draw is shown as it was recorded.
    assert cli.run("swiss", "show", "--event", event, "--round", "1") == draws[1]


def test_a_swiss_teams_event_scored_board_by_board() -> None:
    """Each round's session is seated by its draw; the results are entered board by
    board at both tables of every match, and the standings follow from them."""
    cli = Cli()
    event = cli.run(
        "event", "create", "--name", "Swiss teams", "--scoring", "team-imps",
        "--option", "vp_scale=wbf2013",
    )["id"]  # fmt: skip
    for t in range(1, 7):
        players = [arg for seat in "NSEW" for arg in ("--player", f"Team {t} {seat}")]
        cli.run("entry", "add", "--event", event, *players, "--name", f"Club {t}",
                "--seeding", str(100 - t))  # fmt: skip
    cli.run(
        "swiss", "start", "--event", event, "--rounds", "3", "--boards-per-round", "2",
        "--tie-break", "imp-difference",
    )  # fmt: skip
    assert "Club 4" in cli.text("entry", "list", "--event", event)
    for rnd in range(1, 4):
        draw = cli.run("swiss", "draw", "--event", event)
        boards = [2 * rnd - 1, 2 * rnd]
        for m in draw["matches"]:
            for ns, ew in ((m["home"], m["away"]), (m["away"], m["home"])):
                for board in boards:
                    # The home team's NS pair makes one trick more than the visitors'.
                    tricks = 10 if ns == m["home"] else 9
                    cli.run(
                        "result", "add", "--event", event, "--session", str(rnd),
                        "--board", str(board), "--ns", str(ns), "--ew", str(ew),
                        "--contract", "4S", "--declarer", "N", "--tricks", str(tricks),
                    )  # fmt: skip
    final = cli.run("standings", "--event", event)
    assert all(len(row["rounds"]) == 3 and "team" in row for row in final)
    assert {row["team"]: row["name"] for row in final}[5] == "Club 5"
    assert "Club 5" in cli.text("standings", "--event", event)
    assert all(r["vp"] is not None for row in final for r in row["rounds"])
    # Each match shares 20 VPs: 3 matches a round.
    assert sum(Decimal(row["shown"]) for row in final) == 20 * 3 * 3


def test_a_swiss_pairs_event_from_entries_to_final_standings() -> None:
    cli = Cli()
    event = cli.run("event", "create", "--name", "Swiss pairs", "--scoring", "swiss-pairs")["id"]
    for p in range(1, 10):
        cli.run("entry", "add", "--event", event, "--player", f"P{p}N", "--player", f"P{p}S")
    started = cli.run(
        "swiss", "start", "--event", event, "--rounds", "3", "--boards-per-round", "3",
        "--pairing", "top-down", "--option", "odd=bye", "--bye-vp", "12",
    )  # fmt: skip
    assert started["kind"] == "pairs"
    byes = []
    for rnd in range(1, 4):
        draw = cli.run("swiss", "draw", "--event", event)
        byes.append(draw["bye"])
        for m in draw["matches"]:
            for board in range(3 * rnd - 2, 3 * rnd + 1):
                tricks = 8 + (m["home"] * board + m["away"]) % 5
                cli.run(
                    "result", "add", "--event", event, "--session", str(rnd),
                    "--board", str(board), "--ns", str(m["home"]), "--ew", str(m["away"]),
                    "--contract", "3NT", "--declarer", "S", "--tricks", str(tricks),
                )  # fmt: skip
    assert len(set(byes)) == 3  # no pair has the bye twice
    final = cli.run("standings", "--event", event)
    assert len(final) == 9 and all("pair" in row and "team" not in row for row in final)
    # Every match shares 20 VPs (4 a round) and each bye scores 12.
    assert sum(Decimal(row["shown"]) for row in final) == 3 * (4 * 20 + 12)
