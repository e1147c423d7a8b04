"""The reminder mail merge for "vaccinated in the city, never licensed" (issue 13 item 2): one
letter an owner, to the owner the records (or the certificates) name, listing each of the owner's
dogs with the day a license is required for it (the rules core's date, ``unlicensed.reached``),
and the same letter by e-mail through the outbox when there is an address: an owner on the
records who agreed to notices by e-mail, or the address the clinic gave for an owner the city has
no record of.

An owner is recognised as the matching recognises one (``clinics.matching``): the owner's record
when the certificate was recorded on a dog, else the name and address the clinic gave, compared
without case or extra spaces. Two dogs of one household get one letter, not two."""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from reportlab.platypus import Flowable, PageBreak, Spacer

from dogtag.clinics.unlicensed import Reached, certificates, reached
from dogtag.law.findings import Finding
from dogtag.law.provisions import cite, cite_each
from dogtag.outbox.services import Attachment, MessageRefused, queue_message
from dogtag.records import pdf
from dogtag.records.due import Clocks
from dogtag.records.letters import AddressWindow
from dogtag.records.refusals import service
from dogtag.records.services import city_params, record_decision

logger = logging.getLogger(__name__)

KIND = "unlicensed_reminder"
#: "No dog ... shall be kept ... unless ... licensed", from the age "no license shall be required
#: for a dog under six months of age" sets, on "a certificate of vaccination from a licensed
#: veterinarian"; the fee paid with the application, the tag furnished, a new resident's period
#: (the package's sections.yaml)
REQUIRED = "license.required"
MINIMUM_AGE = "license.minimum_age"
CERTIFICATE = "license.rabies_certificate"
FEE_WITH_APPLICATION = "license.fee_with_application"
TAG_FURNISHED = "tag.furnished"
NEW_RESIDENT = "license.new_resident"
CONCEPTS = (REQUIRED, MINIMUM_AGE, CERTIFICATE)


def _listed(*concepts: str) -> str:
    """The sections stating ``concepts``, each in full, as the letter lists them."""
    return ", ".join(cite_each(*concepts))


def _folded(text: str) -> str:
    """As ``matching`` compares an owner's name or street: no case, single spaces."""
    return " ".join(text.split()).casefold()


def owner_key(row: Reached) -> tuple[object, ...]:
    """Who the letter is for: the owner's record, else the name and address the clinic gave."""
    certificate = row.certificate
    if certificate.dog is not None:
        return ("owner", certificate.dog.owner_id)
    named = (certificate.owner_name, certificate.owner_street)
    if not all(part.strip() for part in named):  # no one to recognise: a letter of its own
        return ("certificate", certificate.pk)
    place = (certificate.owner_street, certificate.owner_city, certificate.owner_postal_code)
    return ("named", _folded(certificate.owner_name), *(_folded(p) for p in place))


@dataclass(frozen=True)
class Letter:
    """One owner's letter: each of the owner's dogs vaccinated in the city and never licensed."""

    dogs: tuple[Reached, ...]

    @property
    def first(self) -> Reached:
        return self.dogs[0]

    @property
    def owner_name(self) -> str:
        return self.first.owner_name

    @property
    def address(self) -> tuple[str, ...]:
        return self.first.address

    @property
    def email(self) -> str:
        return next((row.email for row in self.dogs if row.email), "")

    @property
    def dog_names(self) -> str:
        names = [row.dog_name for row in self.dogs]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def owners_to_reach(on: dt.date) -> list[Letter]:
    """One letter an owner, in the order of the owner's first certificate."""
    clocks = Clocks(city_params())
    grouped: dict[tuple[object, ...], list[Reached]] = {}
    for certificate in certificates(on):
        row = reached(certificate, on, clocks)
        grouped.setdefault(owner_key(row), []).append(row)
    return [Letter(tuple(rows)) for rows in grouped.values()]


def _since(row: Reached, on: dt.date) -> str:
    return "since" if row.required_from <= on else "from"


def _dog_line(row: Reached, on: dt.date) -> str:
    """One dog of the letter, with its own date (``license.required``, ``license.minimum_age``)."""
    certificate = row.certificate
    return (
        f"<b>{pdf.text(row.dog_name)}</b>: vaccinated against rabies by "
        f"{pdf.text(certificate.clinic)} on {pdf.long_date(certificate.vaccinated_on)} "
        f"(certificate {pdf.text(certificate.certificate_number)}, valid until "
        f"{pdf.long_date(certificate.expires_on)}). A license is required {_since(row, on)} "
        f"<b>{pdf.long_date(row.required_from)}</b> ({_listed(REQUIRED, MINIMUM_AGE)})."
        + (f" {pdf.text(row.note)}." if row.note else "")
    )


def _letter(letter: Letter, on: dt.date) -> list[Flowable]:
    office = pdf.office_lines()
    one = len(letter.dogs) == 1
    return [
        pdf.StartOfLetter(),
        AddressWindow(list(letter.address), [pdf.long_date(on)]),
        pdf.para(
            "Your dog needs a City dog license" if one else "Your dogs need City dog licenses",
            "title",
        ),
        Spacer(1, 6),
        pdf.para(f"Dear {pdf.text(letter.owner_name or 'dog owner')},"),
        Spacer(1, 4),
        pdf.para(
            "A veterinary clinic vaccinated "
            + ("your dog" if one else "your dogs")
            + " against rabies. The City has no license on record for "
            + ("the dog" if one else "them")
            + ". No dog may be kept in the City unless it is licensed "
            f"({pdf.city_code(REQUIRED)}), from the age the ordinance sets ({cite(MINIMUM_AGE)}):"
        ),
        pdf.bullets([_dog_line(row, on) for row in letter.dogs]),
        pdf.heading("What to bring"),
        pdf.bullets(
            [
                "The rabies vaccination certificate from your veterinarian for each dog "
                f"({cite(CERTIFICATE)}).",
                "The license fee, paid when you apply; the City gives you the receipt and the "
                f"tag ({_listed(FEE_WITH_APPLICATION, TAG_FURNISHED)}).",
            ],
            "small",
        ),
        Spacer(1, 6),
        pdf.para(
            "If you have just moved to the City, you have "
            f"{pdf.param('license.new_resident_days', 'words_unit', on)} from the day you became "
            f"a resident to obtain the license ({cite(NEW_RESIDENT)}). If the dog does not live in "
            "the City, "
            f"please tell us. <b>License at the City offices:</b> {pdf.text(', '.join(office))}.",
            "small",
        ),
        Spacer(1, 10),
        pdf.para("Sincerely,"),
        Spacer(1, 4),
        pdf.para(f"{pdf.text(office[0])}, Dog licensing"),
    ]


def render(on: dt.date, letters: Sequence[Letter]) -> bytes:
    story: list[Flowable] = []
    for i, letter in enumerate(letters):
        if i:
            story.append(PageBreak())
        story += _letter(letter, on)
    if not story:
        story.append(pdf.para("No dog vaccinated in the City is waiting for a license."))
    return pdf.build(
        story,
        pdf.Page(label="Dog license reminder · vaccinated, never licensed", fold_marks=True),
        title=f"Vaccinated in the City, never licensed: letters of {pdf.long_date(on)}",
    )


def body(letter: Letter, on: dt.date) -> str:
    dogs = "".join(
        f"- {row.dog_name}: vaccinated by {row.certificate.clinic} on "
        f"{pdf.long_date(row.certificate.vaccinated_on)}; a license is required "
        f"{_since(row, on)} {pdf.long_date(row.required_from)} ({_listed(REQUIRED, MINIMUM_AGE)}).\n"
        for row in letter.dogs
    )
    return (
        f"Dear {letter.owner_name or 'dog owner'},\n\n"
        "A veterinary clinic vaccinated your dogs against rabies, and the City has no license on "
        "record for them. Every dog kept in the City must be licensed "
        f"({pdf.city_code(REQUIRED)}):\n\n"
        f"{dogs}\nThe attached letter says what to bring.\n\n"
        "If a dog does not live in the City, please tell the City office.\n"
    )


def key(letter: Letter) -> str:
    """The outbox key: the letter's certificates, so a letter is mailed once, and again only when
    another dog joins it (an outbox key is at most 200 characters: a long list is hashed)."""
    ids = ",".join(str(row.certificate.pk) for row in letter.dogs)
    if len(ids) > 120:
        ids = "sha256-" + hashlib.sha256(ids.encode()).hexdigest()
    return f"unlicensed-reminder:{ids}"


@service
def email_reminders(*, on: dt.date, actor: AbstractBaseUser) -> int:
    """Queue one e-mail an owner with an address, the owner's letter attached; a letter already
    mailed is not mailed again (the outbox key). Returns how many were queued now."""
    queued = 0
    for letter in owners_to_reach(on):
        if not letter.email:
            continue
        first = letter.first.certificate
        one = len(letter.dogs) == 1
        try:
            message = queue_message(
                to=letter.email,
                subject=(
                    f"Your dog {letter.dog_names} needs a City dog license"
                    if one
                    else f"Your dogs {letter.dog_names} need City dog licenses"
                ),
                body=body(letter, on),
                kind=KIND,
                key=key(letter),
                attachments=[
                    Attachment(f"dog-license-reminder-{first.pk}.pdf", render(on, [letter]))
                ],
                about=first,
            )
        except MessageRefused as exc:  # a bad address: the others still go
            logger.warning("reminder for certificate %s not queued: %s", first.pk, exc)
            continue
        queued += message.queued_now
    record_decision(
        action="clinics.email_unlicensed_reminders",
        findings=[
            Finding(
                rule="clinics.unlicensed_reminders",
                outcome="done",
                sections=cite_each(*CONCEPTS),
                message=f"{queued} license reminders queued by e-mail to owners of dogs "
                "vaccinated in the City and never licensed.",
                facts={"queued": queued, "on": on},
            )
        ],
        decided_on=on,
        actor=actor,
    )
    return queued
