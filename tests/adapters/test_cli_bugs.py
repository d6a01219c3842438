"""A bug in Traveller is said to be one, with where its report is: a director never sees
a raw traceback (issue 14), and a developer can still ask for it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import NoReturn

import pytest

from adapters.cli.common import BUG_EXIT
from engine.application import Traveller
from tests.acceptance.cli import Cli, invoke


@pytest.fixture
def reports(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Bug reports go to a folder of the test's own."""
    monkeypatch.setenv("TRAVELLER_CRASH_DIR", str(tmp_path))
    monkeypatch.delenv("TRAVELLER_DEBUG", raising=False)
    return tmp_path


@pytest.fixture
def broken(monkeypatch: pytest.MonkeyPatch, reports: Path) -> Path:
    """``event list`` failing as a bug would (the one of issue 14 was a TypeError)."""

    def list_events(self: Traveller) -> NoReturn:
        raise TypeError("'<' not supported between instances of 'Line' and 'NoneType'")

    monkeypatch.setattr(Traveller, "list_events", list_events)
    return reports


def test_a_bug_is_said_to_be_one_with_where_its_report_is(broken: Path) -> None:
    shown = invoke(["event", "list", "--store", Cli().store])
    assert shown.exit_code == BUG_EXIT
    assert "Traceback" not in shown.stderr and shown.stdout == ""
    assert "Internal error: this is a bug in Traveller, not a mistake of yours" in shown.stderr
    assert "TypeError: '<' not supported" in shown.stderr
    (report,) = broken.iterdir()
    assert str(report) in shown.stderr.replace("\n", "")
    kept = report.read_text()
    assert "Traceback" in kept and "list_events" in kept and "command: traveller" in kept


def test_a_bug_in_json_is_an_internal_error_naming_its_report(broken: Path) -> None:
    shown = invoke(["event", "list", "--store", Cli().store, "--format", "json"])
    assert shown.exit_code == BUG_EXIT
    said = json.loads(shown.stderr)
    assert said["error"] == "InternalError" and "bug in Traveller" in said["message"]
    (report,) = broken.iterdir()
    assert said["report"] == str(report)


def test_a_developer_can_let_the_traceback_through(
    broken: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TRAVELLER_DEBUG", "1")
    with pytest.raises(TypeError):
        invoke(["event", "list", "--store", Cli().store])
    assert not list(broken.iterdir())


def test_a_report_that_cannot_be_written_still_says_it_is_a_bug(
    broken: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = broken / "a file, not a folder"
    blocked.write_text("")
    monkeypatch.setenv("TRAVELLER_CRASH_DIR", str(blocked))
    shown = invoke(["event", "list", "--store", Cli().store])
    assert shown.exit_code == BUG_EXIT and "TRAVELLER_DEBUG=1" in shown.stderr
    assert "this is a bug in Traveller" in shown.stderr
    assert "Traceback" not in shown.stderr


def test_a_directors_mistake_is_still_an_error_not_a_bug(reports: Path) -> None:
    shown = invoke(["session", "close", "--event", "nope", "--store", Cli().store])
    assert shown.exit_code == 1 and "bug" not in shown.stderr
    assert not list(reports.iterdir())
