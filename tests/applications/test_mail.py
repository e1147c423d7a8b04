"""The application's e-mails, read from a real SMTP server (aiosmtpd), and the renewal
reminder's link to the prefilled renewal (issue 12 items 2 and 6)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from dogtag.applications import services
from dogtag.documents import licenses as license_documents
from dogtag.documents import receipts as receipt_documents
from dogtag.documents import reminder_mail
from dogtag.outbox import tasks
from tests.licensing.conftest import TODAY, cash
from tests.outbox.conftest import SmtpServer
from tests.residents.conftest import sign_in

from .conftest import D, apply_new

pytestmark = pytest.mark.django_db


def deliver(smtp: SmtpServer) -> list:
    tasks.send_due_messages.call()
    return smtp.received


def text_of(message) -> str:
    part = next(p for p in message.walk() if p.get_content_type() == "text/plain")
    return part.get_payload(decode=True).decode()


def test_the_issued_email_carries_the_license_and_the_receipt(smtp, newcomer, clerk, stock):
    # given an application received (its e-mail delivered) and issued by the clerk
    application = apply_new(newcomer)
    [received] = deliver(smtp)
    assert received["Subject"] == "Application received: license for Maple"
    assert received["X-Envelope-To"] == "sam@example.org"
    issued = services.issue(application=application, payment=cash("9.00"), on=TODAY, actor=clerk)
    # when the outbox is sent
    [_, mail] = deliver(smtp)
    # then the resident reads the license number and has both PDFs, rendered for this license
    number = issued.license.number
    assert mail["Subject"] == f"License {number} issued for Maple"
    assert mail["X-Envelope-To"] == "sam@example.org"
    assert f"License {number} for Maple is issued. It is good until Nov. 10, 2027." in text_of(mail)
    pdfs = {
        p.get_filename(): p.get_payload(decode=True)
        for p in mail.walk()
        if p.get_content_type() == "application/pdf"
    }
    assert sorted(pdfs) == [f"license-{number}.pdf", f"receipt-{issued.receipt.number}.pdf"]
    assert pdfs[f"license-{number}.pdf"] == license_documents.render(issued.license)
    assert pdfs[f"receipt-{issued.receipt.number}.pdf"] == receipt_documents.render(issued.receipt)


def test_the_returned_email_gives_the_reason_in_the_residents_language(smtp, newcomer, clerk):
    with translation.override("es"):
        application = apply_new(newcomer)
    services.return_application(
        application=application, reason="El certificado es de otro perro.", actor=clerk
    )
    [received, returned] = deliver(smtp)
    assert received["Subject"] == "Solicitud recibida: licencia para Maple"
    assert returned["Subject"] == "Solicitud devuelta: licencia para Maple"
    assert "El motivo del empleado:\r\nEl certificado es de otro perro." in text_of(returned)


def test_the_renewal_reminder_links_to_the_prefilled_renewal(smtp, pat, lee):
    # given Pat's license, expiring 2027-10-01, and the reminder sweep a month before
    license_ = pat[2]
    assert reminder_mail.send_renewal_reminders(on=D(2027, 9, 5)) == 2
    reminders = deliver(smtp)
    [mail] = [m for m in reminders if m["X-Envelope-To"] == "pat@example.org"]
    link = f"http://127.0.0.1:8000/residents/applications/renew/{license_.number}/"
    assert f"Renew online: {link}" in text_of(mail)
    path = link.removeprefix("http://127.0.0.1:8000")
    # when followed before signing in: to the sign-in page, coming back to the renewal
    anonymous = Client().get(path)
    assert anonymous.status_code == 302
    assert anonymous["Location"] == f"/residents/sign-in/?next={path}"
    # when Pat follows it signed in: the renewal of Biscuit, prefilled
    client = Client()
    sign_in(client, "pat@example.org")
    page = client.get(path)
    assert page.status_code == 200
    assert "Renew the license of Biscuit" in page.content.decode()
    assert 'value="Dr. Ana Lindqvist, DVM"' in page.content.decode()
    # and Lee, signed in, cannot open Pat's renewal
    other = Client()
    sign_in(other, "lee@example.org")
    assert other.get(path).status_code == 404
