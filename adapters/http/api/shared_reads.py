"""Reads many readers ask for at the same moment, computed once per change of the store.

When a result is recorded, every reader of the event's live page is told at once and
asks for the same standings within milliseconds. Each answer is kept with the store
position read before it was computed: while the store has not moved past it, a reader
gets the kept answer, and readers asking together while it is being computed wait for
that one computation instead of each starting their own. A write by another process
sharing the store moves the position too, so a kept answer is never stale.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Hashable
from typing import Any

from engine.application import Traveller


class SharedReads:
    """Answers of one application's store, each kept with the position it is good for."""

    def __init__(self, app: Traveller) -> None:
        self.app = app
        self._lock = threading.Lock()
        self._locks: dict[Hashable, threading.Lock] = {}
        self._kept: dict[Hashable, tuple[int, Any]] = {}

    def read(self, key: Hashable, compute: Callable[[], Any]) -> Any:
        """``compute()``'s answer as of now: kept, or computed once for all who ask."""
        position = self.app.position()
        with self._lock:
            lock = self._locks.setdefault(key, threading.Lock())
        with lock:
            kept = self._kept.get(key)
            if kept is not None and kept[0] >= position:
                return kept[1]
            answer = compute()
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
