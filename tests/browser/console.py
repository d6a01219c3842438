"""The director at the console, as a browser test drives it: each step is done on the
console's pages (``/console``), the way a director clicks through them."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator

from playwright.sync_api import Browser, Dialog, Page, expect

from tests.browser.kit import DIRECTOR, PASSWORD, Served, context


class Console:
    """One director's browser tab on the console."""

    def __init__(self, page: Page) -> None:
        self.page = page
        page.on("dialog", self._agree)

    @staticmethod
    def _agree(dialog: Dialog) -> None:
        """The director answers yes to the console's "are you sure?" questions."""
        dialog.accept()

    def log_in(self) -> None:
        """Log in at ``/console/login``: the console's event list follows."""
        page = self.page
        page.goto("/console/login")
        page.get_by_test_id("login-name").fill(DIRECTOR)
        page.get_by_test_id("login-password").fill(PASSWORD)
        page.get_by_test_id("login-submit").click()
        expect(page).to_have_url(re.compile(r"/console$"))
        expect(page.get_by_test_id("events-panel")).not_to_have_attribute("aria-busy", "true")

    def create_event(self, name: str) -> str:
        """Create an event on ``/console``; its id (from the link to its set-up)."""
        page = self.page
        page.goto("/console")
        page.get_by_test_id("new-event-name").fill(name)
        page.get_by_test_id("new-event-submit").click()
        form = page.get_by_test_id("new-event-form")
        expect(form.get_by_role("status")).to_be_visible()
        link = page.get_by_test_id("events-panel").get_by_role("link", name=name)
        expect(link).to_be_visible()
        href = link.get_attribute("href")
        assert href is not None
        return href.rsplit("/", 1)[-1]

    def event_page(self, event: str, page: str = "") -> None:
        """Open one of the event's console pages (its panels loaded)."""
        self.page.goto(f"/console/events/{event}" + (f"/{page}" if page else ""))
        expect(self.page.get_by_test_id("event-name")).to_be_visible()
        self.loaded()

    def loaded(self) -> None:
        """Wait until every panel of the page is fetched (the pages fill themselves)."""
        expect(self.page.locator("[data-panel][aria-busy=true]")).to_have_count(0)
        expect(self.page.locator("[data-panel]:empty")).to_have_count(0)

    def register_entry(self, first: str, second: str) -> None:
        """Register a pair on the event's entries page (open it first)."""
        page = self.page
        page.get_by_test_id("register-player-1").fill(first)
        page.get_by_test_id("register-player-2").fill(second)
        page.get_by_test_id("register-submit").click()
        # The entries panel (the form with it) is fetched again, with the new pair.
        expect(page.get_by_test_id("entries-table")).to_contain_text(second)
        expect(page.get_by_test_id("entries-panel")).not_to_have_attribute("aria-busy", "true")

    def start_round(self, rnd: int) -> None:
        """Start round ``rnd`` on the event's set-up page (open it first)."""
        page = self.page
        expect(page.get_by_test_id("start-round")).to_have_text(re.compile(rf"\b{rnd}\b"))
        page.get_by_test_id("start-round").click()
        expect(page.get_by_test_id("end-round")).to_have_text(re.compile(rf"\b{rnd}\b"))

    def end_round(self, rnd: int) -> None:
        """End round ``rnd`` on the event's set-up page."""
        page = self.page
        expect(page.get_by_test_id("end-round")).to_have_text(re.compile(rf"\b{rnd}\b"))
        page.get_by_test_id("end-round").click()
        expect(page.get_by_test_id("end-round")).to_have_count(0)

    def missing(self, table: int) -> str:
        """What the set-up page says is missing at ``table`` in the round shown."""
        return self.page.get_by_test_id(f"missing-{table}").inner_text()

    def expect_done(self, form: str) -> None:
        """The form (by its test id) says it was done, not refused (the refusal shown if
        it was: what the director would read)."""
        shown = self.page.get_by_test_id(form)
        said = shown.get_by_role("status").or_(shown.get_by_role("alert"))
        expect(said.first).to_be_visible()
        refusal = shown.get_by_role("alert")
        assert not refusal.is_visible(), refusal.inner_text()

    def assign_movement(self, event: str, family: str, boards_per_round: int) -> None:
        """Assign the section a movement on the event's movement page."""
        page = self.page
        self.event_page(event, "movement")
        choice = page.get_by_test_id(f"assign-{family}-form").locator("xpath=ancestor::details[1]")
        if choice.get_attribute("open") is None:
            choice.locator("summary").click()
        page.get_by_test_id(f"assign-{family}-boards_per_round").fill(str(boards_per_round))
        page.get_by_test_id(f"assign-{family}-submit").click()
        expect(page.get_by_test_id("movement-now")).to_contain_text(family)

    def choose_table_entry(self, event: str, *, ew_confirmation: bool, lead: str) -> None:
        """Choose how the tables enter results, on the event's tables page."""
        page = self.page
        self.event_page(event, "tables")
        page.get_by_test_id("table-entry-confirm").set_checked(ew_confirmation)
        page.get_by_test_id("table-entry-lead").select_option(lead)
        page.get_by_test_id("table-entry-submit").click()
        expect(page.get_by_test_id("table-entry-form").get_by_role("status")).to_be_visible()

    def issue_codes(self, tables: int) -> dict[int, str]:
        """Issue a code for every table on the tables page (open it first): table → the
        code, as the page shows it once."""
        page = self.page
        page.get_by_test_id("issue-all").click()
        shown = page.get_by_test_id("codes-shown").locator("li")
        expect(shown).to_have_count(tables)
        codes = {}
        for line in shown.all_inner_texts():
            table = re.search(r"A(\d+)", line)
            code = re.search(r"[A-Z2-9]{4}-[A-Z2-9]{4}", line)
            assert table and code, line
            codes[int(table.group(1))] = code.group(0)
        return codes

    def correct(self, event: str, board: int, ns: int, ew: int, tricks: int, reason: str) -> None:
        """Correct the tricks of a recorded result on the scoring desk: the board's
        traveller, "Correct…" on the table's line, the standings previewed, then sent."""
        page = self.page
        self.event_page(event, "desk/results")
        page.get_by_test_id(f"desk-board-{board}").click()
        page.get_by_test_id(f"desk-fill-{ns}-{ew}").click()
        expect(page.get_by_test_id("desk-correct-board")).to_have_value(str(board))
        page.get_by_test_id("desk-correct-tricks").fill(str(tricks))
        page.get_by_test_id("desk-correct-reason").fill(reason)
        page.get_by_test_id("desk-correct-preview").click()
        expect(page.get_by_test_id("desk-correct-what-if")).to_be_visible()
        page.get_by_test_id("desk-correct-submit").click()
        self.expect_done("desk-correct-form")

    def show_running_standings(self, event: str) -> None:
        """Let the public see the running standings (the desk's release page)."""
        page = self.page
        self.event_page(event, "desk/release")
        page.get_by_test_id("desk-public-running").check()
        page.get_by_test_id("desk-public-submit").click()
        expect(page.get_by_test_id("desk-sessions")).to_be_visible()
        expect(page.get_by_test_id("desk-public-running")).to_be_checked()

    def close_and_publish(self, event: str, session: int = 1, reason: str = "") -> None:
        """Close the session (with a reason if results are missing) and publish it, on
        the desk's release page."""
        page = self.page
        self.event_page(event, "desk/release")
        page.get_by_test_id(f"desk-close-reason-{session}").fill(reason)
        page.get_by_test_id(f"desk-close-submit-{session}").click()
        # "Closed" turns from no to yes (in the page's language): unlike "Published".
        expect(page.get_by_test_id(f"desk-session-{session}-closed")).not_to_have_text(
            page.get_by_test_id(f"desk-session-{session}-published").inner_text()
        )
        page.get_by_test_id(f"desk-publish-submit-{session}").click()
        expect(page.get_by_test_id(f"desk-session-{session}-published")).to_have_text(
            page.get_by_test_id(f"desk-session-{session}-closed").inner_text()
        )

    def audit(self, event: str, *, board: int | None = None, actor: str | None = None) -> str:
        """The audit of the event on the desk, filtered by board and actor: its text."""
        page = self.page
        self.event_page(event, "desk/audit")
        panel = page.get_by_test_id("desk-audit-panel")
        expect(panel).not_to_be_empty()
        if board is not None:
            page.get_by_test_id("desk-audit-board").fill(str(board))
        if actor is not None:
            page.get_by_test_id("desk-audit-actor").fill(actor)
        page.get_by_test_id("desk-audit-apply").click()
        expect(panel).not_to_have_attribute("aria-busy", "true")
        return panel.inner_text()


@contextlib.contextmanager
def at_console(browser: Browser, server: Served, language: str = "en") -> Iterator[Console]:
    """The director's laptop (a browser speaking ``language``), logged in to the console."""
    laptop = context(browser, server, language, viewport={"width": 1280, "height": 900})
    console = Console(laptop.new_page())
    console.log_in()
    try:
        yield console
    finally:
        laptop.close()
