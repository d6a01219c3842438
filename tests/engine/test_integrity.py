"""The hash chain: every event the engine writes is sealed, and altering, removing,
inserting, reordering or unsealing any stored event is found, by `verify` and by reads."""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from uuid import UUID

import pytest

from adapters.storage import env_for
from engine.application import Traveller
from engine.errors import StoreError
from engine.integrity import CHAIN_KEY, Record, check_stream, link
from engine.testing import play_movement
from engine.tournament.state import section_id
from tests.conftest import register_pairs

FIXTURE = Path(__file__).parents[1] / "fixtures" / "store-0.1.0.db"


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, UUID]:
    """A store with one Mitchell session of results, written by today's engine."""
    path = tmp_path_factory.mktemp("chain") / "club.db"
    app = Traveller(env_for(f"sqlite:///{path}"))
    event = app.create_event("Tuesday pairs")
    register_pairs(app, event, 8)
    app.assign_movement(event, "mitchell", options={"boards_per_round": 2})
    play_movement(app, event)
    return path, event


@pytest.fixture
def store(played: tuple[Path, UUID], tmp_path: Path) -> Iterator[tuple[Path, UUID]]:
    path, event = played
    copy = tmp_path / "copy.db"
    shutil.copy(path, copy)
    yield copy, event


def rows(path: Path, aggregate: UUID) -> list[tuple[int, dict[str, object]]]:
    with sqlite3.connect(path) as db:
        found = db.execute(
            "SELECT originator_version, state FROM stored_events WHERE originator_id = ? "
            "ORDER BY originator_version",
            (aggregate.hex,),
        ).fetchall()
    return [(v, json.loads(s)) for v, s in found]


def execute(path: Path, sql: str, *args: object) -> None:
    with sqlite3.connect(path) as db:
        db.execute(sql, args)


def opened(path: Path) -> Traveller:
    return Traveller(env_for(f"sqlite:///{path}"))


def section_a(event: UUID) -> UUID:
    return section_id(event, 1, "A")


def test_every_event_written_is_sealed_and_the_store_verifies(store: tuple[Path, UUID]) -> None:
    path, event = store
    stored = rows(path, section_a(event)) + rows(path, event)
    assert stored and all(isinstance(state.get(CHAIN_KEY), str) for _, state in stored)
    app = opened(path)
    whole, one = app.verify(), app.verify(event)
    assert whole.ok and one.ok and whole.unsealed == 0
    assert one.events == len(stored)
    app.tournament(event), app.section(event)
    assert app.broken_chains() == []


def test_a_result_changed_in_the_file_is_found(store: tuple[Path, UUID]) -> None:
    path, event = store
    version, state = next(
        (v, s) for v, s in rows(path, section_a(event)) if isinstance(s.get("result"), dict)
    )
    result = state["result"]
    assert isinstance(result, dict)
    result["score_ns"] = 2220
    execute(
        path,
        "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = ?",
        json.dumps(state).encode(),
        section_a(event).hex,
        version,
    )
    app = opened(path)
    verification = app.verify(event)
    assert not verification.ok
    [found] = verification.breaks
    assert (found.aggregate, found.version, found.kind) == (section_a(event), version, "altered")
    assert "session 1, section A of 'Tuesday pairs'" in str(found.describe())
    assert not app.verify().ok
    # A read meets it too, and keeps it for the command to warn of.
    app.section(event)
    assert [(b.version, b.kind) for b in app.broken_chains()] == [(version, "altered")]


def test_a_removed_event_is_found(store: tuple[Path, UUID]) -> None:
    path, event = store
    execute(
        path,
        "DELETE FROM stored_events WHERE originator_id = ? AND originator_version = 7",
        section_a(event).hex,
    )
    [found] = opened(path).verify(event).breaks
    assert (found.version, found.kind) == (7, "missing")


def test_an_event_inserted_between_others_is_found(store: tuple[Path, UUID]) -> None:
    """Inserting means numbering the later events on: their links no longer hold."""
    path, event = store
    stored = rows(path, section_a(event))
    execute(path, "DELETE FROM stored_events WHERE originator_id = ?", section_a(event).hex)
    forged = dict(stored[5][1])
    renumbered = [*stored[:6], (0, forged), *stored[6:]]
    with sqlite3.connect(path) as db:
        for number, (_, state) in enumerate(renumbered, start=1):
            state = {**state, "originator_version": number}
            db.execute(
                "INSERT INTO stored_events (originator_id, originator_version, topic, state) "
                "VALUES (?, ?, (SELECT topic FROM stored_events LIMIT 1), ?)",
                (section_a(event).hex, number, json.dumps(state).encode()),
            )
    breaks = opened(path).verify(event).breaks
    assert breaks and breaks[0].version <= 7 and {b.kind for b in breaks} == {"altered"}


def test_two_events_swapped_are_found(store: tuple[Path, UUID]) -> None:
    path, event = store
    stored = dict(rows(path, section_a(event)))
    for version, other in ((8, 9), (9, 8)):
        execute(
            path,
            "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = ?",
            json.dumps({**stored[other], "originator_version": version}).encode(),
            section_a(event).hex,
            version,
        )
    kinds = [(b.version, b.kind) for b in opened(path).verify(event).breaks]
    assert (8, "altered") in kinds


def test_a_link_stripped_after_sealed_events_is_found(store: tuple[Path, UUID]) -> None:
    path, event = store
    version, state = rows(path, section_a(event))[-1]
    del state[CHAIN_KEY]
    execute(
        path,
        "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = ?",
        json.dumps(state).encode(),
        section_a(event).hex,
        version,
    )
    [found] = opened(path).verify(event).breaks
    assert (found.version, found.kind) == (version, "unsealed")


def test_a_whole_section_removed_is_found(store: tuple[Path, UUID]) -> None:
    path, event = store
    execute(path, "DELETE FROM stored_events WHERE originator_id = ?", section_a(event).hex)
    found = {(b.aggregate, b.kind) for b in opened(path).verify().breaks}
    assert found == {(section_a(event), "empty")}


def test_a_store_written_before_chains_verifies_and_its_next_event_covers_it(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.db"
    shutil.copy(FIXTURE, path)
    app = opened(path)
    before = app.verify()
    assert before.ok and before.unsealed == before.events > 0
    event = app.list_events()[-1].id
    assert app.choose_zone(event, "Asia/Tokyo")  # one sealed event on the old chain
    after = app.verify()
    assert after.ok and after.unsealed == before.events
    # The sealed event now covers everything before it: altering an old event shows.
    with sqlite3.connect(path) as db:
        old = db.execute(
            "SELECT state FROM stored_events WHERE originator_id = ? AND originator_version = 1",
            (event.hex,),
        ).fetchone()[0]
        db.execute(
            "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = 1",
            (old.replace(b'"name":"', b'"name":"X'), event.hex),
        )
    assert [b.kind for b in opened(path).verify(event).breaks] == ["altered"]


def test_a_link_is_over_the_canonical_encoding() -> None:
    """Key order and spacing of the stored JSON do not matter; any value does."""
    aggregate = UUID(int=1)
    state = {"b": 1, "a": [1, "x"], "_v": 1}
    same = link(None, "m:E", aggregate, 1, {"_v": 1, "a": [1, "x"], "b": 1})
    assert link(None, "m:E", aggregate, 1, state) == same
    assert link(None, "m:E", aggregate, 1, {**state, "b": 2}) != same
    assert link("0" * 64, "m:E", aggregate, 1, state) != same
    records = [Record("m:E", aggregate, 1, state, same)]
    assert check_stream(aggregate, records).head == same


def test_a_record_changed_beyond_reading_is_refused_in_words(store: tuple[Path, UUID]) -> None:
    path, event = store
    version, state = rows(path, section_a(event))[-1]
    state["result"] = "not a result"
    execute(
        path,
        "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = ?",
        json.dumps(state).encode(),
        section_a(event).hex,
        version,
    )
    app = opened(path)
    with pytest.raises(StoreError) as refused:
        app.section(event)
    assert refused.value.code == "store.unreadable"
    assert f"Event {version} of record {section_a(event)} cannot be read" in refused.value.message
    [found] = app.verify(event).breaks  # the verification itself still reads it
    assert (found.version, found.kind) == (version, "altered")
