"""Commercial kennel licenses (``commercial_kennel.license``), step by step in the order
``kennel_procedure.commercial_application`` enforces: application with the application and public
hearing fees (B.1, B.2), the Planning & Zoning hearing scheduled, the notice list drawn from the
parcel map (B.2), the notice mailed, the commission's recommendation, the council's decision with
the conditions B.3-B.8 and any B.9 conditions, the license; then renewals (B.2), which count the
nuisance complaints Dogtag holds about the parcel (``complaints.services``) and any the clerk
adds from the City's paper file."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone
from shapely.geometry.base import BaseGeometry

from dogtag.complaints.services import nuisance_complaints_about
from dogtag.kennels.models import (
    ApplicationEvent,
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
)
from dogtag.law import kennel_conditions as conditions_law
from dogtag.law import kennel_procedure
from dogtag.law import kennels as law
from dogtag.law.computation_of_time import months_before
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.procedure import Event
from dogtag.law.provisions import cite
from dogtag.licensing.models import Owner
from dogtag.licensing.receipts import Payment
from dogtag.parcels.models import Parcel, as_shape
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.history import acting_as
from dogtag.records.models import Decision
from dogtag.records.refusals import service
from dogtag.records.services import city_params, next_number, record_decision, today

COMMERCIAL_FEE = "commercial_kennel.fee"  # "The fee for the license shall be as established by ..."

# -------------------------------------------------------------- commercial kennel: the steps


def _facts_from_json(details: Mapping[str, Any]) -> dict[str, JSONValue]:
    """An event's stored facts as the rules core reads them: days as dates."""
    out: dict[str, JSONValue] = {}
    for key, value in details.items():
        if isinstance(value, str) and key.endswith("_on"):
            out[key] = dt.date.fromisoformat(value)
        else:
            out[key] = value
    return out


def _facts_to_json(facts: Mapping[str, JSONValue]) -> dict[str, Any]:
    return {k: v.isoformat() if isinstance(v, dt.date) else v for k, v in facts.items()}


def events_of(application: CommercialKennelApplication) -> list[Event]:
    """The application's log (``ApplicationEvent``), in the order it happened, as the rules core's
    events (``kennel_procedure``)."""
    rows = getattr(application, "_prefetched_objects_cache", {}).get("events")
    if rows is None:
        rows = application.events.order_by("on", "id")
    ordered_rows = sorted(rows, key=lambda e: (e.on, e.pk))
    return [Event(row.kind, row.on, _facts_from_json(row.details)) for row in ordered_rows]


def procedure_state(
    application: CommercialKennelApplication, on: dt.date | None = None
) -> kennel_procedure.ApplicationState:
    """Where the application stands on ``on`` (today by default), as the rules core says
    (``kennel_procedure.commercial_application``): the pages and the services both ask this."""
    return kennel_procedure.commercial_application(
        events_of(application), on or today(), city_params()
    )


def completed_steps(application: CommercialKennelApplication) -> list[str]:
    """The steps of a commercial kennel license taken and standing, in
    ``kennel.commercial_procedure``'s words."""
    return kennel_procedure.completed(events_of(application), city_params())


def next_step(application: CommercialKennelApplication) -> str | None:
    """The next step to take, or None once the council denied or the license issued."""
    events = events_of(application)
    last = max((e.on for e in events), default=today())
    state = kennel_procedure.commercial_application(events, max(last, today()), city_params())
    return kennel_procedure.next_step(state)


def _step(
    application: CommercialKennelApplication,
    step: str,
    on: dt.date,
    facts: Mapping[str, JSONValue] | None = None,
) -> Finding:
    """The rules core's word on recording ``step`` on ``on`` with ``facts``: refused with its
    findings, or the finding that allows it."""
    findings = kennel_procedure.commercial_step(
        events_of(application), step, on, city_params(), dict(facts or {})
    )
    if findings[0].blocks:
        raise Refused(findings)
    return findings[0]


def _log(
    application: CommercialKennelApplication,
    kind: str,
    on: dt.date,
    actor: AbstractBaseUser,
    decision: Decision | None,
    facts: Mapping[str, JSONValue] | None = None,
) -> ApplicationEvent:
    """Append the event to the application's log (never edited)."""
    return ApplicationEvent.objects.create(
        application=application,
        kind=kind,
        on=on,
        details=_facts_to_json(facts or {}),
        by=actor,
        decision=decision,
    )


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
    """``commercial_kennel.council_license``: the application to the City Council for a commercial
    kennel license, with the application fee and the public hearing fee (B.2) paid at application
    and a receipt."""
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
    paid = _check_payment(payment, fees, cite(COMMERCIAL_FEE))
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
    decision = record_decision(
        action="commercial_kennel.application",
        findings=[procedure, *fees, paid],
        decided_on=on,
        actor=actor,
        subject=application,
    )
    _log(application, "application", on, actor, decision)
    return application


@service
def schedule_hearing(
    *,
    application: CommercialKennelApplication,
    hearing_at: dt.datetime,
    place: str,
    actor: AbstractBaseUser,
    on: dt.date | None = None,
) -> CommercialKennelApplication:
    """``commercial_kennel.hearing``: "a hearing before the Planning & Zoning Commission must be
    held", scheduled on ``on`` (today by default). The hearing may be rescheduled until the notice
    is mailed, and scheduled again to be noticed again (an owner missing from the list, a hearing
    not held on its day, reading ``readings.kennel_notice_omission``)."""
    application = _locked(application)
    if hearing_at.tzinfo is None:
        raise ServiceError("Give the hearing's time with its time zone.")
    on = on or today()
    _not_future(on, "Scheduling the hearing")
    facts: dict[str, JSONValue] = {"hearing_on": timezone.localtime(hearing_at).date()}
    finding = _step(application, "hearing_scheduled", on, facts)
    if not place.strip():
        raise ServiceError("Say where the Planning & Zoning Commission meets for the hearing.")
    application.hearing_at = hearing_at
    application.hearing_place = place.strip()
    application.notice_mailed_on = None
    application.hearing_held_on = None
    if application.status == CommercialKennelApplication.Status.RECOMMENDED:
        application.recommendation, application.recommended_on = "", None
    application.status = CommercialKennelApplication.Status.RECEIVED
    acting_as(actor, application)
    application.save(
        update_fields=[
            "hearing_at",
            "hearing_place",
            "notice_mailed_on",
            "hearing_held_on",
            "recommendation",
            "recommended_on",
            "status",
        ]
    )
    decision = record_decision(
        action="commercial_kennel.hearing_scheduled",
        findings=[finding],
        decided_on=on,
        actor=actor,
        subject=application,
    )
    _log(application, "hearing_scheduled", on, actor, decision, facts)
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
    """``commercial_kennel.hearing_notice``: "Notice must be given to all affected property owners
    within one quarter (1/4) mile of the outside dimensions of the parcel where the kennel is
    contemplated."

    The list comes from the parcel map (``kennel.commercial_notice_list``) and snapshots each
    parcel's owners of record and mailing address as they stand today: the labels and letters
    print from the snapshot. It may be redrawn (after a parcel import) until the notice is mailed.
    A parcel with no mailing address is addressed at its site address.
    """
    application = _locked(application)
    _not_future(on, "Drawing the notice list")
    _step(application, "notice_list", on)
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
    # the list as drawn, who was on it: the event's facts
    facts: dict[str, JSONValue] = {"recipients": [r.pin for r in recipients]}
    procedure = _step(application, "notice_list", on, facts)
    application.notice_list_drawn_on = on
    acting_as(actor, application)
    application.save(update_fields=["notice_list_drawn_on"])
    decision = record_decision(
        action="commercial_kennel.notice_list",
        findings=[procedure, finding],
        decided_on=on,
        actor=actor,
        subject=application,
    )
    _log(application, "notice_list", on, actor, decision, facts)
    return list(application.notice_recipients.all())


@service
def record_notice_mailed(
    *, application: CommercialKennelApplication, mailed_on: dt.date, actor: AbstractBaseUser
) -> CommercialKennelApplication:
    """``commercial_kennel.hearing_notice``: notice given to the affected property owners on the
    list, before the hearing."""
    application = _locked(application)
    _not_future(mailed_on, "The mailing")
    finding = _step(application, "notice_mailed", mailed_on)
    application.notice_mailed_on = mailed_on
    application.status = CommercialKennelApplication.Status.HEARING_NOTICED
    acting_as(actor, application)
    application.save(update_fields=["notice_mailed_on", "status"])
    decision = record_decision(
        action="commercial_kennel.notice_mailed",
        findings=[finding],
        decided_on=mailed_on,
        actor=actor,
        subject=application,
    )
    _log(application, "notice_mailed", mailed_on, actor, decision)
    return application


@service
def record_recommendation(
    *,
    application: CommercialKennelApplication,
    recommendation: str,
    on: dt.date,
    actor: AbstractBaseUser,
    notes: str = "",
    conditions: Sequence[str] = (),
) -> CommercialKennelApplication:
    """``commercial_kennel.recommendation``: "The Planning & Zoning Commission will make a
    recommendation to the City Council on the request", at or after the hearing held; a
    recommendation to approve with conditions names them (``kennel.recommendation``)."""
    application = _locked(application)
    if recommendation not in CommercialKennelApplication.Recommendation.values:
        raise ServiceError(f"{recommendation!r} is not a recommendation the commission makes.")
    added = [text.strip() for text in conditions if text.strip()]
    facts: dict[str, JSONValue] = {"recommendation": recommendation, "conditions": added}
    finding = _step(application, "recommendation", on, facts)
    _not_future(on, "A recommendation")
    application.recommendation = recommendation
    application.recommended_on = on
    application.recommendation_notes = notes.strip()
    application.recommendation_conditions = added
    application.status = CommercialKennelApplication.Status.RECOMMENDED
    acting_as(actor, application)
    application.save(
        update_fields=[
            "recommendation",
            "recommended_on",
            "recommendation_notes",
            "recommendation_conditions",
            "status",
        ]
    )
    decision = record_decision(
        action=f"commercial_kennel.recommendation.{recommendation}",
        findings=[finding],
        decided_on=on,
        actor=actor,
        subject=application,
    )
    _log(application, "recommendation", on, actor, decision, facts)
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
    """``commercial_kennel.council_license``: the City Council grants or denies the license, after
    the commission's recommendation (B.2). An approval carries the conditions B.3-B.8 and any the
    council adds (B.9), stored as the license's conditions."""
    application = _locked(application)
    added = [text.strip() for text in council_conditions if text.strip()]
    facts: dict[str, JSONValue] = {"approved": approved, "conditions": added}
    finding = _step(application, "council_decision", on, facts)
    _not_future(on, "A council decision")
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
    decision = record_decision(
        action=f"commercial_kennel.council.{'approved' if approved else 'denied'}",
        findings=findings,
        decided_on=on,
        actor=actor,
        subject=application,
    )
    _log(application, "council_decision", on, actor, decision, facts)
    return application


@service
def issue_commercial_kennel_license(
    *, application: CommercialKennelApplication, on: dt.date, actor: AbstractBaseUser
) -> KennelIssued:
    """``commercial_kennel.council_license``, ``commercial_kennel.term``: the license the City
    Council granted, for an initial term of one year. Its fee was paid with the application (its
    receipt is the application's)."""
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
    _log(application, "license", on, actor, decision, {"number": license_.number})
    return KennelIssued(license_, application.receipt, findings)


def recorded_nuisance_complaints(license_: CommercialKennelLicense, on: dt.date) -> list[dt.date]:
    """The days (city time) on which Dogtag received nuisance complaints about the kennel's parcel,
    its residents or their dogs, in the 12 months before the term ends
    (``commercial_kennel.renewal``, reading §6.4)."""
    months = city_params().get("commercial_kennel.complaint_lookback_months", on).integer
    end = min(license_.expires_on, on)
    start = months_before(license_.expires_on, months)
    return [
        timezone.localdate(c.received_at)
        for c in nuisance_complaints_about(license_.parcel, start=start, end=end)
    ]


def _license_for_renewal(license_: CommercialKennelLicense) -> CommercialKennelLicense:
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
    return license_


def _complaints_counted(
    license_: CommercialKennelLicense, on: dt.date, paper: Sequence[dt.date]
) -> list[dt.date]:
    recorded = recorded_nuisance_complaints(license_, on)
    counted = sorted({*paper, *recorded})
    if any(day > on for day in counted):
        raise ServiceError(
            f"Check the complaint dates: a complaint is dated after the day asked about, "
            f"{on.isoformat()}."
        )
    return counted


def _subsequent_license(
    license_: CommercialKennelLicense,
    on: dt.date,
    payment: Payment,
    actor: AbstractBaseUser,
    findings: list[Finding],
    action: str,
) -> KennelIssued:
    """The subsequent license (``commercial_kennel.renewal``) for one year from the day after the
    license it follows expires (or ``on``, if that has passed), with the renewal fee and its
    receipt."""
    params = city_params()
    starts = max(on, license_.expires_on + dt.timedelta(days=1))
    term = conditions_law.license_term("commercial", starts, params)
    fee = conditions_law.kennel_fee("commercial_kennel.renewal", on, params)
    paid = _check_payment(payment, [fee], cite(COMMERCIAL_FEE))
    findings = [*findings, term, fee, paid]
    decision = record_decision(action=action, findings=findings, decided_on=on, actor=actor)
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


@service
def renew_commercial_kennel_license(
    *,
    license_: CommercialKennelLicense,
    on: dt.date,
    payment: Payment,
    actor: AbstractBaseUser,
    nuisance_complaints: Sequence[dt.date] = (),
) -> KennelIssued:
    """``commercial_kennel.renewal``: "subsequent licenses, if so granted, will also be for a term
    of one (1) year if no nuisance complaints have been received at the City within the previous
    twelve (12) months relating to the dogs being kept on the property."

    The nuisance complaints are those Dogtag holds about the parcel, its residents or their dogs
    (``complaints.services.nuisance_complaints_about``), plus ``nuisance_complaints``: the dates of
    any the clerk finds in the City's paper file from before Dogtag. All are stored with the
    decision and the event. A complaint in the window refuses the renewal on the same terms
    (reading §6.4: the renewal goes to the City Council, ``record_council_renewal``).
    """
    license_ = _license_for_renewal(license_)
    _not_future(on, "A renewal")
    counted = _complaints_counted(license_, on, nuisance_complaints)
    application = _locked(license_.application)
    facts: dict[str, JSONValue] = {"complaints": [d.isoformat() for d in counted]}
    renewal = _step(application, "renewal", on, facts)
    issued = _subsequent_license(
        license_, on, payment, actor, [renewal], "commercial_kennel.renewal"
    )
    _log(
        application,
        "renewal",
        on,
        actor,
        issued.license.decision,
        {**facts, "number": issued.license.number},
    )
    return issued


@service
def record_council_renewal(
    *,
    license_: CommercialKennelLicense,
    approved: bool,
    on: dt.date,
    actor: AbstractBaseUser,
    payment: Payment | None = None,
    nuisance_complaints: Sequence[dt.date] = (),
    council_conditions: Sequence[str] = (),
    resolution: str = "",
) -> KennelIssued | None:
    """``commercial_kennel.renewal`` after nuisance complaints in the previous twelve months (reading §6.4,
    ``council_decides``): the City Council decides whether a subsequent license is granted, with
    any conditions it adds (B.9). A grant issues the subsequent license at the renewal fee; a
    refusal issues none, and the license ends with its term."""
    license_ = _license_for_renewal(license_)
    _not_future(on, "A council decision")
    counted = _complaints_counted(license_, on, nuisance_complaints)
    application = _locked(license_.application)
    added = [text.strip() for text in council_conditions if text.strip()]
    facts: dict[str, JSONValue] = {
        "approved": approved,
        "conditions": added,
        "complaints": [d.isoformat() for d in counted],
        "resolution": resolution.strip(),
    }
    finding = _step(application, "council_renewal", on, facts)
    if not approved:
        decision = record_decision(
            action="commercial_kennel.council_renewal.refused",
            findings=[finding],
            decided_on=on,
            actor=actor,
            subject=license_,
        )
        _log(application, "council_renewal", on, actor, decision, facts)
        return None
    if payment is None:
        raise ServiceError("Take the renewal fee with the subsequent license the council granted.")
    findings = [finding]
    if added:
        conditions = conditions_law.license_conditions(added, on, city_params())
        findings.append(conditions)
        KennelCondition.objects.bulk_create(
            KennelCondition(
                application=application, section=c["section"], text=c["text"], added_by_council=True
            )
            for c in conditions.details["conditions"]
            if c["council"]
        )
    issued = _subsequent_license(
        license_, on, payment, actor, findings, "commercial_kennel.council_renewal.granted"
    )
    _log(
        application,
        "council_renewal",
        on,
        actor,
        issued.license.decision,
        {**facts, "number": issued.license.number},
    )
    return issued


def _simple_step(
    application: CommercialKennelApplication,
    step: str,
    on: dt.date,
    actor: AbstractBaseUser,
    facts: dict[str, JSONValue],
    what: str,
    **fields: Any,
) -> CommercialKennelApplication:
    application = _locked(application)
    _not_future(on, what)
    finding = _step(application, step, on, facts)
    findings = [finding]
    if step == "hearing_held" or step == "owner_omitted":
        state = kennel_procedure.commercial_application(
            [*events_of(application), Event(step, on, facts)], on, city_params()
        )
        findings.extend(state.deadlines)
    for name, value in fields.items():
        setattr(application, name, value)
    acting_as(actor, application)
    if fields:
        application.save(update_fields=list(fields))
    decision = record_decision(
        action=f"commercial_kennel.{step}",
        findings=findings,
        decided_on=on,
        actor=actor,
        subject=application,
    )
    _log(application, step, on, actor, decision, facts)
    return application


@service
def record_hearing_held(
    *, application: CommercialKennelApplication, on: dt.date, actor: AbstractBaseUser
) -> CommercialKennelApplication:
    """``commercial_kennel.hearing``: "a hearing before the Planning & Zoning Commission must be
    held": held on the day noticed, with notice to every affected owner
    (``kennel.notice_to_all_owners``)."""
    return _simple_step(
        application,
        "hearing_held",
        on,
        actor,
        {},
        "The hearing",
        hearing_held_on=on,
    )


@service
def record_owner_omitted(
    *,
    application: CommercialKennelApplication,
    pin: str,
    owner_names: str,
    on: dt.date,
    actor: AbstractBaseUser,
    note: str = "",
) -> CommercialKennelApplication:
    """``commercial_kennel.hearing_notice``: an affected property owner (by the parcel's PIN) found
    missing from the notice list on ``on``. Before the hearing, the owner is notified late; after
    it, the hearing is noticed again (reading ``readings.kennel_notice_omission``)."""
    if not pin.strip() or not owner_names.strip():
        raise ServiceError("Give the missing owner's parcel (PIN) and name.")
    facts: dict[str, JSONValue] = {
        "owner": pin.strip(),
        "owner_names": owner_names.strip(),
        "note": note.strip(),
    }
    current = _locked(application)
    held = current.hearing_held_on is not None
    fields: dict[str, Any] = {}
    if held and city_params().get(kennel_procedure.NOTICE_READING, on).choice == "renotice":
        fields = {"hearing_held_on": None, "recommendation": "", "recommended_on": None}
        fields["status"] = CommercialKennelApplication.Status.HEARING_NOTICED
    return _simple_step(
        application, "owner_omitted", on, actor, facts, "Finding an owner missing", **fields
    )


@service
def record_late_notice(
    *,
    application: CommercialKennelApplication,
    pin: str,
    on: dt.date,
    actor: AbstractBaseUser,
) -> CommercialKennelApplication:
    """``commercial_kennel.hearing_notice``: notice given late to an owner found missing from the
    list; before the hearing day it is notice (the ordinance sets no period)."""
    return _simple_step(
        application, "owner_notified_late", on, actor, {"owner": pin.strip()}, "The notice"
    )


@service
def withdraw_application(
    *, application: CommercialKennelApplication, on: dt.date, actor: AbstractBaseUser
) -> CommercialKennelApplication:
    """The applicant withdraws the request (``commercial_kennel.council_license``) before the
    license issues; no step follows."""
    return _simple_step(
        application,
        "withdrawn",
        on,
        actor,
        {},
        "A withdrawal",
        withdrawn_on=on,
        status=CommercialKennelApplication.Status.WITHDRAWN,
    )
