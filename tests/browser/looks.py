"""Checks a browser test makes of any page: every input labelled, and the screenshots
the user guide shows."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.browser.kit import SCREENSHOTS

UNLABELLED = """
() => Array.from(document.querySelectorAll("input, select, textarea"))
  .filter((el) => el.type !== "hidden" && el.type !== "submit" && el.type !== "button"
    && el.type !== "reset" && el.type !== "image")
  .filter((el) => !(el.labels && Array.from(el.labels).some((l) => l.textContent.trim()))
    && !(el.getAttribute("aria-label") || "").trim()
    && !(el.getAttribute("aria-labelledby") || "").split(/\\s+/).some((id) => {
      const named = id && document.getElementById(id);
      return named && named.textContent.trim();
    })
    && !(el.getAttribute("title") || "").trim())
  .map((el) => el.outerHTML.slice(0, 200))
"""
"""Every form field with no accessible name: no label with text, no ``aria-label``,
no ``aria-labelledby`` naming an element with text, no ``title``."""


def unlabelled(page: Page) -> list[str]:
    """The form fields of ``page`` a screen reader could not name (as HTML)."""
    found: list[str] = page.evaluate(UNLABELLED)
    return found


def screenshot(page: Page, name: str, *, full_page: bool = True) -> None:
    """Save ``page`` as ``NAME.png`` in the run's screenshots (:data:`SCREENSHOTS`)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=full_page)
