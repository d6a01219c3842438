"""The fault tests' PostgreSQL: the storage tests' throwaway server (never mocked)."""

from __future__ import annotations

from tests.adapters.conftest import postgres_server, postgres_url

__all__ = ["postgres_server", "postgres_url"]
