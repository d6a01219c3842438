"""PostgreSQL stores whose schema is set up once, not at every start.

eventsourcing's own factory runs its schema statements (``CREATE TABLE IF NOT EXISTS``,
``CREATE OR REPLACE FUNCTION`` …) every time an application opens the store, and two
commands starting at the same moment then fail with ``tuple concurrently updated``.
This factory (named by :func:`adapters.storage.env_for` as the persistence module) looks
whether the events table is there; only when it is not does it set the schema up, under
an advisory lock so that the processes starting together wait for the first one, which
sets it up once."""

from __future__ import annotations

from typing import Any

from eventsourcing import postgres  # the module, not its factory: this module has one
from eventsourcing.persistence import ApplicationRecorder

SCHEMA_LOCK = 0x7472_6176_656C
"""The advisory lock held while the schema is set up (any number of ours; "travel")."""


class SetUpOnce(postgres.PostgresFactory):
    """A PostgreSQL factory that sets the schema up only where it is missing."""

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
