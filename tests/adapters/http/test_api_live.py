"""The standings as a live stream (server-sent events): each subscriber is sent the
standings themselves when the event changes, computed once for all of them, and a
reader the results are not released to is told they are hidden."""

from __future__ import annotations

import json

import pytest

from adapters.http import live
from tests.adapters.http.api_kit import SECTION, Server, mitchell_event, result, server, table_play
from tests.adapters.http.test_pages_live import messages, until

__all__ = ["server"]


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(live, "KEEP_ALIVE", 0.5)


def played(standings: dict[str, object]) -> int:
    """Boards played, over every pair of every field."""
    fields = standings["fields"]
    assert isinstance(fields, list)
    return sum(int(row["boards_played"]) for f in fields for row in f["rows"])


def test_a_subscriber_is_sent_the_standings_when_a_result_is_recorded(server: Server) -> None:
    event = mitchell_event(server)
    path = f"/api/events/{event}/sessions/1/standings/live"
    with server.client.stream("GET", path, headers=server.as_director()) as response:
        assert response.headers["content-type"].startswith("text/event-stream")
        stream = messages(response.iter_lines())
        first = json.loads(until(stream, "standings")["data"])
        assert played(first) == 0
        boards, ns, ew = table_play(server, event, 1, 1)
        server.post(SECTION.format(event=event) + "/results", result(boards[0], ns, ew))
        after = until(stream, "standings")
    assert played(json.loads(after["data"])) == 2  # one board, both pairs
    assert after["id"] == str(server.app.position())
    assert json.loads(after["data"]) == server.get(f"/api/events/{event}/sessions/1/standings")


def test_the_public_is_told_the_standings_are_hidden_until_released(server: Server) -> None:
    event = mitchell_event(server)
    path = f"/api/events/{event}/sessions/1/standings/live"
    with server.client.stream("GET", path) as response:
        stream = messages(response.iter_lines())
        hidden = next(m for m in stream if "event" in m)
        assert hidden["event"] == "hidden" and hidden["data"] == "{}"
        server.put(f"/api/events/{event}/public", {"running": True})
        shown = until(stream, "standings")
    assert played(json.loads(shown["data"])) == 0
