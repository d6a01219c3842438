"""Many table devices posting to one section at once, through two servers sharing the
store: every result is recorded exactly once (the application's optimistic-concurrency
retry), on SQLite and on PostgreSQL."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from uuid import UUID

import pytest
from fastapi.testclient import TestClient

from adapters.http.app import create_app
from adapters.http.auth import code_hash
from adapters.storage import env_for
from engine.application import Traveller
from engine.section.state import Section
from engine.testing import flat_score
from tests.conftest import register_pairs

TABLES = 10


def play_round_one_at_once(url: str) -> None:
    first, second = Traveller(env_for(url)), Traveller(env_for(url))  # two server processes
    event = first.create_event("Rush hour")
    register_pairs(first, event, 2 * TABLES)
    first.assign_movement(event, "mitchell", options={"boards_per_round": 3})
    first.start_round(event, 1)
    section = first.section(event)
    assert section.movement is not None
    plays = [
        (e, board, f"CODE{e.table:04d}") for e in section.movement.round(1) for board in e.boards
    ]
    for table in range(1, TABLES + 1):
        first.issue_device(event, table, code_hash(event, f"CODE{table:04d}"))
    servers = [create_app(first), create_app(second)]
    start = threading.Barrier(len(plays))

    def post(job: int) -> int:
        encounter, board, code = plays[job]
        entry = flat_score(board, encounter)
        client = TestClient(servers[job % 2])
        body = {
            "board": board,
            "ns": entry.ns,
            "ew": entry.ew,
            "contract": entry.contract,
            "declarer": entry.declarer,
            "tricks": entry.tricks,
        }
        start.wait()
        answer = client.post(
            f"/api/events/{event}/sessions/1/sections/A/results",
            json=body,
            headers={"Authorization": f"Bearer {code}"},
        )
        assert answer.status_code == 201, answer.text
        status: int = answer.status_code
        return status

    with ThreadPoolExecutor(max_workers=len(plays)) as pool:
        assert list(pool.map(post, range(len(plays)))) == [201] * len(plays)
    assert_each_once(Traveller(env_for(url)), event, {(b, e.ns, e.ew) for e, b, _ in plays})


def assert_each_once(app: Traveller, event: UUID, expected: set[tuple[int, int, int]]) -> None:
    section: Section = app.section(event)
    recorded = [(t.board, t.ns.number, t.ew.number) for t in section.entries()]
    assert sorted(recorded) == sorted(expected)
    audit = [a for a in app.audit(event) if a["type"] == "ResultRecorded"]
    assert len(audit) == len(expected)
    assert {a["actor"] for a in audit} == {f"table:A{t}" for t in range(1, TABLES + 1)}


def test_many_devices_at_once_on_sqlite(tmp_path: Path) -> None:
    play_round_one_at_once(str(tmp_path / "club.db"))


@pytest.mark.postgres
def test_many_devices_at_once_on_postgresql(postgres_url: str) -> None:
    play_round_one_at_once(postgres_url)
