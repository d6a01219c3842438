"""Every read of the API: each answers with the application's query (as of now or as of
a moment), to whoever may read it."""

from __future__ import annotations

from typing import Any

import pytest

from engine.application.moments import At
from engine.testing import play_movement
from tests.adapters.http.api_kit import SECTION, Server, mitchell_event, result, server, table_play

__all__ = ["server"]


@pytest.fixture
def played(server: Server) -> str:
    """A Mitchell fully played, its session closed and published."""
    event = mitchell_event(server)
    play_movement(server.app, server.app.resolve_event(event))
    server.post(f"/api/events/{event}/sessions/1/close", {})
    server.post(f"/api/events/{event}/sessions/1/publish")
    return event


def public(server: Server, path: str, **params: Any) -> Any:
    answer = server.client.get(path, params=params)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_the_list_of_events_and_an_event(server: Server, played: str) -> None:
    listed = public(server, "/api/events")
    assert [e["name"] for e in listed] == ["Tuesday pairs"] and listed[0]["id"] == played
    shown = public(server, f"/api/events/{played[:8]}")  # a unique start of the id will do
    assert shown["published"] == [1] and shown["closed"] == [1] and len(shown["entries"]) == 14


def test_standings_now_and_as_of_a_moment(server: Server, played: str) -> None:
    now = public(server, f"/api/events/{played}/sessions/1/standings")
    assert now == server.app.standings(server.app.resolve_event(played)).to_json()
    before_play = public(server, f"/api/events/{played}/sessions/1/standings", number=20)
    assert before_play != now
    totals = public(server, f"/api/events/{played}/totals")
    assert totals == server.app.totals(server.app.resolve_event(played)).to_json()


def test_a_board_a_score_card_the_movement_and_the_seating(server: Server, played: str) -> None:
    section = SECTION.format(event=played)
    eid = server.app.resolve_event(played)
    assert public(server, section + "/boards/1") == server.app.traveller(eid, 1).to_json()
    assert public(server, section + "/cards/NS1") == server.app.score_card(eid, "NS1").to_json()
    movement = public(server, section + "/movement")
    assert movement["family"] == "mitchell"
    seating = public(server, section + "/rounds/2/seating")
    assert seating["round"] == 2 and len(seating["tables"]) == 7


def test_the_directors_reads(server: Server) -> None:
    event = mitchell_event(server)
    section = SECTION.format(event=event)
    server.post(section + "/rounds/1/start")
    number = server.get(f"/api/events/{event}/audit")[-1]["position"]
    boards, ns, ew = table_play(server, event, 1, 1)
    server.post(section + "/results", result(boards[0], ns, ew))
    missing = server.get(f"/api/events/{event}/sessions/1/missing", params={"round": 1})
    assert len(missing) == 20
    audit = server.get(f"/api/events/{event}/audit", params={"board": boards[0]})
    assert [a["type"] for a in audit] == ["ResultRecorded"]
    code = server.device(event, 2)
    boards2, ns2, ew2 = table_play(server, event, 1, 2)
    answer = server.client.post(
        section + "/results",
        json=result(boards2[0], ns2, ew2),
        headers={"Authorization": f"Bearer {code}"},
    )
    assert answer.status_code == 201, answer.text
    tables = server.get(f"/api/events/{event}/audit", params={"actor": "table"})
    assert [(a["type"], a["actor"]) for a in tables] == [("ResultRecorded", "table:A2")]
    mine = server.get(f"/api/events/{event}/audit", params={"actor": "suzuki"})
    assert mine and all(a["actor"] == "director:suzuki" for a in mine)
    changed = server.get(f"/api/events/{event}/diff", params={"before_number": number})
    eid = server.app.resolve_event(event)
    assert changed and changed == server.app.diff(eid, before=At(number=number))
    before = server.written()
    tried = server.post(
        f"/api/events/{event}/what-if",
        {"changes": [{"board": boards[1], "ns": ns, "ew": ew, "adjusted": "A+/A-"}]},
    )
    assert set(tried) == {"before", "after", "diff"} and tried["diff"]
    assert server.written() == before  # what-if writes nothing
    missing_moment = server.client.get(f"/api/events/{event}/diff", headers=server.as_director())
    assert missing_moment.status_code == 422 and "before_number" in missing_moment.json()["message"]


def test_team_reads(server: Server) -> None:
    event = server.post(
        "/api/events",
        {"name": "Teams", "scoring": {"method": "team-imps", "options": {"vp_scale": "wbf2013"}}},
    )["id"]
    for t in range(1, 5):
        server.post(
            f"/api/events/{event}/entries",
            {"players": [{"name": f"Team {t} {s}"} for s in "NSEW"]},
        )
    server.post(
        SECTION.format(event=event) + "/movement",
        {"family": "round-robin", "options": {"boards_per_round": 2}},
    )
    play_movement(server.app, server.app.resolve_event(event))
    crosstable = server.get(SECTION.format(event=event) + "/crosstable")
    assert crosstable == server.app.cross_table(server.app.resolve_event(event)).to_json()


def test_swiss_standings_are_read_as_the_public_may(server: Server) -> None:
    event = server.post(
        "/api/events",
        {"name": "Swiss", "scoring": {"method": "team-imps", "options": {"vp_scale": "wbf2013"}}},
    )["id"]
    for t in range(1, 9):
        server.post(
            f"/api/events/{event}/entries",
            {"players": [{"name": f"Team {t} {s}"} for s in "NSEW"]},
        )
    server.post(f"/api/events/{event}/swiss", {"rounds": 3, "boards_per_round": 6})
    server.post(f"/api/events/{event}/swiss/draw", {})
    hidden = server.client.get(f"/api/events/{event}/swiss/standings")
    assert hidden.status_code == 403
    eid = server.app.resolve_event(event)
    play_movement(server.app, eid, session=1)
    server.post(f"/api/events/{event}/sessions/1/close", {})
    server.post(f"/api/events/{event}/sessions/1/publish")
    server.post(f"/api/events/{event}/swiss/draw", {})
    # Round 1 published, round 2 drawn: the public sees the standings after round 1.
    after_one = public(server, f"/api/events/{event}/swiss/standings")
    assert after_one == public(server, f"/api/events/{event}/swiss/standings", upto=2)
    assert after_one == server.get(f"/api/events/{event}/swiss/standings", params={"upto": 1})
    server.put(f"/api/events/{event}/public", {"running": True})
    assert len(public(server, f"/api/events/{event}/swiss/standings")) == 8
    assert public(server, f"/api/events/{event}/swiss/rounds/1/draw")["round"] == 1


def test_the_knockout_is_the_querys(server: Server) -> None:
    event = server.post("/api/events", {"name": "Pairs, not a knockout"})["id"]
    answer = server.client.get(f"/api/events/{event}/knockout", headers=server.as_director())
    # The query's own refusal, as the CLI's knockout report gives it.
    assert 400 <= answer.status_code < 500 and answer.json()["message"], answer.text


def test_masterpoint_eligibility(server: Server, played: str) -> None:
    lines = server.get(
        f"/api/events/{played}/sessions/1/eligibility",
        params={"rule": "australian-club", "option": "session_boards=3"},
    )
    eid = server.app.resolve_event(played)
    expected = server.app.eligibility(eid, "australian-club", {"session_boards": 3})
    assert lines == [line.to_json() for line in expected] and len(lines) == 14
    hidden = server.client.get(
        f"/api/events/{played}/sessions/1/eligibility", params={"rule": "australian-club"}
    )
    assert hidden.status_code == 401
