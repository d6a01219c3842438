"""Fixtures of the browser tests: one served store per test process, and
pytest-playwright's browser launched from the machine's Chromium.

Every test here is marked ``browser``: ``tox -e fast`` leaves them out, ``tox`` runs
them. Without ``/usr/bin/chromium`` they are skipped with a hint (and fail under ``CI``,
where ``.ci/run`` installs it)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.kit import CHROMIUM, CHROMIUM_FLAGS, TIMEOUT_MS, Served, served

expect.set_options(timeout=TIMEOUT_MS)

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test of this folder ``browser``."""
    for item in items:
        if HERE in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Debian's Chromium, headless, never Playwright's own download."""
    if not CHROMIUM.exists():
        why = (
            f"No Chromium at {CHROMIUM}: install Debian's (`apt-get install chromium`, as "
            ".ci/run does) or name one with TRAVELLER_CHROMIUM; never `playwright install`."
        )
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip(why)
    return {
        **browser_type_launch_args,
        "executable_path": str(CHROMIUM),
        "headless": True,
        "args": CHROMIUM_FLAGS,
    }


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """``traveller serve`` over a new SQLite store with director suzuki, logged in."""
    with served(tmp_path_factory.mktemp("served")) as running:
        yield running


@pytest.fixture(scope="session")
def base_url(server: Served) -> str:
    """Pages' addresses are relative to the server (``page.goto("/table")``)."""
    return server.url
