"""A clerk at the licensing desk in a real browser: search, owner, dog, the live license screen,
a license with its receipt PDF, and a late renewal with its penalty."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from dogtag.licensing import services
from dogtag.licensing.receipts import Payment
from dogtag.records.roles import CLERK, ensure_roles

PASSWORD = "correct-horse-battery-9"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"
D = dt.date
RABIES_EXPIRED = "Rabies certificate expired 2026-01-10 — 3-2-2.G: no license may issue."

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("city_today"),
]


@pytest.fixture
def desk_records(django_user_model: Any) -> dict[str, Any]:
    """A clerk; Pat Gustafson with Biscuit (an expired and a current rabies certificate, never
    licensed) and Juno (license expired 2026-09-10, new three-year vaccination 2026-10-01)."""
    clerk = django_user_model.objects.create_user("clerk", password=PASSWORD)
    clerk.groups.add(ensure_roles()[CLERK])
    services.add_tag_stock(prefix="2026-", first=1, last=20, actor=clerk)
    owner = services.register_owner(
        actor=clerk,
        name="Pat Gustafson",
        street="7120 Viking Blvd NW",
        postal_code="55303",
        phone="763-555-0142",
    )
    biscuit = services.register_dog(
        owner=owner,
        actor=clerk,
        name="Biscuit",
        breed="Labrador retriever",
        color="Yellow",
        sex="female",
        sterilized=True,
        born=D(2026, 5, 20),
    )
    expired = services.record_rabies_vaccination(
        dog=biscuit,
        actor=clerk,
        vaccinated_on=D(2023, 1, 10),
        expires_on=D(2026, 1, 10),
        duration_years=3,
        veterinarian="Dr. Ana Lindqvist, DVM",
    )
    current = services.record_rabies_vaccination(
        dog=biscuit,
        actor=clerk,
        vaccinated_on=D(2026, 10, 1),
        expires_on=D(2027, 10, 1),
        veterinarian="Dr. Ana Lindqvist, DVM",
        clinic="Rum River Animal Hospital",
        certificate_number="RR-2026-0415",
    )
    juno = services.register_dog(
        owner=owner,
        actor=clerk,
        name="Juno",
        breed="Border collie",
        color="Black and white",
        sex="female",
        born=D(2025, 3, 1),
    )
    old = services.record_rabies_vaccination(
        dog=juno,
        actor=clerk,
        vaccinated_on=D(2025, 9, 10),
        expires_on=D(2026, 9, 10),
        veterinarian="Dr. Ana Lindqvist, DVM",
    )
    services.issue_license(
        dog=juno,
        rabies=old,
        kind="new",
        on=D(2025, 9, 20),
        payment=Payment(method="cash", amount=Decimal("3.00")),
        actor=clerk,
    )
    services.record_rabies_vaccination(
        dog=juno,
        actor=clerk,
        vaccinated_on=D(2026, 10, 1),
        expires_on=D(2029, 10, 1),
        duration_years=3,
        veterinarian="Dr. Ana Lindqvist, DVM",
    )
    return {"owner": owner, "biscuit": biscuit, "expired": expired, "current": current}


def shot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / name), full_page=True)
    assert (SCREENSHOTS / name).stat().st_size > 10_000


def live_findings(page: Any, action: Any) -> None:
    """Do ``action`` and wait for the htmx request of the findings panel it triggers."""
    with page.expect_response(
        lambda r: "/license/findings/" in r.url and r.request.headers.get("hx-request") == "true"
    ) as answer:
        action()
    # only the application's fields are sent: no payment, no CSRF token in the address
    query = answer.value.url.split("?", 1)[1]
    assert sorted(part.split("=")[0] for part in query.split("&")) == ["kind", "on", "rabies"]


def test_clerk_licenses_a_dog_and_renews_a_late_one(
    page: Any, live_server: Any, desk_records: dict[str, Any], problems: list[str]
) -> None:
    base = live_server.url
    records = desk_records
    # Given a clerk signed in
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "clerk")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page).to_have_url(f"{base}/")

    # When the clerk types part of the owner's phone number into the header's search box
    page.get_by_label("Search owners, dogs, licenses and tags").fill("555-0142")
    page.wait_for_load_state("load")
    page.get_by_role("search").get_by_role("button", name="Search").click()
    # Then the owner is found
    expect(page).to_have_url(f"{base}/search/?q=555-0142")
    expect(page.get_by_role("heading", level=2, name="Owners (1)")).to_be_visible()
    shot(page, "licensing-search.png")
    page.wait_for_load_state("load")
    page.get_by_role("link", name="Pat Gustafson").click()

    # The owner page lists both dogs with their license on today
    expect(page.get_by_role("heading", level=1)).to_have_text("Pat Gustafson")
    dogs = page.get_by_role("table", name=re.compile("dogs and their licenses"))
    expect(dogs.get_by_role("row")).to_have_count(3)
    expect(dogs.get_by_role("row", name=re.compile("Juno"))).to_contain_text(
        "Unlicensed: license 2025-00001 expired 2026-09-10"
    )
    shot(page, "licensing-owner.png")
    page.wait_for_load_state("load")
    dogs.get_by_role("link", name="Biscuit").click()

    # The dog page says Biscuit is unlicensed, and offers to issue a license
    expect(page.get_by_role("heading", level=1)).to_contain_text("Biscuit")
    expect(page.locator("#license-state")).to_contain_text("Unlicensed: never licensed")
    page.wait_for_load_state("load")
    page.get_by_role("link", name="Issue a license").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("License for Biscuit")
    findings = page.locator("#license-findings")
    expect(page.get_by_label("Amount paid")).to_have_value("3.00")

    # Given the page loaded (htmx, at the end of the body, listening: a change made before it
    # runs sends nothing; seen once in CI on a busy machine), and a marker in this page's
    # window, which a full page load would wipe
    page.wait_for_load_state("load")
    page.evaluate("window.dogtagMarker = 'same page'")
    # When the clerk picks the expired rabies certificate
    certificate = page.get_by_label("Rabies vaccination certificate presented")
    live_findings(page, lambda: certificate.select_option(str(records["expired"].pk)))
    # Then the 3-2-2.G refusal appears at once, as an error, with its section
    refusal = findings.locator(".dogtag-finding.usa-alert--error")
    expect(refusal).to_have_count(1)
    expect(refusal).to_contain_text(RABIES_EXPIRED)
    expect(refusal.locator(".dogtag-citation")).to_have_text("3-2-2.G")
    expect(findings.get_by_role("heading", level=3)).to_have_text(
        "No license may issue: 1 finding blocks it"
    )
    expect(findings.locator("#amount-due")).to_have_count(0)
    assert page.evaluate("window.dogtagMarker") == "same page"
    shot(page, "licensing-refused-live.png")

    # When the clerk picks the current certificate
    live_findings(page, lambda: certificate.select_option(str(records["current"].pk)))
    # Then the license may issue, and the fee is shown and filled in
    expect(findings.get_by_role("heading", level=3, name="The license may issue")).to_be_visible()
    expect(findings.locator("#amount-due-heading")).to_have_text("Amount due: $3.00")
    expect(page.get_by_label("Amount paid")).to_have_value("3.00")
    assert page.evaluate("window.dogtagMarker") == "same page"
    shot(page, "licensing-license-screen.png")

    # When the clerk issues the license
    page.wait_for_load_state("load")
    page.get_by_role("button", name="Issue license and receipt").click()
    # Then the license page shows the license, its tag, and the receipt
    expect(page).to_have_url(f"{base}/licenses/2026-00001/")
    expect(page.get_by_role("status")).to_have_text(
        "License 2026-00001 issued for Biscuit: tag 2026-00002, receipt R2026-000002 ($3.00)."
    )
    tags = page.get_by_role("table", name="Tags of license 2026-00001")
    expect(tags.get_by_role("row").nth(1)).to_have_text(re.compile(r"2026-00002\s*issued"))
    shot(page, "licensing-license-page.png")
    # And the receipt PDF link answers with a PDF
    pdf_link = page.get_by_role("link", name="Receipt R2026-000002 (PDF)")
    href = pdf_link.get_attribute("href")
    assert href == "/documents/receipts/R2026-000002.pdf"
    response = page.request.get(f"{base}{href}")
    assert response.status == 200
    assert response.headers["content-type"] == "application/pdf"
    assert response.body().startswith(b"%PDF")
    certificate_href = page.get_by_role("link", name="License certificate (PDF)").get_attribute(
        "href"
    )
    response = page.request.get(f"{base}{certificate_href}")
    assert (response.status, response.headers["content-type"]) == (200, "application/pdf")

    # When the clerk looks Juno up and opens the renewal
    page.get_by_label("Search owners, dogs, licenses and tags").fill("juno")
    page.wait_for_load_state("load")
    page.get_by_role("search").get_by_role("button", name="Search").click()
    page.wait_for_load_state("load")
    page.get_by_role("table", name=re.compile("Dogs matching")).get_by_role(
        "link", name="Juno"
    ).click()
    page.wait_for_load_state("load")
    page.get_by_role("link", name="Renew license").click()
    expect(page.get_by_label("Renewal of the dog's license (3-2-2.B)")).to_be_checked()
    # Then, before anything is submitted, the fee and the $6 penalty are shown and filled in
    amounts = page.get_by_role("table", name="Amount due")
    expect(amounts.get_by_role("row")).to_have_text(
        [
            re.compile(r"License fee\s*\$8\.00"),
            re.compile(r"Penalty\s*\$6\.00"),
            re.compile(r"Total\s*\$14\.00"),
        ]
    )
    expect(page.locator("#penalty-explanation")).to_contain_text(
        "Renewed more than 30 days after the new rabies vaccination; the period ended "
        "November 2, 2026 (3-2-2.B)."
    )
    expect(page.get_by_label("Amount paid")).to_have_value("14.00")
    page.get_by_text("How the 30 days were counted").click()
    expect(page.locator("#penalty-deadline li").last).to_have_text("Due: Mon 2026-11-02.")
    shot(page, "licensing-renewal-penalty.png")

    # When the clerk issues the renewal
    page.wait_for_load_state("load")
    page.get_by_role("button", name="Issue license and receipt").click()
    expect(page).to_have_url(f"{base}/licenses/2026-00002/")
    page.wait_for_load_state("load")
    page.get_by_role("link", name="R2026-000003", exact=True).click()
    # Then the receipt lists the fee and the penalty on two lines, each with its section
    lines = page.get_by_role("table", name="What was paid for")
    expect(lines.locator("tbody tr")).to_have_count(2)
    expect(lines.locator("tbody tr").nth(0)).to_have_text(
        re.compile(r"Dog license, 3-year tier, Juno\s*3-2-2\.B.*\$8\.00", re.S)
    )
    expect(lines.locator("tbody tr").nth(1)).to_have_text(
        re.compile(r"Penalty fee\s*3-2-2\.B.*\$6\.00", re.S)
    )
    expect(page.locator("#receipt-total")).to_have_text("$14.00")
    shot(page, "licensing-receipt.png")
    assert problems == []


def test_clerk_registers_an_owner_and_sees_a_stolen_tag_in_search(
    page: Any, live_server: Any, desk_records: dict[str, Any], problems: list[str]
) -> None:
    base = live_server.url
    biscuit = desk_records["biscuit"]
    clerk = biscuit.owner.history.first().history_user
    issued = services.issue_license(
        dog=biscuit,
        rabies=desk_records["current"],
        kind="new",
        on=D(2026, 11, 29),
        payment=Payment(method="cash", amount=Decimal("3.00")),
        actor=clerk,
    )
    services.issue_duplicate_tag(
        license_=issued.license,
        reason="stolen",
        on=D(2026, 11, 29),
        payment=Payment(method="cash", amount=Decimal("1.00")),
        actor=clerk,
    )
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "clerk")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page).to_have_url(f"{base}/")
    page.wait_for_load_state("load")

    # When the clerk registers a new owner with a phone number that cannot be one
    page.goto(f"{base}/owners/new/")
    expect(page.get_by_role("heading", name="Data practices notice")).to_be_visible()
    page.get_by_label("Owner's full name").fill("Lee Carlson")
    page.get_by_label("Street address").fill("19400 Nowthen Blvd NW")
    page.get_by_label("Phone number").fill("12")
    page.wait_for_load_state("load")
    page.get_by_role("button", name="Register owner").click()
    # Then the error is shown on the phone field, and the input points at it
    phone = page.get_by_label("Phone number")
    expect(phone).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#id_phone_error")).to_have_text("'12' is not a possible phone number")
    expect(phone).to_have_accessible_description(
        "For example 763-555-0142. '12' is not a possible phone number"
    )
    shot(page, "licensing-owner-form-error.png")
    # When the clerk corrects it
    phone.fill("763 555 0199")
    page.wait_for_load_state("load")
    page.get_by_role("button", name="Register owner").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Lee Carlson")
    expect(page.get_by_role("status")).to_have_text("Owner Lee Carlson registered.")

    # When the clerk searches the number of the stolen tag
    page.get_by_label("Search owners, dogs, licenses and tags").fill("2026-00002")
    page.wait_for_load_state("load")
    page.get_by_role("search").get_by_role("button", name="Search").click()
    # Then a warning at the top says it was reported stolen, and for which dog
    warning = page.locator(".dogtag-missing-tag")
    expect(warning.get_by_role("heading")).to_have_text(
        "Tag 2026-00002 — reported stolen on 2026-11-29"
    )
    expect(warning).to_contain_text("for Biscuit, owned by Pat Gustafson")
    shot(page, "licensing-search-stolen-tag.png")
    page.wait_for_load_state("load")
    warning.get_by_role("link", name="Biscuit").click()
    expect(page.get_by_role("table", name=re.compile("Tags issued for Biscuit"))).to_contain_text(
        "reported stolen on 2026-11-29"
    )
    shot(page, "licensing-dog.png")

    # On a phone-sized screen the header's search button keeps its name and shows its icon
    page.set_viewport_size({"width": 400, "height": 800})
    button = page.get_by_role("search").get_by_role("button", name="Search")
    expect(button).to_be_visible()
    expect(button.locator("img")).to_be_visible()
    shot(page, "licensing-dog-narrow.png")
    page.set_viewport_size({"width": 1280, "height": 900})
    expect(button.locator("img")).to_be_hidden()
    expect(button).to_have_text("Search")
    assert problems == []
