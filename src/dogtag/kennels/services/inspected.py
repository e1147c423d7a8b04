"""A kennel license inspected before it issues (issue 27): the shape of a city whose law inspects the
location before any kennel license issues (``kennel.inspection_before_issue``), where every kennel
license expires on one day of each year (``kennel.license_expiry``) and authorized city personnel
may modify its conditions on certified notice (the clock ``kennel.license_modification``).

The application, private or commercial, is made with the fee of the fee schedule
(``private_kennel.fee``, ``commercial_kennel.fee``); for a private kennel the dog limit is asked
with the license applied for (``kennel.dog_limit``: the parcel's least acreage and the most dogs a
private kennel license allows, where the city states them). The inspection is recorded whatever
it finds; the license issues only if the rules core says it may (``kennel-inspection``), for the
term and with the fee of ``kennel-license-term``. A refusal writes nothing.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser

from dogtag.kennels.models import (
    KennelApplication,
    KennelKind,
    KennelLicense,
    KennelModification,
    KennelSiteInspection,
)
from dogtag.kennels.services._common import _check_payment, _not_future, _receipt
from dogtag.law import clocks
from dogtag.law import kennel_conditions as conditions_law
from dogtag.law import kennels as law
from dogtag.law.findings import Finding, blocking
from dogtag.law.kennel_license_issue import inspection_before_issue
from dogtag.law.kennel_license_year import license_term_fixed_date
from dogtag.law.params import ParameterSet
from dogtag.law.provisions import cite
from dogtag.licensing.models import Owner
from dogtag.licensing.receipts import Payment
from dogtag.parcels.models import Parcel
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.history import acting_as
from dogtag.records.refusals import service
from dogtag.records.services import city_params, next_number, record_decision

#: the provision each kind's fee is in
FEE_PROVISION = {"private": "private_kennel.fee", "commercial": "commercial_kennel.fee"}
MODIFICATION = "kennel.license_modification"


def _kind(kind: str) -> str:
    if kind not in KennelKind.values:
        raise ServiceError(f"{kind!r} is not a kind of kennel license (private or commercial).")
    return kind


def application_findings(
    *, kind: str, parcel: Parcel, dogs: int, on: dt.date, params: ParameterSet
) -> list[Finding]:
    """The findings an application gets: for a private kennel, the dog limit with the license
    applied for; the application's fee last. Writes nothing."""
    findings: list[Finding] = []
    if _kind(kind) == KennelKind.PRIVATE:
        if parcel.acres <= 0:
            raise ServiceError(f"Parcel {parcel.pin} has no acreage recorded; correct the parcel.")
        findings.append(
            law.dog_limit(parcel.acres, dogs, on, params, private_kennel_licensed_for=dogs)
        )
    findings.append(conditions_law.kennel_fee(f"{kind}_kennel.application", on, params))
    return findings


@service
def apply_for_kennel_license(
    *,
    applicant: Owner,
    parcel: Parcel,
    kind: str,
    dogs: int,
    on: dt.date,
    payment: Payment,
    actor: AbstractBaseUser,
) -> KennelApplication:
    """An application for a private or commercial kennel license, with the fee set in the fee
    schedule (``private_kennel.fee``, ``commercial_kennel.fee``); refused, writing nothing, if the
    dog limit refuses a private kennel there or the payment is not the fee."""
    _not_future(on, "An application")
    params = city_params()
    findings = application_findings(kind=kind, parcel=parcel, dogs=dogs, on=on, params=params)
    if blocking(findings):
        raise Refused(findings)
    fee = findings[-1]
    findings.append(_check_payment(payment, [fee], cite(FEE_PROVISION[kind], params)))
    decision = record_decision(
        action=f"kennel.application.{kind}", findings=findings, decided_on=on, actor=actor
    )
    application = KennelApplication(
        number=f"KA{on.year}-{next_number('kennel_application', on.year):04d}",
        applicant=applicant,
        parcel=parcel,
        kind=kind,
        dogs=dogs,
        applied_on=on,
        fee=Decimal(str(fee.details["fee"])),
        decision=decision,
    )
    application.receipt = _receipt(
        applicant, payment, [fee], actor, f"application {application.number}"
    )
    acting_as(actor, application)
    application.save()
    decision.subject = application
    decision.save(update_fields=["subject_type", "subject_id"])
    return application


@service
def record_site_inspection(
    *,
    application: KennelApplication,
    inspected_on: dt.date,
    safeguards_adequate: bool,
    health_standards_met: bool,
    actor: AbstractBaseUser,
    not_met: Sequence[str] = (),
    conditions: Sequence[str] = (),
    notes: str = "",
) -> KennelSiteInspection:
    """The inspection of the location for ``application`` (``kennel.inspection_before_issue``):
    recorded whatever it found, with the rules core's answer whether the license may issue on its
    strength. A standard not met is named; an inspection before the application, or of an
    application already issued, is refused."""
    _not_future(inspected_on, "An inspection")
    if application.status != KennelApplication.Status.RECEIVED:
        raise ServiceError(
            f"Application {application.number} is {application.get_status_display()}."
        )
    not_met = [text.strip() for text in not_met if text.strip()]
    if health_standards_met and not_met:
        raise ServiceError("The standards are met: name none as not met, or say they are not.")
    if not health_standards_met and not not_met:
        raise ServiceError("Name the health and maintenance standards not met.")
    finding = inspection_before_issue(
        application.kind,
        max(inspected_on, application.applied_on),
        city_params(),
        inspected_on=inspected_on,
        safeguards_adequate=safeguards_adequate,
        health_standards_met=health_standards_met,
        applied_on=application.applied_on,
    )
    if "inspection_before_application" in finding.details.get("grounds", []):
        raise Refused([finding])
    decision = record_decision(
        action="kennel.inspection.before_issue",
        findings=[finding],
        decided_on=inspected_on,
        actor=actor,
        subject=application,
    )
    return KennelSiteInspection.objects.create(
        application=application,
        inspected_on=inspected_on,
        inspector=actor,
        safeguards_adequate=safeguards_adequate,
        health_standards_met=health_standards_met,
        not_met=not_met,
        conditions=[text.strip() for text in conditions if text.strip()],
        notes=notes.strip(),
        decision=decision,
    )


def issue_findings(
    application: KennelApplication, on: dt.date, params: ParameterSet
) -> tuple[list[Finding], KennelSiteInspection | None]:
    """May ``application`` issue on ``on`` (``kennel-inspection``, on its latest inspection), and on
    what term and fee (``kennel-license-term``)? Writes nothing."""
    inspection = (
        application.inspections.filter(inspected_on__lte=on)
        .order_by("-inspected_on", "-id")
        .first()
    )
    findings = [
        inspection_before_issue(
            application.kind,
            on,
            params,
            inspected_on=inspection.inspected_on if inspection else None,
            safeguards_adequate=inspection.safeguards_adequate if inspection else None,
            health_standards_met=inspection.health_standards_met if inspection else None,
            applied_on=application.applied_on,
        ),
        license_term_fixed_date(application.kind, term_start(application, on), params),
        conditions_law.kennel_fee(
            f"{application.kind}_kennel.{'renewal' if application.renews_id else 'application'}",
            application.applied_on,
            params,
        ),
    ]
    return findings, inspection


def renewal_starts(license_: KennelLicense, on: dt.date) -> dt.date:
    """The day the license renewing ``license_`` starts if it issues on ``on`` (reading
    ``readings.kennel_renewal``): the day after ``license_`` expires, or ``on`` if that is
    later."""
    return max(on, license_.expires_on + dt.timedelta(days=1))


def term_start(application: KennelApplication, on: dt.date) -> dt.date:
    """The day the license of ``application`` starts if it issues on ``on``: that day, or for a
    renewal the day after the license it renews expires (``renewal_starts``)."""
    return renewal_starts(application.renews, on) if application.renews else on


def renewal_findings(license_: KennelLicense, on: dt.date, params: ParameterSet) -> list[Finding]:
    """The findings of a renewal of ``license_`` applied for on ``on``: for a private kennel the
    dog limit with the license renewed, the term the renewal would run if it issued that day
    (``kennel-license-term``, ``renewal``), and the renewal fee last. Writes nothing."""
    findings: list[Finding] = []
    if license_.kind == KennelKind.PRIVATE:
        findings.append(
            law.dog_limit(
                license_.parcel.acres,
                license_.dogs,
                on,
                params,
                private_kennel_licensed_for=license_.dogs,
            )
        )
    findings.append(license_term_fixed_date(license_.kind, renewal_starts(license_, on), params))
    findings.append(conditions_law.kennel_fee(f"{license_.kind}_kennel.renewal", on, params))
    return findings


@service
def apply_for_kennel_renewal(
    *, license_: KennelLicense, on: dt.date, payment: Payment, actor: AbstractBaseUser
) -> KennelApplication:
    """The yearly renewal of ``license_`` (``kennel.license_expiry``: the holder "must renew the
    license annually"), applied for by its holder with the renewal fee of the fee schedule. Read
    as ``readings.kennel_renewal``: an application for the next year's license, issued like any
    after an inspection made for it (``readings.kennel_inspection_before_issue``), to run from the
    day after the license renewed expires. Refused, writing nothing, for a license already
    renewed, a day before the license issued, or a payment that is not the fee."""
    _not_future(on, "A renewal")
    license_ = (
        KennelLicense.objects.select_for_update(of=("self",))
        .select_related("holder", "parcel")
        .get(pk=license_.pk)
    )
    if on < license_.issued_on:
        raise ServiceError(
            f"License {license_.number} issued on {license_.issued_on}; it cannot be renewed on "
            f"{on} before it."
        )
    renewal = KennelApplication.objects.filter(renews=license_).first()
    if renewal is not None:
        raise ServiceError(
            f"License {license_.number} is already renewed: application {renewal.number} "
            f"({renewal.get_status_display()})."
        )
    params = city_params()
    findings = renewal_findings(license_, on, params)
    if blocking(findings):
        raise Refused(findings)
    fee = findings[-1]
    findings.append(_check_payment(payment, [fee], cite(FEE_PROVISION[license_.kind], params)))
    decision = record_decision(
        action=f"kennel.renewal.{license_.kind}", findings=findings, decided_on=on, actor=actor
    )
    application = KennelApplication(
        number=f"KA{on.year}-{next_number('kennel_application', on.year):04d}",
        applicant=license_.holder,
        parcel=license_.parcel,
        kind=license_.kind,
        dogs=license_.dogs,
        applied_on=on,
        fee=Decimal(str(fee.details["fee"])),
        renews=license_,
        decision=decision,
    )
    application.receipt = _receipt(
        license_.holder, payment, [fee], actor, f"renewal {application.number} of {license_.number}"
    )
    acting_as(actor, application)
    application.save()
    decision.subject = application
    decision.save(update_fields=["subject_type", "subject_id"])
    return application


@service
def issue_kennel_license(
    *, application: KennelApplication, on: dt.date, actor: AbstractBaseUser
) -> KennelLicense:
    """Issue the kennel license applied for, after an inspection that found adequate safeguards and
    the location in compliance with the health and maintenance standards
    (``kennel.inspection_before_issue``), to the day every kennel license expires
    (``kennel.license_expiry``), with the inspection's conditions. Refused, writing nothing,
    otherwise."""
    application = KennelApplication.objects.select_for_update().get(pk=application.pk)
    if application.status != KennelApplication.Status.RECEIVED:
        raise ServiceError(
            f"Application {application.number} is {application.get_status_display()}."
        )
    _not_future(on, "A license")
    if on < application.applied_on:
        raise ServiceError(
            f"Application {application.number} was made on {application.applied_on}; a license "
            f"cannot issue on {on} before it."
        )
    findings, inspection = issue_findings(application, on, city_params())
    if blocking(findings):
        raise Refused(findings)
    assert inspection is not None
    term = findings[1]
    decision = record_decision(
        action=f"kennel.issue.{application.kind}", findings=findings, decided_on=on, actor=actor
    )
    license_ = KennelLicense(
        number=f"KL{on.year}-{next_number('kennel_license', on.year):04d}",
        application=application,
        inspection=inspection,
        holder=application.applicant,
        parcel=application.parcel,
        kind=application.kind,
        dogs=application.dogs,
        issued_on=on,
        starts_on=term.details["starts_on"],
        expires_on=term.details["expires_on"],
        conditions=list(inspection.conditions),
        fee=application.fee,
        decision=decision,
    )
    acting_as(actor, license_, application)
    license_.save()
    application.status = KennelApplication.Status.ISSUED
    application.save(update_fields=["status"])
    decision.subject = license_
    decision.save(update_fields=["subject_type", "subject_id"])
    return license_


def conditions_in_force(license_: KennelLicense, on: dt.date) -> list[str]:
    """The license's conditions on ``on``: those of the last modification in effect, else its
    own."""
    modified = license_.modifications.filter(effective_on__lte=on).order_by("-effective_on", "-id")
    last = modified.first()
    return list(last.conditions) if last is not None else list(license_.conditions)


@service
def modify_kennel_license(
    *,
    license_: KennelLicense,
    conditions: Sequence[str],
    reason: str,
    mailed_on: dt.date,
    actor: AbstractBaseUser,
) -> KennelModification:
    """A modification of the license's conditions by authorized city personnel to respond to
    changed circumstances, effective the days after the mailing of written notice by certified
    mail to the holder that the clock ``kennel.license_modification`` counts."""
    _not_future(mailed_on, "A certified mailing")
    if not reason.strip():
        raise ServiceError("Say which changed circumstances the modification responds to.")
    if mailed_on < license_.issued_on:
        raise ServiceError(
            f"License {license_.number} issued on {license_.issued_on}; a notice mailed on "
            f"{mailed_on} is before it."
        )
    if mailed_on > license_.expires_on:
        raise ServiceError(f"License {license_.number} expired on {license_.expires_on}.")
    effective = clocks.deadline(city_params(), mailed_on, clock_id=MODIFICATION)
    assert effective.deadline is not None
    decision = record_decision(
        action="kennel.modification",
        findings=[effective],
        decided_on=mailed_on,
        actor=actor,
        subject=license_,
    )
    return KennelModification.objects.create(
        license=license_,
        conditions=[text.strip() for text in conditions if text.strip()],
        reason=reason.strip(),
        mailed_on=mailed_on,
        effective_on=effective.deadline.due,
        by=actor,
        decision=decision,
    )
