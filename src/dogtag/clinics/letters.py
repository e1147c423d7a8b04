"""The reminder mail merge for "vaccinated in the city, never licensed" (issue 13 item 2): one
letter a certificate, to the owner the records (or the certificate) name, saying since when a
license is required (the rules core's date, ``unlicensed.reached``), and the same letter by
e-mail through the outbox when there is an address: an owner on the records who agreed to notices
by e-mail, or the address the clinic gave for an owner the city has no record of."""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from reportlab.platypus import Flowable, PageBreak, Spacer

from dogtag.clinics.unlicensed import Reached, certificates, reached
from dogtag.law.findings import Finding
from dogtag.outbox.services import Attachment, MessageRefused, queue_message
from dogtag.records import pdf
from dogtag.records.due import Clocks
from dogtag.records.letters import AddressWindow
from dogtag.records.refusals import service
from dogtag.records.services import city_params, record_decision

logger = logging.getLogger(__name__)

KIND = "unlicensed_reminder"
SECTIONS = ("3-2-2.A", "3-2-2.D", "3-2-2.G")


def owners_to_reach(on: dt.date) -> list[Reached]:
    clocks = Clocks(city_params())
    return [reached(c, on, clocks) for c in certificates(on)]


def _letter(row: Reached, on: dt.date) -> list[Flowable]:
    certificate = row.certificate
    since = "since" if row.required_from <= on else "from"
    office = pdf.office_lines()
    return [
        pdf.StartOfLetter(),
        AddressWindow(list(row.address), [pdf.long_date(on)]),
        pdf.para("Your dog needs a City dog license", "title"),
        Spacer(1, 6),
        pdf.para(f"Dear {pdf.text(row.owner_name or 'dog owner')},"),
        Spacer(1, 4),
        pdf.para(
            f"{pdf.text(certificate.clinic)} vaccinated your dog "
            f"<b>{pdf.text(row.dog_name)}</b> against rabies on "
            f"{pdf.long_date(certificate.vaccinated_on)}. The City has no license on record for "
            f"the dog. No dog may be kept in the City unless it is licensed (City Code 3-2-2.A); "
            f"a license is required {since} <b>{pdf.long_date(row.required_from)}</b> "
            f"(3-2-2.A, 3-2-2.D)."
        ),
        pdf.heading("What to bring"),
        pdf.bullets(
            [
                "The rabies vaccination certificate from your veterinarian (3-2-2.G): "
                f"certificate {pdf.text(certificate.certificate_number)}, valid until "
                f"{pdf.long_date(certificate.expires_on)}.",
                "The license fee, paid when you apply; the City gives you the receipt and the "
                "tag (3-2-2.A, 3-2-3.A).",
            ],
            "small",
        ),
        Spacer(1, 6),
        pdf.para(
            "If you have just moved to the City, you have "
            f"{pdf.param('license.new_resident_days', 'words_unit', on)} from the day you became "
            "a resident to obtain the license (3-2-2.E). If the dog does not live in the City, "
            f"please tell us. <b>License at the City offices:</b> {pdf.text(', '.join(office))}.",
            "small",
        ),
        Spacer(1, 10),
        pdf.para("Sincerely,"),
        Spacer(1, 4),
        pdf.para(f"{pdf.text(office[0])}, Dog licensing"),
    ]


def render(on: dt.date, rows: Sequence[Reached]) -> bytes:
    story: list[Flowable] = []
    for i, row in enumerate(rows):
        if i:
            story.append(PageBreak())
        story += _letter(row, on)
    if not story:
        story.append(pdf.para("No dog vaccinated in the City is waiting for a license."))
    return pdf.build(
        story,
        pdf.Page(label="Dog license reminder · vaccinated, never licensed", fold_marks=True),
        title=f"Vaccinated in the City, never licensed: letters of {pdf.long_date(on)}",
    )


def body(row: Reached, on: dt.date) -> str:
    certificate = row.certificate
    since = "since" if row.required_from <= on else "from"
    return (
        f"Dear {row.owner_name or 'dog owner'},\n\n"
        f"{certificate.clinic} vaccinated your dog {row.dog_name} against rabies on "
        f"{pdf.long_date(certificate.vaccinated_on)}. The City has no license on record for the "
        f"dog. Every dog kept in the City must be licensed (City Code 3-2-2.A); a license is "
        f"required {since} {pdf.long_date(row.required_from)} (3-2-2.A, 3-2-2.D). The attached "
        "letter says what to bring.\n\n"
        "If the dog does not live in the City, please tell the City office.\n"
    )


def key(row: Reached) -> str:
    return f"unlicensed-reminder:{row.certificate.pk}"


@service
def email_reminders(*, on: dt.date, actor: AbstractBaseUser) -> int:
    """Queue one e-mail a certificate with an address, its letter attached; a certificate
    already mailed is not mailed again (the outbox key). Returns how many were queued now."""
    queued = 0
    for row in owners_to_reach(on):
        if not row.email:
            continue
        try:
            message = queue_message(
                to=row.email,
                subject=f"Your dog {row.dog_name} needs a City dog license",
                body=body(row, on),
                kind=KIND,
                key=key(row),
                attachments=[
                    Attachment(f"dog-license-reminder-{row.certificate.pk}.pdf", render(on, [row]))
                ],
                about=row.certificate,
            )
        except MessageRefused as exc:  # a bad address: the others still go
            logger.warning("reminder for certificate %s not queued: %s", row.certificate.pk, exc)
            continue
        queued += message.queued_now
    record_decision(
        action="clinics.email_unlicensed_reminders",
        findings=[
            Finding(
                rule="clinics.unlicensed_reminders",
                outcome="done",
                sections=SECTIONS,
                message=f"{queued} license reminders queued by e-mail to owners of dogs "
                "vaccinated in the City and never licensed.",
                facts={"queued": queued, "on": on},
            )
        ],
        decided_on=on,
        actor=actor,
    )
    return queued
