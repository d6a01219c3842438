"""A club sends its event to the federation (issue 13): the club signs its publication
and its event file with its own key, the federation imports the file into its
PostgreSQL store after checking chain and signatures, and the standings there are the
club's, number for number. A whole store moves to PostgreSQL with ``store migrate``.
Everything through the command line, as a club and a federation would run it."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tests.acceptance.cli import invoke
from tests.adapters.conftest import postgres_server, postgres_url

__all__ = ["postgres_server", "postgres_url"]


def run(*args: str) -> Any:
    result = invoke([*args, "--format", "json"])
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return json.loads(result.stdout)


def refused(*args: str) -> dict[str, Any]:
    result = invoke([*args, "--format", "json"])
    assert result.exit_code == 1, (result.stdout, result.stderr)
    answer: dict[str, Any] = json.loads(result.stderr)
    return answer


@pytest.fixture
def club(tmp_path: Path) -> tuple[str, str, Path]:
    """A club's SQLite store with the demonstration evening, published and signed with
    the club's key: (store, event id, keys folder)."""
    store, folder = str(tmp_path / "club.db"), tmp_path / "keys"
    assert invoke(["demo", "--store", store]).exit_code == 0
    [event] = run("event", "list", "--store", store)
    run("keys", "create", "--name", "yotsuya", "--dir", str(folder))
    published = run(
        "session",
        "publish",
        "--event",
        event["id"],
        "--sign-with",
        str(folder / "yotsuya.key"),
        "--store",
        store,
    )
    assert published["signed_by"]["fingerprint"].startswith("SHA256:")
    return store, event["id"], folder


def standings(store: str, event: str) -> Any:
    return run("standings", "--event", event, "--session", "1", "--store", store)


@pytest.mark.postgres
def test_the_federation_imports_the_clubs_signed_file_and_has_its_standings(
    club: tuple[str, str, Path], postgres_url: str, tmp_path: Path
) -> None:
    store, event, folder = club
    public = str(folder / "yotsuya.pub")
    file = tmp_path / "tuesday.events"
    exported = run(
        "export",
        "events",
        "--event",
        event,
        str(file),
        "--sign-with",
        str(folder / "yotsuya.key"),
        "--store",
        store,
    )
    assert (
        exported["signed_by"]["public_key"]
        == run("keys", "show", "--name", "yotsuya", "--dir", str(folder))["public_key"]
    )
    done = run("import", "events", str(file), "--key", public, "--store", postgres_url)
    assert done["added"] == done["events"] == exported["events"]
    assert [p["ok"] for p in done["publications"] if p["signed"]] == [True]
    assert standings(postgres_url, event) == standings(store, event)
    again = run("import", "events", str(file), "--key", public, "--store", postgres_url)
    assert again["added"] == 0 and again["already"] == done["events"]
    checked = run("verify", "--event", event, "--key", public, "--store", postgres_url)
    assert checked["ok"] and checked["breaks"] == []
    assert [p["ok"] for p in checked["publications"] if p["signed"]] == [True]


def test_a_file_that_does_not_verify_is_refused_with_the_reason(
    club: tuple[str, str, Path], tmp_path: Path
) -> None:
    store, event, folder = club
    file = tmp_path / "tuesday.events"
    run("export", "events", "--event", event, str(file), "--store", store)
    lines = file.read_bytes().splitlines(keepends=True)
    data = json.loads(lines[10])
    data["state"]["actor"] = "someone else"
    lines[10] = json.dumps(data).encode() + b"\n"
    file.write_bytes(b"".join(lines))
    federation = str(tmp_path / "federation.db")
    error = refused("import", "events", str(file), "--store", federation)
    assert error["code"] == "file.broken"
    assert any("is not what was recorded" in p for p in error["problems"])
    unsigned = refused(
        "import", "events", str(file), "--key", str(folder / "yotsuya.pub"), "--store", federation
    )
    assert unsigned["code"] in {"file.broken", "file.unsigned"}
    assert not Path(federation).exists() or run("event", "list", "--store", federation) == []


def test_verify_says_in_words_which_event_was_altered(
    club: tuple[str, str, Path],
) -> None:
    store, event, folder = club
    assert run("verify", "--store", store)["ok"]
    with sqlite3.connect(store) as db:
        rowid, state = db.execute(
            "SELECT rowid, state FROM stored_events WHERE topic LIKE '%ResultRecorded' LIMIT 1"
        ).fetchone()
        data = json.loads(state)
        data["result"]["score_ns"] = 1430
        db.execute("UPDATE stored_events SET state = ? WHERE rowid = ?", (json.dumps(data), rowid))
    result = invoke(
        ["verify", "--event", event, "--key", str(folder / "yotsuya.pub"), "--store", store]
    )
    assert result.exit_code == 1
    assert "is not what was recorded" in result.stdout
    assert "does NOT verify" in result.stdout
    assert "the record it signed has changed" in result.stdout


@pytest.mark.postgres
def test_a_club_store_moves_to_postgresql_whole_and_checked(
    club: tuple[str, str, Path], postgres_url: str
) -> None:
    store, event, _ = club
    done = run("store", "migrate", "--from", store, "--to", postgres_url)
    assert done["added"] == done["events"] > 0
    assert standings(postgres_url, event) == standings(store, event)
    assert run("verify", "--store", postgres_url)["ok"]
    assert run("store", "migrate", "--from", store, "--to", postgres_url)["added"] == 0
    same = refused("store", "migrate", "--from", store, "--to", f"sqlite:///{store}")
    assert same["code"] == "migrate.same"


def test_a_store_holding_other_events_is_not_migrated_into(
    club: tuple[str, str, Path], tmp_path: Path
) -> None:
    store, _, _ = club
    other = str(tmp_path / "other.db")
    run("event", "create", "--name", "Another club's night", "--store", other)
    error = refused("store", "migrate", "--from", store, "--to", other)
    assert error["code"] == "migrate.target_differs"
    assert len(run("event", "list", "--store", other)) == 1


def test_a_store_that_does_not_verify_is_not_copied_and_leaves_no_copy(
    club: tuple[str, str, Path], tmp_path: Path
) -> None:
    store, _, _ = club
    with sqlite3.connect(store) as db:
        db.execute(
            "DELETE FROM stored_events WHERE rowid = (SELECT MAX(rowid) - 5 FROM stored_events)"
        )
    copy = tmp_path / "copy.db"
    error = refused("store", "migrate", "--from", store, "--to", str(copy))
    assert error["code"] == "migrate.unverified" and error["problems"]
    assert not copy.exists()


def test_a_publication_altered_past_reading_is_a_break_not_a_crash(
    club: tuple[str, str, Path],
) -> None:
    store, _, folder = club
    with sqlite3.connect(store) as db:
        rowid, state = db.execute(
            "SELECT rowid, state FROM stored_events WHERE topic LIKE '%ResultsPublished' "
            "ORDER BY rowid DESC LIMIT 1"
        ).fetchone()
        data = json.loads(state)
        data["standings"] = "whatever I like"
        db.execute("UPDATE stored_events SET state = ? WHERE rowid = ?", (json.dumps(data), rowid))
    result = invoke(["verify", "--key", str(folder / "yotsuya.pub"), "--store", store])
    assert result.exit_code == 1, result.stderr
    assert "is not what was recorded" in result.stdout
