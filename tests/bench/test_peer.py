"""The side-by-side benchmark's inputs and its check of the numbers (no timings asserted)."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import bench.peer as peer_module
from bench.peer import (
    QUICK,
    Field,
    Peer,
    check,
    facts_of,
    generate,
    install_peer,
    parse_args,
    side_by_side,
    traveller_kernel,
    write_input,
)
from bench.user_path import import_shape, report_startup, startup, timed
from engine.bridge import possible_scores_ns
from engine.parsing import MOST_BOARD


def test_the_fields_are_seeded_and_every_score_is_possible_on_its_board() -> None:
    field = generate("f", boards=20, tables=7, seed=3)
    assert field.scores == generate("f", boards=20, tables=7, seed=3).scores
    assert field.scores != generate("f", boards=20, tables=7, seed=4).scores
    assert len(field.scores) == field.results == 140
    for b in range(field.boards):
        board = field.scores[b * 7 : (b + 1) * 7]
        assert set(board) <= possible_scores_ns(b + 1)
    # Ties are common, as at a real table: no board has 7 different scores.
    assert all(len(set(field.scores[b * 7 : (b + 1) * 7])) <= 7 for b in range(20))


def test_each_pair_meets_each_board_once() -> None:
    facts = facts_of(generate("f", boards=5, tables=4, seed=1))
    for board in range(1, 6):
        on_board = [r for r in facts.results if r.board == board]
        assert len({r.ns for r in on_board}) == len({r.ew for r in on_board}) == 4


def peer_values(field: Field, method: str) -> np.ndarray:
    """What the peer writes, made from Traveller's own points (cross-IMPs averaged)."""
    scored = traveller_kernel(method)(facts_of(field))
    per = 1 if method == "matchpoints" else field.tables - 1
    values = []
    for s in scored.results:
        values += [float(s.points_ns / per), float(s.points_ew / per)]
    return np.array(values, dtype="<f8")


@pytest.mark.parametrize("method", ["matchpoints", "cross-imps"])
def test_the_check_passes_equal_numbers_and_catches_one_that_differs(method: str) -> None:
    field = generate("f", boards=6, tables=5, seed=2)
    scored = traveller_kernel(method)(facts_of(field))
    values = peer_values(field, method)
    assert check(method, field, scored, values)["differ"] == 0
    values[7] += 0.5
    found = check(method, field, scored, values)
    assert found["differ"] == 1 and found["examples"][0]["board"] == 1


def test_the_peer_input_is_boards_tables_then_the_scores(tmp_path: Path) -> None:
    field = generate("f", boards=3, tables=2, seed=1)
    write_input(field, tmp_path / "in.bin")
    ints = np.fromfile(tmp_path / "in.bin", dtype="<i4")
    assert list(ints[:2]) == [3, 2] and list(ints[2:]) == list(field.scores)


def test_both_tools_give_the_same_numbers_when_node_is_here(tmp_path: Path) -> None:
    found = install_peer(lambda _: None, install=False)  # a test does not download
    if not isinstance(found, Peer):
        pytest.skip(found)
    field = generate("tiny", boards=8, tables=6, seed=5)
    for method in ("matchpoints", "cross-imps"):
        figure = side_by_side(field, method, 1, found, tmp_path, lambda _: None)
        assert figure["same"]["differ"] == 0, figure["same"]
        assert figure["same"]["results"] == 48
        assert figure["met"] in (True, False) and figure["ratio"] > 0


def test_a_big_import_stays_within_the_board_numbers() -> None:
    assert import_shape(50_000) == (3847, 13)
    boards, tables = import_shape(1_000_000)
    assert boards <= MOST_BOARD and (boards - 1) * tables < 1_000_000 <= boards * tables


def test_quick_and_the_options_set_the_sizes() -> None:
    assert parse_args(["--quick"]) == QUICK
    given = parse_args(["--tables", "12", "--replay-sizes", "1,4", "--kernels-only"])
    assert given.tables == 12 and given.replay_sizes == (1, 4) and not given.paths
    assert replace(given, tables=300, replay_sizes=(1, 10, 50, 150), paths=True) == parse_args([])


def test_a_commands_peak_memory_is_its_own_not_the_benchmarks(tmp_path: Path) -> None:
    # Linux counts the memory of the process a child was forked from in the child's peak
    # RSS: the benchmark, holding the big field, would read as the import's memory.
    held = bytearray(200 * 2**20)
    held[:: 2**12] = b"x" * len(held[:: 2**12])  # touched, so resident
    ran = timed([sys.executable, "-c", "import sys; print('said'); sys.exit(3)"], tmp_path)
    assert ran.peak_mb < 100 and ran.code == 3 and ran.out == "said\n"
    assert ran.seconds > 0 and ran.cpu_seconds > 0
    del held


def test_without_node_the_peer_is_skipped_with_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bench.peer.shutil.which", lambda _: None)
    config = replace(QUICK, tables=4, boards=3, big_boards=6, rounds=1, paths=False, out=None)
    figures = peer_module.run(config, log=lambda _: None)
    assert "node and npm not found" in figures["peer"]["skipped"]
    assert [k["ratio"] for k in figures["kernels"]] == [None] * 4
    assert all(k["traveller_best_s"] > 0 for k in figures["kernels"])
    assert "peer skipped" in "\n".join(peer_module.report(figures))


def test_start_up_is_measured_beside_the_floors_of_the_stack_and_the_event_classes(
    tmp_path: Path,
) -> None:
    figures = startup(tables=2, repeat=1, seed=16, workdir=tmp_path, log=lambda _: None)
    assert set(figures) >= {"version", "help", "club_standings", "stack", "events"}
    for floor in ("stack", "events"):
        assert figures[floor]["target"] is None and figures[floor]["met"] is None
    assert figures["club_standings"]["target"] == "issue 16: < 300 ms"
    text = "\n".join(report_startup(figures))
    assert "importing pydantic.main, eventsourcing.application" in text
    assert "the stack and engine.tournament, engine.section" in text
    assert f"at least {3 * figures['events']['best_ms'] / 1000:.2f} s" in text


def test_the_report_says_when_the_floor_alone_is_over_the_target() -> None:
    def ran(ms: float) -> dict[str, Any]:
        return {"best_ms": ms, "best_cpu_ms": ms, "median_ms": ms, "target": None, "met": None}

    figures: dict[str, Any] = {"club": "2 tables", **{n: ran(50) for n in ("version", "help")}}
    figures["club_standings"] = {**ran(420), "target": "issue 16: < 300 ms", "met": False}
    figures["stack"] = ran(190)
    figures["events"] = ran(340)
    text = "\n".join(report_startup(figures))
    assert "this floor alone is 40 ms over the club standings' 300 ms target" in text
    figures["events"] = ran(250)
    assert "300 ms target leaves 50 ms for everything else" in "\n".join(report_startup(figures))
