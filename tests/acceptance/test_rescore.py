"""Results from PBN files and re-scoring, through the ``traveller`` command.

The manual's figure 15 (board 9 of a six-table Howell) and figures 18 and 19 (board 4
of a 16-pair section) come in as the PBN score tables a scoring program exports; a
published matchpoint session is then re-scored by cross-IMPs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.acceptance.cli import Cli
from tests.acceptance.test_figures_18_19 import BOARD_4, FIGURE_18, FIGURE_19
from tests.acceptance.test_manual_figures import FIGURE_15, board_points
from tests.adapters.test_pbn import CLUB_NIGHT

#: Figure 15 as the club's export has it: the file's first game, board 9.
FIGURE_15_PBN = CLUB_NIGHT.split("\n\n")[0] + "\n"

#: Figures 18/19's board 4 (dealer W, both vulnerable); EW's plus scores in Score_EW.
BOARD_4_PBN = r"""% PBN 2.1
[Event "Board 4"]
[Board "4"]
[Dealer "W"]
[Vulnerable "All"]
[ScoreTable "PairId_NS\2R;PairId_EW\2R;Contract\4L;Declarer\1R;Result\2R;Score_NS\5R;Score_EW\5R"]
 1  3 3NT  N  9   600     -
 2 15 2D   N  8    90     -
 4  5 4SX  S  8     -   500
 7 13 2S   S  9   140     -
 8  6 3NT  N  7     -   200
12 11 3NT  N 10   630     -
14  9 4S   N  9     -   100
16 10 2CX  E  5   800     -
"""

PAIRS_OF_BOARD_4 = [(1, 3), (2, 15), (4, 5), (7, 13), (8, 6), (12, 11), (14, 9), (16, 10)]


def event_with(
    cli: Cli, tmp_path: Path, name: str, text: str, *args: str
) -> tuple[str, dict[str, Any]]:
    """A new event with ``text`` imported into section A (howell numbering)."""
    event = cli.run("event", "create", "--name", name)["id"]
    file = tmp_path / name
    file.write_text(text)
    kind = "pbn" if name.endswith(".pbn") else "travellers"
    imported = cli.run("import", kind, str(file), "--event", event, "--numbering", "howell", *args)
    return event, imported


def scores(cli: Cli, event: str) -> dict[int, str]:
    (field,) = cli.run("standings", "--event", event)["fields"]
    return {r["pair"]: r["score"] for r in field["rows"]}


def test_figure_15_by_pbn_scores_as_the_traveller_sheet(tmp_path: Path) -> None:
    cli = Cli()
    by_pbn, imported = event_with(cli, tmp_path, "board9.pbn", FIGURE_15_PBN)
    assert imported == {"imported": 6}
    board = cli.run("board", "9", "--event", by_pbn)
    assert (board["dealer"], board["vulnerability"], board["top"]) == ("N", "EW", 5)
    assert board_points(board) == {
        "1-11": ("1.00", "4.00"),
        "2-9": ("4.00", "1.00"),
        "5-6": ("5.00", "0.00"),
        "7-8": ("2.50", "2.50"),
        "10-4": ("2.50", "2.50"),
        "12-3": ("0.00", "5.00"),
    }
    by_csv, _ = event_with(cli, tmp_path, "board9.csv", FIGURE_15)
    assert board_points(cli.run("board", "9", "--event", by_csv)) == board_points(board)
    assert scores(cli, by_pbn) == scores(cli, by_csv)


def test_figure_18_by_pbn_with_the_houston_trial(tmp_path: Path) -> None:
    cli = Cli()
    event, imported = event_with(
        cli, tmp_path, "board4.pbn", BOARD_4_PBN,
        "--scoring", "houston", "--option", "trim=1", "--option", "round=10",
    )  # fmt: skip
    assert imported == {"imported": 8, "scoring": "houston"}
    board = cli.run("board", "4", "--event", event)
    assert (board["method"], board["datum"]) == ("houston", 190)
    points = {f"{r['ns']}-{r['ew']}": (r["points_ns"], r["points_ew"]) for r in board["results"]}
    assert points == {
        f"{ns}-{ew}": (f"{FIGURE_18[ns]}.00", f"{FIGURE_18[ew]}.00") for ns, ew in PAIRS_OF_BOARD_4
    }
    assert cli.run("standings", "--event", event)["method"] == "houston"
    (chosen,) = [t for t in cli.run("audit", "--event", event) if t["type"] == "ScoringChosen"]
    assert chosen["data"] == {
        "method": "houston",
        "options": {"trim": "1", "round": "10"},
        "version": "1.0",  # the version in force is recorded with the choice
    }


def test_rescoring_a_published_session(tmp_path: Path) -> None:
    cli = Cli()
    event, _ = event_with(cli, tmp_path, "board4.csv", BOARD_4)
    cli.run("session", "close", "--event", event)
    first = cli.run("session", "publish", "--event", event)
    matchpoints = scores(cli, event)
    assert first["method"] == "matchpoints" and matchpoints[16] == "7.00"

    before = cli.position
    refused = cli.run("rescore", "--event", event, "--scoring", "cross-imps", ok=False)
    assert refused["error"] == "ReasonRequired" and cli.position == before
    refused = cli.run(
        "rescore", "--event", event, "--scoring", "cross-imp-pairs", "--reason", "x", ok=False
    )
    assert "no scoring method called 'cross-imp-pairs'" in refused["message"]
    assert cli.position == before

    rescored = cli.run(
        "rescore", "--event", event, "--scoring", "cross-imps",
        "--reason", "the entry form said IMPs", "--actor", "TD Kojima",
    )  # fmt: skip
    assert rescored["rescored"] == ["A"]
    assert scores(cli, event) == {n: f"{v}.00" for n, v in FIGURE_19.items()}
    second = cli.run("session", "publish", "--event", event)
    assert second["method"] == "cross-imps" and second["digest"] != first["digest"]

    trail = cli.run("audit", "--event", event)
    kinds = [t["type"] for t in trail]
    published = [t for t in trail if t["type"] == "ResultsPublished"]
    assert [p["data"]["method"] for p in published] == ["matchpoints", "cross-imps"]
    assert [p["data"]["digest"] for p in published] == [first["digest"], second["digest"]]
    (chosen,) = [t for t in trail if t["type"] == "ScoringChosen"]
    assert (chosen["actor"], chosen["reason"]) == ("TD Kojima", "the entry form said IMPs")
    assert kinds.index("ResultsPublished") < kinds.index("ScoringChosen")
    first_rows = published[0]["data"]["standings"]["fields"][0]["rows"]
    assert {r["pair"]: r["score"] for r in first_rows} == matchpoints
    # The standings as they stood before the re-score are still there to be shown.
    replayed = cli.run("replay", "--event", event, "--at", str(before))
    assert replayed["method"] == "matchpoints"
