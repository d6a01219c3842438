"""Who directs an event on a server: its creator alone until they name others; an event
made at the store's command line, every director of the store."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.http.auth import new_token, token_hash
from tests.acceptance.cli import Cli
from tests.adapters.http.api_kit import PASSWORD_HASH, Server, mitchell_event, server

__all__ = ["server"]


def director(server: Server, name: str) -> dict[str, str]:
    """Another director of the store: their token's header."""
    server.app.add_director(name, PASSWORD_HASH, actor="admin")
    token = new_token()
    server.app.issue_token(name, token_hash(token), actor="admin")
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def event(server: Server) -> str:
    return mitchell_event(server)


def test_an_event_made_on_the_server_is_directed_by_its_maker_alone(
    server: Server, event: str
) -> None:
    tanaka = director(server, "tanaka")
    assert server.get(f"/api/events/{event}/directors") == {"directors": ["suzuki"]}
    before = server.written()
    refused = server.client.post(
        f"/api/events/{event}/sessions/1/sections/A/rounds/1/start", headers=tanaka
    )
    assert refused.status_code == 403, refused.text
    shown = refused.json()
    assert "tanaka does not direct" in shown["message"] and "suzuki" in shown["message"]
    assert shown["hint"]
    audit = server.client.get(f"/api/events/{event}/audit", headers=tanaka)
    assert audit.status_code == 403
    assert server.written() == before
    # Another event, made by tanaka, is tanaka's: suzuki's token is refused there.
    made = server.client.post("/api/events", json={"name": "Tanaka's"}, headers=tanaka)
    assert made.status_code == 201
    other = made.json()["id"]
    assert (
        server.client.get(f"/api/events/{other}/audit", headers=server.as_director()).status_code
        == 403
    )


def test_its_directors_name_others_and_may_open_it_to_every_director(
    server: Server, event: str
) -> None:
    tanaka = director(server, "tanaka")
    server.put(f"/api/events/{event}/directors", {"directors": ["suzuki", "tanaka"]})
    started = server.client.post(
        f"/api/events/{event}/sessions/1/sections/A/rounds/1/start", headers=tanaka
    )
    assert started.status_code == 200, started.text
    audit = server.get(f"/api/events/{event}/audit")
    chosen = [a for a in audit if a["type"] == "DirectorsChosen"]
    assert [c["data"]["directors"] for c in chosen] == [["suzuki"], ["suzuki", "tanaka"]]
    assert {c["actor"] for c in chosen} == {"director:suzuki"}
    server.put(f"/api/events/{event}/directors", {"directors": []})
    assert server.get(f"/api/events/{event}/directors") == {"directors": []}


def test_a_director_unknown_to_the_store_or_leaving_themselves_out_is_refused(
    server: Server, event: str
) -> None:
    director(server, "tanaka")
    before = server.written()
    unknown = server.client.put(
        f"/api/events/{event}/directors",
        json={"directors": ["suzuki", "sato"]},
        headers=server.as_director(),
    )
    assert unknown.status_code == 404 and "no director 'sato'" in unknown.json()["message"]
    alone = server.client.put(
        f"/api/events/{event}/directors",
        json={"directors": ["tanaka"]},
        headers=server.as_director(),
    )
    assert alone.status_code == 409 and "name yourself" in alone.json()["message"]
    assert server.written() == before


def test_an_event_made_at_the_command_line_is_every_directors_until_named(
    tmp_path: Path,
) -> None:
    cli = Cli()
    event = cli.run("event", "create", "--name", "Club night")["id"]
    assert cli.run("event", "directors", "--event", event) == {"directors": []}
    secret = tmp_path / "pw.txt"
    secret.write_text("correct horse battery\n")
    cli.run("director", "add", "suzuki", "--password-file", str(secret))
    named = cli.run("event", "directors", "suzuki", "--event", event)
    assert named == {"directors": ["suzuki"]}
    unknown = cli.run("event", "directors", "sato", "--event", event, ok=False)
    assert "no director 'sato'" in unknown["message"]
    both = cli.run("event", "directors", "suzuki", "--everyone", "--event", event, ok=False)
    assert "not both" in both["message"]
    assert cli.run("event", "directors", "--everyone", "--event", event) == {"directors": []}
