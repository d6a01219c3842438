"""Names are data, never markup: what a director types as a name or title is shown whole
by every command, and nothing in it can crash a table or drive the terminal (issue 13)."""

from __future__ import annotations

import json

import pytest

from adapters.cli import output
from tests.acceptance.cli import Cli, invoke

ESC = "\x1b"
GUEST = "Tanaka [guest]"
CLOSER = "Sato [/]"
EMOJI = "Ito :smile:"
ESCAPING = f"Kato {ESC}[2J{ESC}]0;owned{chr(7)} \u202eevil\u009b31m"
"""A name that clears the screen, retitles the window, reverses the line and, through the
C1 control sequence introducer, recolours the terminal."""
TITLE = "Club night [/] [bold]x[/bold] :smile:"


@pytest.fixture(scope="module")
def hostile() -> tuple[Cli, str]:
    """A 3-table Howell whose event title and players' names are markup, emoji codes and
    escape sequences, with one result played."""
    cli = Cli()
    event = cli.run("event", "create", "--name", TITLE, "--club", "[/]")["id"]
    for i in range(1, 7):
        cli.run("entry", "add", "--event", event, "--player", f"{GUEST} {i}", "--player",
                f"{CLOSER} {ESCAPING} {EMOJI} {i}")  # fmt: skip
    cli.run("movement", "assign", "--event", event, "--family", "howell", "--boards-per-round", "2")
    cli.run("result", "add", "--event", event, "--board", "1", "--ns", "6", "--ew", "1",
            "--contract", "4S", "--declarer", "N", "--tricks", "10")  # fmt: skip
    return cli, event


def shown(text: str) -> None:
    """``text`` as printed holds every name whole and no control character but the line
    breaks of the tables."""
    assert f"{GUEST} 1" in text and CLOSER in text and EMOJI in text
    assert ESC not in text and "\x07" not in text and "\x9b" not in text and "\u202e" not in text
    assert "\\x1b[2J" in text and "\\u202eevil\\x9b31m" in text  # made visible, not obeyed


@pytest.mark.parametrize(
    "command",
    [
        ("standings",),
        ("entry", "list"),
        ("board", "1"),
        ("audit",),
    ],
)
def test_every_table_shows_the_names_whole(hostile: tuple[Cli, str], command: tuple[str]) -> None:
    cli, event = hostile
    text = cli.text(*command, "--event", event)
    shown(text)


def test_the_event_list_and_the_standings_title_show_the_title_whole(
    hostile: tuple[Cli, str],
) -> None:
    cli, event = hostile
    assert TITLE in cli.text("event", "list")
    assert TITLE in cli.text("standings", "--event", event)
    assert TITLE in cli.text("audit", "--event", event)


def test_json_keeps_the_names_as_entered_and_escapes_what_a_terminal_obeys(
    hostile: tuple[Cli, str],
) -> None:
    cli, event = hostile
    result = invoke(["entry", "list", "--event", event, "--store", cli.store, "--format", "json"])
    assert result.exit_code == 0
    assert not {"\x9b", "\u202e", ESC} & set(result.stdout)
    names = [n for row in json.loads(result.stdout) for n in row["names"].split(" – ")]
    assert f"{CLOSER} {ESCAPING} {EMOJI} 1" in names


def test_an_error_naming_hostile_data_is_shown_whole(hostile: tuple[Cli, str]) -> None:
    cli, _event = hostile
    result = invoke(["standings", "--event", "[/]" + ESC + "[2J", "--store", cli.store])
    assert result.exit_code == 1
    assert "[/]" in result.stderr and ESC not in result.stderr and "\\x1b[2J" in result.stderr


@pytest.mark.parametrize("name", [GUEST, CLOSER, ESCAPING, EMOJI, "[bold red]", "[link=x]y"])
def test_a_write_with_a_hostile_name_succeeds_once(name: str) -> None:
    """No command writes and then fails: ``event create`` and ``entry add`` print what
    they recorded, whatever the name, and record it once."""
    cli = Cli()
    created = invoke(["event", "create", "--name", name, "--store", cli.store])
    assert created.exit_code == 0, created.stderr
    assert cli.position == 4  # created, its time zone, session 1, section A: once
    event = cli.run("event", "list")[0]["id"]
    added = invoke(["entry", "add", "--event", event, "--player", name, "--player", name,
                    "--store", cli.store])  # fmt: skip
    assert added.exit_code == 0, added.stderr
    assert cli.position == 5
    assert cli.run("event", "list")[0]["name"] == name


def test_neutral_makes_every_control_visible_and_keeps_the_rest() -> None:
    assert output.neutral("a\tb\nc") == "a\tb\nc"
    assert output.neutral(f"{ESC}[31m\x7f\x85\u2066") == "\\x1b[31m\\x7f\\x85\\u2066"
    assert output.neutral("田中 [guest] :smile:") == "田中 [guest] :smile:"
