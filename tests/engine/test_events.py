"""Stored events: JSON rows with a schema version, upcast when read, never rewritten."""

from __future__ import annotations

from typing import Any, ClassVar
from uuid import uuid4

from eventsourcing.persistence import StoredEvent
from eventsourcing.utils import get_topic

from engine.events import SCHEMA_KEY, DomainEvent, stored_topics
from engine.section import ResultRecorded
from engine.testing import memory_app


class PairRenamed(DomainEvent):
    """A test event whose version 2 split ``name`` into two players."""

    schema_version: ClassVar[int] = 2
    players: tuple[str, str]

    @classmethod
    def upcast(cls, state: dict[str, Any], version: int) -> dict[str, Any]:
        if version == 1:
            first, _, second = state.pop("name").partition(" & ")
            state["players"] = (first, second)
        return state


def test_an_old_event_is_upcast_when_read() -> None:
    app = memory_app()
    old: dict[str, Any] = {
        "originator_id": str(uuid4()),
        "originator_version": 1,
        "timestamp": "2008-04-26T10:00:00+00:00",
        "actor": "TD",
        "reason": None,
        "name": "Sato & Tanaka",
        SCHEMA_KEY: 1,
    }
    stored = StoredEvent(
        originator_id=old["originator_id"],
        originator_version=1,
        topic=get_topic(PairRenamed),
        state=app.mapper.transcoder.encode(old),
    )
    event = app.mapper.to_domain_event(stored)
    assert isinstance(event, PairRenamed)
    assert event.players == ("Sato", "Tanaka")


def test_the_schema_version_is_stored_with_every_event() -> None:
    app = memory_app()
    event = ResultRecorded.model_validate(
        {
            "originator_id": uuid4(),
            "originator_version": 4,
            "result": {"board": 1, "ns": 1, "ew": 1, "score_ns": 420},
        }
    )
    stored = app.mapper.to_stored_event(event)
    # Schema 2 (issue 13) added the request's idempotency key.
    assert app.mapper.transcoder.decode(stored.state)[SCHEMA_KEY] == 2
    assert stored.topic == "engine.section.events:ResultRecorded"
    assert app.mapper.to_domain_event(stored) == event


def test_an_event_stored_before_its_class_moved_is_read_as_that_class() -> None:
    """Until 0.1.0 the section's events lived in ``engine.section``: rows written then
    carry that topic, which stays registered as an alias."""
    app = memory_app()
    event = ResultRecorded.model_validate(
        {
            "originator_id": uuid4(),
            "originator_version": 4,
            "result": {"board": 1, "ns": 1, "ew": 1, "score_ns": 420},
        }
    )
    stored = app.mapper.to_stored_event(event)
    earlier = StoredEvent(
        originator_id=stored.originator_id,
        originator_version=stored.originator_version,
        topic="engine.section:ResultRecorded",
        state=stored.state,
    )
    assert app.mapper.to_domain_event(earlier) == event
    assert stored_topics(ResultRecorded) == [
        "engine.section.events:ResultRecorded",
        "engine.section:ResultRecorded",
    ]
