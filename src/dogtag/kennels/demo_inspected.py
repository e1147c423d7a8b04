"""Kennels for a demo town whose kennel license is inspected before it issues (Lino Lakes',
``kennel.inspection_before_issue``), written through the services of that shape.

Given the demo's residents on parcels, ``generate_inspected_kennels`` takes, on the largest
parcels: a private kennel license applied for, inspected (adequate safeguards, the standards met,
one condition) and issued, its conditions later modified on certified notice; a private kennel
application whose inspection found the safeguards wanting (the license may not issue); and a
commercial kennel application awaiting its inspection. Every fee is the one the rules core asks;
every step is dated on or before ``on``; a household the rules core refuses (the parcel's acreage)
is skipped. The same seed and the same town give the same kennels.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser

from dogtag.kennels import services
from dogtag.kennels.models import KennelApplication
from dogtag.law.kennel_conditions import kennel_fee
from dogtag.licensing.models import Owner
from dogtag.records.services import city_params

CONDITION = "Dogs kept indoors between 10:00 p.m. and 7:00 a.m."
MODIFIED = (CONDITION, "Runs cleaned of feces daily.")


@dataclass
class InspectedKennelSummary:
    applications: list[str] = field(default_factory=list)
    licenses: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        return [
            f"Kennel license applications: {', '.join(self.applications) or 'none'}",
            f"Kennel licenses: {', '.join(self.licenses) or 'none'}",
        ]


def _apply(
    owner: Owner, kind: str, dogs: int, on: dt.date, clerk: AbstractBaseUser
) -> KennelApplication:
    assert owner.parcel is not None
    fee = Decimal(str(kennel_fee(f"{kind}_kennel.application", on, city_params()).details["fee"]))
    return services.apply_for_kennel_license(
        applicant=owner,
        parcel=owner.parcel,
        kind=kind,
        dogs=dogs,
        on=on,
        payment=services.Payment(method="check", amount=fee, reference=f"{1000 + owner.pk}"),
        actor=clerk,
    )


def generate_inspected_kennels(
    *, on: dt.date, clerk: AbstractBaseUser, officer: AbstractBaseUser, seed: int
) -> InspectedKennelSummary:
    """See the module."""
    rng = random.Random(seed)
    summary = InspectedKennelSummary()
    owners = list(
        Owner.objects.filter(parcel__isnull=False)
        .select_related("parcel")
        .order_by("-parcel__acres", "pk")[:12]
    )
    plans = ["issued", "wanting", "commercial"]
    for owner in owners:
        if not plans:
            break
        plan = plans[0]
        try:
            if plan == "commercial":
                application = _apply(owner, "commercial", 8, on - dt.timedelta(days=3), clerk)
            else:
                applied = on - dt.timedelta(days=rng.randint(40, 80) if plan == "issued" else 12)
                application = _apply(owner, "private", 4, applied, clerk)
                inspected = applied + dt.timedelta(days=7)
                services.record_site_inspection(
                    application=application,
                    inspected_on=inspected,
                    safeguards_adequate=plan == "issued",
                    health_standards_met=True,
                    conditions=[CONDITION] if plan == "issued" else [],
                    notes="" if plan == "issued" else "Fence open on the east side.",
                    actor=officer,
                )
                if plan == "issued":
                    license_ = services.issue_kennel_license(
                        application=application, on=inspected + dt.timedelta(days=2), actor=clerk
                    )
                    services.modify_kennel_license(
                        license_=license_,
                        conditions=MODIFIED,
                        reason="Neighbors' reports of odor from the runs.",
                        mailed_on=min(
                            license_.expires_on, max(license_.issued_on, on - dt.timedelta(days=5))
                        ),
                        actor=clerk,
                    )
                    summary.licenses.append(license_.number)
        except services.ServiceError:
            continue  # the rules core refused (e.g. the parcel's acreage): the next household
        summary.applications.append(application.number)
        plans.pop(0)
    return summary
