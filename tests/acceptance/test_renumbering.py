"""Renumbering between sessions through ``traveller renumber`` (JCBL part 3 ch. 3 §5–6).

A two-session sectional as the manual lays it out: section A a 5-table Mitchell and
section B a 3-table Howell, both of five rounds; the second session keeps the
movements and the pairs change sections so that nobody meets an opponent again.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from adapters.cli.common import open_app
from adapters.storage import env_for, store_url
from engine import renumbering
from engine.application import Traveller
from engine.seating import Line, Pair
from engine.testing import play_movement
from engine.tournament import Player
from tests.acceptance.cli import Cli, invoke


def renumber_pairs(cli: Cli, *args: str, ok: bool = True) -> Any:
    return cli.run("renumber", *args, ok=ok)


def app_of(cli: Cli) -> Traveller:
    return open_app(cli.store)


def sectional(cli: Cli, *, odd: bool = False, second: bool = True) -> str:
    """Session 1 seated (A: 5-table Mitchell, B: 3-table Howell, B one pair short when
    ``odd``); session 2 with the same movements assigned when ``second``."""
    event = cli.run("event", "create", "--name", "Sectional", "--sections", "A,B")["id"]
    app = app_of(cli)
    for section, count in (("A", 10), ("B", 5 if odd else 6)):
        for i in range(1, count + 1):
            names = (Player(name=f"{section}{i} North"), Player(name=f"{section}{i} South"))
            app.register_entry(UUID(event), names, section=section)
    cli.run("movement", "assign", "--event", event, "--section", "A", "--family", "mitchell")
    cli.run("movement", "assign", "--event", event, "--section", "B", "--family", "howell")
    if second:
        cli.run("session", "add", "--event", event, "--session", "2", "--sections", "A,B")
        for section, family, tables in (("A", "mitchell", "5"), ("B", "howell", "3")):
            cli.run(
                "movement", "assign", "--event", event, "--session", "2",
                "--section", section, "--family", family, "--tables", tables,
            )  # fmt: skip
    return str(event)


def test_the_second_session_is_seated_from_the_renumbering() -> None:
    cli = Cli()
    event = sectional(cli)
    done = renumber_pairs(cli, "--event", event, "--from", "1", "--to", "2")
    # The Howell's five movers replace the Mitchell's moving line, which becomes the
    # Howell's movers; the stationary NS pairs and the Howell's stationary pair stay.
    assert done["blocks"] == [
        "A NS 1-5 → A NS 1-5",
        "A EW 1-5 → B 1-5",
        "B 1-5 → A EW 1-5",
        "B 6 → B 6",
    ]
    assert (done["method"], done["version"]) == (renumbering.METHOD, renumbering.VERSION)
    first = {m["entry"]: m for m in done["moves"]}
    assert first["E6"] == {
        "entry": "E6",
        "names": ["A6 North", "A6 South"],
        "from": {"section": "A", "pair": "EW1"},
        "to": {"section": "B", "pair": "1"},
    }
    app = app_of(cli)
    eid = UUID(event)
    assert app.section(eid, 2, "B").seats[Pair(1)] == "E6"
    assert app.section(eid, 2, "A").seats[Pair(1, Line.EW)] == "E11"  # B 1 of session 1
    assert app.tournament(eid).renumberings[2].moves[0].entry == "E1"
    # Session 2 plays on the new seats; its standings name the pairs of session 1.
    for section in ("A", "B"):
        play_movement(app, eid, session=2, section=section)
    (howell,) = (
        f
        for f in cli.run("standings", "--event", event, "--session", "2")["fields"]
        if f["section"] == "B"
    )
    assert {tuple(r["names"]) for r in howell["rows"]} >= {("A6 North", "A6 South")}


def test_a_pair_that_cannot_move_and_a_move_fixed_by_the_director() -> None:
    cli = Cli()
    event = sectional(cli, odd=True)
    # A EW 2 would move among the Howell's moving pairs; its players cannot move. The
    # director puts A EW 1 at B 2 by hand; the rest is found around it.
    done = renumber_pairs(
        cli, "--event", event, "--stationary", "A:EW2", "--move", "A:EW1=B:2",
        "--reason", "A EW 2: a player on crutches",
    )  # fmt: skip
    moved = {(m["from"]["section"], m["from"]["pair"]): m["to"] for m in done["moves"]}
    assert moved[("A", "EW1")] == {"section": "B", "pair": "2"}
    assert moved[("A", "EW2")] == {"section": "B", "pair": "6"}, "the Howell's stationary seat"
    following = app_of(cli).section(UUID(event), 2, moved[("A", "EW2")]["section"])
    assert following.movement is not None
    assert Pair.parse(moved[("A", "EW2")]["pair"]) in following.movement.stationary
    assert len(done["phantoms"]) == 1, "an odd pair: one seat is left empty"


def test_renumbering_waits_for_the_second_sessions_movements() -> None:
    cli = Cli()
    event = sectional(cli, second=False)
    cli.run("session", "add", "--event", event, "--session", "2", "--sections", "A,B")
    before = cli.position
    refused = renumber_pairs(cli, "--event", event, "--to", "2", ok=False)
    assert refused["error"] == "Rejected"
    assert "has no movement yet" in refused["message"]
    assert "traveller movement assign --session 2" in refused["hint"]
    assert cli.position == before, "a refused renumbering writes nothing"


def test_an_impossible_renumbering_says_why() -> None:
    cli = Cli()
    event = cli.run("event", "create", "--name", "Howell twice")["id"]
    for i in range(1, 9):
        cli.run("entry", "add", "--event", event, "--player", f"P{i}", "--player", f"Q{i}")
    cli.run("movement", "assign", "--event", event, "--family", "howell")
    cli.run("session", "add", "--event", event, "--session", "2")
    cli.run(
        "movement", "assign", "--event", event, "--session", "2",
        "--family", "howell", "--tables", "4",
    )  # fmt: skip
    refused = renumber_pairs(cli, "--event", event, ok=False)
    assert "seats 8 pairs who all meet one another" in refused["message"]
    assert "interwoven Howell" in refused["hint"]


def test_a_started_second_session_is_not_renumbered() -> None:
    cli = Cli()
    event = sectional(cli)
    renumber_pairs(cli, "--event", event)
    cli.run("round", "start", "--event", event, "--session", "2", "--section", "A", "1")
    refused = renumber_pairs(cli, "--event", event, ok=False)
    assert "has started play" in refused["message"]


def test_replay_reads_the_decision_without_the_algorithm(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cli = Cli()
    cli.store = f"sqlite:///{tmp_path / 'sectional.db'}"
    event = sectional(cli)
    renumber_pairs(cli, "--event", event)
    seats = dict(app_of(cli).section(UUID(event), 2, "A").seats)

    def gone(*args: object, **kwargs: object) -> None:
        raise AssertionError("replay ran the renumbering again")

    monkeypatch.setattr(renumbering, "renumber", gone)
    fresh = Traveller(env_for(store_url(cli.store)))
    assert fresh.section(UUID(event), 2, "A").seats == seats
    assert fresh.tournament(UUID(event)).renumberings[2].method == renumbering.METHOD


def test_the_table_for_people_lists_blocks_and_seats() -> None:
    cli = Cli()
    event = sectional(cli, odd=True)
    result = invoke(["renumber", "--event", event, "--store", cli.store])
    assert result.exit_code == 0, result.stderr
    assert "Session 1 → session 2: A NS 1-5 → A NS 1-5" in result.stdout
    assert "is the phantom (the sit-out)" in result.stdout


def manual_sectional(cli: Cli, sections: list[tuple[str, int, str, list[str]]]) -> str:
    """Both sessions of a sectional with the manual's movements, every pair entered."""
    names = ",".join(name for name, *_ in sections)
    event = cli.run("event", "create", "--name", "Sectional", "--sections", names)["id"]
    app = app_of(cli)
    for name, tables, _, _ in sections:
        for i in range(1, 2 * tables + 1):
            players = (Player(name=f"{name}{i} North"), Player(name=f"{name}{i} South"))
            app.register_entry(UUID(event), players, section=name)
    cli.run("session", "add", "--event", event, "--session", "2", "--sections", names)
    for session in ("1", "2"):
        for name, tables, family, options in sections:
            cli.run(
                "movement", "assign", "--event", event, "--session", session,
                "--section", name, "--family", family, "--tables", str(tables),
                *(arg for option in options for arg in ("--option", option)),
            )  # fmt: skip
    return str(event)


@pytest.mark.parametrize(
    ("sections", "blocks"),
    [
        (
            # Part 3 ch. 3 §5 example 1: 20 tables as a 12-table scrambled Mitchell (a
            # relay Mitchell: 12 rounds) and an 8-table Howell of 12 rounds.
            [
                ("1", 12, "arrow-switch-mitchell", ["variant=relay"]),
                ("2", 8, "three-quarter-howell", ["rounds=12"]),
            ],
            ["1 1-12 → 2 1-12", "1 13-24 → 1 13-24", "2 1-12 → 1 1-12", "2 13-16 → 2 13-16"],
        ),
        (
            # Example 2: 26 tables as a 16-table appendix Mitchell of 12 rounds and a
            # 10-table Howell of 12 rounds.
            [
                ("1", 16, "appendix-mitchell", ["rounds=12"]),
                ("2", 10, "three-quarter-howell", ["rounds=12"]),
            ],
            ["1 1-16 → 2 1-16", "1 17-32 → 1 17-32", "2 1-16 → 1 1-16", "2 17-20 → 2 17-20"],
        ),
    ],
    ids=["20-tables", "26-tables"],
)
def test_the_manuals_worked_examples_through_the_command_line(
    sections: list[tuple[str, int, str, list[str]]], blocks: list[str]
) -> None:
    cli = Cli()
    event = manual_sectional(cli, sections)
    done = renumber_pairs(cli, "--event", event, "--from", "1", "--to", "2")
    assert done["blocks"] == blocks
