"""``traveller pairing list``, ``traveller swiss …`` and ``traveller match result``."""

from __future__ import annotations

from tests.acceptance.cli import Cli


def swiss_event(cli: Cli, teams: int = 8) -> str:
    event: str = cli.run("event", "create", "--name", "Swiss", "--scoring", "team-imps")["id"]
    for t in range(1, teams + 1):
        players = [arg for seat in "NSEW" for arg in ("--player", f"Team {t} {seat}")]
        cli.run("entry", "add", "--event", event, *players)
    return event


def test_pairing_list_names_every_built_in_method_and_its_options() -> None:
    listed = Cli().run("pairing", "list")
    names = [m["name"] for m in listed]
    assert names == sorted(names)
    assert {"jcbl-quarters", "jcbl-seeded", "jcbl-random", "top-down", "optimal"} <= set(names)
    optimal = next(m for m in listed if m["name"] == "optimal")
    assert {"rematch", "odd", "seeding", "draw_from"} <= set(optimal["options"])


def test_start_shows_the_manuals_warning_and_refuses_bad_options() -> None:
    cli = Cli()
    event = swiss_event(cli, teams=6)
    bad = cli.run(
        "swiss", "start", "--event", event, "--rounds", "5", "--boards-per-round", "8",
        "--option", "rematch=sometimes", ok=False,
    )  # fmt: skip
    assert "rematch" in bad["message"]
    started = cli.run(
        "swiss", "start", "--event", event, "--rounds", "5", "--boards-per-round", "8",
        "--pairing", "optimal",
    )  # fmt: skip
    assert any("twice as many teams as rounds" in w for w in started["warnings"])


def test_a_dry_run_writes_nothing_and_a_redraw_needs_a_reason() -> None:
    cli = Cli()
    event = swiss_event(cli)
    cli.run("swiss", "start", "--event", event, "--rounds", "3", "--boards-per-round", "8")
    before = cli.position
    shown = cli.run("swiss", "draw", "--event", event, "--dry-run")
    assert cli.position == before
    assert shown["matches"][0] == {"table": 1, "home": 1, "away": 5}
    cli.run("swiss", "draw", "--event", event)
    refused = cli.run("swiss", "redraw", "--event", event, "--round", "1", ok=False)
    assert "reason" in refused["message"].lower()
    redrawn = cli.run(
        "swiss", "redraw", "--event", event, "--round", "1", "--reason", "late arrival"
    )
    assert redrawn["round"] == 1


def test_a_match_result_is_checked_against_the_draw() -> None:
    cli = Cli()
    event = swiss_event(cli)
    cli.run("swiss", "start", "--event", event, "--rounds", "3", "--boards-per-round", "8")
    cli.run("swiss", "draw", "--event", event)
    before = cli.position
    wrong = cli.run(
        "match", "result", "--event", event, "--round", "1", "--home", "1", "--away", "2",
        "--imps", "34:12", ok=False,
    )  # fmt: skip
    assert "do not play each other" in wrong["message"]
    garbled = cli.run(
        "match", "result", "--event", event, "--round", "1", "--home", "1", "--away", "5",
        "--imps", "34-12", ok=False,
    )  # fmt: skip
    assert "not a score" in garbled["message"]
    assert cli.position == before
    cli.run(
        "match", "result", "--event", event, "--round", "1", "--home", "1", "--away", "5",
        "--vp", "14.5:5.5",
    )  # fmt: skip
    table = cli.run("swiss", "standings", "--event", event)
    assert table[0]["team"] == 1 and table[0]["vp"] == "14.50"
    assert table[0]["rounds"] == [{"round": 1, "opponents": [5], "vp": "14.50"}]
