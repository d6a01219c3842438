"""A phone at a table, as a browser test drives it: the table's page (``/table``),
touched the way players touch it (the choices, the tricks' list, the buttons)."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, expect

from tests.browser.evening import Deal


class Phone:
    """One phone (its own browser context: its own storage, its own connection)."""

    def __init__(self, context: BrowserContext, event: str, code: str, name: str) -> None:
        self.context = context
        self.page = context.new_page()
        self.event = event
        self.code = code
        self.name = name
        """Which phone this is, for the messages of a failed check (``table 3, NS``)."""

    def open_sign_in(self) -> None:
        """Open ``/table`` (without waiting for it to load: phones load side by side)."""
        self.page.goto(f"/table?event={self.event}", wait_until="commit")

    def sign_in(self) -> None:
        """Choose the event and type the table's code at ``/table`` (opened first)."""
        page = self.page
        page.get_by_test_id("signin-event").select_option(self.event)
        page.get_by_test_id("signin-code").fill(self.code)
        page.get_by_test_id("signin-submit").click()

    def expect_round(self, rnd: int, status: str = "playing") -> None:
        """The page shows round ``rnd`` (moved on by itself when the director started it)."""
        shown = self.page.get_by_test_id("round")
        expect(shown, self.name).to_have_attribute("data-round", str(rnd))
        expect(shown, self.name).to_have_attribute("data-status", status)

    def pairs(self) -> tuple[str, str]:
        """The NS and EW lines as the page shows them (numbers and names)."""
        page = self.page
        return (
            page.get_by_test_id("pair-ns").inner_text(),
            page.get_by_test_id("pair-ew").inner_text(),
        )

    def boards(self) -> list[int]:
        """The boards the page asks for this round."""
        found = self.page.locator("article.board").evaluate_all(
            "(all) => all.map((a) => Number(a.id.replace('board-', '')))"
        )
        return [int(b) for b in found]

    def choose(self, board: int, deal: Deal) -> None:
        """Touch the contract, the declarer and the tricks of ``board``."""
        page = self.page
        p = f"b{board}"
        page.get_by_test_id(f"{p}-level-{deal.level}").check()
        page.get_by_test_id(f"{p}-strain-{deal.strain}").check()
        page.get_by_test_id(f"{p}-double-{deal.double or 'none'}").check()
        page.get_by_test_id(f"{p}-declarer-{deal.declarer}").check()
        page.get_by_test_id(f"{p}-tricks").select_option(str(deal.tricks))

    def show_score(self, board: int) -> None:
        """Ask for the score before sending (the server works it out, records nothing)."""
        self.page.get_by_test_id(f"b{board}-check").click()

    def expect_score(self, board: int, text: str) -> None:
        preview = self.page.get_by_test_id(f"b{board}-score")
        expect(preview, self.name).to_be_visible()
        expect(preview, self.name).to_contain_text(text)

    def confirm(self, board: int) -> None:
        """East-West confirm the score shown: the result is sent."""
        self.page.get_by_test_id(f"b{board}-confirm").click()

    def expect_sent(self, board: int) -> None:
        """The board shows as entered (the page moved on to the recorded result)."""
        expect(self.page.get_by_test_id(f"board-{board}"), self.name).to_have_attribute(
            "data-done", "true"
        )

    def close(self) -> None:
        self.context.close()
