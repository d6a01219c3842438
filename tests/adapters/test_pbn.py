"""The PBN 2.1 results reader: score tables in, the CSV reader's import rows out."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adapters.files.pbn import parse_names, parse_results, read_results
from adapters.files.travellers_csv import parse_travellers
from engine import bridge
from engine.errors import InvalidFile
from engine.section import Adjusted, ImportRow, ResultEntry
from tests.acceptance.test_manual_figures import FIGURE_15

#: A club's export: the manual's figure 15 (board 9 of a six-table Howell) with the
#: matchpoints the program printed, then board 10 with a passed-out table, an adjusted
#: score, an auction section and the quoting and comments the standard allows.
CLUB_NIGHT = r"""% PBN 2.1
% EXPORT
[Event "Section C"]
[Site "Yotsuya BC"]
[Date "2026.11.24"]
[Board "9"]
[Dealer "N"]
[Vulnerable "EW"]
[Scoring "MP"]
{ Figure 15 of the JCBL director manual:
  board 9 of a six-table Howell. }
[ScoreTable "PairId_NS\2R;PairId_EW\2R;Contract\4L;Declarer\1R;Result\2R;Score_NS\6R;Score_EW\6R;MP_NS\4R;MP_EW\4R"]
 1 11 1S   N 10    170      -  1.0  4.0
 2  9 4H   S 11    450      -  4.0  1.0
 5  6 5CX  W  8    800      -  5.0  0.0
 7  8 4H   S 10    420      -  2.5  2.5
10  4 4S   N 10    420      -  2.5  2.5
12  3 4H   S  9      -     50  0.0  5.0

[Event "#"]
[Site "#"]
[Date "#"]
[Board "10"]
[Dealer "E"]
[Vulnerable "All"]
[Scoring "#"]
[Auction "E"]
Pass 1NT  Pass 3NT
Pass Pass Pass
[ScoreTable "PairId_NS\2R;PairId_EW\2R;Contract\4L;Declarer\1R;Result\2R;Lead\2L;Score_NS\6R;Score_EW\6R"]
 1 11 3NT  S  9 S6    600      -  ; the auction above is this table's
 2  9 3NT  S  8 HK      -    100
 5  6 Pass -  -  -      0      0
 7  8 -    -  -  -     A+     A-
10  4 3NT  S 10 S6    630      -
12  3 "3NT" S  9 "S6" "600"    -
"""  # noqa: E501 (a score table's header is one line, as long as its columns)


def entry(line: int, board: int, ns: int, ew: int, **result: Any) -> ImportRow:
    return ImportRow(line, board, ns, ew, entry=ResultEntry(board=board, ns=ns, ew=ew, **result))


def unnumbered(rows: list[ImportRow]) -> list[ImportRow]:
    return [dataclasses.replace(r, line=0) for r in rows]


def test_figure_15_reads_as_the_csv_traveller_does() -> None:
    rows, problems = parse_results(CLUB_NIGHT)
    csv_rows, csv_problems = parse_travellers(FIGURE_15)
    assert problems == csv_problems == []
    assert unnumbered([r for r in rows if r.board == 9]) == unnumbered(csv_rows)
    assert [r.line for r in rows if r.board == 9] == [13, 14, 15, 16, 17, 18]


def test_passed_out_adjusted_and_quoted_rows() -> None:
    rows, _ = parse_results(CLUB_NIGHT)
    assert [r for r in rows if r.board == 10] == [
        entry(31, 10, 1, 11, contract="3NT", declarer="S", tricks=9, score_ns=600, lead="S6"),
        entry(32, 10, 2, 9, contract="3NT", declarer="S", tricks=8, score_ns=-100, lead="HK"),
        entry(33, 10, 5, 6, contract="Pass", score_ns=0),
        ImportRow(34, 10, 7, 8, adjusted=Adjusted.parse("A+/A-")),
        entry(35, 10, 10, 4, contract="3NT", declarer="S", tricks=10, score_ns=630, lead="S6"),
        entry(36, 10, 12, 3, contract="3NT", declarer="S", tricks=9, score_ns=600, lead="S6"),
    ]


def test_percentage_adjusted_scores_and_the_ew_score_column() -> None:
    text = r"""[Board "3"]
[ScoreTable "PairId_NS;PairId_EW;Score_NS;Score_EW"]
1 2 A60 A40
3 4 - 110
5 6 -110 110
7 8 PASS -
"""
    rows, problems = parse_results(text)
    assert problems == []
    assert rows == [
        ImportRow(3, 3, 1, 2, adjusted=Adjusted.parse("A60/A40")),
        entry(4, 3, 3, 4, score_ns=-110),
        entry(5, 3, 5, 6, score_ns=-110),
        entry(6, 3, 7, 8, score_ns=0),
    ]


def test_only_the_sections_rows_are_read() -> None:
    text = r"""[Board "1"]
[ScoreTable "Section\1L;Table\2R;Round\1R;PairId_NS\2R;PairId_EW\2R;Contract;Declarer;Result"]
A  1 1  1  1 4S N 10
B  1 1  1  1 3NT S 9
A  2 1  2  2 4S N 11
"""
    rows, problems = parse_results(text, section="a")
    assert problems == []
    assert [(r.line, r.ns) for r in rows] == [(3, 1), (5, 2)]
    assert rows[1].entry is not None and (rows[1].entry.table, rows[1].entry.round) == (2, 1)
    assert len(parse_results(text)[0]) == 3
    assert parse_results(text, section="C") == (
        [],
        ["no row of the file is for section C (its sections: A, B)"],
    )


BAD = r"""% every line below but the good rows is wrong somewhere
[Event "Broken"]
[Board "5"]
[Dealer "E"]
[Vulnerable "NS"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW;Multiplicity"]
1 1 4S N 10 - - 1
2 2 4S N 10 - -
3 3 4S N x - - 1
4 4 - - - A+ 100 1
5 5 4S N 10 620 600 1
6 6 - - - - - 1
7 7 4S N 10 - - 3

[Board "six"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]
1 1 4S N 10

[Board "7"]
[Vulnerable "Sometimes"]
[ScoreTable "PairId_NS;Contract;Contract\4L;Lead\3"]
1 4S 4S

a stray line
[Board "8"] [Dealer "W"]
[ScoreTable "PairId_NS;PairId_EW;Score_NS"]
1 1 -50 { an unclosed comment
"""


def test_every_problem_is_listed_by_line() -> None:
    rows, problems = parse_results(BAD)
    assert [r.line for r in rows] == [7]
    lines = [p.split(":", 1)[0] for p in problems]
    assert lines == [
        "line 4",  # board 5 is dealt by N
        "line 8",  # 7 values for 8 columns
        "line 9",  # Result x
        "line 10",  # A+ with 100
        "line 11",  # 620 and 600
        "line 12",  # nothing given
        "line 13",  # Multiplicity 3
        "line 15",  # Board six
        "line 20",  # Sometimes
        *["line 21"] * 4,  # the header: Contract twice, no PairId_EW, Declarer or Result
        "line 24",  # a stray line
        "line 25",  # two tags on a line
        "line 26",  # a score table with no board (the board's tag line was not one)
        "line 27",  # the comment is never closed
    ]
    text = "\n".join(problems)
    for words in (
        "board 5 is dealt by N, but the file says 'E'",
        "7 values for the 8 columns",
        "Result 'x' is not a whole number",
        "a marker for each side",
        "Score_NS 620 and Score_EW 600 disagree",
        "give Contract, Declarer and Result, or Score_NS or Score_EW",
        "Multiplicity",
        "Board 'six' is not a board number",
        "'Sometimes' is not a vulnerability",
        "the column Contract is named twice",
        "no PairId_EW column: every row needs its pair numbers",
        "with Contract, Declarer must be a column too",
        "'a stray line' belongs to no tag",
        "is not a tag",
        "no [Board] tag",
        "never closed",
    ):
        assert words in text, words


def test_dealer_and_vulnerability_repeated_with_hash_are_checked() -> None:
    text = r"""[Board "1"]
[Dealer "N"]
[Vulnerable "None"]

[Board "2"]
[Dealer "#"]
[Vulnerable "#"]
[ScoreTable "PairId_NS;PairId_EW;Score_NS"]
1 1 -100
"""
    _, problems = parse_results(text)
    assert [p.split(":")[0] for p in problems] == ["line 6", "line 7"]
    assert "board 2 has NS vulnerable, but the file says 'None'" in problems[1]


def test_a_hand_record_has_no_results() -> None:
    text = '[Board "1"]\n[Dealer "N"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ - - -"]\n'
    rows, problems = parse_results(text)
    assert rows == [] and problems == [
        "the file has no results: no board has a [ScoreTable] with rows"
    ]


def test_latin_1_as_the_standard_has_it_and_utf_8_as_programs_write_it(tmp_path: Path) -> None:
    text = """[Event "Café de Paris"]
[Board "2"]
[ScoreTable "PairId_NS;PairId_EW;Score_NS;Names_NS\\20L;Names_EW"]
1 2 -110 "Renée Noël - Zoë Ørsted" "Sato - Tanaka"
"""
    for encoding in ("latin-1", "utf-8", "utf-8-sig"):
        file = tmp_path / f"{encoding}.pbn"
        file.write_bytes(text.encode(encoding))
        assert read_results(file) == ([entry(4, 2, 1, 2, score_ns=-110)], [])
    with pytest.raises(InvalidFile, match="Cannot read"):
        read_results(tmp_path / "missing.pbn")


# ---- the same results through both readers ---------------------------------------------

CONTRACTS = ["1C", "2DX", "3NT", "4H", "4SXX", "6NTX", "7C", "Pass"]
AWARDS = ["A+", "A", "A-", "A60", "A40", "A50"]


@st.composite
def results(draw: st.DrawFn) -> tuple[int, list[dict[str, str]]]:
    """A board and its rows: a result (contract line, score, or both) or an adjusted score."""
    board = draw(st.integers(1, 36))
    rows = []
    for ns in range(1, draw(st.integers(1, 6)) + 1):
        row = {"ns": str(ns), "ew": str(draw(st.integers(1, 30)))}
        if draw(st.booleans()):
            row["adjusted"] = f"{draw(st.sampled_from(AWARDS))}/{draw(st.sampled_from(AWARDS))}"
        else:
            if draw(st.booleans()):
                row["contract"] = draw(st.sampled_from(CONTRACTS))
                if row["contract"] != "Pass":
                    row["declarer"] = draw(st.sampled_from("NESW"))
                    row["tricks"] = str(draw(st.integers(0, 13)))
            if "contract" not in row or draw(st.booleans()):
                row["score_ns"] = str(draw(st.integers(-7600, 7600)))
            if draw(st.booleans()):
                row["lead"] = draw(st.sampled_from(["SA", "H2", "CT"]))
        rows.append(row)
    return board, rows


def as_csv(board: int, rows: list[dict[str, str]]) -> str:
    names = ["board", "ns", "ew", "contract", "declarer", "tricks", "score_ns", "adjusted", "lead"]
    lines = [",".join(names)]
    lines += [",".join(str(board) if n == "board" else r.get(n, "") for n in names) for r in rows]
    return "\n".join(lines) + "\n"


def as_pbn(board: int, rows: list[dict[str, str]], data: st.DataObject) -> str:
    columns = ["PairId_NS", "PairId_EW", "Contract", "Declarer", "Result", "Lead"]
    columns += ["Score_NS", "Score_EW"]
    lines = [
        f'[Board "{board}"]',
        f'[Dealer "{bridge.dealer(board).value}"]',
        f'[Vulnerable "{bridge.vulnerability(board).value}"]',
        '[ScoreTable "' + ";".join(f"{c}\\{len(c)}R" for c in columns) + '"]',
    ]
    for r in rows:
        if "adjusted" in r:
            ns, ew = r["adjusted"].split("/")
        elif "score_ns" not in r:
            ns, ew = "-", "-"
        else:
            score = int(r["score_ns"])
            ns, ew = data.draw(
                st.sampled_from([(str(score), "-"), ("-", str(-score)), (str(score), str(-score))])
            )
        cells = [r["ns"], r["ew"], r.get("contract"), r.get("declarer"), r.get("tricks")]
        cells += [r.get("lead"), ns, ew]
        shown = [
            (f'"{c}"' if data.draw(st.booleans()) else c)
            if c
            else data.draw(st.sampled_from(["-", '""']))
            for c in cells
        ]
        lines.append(" " * data.draw(st.integers(0, 2)) + " ".join(s.rjust(4) for s in shown))
    return "\n".join(lines) + "\n"


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_pbn_and_csv_give_the_same_rows(data: st.DataObject) -> None:
    board, rows = data.draw(results())
    pbn_rows, pbn_problems = parse_results(as_pbn(board, rows, data))
    csv_rows, csv_problems = parse_travellers(as_csv(board, rows))
    assert pbn_problems == csv_problems == []
    assert unnumbered(pbn_rows) == unnumbered(csv_rows)
    assert [r.line for r in pbn_rows] == list(range(5, 5 + len(rows)))


# ---- the players' names -------------------------------------------------------------------

NAMED = r"""% PBN 2.1
[Event "Tuesday pairs"]
[Board "1"]
[Table "2"]
[Round "1"]
[North "Abe Ken"]
[South "Ota Mai"]
[East "Ueda Jo"]
[West "Kudo Rin"]
[ScoreTable "Round;Table;PairId_NS;PairId_EW;Names_NS;Names_EW;Contract;Declarer;Result"]
1 1 1 2 "Sato Haruki;Tanaka Aoi" - 4S N 10
1 2 3 4 - - 3NT S 9

[Board "2"]
[Table "#"]
[Round "#"]
[North "#"]
[South "#"]
[ScoreTable "Round;Table;PairId_NS;PairId_EW;Names_NS;Names_EW;Contract;Declarer;Result"]
1 1 2 1 "Someone;Else" "Sato Haruki;Tanaka Aoi" 4S N 10
1 2 4 3 - - 3NT S 9

[TotalScoreTable "Rank\2R;PairId\2R;Names\30L;TotalMP\4R"]
 1  2 "Mori Jun;Kato Yu"  7.0
 2  1 "Sato Haruki;Tanaka Aoi" 5.0
"""


def test_the_names_of_a_files_pairs_come_from_its_name_table_columns_and_tags() -> None:
    """The name table (TotalScoreTable) first, then the Names columns, then a board's
    [North]… tags for the score-table row of the board's own [Table] and [Round]."""
    names, problems = parse_names(NAMED)
    assert problems == []
    assert names == {
        "2": ["Mori Jun", "Kato Yu"],
        "1": ["Sato Haruki", "Tanaka Aoi"],
        "NS1": ["Sato Haruki", "Tanaka Aoi"],
        "NS3": ["Abe Ken", "Ota Mai"],
        "EW4": ["Ueda Jo", "Kudo Rin"],
        "NS2": ["Someone", "Else"],
        "EW1": ["Sato Haruki", "Tanaka Aoi"],
        # Board 2 repeats the tags (#) of board 1, whose table 2 is NS 4 v EW 3 there.
        "NS4": ["Abe Ken", "Ota Mai"],
    }


def test_a_partnership_name_that_is_not_two_players_is_a_problem_by_line() -> None:
    text = """[Board "1"]
[ScoreTable "PairId_NS;PairId_EW;Names_NS;Names_EW;Score_NS"]
1 2 "The Smiths" "Mori;Kato" 420
"""
    names, problems = parse_names(text)
    assert names == {"EW2": ["Mori", "Kato"]}
    assert len(problems) == 1 and problems[0].startswith("line 3: the names of pair NS1")


def test_a_name_table_in_a_mitchell_says_the_line_in_a_direction_column() -> None:
    text = """[Board "1"]
[ScoreTable "PairId_NS;PairId_EW;Score_NS"]
1 1 420

[TotalScoreTable "PairId;Direction;Names"]
1 NS "Sato;Ito"
1 E-W "Mori;Kato"
"""
    names, problems = parse_names(text)
    assert problems == [] and names == {"NS1": ["Sato", "Ito"], "EW1": ["Mori", "Kato"]}
