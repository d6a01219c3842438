"""The live stream of an event's pages (server-sent events): a reader is told when the
event changes, not when another event does, is caught up when it reconnects, and its
stream ends when it goes away."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator, MutableMapping
from typing import Any
from uuid import UUID

import pytest
from fastapi import FastAPI
from starlette.testclient import TestClient

from adapters.http import live
from adapters.http.pages import router
from engine.application import Traveller
from engine.movement import Encounter
from engine.testing import flat_score, memory_app
from engine.tournament.events import Player

WAIT = 10.0
"""Seconds a test waits for a message before it fails."""


def pages_app(traveller: Traveller) -> FastAPI:
    app = FastAPI()
    app.state.traveller = traveller
    app.include_router(router)
    return app


def pairs_event(app: Traveller, name: str) -> UUID:
    event = app.create_event(name)
    for i in range(1, 9):
        app.register_entry(event, [Player(name=f"N{i}"), Player(name=f"S{i}")])
    app.assign_movement(event, "mitchell", tables=4)
    return event


def first_result(app: Traveller, event: UUID, table: int = 1) -> None:
    """Enter the first board of ``table`` in round 1."""
    movement = app.section(event).movement
    assert movement is not None
    e: Encounter = next(e for e in movement.round(1) if e.table == table)
    app.record_result(event, flat_score(e.boards[0], e))


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """A keep-alive every half second, so a test reading the stream never blocks long."""
    monkeypatch.setattr(live, "KEEP_ALIVE", 0.5)


@pytest.fixture
def app() -> Traveller:
    return memory_app()


@pytest.fixture
def client(app: Traveller) -> Iterator[TestClient]:
    with TestClient(pages_app(app)) as c:
        yield c


def messages(lines: Iterator[str]) -> Iterator[dict[str, Any]]:
    """The stream's messages (a comment as ``{"comment": …}``), until :data:`WAIT`
    seconds have passed."""
    deadline = time.monotonic() + WAIT
    fields: dict[str, Any] = {}
    for line in lines:
        if time.monotonic() > deadline:
            raise AssertionError("the stream said nothing useful in time")
        if not line:
            if fields:
                yield fields
            fields = {}
        elif line.startswith(":"):
            yield {"comment": line[1:].strip()}
        else:
            key, _, value = line.partition(":")
            fields[key] = value.strip()


def until(stream: Iterator[dict[str, Any]], kind: str) -> dict[str, Any]:
    for m in stream:
        if m.get("event") == kind:
            return m
    raise AssertionError(f"the stream ended before {kind!r}")


def test_a_reader_is_told_when_a_result_is_recorded(client: TestClient, app: Traveller) -> None:
    event = pairs_event(app, "Live pairs")
    with client.stream("GET", f"/events/{event}/live") as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        stream = messages(response.iter_lines())
        ready = until(stream, "ready")
        before = json.loads(ready["data"])["position"]
        first_result(app, event)
        changed = until(stream, "changed")
    position = json.loads(changed["data"])["position"]
    assert position > before and changed["id"] == str(position) == str(app.position())


def test_a_reader_is_not_told_of_another_events_changes(client: TestClient, app: Traveller) -> None:
    event, other = pairs_event(app, "Watched"), pairs_event(app, "Other")
    with client.stream("GET", f"/events/{event}/live") as response:
        stream = messages(response.iter_lines())
        until(stream, "ready")
        first_result(app, other)
        # Two keep-alives later (a second), nothing was said of the other event.
        said = []
        for m in stream:
            said.append(m)
            if sum("comment" in x for x in said) == 2:
                break
        assert not [m for m in said if m.get("event") == "changed"]
        first_result(app, event)
        until(stream, "changed")


def test_a_reconnecting_reader_is_told_what_it_missed(client: TestClient, app: Traveller) -> None:
    event = pairs_event(app, "Reconnect")
    seen = app.position()
    first_result(app, event)
    headers = {"Last-Event-ID": str(seen)}
    with client.stream("GET", f"/events/{event}/live", headers=headers) as response:
        stream = messages(response.iter_lines())
        first = next(m for m in stream if "event" in m)
    assert first["event"] == "changed"
    # One that saw everything is only told it is ready.
    headers = {"Last-Event-ID": str(app.position())}
    with client.stream("GET", f"/events/{event}/live", headers=headers) as response:
        first = next(m for m in messages(response.iter_lines()) if "event" in m)
    assert first["event"] == "ready"


def test_a_session_added_later_is_followed_too(client: TestClient, app: Traveller) -> None:
    event = pairs_event(app, "Two sessions")
    with client.stream("GET", f"/events/{event}/live") as response:
        stream = messages(response.iter_lines())
        until(stream, "ready")
        app.add_session(event, 2)
        until(stream, "changed")
        app.assign_movement(event, "mitchell", tables=4, session=2)
        until(stream, "changed")


def test_the_stream_ends_when_the_reader_goes_away(app: Traveller) -> None:
    event = pairs_event(app, "Gone")
    asgi = pages_app(app)
    sent: list[MutableMapping[str, Any]] = []

    async def run() -> None:
        gone = asyncio.Event()

        async def receive() -> MutableMapping[str, Any]:
            await gone.wait()
            return {"type": "http.disconnect"}

        async def send(message: MutableMapping[str, Any]) -> None:
            sent.append(message)
            if message["type"] == "http.response.body" and b"event: ready" in message.get(
                "body", b""
            ):
                gone.set()

        scope = {
            "type": "http",
            "asgi": {"version": "3.0", "spec_version": "2.4"},
            "http_version": "1.1",
            "method": "GET",
            "scheme": "http",
            "path": f"/events/{event}/live",
            "raw_path": f"/events/{event}/live".encode(),
            "query_string": b"",
            "root_path": "",
            "headers": [(b"host", b"testserver")],
            "client": ("test", 1),
            "server": ("testserver", 80),
            "state": {},
        }
        await asyncio.wait_for(asgi(scope, receive, send), WAIT)

    asyncio.run(run())
    assert sent[0]["status"] == 200
    assert any(b"event: ready" in m.get("body", b"") for m in sent)


def test_an_unknown_event_has_no_stream(client: TestClient) -> None:
    response = client.get("/events/00000000-0000-0000-0000-000000000000/live")
    assert response.status_code == 404


def test_the_watch_reads_the_store_once_for_every_reader(app: Traveller) -> None:
    event, other = pairs_event(app, "A"), pairs_event(app, "B")
    watch = live.StoreWatch(app, interval=0.0)
    start = watch.position
    first_result(app, other)
    assert watch.advance() == app.position()
    mine = live.aggregates_of(app, event)
    assert not watch.touched(start, mine)
    assert watch.touched(start, live.aggregates_of(app, other))
    first_result(app, event)
    watch.advance()
    assert watch.touched(start, mine)
    assert not watch.touched(watch.position, mine)
    # A position older than the watch remembers counts as a change, to be safe.
    assert watch.touched(start - 1, mine)
