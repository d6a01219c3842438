"""Crash safety: a writer killed with SIGKILL at a random moment of ``result add``, a CSV
import, a publication or a rebuild leaves a store that opens, holds every acknowledged
result exactly once, shows no import half done, verifies, and gives the standings of a
fresh rebuild (the machinery and the longer run: ``bench/crash.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.storage import env_for
from bench.crash import WORKLOADS, check, mitchell, run
from engine.application import Traveller
from engine.testing import play_movement


def assert_no_problems(url: str, kills: int, seed: int, *, writes_cut: int = 0) -> None:
    """``kills`` trials, none leaving a problem; at least ``writes_cut`` of them killed in
    the middle of writing (a rebuild, which writes nothing, is always cut). Where a kill
    lands depends on how busy the machine is: until enough land mid-write, the trials go
    on (three rounds more at most), so a loaded machine proves as much as a quiet one."""
    trials = run(url, WORKLOADS, kills, seed)
    for more in range(1, 4):
        if sum(t.interrupted for t in trials if t.workload != "rebuild") >= writes_cut:
            break
        trials += run(url, WORKLOADS, kills, seed + 1000 * more)
    assert [t for t in trials if t.problems] == []
    cut = sum(t.interrupted for t in trials if t.workload != "rebuild")
    assert cut >= writes_cut, "kills land in the middle of the writing work"


def test_one_kill_of_each_kind_on_sqlite(tmp_path: Path) -> None:
    assert_no_problems(str(tmp_path / "club.db"), len(WORKLOADS), seed=1)


@pytest.mark.slow
def test_dozens_of_kills_on_sqlite(tmp_path: Path) -> None:
    assert_no_problems(str(tmp_path / "club.db"), 24, seed=2, writes_cut=3)


@pytest.mark.slow
@pytest.mark.postgres
def test_dozens_of_kills_on_postgresql(postgres_url: str) -> None:
    assert_no_problems(postgres_url, 24, seed=3, writes_cut=3)


def test_the_check_sees_a_lost_result_and_a_partial_import(tmp_path: Path) -> None:
    """The check is not blind: an acknowledged result missing, or a section holding part
    of a file, is found."""
    url = str(tmp_path / "club.db")
    app = Traveller(env_for(url))
    event = mitchell(app, "Checked")
    play_movement(app, event, rounds=1)
    before = app.position()
    score = next(t.fact.score_ns for t in app.section(event).entries() if t.board == 1)
    assert check(url, "results", event, [f"ack 1 1 1 {score}"], before) == []
    assert check(url, "results", event, [f"ack 9 1 1 {score}"], before) == [
        "acknowledged result lost: board 9 NS 1 EW 1"
    ]
    assert check(url, "import", event, [], before) == ["import partly visible: 10 of 50 results"]
    app.close()
