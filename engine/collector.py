"""The cyclic garbage collector, kept out of the way of long work and of big states."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic collector for the block (it resumes as it was).

    A rebuild or a big import makes many small objects that hold no cycle and live to the
    end: the collector would only scan them again and again (a twentieth of a million-line
    import)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def settle() -> None:
    """Take the objects alive now out of the collector's later passes (``gc.freeze``).

    After a big state is read (an imported field of thousands of results), each full pass
    of the collector would walk all of it again: on a 300-table field that was a pause of
    100 ms every few dozen queries, the live standings' p99. The young generations are
    collected first, so that little garbage is frozen with them; a frozen object is still
    freed when no longer referenced (its count reaches zero), only a cycle of frozen
    objects is kept to the process's end."""
    gc.collect(1)
    gc.freeze()


YOUNG_PASS_AFTER = 10_000
"""Objects made (net of those freed) between two passes over the young generation, where
Python's own default is 700 (docs/decisions/0032)."""


def fewer_passes() -> None:
    """Let the young generation grow to :data:`YOUNG_PASS_AFTER` objects between passes
    (never lowered: a process that set a higher threshold keeps it).

    A live standings query makes and drops a few thousand small objects: at Python's
    default it met five passes, and each pass walked the half-built standings alive at
    that moment (a tenth of a 300-table field's query time). Most of them are freed by
    their count well before 10,000."""
    young, middle, old = gc.get_threshold()
    if young and young < YOUNG_PASS_AFTER:  # 0: the collector is off by the process's choice
        gc.set_threshold(YOUNG_PASS_AFTER, middle, old)
