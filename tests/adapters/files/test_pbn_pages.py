"""The public traveller shows the board's deal, with its double-dummy table and par."""

from __future__ import annotations

from starlette.testclient import TestClient

from engine import deals
from engine.deals import parse_deal
from engine.testing import memory_app, play_movement
from tests.adapters.files.test_pbn_quirks import DEAL_1
from tests.adapters.http.test_pages import pages_app, pairs_event, text_of


def test_the_public_traveller_shows_the_deal_once_released() -> None:
    app = memory_app()
    event = pairs_event(app, "Club night")
    app.record_deals(event, {1: parse_deal(DEAL_1)}, source="night.pbn")
    play_movement(app, event)
    client = TestClient(pages_app(app))
    app.close_session(event)
    app.publish(event)
    html = client.get(f"/events/{event}/boards/1", headers={"Accept-Language": "en"}).text
    text = text_of(html)
    assert 'class="hand-diagram"' in html
    assert "♠ AKQJ" in text and "♥ AKQJ" in text  # North's spades, West's hearts
    if deals.analysis_available():
        assert "NS +80 (1S N, 1S S)" in text
    other = client.get(f"/events/{event}/boards/2", headers={"Accept-Language": "en"}).text
    assert 'class="hand-diagram"' not in other  # no deal recorded for board 2
