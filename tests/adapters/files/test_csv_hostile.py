"""Hostile results files: any text given as a CSV of travellers or a PBN file is read or
refused line by line, never with a traceback; old line endings are read; absurd files
are refused before they are read; a file of many bad lines is answered with the first
ones and a count; and a refused import writes nothing (issue 13)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adapters.files.pbn import parse_names, parse_pbn, parse_results
from adapters.files.reading import read_text
from adapters.files.travellers_csv import parse_travellers
from engine.errors import InvalidFile
from engine.parsing import MOST_FILE_BYTES, MOST_PROBLEMS, MOST_ROWS
from tests.acceptance.cli import Cli, invoke

SCALE = float(os.environ.get("TRAVELLER_FUZZ_SCALE", "1"))
"""How many more examples than the suite's few hundred to try (``bench/fuzz.py`` sets it)."""


def examples(count: int) -> int:
    return max(1, round(count * SCALE))


HEADER = "board,ns,ew,contract,declarer,tricks,score_ns"

CELL = st.one_of(
    st.sampled_from(["1", "2", "6", "4S", "N", "10", "420", "-50", "+420", "A+/A-", "PASS"]),
    st.sampled_from(["+-420", "１２", "٤٢", "1_0", str(2**64), str(10**18), "[/]", '"', "\x00"]),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=6),
)
ENDING = st.sampled_from(["\n", "\r\n", "\r", "\n\r", ""])


@st.composite
def csv_texts(draw: st.DrawFn) -> str:
    """A CSV of travellers with arbitrary cells, quotes and line endings."""
    header = draw(st.sampled_from([HEADER, HEADER.upper(), "board,ns", "", '"board",ns,ew']))
    lines = [header]
    for _ in range(draw(st.integers(0, 8))):
        lines.append(",".join(draw(st.lists(CELL, min_size=0, max_size=9))))
    ending = draw(ENDING)
    return ending.join(lines) + draw(ENDING)


@settings(max_examples=examples(300), deadline=None)
@given(csv_texts())
def test_any_csv_text_is_read_or_refused_by_line(text: str) -> None:
    rows, problems = parse_travellers(text)
    assert rows or problems
    assert all(isinstance(p, str) and p for p in problems)


@settings(max_examples=examples(200), deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=300))
def test_any_text_at_all_is_read_or_refused(text: str) -> None:
    rows, problems = parse_travellers(text)
    assert rows or problems
    rows, problems = parse_results(text)
    assert rows or problems
    parse_names(text)


BOARD_TAG = st.sampled_from(["1", "2", "#", "٤", "²", "0", "-1", str(10**18), "+1", "1_0", "x"])
SCORE_TABLE = st.sampled_from(
    [
        "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\6R",
        "PairId_NS;PairId_EW;Score_NS;Score_EW;Multiplicity",
        "PairId_NS;PairId_EW;Names_NS;Names_EW;Score_NS",
        "Section;PairId_NS;PairId_EW;Score_NS",
        "",
        ";;",
    ]
)
PBN_CELL = st.one_of(
    st.sampled_from(["1", "6", "4S", "N", "10", "420", "-", "A+", "A-", "Pass", "A", '"a b"']),
    st.sampled_from(["+-420", "１２", "٤٢", "1_0", str(2**64), "[/]", '"', "\\", "{", "}"]),
    st.text(alphabet=st.characters(codec="utf-8", exclude_characters=" \n\r"), max_size=5),
)
PBN_LINE = st.one_of(
    st.sampled_from(["{ comment", "}", "% x", "", '[North "[/]"]', '[Dealer "N"]', "[Board"]),
    st.sampled_from(['[Deal "N:AKQJ.T98.765.432 - - -"]', '[Deal "?"]', '[Deal "x"]']),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=20),
)


@st.composite
def pbn_texts(draw: st.DrawFn) -> str:
    """A PBN file of a few boards, each a board tag, a score table and its rows, with
    arbitrary lines, cells and line endings among them."""
    lines: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        lines.append(f'[Board "{draw(BOARD_TAG)}"]')
        lines.append(f'[ScoreTable "{draw(SCORE_TABLE)}"]')
        for _ in range(draw(st.integers(0, 4))):
            lines.append(" " + " ".join(draw(st.lists(PBN_CELL, max_size=7))))
        lines += draw(st.lists(PBN_LINE, max_size=2))
    return draw(ENDING).join(lines)


@settings(max_examples=examples(300), deadline=None)
@given(pbn_texts())
def test_any_pbn_text_is_read_or_refused_by_line(text: str) -> None:
    rows, problems = parse_results(text, section="A")
    assert rows or problems
    parse_names(text, section="A")
    parse_pbn(text, results=False)  # as a hand record


@pytest.mark.parametrize("board", ["²", "٤", "0", str(10**18), "1_0"])
def test_a_pbn_board_number_is_read_strictly(board: str) -> None:
    """``"²".isdigit()`` is true, and ``int("²")`` a ValueError: that was a traceback."""
    text = f'[Board "{board}"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 2 420\n'
    rows, problems = parse_results(text)
    assert rows == [] and problems == [f"line 1: Board {board!r} is not a board number"]


def test_cr_only_line_endings_are_read() -> None:
    """Old Excel for the Mac ends each line with a bare CR: that was a `_csv.Error`."""
    rows, problems = parse_travellers(f"{HEADER}\r1,6,1,4S,N,10,\r2,6,1,,,,-50\r")
    assert problems == []
    assert [(r.board, r.entry and r.entry.score_ns) for r in rows] == [(1, None), (2, -50)]


def test_a_line_the_csv_reader_cannot_read_is_a_problem_not_a_traceback() -> None:
    rows, problems = parse_travellers(f'{HEADER}\n1,6,1,4S,N,10,\n2,6,"1\x00,,,,,\n')
    assert len(rows) == 1
    assert problems and problems[0].startswith("line 3:")


@pytest.mark.parametrize(
    ("cell", "said"),
    [
        ("+-420", "score_ns '+-420' is not a whole number"),
        ("１２", "score_ns '\\uff11\\uff12' is not a whole number"),
        ("٤٢", "is not a whole number"),
        ("1_0", "score_ns '1_0' is not a whole number"),
        (str(2**64), "out of range"),
    ],
)
def test_numbers_in_a_file_are_read_strictly(cell: str, said: str) -> None:
    rows, problems = parse_travellers(f"{HEADER}\n1,6,1,,,,{cell}\n")
    assert rows == [] and len(problems) == 1 and said in problems[0], problems


def test_a_board_of_ten_to_the_eighteenth_is_refused() -> None:
    _rows, problems = parse_travellers(f"{HEADER}\n{10**18},6,1,,,,420\n")
    assert problems == [f"line 2: board {10**18} is out of range"]
    _rows, problems = parse_results(
        f'[Board "{10**18}"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 2 420\n'
    )
    assert problems and "Board" in problems[0]


def test_a_file_larger_than_any_results_file_is_refused_unread(tmp_path: Path) -> None:
    huge = tmp_path / "huge.csv"
    huge.write_bytes(b"1" * (MOST_FILE_BYTES + 1))
    with pytest.raises(InvalidFile, match="larger than 5 MB"):
        read_text(huge)


def test_a_file_of_too_many_lines_is_refused() -> None:
    rows, problems = parse_travellers(HEADER + "\n" + "1,6,1,,,,420\n" * (MOST_ROWS + 1))
    assert rows == [] and len(problems) == 1 and "more than" in problems[0]


def test_a_file_of_exactly_the_most_rows_is_read() -> None:
    """The limit counts rows: not the header, nor the end of the last line."""
    rows, problems = parse_travellers(HEADER + "\n" + "1,6,1,,,,420\n" * MOST_ROWS)
    assert len(rows) == MOST_ROWS and not any("more than" in p for p in problems)


@pytest.fixture
def section() -> tuple[Cli, str]:
    cli = Cli()
    event = cli.run("event", "create", "--name", "Files")["id"]
    for i in range(1, 7):
        cli.run("entry", "add", "--event", event, "--player", f"N{i}", "--player", f"S{i}")
    cli.run("movement", "assign", "--event", event, "--family", "howell", "--boards-per-round", "2")
    return cli, event


def test_many_bad_lines_are_answered_with_the_first_ones_and_a_count(
    section: tuple[Cli, str], tmp_path: Path
) -> None:
    cli, event = section
    bad = tmp_path / "bad.csv"
    bad.write_text(HEADER + "\n" + "".join(f"1,x{i},1,4S,N,10,\n" for i in range(1000)))
    before = cli.position
    said = cli.run("import", "travellers", "--event", event, str(bad), ok=False)
    assert len(said["problems"]) == said["problem_count"] == 1000  # a script reads them all
    text = invoke(["import", "travellers", "--event", event, str(bad), "--store", cli.store])
    assert text.exit_code == 1
    assert text.stderr.count("is not a whole number") == MOST_PROBLEMS
    assert "… and 980 more (1000 problems in all)." in text.stderr
    assert len(text.stderr) < 5000
    assert cli.position == before


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(text=csv_texts())
def test_a_fuzzed_import_succeeds_or_writes_nothing(
    section: tuple[Cli, str], tmp_path: Path, text: str
) -> None:
    cli, event = section
    file = tmp_path / "fuzzed.csv"
    file.write_text(text, encoding="utf-8", newline="")
    before = cli.position
    result = invoke(["import", "travellers", "--event", event, str(file), "--store", cli.store,
                     "--format", "json"])  # fmt: skip
    assert result.exit_code in (0, 1), result.stderr
    if result.exit_code == 1:
        assert json.loads(result.stderr)["message"] and cli.position == before
