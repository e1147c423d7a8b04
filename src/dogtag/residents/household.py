"""What a signed-in resident sees of their household, and nothing of any other.

Every query here starts from the account's ``owners``: a record of another household is never
fetched, so a resident who types another household's license, receipt or case number gets the
same "not found" as for a number that does not exist.

An owner is the account's only while the owner's e-mail address on file is the account's
(issue 25 item 2.4): the link stored at sign-in is not enough, since a clerk may change the
address at the desk (``licensing.services.update_owner``) and the old address must stop reading
the household at once, with a session it already holds, on every page and document. So
``owners`` checks the current address on every read, and every other query here starts from it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import BigIntegerField, F, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce

from dogtag.dangerous_dogs.models import DangerousDogCase
from dogtag.licensing.models import (
    Dog,
    License,
    Owner,
    OwnershipChange,
    RabiesVaccination,
    Receipt,
)
from dogtag.residents.models import ResidentAccount


def owners(account: ResidentAccount) -> QuerySet[Owner]:
    """The households linked to the account whose e-mail address is still the account's."""
    return account.owners.filter(email__iexact=account.email)


def dogs(account: ResidentAccount) -> QuerySet[Dog]:
    return Dog.objects.filter(owner__in=owners(account)).order_by("name", "pk")


def licenses(account: ResidentAccount) -> QuerySet[License]:
    return (
        License.objects.filter(owner__in=owners(account))
        .select_related("dog")
        .order_by(F("expires_on").desc(nulls_first=True), "number")
    )


def receipts(account: ResidentAccount) -> QuerySet[Receipt]:
    return Receipt.objects.filter(owner__in=owners(account)).order_by("-issued_at", "-pk")


def _owner_at(moment: str, change_moment: str) -> Coalesce:
    """Who owned the vaccination's dog at the vaccination's ``moment``, read from the dog's
    changes of owner (``license.new_owner``, ``OwnershipChange``): the new owner of the latest
    change made at or before it (its ``change_moment``: the day of the change, or the time it was
    recorded); before the first change, that change's previous owner; a dog that never changed
    hands, its owner. The new owner holds the dog from the change on, the day of the change
    included."""
    dog_changes = OwnershipChange.objects.filter(dog=OuterRef("dog"))
    latest = dog_changes.filter(**{f"{change_moment}__lte": OuterRef(moment)}).order_by(
        f"-{change_moment}", "-recorded_at", "-pk"
    )
    first = dog_changes.order_by("changed_on", "recorded_at", "pk")
    return Coalesce(
        Subquery(latest.values("to_owner")[:1]),
        Subquery(first.values("from_owner")[:1]),
        F("dog__owner"),
        output_field=BigIntegerField(),  # an owner's id
    )


def vaccinations(account: ResidentAccount) -> QuerySet[RabiesVaccination]:
    """The rabies vaccinations of the dogs the household owns or owned, recorded while it owned
    them (issue 25 item 2.7): a certificate names the owner who had the dog vaccinated, so the
    dog's next owner must not read it, and its previous owner keeps it.

    The household must have held the dog both on the day of the vaccination and when the city
    recorded it. The day says whose certificate it is: one the previous owner had done before the
    change but that reached the city after it (a clinic's, sent late) is not the new owner's. The
    recording is the records' own order, for what the day cannot tell: on the day of a change
    either household may have had the dog vaccinated, and one the city filed before it recorded
    the change is not the new owner's either. A certificate on which the two disagree is shown to
    neither household (staff still have it)."""
    held = owners(account)
    changed_hands = OwnershipChange.objects.filter(
        Q(from_owner__in=held) | Q(to_owner__in=held)
    ).values("dog")
    return (
        RabiesVaccination.objects.filter(Q(dog__owner__in=held) | Q(dog__in=changed_hands))
        .annotate(
            owner_on_the_day=_owner_at("vaccinated_on", "changed_on"),
            owner_when_recorded=_owner_at("recorded_at", "recorded_at"),
        )
        .filter(owner_on_the_day__in=held.values("pk"), owner_when_recorded__in=held.values("pk"))
        .select_related("dog")
    )


def cases(account: ResidentAccount) -> QuerySet[DangerousDogCase]:
    """Cases whose notice was issued to one of the household's owners (``dangerous_dog.notice``)."""
    return (
        DangerousDogCase.objects.filter(owner__in=owners(account), notice_issued_on__isnull=False)
        .select_related("dog")
        .order_by("-notice_issued_on", "-pk")
    )


@dataclass(frozen=True)
class DogSummary:
    dog: Dog
    #: The household's license of the dog that expires last, if any.
    latest: License | None = None


def dogs_with_latest_license(account: ResidentAccount) -> QuerySet[Dog]:
    """The household's dogs, each annotated with the id of its latest license of the household:
    a page of them is read in one query, however many years of licenses each dog has."""
    latest = (
        License.objects.filter(dog=OuterRef("pk"), owner__in=owners(account))
        .order_by(F("expires_on").desc(nulls_first=True), "number")
        .values("pk")[:1]
    )
    return dogs(account).annotate(latest_license_id=Subquery(latest))


def summary(page: Iterable[Dog]) -> list[DogSummary]:
    """The dogs of one page (from ``dogs_with_latest_license``) with their latest license: one
    more query for the page."""
    rows = list(page)
    ids = [dog.latest_license_id for dog in rows if dog.latest_license_id]  # type: ignore[attr-defined]
    latest = License.objects.in_bulk(ids) if ids else {}
    return [DogSummary(dog, latest.get(dog.latest_license_id)) for dog in rows]  # type: ignore[attr-defined]
