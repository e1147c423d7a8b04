"""Each city's license, receipt and tag numbers (issue 27: records know their city, so one
database can later hold a county's cities). A city draws its license and receipt numbers from its
own yearly series and hands out the tags it bought: a second city's first license of 2026 is
2026-00001 as the first city's is, and takes a tag from its own stock, never the other's.

The day: Sunday 2026-11-29 (``frozen_today``, the licensing desk's fixtures).
"""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from dogtag.licensing import services
from dogtag.licensing.models import License, Receipt, Tag
from dogtag.records.errors import ServiceError

from .conftest import TODAY, D, cash


def _license_a_dog(clerk, name: str, fee: str):
    owner = services.register_owner(
        actor=clerk,
        name=f"{name}'s owner",
        street="1 Main St",
        postal_code="55014",
        phone="763-555-0142",
    )
    dog = services.register_dog(
        owner=owner,
        actor=clerk,
        name=name,
        breed="Beagle",
        color="Tricolor",
        sex="male",
        sterilized=True,
        born=D(2025, 3, 1),
    )
    rabies = services.record_rabies_vaccination(
        dog=dog,
        actor=clerk,
        vaccinated_on=D(2026, 10, 1),
        expires_on=D(2027, 10, 1),
        veterinarian="Dr. A, DVM",
    )
    return services.issue_license(
        dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash(fee), actor=clerk
    )


def _numbers(model, field: str) -> list[tuple[str, str]]:
    return sorted(model.objects.values_list("jurisdiction", field))


def test_a_second_city_numbers_its_licenses_receipts_and_tags_from_one(clerk, monkeypatch):
    # given Nowthen's first license of 2026, with the first tag of its stock of three
    services.add_tag_stock(prefix="2026-", first=1, last=3, actor=clerk)
    nowthen = _license_a_dog(clerk, "Rex", "9.00")
    # and Lino Lakes, in the same database, which bought tags of the same numbers
    monkeypatch.setenv("DOGTAG_JURISDICTION", "lino-lakes")
    services.add_tag_stock(prefix="2026-", first=1, last=2, actor=clerk)
    # when Lino Lakes licenses its first dog of 2026 (§ 218.01: $6, spayed or neutered)
    lino_lakes = _license_a_dog(clerk, "Max", "6.00")
    # then its license and receipt numbers start its own series, and its tag is its own first
    assert (lino_lakes.license.number, lino_lakes.receipt.number, lino_lakes.tag.serial) == (
        nowthen.license.number,
        nowthen.receipt.number,
        nowthen.tag.serial,
    )
    assert nowthen.license.number == "2026-00001" and nowthen.tag.serial == "2026-00001"
    assert _numbers(License, "number") == [
        ("lino-lakes", "2026-00001"),
        ("nowthen", "2026-00001"),
    ]
    assert _numbers(Receipt, "number") == [
        ("lino-lakes", nowthen.receipt.number),
        ("nowthen", nowthen.receipt.number),
    ]
    # and Nowthen's stock is as it was: its next tag is still its 2026-00002
    assert sorted(
        Tag.objects.filter(status=Tag.Status.IN_STOCK).values_list("jurisdiction", "serial")
    ) == [
        ("lino-lakes", "2026-00002"),
        ("nowthen", "2026-00002"),
        ("nowthen", "2026-00003"),
    ]


def test_a_city_with_no_tag_left_is_not_given_another_city_s(clerk, monkeypatch):
    # given Nowthen's stock of two tags, and Lino Lakes with none
    services.add_tag_stock(prefix="2026-", first=1, last=2, actor=clerk)
    monkeypatch.setenv("DOGTAG_JURISDICTION", "lino-lakes")
    before = _numbers(Tag, "serial")
    # when Lino Lakes would license a dog, it is refused: no tag of its own is in stock
    with pytest.raises(services.NoTagInStock):
        _license_a_dog(clerk, "Max", "6.00")
    # and no license was written, and Nowthen's tags are untouched
    assert License.objects.count() == 0
    assert _numbers(Tag, "serial") == before
    assert set(Tag.objects.values_list("status", flat=True)) == {Tag.Status.IN_STOCK}


def test_a_city_s_tag_number_stays_unique_within_it(clerk):
    # given Nowthen's tags 2026-00001 to 2026-00003
    services.add_tag_stock(prefix="2026-", first=1, last=3, actor=clerk)
    # when the administrator adds tags 2026-00003 to 2026-00005 again, it is refused as before
    with pytest.raises(ServiceError, match="Already in the records: 2026-00003"):
        services.add_tag_stock(prefix="2026-", first=3, last=5, actor=clerk)
    assert Tag.objects.count() == 3
    # and the database holds each number once per city, whatever writes it
    with pytest.raises(IntegrityError), transaction.atomic():
        Tag.objects.create(serial="2026-00001")
    assert Tag.objects.count() == 3
