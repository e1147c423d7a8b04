"""Kennel inspections: upon a complaint against a private kennel (``private_kennel.inspection``),
periodic and upon a complaint for a commercial kennel (``commercial_kennel.inspection``), each
checked against the license's conditions."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser

from dogtag.kennels.models import (
    CommercialKennelLicense,
    KennelInspection,
    PrivateKennelLicense,
)
from dogtag.kennels.services._common import (
    _not_future,
)
from dogtag.law import kennel_conditions as conditions_law
from dogtag.law import kennel_procedure
from dogtag.law import kennels as law
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.refusals import service
from dogtag.records.services import city_params, record_decision

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
    """``private_kennel.inspection`` (private kennel, upon receipt of a complaint) and
    ``commercial_kennel.inspection`` (commercial kennel, periodic): an inspection "for the purpose
    of determining compliance with the conditions of their license". One finding per condition
    checked; a condition not met is a violation of its section. The inspection is recorded whatever
    it finds."""
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
