"""Several writer processes on one store, with deliberate collisions (two writers sending
the same board and pairs): every result accepted once, every collision refused with the
existing clear message, no conflict and no "database is locked" reaching a person (the
50-writer run and its figures: ``bench/writers.py``, docs/performance.md)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from bench.writers import scenario, set_up


def assert_each_once(url: str, writers: int, sections: int) -> None:
    jobs = set_up(url, 1, sections, tables=5)
    figures = scenario("test", url, jobs, writers, collide=0.2, seed=5, start="spawn")
    assert figures.problems == []
    assert figures.outcomes.get("recorded") == len(jobs)
    assert figures.outcomes.get("duplicate", 0) == figures.collisions > 0
    assert set(figures.outcomes) <= {"recorded", "duplicate"}


def test_writers_into_sections_of_one_sqlite_store(tmp_path: Path) -> None:
    assert_each_once(str(tmp_path / "club.db"), writers=6, sections=2)


@pytest.mark.postgres
def test_writers_into_one_section_of_postgresql(postgres_url: str) -> None:
    assert_each_once(postgres_url, writers=8, sections=1)


@pytest.mark.postgres
def test_writers_waiting_their_turn_leave_the_holder_a_connection(postgres_url: str) -> None:
    """A writer that met a conflict waits for its turn on the section (an advisory lock)
    without holding one of the pool's connections: more writers waiting than the pool has
    connections still leave the one whose turn it is a connection to read and save with."""
    from adapters.storage import env_for
    from engine.application import Traveller

    small = {**env_for(postgres_url), "POSTGRES_POOL_SIZE": "2", "POSTGRES_MAX_OVERFLOW": "0"}
    app = Traveller(small)
    try:
        event = app.create_event("Rush hour")
        recorder = app.recorder
        waiting, done = threading.Barrier(5), threading.Event()

        def wait_for_turn() -> None:
            waiting.wait()
            with recorder.exclusive([event]):  # type: ignore[attr-defined]
                pass
            done.set()

        with recorder.exclusive([event]):  # type: ignore[attr-defined]
            others = [threading.Thread(target=wait_for_turn) for _ in range(4)]
            for t in others:
                t.start()
            waiting.wait()
            time.sleep(0.3)  # the four others now wait for the turn
            assert not done.is_set()
            assert app.tournament(event).name == "Rush hour"  # a read: a connection of its own
        for t in others:
            t.join(timeout=30)
        assert done.is_set() and not any(t.is_alive() for t in others)
    finally:
        app.close()
