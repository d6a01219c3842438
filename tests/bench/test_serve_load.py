"""The server-under-load benchmark runs tiny, against a real server process on SQLite,
and every result its devices were acknowledged is in the store exactly once (no
timings asserted)."""

from __future__ import annotations

import json
from pathlib import Path

from bench.serve_load import KEY, LoadConfig, main, parse, report_load, run_load


def test_a_tiny_event_is_played_through_the_server_and_nothing_is_lost() -> None:
    config = LoadConfig(tables=3, readers=3, rounds=2, stores=("sqlite",), settle_s=5)
    figures = run_load(config)
    played = figures["stores"]["sqlite"]
    assert played["rounds"] == 2
    assert played["acknowledged"] > 0
    assert played["stored"] == played["acknowledged"] == played["recorded_in_audit"]
    assert (played["lost"], played["duplicated"], played["unacknowledged_in_store"]) == (0, 0, 0)
    assert played["actors_are_the_tables"]
    assert played["failed"] == []
    assert played["readers"] == {"subscribed": 2, "polling": 1}
    assert played["server_conflicts_retried"] is not None
    latency = played["latency"]
    # Each subscriber saw each result counted in the standings it fetched.
    assert latency["never_seen"] == 0
    assert latency["samples"] == 2 * played["acknowledged"]
    assert figures["lost_or_duplicated"] == 0
    text = report_load(figures)
    assert "lost 0, duplicated 0" in text and "acknowledged → standings seen" in text


def test_the_figures_join_the_other_parts_in_the_results_file(tmp_path: Path) -> None:
    out = tmp_path / "latest.json"
    out.write_text(json.dumps({"swiss_draw": {"round": 6}}))
    argv = ["--tables", "3", "--readers", "2", "--rounds", "1", "--stores", "sqlite"]
    assert main([*argv, "--out", str(out)]) == 0
    written = json.loads(out.read_text())
    assert written["swiss_draw"] == {"round": 6}
    assert written[KEY]["stores"]["sqlite"]["lost"] == 0


def test_quick_is_a_smaller_event() -> None:
    assert parse([])[0] == LoadConfig()
    quick = parse(["--quick"])[0]
    assert (quick.tables, quick.readers, quick.rounds) == (6, 20, 3)
