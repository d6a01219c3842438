"""Every role boundary of the API: a refusal is clear, and writes nothing."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from adapters.http import errors
from engine.application import core
from tests.adapters.http.api_kit import (
    PASSWORD,
    SECTION,
    Server,
    mitchell_event,
    result,
    server,
    table_play,
)

__all__ = ["server"]


def bearer(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}


def refused(answer: httpx.Response, status: int, error: str, *words: str) -> dict[str, Any]:
    assert answer.status_code == status, answer.text
    body: dict[str, Any] = answer.json()
    assert body["error"] == error
    assert set(body) >= {"error", "message", "hint"}
    for word in words:
        assert word in body["message"], body["message"]
    return body


@pytest.fixture
def event(server: Server) -> str:
    return mitchell_event(server)


# ---- directors --------------------------------------------------------------------------


def test_a_director_logs_in_and_is_the_actor_of_what_they_write(server: Server) -> None:
    me = server.get("/api/me")
    assert me == {"kind": "director", "name": "suzuki", "actor": "director:suzuki"}
    event = server.post("/api/events", {"name": "Friday pairs"})["id"]
    assert server.app.audit(server.app.resolve_event(event))[0]["actor"] == "director:suzuki"


def test_a_wrong_password_or_an_unknown_director_is_refused_alike(server: Server) -> None:
    before = server.written()
    wrong = server.client.post("/api/login", json={"name": "suzuki", "password": "guess1234"})
    unknown = server.client.post("/api/login", json={"name": "tanaka", "password": PASSWORD})
    for answer in (wrong, unknown):
        refused(answer, 401, "Unauthenticated", "name or the password")
    assert wrong.json() == unknown.json()
    assert server.written() == before


def test_the_public_may_write_nothing(server: Server, event: str) -> None:
    before = server.written()
    section = SECTION.format(event=event)
    refused(server.client.post("/api/events", json={"name": "x"}), 401, "Unauthenticated")
    refused(server.client.post(section + "/rounds/1/start"), 401, "Unauthenticated", "director")
    refused(
        server.client.post(section + "/results", json=result(1, 1, 1)),
        401,
        "Unauthenticated",
        "director or the table's device",
    )
    refused(
        server.client.post(f"/api/events/{event}/devices", json={"table": 1}),
        401,
        "Unauthenticated",
    )
    refused(
        server.client.put(f"/api/events/{event}/public", json={"running": True}),
        401,
        "Unauthenticated",
    )
    assert server.written() == before


def test_a_forged_or_revoked_director_token_is_refused(server: Server) -> None:
    forged = bearer("trv_" + "x" * 43)
    refused(
        server.client.post("/api/events", json={"name": "x"}, headers=forged),
        401,
        "Unauthenticated",
        "not valid",
    )
    script = server.post("/api/tokens")
    assert server.client.get("/api/me", headers=bearer(script["token"])).json()["name"] == "suzuki"
    server.client.delete(f"/api/tokens/{script['id']}", headers=server.as_director())
    before = server.written()
    answer = server.client.post("/api/events", json={"name": "x"}, headers=bearer(script["token"]))
    refused(answer, 401, "Unauthenticated", "revoked")
    assert server.written() == before


def test_an_expired_login_token_is_refused(server: Server) -> None:
    import datetime as dt

    from adapters.http.auth import new_token, token_hash

    token = new_token()
    past = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=1)
    server.app.issue_token("suzuki", token_hash(token), expires=past, login=True)
    refused(server.client.get("/api/me", headers=bearer(token)), 401, "Unauthenticated", "expired")


# ---- table devices ----------------------------------------------------------------------


def test_a_device_enters_its_own_tables_result_in_the_round_in_play(
    server: Server, event: str
) -> None:
    code = server.device(event, 3)
    section = SECTION.format(event=event)
    server.post(section + "/rounds/1/start")
    boards, ns, ew = table_play(server, event, 1, 3)
    answer = server.client.post(
        section + "/results", json=result(boards[0], ns, ew), headers=bearer(code)
    )
    assert answer.status_code == 201, answer.text
    assert answer.json()["result"] | {"round": 1, "table": 3} == answer.json()["result"]
    last = server.app.audit(server.app.resolve_event(event))[-1]
    assert (last["type"], last["actor"]) == ("ResultRecorded", "table:A3")
    # The code typed in lower case, without its dash, is the same code.
    typed = code.replace("-", "").lower()
    other = server.client.post(
        section + "/results", json=result(boards[1], ns, ew), headers=bearer(typed)
    )
    assert other.status_code == 201, other.text


def test_a_device_may_not_enter_another_tables_result(server: Server, event: str) -> None:
    code = server.device(event, 3)
    section = SECTION.format(event=event)
    server.post(section + "/rounds/1/start")
    before = server.written()
    boards, ns, ew = table_play(server, event, 1, 4)
    answer = server.client.post(
        section + "/results", json=result(boards[0], ns, ew), headers=bearer(code)
    )
    body = refused(answer, 403, "NotAllowed", "not played at table A3")
    assert "boards 7, 8, 9" in body["message"]
    own, own_ns, own_ew = table_play(server, event, 1, 3)
    claimed = result(own[0], own_ns, own_ew) | {"table": 4}
    refused(
        server.client.post(section + "/results", json=claimed, headers=bearer(code)),
        403,
        "NotAllowed",
        "table 4",
    )
    assert server.written() == before


def test_a_device_may_not_enter_a_round_not_in_play(server: Server, event: str) -> None:
    code = server.device(event, 3)
    section = SECTION.format(event=event)
    boards, ns, ew = table_play(server, event, 1, 3)
    before = server.written()
    early = server.client.post(
        section + "/results", json=result(boards[0], ns, ew), headers=bearer(code)
    )
    refused(early, 409, "Rejected", "No round", "has started")
    server.post(section + "/rounds/1/start")
    server.post(section + "/rounds/1/end")
    before = server.written()
    stale = server.client.post(
        section + "/results", json=result(boards[0], ns, ew), headers=bearer(code)
    )
    refused(stale, 409, "Rejected", "Round 1", "has ended")
    server.post(section + "/rounds/2/start")
    before = server.written()
    late = server.client.post(
        section + "/results", json=result(boards[0], ns, ew) | {"round": 1}, headers=bearer(code)
    )
    refused(late, 403, "NotAllowed", "not the round in play")
    assert server.written() == before


def test_a_device_may_not_correct_direct_or_override(server: Server, event: str) -> None:
    code = server.device(event, 3)
    section = SECTION.format(event=event)
    server.post(section + "/rounds/1/start")
    boards, ns, ew = table_play(server, event, 1, 3)
    server.client.post(section + "/results", json=result(boards[0], ns, ew), headers=bearer(code))
    before = server.written()
    correction = {"result": result(boards[0], ns, ew, tricks=11), "reason": "wrong slip"}
    refused(
        server.client.post(section + "/results/correct", json=correction, headers=bearer(code)),
        403,
        "Forbidden",
        "A3",
    )
    refused(server.client.post(section + "/rounds/1/end", headers=bearer(code)), 403, "Forbidden")
    refused(
        server.client.post(
            section + "/results",
            params={"override": "x"},
            json=result(boards[1], ns, ew),
            headers=bearer(code),
        ),
        403,
        "NotAllowed",
    )
    other_section = f"/api/events/{event}/sessions/1/sections/B/results"
    refused(
        server.client.post(other_section, json=result(boards[1], ns, ew), headers=bearer(code)),
        403,
        "NotAllowed",
    )
    refused(server.client.get(f"/api/events/{event}/audit", headers=bearer(code)), 403, "Forbidden")
    assert server.written() == before


def test_a_revoked_code_is_refused(server: Server, event: str) -> None:
    code = server.device(event, 3)
    section = SECTION.format(event=event)
    server.post(section + "/rounds/1/start")
    devices = server.get(f"/api/events/{event}/devices")
    assert devices == [{"device": "D1", "session": 1, "section": "A", "table": 3, "revoked": False}]
    server.client.delete(f"/api/events/{event}/devices/D1", headers=server.as_director())
    before = server.written()
    boards, ns, ew = table_play(server, event, 1, 3)
    answer = server.client.post(
        section + "/results", json=result(boards[0], ns, ew), headers=bearer(code)
    )
    refused(answer, 403, "Forbidden", "revoked")
    assert server.written() == before


def test_a_code_is_good_for_its_own_event_only(server: Server, event: str) -> None:
    code = server.device(event, 3)
    other = mitchell_event(server)
    server.post(SECTION.format(event=other) + "/rounds/1/start")
    boards, ns, ew = table_play(server, other, 1, 3)
    before = server.written()
    answer = server.client.post(
        SECTION.format(event=other) + "/results",
        json=result(boards[0], ns, ew),
        headers=bearer(code),
    )
    refused(answer, 401, "Unauthenticated", "not one issued")
    refused(server.client.get("/api/me", headers=bearer(code)), 401, "Unauthenticated")
    assert server.written() == before


def test_a_device_is_given_a_table_its_section_has(server: Server, event: str) -> None:
    answer = server.client.post(
        f"/api/events/{event}/devices", json={"table": 9}, headers=server.as_director()
    )
    refused(answer, 422, "InvalidInput", "tables 1 to 7")


# ---- the public -------------------------------------------------------------------------


def test_running_standings_are_public_only_when_the_director_allows(
    server: Server, event: str
) -> None:
    standings = f"/api/events/{event}/sessions/1/standings"
    refused(server.client.get(standings), 403, "Forbidden", "not released yet")
    assert server.client.get(f"/api/events/{event}").json()["public_running"] is False
    server.put(f"/api/events/{event}/public", {"running": True})
    assert server.client.get(standings).status_code == 200
    assert server.client.get(f"/api/events/{event}").json()["public_running"] is True
    server.put(f"/api/events/{event}/public", {"running": False})
    refused(server.client.get(standings), 403, "Forbidden")
    assert server.app.audit(server.app.resolve_event(event))[-1]["type"] == "PublicViewChosen"


def test_a_published_session_is_always_public(server: Server, event: str) -> None:
    server.post(f"/api/events/{event}/sessions/1/close", {"reason": "a short session"})
    server.post(f"/api/events/{event}/sessions/1/publish")
    assert server.client.get(f"/api/events/{event}/sessions/1/standings").status_code == 200
    board = SECTION.format(event=event) + "/boards/1"
    assert server.client.get(board).status_code == 200


# ---- secrets ----------------------------------------------------------------------------


class Recorder:
    """A logger that keeps every call (what a log line would have been made of)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []

    def __getattr__(self, level: str) -> Any:
        def record(*args: Any, **kw: Any) -> None:
            self.calls.append((level, args, kw))

        return record


def test_no_secret_is_logged(server: Server, event: str, monkeypatch: pytest.MonkeyPatch) -> None:
    recorder = Recorder()
    monkeypatch.setattr(core, "log", recorder)
    monkeypatch.setattr(errors, "log", recorder)
    login = server.client.post("/api/login", json={"name": "suzuki", "password": PASSWORD})
    token = login.json()["token"]
    code = server.device(event, 3)
    server.client.get("/api/me", headers=bearer(token))
    server.client.post("/api/login", json={"name": "suzuki", "password": "wrong password"})

    def broken() -> None:
        raise RuntimeError("the bug's own words")

    monkeypatch.setattr(server.app, "list_events", broken)
    failed = server.client.get("/api/events", headers=bearer(token))
    assert failed.status_code == 500
    logged = repr(recorder.calls)
    assert "TokenIssued" in logged and "DeviceIssued" in logged and "own words" not in failed.text
    for secret in (PASSWORD, "wrong password", token, code, code.replace("-", "")):
        assert secret not in logged
    stored = repr(server.app.audit(server.app.resolve_event(event)))
    assert code not in stored and code.replace("-", "") not in stored
    assert token not in repr(server.app.access())


CALCULATORS = {"/api/movements/check"}
"""Routes posted to that read no event and write nothing (a movement checked): public."""


def write_routes(server: Server, event: str) -> list[tuple[str, str]]:
    """Every write route of the API (but the login and the calculators), its path filled in."""
    filled = {
        "{event_id}": event,
        "{session}": "1",
        "{section}": "A",
        "{round}": "1",
        "{entry}": "E1",
        "{stage}": "final",
        "{token_id}": "T1",
        "{device}": "D1",
    }
    routes = []
    for path, methods in server.client.get("/openapi.json").json()["paths"].items():
        for method in methods:
            if method in ("post", "put", "delete") and path not in {"/api/login", *CALCULATORS}:
                for name, value in filled.items():
                    path = path.replace(name, value)
                assert "{" not in path, path
                routes.append((method, path))
    return routes


def test_no_write_route_is_open_to_the_public_or_a_device(server: Server, event: str) -> None:
    code = server.device(event, 3)
    before = server.written()
    routes = write_routes(server, event)
    assert len(routes) >= 40
    for method, path in routes:
        answer = server.client.request(method, path, json={})
        assert answer.status_code == 401, (method, path, answer.text)
        assert answer.json()["error"] == "Unauthenticated"
        if not path.endswith("/results"):
            answer = server.client.request(method, path, json={}, headers=bearer(code))
            assert answer.status_code in (401, 403), (method, path, answer.text)
    assert server.written() == before
