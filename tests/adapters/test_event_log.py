"""Reading one tournament reads its own events only (its aggregate's and its sections'),
on SQLite and PostgreSQL: the time-travel queries cost the same whatever else the store
holds, and answer exactly as a scan of the whole log does."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from adapters.storage import env_for
from engine.application import Traveller
from engine.application.moments import At, history
from engine.testing import play_movement
from engine.tournament.state import section_id
from tests.conftest import register_pairs


@pytest.fixture(
    params=[
        pytest.param("sqlite", id="sqlite-file"),
        pytest.param("postgres", id="postgres", marks=pytest.mark.postgres),
    ]
)
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Traveller]:
    url = (
        f"sqlite:///{tmp_path / 'club.db'}"
        if request.param == "sqlite"
        else request.getfixturevalue("postgres_url")
    )
    opened = Traveller(env_for(url))
    yield opened
    opened.close()


def played(app: Traveller, name: str) -> UUID:
    event = app.create_event(name, sections=("A", "B"))
    for section in ("A", "B"):
        register_pairs(app, event, 8, section=section)
        app.assign_movement(event, "mitchell", section=section, options={"boards_per_round": 2})
    play_movement(app, event, section="A", rounds=2)
    return event


def test_one_tournament_is_read_without_the_rest_of_the_log(
    app: Traveller, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = played(app, "Monday pairs")
    second = played(app, "Tuesday pairs")
    play_movement(app, first, section="B", rounds=1)  # interleaved with the second's events
    scanned = {e: [(r.position, r.event) for r in history(app, e)] for e in (first, second)}
    middle = scanned[first][len(scanned[first]) // 2][0]
    scanned_until = [(r.position, r.event) for r in history(app, first, until=middle)]

    asked: list[Sequence[UUID]] = []
    own = app.recorder.select_notifications_of  # type: ignore[attr-defined]

    def counted(ids: Sequence[UUID], **kw: Any) -> Any:
        asked.append(ids)
        return own(ids, **kw)

    def whole_log(*args: Any, **kw: Any) -> Any:
        raise AssertionError("the whole log was read for one tournament")

    monkeypatch.setattr(app.recorder, "select_notifications_of", counted)
    monkeypatch.setattr(app.recorder, "select_notifications", whole_log)
    for event in (first, second):
        assert [(r.position, r.event) for r in history(app, event)] == scanned[event]
    assert [(r.position, r.event) for r in history(app, first, until=middle)] == scanned_until
    assert asked and all(second not in ids for ids in asked[:2])
    # The queries as of a moment go through it.
    assert app.standings(first, 1, at=At(position=middle)).to_json()
    assert app.audit(first)


def test_one_tournaments_export_reads_its_own_streams(
    app: Traveller, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = played(app, "Monday pairs")
    played(app, "Tuesday pairs")
    play_movement(app, first, section="B", rounds=1)  # interleaved with the second's events
    own = {first, section_id(first, 1, "A"), section_id(first, 1, "B")}
    scanned = [n.id for n in app._notifications() if n.originator_id in own]

    def whole_log(*args: Any, **kw: Any) -> Any:
        raise AssertionError("the whole log was read to export one tournament")

    monkeypatch.setattr(app.recorder, "select_notifications", whole_log)
    assert [n.id for n in app.stored_events(first)] == scanned
