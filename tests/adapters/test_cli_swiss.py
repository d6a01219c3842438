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


def test_pairing_list_says_what_every_option_does_and_its_default() -> None:
    listed = {m["name"]: m for m in Cli().run("pairing", "list")}
    for name, method in listed.items():
        for key, option in method["options"].items():
            assert option["description"], f"{name}'s option {key} has no description"
    # A method that changes only a default keeps the shared description.
    random_draw, optimal = listed["jcbl-random"]["options"], listed["optimal"]["options"]
    assert random_draw["seeding"]["default"] == "random"
    assert optimal["seeding"]["default"] == "split"
    assert random_draw["seeding"]["description"] == optimal["seeding"]["description"]
    assert listed["jcbl-quarters"]["options"]["draw_from"]["default"] == "before-previous"
    text = Cli().text("pairing", "list")
    assert "odd=triangle: an odd field" in text and "rematch=none: when two" in text


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
    # Team 1's NS pair at table 1, team 5's at the closed room (table 1 + 4 matches).
    assert shown["matches"][0] == {"table": 1, "home": 1, "away": 5, "closed_table": 5}
    assert shown["boards"] == list(range(1, 9))
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


def test_fixed_home_tables_are_given_as_number_colon_table() -> None:
    cli = Cli()
    event = swiss_event(cli, teams=4)
    bad = cli.run(
        "swiss", "start", "--event", event, "--rounds", "2", "--boards-per-round", "4",
        "--option", "tables=home", "--option", "home_tables=1-9", ok=False,
    )  # fmt: skip
    assert "NUMBER:TABLE" in bad["message"]
    cli.run(
        "swiss", "start", "--event", event, "--rounds", "2", "--boards-per-round", "4",
        "--option", "tables=home", "--option", "home_tables=1:9,2:8,3:7,4:6",
    )  # fmt: skip
    draw = cli.run("swiss", "draw", "--event", event)
    home = {1: 9, 2: 8, 3: 7, 4: 6}
    for m in draw["matches"]:
        assert m["table"] == home[m["home"]] and m["closed_table"] == home[m["away"]]
