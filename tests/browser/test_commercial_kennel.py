"""A clerk takes a commercial kennel application through to its license in a real browser
(City Code 3-2-5.B): intake with the fees, the Planning & Zoning hearing, the notice list drawn
from the parcel map and its mailing labels, the recommendation, the council's decision, the
license."""

from __future__ import annotations

import io
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from dogtag.licensing import services as desk
from dogtag.parcels.models import Parcel
from dogtag.records.roles import CLERK, ensure_roles

PASSWORD = "correct-horse-battery-9"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("city_today"),
]


def square(x: float, y: float, size: float) -> dict[str, Any]:
    return {
        "type": "Polygon",
        "coordinates": [[[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]]],
    }


@pytest.fixture
def town(django_user_model: Any) -> dict[str, Any]:
    """A clerk; the applicant on a 10-acre parcel; two neighbours within 1/4 mile, one beyond."""
    clerk = django_user_model.objects.create_user("clerk", password=PASSWORD)
    clerk.groups.add(ensure_roles()[CLERK])

    def parcel(pin: str, boundary: dict[str, Any], owners: str, street: str) -> Parcel:
        return Parcel.objects.create(
            pin=pin,
            address=street,
            acres=Decimal("10.000"),
            owner_names=owners,
            mailing_street=street,
            mailing_city="Nowthen",
            mailing_state="MN",
            mailing_postal_code="55330",
            boundary=boundary,
        )

    kennel = parcel("R10-0001", square(0, 0, 660), "Pat Gustafson", "7120 Viking Blvd NW")
    parcel("R10-0002", square(660, 0, 660), "Sigrid and Ole Halvorsen", "7200 Viking Blvd NW")
    parcel("R10-0003", square(0, 660 + 1319, 300), "Marta Lindqvist", "7300 Viking Blvd NW")
    parcel("R10-0004", square(0, -1321 - 300, 300), "Far Away Farms LLC", "6900 Viking Blvd NW")
    owner = desk.register_owner(
        actor=clerk,
        name="Pat Gustafson",
        street="7120 Viking Blvd NW",
        postal_code="55330",
        phone="763-555-0142",
        parcel=kennel,
    )
    return {"clerk": clerk, "owner": owner, "parcel": kennel}


def submit(page: Any, name: str) -> None:
    page.wait_for_load_state("load")
    page.get_by_role("button", name=name).click()
    page.wait_for_load_state("load")


def test_clerk_takes_a_commercial_kennel_to_its_license(
    page: Any, live_server: Any, town: dict[str, Any], problems: list[str]
) -> None:
    base = live_server.url
    # Given a clerk signed in
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "clerk")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page).to_have_url(f"{base}/")

    # When the clerk takes the application, starting from the parcel
    page.goto(f"{base}/kennels/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Kennel licenses")
    page.get_by_role("link", name="Take a commercial kennel application").click()
    page.get_by_label("Parcel (PIN)").fill("R10-0001")
    submit(page, "Continue")
    expect(page.get_by_role("heading", level=1)).to_have_text("Commercial kennel application")
    page.get_by_label("Applicant", exact=True).select_option(str(town["owner"].pk))
    page.get_by_label("Business name").fill("Rum River Kennels")
    page.get_by_label("Dogs to be kept").fill("18")
    page.get_by_label("Date received").fill("2026-11-02")
    # the application and public hearing fees are due together (3-2-5.B.1, B.2; 1-2-2)
    expect(page.get_by_label("Amount paid")).to_have_value("275.00")
    page.get_by_label("Check or card reference").fill("1042")
    submit(page, "Take the application and the fees")

    # Then the application page shows the receipt and the next step
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Commercial kennel application CKA2026-001"
    )
    expect(page.locator("#application-details")).to_contain_text("$275.00")

    # The clerk schedules the Planning & Zoning hearing
    page.get_by_label("Date scheduled").fill("2026-11-03")
    page.get_by_label("Hearing date").fill("2026-11-20")
    page.get_by_label("Hearing time").fill("19:00")
    page.get_by_label("Place").fill("Nowthen City Hall, council chambers")
    submit(page, "Schedule the Planning & Zoning hearing")
    expect(page.locator(".dogtag-messages")).to_contain_text("Hearing scheduled.")

    # ... draws the notice list from the parcel map
    page.get_by_label("Date", exact=True).fill("2026-11-05")
    submit(page, "Draw the notice list")
    expect(page.locator(".dogtag-messages")).to_contain_text("2 property owner(s) within 1/4 mile")
    recipients = page.get_by_role("table", name=re.compile("Property owners given notice"))
    expect(recipients.locator("tbody tr")).to_have_count(2)
    expect(recipients).to_contain_text("Sigrid and Ole Halvorsen")
    expect(recipients).to_contain_text("1,319.0")
    expect(recipients).not_to_contain_text("Far Away Farms")

    # ... and opens the mailing labels
    href = page.get_by_role("link", name="Mailing labels (PDF, Avery 5160)").get_attribute("href")
    response = page.request.get(f"{base}{href}")
    assert response.status == 200
    assert response.headers["content-type"] == "application/pdf"
    labels = PdfReader(io.BytesIO(response.body())).pages[0].extract_text()
    assert "Sigrid and Ole Halvorsen" in labels and "Marta Lindqvist" in labels
    assert "Far Away Farms" not in labels
    letters = page.get_by_role("link", name="Notice letters (PDF)").get_attribute("href")
    response = page.request.get(f"{base}{letters}")
    assert response.headers["content-type"] == "application/pdf"

    # Out of order: nothing but the mailing comes next
    expect(page.get_by_role("heading", level=2, name="Record the notice mailed")).to_be_visible()
    page.get_by_label("Notice mailed on").fill("2026-11-06")
    submit(page, "Record the notice mailed")

    # The hearing held on the day noticed (3-2-5.B.2)
    page.get_by_label("Hearing held on").fill("2026-11-20")
    submit(page, "Record the Planning & Zoning hearing held")

    # The commission's recommendation, then the council's decision with a condition
    # USWDS radios: the styled label is what a person clicks
    page.locator("label[for='id_recommendation-recommendation_0']").click()
    expect(page.get_by_label("approve", exact=True)).to_be_checked()
    page.get_by_label("Date of the recommendation").fill("2026-11-20")
    submit(page, "Record the Planning & Zoning Commission's recommendation")
    page.get_by_text("approves the license", exact=True).click()
    expect(page.get_by_label("approves the license")).to_be_checked()
    page.get_by_label("Date of the decision").fill("2026-11-24")
    page.get_by_label("Resolution or motion number").fill("2026-31")
    page.get_by_label("Additional conditions (3-2-5.B.9)").fill("No dogs outdoors after 9 pm.")
    submit(page, "Record the City Council's decision")
    conditions = page.get_by_role("table", name=re.compile("Conditions of the license"))
    expect(conditions.locator("tbody tr")).to_have_count(7)
    expect(conditions).to_contain_text("No dogs outdoors after 9 pm.")

    # Then the clerk issues the license
    submit(page, "Issue the commercial kennel license")
    expect(page.locator(".dogtag-messages")).to_contain_text(
        "Commercial kennel license CK2026-001 issued."
    )
    licenses = page.get_by_role("table", name=re.compile("Commercial kennel licenses from"))
    expect(licenses).to_contain_text("2026-11-29 through 2027-11-28")
    expect(licenses).to_contain_text("in force")
    expect(page.locator("#application-state")).to_contain_text("Approved by the City Council")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "kennel-commercial.png"), full_page=True)
    assert problems == []
