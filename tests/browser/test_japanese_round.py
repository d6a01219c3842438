"""One round of the evening in Japanese: the director's console and the tables' phones
all in browsers that ask for Japanese. The pages speak Japanese, an engine's refusal
reaches the player in Japanese with nothing written, and the round is entered with
East-West confirming and the opening lead asked for.

The set-up (entries, movement, codes, how tables enter) is done through the API: the
English evening (test_evening.py) sets an event up on the console's pages."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.console import Console, at_console
from tests.browser.evening import TABLES, create_event, deal_for, issue_codes, seating
from tests.browser.kit import Served, context
from tests.browser.looks import screenshot
from tests.browser.table import Phone

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
"""Kana or kanji: the text is Japanese."""


@pytest.fixture
def event(server: Served) -> str:
    # API: set up like test_evening's console steps, asking for the opening lead.
    made = create_event(server, "火曜ペア戦")
    server.call("PUT", f"/api/events/{made}/table-entry", {"opening_lead": "optional"})
    return made


@pytest.fixture
def director(browser: Browser, server: Served) -> Iterator[Console]:
    with at_console(browser, server, "ja") as console:
        yield console


def test_a_round_in_japanese(
    browser: Browser, server: Served, event: str, director: Console
) -> None:
    codes = issue_codes(server, event)  # API
    phones = [
        Phone(
            context(browser, server, "ja", viewport={"width": 390, "height": 844}),
            event,
            codes[table],
            f"テーブル {table}",
        )
        for table in range(1, TABLES + 1)
    ]
    for phone in phones:
        phone.open_sign_in()
    for phone in phones:
        phone.sign_in()
    for phone in phones:
        phone.expect_round(1, "waiting")
        expect(phone.page.locator("html")).to_have_attribute("lang", "ja")
        expect(phone.page.get_by_test_id("round-status")).to_contain_text(JAPANESE)

    director.event_page(event)
    expect(director.page.locator("html")).to_have_attribute("lang", "ja")
    director.start_round(1)
    seats = seating(server, event, 1)
    for phone in phones:
        phone.expect_round(1)

    # A lead that is no card: refused in Japanese before anything is written.
    first, seated = phones[0], seats[1]
    board = seated.boards[0]
    written = server.store_position()
    first.choose(board, deal_for(board, 1))
    first.page.get_by_test_id(f"b{board}-lead").fill("Z9")
    first.show_score(board)
    refusal = first.page.get_by_test_id(f"b{board}-alert")
    expect(refusal).to_contain_text(JAPANESE)
    expect(refusal).to_contain_text("Z9")
    assert server.store_position() == written

    # Every table enters its two boards (a lead on the first), East-West confirming.
    for index in range(2):
        for table, phone in enumerate(phones, start=1):
            played = seats[table].boards[index]
            phone.choose(played, deal_for(played, table))
            phone.page.get_by_test_id(f"b{played}-lead").fill("SK" if index == 0 else "")
        for table, phone in enumerate(phones, start=1):
            phone.show_score(seats[table].boards[index])
        for table, phone in enumerate(phones, start=1):
            played = seats[table].boards[index]
            expect(phone.page.get_by_test_id(f"b{played}-score")).to_contain_text(JAPANESE)
            if table == 1 and index == 0:
                screenshot(phone.page, "table-score-ja")
            phone.confirm(played)
        for table, phone in enumerate(phones, start=1):
            phone.expect_sent(seats[table].boards[index])
    for table in range(1, TABLES + 1):
        expect(director.page.get_by_test_id(f"missing-{table}")).to_contain_text("✓")
    director.end_round(1)
    for phone in phones:
        phone.expect_round(1, "ended")
        expect(phone.page.get_by_test_id("round-status")).to_contain_text(JAPANESE)

    app = server.store_app()
    try:
        found = app.resolve_event(event)
        leads = [
            a["data"]["result"].get("lead")
            for a in app.audit(found)
            if a["type"] == "ResultRecorded"
        ]
        assert len(leads) == 2 * TABLES
        assert leads.count("SK") == TABLES
    finally:
        app.close()
    for phone in phones:
        phone.close()
