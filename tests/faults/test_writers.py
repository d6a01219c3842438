"""Several writer processes on one store, with deliberate collisions (two writers sending
the same board and pairs): every result accepted once, every collision refused with the
existing clear message, no conflict and no "database is locked" reaching a person (the
50-writer run and its figures: ``bench/writers.py``, docs/performance.md)."""

from __future__ import annotations

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
