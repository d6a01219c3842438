"""Where events are stored, chosen by one URL.

- ``./traveller.db`` (the default), a bare path, or ``sqlite:///PATH`` (SQLAlchemy's
  convention: ``sqlite:///club.db`` is relative, ``sqlite:////srv/club.db`` absolute):
  a SQLite file;
- ``memory:`` (optionally ``memory:NAME``): in this process only, for tests;
- ``postgresql://USER:PASSWORD@HOST:PORT/DBNAME``: a PostgreSQL database (federations),
  which needs the ``postgres`` extra (``pip install 'traveller[postgres]'``).

Messages name a store by :func:`shown` (a file by its full path, a database without
its password).
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from urllib.parse import unquote, urlparse

from engine.errors import N_, StoreError

DEFAULT_URL = "./traveller.db"
ENV_VAR = "TRAVELLER_STORE"


def store_url(explicit: str | None = None) -> str:
    return explicit or os.environ.get(ENV_VAR) or DEFAULT_URL


POSTGRES_EXTRA = "pip install 'traveller[postgres]'"
"""How to install what a PostgreSQL store needs."""


def _is_postgres(url: str) -> bool:
    return url.startswith(("postgresql://", "postgres://"))


def _sqlite_path(url: str) -> str | None:
    """The file a SQLite URL names (None for other stores; "" when it names none)."""
    if url.startswith("memory:") or _is_postgres(url):
        return None
    if url.startswith("sqlite://"):
        # SQLAlchemy's convention: sqlite:///club.db is relative, sqlite:////srv/club.db absolute.
        return url.removeprefix("sqlite:///") if url.startswith("sqlite:///") else ""
    return None if "://" in url else url


def store_file(url: str) -> Path | None:
    """The SQLite file a store URL names, in full (None for memory and PostgreSQL)."""
    path = _sqlite_path(url)
    return Path(path).expanduser().resolve() if path else None


def shown(url: str) -> str:
    """The store as messages name it: a file by its full path, a database URL without
    its password."""
    file = store_file(url)
    if file is not None:
        return str(file)
    if _is_postgres(url):
        parts = urlparse(url)
        if parts.password is not None:
            return parts._replace(
                netloc=parts.netloc.replace(f":{parts.password}@", ":***@", 1)
            ).geturl()
    return url


def is_missing(url: str) -> bool:
    """A SQLite store whose file does not exist yet (nothing was ever recorded there).
    Memory and PostgreSQL stores are never missing: a server's database is created by
    its administrator."""
    file = store_file(url)
    return file is not None and not file.exists()


def env_for(url: str) -> dict[str, str]:
    """The eventsourcing settings for a store URL."""
    if url == "memory:" or url.startswith("memory:"):
        return {"PERSISTENCE_MODULE": "eventsourcing.popo"}
    if _is_postgres(url):
        if any(importlib.util.find_spec(m) is None for m in ("psycopg", "psycopg_pool")):
            raise StoreError(
                N_(
                    "The store %(store)s is a PostgreSQL database, and Traveller's PostgreSQL "
                    "support (the postgres extra) is not installed."
                ),
                hint=N_("Install it with %(install)s, or use a SQLite file."),
                code="store.postgres_missing",
                store=shown(url),
                install=POSTGRES_EXTRA,
            )
        parts = urlparse(url)
        try:
            port = parts.port or 5432
        except ValueError:
            raise StoreError(
                N_("The store URL %(url)s has no valid port."),
                hint=N_("Write postgresql://USER:PASSWORD@HOST:PORT/DBNAME."),
                code="store.port",
                url=repr(shown(url)),
            ) from None
        if not parts.path.strip("/"):
            raise StoreError(
                N_("The store URL %(url)s names no database."),
                hint=N_("Write postgresql://USER:PASSWORD@HOST:PORT/DBNAME."),
                code="store.database",
                url=repr(shown(url)),
            )
        env = {
            # eventsourcing's PostgreSQL, its schema set up once (adapters/storage/postgres.py).
            "PERSISTENCE_MODULE": "adapters.storage.postgres",
            "POSTGRES_DBNAME": unquote(parts.path.strip("/")),
            "POSTGRES_HOST": parts.hostname or "localhost",
            "POSTGRES_PORT": str(port),
            "POSTGRES_USER": unquote(parts.username or ""),
            "POSTGRES_PASSWORD": unquote(parts.password or ""),
            # A server that does not answer is said within seconds, not half a minute.
            "POSTGRES_CONNECT_TIMEOUT": "5",
        }
        return env
    path = _sqlite_path(url)
    if path is None:
        raise StoreError(
            N_("Traveller cannot open the store %(url)s."),
            hint=N_("Use a file path, sqlite:///PATH, postgresql://… or memory:."),
            code="store.url",
            url=repr(url),
        )
    if not path:
        raise StoreError(
            N_("The store URL %(url)s names no file."),
            hint=N_("Write sqlite:///club.db (relative) or sqlite:////srv/club.db."),
            code="store.file",
            url=repr(url),
        )
    folder = Path(path).expanduser().resolve().parent
    if not folder.is_dir():
        raise StoreError(
            N_("The folder %(folder)s for the store does not exist."),
            hint=N_("Create it, or name another store."),
            code="store.folder",
            folder=str(folder),
        )
    return {
        # eventsourcing's SQLite, able to read one tournament alone (adapters/storage/sqlite.py).
        "PERSISTENCE_MODULE": "adapters.storage.sqlite",
        "SQLITE_DBNAME": str(Path(path).expanduser()),
        "SQLITE_LOCK_TIMEOUT": "10",
    }
