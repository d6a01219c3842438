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
    """What one application worked out from the states it read: a section's score and a
    session's standings are pure functions of the states (and the application's
    registry), so a state read again is not scored again.

    Live standings lean on it: after a result is recorded in one section, the session's
    other sections (and their fields) are taken as they were, and every reader of the
    unchanged standings (a room of phones polling one event) gets them as they are. One
    per application: keys do not name the registry.

    Each figure is kept in a *slot* (the standings of one session, the score of one
    field), at one version of the states it came from: a figure at a newer version takes
    the older's place. Live standings want only the latest, and every figure kept (a row
    per pair, a total per pair) is walked by each pass of the garbage collector: with the
    last 16 versions kept, a 300-table field's standings of a few queries back were
    still alive at each pass, and the passes set its p99 (issue 16). The least recently
    used slots go first past ``size``."""

    def __init__(self, size: int = 64) -> None:
        self._found: OrderedDict[Hashable, tuple[Hashable, object]] = OrderedDict()
        self._lock = threading.Lock()
        self._size = size

    def latest(self, slot: Hashable, version: Hashable, work: Callable[[], V]) -> V:
        """The figure of ``slot`` at ``version``: the one kept if it is of that version,
        else ``work()``, kept in place of the one that was."""
        with self._lock:
            found = self._found.get(slot)
            if found is not None and found[0] == version:
                self._found.move_to_end(slot)
                return found[1]  # type: ignore[return-value]  # one slot, one kind of value
        value = work()  # outside the lock: two readers may both work it out, alike
        self.keep(slot, value, version)
        return value

    def peek(self, slot: Hashable) -> object | None:
        """What is kept in ``slot``, at whatever version (not worked out here)."""
        with self._lock:
            found = self._found.get(slot)
            if found is None:
                return None
            self._found.move_to_end(slot)
            return found[1]

    def keep(self, slot: Hashable, value: object, version: Hashable = None) -> None:
        """Keep ``value`` (worked out at ``version``) in ``slot``, in place of what was."""
        with self._lock:
            self._found[slot] = (version, value)
            self._found.move_to_end(slot)
            while len(self._found) > self._size:
                self._found.popitem(last=False)


def states_of(
    tournament: Tournament, sections: Iterable[Section]
) -> tuple[tuple[Hashable, ...], tuple[int, ...]]:
    """Which states a figure is worked out from, and at which versions: the tournament's
    and the sections' ids, and their versions."""
    sections = list(sections)
    ids = (tournament.id, *(s.id for s in sections))
    return ids, (tournament.version, *(s.version for s in sections))
