"""Issue 12 Done-means, the found-dog walk in a real browser: a finder looks up a demo dog's tag
on the residents' site, sees that it is licensed and nothing of its owner (each private field's
value is checked absent from the page), writes to the owner, and the message reaches the owner's
mailbox on a real SMTP server."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from dogtag.found.models import Lookup, RelayMessage
from dogtag.licensing.models import Tag
from dogtag.outbox import tasks
from dogtag.records.services import today
from tests.outbox import conftest as outbox
from tests.outbox.conftest import SmtpServer
from tests.town import build_town

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("city_today"),
]

# The real SMTP server of the outbox's tests.
smtp_port = outbox.smtp_port
smtp = outbox.smtp

MESSAGE = "Found this dog by the Rum River trail; it is safe in our yard."


def demo_dog() -> Tag:
    """A demo dog wearing its tag, licensed today, whose owner agreed to e-mail."""
    on = today()
    tags = Tag.objects.filter(
        status=Tag.Status.ISSUED,
        license__status="active",
        license__issued_on__lte=on,
        license__expires_on__gte=on,
        dog__owner__email_consent=True,
    ).exclude(dog__owner__email="")
    return tags.select_related("dog__owner", "license").order_by("serial").first()


def private_values(owner: Any, dog: Any) -> list[str]:
    """Each private field's value (licensing.data_practices), the phone in every display form."""
    digits = re.sub(r"\D", "", owner.phone)[-10:]
    phones = [
        owner.phone,
        digits,
        f"{digits[:3]}-{digits[3:6]}-{digits[6:]}",
        f"({digits[:3]}) {digits[3:6]}-{digits[6:]}",
        f"{digits[:3]}.{digits[3:6]}.{digits[6:]}",
        f"{digits[3:6]}-{digits[6:]}",
    ]
    values = [owner.name, owner.street, owner.email, *phones]
    values += [part for part in owner.name.split() if len(part) > 3]
    if owner.postal_code:
        values.append(owner.postal_code)
    if dog.microchip:
        values.append(dog.microchip)
    return values


def test_a_finder_looks_up_a_demo_dog_and_writes_to_its_owner(
    page: Any,
    live_server: Any,
    smtp: SmtpServer,
    problems: list[str],
) -> None:
    # given the demo town, and one of its licensed dogs whose owner takes e-mail
    build_town(12)
    tag = demo_dog()
    assert tag is not None
    dog, owner = tag.dog, tag.dog.owner
    # when a finder opens the residents' site and looks up the tag as they read it
    page.goto(f"{live_server.url}/residents/")
    page.get_by_role("link", name="Look up a tag").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Found a dog? Look up its tag")
    page.get_by_label("Tag, license or microchip number").fill(f" {tag.serial.lower()} ")
    page.get_by_role("button", name="Look up").click()
    # then the page answers that the dog is licensed, citing 3-2-2.A, with its public facts
    expect(page.get_by_role("heading", name="This dog is licensed in the city")).to_be_visible()
    expect(page.locator("#found-answer")).to_contain_text("(City Code 3-2-2.A")
    expect(page.locator("#found-answer")).to_contain_text("(City Code 3-2-3.A)")
    expect(page.locator("#found-dog")).to_contain_text(dog.name)
    # and no private field's value is anywhere on the page
    html = page.content()
    for value in private_values(owner, dog):
        assert value not in html, value
    # when the finder writes to the owner, first forgetting how to be reached
    page.get_by_label("Your message to the owner").fill(MESSAGE)
    page.get_by_role("button", name="Send my message to the owner").click()
    expect(page.locator(".usa-error-message")).to_contain_text(
        "Give a phone number or an e-mail address"
    )
    assert RelayMessage.objects.count() == 0
    page.get_by_label("Your phone number").fill("763-555-0100")
    page.get_by_label("Your name (optional)").fill("Kim")
    page.get_by_role("button", name="Send my message to the owner").click()
    # then they are thanked, and still see nothing of the owner
    expect(page.get_by_role("heading", level=1)).to_have_text("Your message was sent")
    assert owner.email not in page.content()
    # and the message reaches the owner's mailbox on the SMTP server
    assert tasks.send_due_messages.call() >= 1
    mail = next(m for m in smtp.received if m["X-Envelope-To"] == owner.email)
    assert mail["Subject"] == f"Someone found {dog.name} and wrote to you"
    text = mail.get_payload(decode=True).decode().replace("\r\n", "\n")
    assert MESSAGE in text
    assert "Name: Kim\nPhone: 763-555-0100" in text
    # and the lookup was logged with the dog it found
    assert Lookup.objects.get().dog == dog
    # and nothing went wrong in the browser but the form sent back with its error (a 400)
    assert [p for p in problems if "/residents/found/message/" not in p] == []
    assert len(problems) == 2  # the 400, and the console's "Failed to load resource" for it
