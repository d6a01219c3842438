"""How the API answers what it refuses, and the server's shape: its OpenAPI document,
CORS, and the commands that start and equip it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from adapters.cli.output import Format
from adapters.cli.serve import serve as serve_command
from adapters.http.app import create_app
from engine.testing import memory_app
from tests.acceptance.cli import Cli
from tests.adapters.http.api_kit import SECTION, Server, mitchell_event, result, server

__all__ = ["server"]


@pytest.mark.parametrize(
    ("method", "path", "body", "status", "error", "words"),
    [
        ("get", "/api/events/0000dead", None, 404, "NotFound", "does not name one event"),
        ("post", "/api/events", {"nam": "typo"}, 422, "InvalidInput", "name: Field required"),
        ("post", "/api/events", {"name": "x", "sections": ["A?"]}, 422, "InvalidInput", "Section"),
        ("get", "/api/nothing-here", None, 404, "NotFound", "no route GET /api/nothing-here"),
        ("delete", "/api/events", None, 405, "MethodNotAllowed", "does not take DELETE"),
    ],
)
def test_a_refusal_is_json_with_the_problem_and_the_fix(
    server: Server, method: str, path: str, body: object, status: int, error: str, words: str
) -> None:
    before = server.written()
    answer = server.client.request(method, path, json=body, headers=server.as_director())
    assert answer.status_code == status, answer.text
    shown = answer.json()
    assert shown["error"] == error and words in shown["message"] and "hint" in shown
    assert server.written() == before


def test_each_kind_of_refusal_has_its_status(server: Server) -> None:
    event = mitchell_event(server)
    section = SECTION.format(event=event)
    server.post(section + "/results", result(1, 1, 1))
    before = server.written()
    twice = server.client.post(
        section + "/results", json=result(1, 1, 1), headers=server.as_director()
    )
    assert twice.status_code == 409 and twice.json()["error"] == "DuplicateResult"
    no_reason = server.client.post(
        section + "/results/correct",
        json={"result": result(1, 1, 1, tricks=9), "reason": " "},
        headers=server.as_director(),
    )
    assert no_reason.status_code == 422 and no_reason.json()["error"] == "ReasonRequired"
    plugin = server.client.post(
        section + "/movement", json={"family": "no-such-movement"}, headers=server.as_director()
    )
    assert plugin.status_code == 422 and plugin.json()["error"] == "PluginError", plugin.text
    contract = server.client.post(
        section + "/results",
        json=result(2, 1, 1) | {"contract": "8S"},
        headers=server.as_director(),
    )
    assert contract.status_code == 422 and contract.json()["error"] == "InvalidContract"
    assert server.written() == before


def test_a_bug_is_a_500_without_a_traceback(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken() -> None:
        raise KeyError("postgresql://user:secret@db/traveller")

    monkeypatch.setattr(server.app, "list_events", broken)
    answer = server.client.get("/api/events")
    assert answer.status_code == 500
    shown = answer.json()
    assert shown["error"] == "InternalError" and shown["incident"] in shown["hint"]
    assert (
        "secret" not in answer.text
        and "Traceback" not in answer.text
        and "KeyError" not in answer.text
    )


@pytest.mark.parametrize(
    ("method", "path", "words"),
    [
        ("get", "/api/nothing-here", "GET /api/nothing-here というルートはありません"),
        ("delete", "/api/events", "/api/events は DELETE を受け付けません"),
        ("post", "/api/events", "リクエストがこのルートの形式に合いません"),
    ],
)
def test_the_server_words_its_own_refusals_in_japanese(
    server: Server, method: str, path: str, words: str
) -> None:
    headers = server.as_director() | {"Accept-Language": "ja"}
    answer = server.client.request(method, path, json={"nam": "typo"}, headers=headers)
    shown = answer.json()
    assert words in shown["message"], shown
    assert "/openapi.json" in shown["hint"] and "ルート" in shown["hint"]


def test_a_bug_is_worded_in_the_readers_language(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken() -> None:
        raise KeyError("no")

    monkeypatch.setattr(server.app, "list_events", broken)
    answer = server.client.get("/api/events", headers={"Accept-Language": "ja"})
    shown = answer.json()
    assert answer.status_code == 500 and "不具合" in shown["message"]
    assert shown["incident"] in shown["hint"] and "監査記録" in shown["hint"]


def test_the_openapi_document_names_every_route(server: Server) -> None:
    document = server.client.get("/openapi.json").json()
    paths = document["paths"]
    for path in (
        "/api/login",
        "/api/events",
        "/api/events/{event_id}/devices",
        "/api/events/{event_id}/sessions/{session}/sections/{section}/results",
        "/api/events/{event_id}/sessions/{session}/standings",
        "/api/events/{event_id}/what-if",
    ):
        assert path in paths, path
    # A result's body is the engine's ResultEntry, the schema the CLI reads it into.
    body = paths["/api/events/{event_id}/sessions/{session}/sections/{section}/results"]["post"]
    assert body["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith(
        "ResultEntry"
    )
    assert "HTTPBearer" in document["components"]["securitySchemes"]


def test_cross_origin_requests_are_off_unless_allowed() -> None:
    app = memory_app()
    origin = {"Origin": "https://club.example", "Access-Control-Request-Method": "POST"}
    closed = TestClient(create_app(app)).options("/api/events", headers=origin)
    assert "access-control-allow-origin" not in closed.headers
    opened = TestClient(create_app(app, allowed_origins=["https://club.example"]))
    answer = opened.options("/api/events", headers=origin)
    assert answer.headers["access-control-allow-origin"] == "https://club.example"
    assert "access-control-allow-credentials" not in answer.headers


def test_directors_and_tokens_from_the_command_line(tmp_path: Path) -> None:
    cli = Cli()
    secret = tmp_path / "password"
    secret.write_text("a long passphrase\n", encoding="utf-8")
    added = cli.run("director", "add", "suzuki", "--password-file", str(secret))
    assert added == {"director": "suzuki"}
    issued = cli.run("director", "token", "suzuki")
    assert issued["id"] == "T1" and issued["token"].startswith("trv_")
    listed = cli.run("director", "list")
    assert listed[0]["director"] == "suzuki" and issued["token"] not in json.dumps(listed)
    refused = cli.run("director", "add", "suzuki", "--password-file", str(secret), ok=False)
    assert "already a director 'suzuki'" in refused["message"]
    cli.run("director", "revoke", "T1")
    assert "revoked" in cli.run("director", "list")[0]["tokens"]
    short = tmp_path / "short"
    short.write_text("abc\n", encoding="utf-8")
    assert (
        "at least 8"
        in cli.run("director", "add", "tanaka", "--password-file", str(short), ok=False)["message"]
    )


def test_serve_starts_uvicorn_on_the_store(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    started: dict[str, object] = {}

    def run(app: object, *, host: str, port: int, log_level: str) -> None:
        started.update(app=app, host=host, port=port)

    import uvicorn

    monkeypatch.setattr(uvicorn, "run", run)
    store = tmp_path / "club.db"
    serve_command(store=str(store), fmt=Format.json, host="0.0.0.0", port=8123, allow_origin=None)
    assert (started["host"], started["port"]) == ("0.0.0.0", 8123)
    client = TestClient(started["app"])  # type: ignore[arg-type]
    assert client.get("/api/events").json() == []


def test_the_servers_own_refusals_speak_the_readers_language(server: Server) -> None:
    event = mitchell_event(server)
    standings = f"/api/events/{event}/sessions/1/standings"
    ja = server.client.get(standings, headers={"Accept-Language": "ja"})
    assert ja.status_code == 403 and ja.json()["code"] == "results.not_released"
    assert "まだ公開されていません" in ja.json()["message"]
    en = server.client.get(standings, headers={"Accept-Language": "en"})
    assert "are not released yet" in en.json()["message"]
    written = server.written()
    refused = server.client.post(
        "/api/events", json={"name": "x"}, headers={"Accept-Language": "ja"}
    )
    assert refused.status_code == 401 and "ディレクター" in refused.json()["message"]
    assert server.written() == written
