"""A resent request never creates a second event: a result sent with an idempotency key
(a table device retrying after a timeout, a script's ``--request-id``) is recorded once,
and the same request again is answered with the first answer, nothing written."""

from __future__ import annotations

from uuid import UUID

import orjson
import pytest

from engine.application import Traveller
from engine.errors import InvalidInput
from engine.events import event_of
from engine.section.events import ResultRecorded
from engine.section.results import ResultEntry
from tests.acceptance.cli import Cli
from tests.adapters.http.api_kit import SECTION, Server, mitchell_event, result, server

__all__ = ["server"]


def recorded(app: Traveller, event: UUID) -> int:
    return sum(1 for a in app.audit(event) if a["type"] == "ResultRecorded")


def test_the_same_request_twice_is_recorded_once_and_answered_alike(
    app: Traveller, mitchell: UUID
) -> None:
    app.start_round(mitchell, 1)
    slip = ResultEntry(1, 1, 1, "4S", "N", 10)
    first = app.record_result(mitchell, slip, request="9b1c-slip-1")
    written = app.position()
    again = app.record_result(mitchell, slip, request="9b1c-slip-1")
    assert again == first and app.position() == written
    assert recorded(app, mitchell) == 1


def test_the_key_is_kept_with_the_result_and_survives_a_fresh_process(
    app: Traveller, mitchell: UUID
) -> None:
    app.start_round(mitchell, 1)
    app.record_result(mitchell, ResultEntry(1, 1, 1, "4S", "N", 10), request="k-1")
    (event,) = [
        e for e in app.events.get(app.section(mitchell).id) if isinstance(e, ResultRecorded)
    ]
    assert event.request == "k-1"
    app._states.clear()  # as a new process sees it: folded from the store
    assert app.section(mitchell).requests["k-1"].score_ns == 420


def test_a_key_used_for_another_table_is_refused(app: Traveller, mitchell: UUID) -> None:
    app.start_round(mitchell, 1)
    app.record_result(mitchell, ResultEntry(1, 1, 1, "4S", "N", 10), request="k-1")
    written = app.position()
    with pytest.raises(InvalidInput, match="already used for board 1, NS 1 against EW 1"):
        app.record_result(mitchell, ResultEntry(1, 2, 2, "4S", "N", 10), request="k-1")
    with pytest.raises(InvalidInput, match="cannot be kept"):
        app.record_result(mitchell, ResultEntry(1, 2, 2, "4S", "N", 10), request=" ")
    assert app.position() == written


def test_a_result_sent_again_without_a_key_is_still_a_duplicate(
    app: Traveller, mitchell: UUID
) -> None:
    """Without a key a second sending is a second request: refused, as before."""
    app.start_round(mitchell, 1)
    app.record_result(mitchell, ResultEntry(1, 1, 1, "4S", "N", 10))
    with pytest.raises(Exception, match="already has a result"):
        app.record_result(mitchell, ResultEntry(1, 1, 1, "4S", "N", 10))


def test_a_schema_1_result_reads_with_no_key(app: Traveller, mitchell: UUID) -> None:
    """Results written before keys existed (release 0.1.0) are upcast: no key."""
    app.start_round(mitchell, 1)
    app.record_result(mitchell, ResultEntry(1, 1, 1, "4S", "N", 10))
    stored = next(
        s
        for s in app.recorder.select_events(app.section(mitchell).id)
        if s.topic.endswith("ResultRecorded")
    )
    state = orjson.loads(stored.state)
    state.pop("request")
    state["_v"] = 1
    old = event_of(stored.topic, state)
    assert isinstance(old, ResultRecorded) and old.request is None


# ---- over the API -----------------------------------------------------------------------------


def bearer(secret: str, key: str | None = None) -> dict[str, str]:
    headers = {"Authorization": f"Bearer {secret}"}
    return headers if key is None else headers | {"Idempotency-Key": key}


def test_a_device_resending_after_a_timeout_gets_the_first_answer(server: Server) -> None:
    event = mitchell_event(server)
    code = server.device(event, 3)
    server.post(SECTION.format(event=event) + "/rounds/1/start")
    url = SECTION.format(event=event) + "/results"
    first = server.client.post(url, json=result(7, 3, 3), headers=bearer(code, "phone-3-a"))
    assert first.status_code == 201, first.text
    written = server.written()
    again = server.client.post(url, json=result(7, 3, 3), headers=bearer(code, "phone-3-a"))
    assert (again.status_code, again.json()) == (201, first.json())
    assert server.written() == written
    assert recorded(server.app, UUID(event)) == 1
    other = server.client.post(url, json=result(8, 3, 3), headers=bearer(code, "phone-3-a"))
    assert other.status_code == 422 and other.json()["code"] == "request.key_reused"
    assert server.written() == written


def test_a_director_resending_gets_the_first_answer(server: Server) -> None:
    event = mitchell_event(server)
    server.post(SECTION.format(event=event) + "/rounds/1/start")
    url = SECTION.format(event=event) + "/results"
    key = {"Idempotency-Key": "desk-17"}
    first = server.client.post(url, json=result(1, 1, 1), headers=server.as_director() | key)
    again = server.client.post(url, json=result(1, 1, 1), headers=server.as_director() | key)
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert recorded(server.app, UUID(event)) == 1


# ---- the command line -------------------------------------------------------------------------


def test_result_add_with_a_request_id_twice_records_once() -> None:
    cli = Cli()
    event = cli.run("event", "create", "--name", "Resent")["id"]
    for i in range(1, 7):
        cli.run("entry", "add", "--event", event, "--player", f"N{i}", "--player", f"S{i}")
    cli.run(
        "movement", "assign", "--event", event, "--family", "mitchell", "--boards-per-round", "2"
    )
    cli.run("round", "start", "1", "--event", event)
    slip = ["result", "add", "--event", event, "--board", "1", "--ns", "1", "--ew", "1"]
    slip += ["--contract", "4S", "--declarer", "N", "--tricks", "10", "--request-id", "r-1"]
    first = cli.run(*slip)
    written = cli.position
    assert cli.run(*slip) == first and cli.position == written
