"""``traveller movement show|check|cards|slips|placement|advise`` through typer."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from adapters.cli import common
from adapters.cli.movements import register
from engine.testing import memory_app

runner = CliRunner()


@pytest.fixture
def cli() -> typer.Typer:
    """An app with the ``movement`` group, as main.py mounts it."""
    app = typer.Typer()
    register(app)
    return app


@pytest.fixture
def store(monkeypatch: pytest.MonkeyPatch) -> str:
    url = f"memory:{uuid.uuid4().hex}"
    monkeypatch.setitem(common._apps, url, memory_app())
    return url


def run(cli: typer.Typer, *args: str, code: int = 0) -> Any:
    result = runner.invoke(cli, ["movement", *args])
    assert result.exit_code == code, (result.stdout, flat(result.stderr))
    return result


def flat(text: str) -> str:
    """Rich wraps lines at the terminal's width; compare words."""
    return " ".join(text.split())


def data(cli: typer.Typer, *args: str, code: int = 0) -> Any:
    return json.loads(run(cli, *args, "--format", "json", code=code).stdout)


def write(tmp_path: Path, content: object, name: str = "movement.json") -> str:
    path = tmp_path / name
    path.write_text(content if isinstance(content, str) else json.dumps(content))
    return str(path)


# A straight 3-table Mitchell in the documented shape (no numbering: it is inferred).
MITCHELL_3 = {
    "family": "mitchell",
    "tables": 3,
    "rounds": 3,
    "boards_per_round": 2,
    "schedule": [
        {"round": r, "table": t, "ns": t, "ew": (t - r) % 3 + 1, "boards": [b, b + 1]}
        for r in (1, 2, 3)
        for t in (1, 2, 3)
        for b in [((t + r - 2) % 3) * 2 + 1]
    ],
    "relays": [],
    "sit_outs": [],
}


def test_the_movement_group_has_every_command_once(cli: typer.Typer) -> None:
    (group,) = [g.typer_instance for g in cli.registered_groups if g.name == "movement"]
    assert group is not None
    names = [c.name or "" for c in group.registered_commands]
    assert sorted(names) == [
        "advise",
        "assign",
        "cards",
        "check",
        "list",
        "placement",
        "show",
        "slips",
    ]
    fresh = typer.Typer()
    register(fresh)
    assert [g.name for g in fresh.registered_groups] == ["movement"]


def test_check_a_sound_movement(cli: typer.Typer, tmp_path: Path) -> None:
    path = write(tmp_path, MITCHELL_3)
    report = data(cli, "check", path)
    assert report["ok"] is True and report["problems"] == []
    assert report["numbering"] == "mitchell"
    assert report["plays"] == {str(b): 3 for b in range(1, 7)}
    assert {"pairs": ["EW1", "NS1"], "rounds": 1} in report["meetings"]
    assert len(report["meetings"]) == 9
    assert report["sit_outs"]["EW2"] == 0
    assert report["directions"]["NS2"] == {"ns": 3, "ew": 0}
    assert report["comparison_min"] == report["comparison_max"] == 6
    assert report["comparison_stdev"] == "0.00"
    text = flat(run(cli, "check", path).stdout)
    assert "No problems" in text and "Plays per board: 3 times: boards 1-6." in text
    assert "NS/EW balance" in text and "Comparison balance" in text


def test_check_a_broken_movement_exits_1(cli: typer.Typer, tmp_path: Path) -> None:
    broken = json.loads(json.dumps(MITCHELL_3))
    broken["schedule"][3]["boards"] = [1, 2]  # round 2, table 1 plays round 1's boards again
    path = write(tmp_path, broken)
    report = data(cli, "check", path, code=1)
    assert report["ok"] is False
    assert any("plays board 1 twice" in p for p in report["problems"])
    text = flat(run(cli, "check", path, code=1).stdout)
    assert "problem(s)" in text and "plays board 1 twice" in text


def test_check_infers_one_series_for_a_howell(cli: typer.Typer, tmp_path: Path) -> None:
    m = json.loads(run(cli, "check", write(tmp_path, MITCHELL_3), "--format", "json").stdout)
    assert m["numbering"] == "mitchell"
    howell = {
        "family": "test",
        "tables": 1,
        "rounds": 3,
        "boards_per_round": 1,
        "schedule": [
            {"round": 1, "table": 1, "ns": 1, "ew": 2, "boards": [1]},
            {"round": 2, "table": 1, "ns": 3, "ew": 1, "boards": [2]},
            {"round": 3, "table": 1, "ns": 2, "ew": 3, "boards": [3]},
        ],
    }
    report = data(cli, "check", write(tmp_path, howell))
    assert report["numbering"] == "howell"
    assert report["directions"]["1"] == {"ns": 1, "ew": 1}
    assert "numbering howell (the file gives none)" in flat(
        run(cli, "check", write(tmp_path, howell)).stdout
    )


def test_check_refuses_what_is_not_a_movement(cli: typer.Typer, tmp_path: Path) -> None:
    result = run(cli, "check", write(tmp_path, '{"family": '), code=1)
    assert "is not JSON" in flat(result.stderr) and "line 1, column" in flat(result.stderr)
    result = run(cli, "check", write(tmp_path, [1, 2]), code=1)
    assert "not a movement" in flat(result.stderr)
    shape = {"family": "x", "tables": 2, "schedule": [{"round": 1}]}
    result = run(cli, "check", write(tmp_path, shape), "--format", "json", code=1)
    error = json.loads(result.stderr)
    assert error["error"] == "InvalidFile"
    assert "rounds: Field required" in error["problems"]
    assert "schedule[0].boards: Field required" in error["problems"]
    result = run(cli, "check", str(tmp_path / "missing.json"), code=1)
    assert "cannot be read" in flat(result.stderr)


def test_cards(cli: typer.Typer, store: str) -> None:
    cards = data(cli, "cards", "mitchell", "--tables", "5", "--store", store)
    assert [c["table"] for c in cards["tables"]] == [1, 2, 3, 4, 5]
    assert cards["rovers"] == []
    first = cards["tables"][0]["rounds"][0]
    assert first["ns"] == "NS1" and first["ew"] == "EW1" and first["boards"] == [1, 2]
    assert first["ns_next"] == {"table": 1, "line": "NS"}
    assert first["ew_next"] == {"table": 2, "line": "EW"}
    assert first["boards_next"] == {"stand": "table", "tables": [5]}
    assert cards["tables"][0]["rounds"][-1]["boards_next"] is None
    text = flat(
        run(cli, "cards", "mitchell", "--tables", "5", "--table", "3", "--store", store).stdout
    )
    assert "Table 3" in text and "Table 1" not in text and "table 4 EW" in text
    result = run(
        cli, "cards", "mitchell", "--tables", "5", "--table", "9", "--store", store, code=1
    )
    assert "no table 9" in flat(result.stderr)


def test_cards_from_a_file_and_a_family_without_tables(
    cli: typer.Typer, store: str, tmp_path: Path
) -> None:
    cards = data(cli, "cards", write(tmp_path, MITCHELL_3), "--store", store)
    assert len(cards["tables"]) == 3
    result = run(cli, "cards", "howell", "--store", store, code=1)
    assert "Give the number of tables" in flat(result.stderr)


def test_slips(cli: typer.Typer, store: str) -> None:
    slips = data(cli, "slips", "howell", "--tables", "3", "--store", store)
    assert [s["pair"] for s in slips] == [str(p) for p in range(1, 7)]
    six = slips[-1]
    assert six["phantom"] is True
    assert [r["opponent"] for r in six["rounds"]] == ["1", "2", "3", "4", "5"]
    assert {(r["table"], r["line"]) for r in six["rounds"]} == {(1, "NS")}
    (one,) = data(cli, "slips", "howell", "--tables", "3", "--pair", "1", "--store", store)
    assert one["pair"] == "1" and len(one["rounds"]) == 5
    text = run(cli, "slips", "mitchell", "--tables", "3", "--pair", "EW2", "--store", store)
    assert "Pair EW 2" in flat(text.stdout)
    result = run(
        cli, "slips", "mitchell", "--tables", "3", "--pair", "NS9", "--store", store, code=1
    )
    assert "no pair NS9" in flat(result.stderr)
    result = run(cli, "slips", "mitchell", "--tables", "3", "--pair", "X", "--store", store, code=1)
    assert "is not a pair" in flat(result.stderr)


def test_placement(cli: typer.Typer, store: str) -> None:
    starts = data(cli, "placement", "mitchell", "--tables", "8", "--option", "variant=relay",
                  "--store", store)  # fmt: skip
    assert starts[0] == {
        "set": 1,
        "boards": [1, 2],
        "stand": "relay",
        "tables": [1, 8],
        "first_round": 1,
        "first_tables": [1, 8],
    }
    (bye,) = [s for s in starts if s["stand"] == "bye"]
    assert bye["first_round"] == 2
    text = flat(run(cli, "placement", "howell", "--tables", "4", "--store", store).stdout)
    assert "bye stand" in text and "round 2, table" in text


def test_advise(cli: typer.Typer, store: str) -> None:
    advice = data(cli, "advise", "--pairs", "14", "--boards", "24", "--store", store)
    assert advice["pairs"] == 14 and advice["tables"] == 7
    best = advice["proposals"][0]
    # 7 minutes a board and 1 a round: 24 boards take 174 (6 × 4) to 180 (12 × 2) minutes.
    assert best["boards"] == 24 and 174 <= best["minutes"][0] <= 180 and best["winners"] == 1
    two = data(cli, "advise", "--pairs", "16", "--two-winners", "--store", store)
    assert two["winners"] == 2 and two["proposals"][0]["winners"] == 2
    teams = data(cli, "advise", "--pairs", "7", "--teams", "--store", store)
    assert teams["teams"] == 7
    sessions = data(cli, "advise", "--pairs", "30", "--sessions", "2", "--store", store)
    assert any("two-session list (15T)" in p["source"] for p in sessions["proposals"])
    # Each session says what to assign each section: 9T + 6T plays its movements again.
    (split,) = [p for p in sessions["proposals"] if p["title"].startswith("9T scrambled")]
    assert [s["family"] for s in split["sections"]] == [
        "arrow-switch-mitchell",
        "three-quarter-howell",
    ]
    first, second = split["sessions"]
    assert (first["renumber"], second["renumber"]) == (False, True)
    assert [(s["tables"], s["family"], s["options"]) for s in second["sections"]] == [
        (9, "arrow-switch-mitchell", {"boards_per_round": 3}),
        (6, "three-quarter-howell", {"boards_per_round": 3, "rounds": 9}),
    ]
    text = flat(run(cli, "advise", "--pairs", "16", "--sessions", "2", "--limit", "20",
                    "--store", store).stdout)  # fmt: skip
    # Each session's assign command, ready to paste (tests/acceptance/test_movement_advice.py).
    assert (
        "traveller movement assign --event ID --family interwoven-howell --tables 8 "
        "--boards-per-round 3 --option session=1 --option first_session=scrambled "
        "--option rounds=8 "
        "traveller movement assign --event ID --session 2 --family interwoven-howell "
        "--tables 8 --boards-per-round 3 --option session=2 --option rounds=7"
    ) in text
    assert (
        "traveller movement assign --event ID --session 2 --family three-quarter-howell"
    ) in text and "traveller renumber --event ID --from 1 --to 2" in text
    text = flat(run(cli, "advise", "--pairs", "13", "--minutes", "180", "--limit", "3",
                    "--store", store).stdout)  # fmt: skip
    assert "13 pairs" in text and "half table" in text and "Proposals, best first" in text
    assert "Consider:" in text and "more with --limit" in text
    result = run(cli, "advise", "--pairs", "1", "--store", store, code=1)
    assert "cannot play" in flat(result.stderr)


# ---- movement show, --rounds, --format text -------------------------------------------------


def test_show_with_rounds_and_text_format(cli: typer.Typer, store: str) -> None:
    """The issue's command line: ``movement show FAMILY --tables N [--rounds R]
    [--boards-per-round B] [--option KEY=VALUE ...] --format text|json``."""
    shown = data(cli, "show", "mitchell", "--tables", "7", "--rounds", "5",
                 "--boards-per-round", "3", "--store", store)  # fmt: skip
    assert (shown["rounds"], shown["boards_per_round"]) == (5, 3)
    assert {e["round"] for e in shown["schedule"]} == {1, 2, 3, 4, 5}
    args = ("show", "mitchell", "--tables", "7", "--rounds", "5", "--store", store)
    text = run(cli, *args, "--format", "text").stdout
    assert text == run(cli, *args, "--format", "table").stdout == run(cli, *args).stdout
    assert "7-table mitchell: 5 rounds of 2 boards" in flat(text)
    assert flat(run(cli, *args, "--format", "TEXT").stdout) == flat(text)
    result = run(cli, *args, "--format", "xml", code=2)
    assert "'xml' is not a format" in flat(result.stderr)
    # --rounds is the family's rounds option, and wins over --option rounds=.
    again = data(cli, "show", "mitchell", "--tables", "7", "--option", "rounds=6",
                 "--rounds", "5", "--store", store)  # fmt: skip
    assert again["rounds"] == 5


def test_rounds_for_a_family_without_a_rounds_option(cli: typer.Typer, store: str) -> None:
    result = run(cli, "show", "american-whist", "--tables", "7", "--rounds", "4",
                 "--store", store, code=1)  # fmt: skip
    said = flat(result.stderr)
    assert "The american-whist movement has no rounds option, so --rounds cannot be given" in said
    assert "Options it takes: boards_per_round, first_board, direction, matches" in said
    error = json.loads(
        run(cli, "cards", "american-whist", "--tables", "7", "--rounds", "4", "--store", store,
            "--format", "json", code=1).stderr
    )  # fmt: skip
    assert error["error"] == "InvalidInput" and "matches" in error["hint"]


def test_rounds_and_text_format_in_the_other_movement_commands(
    cli: typer.Typer, store: str, tmp_path: Path
) -> None:
    cards = data(cli, "cards", "howell", "--tables", "4", "--rounds", "7", "--store", store)
    assert len(cards["tables"][0]["rounds"]) == 7
    slips = data(cli, "slips", "mitchell", "--tables", "5", "--rounds", "3", "--store", store)
    assert {len(s["rounds"]) for s in slips} == {3}
    text = run(cli, "placement", "mitchell", "--tables", "5", "--rounds", "3", "--store", store,
               "--format", "text").stdout  # fmt: skip
    assert "Boards before round 1" in flat(text)
    assert "No problems" in flat(run(cli, "check", write(tmp_path, MITCHELL_3), "--format",
                                     "text").stdout)  # fmt: skip
    advice = run(cli, "advise", "--pairs", "14", "--limit", "1", "--store", store,
                 "--format", "text").stdout  # fmt: skip
    assert "Proposals, best first" in flat(advice)


def test_options_from_the_command_line_name_literal_numbers(cli: typer.Typer, store: str) -> None:
    """``--option session=2`` arrives as text; a field whose choices are ``Literal[1, 2]``
    still takes it (and the advisor's own suggestion, ``session=2``, can be shown)."""
    shown = data(cli, "show", "interwoven-howell", "--tables", "9", "--option", "session=2",
                 "--store", store)  # fmt: skip
    assert shown["rounds"] == 9 and "session 2" in shown["description"]
    stagger = data(cli, "show", "stagger", "--tables", "6", "--option", "session=2",
                   "--store", store)  # fmt: skip
    assert stagger["rounds"] == 3 and "session 2" in stagger["description"]
    twin = data(cli, "slips", "twin-mitchell", "--tables", "8", "--option", "stanzas=1",
                "--store", store)  # fmt: skip
    assert {len(s["rounds"]) for s in twin} == {3}
    result = run(cli, "show", "stagger", "--tables", "6", "--option", "session=3",
                 "--store", store, code=1)  # fmt: skip
    assert "session: Input should be 1 or 2" in flat(result.stderr)
