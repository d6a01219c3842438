"""``at_desk``: the options every command shares, declared once, and its errors."""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from typing import Annotated

import pytest
import typer
from typer.testing import CliRunner

from adapters.cli import common
from adapters.cli.common import Desk, at_desk, help_text
from adapters.cli.output import Format
from engine.errors import InvalidInput
from engine.testing import memory_app

runner = CliRunner()


@dataclass(frozen=True)
class Span:
    """Two options shared by several commands."""

    first: Annotated[int, typer.Option("--first", help="The first.")]
    last: Annotated[int | None, typer.Option("--last")] = None


@pytest.fixture
def store(monkeypatch: pytest.MonkeyPatch) -> str:
    url = f"memory:{uuid.uuid4().hex}"
    monkeypatch.setitem(common._apps, url, memory_app())
    return url


def test_a_command_gets_the_store_the_event_the_format_and_the_actor(
    store: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = typer.Typer()
    seen: list[Desk] = []

    @app.command()
    @at_desk(event=True, actor=True)
    def note(desk: Desk, span: Span, word: Annotated[str, typer.Option("--word")] = "x") -> None:
        seen.append(desk)
        desk.say({"event": str(desk.event), "span": [span.first, span.last], "word": word}, "ok")

    event = common.open_app(store).create_event("Club night")
    monkeypatch.setenv("TRAVELLER_ACTOR", "Ito")
    args = ["--event", str(event)[:8], "--first", "3", "--store", store, "--format", "json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout) == {"event": str(event), "span": [3, None], "word": "x"}
    assert seen[0].app is common.open_app(store) and seen[0].actor == "Ito"
    assert seen[0].fmt is Format.json
    args = ["--event", str(event), "--first", "1", "--store", store, "--actor", "Mori"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0 and result.stdout == "ok\n" and seen[1].actor == "Mori"
    assert "--last" in runner.invoke(app, ["--help"]).stdout


def test_errors_are_messages_and_exit_status_1(store: str) -> None:
    app = typer.Typer()

    @app.command()
    @at_desk(event=True)
    def fail(desk: Desk) -> None:
        desk.app.tournament(desk.event)

    result = runner.invoke(app, ["--event", "zzzz", "--store", store, "--format", "json"])
    assert result.exit_code == 1 and result.stdout == ""
    assert json.loads(result.stderr)["error"] == "NotFound"
    result = runner.invoke(app, ["--event", "zzzz", "--store", store])
    assert result.exit_code == 1 and "does not name one event" in " ".join(result.stderr.split())


def test_a_command_without_a_store_has_no_store_option() -> None:
    app = typer.Typer()

    @app.command()
    @at_desk(store=False)
    def check(desk: Desk) -> None:
        raise InvalidInput("Nothing to check.")

    assert "--store" not in runner.invoke(app, ["--help"]).stdout
    result = runner.invoke(app, ["--format", "json"])
    assert result.exit_code == 1 and json.loads(result.stderr)["message"] == "Nothing to check."


def test_an_option_declared_twice_is_refused() -> None:
    def body(desk: Desk, store: str = "") -> None:
        del desk, store

    with pytest.raises(TypeError, match="store"):
        at_desk()(body)


def test_help_shows_each_paragraph_of_a_docstring_on_one_line() -> None:
    doc = """Draw the next round and seat its
    session (``--dry-run``: only show it).

    Then:

        traveller swiss draw --event ID
    """
    assert help_text(doc) == (
        "Draw the next round and seat its session (`--dry-run`: only show it).\n\nThen:"
        "\n\n    traveller swiss draw --event ID"
    )
