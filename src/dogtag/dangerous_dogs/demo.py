"""Dangerous-dog cases for the demo town (dangerous_dog.restrictions), written through the case services.

Given the demo's licensed dogs (and, if the complaint demo referred a bite, that dog first),
``generate_cases`` walks two cases, and begins a third:

- one from designation through the notice, personal service, the owner's written request, the
  hearing and the Hearing Officer's order upholding the designation, to the Certificate of
  Registration with every requirement (dangerous_dog.registration_requirements) shown;
- one designated ten days ago whose notice was mailed: its 14-day window to request a hearing is
  running, so it is on the due list;
- if the town has a third such dog, one designated yesterday on a neighbour's report of an
  incident whose time is not known yet: the Notice of Dangerous Dog waits for it (dangerous_dog.notice).

Every step is dated before ``on`` and within its deadline. The same seed and town give the same
cases.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from dogtag.complaints.models import Complaint, Outcome
from dogtag.dangerous_dogs import services
from dogtag.licensing.models import Dog, License
from dogtag.licensing.receipts import Payment
from dogtag.records.services import city_params


@dataclass
class CaseSummary:
    cases: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        return [f"Dangerous-dog cases: {', '.join(self.cases) or 'none'}"]


def _at(day: dt.date, hour: int) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(hour), tzinfo=timezone.get_current_timezone())


def _candidates(on: dt.date) -> list[Dog]:
    """Active dogs licensed from well before the first case until well after ``on``, the dog a
    bite complaint referred first."""
    licensed = set(
        License.objects.filter(
            status=License.Status.ACTIVE,
            issued_on__lte=on - dt.timedelta(days=90),
            expires_on__gte=on + dt.timedelta(days=60),
        ).values_list("dog_id", flat=True)
    )
    referred = [
        dog
        for outcome in Outcome.objects.filter(kind=Outcome.Kind.DANGEROUS_DOG_REFERRAL)
        .select_related("complaint")
        .order_by("decided_on", "id")
        for dog in outcome.complaint.dogs.filter(status=Dog.Status.ACTIVE)
        if dog.pk in licensed
    ]
    others = list(
        Dog.objects.filter(pk__in=licensed, status=Dog.Status.ACTIVE)
        .select_related("owner")
        .order_by("id")
    )
    return referred + [d for d in others if d not in referred]


@transaction.atomic
def generate_cases(
    *,
    on: dt.date,
    officer: AbstractBaseUser,
    hearing_officer: AbstractBaseUser,
    seed: int,
) -> CaseSummary:
    rng = random.Random(seed)
    summary = CaseSummary()
    dogs = _candidates(on)
    if len(dogs) < 2:
        return summary
    first = dogs[0]
    second = rng.choice(dogs[1:])
    # ---- a case through hearing to registration
    designated = on - dt.timedelta(days=60)
    bite = Complaint.objects.filter(dogs=first, kind=Complaint.Kind.AGGRESSION).first()
    case = services.designate(
        dog=first,
        authority="animal_control_authority",
        criteria=["substantial_or_great_bodily_harm"],
        exemptions=[],
        factual_basis=(
            f"{first.name} bit a person without provocation, causing a wound that needed stitches."
        ),
        incidents=[
            services.IncidentFacts(
                occurred_on=designated - dt.timedelta(days=3),
                occurred_time=dt.time(17),
                place=f"The road in front of {first.owner.street}",
                facts=(
                    f"{first.name} ran from the yard at a person walking on the road shoulder and "
                    "bit the person's forearm; urgent care closed the wound with stitches."
                ),
            )
        ],
        on=designated,
        actor=officer,
        complaints=[bite] if bite else [],
    )
    case = services.issue_notice(case=case, on=designated, actor=officer)
    case = services.record_service(
        case=case,
        served_on=designated + dt.timedelta(days=1),
        method="personal",
        served_person=first.owner.name,
        actor=officer,
    )
    requested = designated + dt.timedelta(days=5)
    services.receive_hearing_request(
        case=case,
        received_on=requested,
        requested_by=first.owner.name,
        in_writing=True,
        actor=officer,
    )
    hearing_day = requested + dt.timedelta(days=7)
    services.schedule_hearing(
        case=case,
        scheduled_at=_at(hearing_day, 10),
        place="Nowthen City Hall, council chambers",
        on=requested + dt.timedelta(days=1),
        actor=officer,
    )
    services.hold_hearing(
        case=case,
        held_on=hearing_day,
        actor=hearing_officer,
        authority_represented_by="Animal control officer",
        owner_represented_by=f"{first.owner.name}, without counsel",
        witnesses="The person bitten; the animal control officer",
        evidence="Bite report; urgent care record; photographs of the wound",
    )
    ordered = hearing_day + dt.timedelta(days=3)
    services.issue_order(
        case=case,
        issued_on=ordered,
        disposition="upheld",
        findings_of_fact=(
            f"{first.name} bit a person without provocation, inflicting substantial bodily harm "
            "(Minn. Stat. 347.50 subd. 2(1))."
        ),
        received_on=ordered + dt.timedelta(days=1),
        actor=hearing_officer,
    )
    fee = city_params().get("fees.dangerous_dog.registration", on).value
    registered = ordered + dt.timedelta(days=20)
    services.register(
        case=case,
        proof=services.RegistrationProof(
            proper_enclosure="Locked chain-link kennel, 10 x 12 ft, roofed, on a concrete slab",
            signs_on_buildings=True,
            sign_on_enclosure=True,
            insurer="North Star Mutual",
            policy_number=f"NSM-{rng.randint(100, 999)}-{on.year}",
            insurance_per_person=Decimal("500000.00"),
            insurance_per_incident=Decimal("1000000.00"),
            insurance_prepaid=True,
            insurance_expires_on=on + dt.timedelta(days=300),
            microchip_manufacturer="HomeAgain",
            microchip_number=f"985112{rng.randint(0, 10**9 - 1):09d}",
            other_vaccinations_current=True,
            sterilized_on=ordered + dt.timedelta(days=10),
            warning_symbols=3,
            tag_number=f"DD-{rng.randint(1, 99):04d}",
        ),
        payment=Payment(method="check", amount=Decimal(str(fee)), reference="2231"),
        on=registered,
        actor=officer,
    )
    summary.cases.append(case.number)
    # ---- a case whose hearing-request window is running
    recent = on - dt.timedelta(days=10)
    pending = services.designate(
        dog=second,
        authority="animal_control_authority",
        criteria=["killed_domestic_animal"],
        exemptions=[],
        factual_basis=f"{second.name} killed a neighbour's cat off the owner's property.",
        incidents=[
            services.IncidentFacts(
                occurred_on=recent - dt.timedelta(days=2),
                occurred_time=dt.time(7),
                place=f"The neighbour's yard next to {second.owner.street}",
                facts=f"{second.name} left its yard, chased the neighbour's cat and killed it.",
            )
        ],
        on=recent,
        actor=officer,
    )
    pending = services.issue_notice(case=pending, on=recent, actor=officer)
    services.record_service(
        case=pending,
        served_on=recent + dt.timedelta(days=1),
        method="mail",
        served_address=second.owner.street,
        actor=officer,
    )
    summary.cases.append(pending.number)
    # ---- a case designated on a neighbour's report without the time: the Notice waits for it
    others = [d for d in dogs if d not in (first, second)]
    if others:
        third = rng.choice(others)
        waiting = services.designate(
            dog=third,
            authority="animal_control_authority",
            criteria=["killed_domestic_animal"],
            exemptions=[],
            factual_basis=f"{third.name} killed a neighbour's hens off the owner's property.",
            incidents=[
                services.IncidentFacts(
                    occurred_on=on - dt.timedelta(days=3),
                    occurred_time=None,  # "sometime on" that day: the neighbour was away
                    place=f"The neighbour's hen house next to {third.owner.street}",
                    facts=(
                        f"The neighbour came home to find {third.name} in the hen run and three "
                        "hens dead; when it happened that day is not known yet."
                    ),
                )
            ],
            on=on - dt.timedelta(days=1),
            actor=officer,
        )
        summary.cases.append(waiting.number)
    return summary
