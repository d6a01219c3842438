"""Live updates of the public pages: ``/events/{id}/live``, a stream of server-sent
events telling each reader when the event changed, so the page fetches its content again.

The store is polled, not the readers' tables: one :class:`StoreWatch` per application
reads the store's position (one cheap query) at most every :data:`INTERVAL` seconds,
and the few events recorded since, for every reader of every event at once. A write
through this process does not wait for that look: :class:`NudgeAfterWrites` has the
watch look at once and wake every stream (what another process writes is seen at the
next look). A reader's
stream says ``changed`` (with the store position as its id) only when one of those
events belongs to its tournament (the tournament's own or one of its sections'), and
ends when the reader goes away. Nothing of the results goes down the stream: what the
page then fetches is released or not like any page.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
import weakref
from collections import deque
from collections.abc import AsyncIterator
from uuid import UUID

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import StreamingResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from engine.application import Traveller

INTERVAL = 0.25
"""Seconds between two looks at the store's position."""
KEEP_ALIVE = 15.0
"""Seconds of quiet after which a comment keeps proxies from closing the stream."""
RETRY_MS = 2000
"""How long a browser waits before it reconnects a dropped stream."""
REMEMBERED = 20_000
"""How many of the latest recorded events the watch remembers (whose they were)."""
BATCH = 500


class StoreWatch:
    """The store's latest recorded events, each read once for every reader: their
    store positions and the aggregates they belong to. Thread-safe, and bound to no
    event loop (each request may be served from its own)."""

    def __init__(self, app: Traveller, interval: float = INTERVAL) -> None:
        self.app = app
        self.interval = interval
        self._lock = threading.Lock()
        self.position = app.position()
        self._checked = time.monotonic()
        self._recent: deque[tuple[int, UUID | str]] = deque(maxlen=REMEMBERED)
        self._floor = self.position
        """Every event after this position is in :attr:`_recent`."""
        self._wakers: dict[asyncio.AbstractEventLoop, asyncio.Event] = {}
        self._wakers_lock = threading.Lock()

    def stale(self) -> bool:
        """Whether it is time to look at the store again."""
        return time.monotonic() - self._checked >= self.interval

    def advance(self, *, now: bool = False) -> int:
        """Read what the store recorded since the last look (at most one look a
        :attr:`interval`, whoever asks, unless ``now``) and return the store's position."""
        with self._lock:
            if not now and not self.stale():
                return self.position
            self._checked = time.monotonic()
            top = self.app.position()
            start = self.position + 1
            while start <= top:
                batch = self.app.recorder.select_notifications(start, BATCH, stop=top)
                if not batch:
                    break
                for n in batch:
                    if len(self._recent) == self._recent.maxlen:
                        self._floor = self._recent[0][0]
                    self._recent.append((n.id, n.originator_id))
                start = batch[-1].id + 1
            self.position = max(self.position, top)
            return self.position

    def waker(self) -> asyncio.Event:
        """The running event loop's event that :meth:`nudge` sets (one per loop: the
        streams it serves all wait on it)."""
        loop = asyncio.get_running_loop()
        with self._wakers_lock:
            return self._wakers.setdefault(loop, asyncio.Event())

    def nudge(self) -> None:
        """Look at the store now (this process has just written) and wake every stream,
        from any thread."""
        self.advance(now=True)
        with self._wakers_lock:
            for loop, event in list(self._wakers.items()):
                if loop.is_closed():
                    del self._wakers[loop]
                else:
                    loop.call_soon_threadsafe(_pulse, event)

    def touched(self, since: int, aggregates: frozenset[UUID]) -> bool:
        """Whether an event after store position ``since`` belongs to ``aggregates``
        (yes, to be safe, if ``since`` is older than what the watch remembers)."""
        with self._lock:
            if since < self._floor:
                return True
            for p, a in reversed(self._recent):
                if p <= since:
                    return False
                if a in aggregates:
                    return True
            return False


def _pulse(event: asyncio.Event) -> None:
    """Wake whoever waits on ``event`` now, and only them."""
    event.set()
    event.clear()


_watches: weakref.WeakKeyDictionary[Traveller, StoreWatch] = weakref.WeakKeyDictionary()
_watches_lock = threading.Lock()


def watch_of(app: Traveller) -> StoreWatch:
    """The one watch of ``app``'s store in this process."""
    with _watches_lock:
        watch = _watches.get(app)
        if watch is None:
            watch = _watches[app] = StoreWatch(app)
        return watch


def aggregates_of(app: Traveller, event_id: UUID) -> frozenset[UUID]:
    """The aggregates whose events change what the event's pages show: its tournament
    and every session-section of it."""
    return frozenset({event_id, *app.tournament(event_id).section_ids()})


def message(kind: str, position: int) -> str:
    """One server-sent event: its type, the store position as its id, and as data."""
    data = json.dumps({"position": position})
    return f"id: {position}\nevent: {kind}\ndata: {data}\n\n"


async def changes(
    request: Request, app: Traveller, event_id: UUID, *, since: int | None = None
) -> AsyncIterator[tuple[str, int]]:
    """What one reader of the event is told: ``("ready", position)`` at once
    (``"changed"`` instead when the event changed after ``since``, the last id the
    reader's browser saw), then ``("changed", position)`` each time the event changes,
    and ``("keep-alive", position)`` after a quiet spell, until the reader goes away."""
    watch = watch_of(app)
    position = await run_in_threadpool(watch.advance)
    members = await run_in_threadpool(aggregates_of, app, event_id)
    missed = since is not None and since < position and watch.touched(since, members)
    yield ("changed" if missed else "ready", position)
    quiet = time.monotonic()
    wake = watch.waker()
    own = frozenset({event_id})
    while not await request.is_disconnected():
        if watch.position <= position:  # else a nudge came while the last message went
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), watch.interval)
        top = await run_in_threadpool(watch.advance) if watch.stale() else watch.position
        if top > position:
            if watch.touched(position, members):
                if watch.touched(position, own):
                    # A session added since brings sections the reader must follow too.
                    members = await run_in_threadpool(aggregates_of, app, event_id)
                yield ("changed", top)
                quiet = time.monotonic()
            position = top
        if time.monotonic() - quiet >= KEEP_ALIVE:
            yield ("keep-alive", position)
            quiet = time.monotonic()


async def updates(
    request: Request, app: Traveller, event_id: UUID, *, since: int | None = None
) -> AsyncIterator[str]:
    """The stream of ``/events/{id}/live``: :func:`changes` as server-sent events (the
    page then fetches what it shows, released or not like any page)."""
    yield f"retry: {RETRY_MS}\n\n"
    async for kind, position in changes(request, app, event_id, since=since):
        yield ": keep-alive\n\n" if kind == "keep-alive" else message(kind, position)


def event_stream(body: AsyncIterator[str]) -> StreamingResponse:
    """A response of server-sent events."""
    return StreamingResponse(
        body,
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


def last_event_id(request: Request) -> int | None:
    """The last id a reconnecting browser saw (``Last-Event-ID``), if it sent one."""
    text = request.headers.get("last-event-id", "").strip()
    return int(text) if text.isdigit() else None


def stream(request: Request, app: Traveller, event_id: UUID) -> StreamingResponse:
    """The response of ``/events/{id}/live``: a stream of server-sent events."""
    return event_stream(updates(request, app, event_id, since=last_event_id(request)))


class NudgeAfterWrites:
    """ASGI middleware: once a write (any method but GET, HEAD and OPTIONS) is answered
    with success, the store watch looks at once and wakes the live streams, so that
    readers are told within milliseconds rather than at the watch's next look. It runs
    after the answer is sent: the writer never waits for it."""

    def __init__(self, app: ASGIApp, traveller: Traveller) -> None:
        self.app = app
        self.traveller = traveller

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        succeeded = False

        async def sending(message: Message) -> None:
            nonlocal succeeded
            if message["type"] == "http.response.start":
                succeeded = message["status"] < 400
            await send(message)

        await self.app(scope, receive, sending)
        if succeeded:
            await run_in_threadpool(watch_of(self.traveller).nudge)
