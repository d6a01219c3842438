"""The application's memo keeps one figure per slot, at the newest version asked for, and
a bounded number of slots."""

from __future__ import annotations

from engine.remembered import Remembered


def counted(log: list[str], value: str) -> str:
    log.append(value)
    return value


def test_a_figure_is_worked_out_once_per_version() -> None:
    memo, log = Remembered(), list[str]()
    assert memo.latest("standings", 1, lambda: counted(log, "v1")) == "v1"
    assert memo.latest("standings", 1, lambda: counted(log, "again")) == "v1"
    assert log == ["v1"]


def test_a_newer_version_takes_the_older_ones_place() -> None:
    memo, log = Remembered(), list[str]()
    memo.latest("standings", 1, lambda: counted(log, "v1"))
    assert memo.latest("standings", 2, lambda: counted(log, "v2")) == "v2"
    # The first version is no longer kept: asked again, it is worked out again.
    assert memo.latest("standings", 1, lambda: counted(log, "v1 again")) == "v1 again"
    assert log == ["v1", "v2", "v1 again"]
    assert memo.peek("standings") == "v1 again"


def test_slots_are_kept_apart() -> None:
    memo = Remembered()
    memo.latest(("field", "A"), 3, lambda: "A at 3")
    memo.latest(("field", "B"), 3, lambda: "B at 3")
    assert memo.latest(("field", "A"), 3, lambda: "not asked") == "A at 3"
    assert memo.latest(("field", "B"), 3, lambda: "not asked") == "B at 3"


def test_the_least_recently_used_slots_go_first() -> None:
    memo = Remembered(size=2)
    memo.latest("a", 1, lambda: "a")
    memo.latest("b", 1, lambda: "b")
    memo.latest("a", 1, lambda: "not asked")  # a used again: b is now the oldest
    memo.latest("c", 1, lambda: "c")
    assert memo.peek("b") is None
    assert memo.peek("a") == "a"
    assert memo.peek("c") == "c"


def test_kept_and_peeked_whatever_the_version() -> None:
    memo = Remembered()
    assert memo.peek("last score") is None
    memo.keep("last score", "at 4")
    assert memo.peek("last score") == "at 4"
    memo.keep("last score", "at 5")
    assert memo.peek("last score") == "at 5"
    # A value kept with a version is what latest() gives for that version.
    memo.keep("standings", "kept", version=7)
    assert memo.latest("standings", 7, lambda: "not asked") == "kept"
