"""Which dog a clinic's certificate is for: the microchip first (exact), then the owner's name,
address and phone with the dog's name, breed and sex.

A match is certain only when one dog, and no other, fits: its microchip is the certificate's, or
(no microchip on either side to contradict it) the dog's name, breed and sex and the owner's name
and their street or phone are all the certificate's. Anything less is a list of candidates, each
with its reasons, for a clerk to choose from. Nothing here is a rule of the ordinance: matching
decides which records a certificate belongs to, not what the law makes of it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Protocol

from django.db.models import Q

from dogtag.licensing.models import Dog

#: The most candidates a certificate keeps for the clerk.
MAX_CANDIDATES = 10


class Described(Protocol):
    microchip: str
    owner_name: str
    owner_street: str
    owner_phone: str
    dog_name: str
    breed: str
    sex: str


@dataclass(frozen=True)
class Candidate:
    dog: Dog
    reasons: tuple[str, ...]
    #: Every detail given on the certificate is the dog's (and its owner's).
    all_agree: bool

    def to_json(self) -> dict[str, object]:
        return {"dog": self.dog.pk, "reasons": list(self.reasons)}


@dataclass(frozen=True)
class Match:
    #: The one dog the certificate is certainly for, or None (a clerk decides).
    dog: Dog | None
    reasons: tuple[str, ...]
    candidates: tuple[Candidate, ...] = field(default=())


def chip(text: str) -> str:
    """A microchip number as compared: no spaces, dashes or dots, upper case."""
    return re.sub(r"[\s.\-]", "", text).upper()


def _same(a: str, b: str) -> bool:
    return bool(a.strip()) and " ".join(a.split()).casefold() == " ".join(b.split()).casefold()


def _active() -> object:
    return Dog.objects.filter(status=Dog.Status.ACTIVE).select_related("owner")


def match(certificate: Described) -> Match:
    number = chip(certificate.microchip)
    reasons: list[str] = []
    if number:
        chipped = list(_active().filter(microchip__iexact=number).order_by("pk")[:MAX_CANDIDATES])  # type: ignore[attr-defined]
        if len(chipped) == 1:
            dog = chipped[0]
            reason = f"Microchip {number} is {dog.name}'s (exact)."
            return Match(dog, (reason,), (Candidate(dog, (reason,), True),))
        if chipped:
            reason = f"Microchip {number} is on {len(chipped)} dogs' records."
            found = tuple(
                Candidate(d, (f"Microchip {number} is {d.name}'s.",), False) for d in chipped
            )
            return Match(None, (reason,), found)
        reasons.append(f"No dog's record has microchip {number}.")
    candidates = _by_details(certificate, number)
    certain = [c for c in candidates if c.all_agree]
    if len(candidates) == 1 and certain:
        dog = candidates[0].dog
        return Match(dog, (*reasons, *candidates[0].reasons), candidates)
    if not candidates:
        reasons.append("No dog's record fits the owner and dog described.")
    elif len(candidates) > 1:
        reasons.append(f"{len(candidates)} dogs' records fit the owner and dog described.")
    else:
        reasons.append("A single dog's record fits, in part only: a clerk must decide.")
    return Match(None, tuple(reasons), candidates)


def _by_details(certificate: Described, number: str) -> tuple[Candidate, ...]:
    """Active dogs named as the certificate's dog, or whose owner has its name, street or phone,
    each with what agrees and what does not; those agreeing most first."""
    owner = Q()
    if certificate.owner_name.strip():
        owner |= Q(owner__name__iexact=certificate.owner_name.strip())
    if certificate.owner_street.strip():
        owner |= Q(owner__street__iexact=certificate.owner_street.strip())
    if certificate.owner_phone:
        owner |= Q(owner__phone=certificate.owner_phone)
    if not owner or not certificate.dog_name.strip():
        return ()
    dogs = _active().filter(owner, name__iexact=certificate.dog_name.strip())  # type: ignore[attr-defined]
    found = [_candidate(certificate, number, dog) for dog in dogs.order_by("pk")[:MAX_CANDIDATES]]
    found.sort(key=lambda c: (not c.all_agree, -len(c.reasons), c.dog.pk))
    return tuple(found)


def _candidate(certificate: Described, number: str, dog: Dog) -> Candidate:
    agree: list[str] = [f"The dog's name is {dog.name}."]
    differ: list[str] = []

    def compare(what: str, given: str, recorded: str) -> None:
        if not given.strip():
            return
        if _same(given, recorded):
            agree.append(f"The {what} is {recorded}.")
        else:
            differ.append(f"The {what} is {recorded or 'not recorded'}, not {given}.")

    compare("breed", certificate.breed, dog.breed)
    compare("sex", certificate.sex, dog.sex)
    compare("owner's name", certificate.owner_name, dog.owner.name)
    compare("owner's street", certificate.owner_street, dog.owner.street)
    if certificate.owner_phone:
        if certificate.owner_phone == dog.owner.phone:
            agree.append("The owner's phone is the same.")
        else:
            differ.append("The owner's phone is another.")
    if number and dog.microchip and chip(dog.microchip) != number:
        differ.append(f"The dog's microchip is {dog.microchip}, not {number}.")
    reached = _same(certificate.owner_street, dog.owner.street) or (
        bool(certificate.owner_phone) and certificate.owner_phone == dog.owner.phone
    )
    complete = all(
        (certificate.breed.strip(), certificate.sex.strip(), certificate.owner_name.strip())
    )
    return Candidate(
        dog,
        tuple(agree + differ),
        all_agree=complete and reached and not differ,
    )
