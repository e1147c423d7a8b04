"""Open a case on the animal control officer's designation (``dangerous_animal.designation``)."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import AbstractBaseUser
from django.contrib.contenttypes.models import ContentType

from dogtag.dangerous_animals import standing
from dogtag.dangerous_animals.models import AnimalCase
from dogtag.law import dangerous_animal_procedure as procedure
from dogtag.law.computation_of_time import day_label
from dogtag.licensing.models import Dog, Owner
from dogtag.records.errors import ServiceError
from dogtag.records.refusals import service
from dogtag.records.services import city_params, next_number, record_decision, today

#: the officer's permission, the same as a dangerous dog's designation
DESIGNATE = "records.designate_dangerous_dog"
#: the longest description and evidence the forms take
MAX_DESCRIPTION, MAX_BASIS = 300, 4000


def require(actor: AbstractBaseUser, permission: str, doing: str) -> None:
    if not actor.has_perm(permission):  # type: ignore[attr-defined]
        raise ServiceError(f"Only an animal control officer may {doing}; {actor} may not.")


def not_future(day: dt.date, what: str) -> None:
    if day > today():
        raise ServiceError(f"{what} ({day_label(day)}) is in the future.")


@service
def open_case(
    *,
    owner: Owner,
    animal: str,
    description: str,
    basis: str,
    on: dt.date,
    actor: AbstractBaseUser,
    dog: Dog | None = None,
) -> AnimalCase:
    """The officer designates the animal dangerous on ``on``: the case opens with its number,
    the rules core's findings on the designation stored as its Decision."""
    require(actor, DESIGNATE, "designate an animal dangerous")
    not_future(on, "The date of the designation")
    problems = []
    if animal not in procedure.ANIMALS:
        problems.append(f"The kind of animal is one of {', '.join(procedure.ANIMALS)}.")
    if dog is not None and dog.owner_id != owner.pk:
        problems.append(f"{dog.name} is not {owner.name}'s dog on record.")
    if dog is not None and animal != "dog":
        problems.append(f"{dog.name} is a dog on record: its kind of animal is dog.")
    if not description.strip() and dog is None:
        problems.append("Describe the animal: its species, name, color and markings.")
    if len(description) > MAX_DESCRIPTION:
        problems.append(f"The description is at most {MAX_DESCRIPTION} characters.")
    if not basis.strip() or len(basis) > MAX_BASIS:
        problems.append(f"State the officer's evidence (at most {MAX_BASIS} characters).")
    if problems:
        raise ServiceError(" ".join(problems))
    params = city_params()
    findings = standing.opening_findings(animal, on, params)
    if dog is not None and not description.strip():
        description = f"{dog.name}, {dog.breed}, {dog.color}"
    case = AnimalCase(
        number=f"DA{on.year}-{next_number('dangerous_animal_case', on.year):03d}",
        animal=animal,
        dog=dog,
        description=description.strip(),
        owner=owner,
        designated_on=on,
        basis=basis.strip(),
        opened_by=actor,
    )
    decision = record_decision(
        action="dangerous_animals.open_case", findings=findings, decided_on=on, actor=actor
    )
    case.decision = decision
    case.save()
    decision.subject_type = ContentType.objects.get_for_model(case)
    decision.subject_id = case.pk
    decision.save(update_fields=["subject_type", "subject_id"])
    return case
