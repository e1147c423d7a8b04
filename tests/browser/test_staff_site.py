"""A clerk at the staff site in a real browser (Chromium through Playwright)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from dogtag.law import catalogue

PASSWORD = "correct-horse-battery-9"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"
WRONG_CREDENTIALS = (
    "Please enter a correct username and password. Note that both fields may be case-sensitive."
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def clerk(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("clerk", password=PASSWORD)


def sign_in(page: Any, base_url: str, username: str, password: str) -> None:
    page.goto(f"{base_url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.get_by_role("button", name="Sign in").click()


def test_clerk_signs_in_and_computes_deadlines_in_place(
    page: Any, live_server: Any, clerk: Any, problems: list[str]
) -> None:
    base = live_server.url
    loads: list[str] = []
    page.on("load", lambda: loads.append(page.url))

    # Given a clerk with an account
    # When the clerk signs in
    sign_in(page, base, "clerk", PASSWORD)
    # Then the home page opens, naming the city, with the rules catalogue
    expect(page).to_have_url(f"{base}/")
    expect(page.get_by_role("heading", level=1)).to_have_text("City of Nowthen dog ordinance")
    expect(page.get_by_role("heading", name="Rules catalogue")).to_be_visible()
    rules = catalogue.catalogue()
    expect(page.locator("caption", has_text="rules implemented")).to_have_text(
        f"{len(rules)} rules implemented"
    )
    # two rules now cite 3-2-9.A.1.c first (the request window and its timing, issue 11)
    cited = page.get_by_role("cell", name="3-2-9.A.1.c", exact=True)
    expect(cited).to_have_count(sum(1 for r in rules if r.section == "3-2-9.A.1.c"))
    expect(cited.first).to_be_visible()
    expect(page.get_by_text("Signed in as clerk")).to_be_visible()

    # When the clerk follows "Deadline calculator" in the primary navigation
    primary = page.get_by_role("navigation", name="Primary navigation")
    primary.get_by_role("link", name="Deadline calculator").click()
    # Then the calculator opens, marked as the current page
    expect(page).to_have_url(f"{base}/deadline/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Deadline calculator")
    expect(primary.get_by_role("link", name="Deadline calculator")).to_have_attribute(
        "aria-current", "page"
    )
    result = page.locator("#deadline-result")
    expect(result).to_have_text("Enter a date and a deadline rule or a number of days.")

    # Given a marker in this page's window, which a full page load would wipe (once this page's
    # own load event has fired: on a busy machine it can come after the checks above)
    page.wait_for_load_state("load")
    page.evaluate("window.dogtagMarker = 'same page'")
    loads_before = len(loads)
    # When the clerk enters the notice date and picks the hearing-request rule, and submits
    page.get_by_label("Date of the triggering event").fill("2025-12-11")
    page.get_by_label("Deadline rule").select_option("dangerous_dog.hearing_request")
    with page.expect_response(
        lambda r: (
            "/deadline/?" in r.url
            and "rule=dangerous_dog.hearing_request" in r.url
            and r.request.headers.get("hx-request") == "true"
        )
    ):
        page.get_by_role("button", name="Compute due date").click()
    # Then the result area shows the due date and the skipped Christmas Day
    expect(result.get_by_role("heading", level=2)).to_have_text("Due Friday, December 26, 2025")
    expect(result.locator("#due-date")).to_have_attribute("data-due", "2025-12-26")
    skip_table = result.get_by_role("table")
    expect(skip_table.get_by_role("row")).to_have_count(2)
    expect(skip_table.get_by_role("row").nth(1)).to_have_text(
        re.compile(
            r"Thu 2025-12-25\s*legal holiday: Christmas Day \(Minn\. Stat\. 645\.44 subd\. 5\)"
        )
    )
    expect(result.locator(".dogtag-citation").first).to_have_text("3-2-9.A.1.c")
    # And it was swapped in by htmx: same window, no page load; the address records the query
    assert page.evaluate("window.dogtagMarker") == "same page"
    assert loads[loads_before:] == []
    expect(page).to_have_url(
        re.compile(r"/deadline/\?trigger_date=2025-12-11&rule=dangerous_dog\.hearing_request")
    )
    expect(page.get_by_role("heading", level=1)).to_have_count(1)

    # When the clerk switches to a plain count of 14 days from December 17, 2027
    page.get_by_label("Deadline rule").select_option("")
    page.get_by_label("Date of the triggering event").fill("2027-12-17")
    page.get_by_label("Number of days").fill("14")
    page.get_by_role("button", name="Compute due date").click()
    # Then New Year's Eve (observed), New Year's Day and the Sunday are skipped
    expect(result.locator("#due-date")).to_have_attribute("data-due", "2028-01-03")
    expect(result.get_by_role("heading", level=2)).to_have_text("Due Monday, January 3, 2028")
    expect(result.get_by_role("table").get_by_role("row")).to_have_count(4)
    expect(result.locator(".dogtag-citation")).to_have_text(["Minn. Stat. 645.15"])
    assert page.evaluate("window.dogtagMarker") == "same page"
    assert loads[loads_before:] == []

    # And a human can look at the result
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "deadline.png"), full_page=True)
    assert (SCREENSHOTS / "deadline.png").stat().st_size > 10_000
    assert problems == []


def test_the_law_refusing_a_deadline_is_shown_in_place(
    page: Any, live_server: Any, clerk: Any, problems: list[str]
) -> None:
    # Given a signed-in clerk at the calculator
    sign_in(page, live_server.url, "clerk", PASSWORD)
    expect(page).to_have_url(f"{live_server.url}/")
    page.goto(f"{live_server.url}/deadline/")
    # When the clerk gives the hearing-request rule a number of days the ordinance does not fix
    page.get_by_label("Date of the triggering event").fill("2025-12-11")
    page.get_by_label("Deadline rule").select_option("dangerous_dog.hearing_request")
    page.get_by_label("Number of days").fill("10")
    page.get_by_role("button", name="Compute due date").click()
    # Then the result area says why there is no due date
    alert = page.locator("#deadline-result").get_by_role("alert")
    expect(alert).to_have_text(
        re.compile(r"No due date\s*3-2-9\.A\.1\.c fixes 14 days for this deadline, not 10 days")
    )
    expect(page.locator("#due-date")).to_have_count(0)
    assert problems == []


def test_wrong_password_shows_a_visible_error_and_keeps_focus_on_the_form(
    page: Any, live_server: Any, clerk: Any, problems: list[str]
) -> None:
    base = live_server.url
    # Given the sign-in page: labelled inputs, focus in the user name
    page.goto(f"{base}/accounts/login/")
    expect(page.get_by_label("Username")).to_have_attribute("id", "id_username")
    expect(page.get_by_label("Password", exact=True)).to_have_attribute("id", "id_password")
    expect(page.locator("#id_username")).to_be_focused()
    expect(page.get_by_role("alert")).to_have_count(0)
    # When the clerk signs in with a wrong password
    sign_in(page, base, "clerk", "not-the-password")
    # Then the sign-in page comes back with a visible error, announced as an alert
    expect(page).to_have_url(f"{base}/accounts/login/")
    error = page.locator("#login-error")
    expect(error).to_be_visible()
    expect(error).to_have_attribute("role", "alert")
    expect(error.get_by_role("heading")).to_have_text("Sign-in failed")
    expect(error).to_contain_text(WRONG_CREDENTIALS)
    # And the inputs point at the error, the user name is kept and focus is on the password
    expect(page.get_by_label("Username")).to_have_value("clerk")
    expect(page.get_by_label("Username")).to_have_attribute("aria-describedby", "login-error")
    expect(page.get_by_label("Password", exact=True)).to_have_value("")
    expect(page.get_by_label("Password", exact=True)).to_have_attribute(
        "aria-describedby", "login-error"
    )
    expect(page.locator("#id_password")).to_be_focused()
    # And no session was opened
    assert [c["name"] for c in page.context.cookies() if c["name"] == "sessionid"] == []
    page.goto(f"{base}/")
    expect(page).to_have_url(f"{base}/accounts/login/?next=/")
    assert problems == []


def test_show_password_button_reveals_the_password(
    page: Any, live_server: Any, problems: list[str]
) -> None:
    # Given the sign-in page with a typed password (the USWDS script drives the button)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_password", "secret")
    expect(page.locator("#id_password")).to_have_attribute("type", "password")
    # When the clerk presses "Show password"
    page.get_by_role("button", name="Show password").click()
    # Then the password is shown as text, and the button offers to hide it again
    expect(page.locator("#id_password")).to_have_attribute("type", "text")
    expect(page.get_by_role("button", name="Hide password")).to_be_visible()
    assert problems == []
