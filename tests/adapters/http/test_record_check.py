"""Every answer of a server whose reads met a changed record carries
``Traveller-Record: does-not-verify``."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from fastapi.testclient import TestClient

from adapters.http.app import create_app
from adapters.storage import env_for
from engine.application import Traveller
from engine.testing import play_movement
from engine.tournament.state import section_id
from tests.adapters.http.api_kit import serve
from tests.conftest import register_pairs


def test_answers_say_when_the_record_read_does_not_verify(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'club.db'}"
    writer = Traveller(env_for(url))
    event = writer.create_event("Tuesday pairs")
    register_pairs(writer, event, 8)
    writer.assign_movement(event, "mitchell", options={"boards_per_round": 2})
    play_movement(writer, event)
    writer.close()

    server = serve(Traveller(env_for(url)))
    standings = f"/api/events/{event}/sessions/1/standings"
    answer = server.client.get(standings, headers=server.as_director())
    assert answer.status_code == 200 and "traveller-record" not in answer.headers

    with sqlite3.connect(tmp_path / "club.db") as db:
        state = json.loads(
            db.execute(
                "SELECT state FROM stored_events WHERE originator_id = ? "
                "AND originator_version = 5",
                (section_id(event, 1, "A").hex,),
            ).fetchone()[0]
        )
        state["actor"] = "someone else"
        db.execute(
            "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = 5",
            (json.dumps(state).encode(), section_id(event, 1, "A").hex),
        )
    reader = TestClient(create_app(Traveller(env_for(url))))  # started after the change
    answer = reader.get(standings, headers=server.as_director())
    assert answer.status_code == 200
    assert answer.headers["traveller-record"] == "does-not-verify"
    assert reader.get("/").headers["traveller-record"] == "does-not-verify"
