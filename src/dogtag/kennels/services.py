"""Kennel license services (City Code 3-2-5). Every write to a kennel record goes through here.

Like the licensing desk's services (``dogtag.licensing.services``): each runs in one transaction,
asks the rules core (``dogtag.law.kennels``, ``dogtag.law.kennel_conditions``), refuses with the
findings and writes nothing when one blocks, stores its ``Decision``, takes the fee with a receipt
whose lines cite the section and the resolution, and names the acting user in the history.

Private kennel licenses (3-2-5.A): new, a new license to add dogs (A.2), a corrected license on
relocation (A.2), the yearly renewal (A.3), an inspection upon a complaint (A.4).

Commercial kennel licenses (3-2-5.B), step by step in the order ``kennel.commercial_procedure``
enforces: application with the application and public hearing fees (B.1, B.2), the Planning &
Zoning hearing scheduled, the notice list drawn from the parcel map (B.2), the notice mailed, the
commission's recommendation, the council's decision with the conditions B.3-B.8 and any B.9
conditions, the one-year license; then renewals (B.2) and periodic inspections (B.7).

Nuisance complaints are not recorded in Dogtag yet (they come with 3-2-7 in a later issue): a
commercial renewal takes the dates of the nuisance complaints received in the previous twelve
months from the clerk, and the renewal decision stores them with its finding.

Terms: a license's term starts on the day it issues (a renewal: the day after the license it
renews expires, or the renewal day if that has passed) and ends the day before its anniversary
(``kennel.license_term``, with ``add_months``). A new license to add dogs or a corrected license
on relocation is a new license (A.2): a new one-year term and the application fee, the license it
replaces ending the day before.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Q
from django.utils import timezone
from shapely.geometry.base import BaseGeometry

from dogtag.complaints.services import nuisance_complaints_about
from dogtag.kennels.models import (
    CommercialKennelApplication,
    CommercialKennelLicense,
    KennelCondition,
    KennelInspection,
    NoticeRecipient,
    PrivateKennelLicense,
)
from dogtag.law import kennel_conditions as conditions_law
from dogtag.law import kennel_procedure
from dogtag.law import kennels as law
from dogtag.law.computation_of_time import months_before
from dogtag.law.findings import Finding, blocking
from dogtag.law.params import ParameterSet
from dogtag.law.procedure import Event, ProcedureState
from dogtag.licensing.models import Owner, Receipt
from dogtag.licensing.receipts import Payment, receipt_line, record_receipt
from dogtag.parcels.models import Parcel, as_shape
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.history import acting_as
from dogtag.records.refusals import service
from dogtag.records.services import city_params, next_number, record_decision, today

__all__ = ["Payment", "Refused", "ServiceError"]

PRIVATE_KINDS = tuple(PrivateKennelLicense.Kind.values)
OPEN_APPLICATION = (
    CommercialKennelApplication.Status.RECEIVED,
    CommercialKennelApplication.Status.HEARING_NOTICED,
    CommercialKennelApplication.Status.RECOMMENDED,
)


@dataclass(frozen=True)
class KennelIssued:
    license: PrivateKennelLicense | CommercialKennelLicense
    receipt: Receipt | None
    findings: list[Finding]


def _check_payment(payment: Payment, fees: Sequence[Finding], section: str) -> Finding:
    """``kennel.fee_paid``: the payment is the fee set under 1-2-2; refused otherwise."""
    paid = kennel_procedure.fee_paid(payment.amount, fees, section)
    if paid.blocks:
        raise Refused([paid, *fees])
    return paid


def _receipt(
    payer: Owner, payment: Payment, fees: Sequence[Finding], actor: AbstractBaseUser, label: str
) -> Receipt:
    lines = [receipt_line(f"{f.details['description']}, {label}", f, "fee") for f in fees]
    return record_receipt(payer, payment, lines, actor, None)


def hearing_day(application: CommercialKennelApplication) -> dt.date:
    """The day of the Planning & Zoning hearing, in the city's time zone."""
    assert application.hearing_at is not None
    return timezone.localtime(application.hearing_at).date()


def _not_future(day: dt.date, what: str) -> None:
    if day > today():
        raise ServiceError(f"{what} cannot be recorded before it happens ({day.isoformat()}).")


# ------------------------------------------------------------------- private kennel license


def active_private_licenses(on: dt.date) -> Q:
    """Private kennel licenses in force on ``on``: active and not expired."""
    return Q(status=PrivateKennelLicense.Status.ACTIVE, expires_on__gte=on)


def private_license_findings(
    *,
    holder: Owner,
    parcel: Parcel,
    dogs_licensed: int,
    kind: str,
    on: dt.date,
    previous: PrivateKennelLicense | None,
    params: ParameterSet,
) -> tuple[list[Finding], dt.date]:
    """The findings a private kennel license application gets (3-2-5, A.1-A.3, A.5) and the day
    its term starts; writes nothing."""
    if kind not in PRIVATE_KINDS:
        raise ServiceError(f"{kind!r} is not a kind of private kennel license.")
    if kind == PrivateKennelLicense.Kind.NEW and previous is not None:
        raise ServiceError("A new license replaces no license; choose the kind of change.")
    if kind != PrivateKennelLicense.Kind.NEW and previous is None:
        raise ServiceError("Choose the private kennel license this one replaces or renews.")
    # 3-2-5's facts as the license would have them: its set number of dogs, all over six months
    # (the births are not what is licensed), kept under the license applied for
    as_licensed = law.parcel_dog_facts(parcel.acres, [], private_kennel_licensed_for=dogs_licensed)
    if as_licensed is None:
        raise ServiceError(f"Parcel {parcel.pin} has no acreage recorded; correct the parcel.")
    findings: list[Finding] = []
    if previous is not None:
        if previous.status != PrivateKennelLicense.Status.ACTIVE:
            raise ServiceError(
                f"License {previous.number} is {previous.get_status_display()}; it can no longer "
                "be renewed or replaced."
            )
        if previous.holder_id != holder.pk:
            findings.append(law.private_kennel_change("assignment"))
        else:
            wrong_kind = kennel_procedure.private_license_kind(
                kind,
                previous_number=previous.number,
                previous_parcel=previous.parcel.pin,
                parcel=parcel.pin,
                previous_dogs=previous.dogs_licensed,
                dogs=dogs_licensed,
            )
            if wrong_kind is not None:
                raise Refused([wrong_kind])
            if kind == PrivateKennelLicense.Kind.RELOCATION:
                findings.append(_satisfied(law.private_kennel_change("relocation")))
        if kind == PrivateKennelLicense.Kind.RENEWAL:
            kept = law.private_kennel_dogs(previous.dogs_licensed, dogs_licensed, on, params)
            if kept.blocks:
                findings.append(kept)
    findings.append(law.private_kennel_dogs(dogs_licensed, dogs_licensed, on, params))
    if dogs_licensed > 0:
        findings.append(law.dog_limit_of(as_licensed, dogs_licensed, on, params))
    held = (
        PrivateKennelLicense.objects.filter(active_private_licenses(on))
        .filter(Q(holder=holder) | Q(parcel=parcel))
        .exclude(pk=previous.pk if previous is not None else None)
        .count()
    )
    findings.append(law.private_kennel_one_per_party(held, on, params))
    starts = on
    if kind == PrivateKennelLicense.Kind.RENEWAL and previous is not None:
        starts = max(on, previous.expires_on + dt.timedelta(days=1))
    findings.append(conditions_law.license_term("private", starts, params))
    item = "renewal" if kind == PrivateKennelLicense.Kind.RENEWAL else "application"
    findings.append(conditions_law.kennel_fee(f"private_kennel.{item}", on, params))
    return findings, starts


def _satisfied(finding: Finding) -> Finding:
    """A "corrected license required" finding answered by the corrected license being issued."""
    return Finding(
        rule=finding.rule,
        outcome="corrected_license",
        sections=finding.sections,
        message=(
            "Corrected private kennel license: the licensee relocates to another area of the "
            "City (3-2-5.A.2)."
        ),
        facts=finding.facts,
    )


@service
def issue_private_kennel_license(
    *,
    holder: Owner,
    parcel: Parcel,
    dogs_licensed: int,
    on: dt.date,
    payment: Payment,
    actor: AbstractBaseUser,
    kind: str = PrivateKennelLicense.Kind.NEW,
    previous: PrivateKennelLicense | None = None,
) -> KennelIssued:
    """Issue a private kennel license at the City offices (3-2-5.A.1) for a set number of dogs,
    at most ten (A.2), for one year (A.3), one per party, person or dwelling (A.5); or a new
    license to add dogs, a corrected license on relocation (A.2), or the yearly renewal (A.3).
    Licenses are not assignable (A.2): a license replacing another's is refused."""
    holder = Owner.objects.select_for_update().get(pk=holder.pk)
    if previous is not None:
        previous = (
            PrivateKennelLicense.objects.select_for_update(of=("self",))
            .select_related("parcel")
            .get(pk=previous.pk)
        )
    params = city_params()
    findings, starts = private_license_findings(
        holder=holder,
        parcel=parcel,
        dogs_licensed=dogs_licensed,
        kind=kind,
        on=on,
        previous=previous,
        params=params,
    )
    if blocking(findings):
        raise Refused(findings)
    fee = findings[-1]
    term = findings[-2]
    findings.append(_check_payment(payment, [fee], "3-2-5.A.1"))
    decision = record_decision(
        action=f"private_kennel.issue.{kind}", findings=findings, decided_on=on, actor=actor
    )
    license_ = PrivateKennelLicense(
        number=f"PK{on.year}-{next_number('private_kennel', on.year):04d}",
        holder=holder,
        parcel=parcel,
        dogs_licensed=dogs_licensed,
        kind=kind,
        issued_on=on,
        starts_on=starts,
        expires_on=term.details["expires_on"],
        previous=previous,
        fee=Decimal(str(fee.details["fee"])),
        decision=decision,
    )
    receipt = _receipt(holder, payment, [fee], actor, f"license {license_.number}")
    license_.receipt = receipt
    acting_as(actor, license_)
    license_.save()
    decision.subject = license_
    decision.save(update_fields=["subject_type", "subject_id"])
    if previous is not None:
        previous.status = PrivateKennelLicense.Status.SUPERSEDED
        previous.ended_on = min(previous.expires_on, starts - dt.timedelta(days=1))
        acting_as(actor, previous)
        previous.save(update_fields=["status", "ended_on"])
    return KennelIssued(license_, receipt, findings)


# -------------------------------------------------------------- commercial kennel: the steps


def events_of(
    application: CommercialKennelApplication, *, has_license: bool | None = None
) -> list[Event]:
    """The dated events of 3-2-5.B the application's record holds, for the rules core's
    ``kennel_procedure`` (``has_license``: whether a license issued, if the caller knows)."""
    events = [Event("application", application.applied_on)]
    if application.hearing_at is not None:
        events.append(
            Event(
                "hearing_scheduled",
                application.applied_on,
                {"hearing_on": hearing_day(application)},
            )
        )
    if application.notice_list_drawn_on is not None:
        events.append(Event("notice_list", application.notice_list_drawn_on))
    if application.notice_mailed_on is not None:
        events.append(Event("notice_mailed", application.notice_mailed_on))
    if application.recommendation:
        recommended = application.recommended_on or application.applied_on
        events.append(
            Event("recommendation", recommended, {"recommendation": application.recommendation})
        )
    if application.council_decided_on is not None:
        approved = application.status != CommercialKennelApplication.Status.DENIED
        events.append(
            Event("council_decision", application.council_decided_on, {"approved": approved})
        )
    if has_license is None:
        has_license = application.pk is not None and application.licenses.exists()
    if has_license:
        first = application.licenses.order_by("issued_on").first() if application.pk else None
        events.append(Event("license", first.issued_on if first else today()))
    if application.status == CommercialKennelApplication.Status.WITHDRAWN:
        events.append(Event("withdrawn", max(e.on for e in events)))
    return events


def procedure_state(
    application: CommercialKennelApplication, on: dt.date | None = None
) -> ProcedureState:
    """Where the application stands on ``on`` (today by default), as the rules core says
    (``kennel_procedure.commercial_application``): the pages and the services both ask this."""
    return kennel_procedure.commercial_application(events_of(application), on or today())


def completed_steps(
    application: CommercialKennelApplication, *, has_license: bool | None = None
) -> list[str]:
    """The steps of 3-2-5.B already taken, in ``kennel.commercial_procedure``'s words."""
    return kennel_procedure.completed(events_of(application, has_license=has_license))


def next_step(application: CommercialKennelApplication) -> str | None:
    """The next step to take, or None once the council denied or the license issued."""
    return kennel_procedure.next_step(procedure_state(application))


def _step(
    application: CommercialKennelApplication,
    step: str,
    on: dt.date,
    *,
    hearing_on: dt.date | None = None,
) -> Finding:
    """The rules core's word on recording ``step`` on ``on``: refused with its findings, or the
    finding that allows it."""
    findings = kennel_procedure.commercial_step(
        events_of(application), step, on, hearing_on=hearing_on
    )
    if findings[0].blocks:
        raise Refused(findings)
    return findings[0]


def _locked(application: CommercialKennelApplication) -> CommercialKennelApplication:
    return (
        CommercialKennelApplication.objects.select_for_update(of=("self",))
        .select_related("parcel", "applicant")
        .get(pk=application.pk)
    )


@service
def apply_for_commercial_kennel(
    *,
    applicant: Owner,
    parcel: Parcel,
    dogs_requested: int,
    on: dt.date,
    payment: Payment,
    actor: AbstractBaseUser,
    business_name: str = "",
    description: str = "",
) -> CommercialKennelApplication:
    """3-2-5.B.1: the application to the City Council for a commercial kennel license, with the
    application fee and the public hearing fee (B.2) paid at application and a receipt."""
    if dogs_requested < 1:
        raise ServiceError("Give the number of dogs the commercial kennel would keep (1 or more).")
    _not_future(on, "An application")
    parcel = Parcel.objects.select_for_update().get(pk=parcel.pk)
    open_ = CommercialKennelApplication.objects.filter(parcel=parcel, status__in=OPEN_APPLICATION)
    pending = open_.first()
    one_open = kennel_procedure.one_open_application(
        pending.number if pending is not None else None, parcel.pin
    )
    if one_open is not None:
        raise Refused([one_open])
    params = city_params()
    procedure = conditions_law.commercial_procedure("application", [])
    fees = [
        conditions_law.kennel_fee("commercial_kennel.application", on, params),
        conditions_law.kennel_fee("commercial_kennel.public_hearing", on, params),
    ]
    paid = _check_payment(payment, fees, "3-2-5.B.1")
    application = CommercialKennelApplication(
        number=f"CKA{on.year}-{next_number('commercial_kennel_application', on.year):03d}",
        applicant=applicant,
        parcel=parcel,
        business_name=business_name.strip(),
        dogs_requested=dogs_requested,
        description=description.strip(),
        applied_on=on,
    )
    application.receipt = _receipt(
        applicant, payment, fees, actor, f"application {application.number}"
    )
    acting_as(actor, application)
    application.save()
    record_decision(
        action="commercial_kennel.application",
        findings=[procedure, *fees, paid],
        decided_on=on,
        actor=actor,
        subject=application,
    )
    return application


@service
def schedule_hearing(
    *,
    application: CommercialKennelApplication,
    hearing_at: dt.datetime,
    place: str,
    actor: AbstractBaseUser,
) -> CommercialKennelApplication:
    """3-2-5.B.2: "a hearing before the Planning & Zoning Commission must be held". The hearing
    may be rescheduled until the notice is mailed."""
    application = _locked(application)
    if hearing_at.tzinfo is None:
        raise ServiceError("Give the hearing's time with its time zone.")
    finding = _step(
        application,
        "hearing_scheduled",
        today(),
        hearing_on=timezone.localtime(hearing_at).date(),
    )
    if not place.strip():
        raise ServiceError("Say where the Planning & Zoning Commission meets for the hearing.")
    application.hearing_at = hearing_at
    application.hearing_place = place.strip()
    acting_as(actor, application)
    application.save(update_fields=["hearing_at", "hearing_place"])
    record_decision(
        action="commercial_kennel.hearing_scheduled",
        findings=[finding],
        decided_on=today(),
        actor=actor,
        subject=application,
    )
    return application


def notice_candidates(parcel: Parcel, radius_feet: int) -> dict[str, tuple[Parcel, BaseGeometry]]:
    """Every other parcel whose bounding box comes within ``radius_feet`` of the kennel parcel's
    bounding box: a cheap envelope check, so the exact distance is measured only for these."""
    minx, miny, maxx, maxy = parcel.boundary_shape.bounds
    minx, miny, maxx, maxy = (
        minx - radius_feet,
        miny - radius_feet,
        maxx + radius_feet,
        maxy + radius_feet,
    )
    found: dict[str, tuple[Parcel, BaseGeometry]] = {}
    others = Parcel.objects.exclude(pk=parcel.pk).only(
        "pk",
        "pin",
        "address",
        "owner_names",
        "mailing_street",
        "mailing_city",
        "mailing_state",
        "mailing_postal_code",
        "boundary",
    )
    for other in others.iterator(chunk_size=500):
        shape = as_shape(other.boundary)
        if shape is None or shape.is_empty:
            continue
        ominx, ominy, omaxx, omaxy = shape.bounds
        if ominx <= maxx and omaxx >= minx and ominy <= maxy and omaxy >= miny:
            found[other.pin] = (other, shape)
    return found


@service
def draw_notice_list(
    *, application: CommercialKennelApplication, on: dt.date, actor: AbstractBaseUser
) -> list[NoticeRecipient]:
    """3-2-5.B.2: "Notice must be given to all affected property owners within one quarter (1/4)
    mile of the outside dimensions of the parcel where the kennel is contemplated."

    The list comes from the parcel map (``kennel.commercial_notice_list``) and snapshots each
    parcel's owners of record and mailing address as they stand today: the labels and letters
    print from the snapshot. It may be redrawn (after a parcel import) until the notice is mailed.
    A parcel with no mailing address is addressed at its site address.
    """
    application = _locked(application)
    procedure = _step(application, "notice_list", on)
    params = city_params()
    radius = params.get("commercial_kennel.notice_radius_feet", on).integer
    candidates = notice_candidates(application.parcel, radius)
    finding = law.notice_list(
        application.parcel.boundary_shape,
        {pin: shape for pin, (_, shape) in candidates.items()},
        on,
        params,
    )
    application.notice_recipients.all().delete()
    recipients = []
    for entry in finding.details["notified"]:
        parcel = candidates[entry["pin"]][0]
        has_mailing = bool(parcel.mailing_street.strip())
        recipients.append(
            NoticeRecipient(
                application=application,
                parcel=parcel,
                pin=parcel.pin,
                distance_feet=Decimal(str(round(entry["distance_feet"], 1))),
                owner_names=parcel.owner_names or "Owner of record",
                mailing_street=parcel.mailing_street if has_mailing else parcel.address,
                mailing_city=parcel.mailing_city if has_mailing else "Nowthen",
                mailing_state=parcel.mailing_state if has_mailing else "MN",
                mailing_postal_code=parcel.mailing_postal_code if has_mailing else "",
            )
        )
    NoticeRecipient.objects.bulk_create(recipients)
    application.notice_list_drawn_on = on
    acting_as(actor, application)
    application.save(update_fields=["notice_list_drawn_on"])
    record_decision(
        action="commercial_kennel.notice_list",
        findings=[procedure, finding],
        decided_on=on,
        actor=actor,
        subject=application,
    )
    return list(application.notice_recipients.all())


@service
def record_notice_mailed(
    *, application: CommercialKennelApplication, mailed_on: dt.date, actor: AbstractBaseUser
) -> CommercialKennelApplication:
    """3-2-5.B.2: notice given to the affected property owners on the list, before the hearing."""
    application = _locked(application)
    _not_future(mailed_on, "The mailing")
    finding = _step(application, "notice_mailed", mailed_on)
    application.notice_mailed_on = mailed_on
    application.status = CommercialKennelApplication.Status.HEARING_NOTICED
    acting_as(actor, application)
    application.save(update_fields=["notice_mailed_on", "status"])
    record_decision(
        action="commercial_kennel.notice_mailed",
        findings=[finding],
        decided_on=mailed_on,
        actor=actor,
        subject=application,
    )
    return application


@service
def record_recommendation(
    *,
    application: CommercialKennelApplication,
    recommendation: str,
    on: dt.date,
    actor: AbstractBaseUser,
    notes: str = "",
) -> CommercialKennelApplication:
    """3-2-5.B.2: "The Planning & Zoning Commission will make a recommendation to the City Council
    on the request", at or after the hearing."""
    application = _locked(application)
    finding = _step(application, "recommendation", on)
    if recommendation not in CommercialKennelApplication.Recommendation.values:
        raise ServiceError(f"{recommendation!r} is not a recommendation the commission makes.")
    _not_future(on, "A recommendation")
    application.recommendation = recommendation
    application.recommended_on = on
    application.recommendation_notes = notes.strip()
    application.status = CommercialKennelApplication.Status.RECOMMENDED
    acting_as(actor, application)
    application.save(
        update_fields=["recommendation", "recommended_on", "recommendation_notes", "status"]
    )
    record_decision(
        action=f"commercial_kennel.recommendation.{recommendation}",
        findings=[finding],
        decided_on=on,
        actor=actor,
        subject=application,
    )
    return application


@service
def record_council_decision(
    *,
    application: CommercialKennelApplication,
    approved: bool,
    on: dt.date,
    actor: AbstractBaseUser,
    resolution: str = "",
    notes: str = "",
    council_conditions: Sequence[str] = (),
) -> CommercialKennelApplication:
    """3-2-5.B.1: the City Council grants or denies the license, after the commission's
    recommendation (B.2). An approval carries the conditions B.3-B.8 and any the council adds
    (B.9), stored as the license's conditions."""
    application = _locked(application)
    finding = _step(application, "council_decision", on)
    _not_future(on, "A council decision")
    added = [text.strip() for text in council_conditions if text.strip()]
    if (
        with_denial := kennel_procedure.council_conditions_with_approval(approved, added)
    ) is not None:
        raise Refused([with_denial])
    findings = [finding]
    if approved:
        conditions = conditions_law.license_conditions(added, on, city_params())
        findings.append(conditions)
        KennelCondition.objects.bulk_create(
            KennelCondition(
                application=application,
                section=c["section"],
                text=c["text"],
                added_by_council=c["council"],
            )
            for c in conditions.details["conditions"]
        )
    application.status = (
        CommercialKennelApplication.Status.APPROVED
        if approved
        else CommercialKennelApplication.Status.DENIED
    )
    application.council_decided_on = on
    application.council_resolution = resolution.strip()
    application.council_notes = notes.strip()
    acting_as(actor, application)
    application.save(
        update_fields=["status", "council_decided_on", "council_resolution", "council_notes"]
    )
    record_decision(
        action=f"commercial_kennel.council.{'approved' if approved else 'denied'}",
        findings=findings,
        decided_on=on,
        actor=actor,
        subject=application,
    )
    return application


@service
def issue_commercial_kennel_license(
    *, application: CommercialKennelApplication, on: dt.date, actor: AbstractBaseUser
) -> KennelIssued:
    """3-2-5.B.1-B.2: the license the City Council granted, for an initial term of one year. Its
    fee was paid with the application (its receipt is the application's)."""
    application = _locked(application)
    finding = _step(application, "license", on)
    _not_future(on, "A license")
    params = city_params()
    term = conditions_law.license_term("commercial", on, params)
    fee = conditions_law.kennel_fee("commercial_kennel.application", application.applied_on, params)
    findings = [finding, term, fee]
    decision = record_decision(
        action="commercial_kennel.issue", findings=findings, decided_on=on, actor=actor
    )
    license_ = CommercialKennelLicense(
        number=f"CK{on.year}-{next_number('commercial_kennel', on.year):03d}",
        application=application,
        holder=application.applicant,
        parcel=application.parcel,
        dogs_licensed=application.dogs_requested,
        issued_on=on,
        starts_on=on,
        expires_on=term.details["expires_on"],
        fee=Decimal(str(fee.details["fee"])),
        receipt=application.receipt,
        decision=decision,
    )
    acting_as(actor, license_)
    license_.save()
    decision.subject = license_
    decision.save(update_fields=["subject_type", "subject_id"])
    return KennelIssued(license_, application.receipt, findings)


def recorded_nuisance_complaints(license_: CommercialKennelLicense, on: dt.date) -> list[dt.date]:
    """The days (city time) on which Dogtag received 3-2-7 complaints about the kennel's parcel,
    its residents or their dogs, in the 12 months before the term ends (3-2-5.B.2, reading §6.4)."""
    months = city_params().get("commercial_kennel.complaint_lookback_months", on).integer
    end = min(license_.expires_on, on)
    start = months_before(license_.expires_on, months)
    return [
        timezone.localdate(c.received_at)
        for c in nuisance_complaints_about(license_.parcel, start=start, end=end)
    ]


@service
def renew_commercial_kennel_license(
    *,
    license_: CommercialKennelLicense,
    on: dt.date,
    payment: Payment,
    actor: AbstractBaseUser,
    nuisance_complaints: Sequence[dt.date] = (),
) -> KennelIssued:
    """3-2-5.B.2: "subsequent licenses, if so granted, will also be for a term of one (1) year if
    no nuisance complaints have been received at the City within the previous twelve (12) months
    relating to the dogs being kept on the property."

    The nuisance complaints are those Dogtag holds about the parcel, its residents or their dogs
    (``complaints.services.nuisance_complaints_about``), plus ``nuisance_complaints``: the dates of
    any the clerk finds in the City's paper file from before Dogtag. All are stored with the
    decision. A complaint in the window refuses the renewal on the same terms (reading §6.4: the
    renewal goes to the City Council).
    """
    license_ = (
        CommercialKennelLicense.objects.select_for_update(of=("self",))
        .select_related("application", "holder", "parcel")
        .get(pk=license_.pk)
    )
    if license_.status != CommercialKennelLicense.Status.ACTIVE:
        raise ServiceError(
            f"License {license_.number} is {license_.get_status_display()}; renew the license in "
            "force."
        )
    _not_future(on, "A renewal")
    params = city_params()
    recorded = recorded_nuisance_complaints(license_, on)
    try:
        renewal = law.commercial_kennel_renewal(
            license_.expires_on, sorted({*nuisance_complaints, *recorded}), on, params
        )
    except ValueError as exc:
        raise ServiceError(f"Check the complaint dates: {exc}.") from None
    if renewal.blocks:
        raise Refused([renewal])
    starts = max(on, license_.expires_on + dt.timedelta(days=1))
    term = conditions_law.license_term("commercial", starts, params)
    fee = conditions_law.kennel_fee("commercial_kennel.renewal", on, params)
    paid = _check_payment(payment, [fee], "3-2-5.B.1")
    findings = [renewal, term, fee, paid]
    decision = record_decision(
        action="commercial_kennel.renewal", findings=findings, decided_on=on, actor=actor
    )
    new = CommercialKennelLicense(
        number=f"CK{on.year}-{next_number('commercial_kennel', on.year):03d}",
        application=license_.application,
        holder=license_.holder,
        parcel=license_.parcel,
        dogs_licensed=license_.dogs_licensed,
        issued_on=on,
        starts_on=starts,
        expires_on=term.details["expires_on"],
        previous=license_,
        fee=Decimal(str(fee.details["fee"])),
        decision=decision,
    )
    new.receipt = _receipt(license_.holder, payment, [fee], actor, f"license {new.number}")
    acting_as(actor, new)
    new.save()
    decision.subject = new
    decision.save(update_fields=["subject_type", "subject_id"])
    license_.status = CommercialKennelLicense.Status.RENEWED
    acting_as(actor, license_)
    license_.save(update_fields=["status"])
    return KennelIssued(new, new.receipt, findings)


# ------------------------------------------------------------------------------ inspections


@dataclass(frozen=True)
class Checked:
    """An inspector's answer for one condition: met or not, and a note."""

    section: str
    requirement: str
    met: bool
    note: str = ""


def checklist(
    license_: PrivateKennelLicense | CommercialKennelLicense, on: dt.date
) -> list[tuple[str, str, str]]:
    """The conditions an inspection checks, as (section, requirement, ordinance text): a private
    license's A.2 conditions; a commercial license's stored conditions B.3-B.8 and B.9."""
    if isinstance(license_, PrivateKennelLicense):
        return [
            (c.section, c.requirement, c.text)
            for c in conditions_law.private_conditions(license_.dogs_licensed)
        ]
    stored = list(license_.application.conditions.all())
    if not stored:  # a license from before conditions were stored: the ordinance's own
        return [
            (c.section, c.requirement, c.text)
            for c in conditions_law.commercial_conditions(on, city_params())
        ]
    requirements = {
        c.section: c.requirement for c in conditions_law.commercial_conditions(on, city_params())
    }
    return [
        (
            c.section,
            c.text if c.added_by_council else requirements.get(c.section, c.text),
            c.text,
        )
        for c in stored
    ]


@service
def record_inspection(
    *,
    license_: PrivateKennelLicense | CommercialKennelLicense,
    reason: str,
    inspected_on: dt.date,
    results: Sequence[Checked],
    actor: AbstractBaseUser,
    complaint_summary: str = "",
    dogs_counted: int | None = None,
    feces_well_distance_feet: Decimal | None = None,
    notes: str = "",
) -> KennelInspection:
    """3-2-5.A.4 (private kennel, upon receipt of a complaint) and B.7 (commercial kennel,
    periodic): an inspection "for the purpose of determining compliance with the conditions of
    their license". One finding per condition checked; a condition not met is a violation of its
    section. The inspection is recorded whatever it finds."""
    private = isinstance(license_, PrivateKennelLicense)
    if reason not in KennelInspection.Reason.values:
        raise ServiceError(f"{reason!r} is not a reason for an inspection.")
    grounds = kennel_procedure.inspection_grounds(
        "private" if private else "commercial",
        reason,
        complaint_summary,
        well_distance_given=feces_well_distance_feet is not None,
    )
    if grounds is not None:
        raise Refused([grounds])
    _not_future(inspected_on, "An inspection")
    if inspected_on < license_.issued_on:
        raise ServiceError(
            f"License {license_.number} issued on {license_.issued_on}; an inspection of "
            f"{inspected_on} is before it."
        )
    expected = checklist(license_, inspected_on)
    given = [(r.section, r.requirement) for r in results]
    if given != [(section, requirement) for section, requirement, _ in expected]:
        raise ServiceError(
            "Answer every condition of the license, met or not met, and only those: "
            + "; ".join(f"{s}: {r}" for s, r, _ in expected)
        )
    params = city_params()
    measured = (
        [law.private_kennel_dogs(license_.dogs_licensed, dogs_counted, inspected_on, params)]
        if private and dogs_counted is not None
        else []
    )
    findings = conditions_law.inspection(
        "private" if private else "commercial",
        [conditions_law.ConditionResult(r.section, r.requirement, r.met, r.note) for r in results],
        inspected_on,
        params,
        feces_well_distance_feet=feces_well_distance_feet,
        measured=measured,
    )
    decision = record_decision(
        action=f"kennel.inspection.{reason}",
        findings=findings,
        decided_on=inspected_on,
        actor=actor,
        subject=license_,
    )
    return KennelInspection.objects.create(
        private_license=license_ if private else None,
        commercial_license=None if private else license_,
        reason=reason,
        complaint_summary=complaint_summary.strip(),
        inspected_on=inspected_on,
        inspector=actor,
        dogs_counted=dogs_counted,
        feces_well_distance_feet=feces_well_distance_feet,
        results=[
            {"section": r.section, "requirement": r.requirement, "met": r.met, "note": r.note}
            for r in results
        ],
        notes=notes.strip(),
        decision=decision,
    )
