"""A PostgreSQL store's schema is set up once: commands starting together on a new
database all open it (none fails with "tuple concurrently updated"), and a command
opening a store whose schema is there runs no schema statement."""

from __future__ import annotations

import threading

import pytest
from eventsourcing.postgres import PostgresApplicationRecorder

from adapters.storage import env_for
from engine.application import Traveller

pytestmark = pytest.mark.postgres

STARTING = 12


def test_commands_starting_together_on_a_new_store_all_open_it(postgres_url: str) -> None:
    start = threading.Barrier(STARTING)
    opened: list[int] = []
    failed: list[BaseException] = []

    def command() -> None:
        start.wait()
        try:
            app = Traveller(env_for(postgres_url))
            opened.append(len(app.list_events()))
            app.close()
        except BaseException as e:  # noqa: BLE001 — every failure is the finding
            failed.append(e)

    threads = [threading.Thread(target=command) for _ in range(STARTING)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failed == [] and opened == [0] * STARTING


def test_a_store_whose_schema_is_there_is_opened_without_setting_it_up(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = Traveller(env_for(postgres_url))
    event = first.create_event("Federation cup")
    first.close()
    set_up: list[int] = []
    original = PostgresApplicationRecorder.create_table

    def counted(self: PostgresApplicationRecorder) -> None:
        set_up.append(1)
        original(self)

    monkeypatch.setattr(PostgresApplicationRecorder, "create_table", counted)
    again = Traveller(env_for(postgres_url))
    assert [e.id for e in again.list_events()] == [event]
    again.create_event("Federation plate")
    assert set_up == []
    again.close()
