"""Issue 12's evening, in a real browser: a director sets up a 7-table Mitchell at the
console, 14 phones (two at each table, each its own browser context) enter the whole
session concurrently with East-West confirming every score, one phone loses its
connection and sends its result when it returns, the director corrects a result with a
reason and publishes, and the public page shows the published standings. Each step is
checked on the page; the store is read afterwards: every result once, the audit naming
the devices and the director.

Every step of the director and the tables is done on the pages; the API is only read,
as the word the pages are checked against (the movement's seating, the standings)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from engine import bridge
from tests.browser.console import Console, at_console
from tests.browser.evening import (
    BOARDS_PER_ROUND,
    ROUNDS,
    TABLES,
    deal_for,
    pair_players,
    seating,
)
from tests.browser.kit import DIRECTOR, Served, context
from tests.browser.looks import screenshot
from tests.browser.table import Phone

PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
}
OFFLINE = {(4, 3): False, (5, 6): True}
"""(round, table) whose second phone loses its connection while entering its board →
whether the table's other phone enters that board meanwhile."""
CORRECTED = (2, 5)
"""The round and table whose first board the director corrects."""


@pytest.fixture
def director(browser: Browser, server: Served) -> Iterator[Console]:
    with at_console(browser, server) as console:
        yield console


def ns_score(board: int, table: int) -> int:
    deal = deal_for(board, table)
    return bridge.score_ns(
        board, bridge.Contract.parse(deal.contract), bridge.parse_seat(deal.declarer), deal.tricks
    )


def signed(score: int) -> str:
    return f"+{score}" if score > 0 else str(score)


def test_an_evening_at_seven_tables(browser: Browser, server: Served, director: Console) -> None:
    # ---- the director sets the event up at the console ----
    event = director.create_event("Tuesday pairs")
    director.event_page(event, "entries")
    for number in range(1, 2 * TABLES + 1):
        first, second = (p["name"] for p in pair_players(number))
        director.register_entry(first, second)
    director.assign_movement(event, "mitchell", BOARDS_PER_ROUND)
    director.choose_table_entry(event, ew_confirmation=True, lead="off")
    codes = director.issue_codes(TABLES)

    # ---- a spectator's page waits; the director lets the public follow the evening ----
    spectator = context(browser, server).new_page()
    spectator.goto(f"/events/{event}")
    expect(spectator.locator("section.notice")).to_be_visible()  # not released yet
    director.show_running_standings(event)
    expect(spectator.locator(".running")).to_be_visible()  # the page updated itself

    # ---- two phones at each table sign in with the table's code ----
    phones = [
        Phone(context(browser, server, **PHONE), event, codes[table], f"table {table}, {side}")
        for table in range(1, TABLES + 1)
        for side in ("NS", "EW")
    ]
    for phone in phones:  # the pages load meanwhile
        phone.open_sign_in()
    for phone in phones:
        phone.sign_in()
    for phone in phones:
        phone.expect_round(1, "waiting")

    director.event_page(event)
    for rnd in range(1, ROUNDS + 1):
        director.start_round(rnd)
        seats = seating(server, event, rnd)  # the movement's word, to check the pages by
        for phone in phones:
            phone.expect_round(rnd)
        if rnd == 1:
            for table in range(1, TABLES + 1):
                shown_ns, shown_ew = phones[2 * (table - 1)].pairs()
                assert " – ".join(seats[table].names_ns) in shown_ns
                assert " – ".join(seats[table].names_ew) in shown_ew
        # Each phone of a table enters one of its two boards: the NS phones all at
        # once, then the EW phones.
        for half in range(BOARDS_PER_ROUND):
            entering = [(t, phones[2 * (t - 1) + half], seats[t].boards[half]) for t in seats]
            lost = next((t for r, t in OFFLINE if (r, half) == (rnd, 1)), None)
            offline = None if lost is None else phones[2 * (lost - 1) + 1]
            if offline is not None:
                offline.context.set_offline(True)
            for table, phone, board in entering:
                assert phone.boards() == seats[table].boards
                phone.choose(board, deal_for(board, table))
            for _, phone, board in entering:
                phone.show_score(board)
            for table, phone, board in entering:
                if phone is not offline:  # offline, the score waits for the connection
                    phone.expect_score(board, signed(ns_score(board, table)))
            if rnd == 1 and half == 0:
                screenshot(phones[0].page, "table-score")
            for _, phone, board in entering:
                phone.confirm(board)
            if lost is not None and offline is not None:
                lost_connection(director, phones, lost, seats[lost].boards[1], OFFLINE[rnd, lost])
            for _, phone, board in entering:
                phone.expect_sent(board)
            # Once sent, a board's traveller so far: one line for each round played.
            traveller = phones[0].page.get_by_test_id(f"b{seats[1].boards[0]}-traveller")
            expect(traveller.locator("tbody tr")).to_have_count(rnd)
            if rnd == 1 and half == 0:
                director.loaded()
                screenshot(director.page, "console-round")
        for table in range(1, TABLES + 1):
            expect(director.page.get_by_test_id(f"missing-{table}")).to_contain_text("✓")
        director.end_round(rnd)
    for phone in phones:
        phone.expect_round(ROUNDS, "over")

    # ---- the director corrects a result, with a reason, and publishes ----
    rnd, table = CORRECTED
    seated = seating(server, event, rnd)[table]
    board, ns, ew = seated.boards[0], seated.ns, seated.ew
    reason = "EW's score card says 7 tricks"
    director.correct(event, board, ns, ew, tricks=7, reason=reason)
    audited = director.audit(event, board=board, actor="director")
    assert reason in audited and f"director:{DIRECTOR}" in audited
    assert f"table:A{table}" in director.audit(event, board=board, actor="table")
    director.close_and_publish(event)

    # ---- the spectator's page, open all evening, shows the published standings ----
    page = spectator
    expect(page.locator(".running")).to_have_count(0)  # published: no longer "running"
    published = server.call("GET", f"/api/events/{event}/sessions/1/standings")
    fields = page.locator("section.field")
    for i, field in enumerate(published["fields"]):  # NS and EW of the Mitchell
        rows = fields.nth(i).locator("table.standings tbody tr")
        expect(rows).to_have_count(TABLES)
        top = field["rows"][0]
        for n, row in enumerate(field["rows"]):
            expect(rows.nth(n)).to_contain_text(" – ".join(row["names"]))
            expect(rows.nth(n)).to_contain_text(row["score"])
    spectator.context.close()

    # ---- the standings printed from the console (A4, as the printer gets them) ----
    sheet = director.page
    director.event_page(event, "desk/print")
    sheet.get_by_test_id("print-standings-a4").click()
    expect(sheet.get_by_test_id("standings")).to_contain_text(" – ".join(top["names"]))
    expect(sheet.locator(".running")).to_have_count(0)
    sheet.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
    sheet.emulate_media(media="print")
    screenshot(sheet, "print-standings")

    # ---- the store, read directly: every result once, the audit naming who did it ----
    app = server.store_app()
    try:
        found = app.resolve_event(event)
        trail = app.audit(found)
        recorded = Counter(
            (a["data"]["result"]["board"], a["data"]["result"]["ns"], a["data"]["result"]["ew"])
            for a in trail
            if a["type"] == "ResultRecorded"
        )
        assert len(recorded) == TABLES * ROUNDS * BOARDS_PER_ROUND
        assert set(recorded.values()) == {1}
        devices = {a["actor"] for a in trail if a["type"] == "ResultRecorded"}
        assert devices == {f"table:A{t}" for t in range(1, TABLES + 1)}
        corrections = [a for a in trail if a["type"] == "ResultCorrected"]
        assert [(c["actor"], c["reason"]) for c in corrections] == [
            (f"director:{DIRECTOR}", reason)
        ]
        assert {a["actor"] for a in trail if a["type"] == "ResultsPublished"} == {
            f"director:{DIRECTOR}"
        }
    finally:
        app.close()
    for phone in phones:
        phone.close()


def lost_connection(
    director: Console, phones: list[Phone], table: int, board: int, twin_meanwhile: bool
) -> None:
    """The second phone of ``table`` has entered ``board`` without a connection: the page
    keeps it and says so, and the server has nothing. When the connection returns the
    kept result is sent, once. With ``twin_meanwhile`` the table has entered the board
    again on its other phone before that: the kept result is refused as already
    recorded, and the page counts it as sent (no alert, nothing left waiting)."""
    offline = phones[2 * (table - 1) + 1]
    expect(offline.page.get_by_test_id("pending")).to_be_visible()
    expect(offline.page.get_by_test_id("connection")).not_to_be_empty()
    expect(director.page.get_by_test_id(f"missing-{table}")).to_contain_text(str(board))
    if twin_meanwhile:
        twin = phones[2 * (table - 1)]
        twin.choose(board, deal_for(board, table))
        twin.show_score(board)
        twin.expect_score(board, signed(ns_score(board, table)))
        twin.confirm(board)
        twin.expect_sent(board)
    offline.context.set_offline(False)
    expect(offline.page.get_by_test_id("pending")).to_be_hidden()
    expect(offline.page.get_by_test_id("connection")).to_be_empty()
