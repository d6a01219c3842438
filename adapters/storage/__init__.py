"""Where events are stored, chosen by one URL.

- ``./traveller.db`` (the default), a bare path, or ``sqlite:///PATH`` (SQLAlchemy's
  convention: ``sqlite:///club.db`` is relative, ``sqlite:////srv/club.db`` absolute):
  a SQLite file;
- ``memory:`` (optionally ``memory:NAME``): in this process only, for tests;
- ``postgresql://USER:PASSWORD@HOST:PORT/DBNAME``: a PostgreSQL database (federations).
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import unquote, urlparse

from engine.errors import StoreError

DEFAULT_URL = "./traveller.db"
ENV_VAR = "TRAVELLER_STORE"


def store_url(explicit: str | None = None) -> str:
    return explicit or os.environ.get(ENV_VAR) or DEFAULT_URL


def env_for(url: str) -> dict[str, str]:
    """The eventsourcing settings for a store URL."""
    if url == "memory:" or url.startswith("memory:"):
        return {"PERSISTENCE_MODULE": "eventsourcing.popo"}
    if url.startswith(("postgresql://", "postgres://")):
        parts = urlparse(url)
        try:
            port = parts.port or 5432
        except ValueError:
            raise StoreError(
                f"The store URL {url!r} has no valid port.",
                hint="Write postgresql://USER:PASSWORD@HOST:PORT/DBNAME.",
            ) from None
        if not parts.path.strip("/"):
            raise StoreError(
                f"The store URL {url!r} names no database.",
                hint="Write postgresql://USER:PASSWORD@HOST:PORT/DBNAME.",
            )
        env = {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": unquote(parts.path.strip("/")),
            "POSTGRES_HOST": parts.hostname or "localhost",
            "POSTGRES_PORT": str(port),
            "POSTGRES_USER": unquote(parts.username or ""),
            "POSTGRES_PASSWORD": unquote(parts.password or ""),
            "CREATE_TABLE": "y",
        }
        return env
    if url.startswith("sqlite://"):
        # SQLAlchemy's convention: sqlite:///club.db is relative, sqlite:////srv/club.db absolute.
        path = url.removeprefix("sqlite:///") if url.startswith("sqlite:///") else ""
        if not path:
            raise StoreError(
                f"The store URL {url!r} names no file.",
                hint="Write sqlite:///club.db (relative) or sqlite:////srv/club.db.",
            )
    elif "://" in url:
        raise StoreError(
            f"Traveller cannot open the store {url!r}.",
            hint="Use a file path, sqlite:///PATH, postgresql://… or memory:.",
        )
    else:
        path = url
    folder = Path(path).expanduser().resolve().parent
    if not folder.is_dir():
        raise StoreError(
            f"The folder {folder} for the store does not exist.",
            hint="Create it, or give another --store path.",
        )
    return {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": str(Path(path).expanduser()),
        "SQLITE_LOCK_TIMEOUT": "10",
    }
