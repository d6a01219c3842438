"""The same tournament on every store: a SQLite file, memory, and a real PostgreSQL.

Each store runs one scenario (a 7-table Mitchell played through, one result
corrected, one table adjusted, the session closed and published) and must give
the standings an in-memory run gives for the same inputs, replay history as of
any position, keep the audit trail, and hand all of it to a second application
object opened on the same URL (as a new process would be).
"""

from __future__ import annotations

import sqlite3
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from adapters.storage import env_for
from engine import history
from engine.application import Traveller
from engine.errors import Conflict
from engine.scoring import Award
from engine.section import ResultEntry, ResultRecorded
from engine.standings import compute_standings
from engine.testing import flat_score, memory_app, play_movement
from tests.conftest import register_pairs

Opener = Callable[[str], Traveller]
Standing = dict[str, Any]

TD = "TD Jane Smith"
CORRECTION_REASON = "the slip said 12 tricks; both sides agree it was 7"
ADJUSTMENT_REASON = "fouled board"


@dataclass(frozen=True)
class Store:
    kind: str
    url: str

    @property
    def shared(self) -> bool:
        """Whether a second application object on the URL sees the same events.

        ``memory:`` keeps events in the application object itself (eventsourcing.popo),
        so it is never shared."""
        return self.kind != "memory"


@pytest.fixture(
    params=[
        pytest.param("sqlite", id="sqlite-file"),
        pytest.param("memory", id="memory"),
        pytest.param("postgres", id="postgres", marks=pytest.mark.postgres),
    ]
)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Store:
    kind: str = request.param
    if kind == "sqlite":
        return Store(kind, f"sqlite:///{tmp_path / 'club.db'}")  # absolute: sqlite:////tmp/…
    if kind == "memory":
        return Store(kind, "memory:")
    url: str = request.getfixturevalue("postgres_url")
    return Store(kind, url)


@pytest.fixture(
    params=[
        pytest.param("sqlite", id="sqlite-file"),
        pytest.param("postgres", id="postgres", marks=pytest.mark.postgres),
    ]
)
def shared_store(request: pytest.FixtureRequest, tmp_path: Path) -> Store:
    """A store that several application objects (or processes) can share."""
    kind: str = request.param
    if kind == "sqlite":
        return Store(kind, f"sqlite:///{tmp_path / 'club.db'}")
    url: str = request.getfixturevalue("postgres_url")
    return Store(kind, url)


@pytest.fixture
def open_app() -> Iterator[Opener]:
    """Open a Traveller on a store URL; every one opened is closed after the test."""
    opened: list[Traveller] = []

    def opener(url: str) -> Traveller:
        app = Traveller(env_for(url))
        opened.append(app)
        return app

    yield opener
    for app in opened:
        app.close()


# ---- the scenario ---------------------------------------------------------------------------


def live(app: Traveller, event: UUID) -> Standing:
    return compute_standings(
        app.registry, app.tournament(event), app.sections(event, 1), 1
    ).to_json()


def without_event_id(standings: Standing) -> Standing:
    return {k: v for k, v in standings.items() if k != "event"}


@dataclass(frozen=True)
class Played:
    event: UUID
    corrected: tuple[int, int, int]  # board, NS, EW
    adjusted: tuple[int, int, int]
    before_correction: int  # the store position just before the correction
    standings_before_correction: Standing
    published: Standing
    final: Standing
    results: int


def play_scenario(app: Traveller) -> Played:
    """Set up, play, correct, adjust, close and publish one 7-table Mitchell."""
    event = app.create_event("Store night", club="Every store BC")
    register_pairs(app, event, 14)
    state = app.assign_movement(
        event, "mitchell", tables=7, options={"boards_per_round": 3}, actor=TD
    )
    assert state.movement is not None and state.movement.tables == 7
    assert state.phantom is None
    results = play_movement(app, event)

    tables = sorted(app.section(event).entries(), key=lambda t: (t.board, t.ns.number))
    # A made contract (score > 0) corrected to 3NT two down: the standings must move.
    fixed = next(t for t in tables if t.result is not None and t.result.score_ns > 0)
    other = next(t for t in tables if t.board != fixed.board)
    before_correction = app.position()
    standings_before_correction = live(app, event)
    app.correct_result(
        event,
        ResultEntry(fixed.board, fixed.ns.number, fixed.ew.number, "3NT", "S", 7),
        reason=CORRECTION_REASON,
        actor=TD,
    )
    app.adjust(
        event,
        board=other.board,
        ns=other.ns.number,
        ew=other.ew.number,
        award_ns=Award.parse("A+"),
        award_ew=Award.parse("A-"),
        reason=ADJUSTMENT_REASON,
        law="87A",
        actor=TD,
    )
    app.close_session(event, actor=TD)
    published = app.publish(event, actor=TD)
    return Played(
        event=event,
        corrected=(fixed.board, fixed.ns.number, fixed.ew.number),
        adjusted=(other.board, other.ns.number, other.ew.number),
        before_correction=before_correction,
        standings_before_correction=standings_before_correction,
        published=published.standings,
        final=live(app, event),
        results=results,
    )


@pytest.fixture(scope="module")
def reference() -> Played:
    """The scenario on a plain in-memory application: what every store must give."""
    return play_scenario(memory_app())


def test_every_store_gives_the_same_standings_history_and_audit(
    store: Store, open_app: Opener, reference: Played
) -> None:
    app = open_app(store.url)
    played = play_scenario(app)

    # The same inputs give the same standings, whatever the store.
    assert played.results == reference.results == 7 * 7 * 3
    assert without_event_id(played.final) == without_event_id(reference.final)
    assert without_event_id(played.published) == without_event_id(reference.published)
    assert played.published == played.final
    assert played.corrected == reference.corrected
    assert played.adjusted == reference.adjusted

    # As of the position before the correction: what the standings were then.
    then = history.standings_at(app, played.event, position=played.before_correction).to_json()
    assert then == played.standings_before_correction
    assert then != played.final
    assert history.standings_at(app, played.event).to_json() == played.final

    # The audit trail keeps the correction, who made it and why.
    board, ns, ew = played.corrected
    trail = history.audit(app, played.event, board=board, pair=f"NS{ns}")
    assert [r["type"] for r in trail] == ["ResultRecorded", "ResultCorrected"]
    correction = trail[-1]
    assert correction["actor"] == TD
    assert correction["reason"] == CORRECTION_REASON
    assert correction["position"] > played.before_correction
    assert correction["data"]["result"]["contract"] == "3NT"
    assert (correction["data"]["ns"], correction["data"]["ew"]) == (ns, ew)
    adjusted = [r for r in history.audit(app, played.event) if r["type"] == "ScoreAdjusted"]
    assert [(r["actor"], r["reason"], r["data"]["law"]) for r in adjusted] == [
        (TD, ADJUSTMENT_REASON, "87A")
    ]

    if not store.shared:
        return
    # A second application object (as a new process would) reads it all from the store.
    again = open_app(store.url)
    assert again.position() == app.position()
    assert [e.id for e in again.list_events()] == [played.event]
    assert live(again, played.event) == played.final
    assert history.standings_at(again, played.event).to_json() == played.final
    assert (
        history.standings_at(again, played.event, position=played.before_correction).to_json()
        == played.standings_before_correction
    )
    assert history.audit(again, played.event) == history.audit(app, played.event)
    assert again.tournament(played.event).closed == app.tournament(played.event).closed


def test_memory_stores_are_private_to_their_application(open_app: Opener) -> None:
    """``memory:`` is for tests: two application objects never share its events."""
    first = open_app("memory:")
    first.create_event("Only here")
    assert open_app("memory:").list_events() == []


# ---- concurrent writers ---------------------------------------------------------------------


class WriterStarvedError(AssertionError):
    """The engine gave up on an entry (Conflict) although the other writer kept succeeding."""


def test_two_writers_on_one_section_lose_and_duplicate_nothing(
    shared_store: Store, open_app: Opener
) -> None:
    """Two application objects record disjoint halves of a section at the same time.

    Both write to the same section aggregate, so they keep colliding on its next
    version; the engine re-reads and retries, and every result lands exactly once.
    An entry the engine refuses with Conflict must have written nothing, and is
    entered again afterwards (as its hint says), so that the exactly-once checks
    still run; the test then fails with WriterStarvedError: the engine's retries
    (jittered backoff) must outlast a busy second scorer."""
    setup = open_app(shared_store.url)
    event = setup.create_event("Two scorers")
    register_pairs(setup, event, 14)
    state = setup.assign_movement(event, "mitchell", tables=7, options={"boards_per_round": 3})
    movement = state.movement
    assert movement is not None
    entries = [flat_score(b, e) for e in movement.schedule for b in e.boards]
    halves = [entries[0::2], entries[1::2]]  # interleaved: the two keep racing
    writers = [open_app(shared_store.url) for _ in halves]
    for w in writers:
        w.section(event)  # warm each writer's cache so both start at the same version
    barrier = threading.Barrier(len(writers))
    failures: list[BaseException] = []
    refused: list[ResultEntry] = []

    def write(app: Traveller, half: list[ResultEntry], scorer: str) -> None:
        try:
            barrier.wait(timeout=30)
            for entry in half:
                try:
                    app.record_result(event, entry, actor=scorer)
                except Conflict:
                    refused.append(entry)
        except BaseException as exc:  # noqa: BLE001 (re-raised below, in the test's thread)
            failures.append(exc)

    threads = [
        threading.Thread(target=write, args=(w, h, f"scorer {n}"), daemon=True)
        for n, (w, h) in enumerate(zip(writers, halves, strict=True), start=1)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert not any(t.is_alive() for t in threads), "a writer hung"
    assert failures == []
    for entry in refused:  # "Enter it again": a refused entry wrote nothing
        setup.record_result(event, entry, actor="scorer again")

    reader = open_app(shared_store.url)  # fresh: nothing cached, all from the store
    section = reader.section(event)
    recorded = {(t.board, t.ns.number, t.ew.number): t.result for t in section.entries()}
    assert set(recorded) == {(e.board, e.ns, e.ew) for e in entries}
    for e in entries:
        result = recorded[(e.board, e.ns, e.ew)]
        assert result is not None and result.tricks == e.tricks
    written = Counter(
        (r.event.result.board, r.event.result.ns, r.event.result.ew)
        for r in history.history(reader, event)
        if isinstance(r.event, ResultRecorded)
    )
    assert sum(written.values()) == len(entries)
    assert set(written.values()) == {1}, "a result was recorded twice"
    versions = [e.originator_version for e in reader.events.get(section.id)]
    assert versions == list(range(1, len(versions) + 1))
    assert live(reader, event) == live(history.fork(reader, event), event)
    if refused:
        raise WriterStarvedError(
            f"{len(refused)} of {len(entries)} entries were refused with Conflict: the engine "
            "stopped retrying while the other writer kept winning (Traveller._run)."
        )


def test_a_sqlite_store_keeps_each_connections_compiled_statements(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """eventsourcing opens its SQLite connections with ``cached_statements=True`` (a cache
    of one statement: every BEGIN, read and ROLLBACK compiled again); the store's own
    connections keep :data:`~adapters.storage.sqlite.STATEMENTS_CACHED`, in WAL mode."""
    from adapters.storage import sqlite as store

    opened: list[dict[str, Any]] = []
    connect = sqlite3.connect

    def recorded(*args: Any, **kwargs: Any) -> Any:
        opened.append(kwargs)
        return connect(*args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", recorded)
    app = Traveller(env_for(str(tmp_path / "club.db")))
    try:
        event = app.create_event("Tuesday")
        assert app.tournament(event).name == "Tuesday"
        assert isinstance(app.recorder.datastore.pool, store.StatementCachingPool)  # type: ignore[attr-defined]
    finally:
        app.close()
    assert opened
    assert {o["cached_statements"] for o in opened} == {store.STATEMENTS_CACHED}
    with closing(connect(tmp_path / "club.db")) as file:
        assert file.execute("PRAGMA journal_mode").fetchone() == ("wal",)  # kept in the file
