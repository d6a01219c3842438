"""The record's integrity over HTTP (issue 13): a director verifies an event (and its
signed publications against a public key), downloads its event file, signed with the
server's key, and another server imports it, twice being once."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters import keys
from engine.testing import memory_app, play_movement
from tests.adapters.http.api_kit import Server, mitchell_event, serve, server

__all__ = ["server"]


@pytest.fixture
def club_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The server's signing key ($TRAVELLER_SIGNING_KEY); its public key."""
    made = keys.create_key("club", tmp_path)
    monkeypatch.setenv(keys.SIGNING_ENV, str(made.private))
    return made.public_key


def published_event(server: Server) -> str:
    event = mitchell_event(server, tables=4, boards_per_round=2)
    play_movement(server.app, server.app.resolve_event(event))
    server.post(f"/api/events/{event}/sessions/1/close", {})
    return event


def test_a_publication_signed_by_the_server_verifies_with_its_public_key(
    server: Server, club_key: str, tmp_path: Path
) -> None:
    event = published_event(server)
    answer = server.post(f"/api/events/{event}/sessions/1/publish")
    assert answer["signed_by"] == club_key
    checked = server.get(f"/api/events/{event}/verify", params={"key": club_key})
    assert checked["ok"] and [p["ok"] for p in checked["publications"]] == [True]
    assert server.get("/api/verify")["ok"]
    stranger = keys.create_key("stranger", tmp_path / "other")
    other = server.get(f"/api/events/{event}/verify", params={"key": stranger.public_key})
    assert not other["ok"] and "another key" in other["publications"][0]["problems"][0]


def test_the_event_file_is_downloaded_signed_and_imported_elsewhere_once(
    server: Server, club_key: str
) -> None:
    event = published_event(server)
    server.post(f"/api/events/{event}/sessions/1/publish")
    download = server.client.get(
        f"/api/events/{event}/export", params={"sign": True}, headers=server.as_director()
    )
    assert download.status_code == 200, download.text
    assert download.headers["content-type"].startswith("application/x-ndjson")
    assert "attachment" in download.headers["content-disposition"]
    federation = serve(memory_app())

    def send() -> dict[str, object]:
        answer = federation.client.post(
            "/api/import/events",
            content=download.content,
            params={"key": club_key},
            headers={**federation.as_director(), "Content-Type": "application/x-ndjson"},
        )
        assert answer.status_code == 200, answer.text
        result: dict[str, object] = answer.json()
        return result

    first = send()
    assert first["recorded"] is True and first["added"] == first["events"]
    assert send()["added"] == 0
    assert federation.get(f"/api/events/{event}/sessions/1/standings") == server.get(
        f"/api/events/{event}/sessions/1/standings"
    )


def test_a_damaged_file_is_refused_with_the_reason(server: Server) -> None:
    event = published_event(server)
    file = server.client.get(f"/api/events/{event}/export", headers=server.as_director()).content
    damaged = file.replace(b'"Tuesday pairs"', b'"Wednesday pairs"', 1)
    federation = serve(memory_app())
    before = federation.written()
    answer = federation.client.post(
        "/api/import/events",
        content=damaged,
        headers={**federation.as_director(), "Content-Type": "application/x-ndjson"},
    )
    assert answer.status_code == 422, answer.text
    assert answer.json()["code"] == "file.broken" and answer.json()["problems"]
    assert federation.written() == before


def test_signing_needs_a_key_and_the_public_needs_a_director(server: Server) -> None:
    event = published_event(server)
    unsigned = server.client.get(
        f"/api/events/{event}/export", params={"sign": True}, headers=server.as_director()
    )
    assert unsigned.status_code == 422 and unsigned.json()["code"] == "export.no_key"
    assert server.client.get(f"/api/events/{event}/export").status_code == 401
    assert server.client.get(f"/api/events/{event}/verify").status_code == 401
