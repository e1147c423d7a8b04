"""Dangerous-animal cases for a demo town whose law designates any animal dangerous (Lino Lakes,
issue 27), written through the case services:

- a dog designated a month ago, seized, kept under the officer's conditions, its owner notified
  in writing, a hearing demanded and held, and the hearing officer's order of conditions;
- a cat designated three days ago, seized, ordered kept under conditions, its owner notified
  yesterday: the days to appeal are running.

Every step is dated before ``on`` and in time. The same seed and town give the same cases.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser

from dogtag.dangerous_animals import services
from dogtag.licensing.models import Dog, Owner


@dataclass
class AnimalCaseSummary:
    cases: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        return [f"Dangerous-animal cases: {', '.join(self.cases) or 'none'}"]


def generate_animal_cases(
    *,
    on: dt.date,
    officer: AbstractBaseUser,
    hearing_officer: AbstractBaseUser,
    seed: int,
) -> AnimalCaseSummary:
    rng = random.Random(seed)
    summary = AnimalCaseSummary()
    dogs = list(Dog.objects.filter(status=Dog.Status.ACTIVE).select_related("owner").order_by("pk"))
    if not dogs:
        return summary
    dog = rng.choice(dogs)
    day = on - dt.timedelta(days=30)
    case = services.open_case(
        owner=dog.owner,
        dog=dog,
        animal="dog",
        description="",
        basis="Bit a letter carrier on the hand at the front steps; the bite needed stitches.",
        on=day,
        actor=officer,
    )
    hearing_on = on - dt.timedelta(days=5)
    for kind, offset, facts, actor in (
        ("seized", 30, {}, officer),
        ("officer_order", 29, {"disposition": "conditions"}, officer),
        ("owner_notified", 28, {"method": "in_writing"}, officer),
        ("hearing_requested", 20, {}, officer),
        ("hearing_set", 18, {"hearing_on": hearing_on}, hearing_officer),
        ("hearing_held", 5, {}, hearing_officer),
        (
            "hearing_order",
            4,
            {
                "disposition": "conditions",
                "conditions": ["enclosure", "warning_signs", "muzzle_and_leash"],
            },
            hearing_officer,
        ),
    ):
        services.record_event(
            case=case, kind=kind, on=on - dt.timedelta(days=offset), facts=facts, actor=actor
        )
    summary.cases.append(case.number)
    others = list(Owner.objects.exclude(pk=dog.owner_id).order_by("pk")[:50])
    if not others:
        return summary
    owner = rng.choice(others)
    cat = services.open_case(
        owner=owner,
        animal="cat",
        description="Cat, orange tabby, white chest, no collar",
        basis="Attacked two children in the neighbour's yard without provocation.",
        on=on - dt.timedelta(days=3),
        actor=officer,
    )
    for kind, offset, facts in (
        ("seized", 3, {}),
        ("officer_order", 2, {"disposition": "conditions"}),
        ("owner_notified", 1, {"method": "in_person"}),
    ):
        services.record_event(
            case=cat, kind=kind, on=on - dt.timedelta(days=offset), facts=facts, actor=officer
        )
    summary.cases.append(cat.number)
    return summary
