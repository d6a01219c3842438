"""Every write of the API, made by a director: it reaches the application's command,
which records it with the director as its actor."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from engine.testing import play_movement
from tests.adapters.http.api_kit import SECTION, Server, mitchell_event, result, server, table_play

__all__ = ["server"]


def last(server: Server, event: str, count: int = 1) -> list[dict[str, Any]]:
    """The event's last ``count`` actions, as the audit shows them."""
    return server.app.audit(server.app.resolve_event(event))[-count:]


def test_an_event_its_sessions_and_entries(server: Server) -> None:
    created = server.post(
        "/api/events",
        {
            "name": "Club pairs",
            "date": "2026-11-24",
            "club": "Yotsuya BC",
            "scoring": {"method": "matchpoints"},
            "sections": ["A", "B"],
            "zone": "Asia/Tokyo",
        },
    )
    event = created["id"]
    assert created["recorded"] and UUID(event)
    server.post(f"/api/events/{event}/sessions", {"session": 2, "sections": ["A"]})
    first = server.post(
        f"/api/events/{event}/entries",
        {"players": [{"name": "Sato"}, {"name": "Ito", "member": "123"}], "section": "B"},
    )["entry"]
    shown = server.get(f"/api/events/{event}")
    assert shown["sessions"] == {"1": ["A", "B"], "2": ["A"]}
    assert shown["entries"][0]["players"] == ["Sato", "Ito"]
    server.post(f"/api/events/{event}/entries/{first}/rename", {"player": "1", "name": "Satoh"})
    server.post(f"/api/events/{event}/entries/{first}/member", {"player": "2", "member": "124"})
    server.post(f"/api/events/{event}/entries/{first}/withdraw", {"reason": "ill"})
    assert [a["type"] for a in last(server, event, 3)] == [
        "PlayerRenamed",
        "MemberNumberChanged",
        "EntryWithdrawn",
    ]
    assert {a["actor"] for a in last(server, event, 3)} == {"director:suzuki"}
    assert server.get(f"/api/events/{event}")["entries"][0]["withdrawn"] is True


def test_substitutes_and_seats(server: Server) -> None:
    event = mitchell_event(server)
    section = SECTION.format(event=event)
    server.post(section + "/rounds/1/start")
    sub = server.post(
        f"/api/events/{event}/entries/E1/substitute",
        {"player": "1", "substitute": {"name": "Kato"}, "reason": "late"},
    )
    assert sub["from_round"] == 1
    other = mitchell_event(server)
    server.post(f"/api/events/{other}/seats/swap", {"first": "NS1", "second": "NS2"})
    assert [a["type"] for a in last(server, event)] == ["PlayerSubstituted"]
    assert last(server, other)[0]["actor"] == "director:suzuki"


def test_rounds_results_corrections_and_adjustments(server: Server) -> None:
    event = mitchell_event(server)
    section = SECTION.format(event=event)
    assert server.post(section + "/rounds/1/start")["round"] == 1
    boards, ns, ew = table_play(server, event, 1, 1)
    recorded = server.post(section + "/results", result(boards[0], ns, ew))["result"]
    assert recorded["score_ns"] == 420
    corrected = server.post(
        section + "/results/correct",
        {"result": result(boards[0], ns, ew, tricks=11), "reason": "slip misread"},
    )["result"]
    assert corrected["score_ns"] == 450
    server.post(
        section + "/adjustments",
        {
            "board": boards[1],
            "ns": ns,
            "ew": ew,
            "award_ns": "A+",
            "award_ew": "A-",
            "reason": "slow play",
            "law": "12C2",
        },
    )
    assigned = server.post(
        section + "/assigned",
        {
            "board": boards[2],
            "ns": ns,
            "ew": ew,
            "ns_scores": [{"weight": "2/3", "score": 420}, {"weight": "1/3", "score": -50}],
            "reason": "misinformation",
        },
    )
    assert assigned["law"] == "12C1c"
    ended = server.post(section + "/rounds/1/end")
    assert len(ended["missing"]) == 18  # six tables of three boards
    fouled = server.post(
        section + "/fouled",
        {"board": boards[0], "groups": [[1, 2], [3, 4, 5, 6, 7]], "reason": "cards swapped"},
    )
    assert fouled["groups"] == [[1, 2], [3, 4, 5, 6, 7]]
    rescored = server.put(section + "/scoring", {"method": "cross-imps", "reason": "club's choice"})
    assert rescored["changed"] is True
    types = [a["type"] for a in last(server, event, 8)]
    assert types == [
        "RoundStarted",
        "ResultRecorded",
        "ResultCorrected",
        "ScoreAdjusted",
        "ScoreAssigned",
        "RoundEnded",
        "BoardFouled",
        "ScoringChosen",
    ]
    assert {a["actor"] for a in last(server, event, 8)} == {"director:suzuki"}


def test_a_travellers_file_is_imported_all_or_nothing(server: Server) -> None:
    event = server.post("/api/events", {"name": "Paper travellers"})["id"]
    section = SECTION.format(event=event)
    csv = "board,ns,ew,contract,declarer,tricks\n1,1,1,4S,N,10\n1,2,2,3NT,S,9\n"
    dry = server.client.post(
        section + "/import",
        content=csv,
        params={"numbering": "mitchell", "dry_run": True},
        headers={**server.as_director(), "Content-Type": "text/csv"},
    )
    assert dry.json() == {"recorded": False, "rows": 2}, dry.text
    answer = server.client.post(
        section + "/import",
        content=csv,
        params={"numbering": "mitchell"},
        headers={**server.as_director(), "Content-Type": "text/csv"},
    )
    assert answer.json() == {"recorded": True, "rows": 2}, answer.text
    before = server.written()
    bad = server.client.post(
        section + "/import",
        content="board,ns,ew,contract,declarer,tricks\n2,1,1,9S,N,10\n",
        headers={**server.as_director(), "Content-Type": "text/csv"},
    )
    assert (
        bad.status_code == 422 and bad.json()["error"] == "InvalidFile" and bad.json()["problems"]
    )
    assert server.written() == before


def test_conditions_closing_publishing_and_masterpoints(server: Server) -> None:
    event = mitchell_event(server)
    assert server.put(f"/api/events/{event}/rounds-enforced", {"enforced": True})["changed"]
    server.put(f"/api/events/{event}/section-ranking", {"ranking": "one-field"})
    server.put(f"/api/events/{event}/flights", {"flights": {"E1": "A", "E2": "B"}})
    server.put(f"/api/events/{event}/contestants", {"contestants": "pairs"})
    assert server.put(f"/api/events/{event}/zone", {"zone": "Asia/Tokyo"})["changed"] is True
    server.post(f"/api/events/{event}/sessions", {"session": 2})
    assert server.put(f"/api/events/{event}/stages/final", {"sessions": [2]})["sessions"] == [2]
    play_movement(server.app, server.app.resolve_event(event))
    closed = server.post(f"/api/events/{event}/sessions/1/close", {})
    assert closed["missing"] == []
    server.post(f"/api/events/{event}/sessions/1/reopen", {"reason": "a late correction"})
    server.post(f"/api/events/{event}/sessions/1/close", {})
    published = server.post(f"/api/events/{event}/sessions/1/publish")
    assert published["method"] == "matchpoints" and published["digest"]
    awarded = server.post(
        f"/api/events/{event}/sessions/1/masterpoints",
        {"rule": "jcbl", "options": {"game_class": 3}},
    )
    assert awarded["awarded"]["rule"] == "jcbl"
    assert last(server, event)[0]["type"] == "MasterpointsAwarded"


def test_renumbering_and_seating_the_next_session(server: Server) -> None:
    event = mitchell_event(server)
    eid = server.app.resolve_event(event)
    play_movement(server.app, eid)
    server.post(f"/api/events/{event}/sessions", {"session": 2})
    server.post(
        f"/api/events/{event}/sessions/2/sections/A/movement",
        {"family": "mitchell", "tables": 7, "options": {"boards_per_round": 3}},
    )
    before = server.written()
    refused = server.client.post(
        f"/api/events/{event}/renumber",
        json={"from_session": 1, "to_session": 2},
        headers=server.as_director(),
    )
    # The same Mitchell again cannot keep every pair from meeting an opponent again.
    assert refused.status_code == 409 and "No renumbering" in refused.json()["message"]
    assert server.written() == before
    seated = server.post(
        f"/api/events/{event}/sessions/2/seat", {"from_session": 1, "rematches": True}
    )
    assert seated["session"] == 2
    assert last(server, event, 2)[0]["type"] == "PairsRenumbered"


def test_a_swiss_is_started_drawn_redrawn_and_scored(server: Server) -> None:
    event = server.post(
        "/api/events",
        {"name": "Swiss", "scoring": {"method": "team-imps", "options": {"vp_scale": "wbf2013"}}},
    )["id"]
    for t in range(1, 9):
        server.post(
            f"/api/events/{event}/entries", {"players": [{"name": f"Team {t} {s}"} for s in "NSEW"]}
        )
    started = server.post(f"/api/events/{event}/swiss", {"rounds": 3, "boards_per_round": 6})
    assert isinstance(started["warnings"], list)
    dry = server.post(f"/api/events/{event}/swiss/draw", {"dry_run": True})
    assert dry["recorded"] is False and dry["draw"]["round"] == 1
    drawn = server.post(f"/api/events/{event}/swiss/draw", {})["draw"]
    assert len(drawn["matches"]) == 4
    redrawn = server.post(
        f"/api/events/{event}/swiss/rounds/1/redraw", {"reason": "a team arrived late"}
    )
    match = redrawn["draw"]["matches"][0]
    server.post(
        f"/api/events/{event}/swiss/rounds/1/matches",
        {"home": match["home"], "away": match["away"], "vp": ["15", "5"]},
    )
    assert (
        server.get(f"/api/events/{event}/swiss/rounds/1/draw")["matches"]
        == redrawn["draw"]["matches"]
    )
    assert last(server, event)[0]["type"] == "MatchScored"


def test_the_carry_over_into_a_final(server: Server) -> None:
    from tests.engine.test_carry_over import cut_without_a_tie, qualifying_and_final

    eid = qualifying_and_final(server.app)
    cut, event = cut_without_a_tie(server.app, eid), str(eid)
    recorded = server.post(
        f"/api/events/{event}/stages/final/carry-over",
        {"source": "qualifying", "final_top": "5", "qualifiers": cut},
    )
    assert recorded["method"] == "jcbl" and len(recorded["carried"]) == cut
    assert last(server, event)[0]["type"] == "CarryOverRecorded"
    assert last(server, event)[0]["actor"] == "director:suzuki"


def test_a_results_only_section_chooses_its_numbering(server: Server) -> None:
    event = server.post("/api/events", {"name": "Paper travellers"})["id"]
    server.put(SECTION.format(event=event) + "/numbering", {"numbering": "howell"})
    assert last(server, event)[0]["type"] == "NumberingChosen"


def test_a_pbn_files_score_tables_are_imported(server: Server) -> None:
    event = server.post("/api/events", {"name": "From a PBN file"})["id"]
    pbn = (
        '[Board "1"]\n'
        '[ScoreTable "Table\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract;Declarer;Result"]\n'
        " 1  1  1 4S N 10\n"
        " 2  2  2 3NT S 9\n"
    )
    answer = server.client.post(
        SECTION.format(event=event) + "/import",
        content=pbn,
        params={"format": "pbn", "numbering": "mitchell"},
        headers={**server.as_director(), "Content-Type": "text/plain"},
    )
    assert answer.json() == {"recorded": True, "rows": 2}, answer.text
