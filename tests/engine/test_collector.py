"""The collector is paused for the block and resumes as it was, even after an error; a
big state read at once is settled out of its later passes, a small one is not; an
application lets the young generation grow, unless the program chose otherwise."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from uuid import UUID

import pytest

from engine.application import Traveller, core
from engine.collector import YOUNG_PASS_AFTER, collector_paused, fewer_passes, settle
from engine.seating import Numbering
from engine.section import ImportRow, ResultEntry
from engine.testing import memory_app


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


@pytest.fixture
def unfrozen() -> Iterator[None]:
    """Whatever a test freezes is given back to the collector after it."""
    gc.unfreeze()
    try:
        yield
    finally:
        gc.unfreeze()


def test_settle_takes_what_lives_now_out_of_later_passes(unfrozen: None) -> None:
    kept = [[n] for n in range(1000)]
    assert gc.get_freeze_count() == 0
    settle()
    assert gc.get_freeze_count() >= len(kept)
    assert gc.isenabled()


def imported_field(app: Traveller, results: int) -> UUID:
    """An event whose section A has ``results`` imported results (board 1 played by
    pairs n and n+1000), nothing read back yet."""
    event = app.create_event("Imported", sections=("A",))
    rows = [
        ImportRow(n + 2, 1, n, n + 1000, entry=ResultEntry(1, n, n + 1000, score_ns=420))
        for n in range(1, results + 1)
    ]
    app.import_results(event, rows, numbering=Numbering.MITCHELL)
    return event


def test_a_state_read_with_many_facts_at_once_is_settled(
    unfrozen: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(core, "SETTLE_FROM", 20)
    small, big = memory_app(), memory_app()
    quiet = imported_field(small, 10)
    assert len(small.section(quiet).tables) == 10
    assert gc.get_freeze_count() == 0  # a few facts folded: left to the collector
    field = imported_field(big, 20)
    assert len(big.section(field).tables) == 20
    assert gc.get_freeze_count() > 0  # 20 at once: settled
    gc.unfreeze()
    big.record_result(field, ResultEntry(1, 500, 1500, score_ns=-50))
    assert len(big.section(field).tables) == 21
    assert gc.get_freeze_count() == 0  # one more result: not settled again


@pytest.fixture
def threshold() -> Iterator[None]:
    """The collector's thresholds are given back as they were after a test."""
    was = gc.get_threshold()
    try:
        yield
    finally:
        gc.set_threshold(*was)


def test_an_application_lets_the_young_generation_grow(threshold: None) -> None:
    gc.set_threshold(700, 10, 10)
    memory_app()
    assert gc.get_threshold() == (YOUNG_PASS_AFTER, 10, 10)


def test_a_higher_threshold_or_a_collector_switched_off_is_left_as_it_was(
    threshold: None,
) -> None:
    gc.set_threshold(50_000, 20, 5)
    fewer_passes()
    assert gc.get_threshold() == (50_000, 20, 5)
    gc.set_threshold(0, 10, 10)  # 0: the program switched the collector off
    fewer_passes()
    assert gc.get_threshold() == (0, 10, 10)
