"""The collector is paused for the block and resumes as it was, even after an error."""

from __future__ import annotations

import gc

import pytest

from engine.collector import collector_paused


def test_the_collector_is_paused_and_resumes_as_it_was() -> None:
    assert gc.isenabled()
    with pytest.raises(RuntimeError), collector_paused():
        assert not gc.isenabled()
        raise RuntimeError("a rebuild that fails")
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # paused by someone else: left paused
    finally:
        gc.enable()
