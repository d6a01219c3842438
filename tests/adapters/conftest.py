"""Fixtures for the storage adapters: a real PostgreSQL server per xdist worker."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bench.postgres import PostgresServer, PostgresUnavailableError, start_server


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One throwaway server for this pytest process (each xdist worker starts its own)."""
    try:
        server = start_server()
    except PostgresUnavailableError as why:
        pytest.skip(str(why))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def postgres_url(postgres_server: PostgresServer, request: pytest.FixtureRequest) -> str:
    """The store URL of a new, empty database of this test's own."""
    return postgres_server.create_database(request.node.name)
