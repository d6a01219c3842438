"""The Swiss draw benchmark runs at a tiny size and reports what it should (no timings)."""

from __future__ import annotations

import json
from pathlib import Path

from bench.swiss_draw import KEY, SwissConfig, main, parse, report_swiss, run_swiss


def test_a_tiny_field_is_drawn_by_both_methods_and_reported() -> None:
    figures = run_swiss(SwissConfig(teams=12, played=3, repeat=1, seed=7))
    assert figures["round"] == 4
    assert set(figures["seconds"]) == {"optimal", "top-down"}
    assert figures["optimal_per_top_down"] > 0
    assert figures["optimal_under_target"] in (True, False)
    assert 0 <= figures["barred_neighbours"] <= 6
    for method in ("optimal", "top-down"):
        quality = figures["quality"][method]
        assert quality["matches"] == 6
        assert quality["relaxed"] == 0  # 12 teams, 4 rounds: a draw without a rematch exists
    # The optimal draw is the least in squared gaps of places; top-down can only match it.
    optimal, top_down = figures["quality"]["optimal"], figures["quality"]["top-down"]
    assert optimal["sum_squared_gaps"] <= top_down["sum_squared_gaps"]
    assert figures["profile_optimal"]["own"]
    text = report_swiss(figures)
    assert "round 4 of 12 teams" in text and "optimal / top-down" in text


def test_the_figures_join_the_other_parts_in_the_results_file(tmp_path: Path) -> None:
    out = tmp_path / "results" / "latest.json"
    out.parent.mkdir()
    out.write_text(json.dumps({"store": {"events": 5}}))
    assert main(["--teams", "10", "--played", "2", "--repeat", "1", "--out", str(out)]) == 0
    written = json.loads(out.read_text())
    assert written["store"] == {"events": 5}
    assert written[KEY]["config"]["teams"] == 10


def test_quick_is_a_smaller_field() -> None:
    assert parse([])[0] == SwissConfig()
    quick, _ = parse(["--quick"])
    assert (quick.teams, quick.repeat) == (200, 1)
    assert SwissConfig().teams == 1000
