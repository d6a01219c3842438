"""The JCBL manual's figures 18 and 19 (board 4 of a 16-pair section) through the CLI.

Figure 18 scores the traveller by Houston trial (IMPs against a datum), figure 19 by
cross-IMPs; §17 scores the same differences as total points. The EW column of the
sheet holds EW's plus scores (500, 200, 100), which are the NS minus scores here.
"""

from __future__ import annotations

from pathlib import Path

from tests.acceptance.cli import Cli

BOARD_4 = """board,ns,ew,contract,declarer,tricks,score_ns,adjusted
4,1,3,3NT,N,9,600,
4,2,15,2D,N,8,90,
4,4,5,4SX,S,8,-500,
4,7,13,2S,S,9,140,
4,8,6,3NT,N,7,-200,
4,12,11,3NT,N,10,630,
4,14,9,4S,N,9,-100,
4,16,10,2CX,E,5,800,
"""

#: Figure 18's table: each pair's IMPs against the datum +190, as printed.
FIGURE_18 = {
    1: 9, 2: -3, 3: -9, 4: -12, 5: 12, 6: 9, 7: -2, 8: -9, 9: 7, 10: -12, 11: -10, 12: 10,
    13: 2, 14: -7, 15: 3, 16: 12,
}  # fmt: skip

#: Figure 19: pair 1's +55 and pair 3's -55 are printed; the others are worked the same way.
FIGURE_19 = {
    1: 55, 2: -13, 3: -55, 4: -85, 5: 85, 6: 51, 7: -4, 8: -51, 9: 37, 10: -78, 11: -57,
    12: 57, 13: 4, 14: -37, 15: 13, 16: 78,
}  # fmt: skip


def board_4_event(tmp_path: Path, *create: str) -> tuple[Cli, str]:
    cli = Cli()
    event = cli.run("event", "create", "--name", "Board 4", *create)["id"]
    file = tmp_path / "board4.csv"
    file.write_text(BOARD_4)
    imported = cli.run("import", "travellers", str(file), "--event", event, "--numbering", "howell")
    assert imported == {"imported": 8}
    return cli, event


def points(cli: Cli, event: str) -> dict[str, tuple[str, str]]:
    rows = cli.run("board", "4", "--event", event)["results"]
    return {f"{r['ns']}-{r['ew']}": (r["points_ns"], r["points_ew"]) for r in rows}


def scores(cli: Cli, event: str) -> dict[int, str]:
    (field,) = cli.run("standings", "--event", event)["fields"]
    return {r["pair"]: r["score"] for r in field["rows"]}


def shown(values: dict[int, int]) -> dict[int, str]:
    return {n: f"{v}.00" for n, v in values.items()}


def test_figure_18_houston_trial(tmp_path: Path) -> None:
    cli, event = board_4_event(
        tmp_path, "--scoring", "houston", "--option", "trim=1", "--option", "round=10"
    )
    board = cli.run("board", "4", "--event", event)
    assert (board["method"], board["datum"]) == ("houston", 190)
    assert {line["datum"] for line in board["results"]} == {190}
    assert points(cli, event) == {
        f"{ns}-{ew}": (f"{FIGURE_18[ns]}.00", f"{FIGURE_18[ew]}.00")
        for ns, ew in [(1, 3), (2, 15), (4, 5), (7, 13), (8, 6), (12, 11), (14, 9), (16, 10)]
    }
    assert scores(cli, event) == shown(FIGURE_18)
    standings = cli.run("standings", "--event", event)
    assert standings["method"] == "houston"
    first = standings["fields"][0]["rows"][:3]
    assert [(r["rank"], r["pair"]) for r in first] == [("1=", 5), ("1=", 16), ("3", 12)]


def test_figure_18_with_every_score_kept(tmp_path: Path) -> None:
    cli, event = board_4_event(tmp_path, "--scoring", "butler", "--option", "trim=0")
    assert cli.run("board", "4", "--event", event)["datum"] == 180  # 182.5 → 180


def test_too_few_results_for_the_trim(tmp_path: Path) -> None:
    cli, event = board_4_event(tmp_path, "--scoring", "houston", "--option", "trim=4")
    refused = cli.run("standings", "--event", event, ok=False)
    assert refused["error"] == "Rejected"
    assert "Board 4 has 8 played result(s)" in refused["message"]


def test_a_bad_option_is_refused_when_the_event_is_created() -> None:
    refused = Cli().run(
        "event", "create", "--name", "x", "--scoring", "houston", "--option", "trim=-1", ok=False
    )
    assert "trim" in refused["message"]


def test_figure_19_cross_imps(tmp_path: Path) -> None:
    cli, event = board_4_event(tmp_path, "--scoring", "cross-imps")
    assert points(cli, event)["1-3"] == ("55.00", "-55.00")
    assert scores(cli, event) == shown(FIGURE_19)
    board = cli.run("board", "4", "--event", event)
    assert board["datum"] is None


def test_figure_19_cross_imps_averaged(tmp_path: Path) -> None:
    cli, event = board_4_event(tmp_path, "--scoring", "imp-pairs", "--option", "average=true")
    assert points(cli, event)["1-3"] == ("7.86", "-7.86")  # 55 / 7 comparisons


def test_total_points(tmp_path: Path) -> None:
    cli, event = board_4_event(tmp_path, "--scoring", "total-points")
    # Pair 1's differences under figure 19: 510 + 1100 + 460 + 800 - 30 + 700 - 200.
    assert points(cli, event)["1-3"] == ("3340.00", "-3340.00")
    assert scores(cli, event)[16] == "4940.00"  # 8 × 800 − 1460


def test_figure_18_converted_to_victory_points(tmp_path: Path) -> None:
    """Houston by rounds: each pair's IMPs of its one-board match as WBF VPs (1 board)."""
    cli, event = board_4_event(tmp_path, "--scoring", "houston", "--option", "vp_scale=wbf2013")
    got = scores(cli, event)
    nine = cli.run("convert", "vp", "--boards", "1", "--imps", "9", "--scale", "wbf2013")
    assert (got[1], got[3]) == (nine["winner"], nine["loser"]) == ("17.59", "2.41")
    assert all(float(got[p]) + float(got[q]) == 20 for p, q in [(1, 3), (16, 10), (4, 5)])
    refused = Cli().run(
        "event",
        "create",
        "--name",
        "x",
        "--scoring",
        "houston",
        "--option",
        "vp_scale=nope",
        ok=False,
    )
    assert "no VP scale called 'nope'" in refused["message"]
