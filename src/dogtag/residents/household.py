"""What a signed-in resident sees of their household, and nothing of any other.

Every query here starts from the account's ``owners``: a record of another household is never
fetched, so a resident who types another household's license, receipt or case number gets the
same "not found" as for a number that does not exist.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.db.models import QuerySet

from dogtag.dangerous_dogs.models import DangerousDogCase
from dogtag.licensing.models import Dog, License, Owner, RabiesVaccination, Receipt
from dogtag.residents.models import ResidentAccount


def owners(account: ResidentAccount) -> QuerySet[Owner]:
    return account.owners.all()


def dogs(account: ResidentAccount) -> QuerySet[Dog]:
    return Dog.objects.filter(owner__in=owners(account)).order_by("name", "pk")


def licenses(account: ResidentAccount) -> QuerySet[License]:
    return (
        License.objects.filter(owner__in=owners(account))
        .select_related("dog")
        .order_by("-expires_on", "number")
    )


def receipts(account: ResidentAccount) -> QuerySet[Receipt]:
    return Receipt.objects.filter(owner__in=owners(account)).order_by("-issued_at")


def vaccinations(account: ResidentAccount) -> QuerySet[RabiesVaccination]:
    return RabiesVaccination.objects.filter(dog__owner__in=owners(account)).select_related("dog")


def cases(account: ResidentAccount) -> QuerySet[DangerousDogCase]:
    """Cases whose notice was issued to one of the household's owners (3-2-9.A.1.a)."""
    return (
        DangerousDogCase.objects.filter(owner__in=owners(account), notice_issued_on__isnull=False)
        .select_related("dog")
        .order_by("-notice_issued_on")
    )


@dataclass
class DogSummary:
    dog: Dog
    licenses: list[License] = field(default_factory=list)
    vaccinations: list[RabiesVaccination] = field(default_factory=list)

    def current_license(self, on: dt.date) -> License | None:
        return next((lic for lic in self.licenses if lic.in_force_on(on)), None)


def summary(account: ResidentAccount) -> list[DogSummary]:
    by_dog = {dog.pk: DogSummary(dog) for dog in dogs(account)}
    for license_ in licenses(account):
        if license_.dog_id in by_dog:
            by_dog[license_.dog_id].licenses.append(license_)
    for vaccination in vaccinations(account).order_by("-vaccinated_on"):
        if vaccination.dog_id in by_dog:
            by_dog[vaccination.dog_id].vaccinations.append(vaccination)
    return list(by_dog.values())
