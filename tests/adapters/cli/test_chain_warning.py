"""A command that reads an event whose record was changed outside Traveller says so,
after its own output, in the reader's language and format."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from adapters.cli.common import forget_app
from tests.acceptance.cli import invoke


@pytest.fixture(scope="module")
def tampered(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The demo evening with one score changed in the file (110 made 140)."""
    store = f"sqlite:///{tmp_path_factory.mktemp('tampered') / 'club.db'}"
    assert invoke(["demo", "--store", store]).exit_code == 0
    forget_app(store)
    path = Path(store.removeprefix("sqlite:///"))
    with sqlite3.connect(path) as db:
        rowid, state = next(
            (r, s)
            for r, s in db.execute("SELECT rowid, state FROM stored_events ORDER BY rowid")
            if b'"score_ns":110' in s
        )
        db.execute(
            "UPDATE stored_events SET state = ? WHERE rowid = ?",
            (state.replace(b'"score_ns":110', b'"score_ns":140', 1), rowid),
        )
    return store


def event_of(store: str) -> str:
    listed = json.loads(invoke(["event", "list", "--store", store, "--format", "json"]).stdout)
    return str(listed[0]["id"])


@pytest.mark.parametrize(
    "command", [["standings"], ["audit"], ["board", "1", "--section", "A"], ["entry", "list"]]
)
def test_a_read_of_a_changed_record_warns(tampered: str, command: list[str]) -> None:
    forget_app(tampered)  # as a new process would
    result = invoke(["--lang", "en", *command, "--event", event_of(tampered), "--store", tampered])
    assert result.exit_code == 0, result.stderr
    assert "The record read does not verify" in result.stderr
    assert "is not what was recorded" in result.stderr
    assert "section A of 'Weekly pairs" in result.stderr


def test_the_warning_is_json_with_json_output(tampered: str) -> None:
    forget_app(tampered)
    result = invoke(
        ["standings", "--event", event_of(tampered), "--store", tampered, "--format", "json"]
    )
    assert result.exit_code == 0
    json.loads(result.stdout)
    warning = json.loads(result.stderr.splitlines()[-1])  # after the log line
    assert len(warning["breaks"]) == 1


def test_an_untouched_record_reads_without_warning(tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path / 'club.db'}"
    assert invoke(["demo", "--store", store]).exit_code == 0
    forget_app(store)
    result = invoke(["audit", "--event", event_of(store), "--store", store])
    assert result.exit_code == 0 and "verify" not in result.stderr
