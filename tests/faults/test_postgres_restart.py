"""PostgreSQL restarted while writers run: each writer's command waits for the server
and goes on, or fails with a clear error (nothing recorded); nothing acknowledged is
lost, nothing is recorded twice, the chains verify."""

from __future__ import annotations

import threading
import time
from collections import Counter
from uuid import UUID

import pytest

from adapters.storage import env_for
from bench.crash import mitchell
from bench.postgres import PostgresServer
from engine.application import Traveller
from engine.errors import StoreError
from engine.section.events import ResultRecorded
from engine.testing import flat_score
from engine.tournament.state import section_id

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

WRITERS = 4


def test_writers_carry_on_across_a_restart(
    postgres_server: PostgresServer, postgres_url: str
) -> None:
    setup = Traveller(env_for(postgres_url))
    events = [mitchell(setup, f"Evening {w}") for w in range(WRITERS)]
    setup.close()
    acknowledged: list[tuple[UUID, int, int, int]] = []
    refused: list[StoreError] = []
    failed: list[BaseException] = []
    started = threading.Barrier(WRITERS + 1)

    def writer(event: UUID) -> None:
        app = Traveller(env_for(postgres_url))
        section = app.section(event)
        assert section.movement is not None
        started.wait()
        for encounter in section.movement.schedule:
            for board in encounter.boards:
                try:
                    r = app.record_result(event, flat_score(board, encounter))
                    acknowledged.append((event, r.board, r.ns, r.ew))
                except StoreError as e:  # the clear refusal: nothing recorded
                    refused.append(e)
                except BaseException as e:  # noqa: BLE001 — every other failure is a finding
                    failed.append(e)
                time.sleep(0.01)
        app.close()

    threads = [threading.Thread(target=writer, args=(e,)) for e in events]
    for t in threads:
        t.start()
    started.wait()
    time.sleep(0.3)
    postgres_server.restart()
    during = len(acknowledged)
    for t in threads:
        t.join()
    assert 0 < during < len(acknowledged), "the server restarted while the writers wrote"
    assert failed == []
    assert all(e.code == "store.unreachable" for e in refused)

    after = Traveller(env_for(postgres_url))
    stored: Counter[tuple[UUID, int, int, int]] = Counter()
    for event in events:
        for s in after.recorder.select_events(section_id(event, 1, "A")):
            e = after.mapper.to_domain_event(s)
            if isinstance(e, ResultRecorded):
                stored[(event, e.result.board, e.result.ns, e.result.ew)] += 1
    assert set(acknowledged) <= set(stored)
    assert max(stored.values()) == 1
    assert len(acknowledged) + len(refused) == 2 * 5 * 5 * WRITERS
    assert all(after.verify(e).ok for e in events)
    after.close()
