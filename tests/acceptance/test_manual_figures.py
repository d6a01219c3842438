"""The JCBL director manual's worked travellers, through the CLI and the CSV import.

Figures 15 (a 6-table Howell's board 9), 16 (a Mitchell's board 9) and 17 (a
neutral board) — every matchpoint as printed (``x`` in the manual is ½).
"""

from __future__ import annotations

from pathlib import Path

from tests.acceptance.cli import Cli


def board_points(traveller: dict[str, object]) -> dict[str, tuple[str, str]]:
    rows = traveller["results"]
    assert isinstance(rows, list)
    return {f"{r['ns']}-{r['ew']}": (r["mp_ns"], r["mp_ew"]) for r in rows}


FIGURE_15 = """board,ns,ew,contract,declarer,tricks,score_ns,adjusted
9,1,11,1S,N,10,170,
9,2,9,4H,S,11,450,
9,5,6,5CX,W,8,800,
9,7,8,4H,S,10,420,
9,10,4,4S,N,10,420,
9,12,3,4H,S,9,-50,
"""


def test_figure_15_howell_board_9(tmp_path: Path) -> None:
    cli = Cli()
    event = cli.run("event", "create", "--name", "Section C", "--sections", "C")["id"]
    file = tmp_path / "board9.csv"
    file.write_text(FIGURE_15)
    assert cli.run(
        "import",
        "travellers",
        str(file),
        "--event",
        event,
        "--section",
        "C",
        "--numbering",
        "howell",
    ) == {"imported": 6}
    board = cli.run("board", "9", "--event", event, "--section", "C")
    assert (board["dealer"], board["vulnerability"], board["top"]) == ("N", "EW", 5)
    assert board_points(board) == {
        "1-11": ("1.00", "4.00"),
        "2-9": ("4.00", "1.00"),
        "5-6": ("5.00", "0.00"),
        "7-8": ("2.50", "2.50"),
        "10-4": ("2.50", "2.50"),
        "12-3": ("0.00", "5.00"),
    }
    standings = cli.run("standings", "--event", event)
    (field,) = standings["fields"]
    assert field["name"] == "ALL" and field["top"] == 5
    scores = {r["pair"]: r["score"] for r in field["rows"]}
    assert scores == {
        1: "1.00",
        2: "4.00",
        3: "5.00",
        4: "2.50",
        5: "5.00",
        6: "0.00",
        7: "2.50",
        8: "2.50",
        9: "1.00",
        10: "2.50",
        11: "4.00",
        12: "0.00",
    }
    assert sum(float(s) for s in scores.values()) == 30  # 15 a side, as the manual checks
    ranks = {r["pair"]: r["rank"] for r in field["rows"]}
    assert ranks[3] == ranks[5] == "1=" and ranks[2] == "3="


# Figure 16 prints EW's non-vulnerable scores although board 9 has EW vulnerable; the
# NS scores below are those printed, entered as raw scores with the director's override.
FIGURE_16 = [  # NS, EW, NS score, printed NS mp, printed EW mp
    (1, 9, -430, "5.00", "3.00"),
    (2, 2, -420, "6.50", "1.50"),
    (3, 4, -420, "6.50", "1.50"),
    (4, 6, -480, "1.50", "6.50"),
    (5, 8, 50, "8.00", "0.00"),
    (6, 1, -450, "3.50", "4.50"),
    (7, 3, -980, "0.00", "8.00"),
    (8, 5, -450, "3.50", "4.50"),
    (9, 7, -480, "1.50", "6.50"),
]


def test_figure_16_mitchell_board_9() -> None:
    cli = Cli()
    event = cli.run("event", "create", "--name", "Section C", "--sections", "C")["id"]
    refused = cli.run(
        "result",
        "add",
        "--event",
        event,
        "--section",
        "C",
        "--board",
        "9",
        "--ns",
        "1",
        "--ew",
        "9",
        "--score-ns",
        "-430",
        "--numbering",
        "mitchell",
        ok=False,
    )
    assert refused["error"] == "ImpossibleScore" and "-430" in refused["message"]
    assert cli.position == 4  # event, its zone, session, section: the refusal wrote nothing
    for ns, ew, score, _, _ in FIGURE_16:
        cli.run(
            "result",
            "add",
            "--event",
            event,
            "--section",
            "C",
            "--board",
            "9",
            "--ns",
            str(ns),
            "--ew",
            str(ew),
            "--score-ns",
            str(score),
            "--numbering",
            "mitchell",
            "--override",
            "figure 16 prints non-vulnerable scores",
        )
    board = cli.run("board", "9", "--event", event, "--section", "C")
    assert board["top"] == 8
    assert board_points(board) == {
        f"{ns}-{ew}": (mp_ns, mp_ew) for ns, ew, _, mp_ns, mp_ew in FIGURE_16
    }
    fields = {f["name"]: f for f in cli.run("standings", "--event", event)["fields"]}
    assert set(fields) == {"NS", "EW"}
    ew_scores = {r["pair"]: r["score"] for r in fields["EW"]["rows"]}
    assert ew_scores == {
        1: "4.50",
        2: "1.50",
        3: "8.00",
        4: "1.50",
        5: "4.50",
        6: "6.50",
        7: "6.50",
        8: "0.00",
        9: "3.00",
    }
    assert sum(float(r["score"]) for r in fields["NS"]["rows"]) == 36


FIGURE_17 = """board,ns,ew,contract,declarer,tricks,score_ns,adjusted
3,1,11,1S,N,10,,
3,2,9,4H,S,11,,
3,5,6,5CX,W,8,,
3,7,8,4H,S,8,,
3,10,4,,,,,N
3,12,3,4H,S,9,,
"""


def test_figure_17_neutral_board_method_2(tmp_path: Path) -> None:
    cli = Cli()
    event = cli.run("event", "create", "--name", "Neutral")["id"]
    file = tmp_path / "board3.csv"
    file.write_text(FIGURE_17)
    cli.run("import", "travellers", str(file), "--event", event, "--numbering", "howell")
    board = cli.run("board", "3", "--event", event)
    assert board_points(board) == {
        "1-11": ("2.50", "2.50"),
        "2-9": ("3.50", "1.50"),
        "5-6": ("4.50", "0.50"),
        "7-8": ("0.50", "4.50"),
        "10-4": ("2.50", "2.50"),
        "12-3": ("1.50", "3.50"),
    }
    neutral = next(r for r in board["results"] if r["ns"] == 10)
    assert neutral["adjusted"] == "N" and neutral["score_ns"] is None


def test_figure_17_neutral_board_method_1(tmp_path: Path) -> None:
    """Method (1): the others factored up 5/4 (Neuberg), the neutral pairs averaged."""
    cli = Cli()
    event = cli.run(
        "event",
        "create",
        "--name",
        "Neutral",
        "--option",
        "neutral=method1",
        "--option",
        "factoring=ratio",
    )["id"]
    file = tmp_path / "board3.csv"
    file.write_text(FIGURE_17)
    cli.run("import", "travellers", str(file), "--event", event, "--numbering", "howell")
    board = board_points(cli.run("board", "3", "--event", event))
    assert board["5-6"] == ("5.00", "0.00") and board["1-11"] == ("2.50", "2.50")
    assert board["2-9"] == ("3.75", "1.25") and board["10-4"] == ("2.50", "2.50")


def test_master_sheets_through_the_cli() -> None:
    """Figures 9 and 11 as `traveller movement show` prints them (JSON, then the grid)."""
    from engine.movement import Movement
    from tests.plugins.movements.mitchell.test_basic import FIGURE_9, FIGURE_11, grid

    cli = Cli()
    for tables, figure in ((7, FIGURE_9), (8, FIGURE_11)):
        shown = cli.run(
            "movement", "show", "mitchell", "--tables", str(tables), "--boards-per-round", "3"
        )
        assert set(shown) >= {
            "family",
            "tables",
            "rounds",
            "boards_per_round",
            "schedule",
            "relays",
            "sit_outs",
        }
        assert shown["schedule"][0] == {
            "round": 1,
            "table": 1,
            "ns": 1,
            "ew": 1,
            "boards": [1, 2, 3],
        }
        assert Movement.model_validate(shown).master_sheet() == grid(figure)
    text = cli.text("movement", "show", "mitchell", "--tables", "7", "--boards-per-round", "3")
    assert "19-21" in text and "7-7" in text and "│  1-2  │" in text
