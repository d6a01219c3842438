"""USEBIO over HTTP: the import and export routes the CLI's commands name, all or nothing."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from adapters.files.usebio import parse_usebio
from tests.adapters.files.test_usebio import MITCHELL
from tests.adapters.http.api_kit import Server, server

__all__ = ["server"]

XML = {"Content-Type": "application/xml"}


def post_file(server: Server, path: str, data: bytes) -> Any:
    """A director's POST of a file that must succeed; its JSON answer."""
    answer = server.client.post(path, content=data, headers={**XML, **server.as_director()})
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_a_file_posted_is_imported_and_exported_again(server: Server) -> None:
    event = server.post("/api/events", {"name": "Harbour"})["id"]
    section = f"/api/events/{event}/sessions/1/sections/A"
    done = post_file(server, section + "/import/usebio", MITCHELL)
    assert done == {"recorded": True, "rows": 6, "entries_registered": 4}
    answer = server.client.get(
        f"/api/events/{event}/sessions/1/export/usebio", headers=server.as_director()
    )
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/xml")
    again = parse_usebio(answer.content)
    assert again.problems == [] and len(again.rows) == 6
    assert again.names == parse_usebio(MITCHELL).names
    copy = server.post("/api/events", {"name": "Copy"})["id"]
    post_file(server, f"/api/events/{copy}/sessions/1/sections/A/import/usebio", answer.content)
    first, second = (server.app.standings(UUID(e)).to_json()["fields"] for e in (event, copy))
    assert first == second


def test_a_refused_file_writes_nothing(server: Server) -> None:
    event = server.post("/api/events", {"name": "Harbour"})["id"]
    before = server.written()
    answer = server.client.post(
        f"/api/events/{event}/sessions/1/sections/A/import/usebio",
        content=MITCHELL.replace(b"<SCORE>430", b"<SCORE>43O"),
        headers={**XML, **server.as_director()},
    )
    assert answer.status_code == 422, answer.text
    body = answer.json()
    assert body["code"] == "import.problems"
    assert any("SCORE '43O' is not a whole number" in p for p in body["problems"])
    assert server.written() == before
