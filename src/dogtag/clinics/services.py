"""Every write of the clinics' certificates, each one transaction with its Decision.

``receive_certificate`` keeps what a clinic sent (once per clinic and certificate number: sending
it again returns the one kept and writes nothing), matches it (``clinics.matching``) and, when the
match is certain, records the vaccination on the dog through
``licensing.services.record_rabies_vaccination``, the service the dog's page uses, so the same
checks apply. ``resolve_certificate`` is the clerk's choice for a certificate in the queue: the
dog (recorded through the same service) or no dog the city has a record of.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.utils import timezone

from dogtag.clinics.matching import chip, match
from dogtag.clinics.models import DURATION_CHOICES, Certificate
from dogtag.law.findings import Finding
from dogtag.law.provisions import cite
from dogtag.licensing import services as licensing
from dogtag.licensing.models import Dog, License, RabiesVaccination
from dogtag.licensing.phones import PhoneError, normalise
from dogtag.licensing.receipts import Payment
from dogtag.records.bounds import MAX_VACCINATION_YEARS, check_date, long_date, years_after
from dogtag.records.due import NEAR_DAYS
from dogtag.records.errors import ServiceError
from dogtag.records.refusals import service
from dogtag.records.services import record_decision, today
from dogtag.records.uploads import max_upload_bytes, megabytes

#: "The applicant for a dog license must present a certificate of vaccination from a licensed
#: veterinarian." Every Decision here cites it (the package's sections.yaml).
CERTIFICATE = "license.rabies_certificate"
#: The fields a certificate carries, as the API, the CSV and the model name them.
TEXT_FIELDS = (
    "veterinarian",
    "rabies_tag_number",
    "microchip",
    "owner_name",
    "owner_street",
    "owner_city",
    "owner_postal_code",
    "owner_phone",
    "owner_email",
    "dog_name",
    "breed",
    "color",
    "sex",
)
SEXES = ("", "male", "female")
DURATIONS = tuple(years for years, _ in DURATION_CHOICES or ())


@dataclass(frozen=True)
class Received:
    certificate: Certificate
    #: False when the clinic had sent this certificate before: nothing was written.
    created: bool


def problems_of(values: dict[str, Any]) -> list[tuple[str, str]]:
    """What is wrong with a certificate's values, by field, before anything is written; the
    model's own lengths are checked by ``full_clean`` after."""
    found: list[tuple[str, str]] = []
    given, expires = values.get("vaccinated_on"), values.get("expires_on")
    for name, label in (("vaccinated_on", "The vaccination date"), ("expires_on", "The expiry")):
        value = values.get(name)
        if not isinstance(value, dt.date):
            found.append((name, f"{label} is required (YYYY-MM-DD)."))
            continue
        try:
            check_date(value, label)
        except ValidationError as exc:
            found.append((name, exc.messages[0]))
    if isinstance(given, dt.date) and given > today():
        found.append(("vaccinated_on", "The vaccination date is after today."))
    if isinstance(given, dt.date) and isinstance(expires, dt.date):
        if expires <= given:
            found.append(("expires_on", "The vaccination must expire after the day it was given."))
        elif expires > years_after(given, MAX_VACCINATION_YEARS):
            found.append(
                (
                    "expires_on",
                    f"A rabies vaccination lasts at most {MAX_VACCINATION_YEARS} years: one given "
                    f"on {long_date(given)} cannot expire after "
                    f"{long_date(years_after(given, MAX_VACCINATION_YEARS))}.",
                )
            )
    if values.get("duration_years") not in DURATIONS:
        words = " or ".join(str(label) for _, label in DURATION_CHOICES or ())
        found.append(("duration_years", f"The duration is {words}, as certified."))
    if not str(values.get("certificate_number", "")).strip():
        found.append(("certificate_number", "The certificate number is required."))
    if not str(values.get("veterinarian", "")).strip():
        found.append(("veterinarian", "Name the veterinarian who signed the certificate."))
    if values.get("sex", "") not in SEXES:
        found.append(("sex", "The dog's sex is male or female (or left out)."))
    owner = any(
        str(values.get(k, "")).strip() for k in ("owner_name", "owner_street", "owner_phone")
    )
    described = owner and str(values.get("dog_name", "")).strip()
    if not chip(str(values.get("microchip", ""))) and not described:
        found.append(
            (
                "microchip",
                "Give the dog's microchip, or the dog's name with the owner's name, street or "
                "phone.",
            )
        )
    if values.get("owner_phone"):
        try:
            values["owner_phone"] = normalise(str(values["owner_phone"]))
        except PhoneError as exc:
            found.append(("owner_phone", f"{exc}."))
    if values.get("owner_email"):
        try:
            validate_email(values["owner_email"])
        except ValidationError:
            found.append(("owner_email", "Enter a valid e-mail address."))
    born = values.get("born")
    if isinstance(born, dt.date):
        try:
            check_date(born, "The date of birth", latest=today())
        except ValidationError as exc:
            found.append(("born", exc.messages[0]))
    return found


class CertificateInvalid(ServiceError):
    """The certificate's values, refused by field before anything is written."""

    def __init__(self, errors: list[tuple[str, str]]) -> None:
        super().__init__("Check the fields named.")
        self.errors = errors


def pdf_problem(content: bytes) -> str | None:
    if len(content) > max_upload_bytes():
        return f"The PDF is larger than {megabytes(max_upload_bytes())}."
    if not content.startswith(b"%PDF-"):
        return "The certificate file is not a PDF."
    return None


def _finding(rule: str, message: str, certificate: Certificate, **facts: Any) -> Finding:
    return Finding(
        rule=rule,
        outcome="done",
        sections=(cite(CERTIFICATE),),
        message=message,
        facts={
            "clinic": certificate.clinic,
            "certificate_number": certificate.certificate_number,
            "status": certificate.status,
            "reasons": list(certificate.reasons),
            **facts,
        },
    )


@service
def receive_certificate(
    *,
    clinic: str,
    values: dict[str, Any],
    pdf: bytes | None = None,
    source: str = Certificate.Source.API,
    actor: AbstractBaseUser,
) -> Received:
    """Keep a clinic's certificate and match it; record it on the dog when the match is certain."""
    clinic = clinic.strip()
    values = {k: v.strip() if isinstance(v, str) else v for k, v in values.items()}
    number = str(values.get("certificate_number", ""))
    kept = Certificate.objects.filter(clinic=clinic, certificate_number=number).first()
    if kept is not None:
        return Received(kept, created=False)
    errors = problems_of(values)
    if pdf is not None and (problem := pdf_problem(pdf)):
        errors.append(("certificate_pdf", problem))
    if errors:
        raise CertificateInvalid(errors)
    values["microchip"] = chip(str(values.get("microchip", "")))
    certificate = Certificate(clinic=clinic, source=source, received_by=actor, **values)
    try:
        certificate.full_clean(exclude=["pdf", "received_by"], validate_unique=False)
    except ValidationError as exc:
        raise CertificateInvalid(
            [(k, m) for k, ms in exc.message_dict.items() for m in ms]
        ) from None
    if pdf is not None:
        certificate.pdf.save(f"{clinic[:40]}-{number}.pdf", ContentFile(pdf), save=False)
    try:
        with transaction.atomic():
            certificate.save()
    except IntegrityError:  # sent twice at once: the other request kept it
        kept = Certificate.objects.filter(clinic=clinic, certificate_number=number).first()
        if kept is None:
            raise
        return Received(kept, created=False)
    found = match(certificate)
    certificate.reasons = list(found.reasons)
    certificate.candidates = [c.to_json() for c in found.candidates]
    if found.dog is not None:
        _record_on(certificate, found.dog, actor)
    certificate.save()
    words = (
        f"recorded on {found.dog.name}'s record" if found.dog else "waiting for a clerk to match it"
    )
    record_decision(
        action="clinics.receive_certificate",
        findings=[
            _finding(
                "clinics.certificate_received",
                f"Rabies certificate {number} from {clinic} received: {words}.",
                certificate,
            )
        ],
        decided_on=today(),
        actor=actor,
        subject=certificate,
    )
    return Received(certificate, created=True)


def _record_on(certificate: Certificate, dog: Dog, actor: AbstractBaseUser) -> None:
    """The certificate becomes the dog's vaccination (the one already recorded from the same
    certificate, if the clerk typed it in first)."""
    same = dog.rabies_vaccinations.filter(
        certificate_number=certificate.certificate_number,
        vaccinated_on=certificate.vaccinated_on,
    ).first()
    vaccination: RabiesVaccination = same or licensing.record_rabies_vaccination(
        dog=dog,
        actor=actor,
        vaccinated_on=certificate.vaccinated_on,
        expires_on=certificate.expires_on,
        duration_years=certificate.duration_years,
        veterinarian=certificate.veterinarian,
        clinic=certificate.clinic,
        certificate_number=certificate.certificate_number,
        rabies_tag_number=certificate.rabies_tag_number,
        certificate_file=certificate.pdf.name if certificate.pdf else "",
    )
    certificate.dog, certificate.vaccination = dog, vaccination
    certificate.status = Certificate.Status.RECORDED
    certificate.resolved_at = timezone.now()
    certificate.resolved_by = actor  # type: ignore[assignment]


@service
def resolve_certificate(
    *, certificate: Certificate, dog: Dog | None, actor: AbstractBaseUser
) -> Certificate:
    """The clerk's choice for a queued certificate: the dog it is for, or (``dog=None``) a dog
    the city has no record of, which then stands on the due list's "vaccinated in the city,
    never licensed"."""
    certificate = Certificate.objects.select_for_update().get(pk=certificate.pk)
    if certificate.status != Certificate.Status.QUEUED:
        raise ServiceError(
            f"Certificate {certificate.certificate_number} was already resolved: "
            f"{certificate.get_status_display()}."
        )
    if dog is not None:
        dog = Dog.objects.select_related("owner").get(pk=dog.pk)
        if dog.status != Dog.Status.ACTIVE:
            raise ServiceError(f"{dog.name} is recorded as {dog.get_status_display()}.")
        _record_on(certificate, dog, actor)
        message = f"Certificate {certificate.certificate_number} recorded on {dog.name}'s record."
    else:
        certificate.status = Certificate.Status.NOT_HERE
        certificate.resolved_at = timezone.now()
        certificate.resolved_by = actor  # type: ignore[assignment]
        message = (
            f"Certificate {certificate.certificate_number}: no dog's record in the city is the "
            f"dog vaccinated."
        )
    certificate.save()
    record_decision(
        action="clinics.resolve_certificate",
        findings=[
            _finding(
                "clinics.certificate_resolved",
                message,
                certificate,
                dog=dog.pk if dog is not None else None,
            )
        ],
        decided_on=today(),
        actor=actor,
        subject=certificate,
    )
    return certificate


# ----------------------------------------------------------------------- one-step renewal


def renewal_due(dog: Dog, on: dt.date) -> License | None:
    """The dog's license to renew, if it expired or expires within the due list's near window
    (``records.due.NEAR_DAYS``, its "Licenses expiring in the next 30 days" and "Renewals
    overdue"): the latest license not voided, still active (not renewed, not ended)."""
    previous = licensing.previous_license(dog)
    if previous is None or previous.status != License.Status.ACTIVE:
        return None
    if previous.expires_on is None:  # for the dog's lifetime: never due
        return None
    if previous.expires_on > on + dt.timedelta(days=NEAR_DAYS):
        return None
    return previous


def renewal_certificate(dog: Dog, on: dt.date) -> Certificate | None:
    """The clinic's certificate the dog's license can be renewed with on ``on`` (the residents'
    one-step renewal), or None: the dog's license is due (``renewal_due``) and a certificate
    recorded on the dog is current that day (``license.rabies_certificate``) and runs past the
    license it renews, so the new term (``license.term``: as long as the vaccination) is a new one.
    The latest such certificate; the rules core still decides the term, fee and penalty."""
    previous = renewal_due(dog, on)
    if previous is None:
        return None
    return (
        Certificate.objects.filter(
            dog=dog,
            status=Certificate.Status.RECORDED,
            vaccination__isnull=False,
            vaccinated_on__lte=on,
            expires_on__gte=on,
            expires_on__gt=previous.expires_on,
        )
        .select_related("vaccination")
        .order_by("-vaccinated_on", "-id")
        .first()
    )


def amount_due(certificate: Certificate) -> object:
    """What renewing with the certificate today would cost (the fee and any penalty), as the
    license screen fills it in; None if the rules core finds no amount."""
    if certificate.dog is None or certificate.vaccination is None:
        return None
    findings = licensing.evaluate_license(
        certificate.dog, certificate.vaccination, "renewal", today()
    )
    due = next((f for f in findings if f.rule == "license.amount_due"), None)
    return due.details.get("total") if due is not None else None


@service
def renew_from_certificate(
    *, certificate: Certificate, payment: Payment, actor: AbstractBaseUser
) -> licensing.Issued:
    """Renew the dog's license today with the certificate's vaccination, through
    ``licensing.services.issue_license`` (``license.*``: the rules core decides the term, the fee
    and any penalty; a refusal carries its findings and writes nothing)."""
    certificate = Certificate.objects.select_related("dog", "vaccination").get(pk=certificate.pk)
    if certificate.status != Certificate.Status.RECORDED or certificate.dog is None:
        raise ServiceError("Record the certificate on a dog first.")
    on = today()
    if renewal_due(certificate.dog, on) is None:
        raise ServiceError(f"{certificate.dog.name} has no license expired or expiring to renew.")
    return licensing.issue_license(
        dog=certificate.dog,
        rabies=certificate.vaccination,
        kind="renewal",
        on=on,
        payment=payment,
        actor=actor,
    )
