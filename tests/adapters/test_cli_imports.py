"""``traveller import travellers|pbn`` and ``traveller rescore``: all or nothing, always."""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
import typer
from typer.testing import CliRunner

from adapters.cli import imports
from adapters.cli.common import open_app
from engine import history
from engine.application import Traveller
from engine.travellers import traveller
from tests.acceptance.test_manual_figures import FIGURE_15
from tests.adapters.test_pbn import BAD, CLUB_NIGHT

runner = CliRunner()


@dataclass
class Club:
    """A store with one event (sections A and B, no movement) and the import commands."""

    store: str
    app: Traveller
    event: UUID
    cli: typer.Typer

    def invoke(self, *args: str, fmt: str = "json") -> Any:
        return runner.invoke(
            self.cli, [*args, "--event", str(self.event), "--store", self.store, "--format", fmt]
        )

    def run(self, *args: str) -> Any:
        result = self.invoke(*args)
        assert result.exit_code == 0, (result.stdout, result.stderr)
        return json.loads(result.stdout)

    def refused(self, *args: str) -> dict[str, Any]:
        """Run a command that must be refused, and check that it wrote nothing."""
        before = self.app.position()
        result = self.invoke(*args)
        assert result.exit_code == 1, (result.stdout, result.stderr)
        assert self.app.position() == before
        error: dict[str, Any] = json.loads(result.stderr)
        return error

    def trail(self, kind: str) -> list[dict[str, Any]]:
        return [t for t in history.audit(self.app, self.event) if t["type"] == kind]

    def scoring(self, section: str = "A") -> tuple[str, dict[str, Any]] | None:
        return self.app.section(self.event, 1, section).scoring


@pytest.fixture
def club() -> Club:
    store = f"memory:{uuid.uuid4().hex}"
    app = open_app(store)
    event = app.create_event("Section C", sections=("A", "B"))
    cli = typer.Typer()
    imports.register(cli)
    return Club(store, app, event, cli)


def write(tmp_path: Path, name: str, text: str) -> str:
    file = tmp_path / name
    file.write_text(text)
    return str(file)


def test_import_pbn_records_every_board(club: Club, tmp_path: Path) -> None:
    file = write(tmp_path, "club.pbn", CLUB_NIGHT)
    assert club.run("import", "pbn", file, "--numbering", "howell") == {"imported": 12}
    app, event = club.app, club.event
    board = traveller(app.registry, app.tournament(event), app.section(event), 10)
    lines = {r["ns"]: r for r in board["results"]}
    assert (lines[5]["contract"], lines[5]["score_ns"]) == ("PASS", 0)
    assert (lines[7]["adjusted"], lines[7]["score_ns"]) == ("A+/A-", None)
    assert (lines[2]["score_ns"], lines[2]["lead"]) == (-100, "HK")
    assert club.scoring() is None and club.trail("ScoringChosen") == []


def test_the_scoring_method_is_recorded_just_before_the_results(club: Club, tmp_path: Path) -> None:
    file = write(tmp_path, "club.pbn", CLUB_NIGHT)
    imported = club.run(
        "import", "pbn", file, "--numbering", "howell", "--scoring", "imp-pairs", "--option",
        "average=true",
    )  # fmt: skip
    assert imported == {"imported": 12, "scoring": "cross-imps"}
    assert club.scoring() == ("cross-imps", {"average": "true"})
    kinds = [t["type"] for t in history.audit(club.app, club.event)]
    # A file's results are recorded together (docs/decisions/0028), after the choice.
    assert kinds.index("ScoringChosen") < kinds.index("ResultsImported")
    scored = ("ResultsImported", "ScoreAdjusted", "BoardDeclaredNeutral", "ScoreAssigned")
    assert sum(kinds.count(k) for k in scored) == 12  # the audit shows each line
    (chosen,) = club.trail("ScoringChosen")
    assert chosen["reason"] == "chosen when importing club.pbn" and chosen["section"] == "A"


def test_import_travellers_with_a_scoring_method(club: Club, tmp_path: Path) -> None:
    file = write(tmp_path, "board9.csv", FIGURE_15)
    imported = club.run(
        "import", "travellers", file, "--numbering", "howell", "--section", "B", "--scoring",
        "houston", "--option", "trim=1", "--option", "round=10",
    )  # fmt: skip
    assert imported == {"imported": 6, "scoring": "houston"}
    assert club.scoring("B") == ("houston", {"trim": "1", "round": "10"})
    assert club.scoring("A") is None


BAD_CSV = "board,ns,ew,contract,declarer,tricks\n9,1,11,1S,N,10\n9,2,9,9H,S,11\n"


@pytest.mark.parametrize(
    ("command", "text", "args", "error", "words"),
    [
        ("pbn", BAD, ["--numbering", "howell"], "InvalidFile", ["line 4:"]),
        ("pbn", BAD, ["--numbering", "howell", "--scoring", "houston"], "InvalidFile",
         ["line 4:"]),
        ("travellers", BAD_CSV, ["--numbering", "howell", "--scoring", "cross-imps"],
         "InvalidFile", ["line 3: 9H is not a contract"]),
        ("pbn", CLUB_NIGHT, [], "Rejected", ["no pair numbering"]),
        ("pbn", CLUB_NIGHT, ["--scoring", "houstn"], "InvalidFile",
         ["There is no scoring method called 'houstn'"]),
        ("pbn", CLUB_NIGHT, ["--numbering", "howell", "--scoring", "houston", "--option",
                             "trim=-1"], "InvalidFile", ["Options for houston", "trim"]),
        ("pbn", CLUB_NIGHT, ["--numbering", "howell", "--scoring", "houston", "--option",
                             "vp_scale=nope"], "InvalidFile", ["no VP scale called 'nope'"]),
        ("travellers", FIGURE_15, ["--numbering", "howell", "--option", "trim=1"], "InvalidInput",
         ["no scoring method was given"]),
        ("pbn", CLUB_NIGHT, ["--numbering", "howell", "--scoring", "houston", "--option",
                             "trim"], "InvalidInput", ["'trim' is not an option"]),
    ],
)  # fmt: skip
def test_a_refused_import_writes_nothing(
    club: Club,
    tmp_path: Path,
    command: str,
    text: str,
    args: list[str],
    error: str,
    words: list[str],
) -> None:
    file = write(tmp_path, f"results.{command}", text)
    refused = club.refused("import", command, file, *args)
    assert refused["error"] == error
    said = refused["message"] + " ".join(refused.get("problems", []))
    assert all(w in said for w in words), said
    assert club.scoring() is None and club.trail("ScoringChosen") == []


def test_a_closed_session_takes_no_import_nor_its_scoring(club: Club, tmp_path: Path) -> None:
    club.app.close_session(club.event, 1)
    file = write(tmp_path, "club.pbn", CLUB_NIGHT)
    refused = club.refused(
        "import", "pbn", file, "--numbering", "howell", "--scoring", "cross-imps"
    )
    (problem,) = refused["problems"]
    assert problem.startswith("Session 1 is closed: no new results can be added.")


def test_the_sections_refusals_and_the_files_come_in_line_order(club: Club, tmp_path: Path) -> None:
    text = r"""[Board "9"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]
1 11 4H S 11 420
2 9 4H S x -
5 6 8S N 10 -
7 8 4H S 10 -
"""
    file = write(tmp_path, "board9.pbn", text)
    refused = club.refused("import", "pbn", file, "--numbering", "howell")
    assert [p.split(":")[0] for p in refused["problems"]] == ["line 3", "line 4", "line 5"]
    assert "scores +450 for NS, but the score given is +420" in refused["problems"][0]
    human = club.invoke("import", "pbn", file, "--numbering", "howell", fmt="table")
    said = " ".join(human.stderr.split())
    assert "nothing was written" in said and "- line 4: Result 'x' is not a whole number" in said


def test_the_sections_of_a_pbn_file(club: Club, tmp_path: Path) -> None:
    text = r"""[Board "1"]
[ScoreTable "Section;PairId_NS;PairId_EW;Contract;Declarer;Result"]
A 1 1 4S N 10
B 1 1 4S N 11
B 2 2 4S N 9
"""
    file = write(tmp_path, "two.pbn", text)
    assert club.run("import", "pbn", file, "--numbering", "mitchell", "--section", "B") == {
        "imported": 2
    }
    assert club.run("import", "pbn", file, "--numbering", "mitchell") == {"imported": 1}


# ---- rescore ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "error", "words"),
    [
        (["--scoring", "cross-imps"], "ReasonRequired", "reason"),
        (["--scoring", "cross-imps", "--reason", "  "], "ReasonRequired", "reason"),
        (["--scoring", "crossimps", "--reason", "r"], "PluginError", "Known:"),
        (["--scoring", "houston", "--option", "trim=x", "--reason", "r"], "PluginError", "trim"),
        (["--scoring", "houston", "--option", "vp_scale=nope", "--reason", "r"], "PluginError",
         "nope"),
        (["--scoring", "cross-imps", "--reason", "r", "--session", "3"], "NotFound",
         "no session 3"),
        (["--scoring", "cross-imps", "--reason", "r", "--section", "Q"], "NotFound",
         "no section 'Q'"),
    ],
)  # fmt: skip
def test_a_refused_rescore_writes_nothing(
    club: Club, args: list[str], error: str, words: str
) -> None:
    refused = club.refused("rescore", *args)
    assert refused["error"] == error and words in json.dumps(refused)


def test_rescore_every_section_then_one(club: Club) -> None:
    why = ["--reason", "the committee chose IMPs"]
    assert club.run("rescore", "--scoring", "imp-pairs", *why) == {
        "session": 1,
        "method": "cross-imps",
        "versions": {"A": "1.0", "B": "1.0"},
        "options": {},
        "rescored": ["A", "B"],
        "unchanged": [],
    }
    assert club.scoring("A") == club.scoring("B") == ("cross-imps", {})
    chosen = club.trail("ScoringChosen")
    assert [(t["section"], t["reason"]) for t in chosen] == [
        ("A", "the committee chose IMPs"),
        ("B", "the committee chose IMPs"),
    ]
    before = club.app.position()
    again = club.run("rescore", "--scoring", "cross-imp", *why)
    assert (again["rescored"], again["unchanged"]) == ([], ["A", "B"])
    assert club.app.position() == before
    assert club.run("rescore", "--scoring", "mp", "--section", "B", *why)["rescored"] == ["B"]
    assert club.scoring("B") == ("matchpoints", {})
    # The event's own method is matchpoints: B chose it again explicitly, A goes back to it.
    assert club.run("rescore", "--scoring", "matchpoints", *why)["rescored"] == ["A"]


def test_options_decide_whether_the_method_changes(club: Club) -> None:
    why = ["--reason", "datum without the extremes"]
    club.run("rescore", "--scoring", "houston", "--option", "trim=1", *why)
    same = club.run("rescore", "--scoring", "butler", "--option", "trim=1", *why)
    assert same["rescored"] == []
    other = club.run("rescore", "--scoring", "houston", "--option", "trim=0", *why)
    assert other["rescored"] == ["A", "B"] and club.scoring() == ("houston", {"trim": "0"})


def test_rescore_tells_the_director_to_publish_again(club: Club) -> None:
    why = ["--reason", "IMPs, as advertised"]
    said = club.invoke("rescore", "--scoring", "cross-imps", "--section", "A", *why, fmt="table")
    assert "now scored by cross-imps" in said.stdout and "publish" not in said.stdout
    club.app.close_session(club.event, 1)
    club.app.publish(club.event, 1)
    said = club.invoke("rescore", "--scoring", "cross-imps", *why, fmt="table")
    text = " ".join(said.stdout.split())
    assert "section B: now scored by cross-imps" in text
    assert "published before stay in the record" in text and "session publish" in text
    said = club.invoke("rescore", "--scoring", "cross-imps", *why, fmt="table")
    assert "already scored by cross-imps; nothing was recorded" in " ".join(said.stdout.split())


def test_a_csv_that_is_not_utf_8_is_refused(club: Club, tmp_path: Path) -> None:
    file = tmp_path / "board9.csv"
    file.write_bytes("board,ns,ew,score_ns,lead\n9,1,11,170,スペードA\n".encode("shift_jis"))
    refused = club.refused("import", "travellers", str(file), "--numbering", "howell")
    assert refused["error"] == "InvalidFile" and "not UTF-8 text" in refused["message"]
