"""Private kennel licenses (``private_kennel.license``): new, a new license to add dogs (A.2), a
corrected license on relocation (A.2), the yearly renewal (A.3)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Q

from dogtag.kennels.models import (
    PrivateKennelLicense,
)
from dogtag.kennels.services._common import (
    PRIVATE_KINDS,
    KennelIssued,
    _check_payment,
    _receipt,
)
from dogtag.law import kennel_conditions as conditions_law
from dogtag.law import kennel_procedure
from dogtag.law import kennels as law
from dogtag.law.findings import Finding, blocking
from dogtag.law.params import ParameterSet
from dogtag.law.provisions import cite
from dogtag.licensing.models import Owner
from dogtag.licensing.receipts import Payment
from dogtag.parcels.models import Parcel
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.history import acting_as
from dogtag.records.refusals import service
from dogtag.records.services import city_params, next_number, record_decision

# The provisions cited here, in the ordinance's words (each package maps them)
RELOCATION = (
    "private_kennel.relocation"  # "shall also need to obtain a corrected private kennel license"
)
PRIVATE_FEE = "private_kennel.fee"  # "The fee for the license shall be as established by ..."

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
    """The findings a private kennel license application gets (the dog limit, and the private kennel
    license's A.1-A.3, A.5) and the day its term starts; writes nothing."""
    if kind not in PRIVATE_KINDS:
        raise ServiceError(f"{kind!r} is not a kind of private kennel license.")
    if kind == PrivateKennelLicense.Kind.NEW and previous is not None:
        raise ServiceError("A new license replaces no license; choose the kind of change.")
    if kind != PrivateKennelLicense.Kind.NEW and previous is None:
        raise ServiceError("Choose the private kennel license this one replaces or renews.")
    # the dog limit's facts as the license would have them: its set number of dogs, all over six months
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
            f"City ({cite(RELOCATION)})."
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
    """Issue a private kennel license at the City offices (``private_kennel.required``) for a set
    number of dogs, at most ten (A.2), for one year (A.3), one per party, person or dwelling (A.5);
    or a new license to add dogs, a corrected license on relocation (A.2), or the yearly renewal
    (A.3). Licenses are not assignable (A.2): a license replacing another's is refused."""
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
    findings.append(_check_payment(payment, [fee], cite(PRIVATE_FEE)))
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
