"""Accessibility basics, in the browser: every input of every page (the table's, the
console's, the public and printed pages) has a label a screen reader reads, and a
result can be entered on a phone, and the director can log in, with the keyboard alone.

The event is set up through the API (test_evening.py sets one up on the console)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.console import Console
from tests.browser.evening import create_event, deal_for, issue_codes, seating
from tests.browser.kit import DIRECTOR, PASSWORD, Served, context
from tests.browser.looks import unlabelled
from tests.browser.table import Phone

CONSOLE_PAGES = (
    "",
    "/entries",
    "/movement",
    "/scoring",
    "/tables",
    "/desk/results",
    "/desk/rulings",
    "/desk/audit",
    "/desk/release",
    "/desk/print",
)
"""An event's pages on the console (after ``/console/events/ID``)."""


@pytest.fixture
def event(server: Served) -> str:
    # API: an event with the opening lead asked (so the lead's input is on the page).
    made = create_event(server, "Accessible pairs")
    server.call("PUT", f"/api/events/{made}/table-entry", {"opening_lead": "optional"})
    server.call("POST", f"/api/events/{made}/sessions/1/sections/A/rounds/1/start")
    return made


@pytest.fixture
def laptop(browser: Browser, server: Served) -> Iterator[BrowserContext]:
    made = context(browser, server, viewport={"width": 1280, "height": 900})
    yield made
    made.close()


def focused(page: Page) -> str:
    found: str = page.evaluate("document.activeElement ? document.activeElement.id : ''")
    return found


def tab_to(page: Page, element_id: str, most: int = 60) -> None:
    """Press Tab until ``element_id`` has the focus (as a keyboard user gets there)."""
    for _ in range(most):
        if focused(page) == element_id:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached #{element_id}; the focus is on #{focused(page)}")


def test_every_input_has_a_label(
    server: Served, event: str, laptop: BrowserContext, browser: Browser
) -> None:
    page = laptop.new_page()
    for address in ("/console/login",):
        page.goto(address)
        assert unlabelled(page) == [], address
    page.get_by_test_id("login-name").fill(DIRECTOR)
    page.get_by_test_id("login-password").fill(PASSWORD)
    page.get_by_test_id("login-submit").click()
    expect(page).to_have_url(f"{server.url}/console")
    addresses = ["/console"] + [f"/console/events/{event}{p}" for p in CONSOLE_PAGES]
    addresses += [f"/events/{event}", f"/print/events/{event}/standings?session=1&section=A"]
    for address in addresses:
        page.goto(address)
        Console(page).loaded()
        assert unlabelled(page) == [], address
    phone = Phone(context(browser, server), event, issue_codes(server, event)[1], "table 1")
    phone.page.goto("/table")
    assert unlabelled(phone.page) == [], "/table"
    phone.sign_in()
    phone.expect_round(1)
    assert unlabelled(phone.page) == [], f"/table/{event}"
    phone.close()


def test_a_result_entered_with_the_keyboard_alone(
    browser: Browser, server: Served, event: str
) -> None:
    code = issue_codes(server, event)[2]
    seated = seating(server, event, 1)[2]
    board = seated.boards[0]
    deal = deal_for(board, 2)
    assert (deal.level, deal.strain, deal.declarer) == (4, "S", "N"), "the keys below enter 4S N"
    phone = Phone(context(browser, server), event, code, "table 2")
    page = phone.page
    page.goto(f"/table?event={event}")
    tab_to(page, "signin-code")
    page.keyboard.type(code)
    page.keyboard.press("Enter")
    phone.expect_round(1)

    p = f"b{board}"
    tab_to(page, f"{p}-level-1")
    for _ in range(3):  # 1 → 4: the arrows move along a group of choices and choose
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Tab")
    assert focused(page) == f"{p}-strain-C"
    for _ in range(3):  # ♣ → ♠
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Tab")
    assert focused(page) == f"{p}-double-none"  # already chosen: not doubled
    page.keyboard.press("Tab")
    assert focused(page) == f"{p}-declarer-N"
    page.keyboard.press("Space")
    tab_to(page, f"{p}-lead", most=2)
    page.keyboard.type("HQ")
    tab_to(page, f"{p}-tricks", most=2)
    page.keyboard.type(str(deal.tricks))
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # "Show the score"
    expect(page.get_by_test_id(f"{p}-score")).to_be_focused()
    expect(page.get_by_test_id(f"{p}-score")).to_contain_text("4")
    page.keyboard.press("Tab")
    expect(page.get_by_test_id(f"{p}-confirm")).to_be_focused()
    page.keyboard.press("Enter")  # East-West confirm
    phone.expect_sent(board)

    app = server.store_app()
    try:
        found = app.resolve_event(event)
        recorded = [a for a in app.audit(found) if a["type"] == "ResultRecorded"]
        assert [
            (r["data"]["result"]["contract"], r["data"]["result"]["tricks"], r["actor"])
            for r in recorded
        ] == [("4S", deal.tricks, "table:A2")]
        assert recorded[0]["data"]["result"]["lead"] == "HQ"
    finally:
        app.close()
    phone.close()


def test_the_director_logs_in_with_the_keyboard_alone(laptop: BrowserContext) -> None:
    page = laptop.new_page()
    page.goto("/console/login")
    tab_to(page, "login-name")
    page.keyboard.type(DIRECTOR)
    page.keyboard.press("Tab")
    page.keyboard.type(PASSWORD)
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("events-panel")).to_be_visible()
