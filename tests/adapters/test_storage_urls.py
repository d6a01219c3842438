"""Store URLs: which one is used, and the eventsourcing settings each maps to."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.storage import DEFAULT_URL, ENV_VAR, env_for, store_url
from engine.errors import StoreError, TravellerError

# ---- which URL ------------------------------------------------------------------------------


def test_the_default_store_is_traveller_db_in_the_current_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv(ENV_VAR, raising=False)
    monkeypatch.chdir(tmp_path)
    assert store_url() == DEFAULT_URL == "./traveller.db"
    env = env_for(store_url())
    assert env["PERSISTENCE_MODULE"] == "adapters.storage.sqlite"
    assert Path(env["SQLITE_DBNAME"]).resolve() == tmp_path / "traveller.db"


def test_the_environment_variable_names_the_store(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, "memory:")
    assert ENV_VAR == "TRAVELLER_STORE"
    assert store_url() == "memory:"
    assert store_url("sqlite:///explicit.db") == "sqlite:///explicit.db"  # --store wins


def test_an_empty_environment_variable_means_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, "")
    assert store_url() == DEFAULT_URL


# ---- SQLite ---------------------------------------------------------------------------------


def test_sqlite_three_slashes_is_relative_to_the_current_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "data").mkdir()
    env = env_for("sqlite:///data/rel.db")
    assert env["PERSISTENCE_MODULE"] == "adapters.storage.sqlite"
    assert env["SQLITE_DBNAME"] == "data/rel.db"
    assert not Path(env["SQLITE_DBNAME"]).is_absolute()
    assert env_for("sqlite:///rel.db")["SQLITE_DBNAME"] == "rel.db"


def test_sqlite_four_slashes_is_an_absolute_path(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/club.db"
    assert url.startswith("sqlite:////")
    env = env_for(url)
    assert env["SQLITE_DBNAME"] == str(tmp_path / "club.db")
    assert env["SQLITE_LOCK_TIMEOUT"].isdigit()


def test_a_bare_path_is_a_sqlite_file(tmp_path: Path) -> None:
    env = env_for(str(tmp_path / "club.db"))
    assert env["PERSISTENCE_MODULE"] == "adapters.storage.sqlite"
    assert env["SQLITE_DBNAME"] == str(tmp_path / "club.db")


def test_a_home_relative_path_is_expanded(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    assert env_for("~/club.db")["SQLITE_DBNAME"] == str(tmp_path / "club.db")
    assert env_for("sqlite:///~/club.db")["SQLITE_DBNAME"] == str(tmp_path / "club.db")


@pytest.mark.parametrize("form", ["{folder}/club.db", "sqlite:///{folder}/club.db"])
def test_a_file_in_a_missing_folder_is_refused(tmp_path: Path, form: str) -> None:
    folder = tmp_path / "no" / "such"
    with pytest.raises(StoreError) as caught:
        env_for(form.format(folder=folder))
    assert str(folder) in caught.value.message
    assert "does not exist" in caught.value.message
    assert caught.value.hint is not None and "Create it" in caught.value.hint


@pytest.mark.parametrize("url", ["sqlite://", "sqlite:///", "sqlite://server/club.db"])
def test_a_sqlite_url_without_a_file_is_refused(url: str) -> None:
    with pytest.raises(StoreError) as caught:
        env_for(url)
    assert "names no file" in caught.value.message
    assert caught.value.hint is not None and "sqlite:///club.db" in caught.value.hint


# ---- memory ---------------------------------------------------------------------------------


@pytest.mark.parametrize("url", ["memory:", "memory:club"])
def test_memory_is_plain_old_python_objects(url: str) -> None:
    assert env_for(url) == {"PERSISTENCE_MODULE": "eventsourcing.popo"}


# ---- PostgreSQL -----------------------------------------------------------------------------


def test_a_postgresql_url_gives_every_connection_setting() -> None:
    env = env_for("postgresql://td%20ann:p%40ss%2Fw%3Ard%25@db.example.org:6543/federation")
    assert env == {
        "PERSISTENCE_MODULE": "adapters.storage.postgres",
        "POSTGRES_DBNAME": "federation",
        "POSTGRES_HOST": "db.example.org",
        "POSTGRES_PORT": "6543",
        "POSTGRES_USER": "td ann",
        "POSTGRES_PASSWORD": "p@ss/w:rd%",
        "POSTGRES_CONNECT_TIMEOUT": "5",
    }


def test_postgres_scheme_and_defaults() -> None:
    env = env_for("postgres://ann@/federation")
    assert env["PERSISTENCE_MODULE"] == "adapters.storage.postgres"
    assert (env["POSTGRES_HOST"], env["POSTGRES_PORT"]) == ("localhost", "5432")
    assert (env["POSTGRES_USER"], env["POSTGRES_PASSWORD"]) == ("ann", "")
    assert env["POSTGRES_DBNAME"] == "federation"


@pytest.mark.parametrize(
    "url",
    ["postgresql://ann:pw@db:5432", "postgresql://ann:pw@db:5432/", "postgres://ann:pw@db//"],
)
def test_a_postgresql_url_without_a_database_is_refused(url: str) -> None:
    with pytest.raises(StoreError) as caught:
        env_for(url)
    assert "names no database" in caught.value.message
    assert caught.value.hint is not None and "/DBNAME" in caught.value.hint


@pytest.mark.parametrize("port", ["notaport", "99999"])
def test_a_postgresql_url_with_a_bad_port_is_refused(port: str) -> None:
    with pytest.raises(StoreError, match="no valid port"):
        env_for(f"postgresql://ann:pw@db:{port}/federation")


def test_a_percent_encoded_database_name_is_decoded() -> None:
    assert env_for("postgresql://ann:pw@db/club%20night")["POSTGRES_DBNAME"] == "club night"


# ---- anything else --------------------------------------------------------------------------


@pytest.mark.parametrize("url", ["mysql://ann@db/federation", "https://example.org/club.db"])
def test_an_unknown_scheme_is_refused_with_the_known_ones(url: str) -> None:
    with pytest.raises(StoreError) as caught:
        env_for(url)
    assert isinstance(caught.value, TravellerError)
    assert caught.value.message == f"Traveller cannot open the store {url!r}."
    hint = caught.value.hint
    assert hint is not None
    for known in ("sqlite:///", "postgresql://", "memory:"):
        assert known in hint
