"""The table device's API: what its table plays this round, the score before sending,
and the event's table-entry settings (the director's)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.adapters.http.api_kit import SECTION, Server, mitchell_event, result, server

__all__ = ["server"]


def bearer(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}


@pytest.fixture
def event(server: Server) -> str:
    return mitchell_event(server)


def view(server: Server, event: str, code: str, **headers: str) -> dict[str, Any]:
    answer = server.client.get(f"/api/events/{event}/device", headers=bearer(code) | headers)
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def test_a_device_sees_its_table_the_pairs_and_the_boards(server: Server, event: str) -> None:
    code = server.device(event, 3)
    seen = view(server, event, code)
    assert seen["event"]["name"] == "Tuesday pairs"
    assert (seen["table_name"], seen["status"], seen["round"], seen["open"]) == (
        "A3",
        "waiting",
        1,
        False,
    )
    (play,) = seen["plays"]
    assert (play["ns"], play["ew"]) == (3, 3)
    assert play["names_ns"] == ["A3 North", "A3 South"]
    assert [b["board"] for b in play["boards"]] == [7, 8, 9]
    assert seen["settings"] == {
        "ew_confirmation": True,
        "opening_lead": "off",
        "traveller_after": True,
    }


def test_after_sending_the_table_sees_what_it_sent_and_the_boards_traveller(
    server: Server, event: str
) -> None:
    code = server.device(event, 3)
    server.post(SECTION.format(event=event) + "/rounds/1/start")
    answer = server.client.post(
        SECTION.format(event=event) + "/results", json=result(7, 3, 3), headers=bearer(code)
    )
    assert answer.status_code == 201, answer.text
    seen = view(server, event, code)
    assert seen["open"] and seen["plays"][0]["boards"][0]["done"]
    assert seen["plays"][0]["boards"][0]["result"]["score_ns"] == 620
    assert [r["ns"] for r in seen["travellers"]["7"]["results"]] == [3]
    server.put(f"/api/events/{event}/table-entry", {"traveller_after": False})
    assert view(server, event, code)["travellers"] == {}


def test_the_score_is_shown_before_sending_and_nothing_is_written(
    server: Server, event: str
) -> None:
    code = server.device(event, 3)
    server.post(SECTION.format(event=event) + "/rounds/1/start")
    before = server.written()
    query = {"board": 7, "ns": 3, "ew": 3, "contract": "3NTX", "declarer": "S", "tricks": 8}
    answer = server.client.get(
        f"/api/events/{event}/device/score", params=query, headers=bearer(code)
    )
    assert answer.status_code == 200, answer.text
    assert answer.json()["result"]["score_ns"] == -200 and not answer.json()["recorded"]
    # A board the table does not play is refused, in the player's language.
    answer = server.client.get(
        f"/api/events/{event}/device/score",
        params=query | {"board": 1},
        headers=bearer(code) | {"Accept-Language": "ja"},
    )
    assert answer.status_code == 409 and answer.json()["code"] == "result.not_scheduled"
    assert answer.json()["language"] == "ja" and "ボード 1" in answer.json()["message"]
    assert server.written() == before


def test_only_a_table_device_signs_in(server: Server, event: str) -> None:
    answer = server.client.get(f"/api/events/{event}/device")
    assert answer.status_code == 401 and answer.json()["code"] == "auth.device_needed"
    answer = server.client.get(f"/api/events/{event}/device", headers=server.as_director())
    assert answer.status_code == 403 and answer.json()["code"] == "auth.device_only"
    answer = server.client.get(f"/api/events/{event}/device", headers=bearer("ZZZZ-ZZZZ"))
    assert answer.status_code == 401


def test_the_director_chooses_how_tables_enter_results(server: Server, event: str) -> None:
    chosen = server.put(
        f"/api/events/{event}/table-entry", {"ew_confirmation": False, "opening_lead": "required"}
    )
    assert chosen["changed"] and chosen["opening_lead"] == "required"
    assert server.get(f"/api/events/{event}/table-entry") == {
        "ew_confirmation": False,
        "opening_lead": "required",
        "traveller_after": True,
    }
    audit = server.app.audit(server.app.resolve_event(event))
    assert (audit[-1]["type"], audit[-1]["actor"]) == ("TableEntryChosen", "director:suzuki")
    before = server.written()
    answer = server.client.put(
        f"/api/events/{event}/table-entry",
        json={"opening_lead": "always"},
        headers=server.as_director(),
    )
    assert answer.status_code == 422
    code = server.device(event, 1)
    after_issue = server.written()
    answer = server.client.put(
        f"/api/events/{event}/table-entry", json={"ew_confirmation": True}, headers=bearer(code)
    )
    assert answer.status_code == 403
    answer = server.client.put(f"/api/events/{event}/table-entry", json={"ew_confirmation": True})
    assert answer.status_code == 401
    assert server.written() == after_issue == before + 1


def test_a_required_lead_is_asked_of_the_table_in_its_language(server: Server, event: str) -> None:
    server.put(f"/api/events/{event}/table-entry", {"opening_lead": "required"})
    code = server.device(event, 3)
    server.post(SECTION.format(event=event) + "/rounds/1/start")
    before = server.written()
    answer = server.client.post(
        SECTION.format(event=event) + "/results",
        json=result(7, 3, 3),
        headers=bearer(code) | {"Accept-Language": "ja"},
    )
    assert answer.status_code == 409, answer.text
    assert answer.json()["code"] == "device.lead_required"
    assert "オープニングリード" in answer.json()["message"]
    assert server.written() == before
    answer = server.client.post(
        SECTION.format(event=event) + "/results",
        json=result(7, 3, 3) | {"lead": "♦10"},
        headers=bearer(code),
    )
    assert answer.status_code == 201 and answer.json()["result"]["lead"] == "DT"


def test_a_result_sent_twice_is_refused_as_a_duplicate(server: Server, event: str) -> None:
    """The page counts this refusal as sent (a phone that sent before losing the answer)."""
    code = server.device(event, 3)
    server.post(SECTION.format(event=event) + "/rounds/1/start")
    url = SECTION.format(event=event) + "/results"
    assert server.client.post(url, json=result(7, 3, 3), headers=bearer(code)).status_code == 201
    again = server.client.post(url, json=result(7, 3, 3), headers=bearer(code))
    assert again.status_code == 409 and again.json()["code"] == "result.duplicate"
