"""Shared fixtures: an in-memory application and a few ready-made sections."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from uuid import UUID

import pytest
from hypothesis import settings

from engine.application import Traveller
from engine.testing import memory_app
from engine.tournament import Player

settings.register_profile("suite", derandomize=True, database=None)
"""The suite's property tests draw the same examples on every run, so a run fails only for
a change (never for an old bug a new draw happens upon); ``bench/fuzz.py`` explores
further with random draws (profile ``explore``)."""
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("TRAVELLER_HYPOTHESIS", "suite"))


@pytest.fixture(autouse=True, scope="session")
def bug_reports(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Where a test that meets a bug through the command line leaves its report: not the
    home folder (see ``adapters.cli.common.write_bug_report``)."""
    with pytest.MonkeyPatch.context() as patch:
        folder = tmp_path_factory.mktemp("bug-reports")
        patch.setenv("TRAVELLER_CRASH_DIR", str(folder))
        yield folder


@pytest.fixture
def app() -> Traveller:
    return memory_app()


def register_pairs(app: Traveller, event: UUID, count: int, section: str = "A") -> list[str]:
    return [
        app.register_entry(
            event,
            [
                Player(name=f"{section}{i} North", member=f"{i:05d}"),
                Player(name=f"{section}{i} South"),
            ],
            section=section,
        )
        for i in range(1, count + 1)
    ]


def register_teams(app: Traveller, event: UUID, count: int, section: str = "A") -> list[str]:
    """``count`` teams of four, Team 1 to Team ``count``."""
    return [
        app.register_entry(
            event,
            [Player(name=f"Team {i} {seat}") for seat in ("North", "South", "East", "West")],
            section=section,
        )
        for i in range(1, count + 1)
    ]


@pytest.fixture
def mitchell(app: Traveller) -> UUID:
    """A 7-table Mitchell (14 pairs, 3 boards a round) with no results yet."""
    event = app.create_event("Tuesday pairs")
    register_pairs(app, event, 14)
    app.assign_movement(event, "mitchell", options={"boards_per_round": 3})
    return event


@pytest.fixture
def howell(app: Traveller) -> UUID:
    """A 6-table Howell (12 pairs, 2 boards a round) with no results yet."""
    event = app.create_event("Thursday pairs")
    register_pairs(app, event, 12)
    app.assign_movement(event, "howell", options={"boards_per_round": 2})
    return event
