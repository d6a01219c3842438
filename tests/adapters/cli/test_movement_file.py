"""Movement files from other programs: ``movement check`` fills in what a published file
leaves out (boards per round, numbering, its name) and reads every way of writing the
phantom; ``movement assign --file`` plays the file, checked by the engine's validator."""

from __future__ import annotations

import functools
import json
import tempfile
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adapters.cli.common import open_app
from adapters.cli.movement_source import load_movement
from engine.errors import TravellerError
from engine.seating import Line, Pair
from engine.validator import check as check_movement
from tests.acceptance.cli import Cli, invoke


def published(cli: Cli, family: str, tables: int, *more: str) -> dict[str, Any]:
    """A movement as ``movement show --format json`` prints it: a complete movement file."""
    data: dict[str, Any] = cli.run("movement", "show", family, "--tables", str(tables), *more)
    return data


def write(tmp_path: Path, data: dict[str, Any], name: str = "movement.json") -> str:
    file = tmp_path / name
    file.write_text(json.dumps(data))
    return str(file)


def bare(data: dict[str, Any], *keep: str) -> dict[str, Any]:
    """Only the schedule (and ``keep``): what a program that writes less gives."""
    return {k: v for k, v in data.items() if k in ("schedule", *keep)}


# ---- movement check ---------------------------------------------------------------------


def check(file: str, *, ok: bool = True, fmt: str = "json") -> Any:
    """``movement check FILE`` (it opens no store): its report, or the refusal."""
    result = invoke(["movement", "check", file, "--format", fmt])
    if fmt != "json":
        return result.stdout
    if ok:
        assert result.exit_code == 0, (result.stdout, result.stderr)
        return json.loads(result.stdout)
    assert result.exit_code == 1 and result.stdout == "", (result.stdout, result.stderr)
    return json.loads(result.stderr)


def test_check_infers_boards_per_round_and_numbering(tmp_path: Path) -> None:
    cli = Cli()
    howell = published(cli, "howell", 4)
    file = write(tmp_path, bare(howell, "family", "tables", "rounds"))
    report = check(file)
    assert report["ok"] is True
    assert report["inferred"] == {
        "boards_per_round": "2 (every table plays 2 boards a round)",
        "numbering": "howell (the file gives none)",
    }


@pytest.mark.parametrize(
    ("written", "numbering", "pair"),
    [
        (8, "howell", [8, None]),
        ("8", "howell", [8, None]),
        ({"number": 8}, "howell", [8, None]),
        ("NS 3", "mitchell", [3, "NS"]),
        ("EW3", "mitchell", [3, "EW"]),
        ({"number": 3, "line": "ew"}, "mitchell", [3, "EW"]),
        ([3, "NS"], "mitchell", [3, "NS"]),
    ],
)
def test_every_way_of_writing_the_phantom_is_read(
    tmp_path: Path, written: Any, numbering: str, pair: list[Any]
) -> None:
    cli = Cli()
    family = "howell" if numbering == "howell" else "mitchell"
    data = published(cli, family, 4) | {"phantom": written}
    del data["boards_per_round"]
    report = check(write(tmp_path, data))
    assert report["ok"] is True
    assert report["phantom"] == pair


def test_a_mitchell_phantom_without_its_line_is_refused_clearly(tmp_path: Path) -> None:
    cli = Cli()
    data = published(cli, "mitchell", 4) | {"phantom": 4}
    error = check(write(tmp_path, data), ok=False)
    assert error["code"] == "movement_file.fields"
    assert any('write "NS4" or "EW4"' in p for p in error["problems"]), error


def test_a_phantom_the_schedule_never_seats_is_refused(tmp_path: Path) -> None:
    cli = Cli()
    data = published(cli, "howell", 4) | {"phantom": "12"}
    error = check(write(tmp_path, data), ok=False)
    assert any("pair 12 never plays" in p for p in error["problems"]), error


def test_uneven_board_sets_are_not_guessed(tmp_path: Path) -> None:
    cli = Cli()
    data = bare(published(cli, "howell", 4), "family", "tables", "rounds")
    data["schedule"][0]["boards"] = [1, 2, 3]
    error = check(write(tmp_path, data), ok=False)
    assert error["code"] == "movement_file.fields"
    assert any(p.startswith("boards_per_round:") for p in error["problems"]), error


def test_a_check_shows_what_it_inferred(tmp_path: Path) -> None:
    cli = Cli()
    file = write(tmp_path, bare(published(cli, "howell", 4), "family", "tables", "rounds"))
    text = check(file, fmt="table")
    assert "From the schedule, boards per round: 2 (every table plays 2 boards a round)." in text


# ---- movement assign --file ------------------------------------------------------------


def club(cli: Cli, pairs: int) -> str:
    event: str = cli.run("event", "create", "--name", "Published movement")["id"]
    for i in range(1, pairs + 1):
        cli.run("entry", "add", "--event", event, "--player", f"N{i}", "--player", f"S{i}")
    return event


def test_assign_plays_a_published_movement(tmp_path: Path) -> None:
    cli = Cli()
    event = club(cli, 8)
    data = bare(published(cli, "howell", 4), "tables", "rounds")
    data["phantom"] = 8
    file = write(tmp_path, data, "howell-4.json")
    done = cli.run("movement", "assign", "--event", event, "--file", file)
    assert done["tables"] == 4
    assert done["rounds"] == 7
    assert done["boards_per_round"] == 2
    assert done["family"] == "howell-4"
    assert done["file"] == "howell-4.json"
    assert len(done["seats"]) == 8
    section = open_app(cli.store).section(UUID(event), 1, "A")
    assert section.movement is not None
    assert section.movement.phantom == Pair(8)
    assert section.movement_options == {"file": "howell-4.json"}
    # The round starts as any movement's does.
    cli.run("round", "start", "--event", event, "1")


def test_assign_seats_a_phantom_when_a_pair_is_missing(tmp_path: Path) -> None:
    cli = Cli()
    event = club(cli, 7)
    data = published(cli, "mitchell", 4) | {"phantom": "NS4"}
    done = cli.run("movement", "assign", "--event", event, "--file", write(tmp_path, data))
    assert done["phantom"] == "NS4"


def test_a_broken_movement_file_is_refused_and_nothing_written(tmp_path: Path) -> None:
    cli = Cli()
    event = club(cli, 8)
    data = published(cli, "howell", 4)
    data["schedule"][1]["ew"] = data["schedule"][0]["ew"]  # one pair at two tables
    before = cli.position
    error = cli.run(
        "movement", "assign", "--event", event, "--file", write(tmp_path, data), ok=False
    )
    assert error["code"] == "movement.invalid"
    assert cli.position == before


def test_assign_takes_a_family_or_a_file_not_both(tmp_path: Path) -> None:
    cli = Cli()
    event = club(cli, 8)
    file = write(tmp_path, published(cli, "howell", 4))
    both = cli.run(
        "movement", "assign", "--event", event, "--family", "howell", "--file", file, ok=False
    )
    neither = cli.run("movement", "assign", "--event", event, ok=False)
    assert both["code"] == neither["code"] == "movement.family_or_file"


def test_a_file_too_small_for_the_entries_is_refused(tmp_path: Path) -> None:
    cli = Cli()
    event = club(cli, 10)
    file = write(tmp_path, published(cli, "howell", 4))
    before = cli.position
    error = cli.run("movement", "assign", "--event", event, "--file", file, ok=False)
    assert error["code"] == "movement.size"
    assert cli.position == before


def test_line_of_a_mitchell_phantom_survives_the_store(tmp_path: Path) -> None:
    cli = Cli()
    event = club(cli, 7)
    data = published(cli, "mitchell", 4) | {"phantom": {"number": 4, "line": "NS"}}
    cli.run("movement", "assign", "--event", event, "--file", write(tmp_path, data))
    section = open_app(cli.store).section(UUID(event), 1, "A")
    assert section.movement is not None
    assert section.movement.phantom == Pair(4, Line.NS)


# ---- fuzz: a movement file is read or refused, never a traceback ---------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
FIELDS = ["family", "tables", "rounds", "boards_per_round", "numbering", "phantom", "schedule"]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=7),
    st.lists(
        st.dictionaries(
            st.sampled_from(["round", "table", "ns", "ew", "boards"]),
            st.integers(0, 9) | st.lists(st.integers(0, 9), max_size=3) | JSON,
        ),
        max_size=6,
    ),
)
def test_any_json_is_read_or_refused_plainly(fields: dict[str, Any], schedule: Any) -> None:
    data = {**fields, "schedule": schedule} if schedule else fields
    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / "fuzz.json"
        file.write_text(json.dumps(data))
        try:
            movement, _ = load_movement(file)
            check_movement(movement)
        except TravellerError:
            pass  # refused, saying why


@functools.cache
def howell_four() -> str:
    return json.dumps(published(Cli(), "howell", 4))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(FIELDS),
    JSON,
    st.integers(0, 27),
    st.sampled_from(["round", "table", "ns", "ew", "boards"]),
    st.integers(-1, 30) | st.lists(st.integers(0, 30), max_size=3),
)
def test_a_mutated_published_movement_is_checked_or_refused_plainly(
    name: str, value: Any, row: int, cell: str, written: Any
) -> None:
    data = json.loads(howell_four())
    data[name] = value
    if isinstance(data.get("schedule"), list) and row < len(data["schedule"]):
        entry = data["schedule"][row]
        if isinstance(entry, dict):
            entry[cell] = written
    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / "mutated.json"
        file.write_text(json.dumps(data))
        try:
            movement, _ = load_movement(file)
            check_movement(movement)
        except TravellerError:
            pass  # refused, saying why
