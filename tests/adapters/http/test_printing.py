"""The printable pages: the movement's master sheet, guide cards, table cards and pair
slips with the pairs' names (public, as posted at the venue), and the travellers,
standings and score cards (printed straight away once released; before that only the
director's token fetches them); A4 or Letter; Japanese and English; well-formed."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.http.pages import STATIC_DIR
from adapters.http.printing.sheets import KINDS, RESULTS
from tests.adapters.http.api_kit import (
    SECTION,
    Server,
    mitchell_event,
    result,
    server,
    table_play,
)
from tests.adapters.http.test_pages import WellFormed

__all__ = ["server"]

MOVEMENT_KINDS = [k for k in KINDS if k not in RESULTS]


@pytest.fixture
def event(server: Server) -> str:
    """A 7-table Mitchell with round 1 played at table 1 (one board)."""
    event = mitchell_event(server)
    section = SECTION.format(event=event)
    server.post(section + "/rounds/1/start")
    boards, ns, ew = table_play(server, event, 1, 1)
    server.post(section + "/results", result(boards[0], ns, ew))
    return event


def printed(server: Server, event: str, kind: str, query: str = "") -> str:
    answer = server.client.get(f"/print/events/{event}/{kind}?{query}")
    assert answer.status_code == 200, answer.text
    page = WellFormed()
    page.feed(answer.text)
    assert not page.problems and not page.open, (kind, page.problems, page.open)
    text: str = answer.text
    return text


def test_the_movements_pages_are_printed_for_anyone(server: Server, event: str) -> None:
    for kind in MOVEMENT_KINDS:
        for lang in ("ja", "en"):
            html = printed(server, event, kind, f"lang={lang}")
            assert f'<html lang="{lang}">' in html
            assert f'data-testid="print-{kind}"' in html
            assert "A1 North – A1 South" in html  # the pairs' names beside their numbers
            assert "data-panel" not in html  # printed straight away, no token needed
            assert '<link rel="stylesheet" href="/static/print.css">' in html


def test_the_master_sheet_has_every_round_and_board_set(server: Server, event: str) -> None:
    html = printed(server, event, "master-sheet", "lang=en")
    assert "Master sheet" in html and "1-3" in html and "19-21" in html
    assert '<th scope="row">7</th>' in html  # seven rounds
    assert "1-1" in html  # round 1, boards 1-3: NS 1 v EW 1
    assert "マスターシート" in printed(server, event, "master-sheet", "lang=ja")


def test_table_cards_say_how_pairs_and_boards_move(server: Server, event: str) -> None:
    html = printed(server, event, "table-cards", "lang=en")
    card = html.split('data-testid="table-card-3"')[1].split("</section>")[0]
    assert "Table 3" in card and "Section A" in card
    assert "stay at this table" in card  # the NS pairs of a Mitchell
    assert "table 4 EW" in card  # EW move up
    assert "table 2" in card  # boards move down
    ja = printed(server, event, "table-cards", "lang=ja")
    assert "このテーブルにとどまる" in ja and "テーブル 3" in ja


def test_guide_cards_and_slips_name_who_sits_where(server: Server, event: str) -> None:
    cards = printed(server, event, "guide-cards", "lang=en")
    assert cards.count('data-testid="guide-card-') == 7
    assert "NS next" in cards and "A8 North – A8 South" in cards
    slip = printed(server, event, "pair-slips", "lang=en&pair=NS3")
    assert slip.count('data-testid="pair-slip-') == 1
    assert 'data-testid="pair-slip-NS3"' in slip and "A3 North – A3 South" in slip
    assert printed(server, event, "pair-slips").count('data-testid="pair-slip-') == 14


def test_a_slip_of_a_pair_not_seated_is_refused_in_words(server: Server, event: str) -> None:
    answer = server.client.get(f"/print/events/{event}/pair-slips?pair=NS99&lang=en")
    assert answer.status_code == 404
    assert "NS99" in answer.text


def test_a_section_with_no_movement_says_so(server: Server) -> None:
    event = server.post("/api/events", {"name": "Empty"})["id"]
    answer = server.client.get(f"/print/events/{event}/master-sheet?lang=ja")
    assert answer.status_code == 404
    assert "ムーブメント" in answer.text  # the engine's refusal, in the reader's language


def test_results_not_released_are_a_shell_the_directors_token_fills(
    server: Server, event: str
) -> None:
    for kind in sorted(RESULTS):
        shell = printed(server, event, kind, "lang=en")
        assert 'data-panel="/print/events/' in shell and "fragment=1" in shell
        assert "/static/console.js" in shell
        assert "A1 North" not in shell  # no results in the shell
        panel = f"/print/events/{event}/{kind}?fragment=1&lang=en"
        refused = server.client.get(panel)
        assert refused.status_code == 403
        assert refused.json()["code"] == "results.not_released"
        content = server.client.get(panel, headers=server.as_director())
        assert content.status_code == 200
        assert "<html" not in content.text  # a fragment
        assert "A1 North" in content.text
    server.post(f"/api/events/{event}/sessions/1/close", {"reason": "printed early"})
    server.post(f"/api/events/{event}/sessions/1/publish")
    for kind in sorted(RESULTS):  # published: printed for anyone
        html = printed(server, event, kind, "lang=ja")
        assert "data-panel" not in html
        assert "A1 North" in html


def test_travellers_standings_and_score_cards_show_the_results(server: Server, event: str) -> None:
    server.put(f"/api/events/{event}/public", {"running": True})
    boards, ns, _ = table_play(server, event, 1, 1)
    one = printed(server, event, "travellers", f"board={boards[0]}&lang=en")
    assert one.count('data-testid="traveller-') == 1
    assert "4S" in one and "+420" in one
    every = printed(server, event, "travellers", "lang=en")
    assert every.count('data-testid="traveller-') == 21
    standings = printed(server, event, "standings", "lang=ja")
    assert "順位" in standings and "A1 North – A1 South" in standings
    card = printed(server, event, "score-cards", f"pair=NS{ns}&lang=en")
    assert card.count('data-testid="score-card-') == 1 and "+420" in card
    assert printed(server, event, "score-cards").count('data-testid="score-card-') == 14


def test_a4_or_letter(server: Server, event: str) -> None:
    a4 = printed(server, event, "master-sheet")
    assert 'class="print paper-a4"' in a4
    assert 'data-testid="paper-letter"' in a4
    letter = printed(server, event, "master-sheet", "paper=letter")
    assert 'class="print paper-letter"' in letter
    css = Path(STATIC_DIR, "print.css").read_text()
    assert "size: A4" in css and "@page letter { size: letter" in css
    assert "body.paper-letter { page: letter; }" in css
    assert server.client.get(f"/print/events/{event}/master-sheet?paper=B5").status_code == 422


def test_names_are_escaped(server: Server) -> None:
    event = server.post("/api/events", {"name": "<b>Club</b>"})["id"]
    for i in range(1, 7):
        players = [{"name": f"<i>{i}</i>"}, {"name": f"S{i}"}]
        server.post(f"/api/events/{event}/entries", {"players": players})
    server.post(
        f"/api/events/{event}/sessions/1/sections/A/movement",
        {"family": "mitchell", "options": {"boards_per_round": 2}},
    )
    html = printed(server, event, "pair-slips")
    assert "<b>Club</b>" not in html and "&lt;b&gt;Club&lt;/b&gt;" in html
    assert "<i>1</i>" not in html and "&lt;i&gt;1&lt;/i&gt;" in html


def test_an_unknown_kind_or_event_is_refused(server: Server, event: str) -> None:
    assert server.client.get(f"/print/events/{event}/menu").status_code == 422
    assert server.client.get("/print/events/nothing/master-sheet").status_code == 404
