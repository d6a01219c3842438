"""What the API tests share: a server over an in-memory store with one director, a
7-table Mitchell set up through the API, and clients for each role."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient

from adapters.http.app import create_app
from adapters.http.auth import hash_password, new_token, token_hash
from engine.application import Traveller
from engine.testing import memory_app

PASSWORD = "correct horse battery"


@dataclass
class Server:
    """A server, its application and a director's client (``director:suzuki``)."""

    app: Traveller
    client: TestClient
    token: str

    def as_director(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def post(self, path: str, json: Any = None, **kw: Any) -> Any:
        """A director's POST that must succeed; its JSON answer."""
        answer = self.client.post(path, json=json, headers=self.as_director(), **kw)
        assert answer.status_code in (200, 201), answer.text
        return answer.json()

    def put(self, path: str, json: Any = None) -> Any:
        answer = self.client.put(path, json=json, headers=self.as_director())
        assert answer.status_code == 200, answer.text
        return answer.json()

    def get(self, path: str, **kw: Any) -> Any:
        answer = self.client.get(path, headers=self.as_director(), **kw)
        assert answer.status_code == 200, answer.text
        return answer.json()

    def device(self, event: str, table: int, *, section: str = "A", session: int = 1) -> str:
        """A table device's code."""
        issued = self.post(
            f"/api/events/{event}/devices",
            {"table": table, "section": section, "session": session},
        )
        code: str = issued["code"]
        return code

    def written(self) -> int:
        """How many events the store holds (a refusal must not change it)."""
        return self.app.position()


PASSWORD_HASH = hash_password(PASSWORD)
"""Hashed once: argon2 is slow on purpose."""


def serve(app: Traveller) -> Server:
    """A server for ``app`` with director suzuki, whose token (issued as a login's would
    be, without the slow password check) the server's client uses."""
    app.add_director("suzuki", PASSWORD_HASH, actor="admin")
    token = new_token()
    app.issue_token("suzuki", token_hash(token), login=True, actor="director:suzuki")
    return Server(app, TestClient(create_app(app)), token)


@pytest.fixture
def server() -> Server:
    """A server over a new in-memory store."""
    return serve(memory_app())


def mitchell_event(server: Server, *, tables: int = 7, boards_per_round: int = 3) -> str:
    """A Mitchell of ``tables`` tables set up through the API; its event id."""
    event: str = server.post("/api/events", {"name": "Tuesday pairs"})["id"]
    for i in range(1, 2 * tables + 1):
        server.post(
            f"/api/events/{event}/entries",
            {"players": [{"name": f"A{i} North", "member": f"{i:05d}"}, {"name": f"A{i} South"}]},
        )
    server.post(
        f"/api/events/{event}/sessions/1/sections/A/movement",
        {"family": "mitchell", "options": {"boards_per_round": boards_per_round}},
    )
    return event


SECTION = "/api/events/{event}/sessions/1/sections/A"


def table_play(server: Server, event: str, rnd: int, table: int) -> tuple[list[int], int, int]:
    """The boards and the NS and EW pairs of ``table`` in round ``rnd``."""
    seating = server.get(SECTION.format(event=event) + f"/rounds/{rnd}/seating")
    row = next(t for t in seating["tables"] if t["table"] == table)
    return list(row["boards"]), int(row["ns"].lstrip("NSEW")), int(row["ew"].lstrip("NSEW"))


def result(board: int, ns: int, ew: int, tricks: int = 10) -> dict[str, Any]:
    return {"board": board, "ns": ns, "ew": ew, "contract": "4S", "declarer": "N", "tricks": tricks}
