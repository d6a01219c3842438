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
