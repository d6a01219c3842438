"""What an application worked out from the states it read, kept by their ids and versions.

An aggregate's state at a version is the same whenever it is read (events are never
changed), and a section's score or a session's standings is a pure function of such
states: so a figure worked out once is good for as long as the states it came from stay
at those versions. Live standings lean on it (issue 16).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

from engine.section import Section
from engine.tournament import Tournament

V = TypeVar("V")


class Remembered:
    """What one application worked out from the states it read, by their ids and
    versions: a section's score and a session's standings are pure functions of the
    states (and the application's registry), so a state read again is not scored again.

    Live standings lean on it: after a result is recorded in one section, the session's
    other sections (and their fields) are taken as they were, and every other reader of
    the unchanged standings gets them as they are. An aggregate's state at a version is
    the same whenever it is read (events are never changed), so the same memo serves the
    standings as of a moment. One per application: keys do not name the registry. The
    least recently used go first past ``size``: kept small, since live standings want
    only the latest versions, and every figure kept (a row per pair, a score per result)
    is walked by each full garbage collection — with 256 kept, a 300-table field's p99
    was the collector's (issue 16)."""

    def __init__(self, size: int = 16) -> None:
        self._found: OrderedDict[Hashable, object] = OrderedDict()
        self._lock = threading.Lock()
        self._size = size

    def get(self, key: Hashable, work: Callable[[], V]) -> V:
        """The value remembered under ``key``, else ``work()`` remembered."""
        with self._lock:
            found = self._found.get(key)
            if found is not None:
                self._found.move_to_end(key)
                return found  # type: ignore[return-value]  # one key, one kind of value
        value = work()  # outside the lock: two readers may both work it out, alike
        with self._lock:
            self._found[key] = value
            while len(self._found) > self._size:
                self._found.popitem(last=False)
        return value

    def peek(self, key: Hashable) -> object | None:
        """What is remembered under ``key``, if anything (not worked out here)."""
        with self._lock:
            found = self._found.get(key)
            if found is not None:
                self._found.move_to_end(key)
            return found

    def keep(self, key: Hashable, value: object) -> None:
        """Remember ``value`` under ``key`` (in place of what was)."""
        with self._lock:
            self._found[key] = value
            self._found.move_to_end(key)
            while len(self._found) > self._size:
                self._found.popitem(last=False)


def state_key(tournament: Tournament, sections: Iterable[Section]) -> tuple[Hashable, ...]:
    """Which states a figure was worked out from: the tournament's and sections' ids and
    versions."""
    return (tournament.id, tournament.version, *((s.id, s.version) for s in sections))
