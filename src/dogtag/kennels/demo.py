"""Kennels for the demo town (the kennel license), written through the kennel services.

Given the demo's parcels and residents (``Owner.parcel``), ``generate_kennels``:

- issues private kennel licenses (``private_kennel.license``) to up to ``PRIVATE_LICENSES``
households keeping six or
  more active dogs, or, if there are none, to households on the largest parcels, for six to ten
  dogs; one a year old that was renewed, so the renewal fee shows;
- takes one commercial kennel application (``commercial_kennel.license``) on a large parcel through
the Planning &
  Zoning hearing, its notice list drawn from the parcel map, the commission's recommendation and
  the City Council's approval with one added condition (B.9), and issues the license;
- takes a second application whose notice was mailed and which is waiting on its hearing.

Every fee is the one the rules core asks, paid in full; every step is dated before ``on``. The
same seed and the same town give the same kennels.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone

from dogtag.kennels import services
from dogtag.kennels.models import PrivateKennelLicense
from dogtag.law.kennel_conditions import kennel_fee
from dogtag.licensing.models import Dog, Owner
from dogtag.records.services import city_params

PRIVATE_LICENSES = 4
BUSINESS_NAMES = ("Rum River Kennels", "Cedar Creek Boarding", "Northstar Canine Lodge")
COUNCIL_CONDITION = (
    "No more than ten dogs outdoors at one time, and none outdoors between 9:00 p.m. and 7:00 a.m."
)


@dataclass
class KennelSummary:
    private: list[str] = field(default_factory=list)
    applications: list[str] = field(default_factory=list)
    commercial: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        return [
            f"Private kennel licenses: {len(self.private)} ({', '.join(self.private) or 'none'})",
            f"Commercial kennel applications: {', '.join(self.applications) or 'none'}",
            f"Commercial kennel licenses: {', '.join(self.commercial) or 'none'}",
        ]


def _fee(item: str, on: dt.date) -> Decimal:
    return Decimal(str(kennel_fee(item, on, city_params()).details["fee"]))


def _pay(amount: Decimal, rng: random.Random) -> services.Payment:
    method = rng.choice(("cash", "check", "card"))
    reference = f"{rng.randint(1000, 9999)}" if method != "cash" else ""
    return services.Payment(method=method, amount=amount, reference=reference)


def _evening(day: dt.date) -> dt.datetime:
    """7:00 p.m. in Nowthen, when the Planning & Zoning Commission meets."""
    return timezone.make_aware(dt.datetime.combine(day, dt.time(19, 0)))


def _households(rng: random.Random) -> list[tuple[Owner, int]]:
    counted = (
        Owner.objects.filter(parcel__isnull=False)
        .annotate(active=Count("dogs", filter=Q(dogs__status=Dog.Status.ACTIVE)))
        .select_related("parcel")
    )
    many = list(counted.filter(active__gte=6).order_by("-active", "id")[:PRIVATE_LICENSES])
    if many:
        return [(owner, min(owner.active, 10)) for owner in many]  # type: ignore[attr-defined]
    large = list(counted.order_by("-parcel__acres", "id")[: PRIVATE_LICENSES * 3])
    rng.shuffle(large)
    return [(owner, rng.randint(6, 8)) for owner in large[:PRIVATE_LICENSES]]


@transaction.atomic
def generate_kennels(
    *, on: dt.date, actor_clerk: AbstractBaseUser, actor_admin: AbstractBaseUser, seed: int
) -> KennelSummary:
    """Kennel licenses and applications for the demo town, as of ``on`` (see the module)."""
    rng = random.Random(seed)
    summary = KennelSummary()
    used_parcels: set[int] = set()
    for index, (owner, dogs) in enumerate(_households(rng)):
        assert owner.parcel is not None
        if owner.parcel_id in used_parcels:
            continue
        first_day = on - dt.timedelta(days=rng.randint(20, 300))
        if index == 0:
            first_day = on - dt.timedelta(days=400)  # a year ago, then renewed
        try:
            issued = services.issue_private_kennel_license(
                holder=owner,
                parcel=owner.parcel,
                dogs_licensed=dogs,
                on=first_day,
                payment=_pay(_fee("private_kennel.application", first_day), rng),
                actor=actor_clerk,
            )
            license_ = issued.license
            if index == 0:
                renew_on = license_.expires_on - dt.timedelta(days=10)
                license_ = services.issue_private_kennel_license(
                    holder=owner,
                    parcel=owner.parcel,
                    dogs_licensed=dogs,
                    on=renew_on,
                    payment=_pay(_fee("private_kennel.renewal", renew_on), rng),
                    actor=actor_clerk,
                    kind=PrivateKennelLicense.Kind.RENEWAL,
                    previous=license_,
                ).license
        except services.ServiceError:
            continue  # the rules core refused (e.g. the parcel's acreage): skip the household
        used_parcels.add(owner.parcel_id)
        summary.private.append(license_.number)

    candidates = list(
        Owner.objects.filter(parcel__isnull=False, parcel__acres__gte=10)
        .exclude(parcel_id__in=used_parcels)
        .select_related("parcel")
        .order_by("-parcel__acres", "id")[:20]
    ) or list(
        Owner.objects.filter(parcel__isnull=False)
        .exclude(parcel_id__in=used_parcels)
        .select_related("parcel")
        .order_by("-parcel__acres", "id")[:20]
    )
    seen: set[int] = set()
    applicants = []
    for owner in candidates:
        if owner.parcel_id not in seen:
            seen.add(owner.parcel_id)
            applicants.append(owner)
    rng.shuffle(applicants)
    hearing_fees = ("commercial_kennel.application", "commercial_kennel.public_hearing")

    if applicants:  # the one taken through to its license
        owner = applicants[0]
        assert owner.parcel is not None
        applied = on - dt.timedelta(days=75)
        application = services.apply_for_commercial_kennel(
            applicant=owner,
            parcel=owner.parcel,
            dogs_requested=rng.randint(12, 30),
            on=applied,
            payment=_pay(sum((_fee(f, applied) for f in hearing_fees), Decimal("0")), rng),
            actor=actor_clerk,
            business_name=BUSINESS_NAMES[0],
            description="Boarding and training kennel: one heated building, six outdoor runs.",
        )
        hearing = on - dt.timedelta(days=35)
        services.schedule_hearing(
            application=application,
            hearing_at=_evening(hearing),
            place="Nowthen City Hall, council chambers",
            actor=actor_clerk,
            on=applied + dt.timedelta(days=1),
        )
        services.draw_notice_list(
            application=application, on=applied + dt.timedelta(days=5), actor=actor_clerk
        )
        services.record_notice_mailed(
            application=application, mailed_on=applied + dt.timedelta(days=7), actor=actor_clerk
        )
        services.record_hearing_held(application=application, on=hearing, actor=actor_clerk)
        services.record_recommendation(
            application=application,
            recommendation="approve_with_conditions",
            on=hearing,
            notes="Recommends a limit on dogs outdoors at night.",
            conditions=[COUNCIL_CONDITION],
            actor=actor_admin,
        )
        services.record_council_decision(
            application=application,
            approved=True,
            on=hearing + dt.timedelta(days=14),
            resolution=f"{hearing.year}-{rng.randint(20, 60)}",
            council_conditions=[COUNCIL_CONDITION],
            actor=actor_admin,
        )
        issued_on = hearing + dt.timedelta(days=16)
        licensed = services.issue_commercial_kennel_license(
            application=application, on=issued_on, actor=actor_clerk
        )
        summary.applications.append(application.number)
        summary.commercial.append(licensed.license.number)

    if len(applicants) > 1:  # the one waiting on its hearing
        owner = applicants[1]
        assert owner.parcel is not None
        applied = on - dt.timedelta(days=12)
        application = services.apply_for_commercial_kennel(
            applicant=owner,
            parcel=owner.parcel,
            dogs_requested=rng.randint(12, 25),
            on=applied,
            payment=_pay(sum((_fee(f, applied) for f in hearing_fees), Decimal("0")), rng),
            actor=actor_clerk,
            business_name=BUSINESS_NAMES[1 + rng.randrange(2)],
            description="Breeding kennel in a converted pole barn, two fenced exercise yards.",
        )
        services.schedule_hearing(
            application=application,
            hearing_at=_evening(on + dt.timedelta(days=16)),
            place="Nowthen City Hall, council chambers",
            actor=actor_clerk,
            on=applied + dt.timedelta(days=1),
        )
        services.draw_notice_list(
            application=application, on=applied + dt.timedelta(days=2), actor=actor_clerk
        )
        services.record_notice_mailed(
            application=application, mailed_on=applied + dt.timedelta(days=3), actor=actor_clerk
        )
        summary.applications.append(application.number)
    return summary
