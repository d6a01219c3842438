"""Reads many readers ask for at the same moment, computed once per change of the store.

When a result is recorded, every reader of the event's live page is told at once and
asks for the same standings within milliseconds. Each answer is kept with the store
position read before it was computed: while the store has not moved past it, a reader
gets the kept answer, and readers asking together while it is being computed wait for
that one computation instead of each starting their own. A write by another process
sharing the store moves the position too, so a kept answer is never stale.

A live stream's subscribers are woken together by one change: :func:`latest` has the
first of them start the one computation and the others await it on the event loop,
without a thread each (a hundred waiting threads would fill the server's thread pool and
hold up the devices' posts).
"""

from __future__ import annotations

import asyncio
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from starlette.concurrency import run_in_threadpool

from engine.application import Traveller

T = TypeVar("T")


KEPT = 2048
"""How many answers are kept (the least recently asked are forgotten first): enough for
every page of a few busy events, and bounded whatever addresses readers make up."""


class SharedReads:
    """Answers of one application's store, each kept with the position it is good for."""

    def __init__(self, app: Traveller, kept: int = KEPT) -> None:
        self.app = app
        self.size = kept
        self._lock = threading.Lock()
        self._locks: OrderedDict[Hashable, threading.Lock] = OrderedDict()
        self._kept: dict[Hashable, tuple[int, Any]] = {}

    def read(self, key: Hashable, compute: Callable[[], Any]) -> Any:
        """``compute()``'s answer as of now: kept, or computed once for all who ask."""
        position = self.app.position()
        with self._lock:
            lock = self._locks.get(key)
            if lock is None:
                lock = self._locks[key] = threading.Lock()
                while len(self._locks) > self.size:
                    forgotten, _ = self._locks.popitem(last=False)
                    self._kept.pop(forgotten, None)
            else:
                self._locks.move_to_end(key)
        with lock:
            kept = self._kept.get(key)
            if kept is not None and kept[0] >= position:
                return kept[1]
            answer = compute()
            with self._lock:
                if key in self._locks:  # not forgotten while it was computed
                    self._kept[key] = (position, answer)
            return answer


_shared: weakref.WeakKeyDictionary[Traveller, SharedReads] = weakref.WeakKeyDictionary()
_shared_lock = threading.Lock()


def shared_reads(app: Traveller) -> SharedReads:
    """The one :class:`SharedReads` of ``app`` in this process."""
    with _shared_lock:
        found = _shared.get(app)
        if found is None:
            found = _shared[app] = SharedReads(app)
        return found


_running: weakref.WeakKeyDictionary[
    asyncio.AbstractEventLoop, dict[Hashable, tuple[int, asyncio.Future[Any]]]
] = weakref.WeakKeyDictionary()


async def latest(key: Hashable, position: int, compute: Callable[[], T]) -> T:
    """``compute()``'s answer, good for store ``position`` or later: the one already
    computed or being computed on this event loop for ``key`` at that position or later,
    else a new computation (in a thread) that later askers of the same position share."""
    loop = asyncio.get_running_loop()
    running = _running.setdefault(loop, {})
    found = running.get(key)
    if found is not None and found[0] >= position:
        answer: T = await asyncio.shield(found[1])
        return answer
    future: asyncio.Future[T] = asyncio.ensure_future(run_in_threadpool(compute))
    running[key] = (position, future)
    try:
        return await asyncio.shield(future)
    except BaseException:
        if running.get(key, (0, None))[1] is future:
            del running[key]  # a failed computation is not kept for the next asker
        raise
