"""The table's pages: sign in, the page's shell, and the round's panel the script fetches
with the table's code (rendered in the player's language, every input labelled)."""

from __future__ import annotations

import json
import re

import pytest

from tests.adapters.http.api_kit import SECTION, Server, mitchell_event, result, server

__all__ = ["server"]


def bearer(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}


@pytest.fixture
def event(server: Server) -> str:
    return mitchell_event(server)


def labelled(html: str) -> None:
    """Every input and select of ``html`` has a label that names it (for= its id)."""
    ids = re.findall(r"<(?:input|select)[^>]*\bid=\"([^\"]+)\"", html)
    assert ids
    for found in ids:
        assert f'for="{found}"' in html, found
    assert len(ids) == len(re.findall(r"<(?:input|select)\b", html))


def test_the_sign_in_page_offers_the_events_and_a_labelled_code(server: Server, event: str) -> None:
    page = server.client.get("/table?lang=en", params={"event": event})
    assert page.status_code == 200
    assert 'data-testid="signin-code"' in page.text and "Tuesday pairs" in page.text
    assert f'<option value="{event}" selected>' in page.text
    labelled(page.text)
    ja = server.client.get("/table?lang=ja")
    assert "テーブルのサインイン" in ja.text and 'lang="ja"' in ja.text


def test_the_table_page_is_a_shell_that_listens_to_the_event(server: Server, event: str) -> None:
    page = server.client.get(f"/table/{event}?lang=en")
    assert page.status_code == 200
    assert f'data-live="/events/{event}/live"' in page.text
    assert f'data-panel="/table/{event}/round"' in page.text
    words = re.search(r'<script type="application/json" id="table-words">(.*?)</script>', page.text)
    assert words is not None and json.loads(words.group(1))["sent"] == "Sent."
    assert server.client.get("/static/table.js").status_code == 200
    assert server.client.get("/static/table.css").status_code == 200


def test_the_round_needs_the_tables_code(server: Server, event: str) -> None:
    answer = server.client.get(f"/table/{event}/round")
    assert answer.status_code == 401 and answer.json()["code"] == "auth.device_needed"


def test_before_the_round_the_table_sees_who_plays_and_nothing_to_enter(
    server: Server, event: str
) -> None:
    code = server.device(event, 3)
    panel = server.client.get(f"/table/{event}/round?lang=en", headers=bearer(code)).text
    assert 'data-status="waiting"' in panel and "has not started yet" in panel
    assert "A3 North – A3 South" in panel and "A10 North – A10 South" in panel
    assert "<form" not in panel


def test_in_play_each_board_has_a_labelled_form_for_the_result(server: Server, event: str) -> None:
    code = server.device(event, 3)
    server.post(SECTION.format(event=event) + "/rounds/1/start")
    panel = server.client.get(f"/table/{event}/round?lang=en", headers=bearer(code)).text
    for board in (7, 8, 9):
        assert f'data-testid="b{board}-form"' in panel
        for testid in ("level-4", "pass", "strain-S", "double-X", "declarer-N", "tricks"):
            assert f'data-testid="b{board}-{testid}"' in panel
    assert "b7-lead" not in panel  # the lead is not asked by default
    assert "EW: confirm and send" in panel
    labelled(panel)
    server.put(
        f"/api/events/{event}/table-entry", {"opening_lead": "required", "ew_confirmation": False}
    )
    panel = server.client.get(f"/table/{event}/round?lang=en", headers=bearer(code)).text
    assert 'id="b7-lead"' in panel and 'data-lead="required"' in panel
    assert "EW: confirm and send" not in panel and ">Send<" in panel
    labelled(panel)


def test_a_sent_board_shows_its_result_and_the_traveller_so_far(server: Server, event: str) -> None:
    code = server.device(event, 3)
    server.post(SECTION.format(event=event) + "/rounds/1/start")
    answer = server.client.post(
        SECTION.format(event=event) + "/results",
        json=result(7, 3, 3) | {"lead": "SK"},
        headers=bearer(code),
    )
    assert answer.status_code == 201
    panel = server.client.get(f"/table/{event}/round?lang=en", headers=bearer(code)).text
    assert 'data-testid="b7-sent"' in panel and "4S by North, 10 tricks: NS +620" in panel
    assert 'data-testid="b7-traveller"' in panel and "b7-form" not in panel
    assert "1 of 3 boards entered" in panel


def test_the_panel_speaks_japanese(server: Server, event: str) -> None:
    code = server.device(event, 3)
    server.post(SECTION.format(event=event) + "/rounds/1/start")
    panel = server.client.get(
        f"/table/{event}/round", headers=bearer(code) | {"Accept-Language": "ja"}
    ).text
    assert "テーブル A3" in panel and "第1ラウンド進行中" in panel
    assert "東西：確認して送信" in panel and "ディクレアラーの獲得トリック数" in panel


def test_the_round_that_ended_waits_for_the_next(server: Server, event: str) -> None:
    code = server.device(event, 3)
    section = SECTION.format(event=event)
    server.post(section + "/rounds/1/start")
    server.post(section + "/rounds/1/end")
    panel = server.client.get(f"/table/{event}/round?lang=en", headers=bearer(code)).text
    assert 'data-status="ended"' in panel and "<form" not in panel
    server.post(section + "/rounds/2/start")
    panel = server.client.get(f"/table/{event}/round?lang=en", headers=bearer(code)).text
    assert 'data-round="2"' in panel and 'data-testid="b10-form"' in panel


def test_a_table_whose_opponents_are_the_phantom_is_told_it_sits_out(server: Server) -> None:
    event: str = server.post("/api/events", {"name": "Odd pairs"})["id"]
    for i in range(1, 14):
        server.post(
            f"/api/events/{event}/entries", {"players": [{"name": f"N{i}"}, {"name": f"S{i}"}]}
        )
    server.post(SECTION.format(event=event) + "/movement", {"family": "mitchell"})
    seating = server.get(SECTION.format(event=event) + "/rounds/1/seating")
    phantom = seating["phantom"]
    table = next(t["table"] for t in seating["tables"] if phantom in (t["ns"], t["ew"]))
    code = server.device(event, table)
    server.post(SECTION.format(event=event) + "/rounds/1/start")
    panel = server.client.get(f"/table/{event}/round?lang=en", headers=bearer(code)).text
    assert 'data-testid="note-sit-out"' in panel and "<form" not in panel
