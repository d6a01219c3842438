"""Output piped or redirected is never cut at 80 columns; in a terminal it fits the terminal.
Also ``traveller --version`` and ``traveller scoring list``."""

from __future__ import annotations

import io
import json
import re
from importlib.metadata import version
from typing import Any

from typer.testing import CliRunner

from adapters.cli import main
from adapters.cli.output import UNLIMITED, Screen

runner = CliRunner()  # its stdout is no terminal, as a pipe or a file is not


def run(*args: str) -> str:
    result = runner.invoke(main.app, [*args, "--store", "memory:"])
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result.stdout


def data(*args: str) -> Any:
    return json.loads(run(*args, "--format", "json"))


def test_a_wide_master_sheet_is_printed_whole() -> None:
    # 15 tables of 2 boards: 15 board sets across, far wider than 80 columns.
    text = run("movement", "show", "mitchell", "--tables", "15", "--boards-per-round", "2")
    lines = text.splitlines()
    header = next(line for line in lines if "rd/bds" in line)
    sets = re.findall(r"\d+-\d+", header)
    assert sets == [f"{b}-{b + 1}" for b in range(1, 31, 2)]
    assert max(len(line) for line in lines) > 80
    assert "…" not in text
    sheet = data("movement", "show", "mitchell", "--tables", "15", "--boards-per-round", "2")
    rows = [line for line in lines if re.match(r"│\s+\d+ │", line)]
    assert len(rows) == sheet["rounds"] == 15  # one line a round: nothing wrapped
    assert lines[0].startswith("15-table mitchell") and lines[0].endswith(sheet["description"])


def test_the_family_names_a_director_types_are_whole() -> None:
    listed = data("movement", "list")
    lines = run("movement", "list").splitlines()
    for family in listed:
        (line,) = [line for line in lines if line.startswith(f"│ {family['name']} ")]
        first_words = " ".join(family["description"].split()[:4])
        assert first_words in line and ", ".join(family["aliases"]) in line
    assert "…" not in "\n".join(lines)


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_keeps_its_width_and_a_file_has_none() -> None:
    assert Screen(file=Terminal(), _environ={"COLUMNS": "100"}).width == 100
    assert Screen(file=io.StringIO(), _environ={"COLUMNS": "100"}).width == UNLIMITED


def test_the_version() -> None:
    result = runner.invoke(main.app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout == f"traveller {version('traveller')}\n"


def test_the_scoring_methods_are_listed_with_their_options() -> None:
    listed = {m["name"]: m for m in data("scoring", "list")}
    assert {"matchpoints", "team-imps", "knockout", "houston"} <= set(listed)
    matchpoints = listed["matchpoints"]
    assert "mp" in matchpoints["aliases"] and matchpoints["version"]
    assert matchpoints["description"].startswith("Matchpoints:")
    assert matchpoints["options"]["factoring"]["default"] == "neuberg"
    assert matchpoints["options"]["session_average"]["default"] == "true"
    assert listed["team-imps"]["options"]["vp_scale"]["default"] is None
    assert listed["knockout"]["options"]["tie"]["description"]
    text = run("scoring", "list")
    assert "factoring=neuberg" in text and "knockout" in text and "imp-teams" in text
