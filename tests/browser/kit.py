"""What the browser tests share: a real server (``traveller serve`` in its own process, on
a free port, over a SQLite file with one director), the director's API client for the
steps no page covers yet, and the machine's Chromium as Playwright launches it.

Playwright's own browser download is not reachable from the machines these tests run
on: they drive Debian's ``chromium`` (``/usr/bin/chromium``, installed by ``.ci/run``),
never a browser fetched by ``playwright install``."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, BrowserContext

from adapters.storage import env_for
from engine.application import Traveller

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("TRAVELLER_CHROMIUM", "/usr/bin/chromium"))
"""The browser driven: Debian's Chromium (``TRAVELLER_CHROMIUM`` names another)."""
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""No sandbox (the tests run as root in CI containers) and nothing that calls out."""
SCREENSHOTS = Path(os.environ.get("TRAVELLER_SCREENSHOTS", ROOT / "build" / "screenshots"))
"""Where the run saves its screenshots, as artifacts (``build/``, not kept in git); with
``TRAVELLER_SCREENSHOTS=docs/screenshots`` a run refreshes the ones the user guide shows."""
TIMEOUT_MS = 15_000
"""How long a page may take to show what a step expects: an answer may wait behind
thirteen phones' on two cores; far shorter than Playwright's default 30 s."""
DIRECTOR = "suzuki"
PASSWORD = "correct horse battery"


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def traveller(*args: str) -> list[str]:
    """The command line of ``traveller ARGS`` as a director types it (this interpreter's
    copy of the command, so the tests run the checkout under test)."""
    return [sys.executable, "-m", "adapters.cli.main", *args]


@dataclass
class Served:
    """A running server: its address, its store, and the director's API client."""

    url: str
    store: str
    """The store's URL (a SQLite file), to read it directly afterwards."""
    token: str = ""
    clients: list[httpx.Client] = field(default_factory=list)

    def api(self, token: str | None = None, language: str = "en") -> httpx.Client:
        """A client of the API sending ``token`` (the director's by default)."""
        client = httpx.Client(
            base_url=self.url,
            headers={
                "Authorization": f"Bearer {token or self.token}",
                "Accept-Language": language,
            },
            timeout=30,
            # A connection idle for uvicorn's keep-alive (5 s) is closed by the server; one
            # reused just then is reset mid-request. Forget idle ones well before that.
            limits=httpx.Limits(keepalive_expiry=2),
        )
        self.clients.append(client)
        return client

    def call(self, method: str, path: str, json: Any = None) -> Any:
        """A director's request that must succeed: its JSON answer."""
        client = self.clients[0] if self.clients else self.api()
        answer = client.request(method, path, json=json)
        assert answer.status_code in (200, 201), f"{method} {path}: {answer.text}"
        return answer.json()

    def store_app(self) -> Traveller:
        """The store opened directly, as another process would (close it after use)."""
        return Traveller(env_for(self.store))

    def store_position(self) -> int:
        """How many events the store holds (a refusal must not change it)."""
        app = self.store_app()
        try:
            return app.position()
        finally:
            app.close()

    def close(self) -> None:
        for client in self.clients:
            client.close()


def _wait_until_up(proc: subprocess.Popen[bytes], url: str, log: Path) -> None:
    deadline = time.monotonic() + 60
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"`traveller serve` stopped at once:\n{log.read_text()}")
        try:
            if httpx.get(url + "/api/events", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"`traveller serve` did not answer within 60 s:\n{log.read_text()}")
        time.sleep(0.1)


@contextlib.contextmanager
def served(folder: Path) -> Iterator[Served]:
    """A store in ``folder`` with director suzuki (``traveller director add``), served by
    ``traveller serve`` on a free port until the block ends; the director logged in."""
    store = f"sqlite:///{folder / 'club.db'}"
    password = folder / "password"
    password.write_text(PASSWORD + "\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TRAVELLER_LOG": "error"}
    added = subprocess.run(
        traveller("director", "add", DIRECTOR, "--store", store, "--password-file", str(password)),
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
    )
    assert added.returncode == 0, f"`traveller director add` failed:\n{added.stderr}"
    port = free_port()
    log = folder / "server.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            traveller("serve", "--store", store, "--port", str(port)),
            cwd=folder,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        server = Served(f"http://127.0.0.1:{port}", store)
        try:
            _wait_until_up(proc, server.url, log)
            answer = httpx.post(
                server.url + "/api/login", json={"name": DIRECTOR, "password": PASSWORD}
            )
            assert answer.status_code == 200, answer.text
            server.token = answer.json()["token"]
            yield server
        finally:
            server.close()
            if proc.poll() is None:
                # The live streams the pages hold would keep a graceful stop waiting.
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()


def context(
    browser: Browser, server: Served, language: str = "en", **options: Any
) -> BrowserContext:
    """A new browser context (its own storage and connection: a phone, a laptop) on
    ``server``'s pages, its browser speaking ``language`` (``en`` or ``ja``)."""
    made = browser.new_context(
        base_url=server.url, locale="ja-JP" if language == "ja" else "en-GB", **options
    )
    made.set_default_timeout(TIMEOUT_MS)
    return made
