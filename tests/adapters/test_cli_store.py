"""The store as the command line opens it: a read command never creates one, every error
names the store it opened, and a store that cannot be used is a clear error."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from adapters.storage import POSTGRES_EXTRA, shown
from tests.acceptance.cli import invoke


def run(*args: str) -> tuple[int, str, str]:
    result = invoke(list(args))
    return result.exit_code, result.stdout, result.stderr


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize(
    "command",
    [
        ["standings", "--event", "6f1c"],
        ["event", "list"],
        ["audit", "--event", "6f1c"],
        ["board", "1", "--event", "6f1c"],
        ["replay", "--event", "6f1c", "--at", "3"],
        ["entry", "list", "--event", "6f1c"],
    ],
)
def test_a_read_command_on_a_missing_store_says_so_and_creates_nothing(
    command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TRAVELLER_STORE", raising=False)
    code, out, err = run(*command, "--format", "json")
    assert code == 1 and out == ""
    refused = json.loads(err)
    assert refused["error"] == "StoreError"
    assert refused["message"].startswith(f"There is no store at {tmp_path / 'traveller.db'}")
    assert "event create" in refused["hint"]
    assert list(tmp_path.iterdir()) == [], "nothing was created"


@pytest.mark.parametrize(
    "command",
    [
        ["scoring", "list"],
        ["pairing", "list"],
        ["movement", "list"],
        ["movement", "show", "mitchell", "--tables", "3"],
        ["movement", "cards", "howell", "--tables", "3"],
        ["convert", "vp", "--boards", "16", "--imps", "7", "--scale", "wbf2013"],
        ["stage", "rules"],
    ],
)
def test_a_command_that_needs_only_the_plugins_creates_no_store(
    command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TRAVELLER_STORE", raising=False)
    code, out, err = run(*command)
    assert code == 0, err
    assert out
    assert list(tmp_path.iterdir()) == []


def test_the_first_command_that_records_creates_the_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TRAVELLER_STORE", raising=False)
    code, out, err = run("event", "create", "--name", "Tuesday pairs", "--format", "json")
    assert code == 0, err
    assert (tmp_path / "traveller.db").exists()
    code, out, err = run("event", "list", "--format", "json")
    assert code == 0 and [e["name"] for e in json.loads(out)] == ["Tuesday pairs"]


def test_every_error_names_the_store_it_opened(tmp_path: Path) -> None:
    store = str(tmp_path / "club.db")
    assert run("event", "create", "--name", "Club night", "--store", store)[0] == 0
    code, _, err = run("standings", "--event", "zzzz", "--store", store, "--format", "json")
    assert code == 1 and json.loads(err)["store"] == str(tmp_path / "club.db")
    code, _, err = run("standings", "--event", "zzzz", "--store", store)
    assert code == 1 and f"Store: {tmp_path / 'club.db'}" in flat(err)


def test_a_store_url_is_named_without_its_password() -> None:
    assert shown("postgresql://ann:s3cret@db.example.org/federation") == (
        "postgresql://ann:***@db.example.org/federation"
    )
    assert shown("memory:club") == "memory:club"


def test_postgresql_without_the_postgres_extra_says_which_extra_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = importlib.util.find_spec

    def without_psycopg(name: str, *args: object) -> object:
        return None if name.startswith("psycopg") else real(name, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(importlib.util, "find_spec", without_psycopg)
    url = "postgresql://ann:s3cret@db.example.org/federation"
    code, out, err = run("event", "list", "--store", url)
    assert code == 1 and out == ""
    assert "Traceback" not in err and len(err.strip().splitlines()) <= 6
    assert "pip install 'traveller[postgres]'" in flat(err) and POSTGRES_EXTRA in flat(err)
    assert "s3cret" not in err
    code, _, err = run("event", "list", "--store", url, "--format", "json")
    refused = json.loads(err)
    assert refused["error"] == "StoreError" and POSTGRES_EXTRA in refused["hint"]


def test_a_store_that_cannot_be_used_is_an_error_not_a_traceback(tmp_path: Path) -> None:
    broken = tmp_path / "notes.db"
    broken.write_text("these are a director's notes, not a Traveller store\n" * 100)
    code, out, err = run("event", "list", "--store", str(broken), "--format", "json")
    assert code == 1 and out == ""
    refused = json.loads(err)
    assert refused["error"] == "StoreError"
    assert str(broken) in refused["message"] and refused["store"] == str(broken)


def test_a_refused_first_command_leaves_no_empty_store_behind(tmp_path: Path) -> None:
    store = tmp_path / "club.db"
    code, _, err = run("entry", "add", "--event", "abc", "--player", "X", "--player", "Y",
                       "--store", str(store))  # fmt: skip
    assert code == 1 and "does not name one event" in err
    assert not list(tmp_path.iterdir())
    # A store with something recorded in it is kept, whatever fails afterwards.
    assert run("event", "create", "--name", "Club", "--store", str(store))[0] == 0
    assert run("entry", "add", "--event", "abc", "--player", "X", "--store", str(store))[0] == 1
    assert store.exists()
