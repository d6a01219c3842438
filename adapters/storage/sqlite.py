"""SQLite stores (eventsourcing's), able to read one tournament's events alone, whose
writers take turns after a conflict.

The time-travel queries (replay, audit, diff, what-if, standings as of a moment) read a
tournament's own events, its aggregate's and its sections', in store order. eventsourcing's
recorder reads the store's whole log in order; this one also reads the events of given
aggregates only (:meth:`EventLogRecorder.select_notifications_of`), through the events
table's primary key, so that reading one tournament costs the same whatever else the
store holds. :mod:`engine.application.moments` uses it where the store offers it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any
from uuid import UUID

from eventsourcing import sqlite  # the module, not its factory: this module has one
from eventsourcing.persistence import InterfaceError, Notification

try:
    import fcntl
except ImportError:  # Windows: writers retry without taking turns
    fcntl = None  # type: ignore[assignment]


class EventLogRecorder(sqlite.SQLiteApplicationRecorder):
    """eventsourcing's SQLite recorder, with the events of given aggregates in order."""

    def select_notifications_of(
        self, originator_ids: Sequence[UUID], *, stop: int | None = None
    ) -> Sequence[Notification]:
        """The stored events of ``originator_ids`` up to store position ``stop``, in
        store order."""
        if not originator_ids:
            return []
        marks = ",".join("?" * len(originator_ids))
        params: list[str | int] = [i.hex for i in originator_ids]
        statement = (
            f"SELECT rowid, * FROM {self.events_table_name} WHERE originator_id IN ({marks})"
        )
        if stop is not None:
            statement += " AND rowid <= ?"
            params.append(stop)
        statement += " ORDER BY rowid"
        with self.datastore.transaction(commit=False) as c:
            c.execute(statement, params)
            return [
                Notification(
                    id=row["rowid"],
                    originator_id=self.convert_originator_id(row["originator_id"]),
                    originator_version=row["originator_version"],
                    topic=row["topic"],
                    state=row["state"],
                )
                for row in c.fetchall()
            ]

    @contextmanager
    def exclusive(self, aggregates: Sequence[UUID]) -> Iterator[None]:
        """Hold the store's turn while a command that met a conflict is decided and saved
        again, so that writer processes contending for one section take turns instead of
        conflicting again and again (docs/decisions/0025). SQLite has one writer at a
        time anyway, so one turn serves the whole store: a lock on the file beside it
        (``club.db-turns``), which the system lets go of if the process dies."""
        pool = self.datastore.pool
        if pool.is_sqlite_memory_mode or fcntl is None:  # nobody to take turns with, or no
            yield  # file locks to take them by: conflicts are simply retried
            return
        with open(f"{pool.db_name}-turns", "a+b") as turns:
            fcntl.flock(turns, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(turns, fcntl.LOCK_UN)


STATEMENTS_CACHED = 64
"""Compiled statements each connection keeps. eventsourcing asks for ``True`` of them,
which sqlite3 reads as one: every BEGIN, SELECT and ROLLBACK of a read was compiled
again, four times the cost of the read itself (issue 16)."""


class StatementCachingPool(sqlite.SQLiteConnectionPool):
    """eventsourcing's SQLite connection pool, each connection keeping its compiled
    statements (:data:`STATEMENTS_CACHED`); otherwise its connections as they were."""

    def _create_connection(self) -> sqlite.SQLiteConnection:
        try:
            c = sqlite3.connect(
                database=self.db_name,
                uri=True,
                check_same_thread=False,
                isolation_level=None,  # autocommit: eventsourcing begins its own transactions
                cached_statements=STATEMENTS_CACHED,
                timeout=self.lock_timeout or sqlite.SQLITE3_DEFAULT_LOCK_TIMEOUT,
            )
        except (sqlite3.Error, TypeError) as e:
            raise InterfaceError(e) from e
        if not self.is_sqlite_memory_mode and not self.is_journal_mode_wal:
            (mode,) = c.execute("PRAGMA journal_mode;").fetchone()
            if mode.lower() != "wal":
                c.execute("PRAGMA journal_mode=WAL;")
                self.journal_mode_was_changed_to_wal = True
            self.is_journal_mode_wal = True
        c.row_factory = sqlite3.Row
        return sqlite.SQLiteConnection(sqlite_conn=c, max_age=self.max_age)


class EventLogFactory(sqlite.SQLiteFactory):
    """eventsourcing's SQLite factory, its recorder able to read one tournament alone,
    its connections keeping their compiled statements."""

    application_recorder_class = EventLogRecorder

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        made = self.datastore.pool
        self.datastore.pool = StatementCachingPool(
            db_name=made.db_name,
            lock_timeout=made.lock_timeout,
            pool_size=made.pool_size,
            max_overflow=made.max_overflow,
            pool_timeout=made.pool_timeout,
            max_age=made.max_age,
            pre_ping=made.pre_ping,
        )
        made.close()  # it has made no connection yet
