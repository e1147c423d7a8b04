"""Issue 12 item 7: the residents' site works by keyboard alone and at 200 % zoom.

Keyboard: a resident signs in without touching the mouse — Tab to the e-mail field, type, Enter;
open the link, Tab to "Sign in", Enter — and reaches the household page. Zoom: at 200 % (a 1280
pixel window seen at half its width, and the 320 pixel reflow width of WCAG 1.4.10) no public page
scrolls sideways, and the menu opens and reaches every item.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.residents.conftest import clerk, last_link, pat, stock  # noqa: F401

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("city_today"),
]

PUBLIC_PAGES = ("/residents/", "/residents/sign-in/", "/residents/sign-in/sent/")


def tab_to(page: Any, selector: str, limit: int = 40) -> None:
    """Presses Tab until the element is focused (as a keyboard user moves through the page)."""
    target = page.locator(selector)
    for _ in range(limit):
        page.keyboard.press("Tab")
        if target.evaluate("element => element === document.activeElement"):
            return
    raise AssertionError(f"{selector} was not reached with Tab in {limit} presses")


@pytest.mark.usefixtures("pat")
def test_a_resident_signs_in_with_the_keyboard_alone(
    page: Any, live_server: Any, problems: list[str]
) -> None:
    # Given the sign-in page
    page.goto(f"{live_server.url}/residents/sign-in/")
    # When the resident tabs to the e-mail field, types and presses Enter
    tab_to(page, "#id_email")
    page.keyboard.type("pat@example.org")
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Check your e-mail")).to_be_visible()
    # and opens the link, tabs to Sign in and presses Enter
    parts = urlsplit(last_link("pat@example.org"))
    page.goto(f"{live_server.url}{parts.path}?{parts.query}")
    tab_to(page, "main button[type=submit] >> text=Sign in")
    page.keyboard.press("Enter")
    # Then the household page shows the dog
    expect(page.get_by_role("heading", name="My household")).to_be_visible()
    expect(page.get_by_role("heading", name="Biscuit")).to_be_visible()
    assert problems == []


@pytest.mark.parametrize("width", [640, 320])
def test_no_public_page_scrolls_sideways_at_200_percent_zoom(
    browser: Any, live_server: Any, width: int
) -> None:
    context = browser.new_context(viewport={"width": width, "height": 800}, locale="en-US")
    try:
        page = context.new_page()
        for path in PUBLIC_PAGES:
            page.goto(f"{live_server.url}{path}")
            overflow = page.evaluate(
                "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
            assert overflow <= 0, f"{path} scrolls sideways by {overflow}px at {width}px"
        # the menu button opens the menu, and its items are reachable
        page.goto(f"{live_server.url}/residents/")
        page.get_by_role("button", name="Menu").click()
        expect(page.get_by_role("link", name="Sign in")).to_be_visible()
    finally:
        context.close()
