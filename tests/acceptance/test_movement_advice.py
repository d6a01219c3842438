"""``traveller movement advise`` as a director reads it: every column explained, every
line in English (the manual's words only cited beside their English), and each proposal's
assign commands pasted as printed into a fresh event's shell."""

from __future__ import annotations

import shlex

import pytest

from engine.advisor.proposals import COLUMNS
from tests.acceptance.cli import Cli, invoke
from tests.engine.advisor.test_advice_readable import JAPANESE, uncited


def commands(text: str) -> list[str]:
    """The lines of the advice that are commands (a ``#`` comment may follow one)."""
    return [line.strip() for line in text.splitlines() if line.strip().startswith("traveller ")]


def paste(cli: Cli, line: str, event: str) -> None:
    """Run a pasted line as a shell would (its comment dropped), ``ID`` being the event."""
    words = shlex.split(line, comments=True)
    assert words[0] == "traveller", line
    args = [event if w == "ID" else w for w in words[1:]]
    result = invoke([*args, "--store", cli.store, "--format", "json"])
    assert result.exit_code == 0, (line, result.stderr)


def test_the_columns_are_explained_under_the_table() -> None:
    cli = Cli()
    text = cli.text("movement", "advise", "--pairs", "14")
    header = next(line for line in text.splitlines() if "Movement" in line and "Ready" in line)
    cells = [c.strip() for c in header.strip("┃│ ").replace("┃", "│").split("│")]
    assert cells == [name for name, _ in COLUMNS]
    flat = " ".join(text.split())
    for name, meaning in COLUMNS:
        assert f"{name}: {' '.join(meaning.split())}." in flat


@pytest.mark.parametrize(
    ("field", "sessions"),
    [(("--pairs", "14"), 1), (("--pairs", "4", "--teams"), 1), (("--pairs", "8", "--teams"), 2)],
)
def test_every_line_is_in_english(field: tuple[str, ...], sessions: int) -> None:
    cli = Cli()
    text = cli.text("movement", "advise", *field, "--sessions", str(sessions), "--limit", "40")
    for line in text.splitlines():
        assert not JAPANESE.search(uncited(line)), line


@pytest.mark.parametrize("pairs", [14, 19])
def test_each_ready_proposal_pastes_into_a_fresh_event(pairs: int) -> None:
    """The commands under each proposal, as printed, assign it to a fresh event whose
    pairs are registered (19 pairs: the 9-table sheets' full Howell splits table 9 into
    A and B, the appendix Howell on 10 tables); a proposal no family builds says so in a
    comment instead."""
    cli = Cli()
    text = cli.text("movement", "advise", "--pairs", str(pairs), "--event", "ID")
    advice = cli.run("movement", "advise", "--pairs", str(pairs))
    shown = advice["proposals"][:8]
    assert commands(text) == [c for p in shown for c in p["commands"] if c.startswith("traveller")]
    for p in shown:
        event = cli.run("event", "create", "--name", p["title"])["id"]
        for i in range(1, pairs + 1):
            cli.run("entry", "add", "--event", event, "--player", f"N{i}", "--player", f"S{i}")
        if not p["assignable"]:
            assert all(c.startswith("#") for c in p["commands"])
            continue
        for line in p["commands"]:
            paste(cli, line, event)
        seated = cli.run("standings", "--event", event)
        assert seated["session"] == 1


def test_a_two_session_team_game_pastes_session_by_session() -> None:
    cli = Cli()
    advice = cli.run("movement", "advise", "--pairs", "8", "--teams", "--sessions", "2")
    ready = [p for p in advice["proposals"] if p["assignable"]][:4]
    assert ready
    for p in ready:
        event = cli.run("event", "create", "--name", p["title"])["id"]
        cli.run("session", "add", "--event", event, "--session", "2")
        second = [c for c in p["commands"] if "--session 2" in c]
        assert second and all("# session 2: add it first" in c for c in second)
        for line in p["commands"]:
            if line.startswith("traveller renumber"):
                continue  # once session 1 is played
            paste(cli, line, event)
