"""A CSV of travellers read line by line (issue 16): the same rows and problems as the
text read whole, a file far beyond the limits of a text read whole imported, in bounded
memory and all or nothing, and a progress bar on a terminal only."""

from __future__ import annotations

import io
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from adapters.cli.common import Desk
from adapters.cli.imports import _progress
from adapters.cli.output import Format
from adapters.files import travellers_csv
from adapters.files.travellers_csv import TravellerFile, parse_travellers, read_travellers
from engine.errors import InvalidFile
from engine.parsing import MOST_FILE_BYTES, MOST_PROBLEMS, MOST_ROWS
from engine.seating import Numbering
from engine.section import importing
from engine.testing import memory_app
from tests.acceptance.cli import Cli, invoke
from tests.adapters.files.test_csv_hostile import HEADER, csv_texts, examples


def field(rows: int, pad: int = 0) -> str:
    """``rows`` results of a 13-table Mitchell (every NS pair plays every board), each
    score followed by ``pad`` spaces (a cell is read stripped)."""
    lines = ["board,ns,ew,score_ns"]
    for n in range(rows):
        board, table = divmod(n, 13)
        score = (110, 140, -110, 0, 90, -140)[n % 6]  # partscores: the same at any vulnerability
        lines.append(f"{board + 1},{table + 1},{(table + board) % 13 + 1},{score}")
        lines[-1] += " " * pad
    return "\n".join(lines) + "\n"


@settings(
    max_examples=examples(200),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(text=csv_texts())
def test_a_file_read_line_by_line_reads_as_its_text_read_whole(tmp_path: Path, text: str) -> None:
    file = tmp_path / "any.csv"
    file.write_text(text, encoding="utf-8", newline="")
    assert read_travellers(file) == parse_travellers(file.read_bytes().decode("utf-8-sig"))


def test_a_file_is_read_afresh_each_time(tmp_path: Path) -> None:
    """An import that meets a conflict decides again: it reads the file again."""
    file = tmp_path / "club.csv"
    file.write_text(field(30))
    source = TravellerFile(file)
    assert list(source) == list(source) and len(list(source)) == 30


def test_the_progress_is_told_the_bytes_read(tmp_path: Path) -> None:
    file = tmp_path / "club.csv"
    file.write_text(field(3 * travellers_csv.PROGRESS_EVERY))
    told: list[int] = []
    rows = list(TravellerFile(file, progress=told.append))
    assert len(rows) == 3 * travellers_csv.PROGRESS_EVERY
    assert told == sorted(told) and len(told) >= 3 and told[-1] == file.stat().st_size


def test_a_file_past_the_streamed_limits_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(travellers_csv, "MOST_STREAMED_ROWS", 26)
    file = tmp_path / "club.csv"
    file.write_text(field(26))
    rows, problems = read_travellers(file)
    assert len(rows) == 26 and not problems, "exactly the most lines are read"
    file.write_text(field(27))
    rows, problems = read_travellers(file)
    assert problems == [travellers_csv.too_many_rows(26)]
    monkeypatch.setattr(travellers_csv, "MOST_STREAMED_BYTES", 100)
    with pytest.raises(InvalidFile, match="larger than 0 MB"):
        TravellerFile(file)


def test_a_file_not_utf_8_further_on_is_refused_before_a_line_is_checked(tmp_path: Path) -> None:
    file = tmp_path / "club.csv"
    file.write_bytes(field(2000).encode() + "9,1,11,170,スペードA\n".encode("shift_jis"))
    with pytest.raises(InvalidFile, match="not UTF-8 text"):
        TravellerFile(file)


def test_a_file_beyond_the_old_limits_imports(tmp_path: Path) -> None:
    """More lines than a text read whole may hold, and more bytes: the limits of a file
    read line by line are those a streaming import holds safely."""
    cli = Cli()
    event = cli.run("event", "create", "--name", "Big field")["id"]
    many = tmp_path / "many.csv"
    many.write_text(field(MOST_ROWS + 13))
    said = cli.run("import", "travellers", str(many), "--event", event, "--numbering", "mitchell")
    assert said == {"imported": MOST_ROWS + 13}
    large = tmp_path / "large.csv"
    large.write_text(field(60, pad=100_000))  # a cell is at most 131,072 characters
    assert large.stat().st_size > MOST_FILE_BYTES
    other = cli.run("event", "create", "--name", "Padded")["id"]
    said = cli.run("import", "travellers", str(large), "--event", other, "--numbering", "mitchell")
    assert said == {"imported": 60}


def test_an_import_holds_a_few_hundred_bytes_a_line_at_most(tmp_path: Path) -> None:
    """Memory bounded: the lines are not held, the results are kept as columns of
    numbers, and the section is not folded by the command (a file of 20,000 lines held
    as objects and one event a line took several kilobytes a line)."""
    file = tmp_path / "field.csv"
    file.write_text(field(20_000))
    app = memory_app()
    event = app.create_event("Big field")
    source = TravellerFile(file)
    tracemalloc.start()
    try:
        assert app.import_results(event, source, numbering=Numbering.MITCHELL) == 20_000
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 20_000 * 1_000, f"{peak / 20_000:.0f} bytes a line"


def test_a_bad_last_line_of_a_big_file_writes_nothing(tmp_path: Path) -> None:
    cli = Cli()
    event = cli.run("event", "create", "--name", "Big field")["id"]
    file = tmp_path / "field.csv"
    file.write_text(field(30_000) + "9999,1,1,x\n")
    before = cli.position
    said = cli.run("import", "travellers", str(file), "--event", event, "--numbering",
                   "mitchell", ok=False)  # fmt: skip
    assert said["problems"] == ["line 30002: score_ns 'x' is not a whole number"]
    assert cli.position == before


def test_problems_beyond_those_kept_are_counted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(importing, "MOST_PROBLEMS_KEPT", 50)
    cli = Cli()
    event = cli.run("event", "create", "--name", "Bad file")["id"]
    bad = tmp_path / "bad.csv"
    bad.write_text(HEADER + "\n" + "".join(f"1,x{i},1,4S,N,10,\n" for i in range(100)))
    args = ["import", "travellers", str(bad), "--event", event, "--numbering", "mitchell"]
    said = cli.run(*args, ok=False)
    assert len(said["problems"]) == 50 and said["problem_count"] == 100
    text = invoke([*args, "--store", cli.store])
    assert text.stderr.count("is not a whole number") == MOST_PROBLEMS
    assert "… and 80 more (100 problems in all)." in text.stderr


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_is_drawn_on_a_terminal_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    file = tmp_path / "field.csv"
    file.write_text(field(2 * travellers_csv.PROGRESS_EVERY))
    cli = Cli()
    event = cli.run("event", "create", "--name", "Big field")["id"]
    args = ["import", "travellers", str(file), "--event", event, "--numbering", "mitchell"]
    piped = invoke([*args, "--store", cli.store])
    assert piped.exit_code == 0 and piped.stderr == "", "no bar in a pipe"
    for fmt, drawn in ((Format.json, False), (Format.table, True)):
        screen = Terminal()
        monkeypatch.setattr("sys.stderr", screen)
        source = TravellerFile(file)
        with _progress(Desk(store=None, fmt=fmt, actor="td"), source):
            assert (source.progress is not None) is drawn
            list(source)
        assert source.progress is None
        assert ("Checking field.csv" in screen.getvalue()) is drawn
        if not drawn:
            assert screen.getvalue() == "", "no bar with JSON output"
