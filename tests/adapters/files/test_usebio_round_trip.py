"""``traveller export usebio`` and ``traveller import usebio``: a session written as USEBIO
1.2 keeps the format's DTD, and read into a new event gives the same standings; a file
refused, or an event USEBIO cannot say, writes nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from adapters.files.usebio import check_against_dtd
from adapters.version import VERSION
from tests.acceptance.cli import Cli, team_league


def ranked(standings: dict[str, Any]) -> list[Any]:
    """What a director compares: each field's pairs, places, names, totals, percentages."""
    return [
        (
            f["section"],
            f["name"],
            f["top"],
            [
                (r["rank"], r["pair"], r.get("line"), r["names"], r["score"], r["percentage"])
                for r in f["rows"]
            ],
        )
        for f in standings["fields"]
    ]


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> tuple[Cli, str, Path]:
    """The demonstration session (a 7-table Mitchell with an adjusted score and a neutral
    board, and a 6-table Howell with a phantom and a late pair), exported as USEBIO."""
    cli = Cli()
    event = cli.run("demo")["event"]
    file = tmp_path_factory.mktemp("usebio") / "club.xml"
    done = cli.run("export", "usebio", "--event", event, str(file))
    assert done["file"] == str(file) and done["boards"] > 0
    return cli, event, file


def test_the_export_keeps_the_dtd(club: tuple[Cli, str, Path]) -> None:
    _, _, file = club
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    root = etree.parse(str(file), parser).getroot()
    assert check_against_dtd(root) == []
    assert file.read_bytes().startswith(b"<?xml version='1.0' encoding='UTF-8'?>\n<!DOCTYPE")
    assert root.get("Version") == "1.2"
    assert root.find("EVENT/BOARD_SCORING_METHOD").text == "MATCH_POINTS"  # type: ignore[union-attr]
    assert root.findtext("EVENT/PROGRAM_VERSION") == VERSION
    sections = [s.get("SECTION_ID") for s in root.iterfind("EVENT/SESSION/SECTION")]
    assert sections == ["A", "B"]


def test_import_into_a_new_event_gives_the_same_standings(club: tuple[Cli, str, Path]) -> None:
    cli, event, file = club
    copy = cli.run("event", "create", "--name", "Copy", "--sections", "A,B")["id"]
    a = cli.run("import", "usebio", str(file), "--event", copy, "--section", "A")
    b = cli.run("import", "usebio", str(file), "--event", copy, "--section", "B")
    assert a["entries_registered"] == 14 and b["entries_registered"] == 12
    before = cli.run("standings", "--event", event)
    after = cli.run("standings", "--event", copy)
    assert ranked(after) == ranked(before)
    # The adjusted score and the neutral board came across as themselves.
    audit = cli.run("audit", "--event", copy)
    kinds = {line["type"] for line in audit}
    assert {"ScoreAdjusted", "BoardDeclaredNeutral"} <= kinds


def test_a_file_imported_twice_is_refused_the_second_time(club: tuple[Cli, str, Path]) -> None:
    cli, _, file = club
    copy = cli.run("event", "create", "--name", "Twice", "--sections", "A")["id"]
    cli.run("import", "usebio", str(file), "--event", copy, "--section", "A")
    before = cli.position
    error = cli.run("import", "usebio", str(file), "--event", copy, "--section", "A", ok=False)
    assert error["error"] == "InvalidFile"
    assert "was not imported: nothing was written" in error["message"]
    assert cli.position == before


def test_a_bad_line_refuses_the_whole_file(club: tuple[Cli, str, Path], tmp_path: Path) -> None:
    cli, _, file = club
    text = file.read_text(encoding="utf-8")
    broken = text.replace("<SCORE>", "<SCORE>x", 1)
    bad = tmp_path / "bad.xml"
    bad.write_text(broken, encoding="utf-8")
    copy = cli.run("event", "create", "--name", "Refused", "--sections", "A")["id"]
    before = cli.position
    error = cli.run("import", "usebio", str(bad), "--event", copy, "--section", "A", ok=False)
    # A problem names the line its TRAVELLER_LINE starts on.
    before_it = broken[: broken.index("<SCORE>x")]
    line = before_it[: before_it.rindex("<TRAVELLER_LINE>")].count("\n") + 1
    assert len(error["problems"]) == 1
    assert error["problems"][0].startswith(f"line {line}: SCORE 'x")
    assert error["problems"][0].endswith("' is not a whole number")
    assert cli.position == before
    assert cli.run("entry", "list", "--event", copy) == []


def test_the_other_section_is_chosen_by_its_id(club: tuple[Cli, str, Path], tmp_path: Path) -> None:
    cli, _, file = club
    copy = cli.run("event", "create", "--name", "Wrong", "--sections", "C")["id"]
    error = cli.run("import", "usebio", str(file), "--event", copy, "--section", "C", ok=False)
    assert any("no section C (its sections: A, B)" in p for p in error["problems"])


def test_a_team_event_is_not_exported(tmp_path: Path) -> None:
    cli, event, _ = team_league()
    file = tmp_path / "teams.xml"
    error = cli.run("export", "usebio", "--event", event, str(file), ok=False)
    assert error["code"] == "usebio.not_pairs"
    assert not file.exists()


def test_a_session_without_results_is_not_exported(tmp_path: Path) -> None:
    cli = Cli()
    event = cli.run("event", "create", "--name", "Empty")["id"]
    file = tmp_path / "empty.xml"
    error = cli.run("export", "usebio", "--event", event, str(file), ok=False)
    assert error["code"] == "usebio.no_results"
    assert not file.exists()


def test_a_missing_folder_is_said_and_nothing_is_left(
    club: tuple[Cli, str, Path], tmp_path: Path
) -> None:
    cli, event, _ = club
    file = tmp_path / "nowhere" / "club.xml"
    error = cli.run("export", "usebio", "--event", event, str(file), ok=False)
    assert error["code"] == "export.folder"
    assert not file.parent.exists()
