"""Issue 14 item 3 on the residents' site: each list of the household page (its owners, dogs,
licenses, rabies vaccinations and notices; the receipts in test_household) is one page of
``RECORD_PAGE_SIZE`` with the count of all, in English and Spanish, the next page holds the rest,
and the queries the page runs do not grow with the rows behind it."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from dogtag.dangerous_dogs.models import DangerousDogCase
from dogtag.licensing.models import Dog, License, Owner, RabiesVaccination
from dogtag.records.models import Decision
from dogtag.records.pagination import RECORD_PAGE_SIZE
from dogtag.residents.models import ResidentAccount
from tests.licensing.conftest import D
from tests.residents.conftest import sign_in

pytestmark = pytest.mark.django_db


def copies_of(row: Any, unique: str | None = None) -> Callable[[int], None]:
    """``n`` copies of ``row`` (with a new ``unique`` number), as years of records would leave."""

    def grow(n: int) -> None:
        model = type(row)
        for _ in range(n):
            copy = model.objects.get(pk=row.pk)
            copy.pk = None
            if unique:
                setattr(copy, unique, f"T{model.objects.count() + 1:07d}")
            copy.save()

    return grow


def more_owners(owner: Owner) -> Callable[[int], None]:
    """``n`` more owners on the household's account (one e-mail address, several records)."""

    def grow(n: int) -> None:
        account = ResidentAccount.objects.get(email=owner.email)
        before = set(Owner.objects.values_list("pk", flat=True))
        copies_of(owner)(n)
        account.owners.add(*Owner.objects.exclude(pk__in=before))

    return grow


def rescinded_notices(owner: Owner, dog: Dog, clerk: Any) -> Callable[[int], None]:
    """``n`` notices issued to the household, each of a case since rescinded (one case stands
    per dog at a time, so a dog's notices add up only through rescinded ones)."""

    def grow(n: int) -> None:
        start = DangerousDogCase.objects.count()
        decided = Decision.objects.create(
            action="test.notice", outcome="done", decided_on=D(2026, 11, 1)
        )
        DangerousDogCase.objects.bulk_create(
            DangerousDogCase(
                number=f"DD-T{start + i:05d}",
                dog=dog,
                owner=owner,
                state="rescinded",
                designated_on=D(2026, 11, 1),
                designated_by=clerk,
                authority=DangerousDogCase.Authority.choices[0][0],
                factual_basis="Bit a neighbour.",
                notice_issued_on=D(2026, 11, 2),
                notice_issued_by=clerk,
                decision=decided,
            )
            for i in range(n)
        )

    return grow


@dataclass(frozen=True)
class HouseholdList:
    grow: Callable[[Owner, Dog, License, Any], Callable[[int], None]]
    #: The class of each rendered row, and the list's anchor (``?<anchor>_page=``).
    row: str
    anchor: str
    #: The rows the household has before the test adds any.
    before: int = 1


LISTS: dict[str, HouseholdList] = {
    "owners": HouseholdList(lambda o, d, lic, c: more_owners(o), "dogtag-owner", "owners"),
    "dogs": HouseholdList(lambda o, d, lic, c: copies_of(d), "dogtag-dog", "dogs"),
    "licenses": HouseholdList(
        lambda o, d, lic, c: copies_of(lic, "number"), "dogtag-license", "licenses"
    ),
    "rabies vaccinations": HouseholdList(
        lambda o, d, lic, c: copies_of(RabiesVaccination.objects.filter(dog=d).latest("pk")),
        "dogtag-vaccination",
        "vaccinations",
    ),
    "notices": HouseholdList(
        lambda o, d, lic, c: rescinded_notices(o, d, c), "dogtag-notice", "notices", before=0
    ),
}


def shown(client: Client, address: str, kind: HouseholdList) -> tuple[int, int | None, int, str]:
    """The rows drawn, the count said (None when all fit on one page), the queries, the page."""
    with CaptureQueriesContext(connection) as queries:
        response = client.get(address)
    assert response.status_code == 200
    page = response.content.decode()
    rows = len(re.findall(rf'<[a-z0-9]+ class="(?:[^"]* )?{kind.row}[ "]', page))
    anchor = page.index(f'id="{kind.anchor}"')
    counts = re.findall(r'class="dogtag-result-count" data-count="(\d+)"', page[anchor:])
    return rows, int(counts[0]) if counts else None, len(queries), page


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("name", LISTS)
def test_each_household_list_is_one_page_of_all(pat, clerk, name, language):
    kind = LISTS[name]
    owner, dog, license_ = pat
    grow = kind.grow(owner, dog, license_, clerk)
    client = Client(headers={"accept-language": language})
    sign_in(client, "pat@example.org")
    # given more than a page of rows in the list
    grow(RECORD_PAGE_SIZE + 1 - kind.before)
    shown(client, "/residents/household/", kind)  # once before counting: caches filled once
    rows, count, queries, page = shown(client, "/residents/household/", kind)
    # then one page is drawn, with the count of all and a link to the next, in the language
    assert (rows, count) == (RECORD_PAGE_SIZE, RECORD_PAGE_SIZE + 1)
    assert f"{kind.anchor}_page=2#{kind.anchor}" in page
    assert ("Next page" in page) == (language == "en")
    assert ("Página siguiente" in page) == (language == "es")
    # and the next page draws the rest
    rows, count, _, _ = shown(client, f"/residents/household/?{kind.anchor}_page=2", kind)
    assert (rows, count) == (1, RECORD_PAGE_SIZE + 1)
    # when there are three pages more, the page is the same size and runs the same queries
    grow(3 * RECORD_PAGE_SIZE)
    rows, count, more, _ = shown(client, "/residents/household/", kind)
    assert (rows, count) == (RECORD_PAGE_SIZE, 4 * RECORD_PAGE_SIZE + 1)
    assert more == queries
    # and a page number that names no page shows the nearest, and says so
    rows, _, _, page = shown(client, f"/residents/household/?{kind.anchor}_page=x", kind)
    assert rows == RECORD_PAGE_SIZE
    assert "dogtag-page-notice" in page
