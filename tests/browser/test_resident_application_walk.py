"""Issue 12's Done-means, the application walk, in a real browser: a new resident signs in by the
link read from the SMTP server, registers the household and the dog, uploads the rabies
certificate, sees the fee with its sections and sends it; the demo clerk issues it with a cash
payment; the resident receives the e-mail with the license PDF and sees the license."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from dogtag.licensing import services
from dogtag.licensing.models import Owner
from dogtag.outbox import tasks
from dogtag.staff.demo import DEMO_PASSWORD, create_demo_users
from tests.applications.conftest import PDF
from tests.outbox import conftest as outbox
from tests.outbox.conftest import SmtpServer

from .conftest import VIEWPORT

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("city_today"),
]
# The real SMTP server of the outbox tests, in this process.
smtp = outbox.smtp
smtp_port = outbox.smtp_port
LINK = re.compile(r"https?://\S+/residents/sign-in/link/\?\S+")


def deliver(smtp: SmtpServer) -> list[Any]:
    """What the worker's sweep does: send every message due, then read the mailbox."""
    tasks.send_due_messages.call()
    return smtp.received


def text_of(message: Any) -> str:
    part = next(p for p in message.walk() if p.get_content_type() == "text/plain")
    return part.get_payload(decode=True).decode()


@pytest.fixture
def demo_clerk(db: None) -> Any:
    users = create_demo_users()
    services.add_tag_stock(prefix="2026-", first=1, last=20, actor=users["clerk"])
    return users["clerk"]


def test_a_new_resident_applies_online_and_the_clerk_issues(
    page: Any, browser: Any, live_server: Any, smtp: SmtpServer, demo_clerk: Any,
    problems: list[str],
) -> None:  # fmt: skip
    base = live_server.url
    # Given a new resident, who asks for a sign-in link
    page.goto(f"{base}/residents/sign-in/")
    page.get_by_label("Your e-mail address").fill("sam@example.org")
    page.get_by_role("button", name="Send me a sign-in link").click()
    [mail] = deliver(smtp)
    assert mail["X-Envelope-To"] == "sam@example.org"
    link = LINK.search(text_of(mail)).group(0)
    # When the resident follows the link read from the SMTP server and signs in
    page.goto(link.replace("http://127.0.0.1:8000", base))
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="My household", level=1)).to_be_visible()

    # and registers the household and the dog, with the rabies certificate's PDF
    page.get_by_role("link", name="Apply for or renew a dog license online").click()
    page.get_by_role("link", name="Apply for a new license").click()
    page.get_by_label("Owner's full name").fill("Sam Whitebird")
    page.get_by_label("Street address").fill("20050 Baugh St NW")
    page.get_by_label("ZIP code").fill("55330")
    page.get_by_label("Phone number").fill("763-555-0177")
    page.get_by_label("Dog's name").fill("Maple")
    page.get_by_label("Breed").fill("Beagle")
    page.get_by_label("Color").fill("Tricolor")
    page.get_by_label("Sex").select_option("female")
    page.locator("label[for=id_sterilized]").click()  # the USWDS box is its label
    page.get_by_label("Date of birth").fill("2023-04-02")
    page.get_by_label("Vaccinated on").fill("2026-11-10")
    page.get_by_label("Vaccination expires on").fill("2027-11-10")
    page.get_by_label("Licensed veterinarian").fill("Dr. Mara Holm, DVM")
    page.get_by_label("Certificate number").fill("ER-2026-0777")
    page.get_by_label("Rabies certificate").set_input_files(
        files=[{"name": "rabies-certificate.pdf", "mimeType": "application/pdf", "buffer": PDF}]
    )
    page.locator("label[for=id_email_consent]").click()
    page.get_by_role("button", name="See what the ordinance finds").click()

    # Then the resident sees that a license can issue, the fee and the penalty with their
    # sections, and the resolution that sets the fee
    expect(page.locator("#verdict")).to_have_text("A license can issue.")
    term = page.locator('[data-rule="license.term"]')
    expect(term).to_contain_text("The fee is $3.00 for a license of 1 year")
    expect(term).to_contain_text("3-2-2.B")
    expect(term).to_contain_text("set by Nowthen Resolution 2011-04, § 1-2-2")
    expect(page.locator('[data-rule="license.penalty"]')).to_contain_text(
        "A late penalty of $6.00 applies."
    )
    expect(page.locator('[data-rule="license.amount_due"]')).to_contain_text(
        "To pay with the application: $9.00 (fee $3.00, penalty $6.00)."
    )
    expect(page.locator("#how-to-pay")).to_contain_text("Pay at City Hall, or mail a check to:")
    # and sends it
    page.get_by_role("button", name="Send the application").click()
    expect(page.locator("#status")).to_contain_text("Received, waiting for the clerk")
    [_, received] = deliver(smtp)
    assert received["Subject"] == "Application received: license for Maple"

    # When the demo clerk, on the staff site, issues it with the cash the resident paid
    context = browser.new_context(viewport=VIEWPORT, locale="en-US")
    clerk = context.new_page()
    clerk.goto(f"{base}/accounts/login/")
    clerk.fill("#id_username", "clerk")
    clerk.fill("#id_password", DEMO_PASSWORD)
    clerk.get_by_role("button", name="Sign in").click()
    clerk.goto(f"{base}/office/online-applications/")
    clerk.locator("#online-applications").get_by_role("link").first.click()
    expect(clerk.locator("#certificate-link")).to_be_visible()
    expect(clerk.locator("#typed-expires-on")).to_contain_text("2027-11-10")
    expect(clerk.get_by_label("Amount paid")).to_have_value("9.00")
    clerk.get_by_label("Payment method").select_option("cash")
    clerk.get_by_role("button", name="Issue the license").click()
    expect(clerk.locator("#status")).to_contain_text("License issued")
    number = clerk.locator("#status ~ p a").first.inner_text()
    context.close()

    # Then the resident receives the e-mail with the license PDF
    issued = deliver(smtp)[-1]
    assert issued["Subject"] == f"License {number} issued for Maple"
    assert issued["X-Envelope-To"] == "sam@example.org"
    pdfs = [p for p in issued.walk() if p.get_content_type() == "application/pdf"]
    assert pdfs[0].get_filename() == f"license-{number}.pdf"
    assert pdfs[0].get_payload(decode=True).startswith(b"%PDF")
    # and sees the license on the household page
    page.goto(f"{base}/residents/household/")
    expect(page.get_by_role("link", name=re.compile(f"License {number} \\(PDF\\)"))).to_be_visible()
    expect(page.locator("#online-applications")).to_contain_text(
        "Application for Maple: License issued"
    )
    owner = Owner.objects.get(name="Sam Whitebird")
    assert (owner.email, owner.email_consent, owner.dogs.get().sterilized) == (
        "sam@example.org",
        True,
        True,
    )
    assert problems == []
