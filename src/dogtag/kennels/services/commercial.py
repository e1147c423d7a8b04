"""Commercial kennel licenses (3-2-5.B), step by step in the order
``kennel_procedure.commercial_application`` enforces: application with the application and public
hearing fees (B.1, B.2), the Planning & Zoning hearing scheduled, the notice list drawn from the
parcel map (B.2), the notice mailed, the commission's recommendation, the council's decision with
the conditions B.3-B.8 and any B.9 conditions, the license; then renewals (B.2), which count the
nuisance complaints Dogtag holds about the parcel (``complaints.services``) and any the clerk
adds from the City's paper file."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone
from shapely.geometry.base import BaseGeometry

from dogtag.complaints.services import nuisance_complaints_about
from dogtag.kennels.models import (
    CommercialKennelApplication,
    CommercialKennelLicense,
    KennelCondition,
    NoticeRecipient,
)
from dogtag.kennels.services._common import (
    OPEN_APPLICATION,
    KennelIssued,
    _check_payment,
    _not_future,
    _receipt,
    hearing_day,
)
from dogtag.law import kennel_conditions as conditions_law
from dogtag.law import kennel_procedure
from dogtag.law import kennels as law
from dogtag.law.computation_of_time import months_before
from dogtag.law.findings import Finding
from dogtag.law.procedure import Event, ProcedureState
from dogtag.licensing.models import Owner
from dogtag.licensing.receipts import Payment
from dogtag.parcels.models import Parcel, as_shape
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.history import acting_as
from dogtag.records.refusals import service
from dogtag.records.services import city_params, next_number, record_decision, today

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
