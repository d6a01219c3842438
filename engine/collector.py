"""The cyclic garbage collector, paused while long work makes objects that live on."""

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
