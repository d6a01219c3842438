"""What the server under load (bench/serve_load.py) found: a write through the API wakes
the live streams at once, not at the watch's next look; and readers asking for the same
standings together are answered by one computation, never a stale one."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest

from adapters.http import live
from adapters.http.shared_reads import SharedReads, latest
from engine.application import Traveller
from tests.adapters.http.api_kit import SECTION, Server, mitchell_event, result, server, table_play

__all__ = ["server"]  # the fixture, used by name

SLOW_LOOK = 60.0
"""A watch interval no test waits for: only a nudge can tell the stream in time."""


def count_standings(monkeypatch: pytest.MonkeyPatch, app: Traveller) -> list[int]:
    """Every computation of the standings, as a list of 1s."""
    calls: list[int] = []
    original = app.standings

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(app, "standings", counted)
    return calls


def test_a_result_posted_through_the_api_is_told_to_the_stream_at_once(server: Server) -> None:
    event = mitchell_event(server)
    section = SECTION.format(event=event)
    server.put(f"/api/events/{event}/public", {"running": True})
    server.post(section + "/rounds/1/start")
    boards, ns, ew = table_play(server, event, 1, 1)
    live.watch_of(server.app).interval = SLOW_LOOK
    with server.client.stream("GET", f"/events/{event}/live") as stream:
        lines = stream.iter_lines()
        assert "event: ready" in next(line for line in lines if line.startswith("event:"))
        posted = time.monotonic()
        server.post(section + "/results", result(boards[0], ns, ew))
        told = next(line for line in lines if line.startswith("event:"))
        assert told == "event: changed"
        assert time.monotonic() - posted < SLOW_LOOK / 4


def test_readers_together_share_one_computation_of_the_standings(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = mitchell_event(server)
    section = SECTION.format(event=event)
    server.put(f"/api/events/{event}/public", {"running": True})
    server.post(section + "/rounds/1/start")
    calls = count_standings(monkeypatch, server.app)
    path = f"/api/events/{event}/sessions/1/standings"
    answers: list[Any] = []

    def read() -> None:
        answers.append(server.client.get(path).json())

    readers = [threading.Thread(target=read) for _ in range(8)]
    for r in readers:
        r.start()
    for r in readers:
        r.join()
    assert len(answers) == 8 and all(a == answers[0] for a in answers)
    assert len(calls) == 1
    # A result recorded since: the next reader is shown it, computed once more.
    boards, ns, ew = table_play(server, event, 1, 1)
    server.post(section + "/results", result(boards[0], ns, ew))
    after = server.client.get(path).json()
    assert len(calls) == 2
    rows = [r for f in after["fields"] for r in f["rows"]]
    assert sum(r["boards_played"] for r in rows) == 2  # the NS pair's and the EW pair's
    # As of a moment, the standings are computed as asked, never taken from the kept ones.
    server.client.get(path, params={"number": 1})
    assert len(calls) == 3


def test_readers_of_a_live_page_share_one_build_per_change_in_each_language(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = mitchell_event(server)
    section = SECTION.format(event=event)
    server.put(f"/api/events/{event}/public", {"running": True})
    calls = count_standings(monkeypatch, server.app)
    page = f"/events/{event}?fragment=1"
    first = [server.client.get(page, headers={"Accept-Language": "ja"}) for _ in range(5)]
    assert len(calls) == 1 and all(a.text == first[0].text for a in first)
    english = server.client.get(page, headers={"Accept-Language": "en"})
    assert len(calls) == 2 and english.text != first[0].text
    assert english.headers["content-language"] == "en"
    server.post(section + "/rounds/1/start")
    again = server.client.get(page, headers={"Accept-Language": "ja"})
    assert len(calls) == 3 and again.headers["content-language"] == "ja"


def test_what_is_kept_is_bounded_whatever_addresses_readers_make_up(server: Server) -> None:
    shared = SharedReads(server.app, kept=3)
    builds: list[int] = []
    for n in range(10):
        shared.read(("page", n), lambda: builds.append(1))
    shared.read(("page", 9), lambda: builds.append(1))  # kept: the most recent
    shared.read(("page", 0), lambda: builds.append(1))  # forgotten long ago
    assert len(builds) == 11
    assert len(shared._kept) <= 3 and len(shared._locks) <= 3


def test_subscribers_woken_together_await_one_computation_without_a_thread_each() -> None:
    computed: list[int] = []
    release = threading.Event()

    def compute() -> int:
        release.wait(5)
        computed.append(1)
        return len(computed)

    async def woken() -> list[int]:
        askers = [asyncio.create_task(latest("standings", 7, compute)) for _ in range(100)]
        await asyncio.sleep(0.05)
        release.set()
        answers = await asyncio.gather(*askers)
        # The same position asked again is the one answer; a later one computes anew.
        answers.append(await latest("standings", 7, compute))
        answers.append(await latest("standings", 8, compute))
        return answers

    answers = asyncio.run(woken())
    assert answers == [1] * 101 + [2]
    assert len(computed) == 2


def test_a_failed_computation_is_not_kept_for_the_next_subscriber() -> None:
    def failing() -> int:
        raise RuntimeError("the store went away")

    async def asked() -> int:
        with pytest.raises(RuntimeError):
            await latest("standings", 3, failing)
        return await latest("standings", 3, lambda: 42)

    assert asyncio.run(asked()) == 42
