"""A store that cannot be reached for a moment, or a save whose answer is lost: the
engine waits and goes on, recognises its own save, or says so in words; never a second
event, never a traceback."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import pytest
from eventsourcing.persistence import IntegrityError, OperationalError

from engine.application import Traveller, core
from engine.errors import StoreError
from engine.section.results import ResultEntry

SLIP = ResultEntry(1, 1, 1, "4S", "N", 10)


def recorded(app: Traveller, event: UUID) -> int:
    return sum(1 for a in app.audit(event) if a["type"] == "ResultRecorded")


def test_a_save_whose_answer_was_lost_is_recognised_as_ours(
    app: Traveller, mitchell: UUID, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The connection broke as the save committed; the driver tried again and found the
    version taken: the events there are the command's own, so it succeeded, once."""
    save = app.save
    calls: list[int] = []

    def committed_then_lost(*events: Any) -> Any:
        calls.append(1)
        save(*events)
        if len(calls) == 1:
            raise IntegrityError("duplicate key value violates unique constraint")
        return []

    monkeypatch.setattr(app, "save", committed_then_lost)
    result = app.record_result(mitchell, SLIP)
    assert result.score_ns == 420 and calls == [1]
    assert recorded(app, mitchell) == 1


def test_a_store_back_after_a_moment_records_once(
    app: Traveller, mitchell: UUID, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = app.save
    calls: list[int] = []

    def down_then_up(*events: Any) -> Any:
        calls.append(1)
        if len(calls) <= 2:
            raise OperationalError("server closed the connection unexpectedly")
        return save(*events)

    monkeypatch.setattr(app, "save", down_then_up)
    monkeypatch.setattr("engine.application.core.time.sleep", lambda seconds: None)
    app.record_result(mitchell, SLIP)
    assert len(calls) == 3 and recorded(app, mitchell) == 1


def test_a_store_that_stays_away_is_said_in_words(
    app: Traveller, mitchell: UUID, monkeypatch: pytest.MonkeyPatch
) -> None:
    def down(*events: Any) -> Any:
        raise OperationalError("connection refused\nIs the server running?")

    monkeypatch.setattr(app, "save", down)
    monkeypatch.setattr(core, "STORE_PATIENCE", 0.3)
    with pytest.raises(StoreError) as refused:
        app.record_result(mitchell, SLIP)
    assert refused.value.code == "store.unreachable"
    assert "could not be reached" in str(refused.value) and "connection refused" in str(
        refused.value
    )
    assert recorded(app, mitchell) == 0
