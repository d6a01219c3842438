"""Every topic a release's store holds still names an event class today.

Event classes may move between modules (0.1.0 kept them in ``engine.tournament`` and
``engine.section``; they now live in each aggregate's ``events`` module): the topics
they were stored under stay registered as aliases. ``tests/test_release_fixture.py``
replays the fixture stores to their standings; this checks every topic in them, and
that the event list finds the events a release wrote.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from eventsourcing.utils import get_topic, resolve_topic

from engine.application import Traveller
from engine.events import DomainEvent, stored_topics
from engine.section import events as section_events
from engine.tournament import events as tournament_events

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
STORES = sorted(FIXTURES.glob("store-*.db"))


def topics_in(store: Path, scratch: Path) -> set[str]:
    """The topics ``store`` holds, read from a copy (SQLite leaves files beside what it opens)."""
    copy = scratch / "topics.db"
    shutil.copy(store, copy)
    connection = sqlite3.connect(copy)
    try:
        rows = connection.execute("SELECT DISTINCT topic FROM stored_events")
        return {topic for (topic,) in rows}
    finally:
        connection.close()


@pytest.mark.parametrize("store", STORES, ids=lambda p: p.stem)
def test_every_topic_of_a_release_store_resolves_to_an_event_class(
    store: Path, tmp_path: Path
) -> None:
    topics = topics_in(store, tmp_path)
    assert topics, f"{store.name} holds no events"
    for topic in sorted(topics):
        cls = resolve_topic(topic)
        assert isinstance(cls, type) and issubclass(cls, DomainEvent), topic
        assert topic in stored_topics(cls)


@pytest.mark.parametrize("store", STORES, ids=lambda p: p.stem)
def test_the_events_of_a_release_store_are_listed(store: Path, tmp_path: Path) -> None:
    copy = tmp_path / "store.db"
    shutil.copy(store, copy)
    expected = json.loads(store.with_suffix(".standings.json").read_text())
    app = Traveller({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(copy)})
    listed = {str(event.id) for event in app.list_events()}
    assert set(expected["standings"]) <= listed


RELEASE_0_1_0_EVENTS = {
    "engine.tournament": [
        "EventCreated",
        "SessionAdded",
        "EntryRegistered",
        "EntryWithdrawn",
        "SessionClosed",
        "ResultsPublished",
        "SectionRankingChosen",
        "FlightsAssigned",
        "ContestantsChosen",
        "StageDefined",
        "CarryOverRecorded",
        "PairsRenumbered",
    ],
    "engine.section": [
        "SectionOpened",
        "NumberingChosen",
        "MovementAssigned",
        "PairsSeated",
        "RoundStarted",
        "RoundEnded",
        "ResultRecorded",
        "ResultCorrected",
        "ScoreAdjusted",
        "BoardDeclaredNeutral",
        "ScoreAssigned",
        "BoardFouled",
        "ScoringChosen",
    ],
}
"""The event classes release 0.1.0 stored, by the module it stored them under (a class
added since has only its own topic: it was never stored under another)."""


@pytest.mark.parametrize("module", [tournament_events, section_events], ids=lambda m: m.__name__)
def test_every_event_class_keeps_the_topic_it_had_before_it_moved(module: object) -> None:
    """0.1.0 named each aggregate's module ``engine.tournament`` or ``engine.section``."""
    earlier = getattr(module, "__name__", "").removesuffix(".events")
    for name in RELEASE_0_1_0_EVENTS[earlier]:
        cls = getattr(module, name)
        assert issubclass(cls, DomainEvent)
        assert stored_topics(cls) == [get_topic(cls), f"{earlier}:{cls.__qualname__}"]
        assert resolve_topic(f"{earlier}:{cls.__qualname__}") is cls
