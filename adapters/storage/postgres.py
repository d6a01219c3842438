"""PostgreSQL stores whose schema is set up once, not at every start.

eventsourcing's own factory runs its schema statements (``CREATE TABLE IF NOT EXISTS``,
``CREATE OR REPLACE FUNCTION`` …) every time an application opens the store, and two
commands starting at the same moment then fail with ``tuple concurrently updated``.
This factory (named by :func:`adapters.storage.env_for` as the persistence module) looks
whether the events table is there; only when it is not does it set the schema up, under
an advisory lock so that the processes starting together wait for the first one, which
sets it up once."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import Any
from uuid import UUID

import psycopg
from eventsourcing import postgres  # the module, not its factory: this module has one
from eventsourcing.persistence import ApplicationRecorder, Notification
from psycopg.sql import SQL, Identifier

SCHEMA_LOCK = 0x7472_6176_656C
"""The advisory lock held while the schema is set up (any number of ours; "travel")."""


class EventLogRecorder(postgres.PostgresApplicationRecorder):
    """eventsourcing's PostgreSQL recorder, with the events of given aggregates in order
    (one tournament read alone: see :mod:`adapters.storage.sqlite`)."""

    def select_notifications_of(
        self, originator_ids: Sequence[UUID], *, stop: int | None = None
    ) -> Sequence[Notification]:
        """The stored events of ``originator_ids`` up to store position ``stop``, in
        store order."""
        if not originator_ids:
            return []
        statement = SQL("SELECT * FROM {schema}.{table} WHERE originator_id = ANY(%s)").format(
            schema=Identifier(self.datastore.schema),
            table=Identifier(self.events_table_name),
        )
        params: list[Any] = [list(originator_ids)]
        if stop is not None:
            statement += SQL(" AND notification_id <= %s")
            params.append(stop)
        statement += SQL(" ORDER BY notification_id")
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(statement, params, prepare=True)
            return [
                Notification(
                    id=row["notification_id"],
                    originator_id=row["originator_id"],
                    originator_version=row["originator_version"],
                    topic=row["topic"],
                    state=bytes(row["state"]),
                )
                for row in curs.fetchall()
            ]

    @contextmanager
    def exclusive(self, aggregates: Sequence[UUID]) -> Iterator[None]:
        """Hold the aggregates' advisory locks while a command that met a conflict is
        decided and saved again: writers contending for one section take turns instead
        of conflicting again and again (docs/decisions/0025). Taken in one order, so two
        holders never wait for each other; a lock only orders writers, the store's
        versions still decide.

        A writer waits for its turn without holding a connection: the holder needs one
        from the same pool to read and save, and writers that held theirs while they
        waited could take the whole pool (a table of devices posting at once did: each
        waited the pool's timeout, and was told the store could not be reached)."""
        keys = sorted({int.from_bytes(a.bytes[:8], "big", signed=True) for a in aggregates})
        while True:
            with self.datastore.get_connection() as conn:
                if _taken(conn, keys):
                    try:
                        yield
                    finally:
                        with suppress(psycopg.Error):  # a connection lost has let go of them
                            conn.execute("SELECT pg_advisory_unlock_all()")
                    return
            time.sleep(random.uniform(TURN_WAIT / 2, TURN_WAIT))  # not our turn yet


TURN_WAIT = 0.005
"""How long, at most, a writer waits before it asks for its turn again (seconds)."""


def _taken(conn: Any, keys: Sequence[int]) -> bool:
    """Whether every one of ``keys`` was taken on ``conn``; if one was not, none is kept."""
    for key in keys:
        row = conn.execute("SELECT pg_try_advisory_lock(%s) AS taken", (key,)).fetchone()
        if not row["taken"]:
            conn.execute("SELECT pg_advisory_unlock_all()")
            return False
    return True


class SetUpOnce(postgres.PostgresFactory):
    """A PostgreSQL factory that sets the schema up only where it is missing, its
    recorder able to read one tournament alone."""

    application_recorder_class = EventLogRecorder

    def env_create_table(self) -> bool:
        return False  # :meth:`application_recorder` does it, once

    def application_recorder(self) -> ApplicationRecorder:
        recorder = super().application_recorder()
        assert isinstance(recorder, postgres.PostgresApplicationRecorder)
        if not self._exists(recorder.events_table_name):
            with self.datastore.get_connection() as lock:
                lock.execute("SELECT pg_advisory_lock(%s)", (SCHEMA_LOCK,))
                try:
                    if not self._exists(recorder.events_table_name):
                        recorder.create_table()
                finally:
                    lock.execute("SELECT pg_advisory_unlock(%s)", (SCHEMA_LOCK,))
        return recorder

    def _exists(self, table: str) -> bool:
        """Whether ``table`` is in the store's schema."""
        with self.datastore.get_connection() as connection:
            row: Any = connection.execute(
                "SELECT to_regclass(%s) IS NOT NULL AS found",
                (f"{self.datastore.schema}.{table}",),
            ).fetchone()
        return bool(row["found"])
