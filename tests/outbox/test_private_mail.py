"""Need-to-know in the outbox (issue 25, item 2.3): a complaint's e-mail to its complainant is
private like the complaint (Minn. Stat. 13.44 subd. 1). Only holders of
``records.view_complaint_private`` see its recipient, subject, text and attachments, and each page
that shows them is a row of the private-data log; the Clerk sees that the message exists, its
status and attempts, and the complaint pages' notice in place of the rest. An error stored when
sending fails does not name the complainant.

The day is 2026-12-01, 9:00 in Nowthen, the clock stopped (``clock`` in conftest)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib import admin
from django.contrib.auth.models import Group
from django.test import Client

from dogtag.complaints.models import Complaint
from dogtag.outbox import sending, services
from dogtag.outbox.models import OutboxAttachment, OutboxEvent, OutboxMessage
from dogtag.records import roles
from dogtag.records.models import PrivateDataView
from tests.staff.test_site import doc

from .conftest import Mailbox, SmtpServer

pytestmark = pytest.mark.django_db

PRIVATE = (
    "Private (Minn. Stat. 13.44 subd. 1): visible to the animal control officer and administrator"
)
PDF = b"%PDF-1.4\n% a small test document\n%%EOF\n"
COMPLAINANT = "robin@example.org"
COMPLAINT_FORM = {
    "kind": "at_large",
    "occurred_on": "2026-11-28",
    "occurred_time": "07:30",
    "address": "Viking Blvd NW at Nowthen Blvd",
    "narrative": "A black dog ran loose along the road for an hour.",
    "complainant_name": "Robin Vance",
    "complainant_phone": "763-555-0177",
    "complainant_address": "7001 Viking Blvd NW",
    "complainant_email": COMPLAINANT,
    "website": "",
}


def staff(django_user_model: Any, role: str) -> tuple[Any, Client]:
    roles.ensure_roles()
    user = django_user_model.objects.create_user(role.lower().replace(" ", "_"))
    user.groups.add(Group.objects.get(name=role))
    client = Client()
    client.force_login(user)
    return user, client


def complaint_online() -> tuple[Complaint, OutboxMessage]:
    """A neighbour sends the residents' complaint form; its service queues the receipt e-mail."""
    assert Client().post("/residents/complaints/new/", COMPLAINT_FORM).status_code == 302
    return Complaint.objects.get(), OutboxMessage.objects.get(kind="complaint_received")


def license_mail() -> OutboxMessage:
    return services.queue_message(
        to="jane.lund@example.org",
        subject="Your dog license 2026-00001",
        body="Your license is attached.",
        kind="license_issued",
        key="license-issued:2026-00001",
    )


@pytest.fixture
def mails(clock: Any) -> dict[str, OutboxMessage]:
    complaint, receipt = complaint_online()
    return {"receipt": receipt, "license": license_mail(), "complaint": complaint}


def test_the_complaint_s_receipt_is_queued_private_and_other_mail_is_not(mails):
    # given a complaint sent online and a license mail, each queued by its own service
    # then the receipt is marked private on its row, at queue time, and the license mail is not
    assert mails["receipt"].private is True
    assert mails["license"].private is False
    # and its name (the admin's, a log's) names neither the complainant nor the subject
    assert str(mails["receipt"]) == f"Outbox message #{mails['receipt'].pk} (complaint_received)"


def test_the_clerk_sees_the_complaint_mail_exists_and_nothing_private(mails, django_user_model):
    receipt, complaint = mails["receipt"], mails["complaint"]
    _clerk, client = staff(django_user_model, roles.CLERK)
    # when the Clerk opens the outbox
    listing = client.get("/office/outbox/")
    # then the complaint mail is a row, with the notice in place of its address and subject
    assert listing.status_code == 200
    assert doc(listing).tables()["Messages 1 to 2 of 2"] == [
        ["Queued", "To", "Subject", "Status", "Attempts"],
        ["2026-12-01 09:00", "jane.lund@example.org", "Your dog license 2026-00001", "queued", "0"],
        ["2026-12-01 09:00", PRIVATE, PRIVATE, "queued", "0"],
    ]
    # when the Clerk opens the message
    response = client.get(f"/office/outbox/{receipt.pk}/")
    page = doc(response)
    # then its status, kind and the complaint it is about are shown, the rest is the notice
    assert response.status_code == 200
    assert page.by_id("message-heading").text == f"Message {receipt.pk}"
    assert page.by_id("message-to").text == PRIVATE
    assert page.by_id("message-status").text == "queued"
    assert page.by_id("message-text").text == PRIVATE
    assert page.by_id("message-about").text == f"Complaint {complaint.number}"
    # and nothing of the mail is anywhere in either page
    for html in (listing.content.decode(), response.content.decode()):
        for private in (COMPLAINANT, f"Complaint {complaint.number} received", "received your"):
            assert private not in html
        assert "/residents/complaints/track/" not in html
    # and neither page is in the private-data log: it showed no private data
    assert PrivateDataView.objects.count() == 0


def test_the_administrator_sees_the_complaint_mail_and_each_page_is_logged(
    mails, django_user_model
):
    receipt, complaint = mails["receipt"], mails["complaint"]
    admin_user, client = staff(django_user_model, roles.ADMINISTRATOR)
    # when the Administrator opens the outbox, then the message
    listing = client.get("/office/outbox/")
    response = client.get(f"/office/outbox/{receipt.pk}/")
    # then both show the complainant's address and the mail's subject and text
    assert doc(listing).tables()["Messages 1 to 2 of 2"][2] == [
        "2026-12-01 09:00",
        COMPLAINANT,
        f"Complaint {complaint.number} received",
        "queued",
        "0",
    ]
    page = doc(response)
    assert page.by_id("message-heading").text == f"Complaint {complaint.number} received"
    assert page.by_id("message-to").text == COMPLAINANT
    assert page.by_id("message-text").text.startswith(
        f"The city received your complaint {complaint.number} on "
    )
    # and each page is one row of the private-data log, naming the message and the complaint
    rows = list(
        PrivateDataView.objects.order_by("id").values_list("user", "kind", "record", "page")
    )
    assert rows == [
        (
            admin_user.pk,
            "complainant_identity",
            f"Outbox message #{receipt.pk} (Complaint {complaint.number})",
            "/office/outbox/",
        ),
        (
            admin_user.pk,
            "complainant_identity",
            f"Outbox message #{receipt.pk} (Complaint {complaint.number})",
            f"/office/outbox/{receipt.pk}/",
        ),
    ]


def test_pages_without_private_mail_are_not_logged(mails, django_user_model):
    _admin, client = staff(django_user_model, roles.ADMINISTRATOR)
    # when the Administrator opens the license mail, and a list that shows only it
    assert sending.send_message(mails["license"].pk).status == "sent"  # Django's test backend
    assert client.get(f"/office/outbox/{mails['license'].pk}/").status_code == 200
    listing = client.get("/office/outbox/", {"status": "sent"})
    assert [r[1] for r in doc(listing).tables()["Messages 1 to 1 of 1"][1:]] == [
        "jane.lund@example.org"
    ]
    # then nothing is logged: neither page showed private data
    assert PrivateDataView.objects.count() == 0


@pytest.mark.parametrize("role, shown", [(roles.CLERK, False), (roles.ADMINISTRATOR, True)])
def test_a_private_message_s_attachments_are_named_only_to_those_who_may_see(
    clock, django_user_model, role, shown
):
    # given a private message with an attachment, queued through the outbox's service
    message = services.queue_message(
        to=COMPLAINANT,
        subject="Complaint C2026-0001: your recording",
        body="The recording you sent is attached.",
        kind="complaint_copy",
        key="complaint-copy:C2026-0001",
        attachments=[services.Attachment("robin-vance-yard.pdf", PDF)],
        private=True,
    )
    _user, client = staff(django_user_model, role)
    # when the message's page is opened
    response = client.get(f"/office/outbox/{message.pk}/")
    # then the attachment's name, a clue to who complained, is shown only to those who may see
    html = response.content.decode()
    attachments = doc(response).by_id("message-attachments").text
    if shown:
        assert attachments == "robin-vance-yard.pdf (application/pdf, 39 bytes)"
    else:
        assert attachments == f"1 attachment: {PRIVATE}"
        assert "robin-vance" not in html
    assert PrivateDataView.objects.count() == (1 if shown else 0)


class RefusingMailbox(Mailbox):
    """A mail server that refuses the recipient, naming the address in its reply (as Postfix
    does: ``550 5.1.1 <a@b>: Recipient address rejected``)."""

    async def handle_RCPT(
        self, server: Any, session: Any, envelope: Any, address: str, rcpt_options: Any
    ) -> str:
        return f"550 5.1.1 <{address}>: Recipient address rejected: User unknown in local table"


def test_an_error_stored_for_complaint_mail_does_not_name_the_complainant(
    mails, smtp_port, django_user_model
):
    # given a mail server that refuses the complainant's address, repeating it in its reply
    server = SmtpServer(smtp_port)
    server.mailbox = RefusingMailbox()
    server.start()
    try:
        # when the worker tries to send the receipt
        outcome = sending.send_message(mails["receipt"].pk)
    finally:
        server.stop()
    # then the attempt failed, and the error kept on the row and its event is the server's
    # reply with the address taken out
    assert outcome.status == "retrying"
    receipt = OutboxMessage.objects.get(pk=mails["receipt"].pk)
    error = (
        "SMTPRecipientsRefused: {'(the recipient)': (550, b'5.1.1 <(the recipient)>: Recipient "
        "address rejected: User unknown in local table')}"
    )
    assert receipt.last_error == error
    assert list(receipt.events.values_list("what", "detail")) == [
        ("queued", ""),
        ("failed", f"Attempt 1: {error}"),
    ]
    # and no stored text of the outbox but the recipient's own field holds the address
    stored = [
        str(value)
        for model in (OutboxMessage, OutboxEvent, OutboxAttachment)
        for row in model.objects.values()
        for field, value in row.items()
        if field != "to"
    ]
    assert not [text for text in stored if re.search(COMPLAINANT, text, re.IGNORECASE)]
    # and the Clerk's page of the message shows the error, without the address
    _clerk, client = staff(django_user_model, roles.CLERK)
    html = client.get(f"/office/outbox/{receipt.pk}/").content.decode()
    assert "Recipient address rejected" in html
    assert COMPLAINANT not in html


def test_the_outbox_is_not_in_the_django_admin():
    # The outbox's only pages are its own, which apply need-to-know; an admin page of its rows
    # would show every complaint mail and its text to any staff user with the model permission.
    for model in (OutboxMessage, OutboxAttachment, OutboxEvent):
        assert not admin.site.is_registered(model)
