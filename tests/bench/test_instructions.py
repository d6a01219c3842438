"""bench/instructions.py: start-up counted in instructions."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from bench.instructions import COLLECTED, commands, count, report
from bench.user_path import as_installed

needs_valgrind = pytest.mark.skipif(shutil.which("valgrind") is None, reason="no valgrind here")


def test_callgrinds_summary_line_is_read() -> None:
    found = COLLECTED.search("==4242== Events    : Ir\n==4242== Collected : 1510606506\n")
    assert found is not None and int(found.group(1)) == 1_510_606_506


def test_the_floors_are_counted_beside_the_club_standings() -> None:
    counted = {
        "club": "13 tables × 26 boards",
        "interpreter": 88_000_000,
        "stack": 640_000_000,
        "first_model": 820_000_000,
        "events": 1_134_000_000,
        "version": 91_000_000,
        "club_standings": 1_511_000_000,
    }
    text = "\n".join(report(counted))
    assert "events            1,134 million   75.0%" in text
    assert "club_standings    1,511 million  100.0%" in text
    assert "pydantic's first model adds 180 million to the stack's" in text
    assert "the event classes 314 million more" in text
    assert "beyond that floor is 377 million" in text


def test_each_floor_imports_what_the_one_before_it_does_and_more(tmp_path: Path) -> None:
    named = commands(tmp_path / "club.db", "an-event")
    stack, first, events = (named[n][-1] for n in ("stack", "first_model", "events"))
    assert first.startswith(stack) and "BaseModel" in first
    assert events.startswith(stack) and "engine.tournament, engine.section" in events
    assert named["club_standings"][-4:] == [
        "--event",
        "an-event",
        "--store",
        str(tmp_path / "club.db"),
    ]


def test_commands_are_counted_as_an_installed_traveller_runs_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Modules compiled once and kept: a shell that says PYTHONDONTWRITEBYTECODE would
    have every counted run compile every module again."""
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    monkeypatch.setenv("TRAVELLER_LOG", "error")
    env = as_installed()
    assert "PYTHONDONTWRITEBYTECODE" not in env and env["TRAVELLER_LOG"] == "error"


@needs_valgrind
def test_a_count_is_the_same_for_the_same_program(tmp_path: Path) -> None:
    bare = [sys.executable, "-I", "-S", "-c", "pass"]
    first, second = count(bare, tmp_path), count(bare, tmp_path)
    assert first > 1_000_000
    assert abs(first - second) / first < 0.01


@needs_valgrind
def test_a_failing_command_is_not_counted(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="failed under valgrind"):
        count([sys.executable, "-I", "-S", "-c", "raise SystemExit(3)"], tmp_path)
