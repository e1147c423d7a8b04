"""Lino Lakes' site (issue 27): its demo town, every page of the staff and residents' sites with
Lino Lakes in force, and no page answering 5xx. A part of Dogtag whose law Lino Lakes' package
does not state (complaints, dangerous dogs and enclosures in the shapes the rules take) answers
that it is not law here, naming what is missing; it is not offered in the menu. Kennels are law in
Lino Lakes' own shape (a license inspected before it issues, tests/kennels/test_lino_lakes_*.py).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client

from dogtag.licensing.models import Dog, License, Owner
from dogtag.records import pdf
from dogtag.staff.demo import DEMO_USERNAME, load_demo_data
from tests.staff.test_no_server_errors_get import (
    PATH_VALUES,
    RESIDENT,
    SITE,
    _path,
    resident_signed_in,
)


@pytest.fixture(scope="module")
def lino_lakes() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DOGTAG_JURISDICTION", "lino-lakes")
        yield


@pytest.fixture(scope="module")
def town(lino_lakes: None, django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    """Lino Lakes' demo town, small, for the whole module, rolled back at the end."""
    with django_db_blocker.unblock(), transaction.atomic():
        assert load_demo_data(households=14) is True
        yield
        transaction.set_rollback(True)


@pytest.fixture
def clients(town: None, db: None) -> dict[str, Client]:
    staff = Client(raise_request_exception=False)
    staff.force_login(get_user_model().objects.get(username=DEMO_USERNAME))
    resident = Client(raise_request_exception=False)
    resident_signed_in(resident)
    return {DEMO_USERNAME: staff, RESIDENT: resident}


def _values(name: str, pattern: Any) -> dict[str, Any]:
    """The page's path filled from the town; where the town has no such record (no kennels,
    complaints or cases in Lino Lakes'), an id naming nothing."""
    try:
        values = PATH_VALUES[name]() if name in PATH_VALUES else {}
    except (AttributeError, TypeError):  # a lookup through a record the town lacks
        values = None
    names = set(pattern.pattern.converters) | set(pattern.pattern.regex.groupindex)
    return values if values is not None else {n: 1 for n in names}


def test_the_demo_town_is_lino_lakes(town, db):
    # Given Lino Lakes' demo town: its owners live in Lino Lakes, its licenses were charged by
    # spay/neuter status, and the letterhead is Lino Lakes'
    assert set(Owner.objects.values_list("city", flat=True)) <= {"Lino Lakes", ""}
    assert set(License.objects.values_list("tier_years", flat=True)) == {None}
    # (on any day the town is built: its dogs' statuses vary with the day, the fees do not)
    fees = {str(fee) for fee in License.objects.values_list("fee", flat=True)}
    assert fees and fees <= {"6.00", "11.00"}
    assert pdf.office_lines()[0] == "City of Lino Lakes"


def test_the_demo_town_has_kennels_of_lino_lakes_shape(town, db):
    # Given Lino Lakes' demo town: a private kennel license issued after its inspection and
    # modified, a private application whose inspection found the safeguards wanting, and a
    # commercial application awaiting its inspection; none of Nowthen's kennel records
    from dogtag.kennels.models import KennelApplication, KennelLicense, PrivateKennelLicense

    applications = KennelApplication.objects.order_by("number")
    assert [(a.kind, a.status) for a in applications] == [
        ("private", "issued"),
        ("private", "received"),
        ("commercial", "received"),
    ]
    [license_] = KennelLicense.objects.all()
    assert (license_.kind, license_.dogs, license_.expires_on.month, license_.expires_on.day) == (
        "private",
        4,
        5,
        31,
    )
    assert license_.modifications.count() == 1
    assert not PrivateKennelLicense.objects.exists()


def test_no_page_answers_5xx_with_lino_lakes_in_force(clients):
    failed = []
    for route, pattern in SITE:
        name = pattern.name or route
        address = _path(route, pattern, _values(name, pattern))
        for role, client in clients.items():
            response = client.get(address)
            if response.status_code >= 500:
                failed.append((role, address, response.status_code))
    assert failed == []


def test_a_part_whose_law_lino_lakes_lacks_says_so_and_is_not_offered(clients):
    # (Nowthen's dangerous-dog case: Lino Lakes designates dangerous animals, a variant of its own)
    staff = clients[DEMO_USERNAME]
    response = staff.get("/dangerous-dogs/")
    assert response.status_code == 404
    text = response.content.decode()
    assert "not law in the City of Lino Lakes" in text
    home = staff.get("/").content.decode()
    assert 'href="/dangerous-dogs/"' not in home
    assert 'href="/dangerous-animals/"' in home and 'href="/complaints/"' in home


def test_the_deadline_calculator_counts_lino_lakes_periods_in_its_words(clients):
    # Given Lino Lakes in force, when the clerk opens the deadline calculator
    staff = clients[DEMO_USERNAME]
    page = staff.get("/deadline/").content.decode()
    # Then its own periods are offered by their sections and titles, and Nowthen's are not
    assert "503.20(3)(b) — Hearing on a forfeiture" in page
    assert "503.16(2)(c) — Appeal of a dangerous-animal determination" in page
    assert "3-2-9" not in page and "enclosure.compliance_notice" not in page
    # And a forfeiture hearing demanded on Mon 2026-12-07 is due three weeks later, cited so
    answer = staff.get(
        "/deadline/?trigger_date=2026-12-07&rule=forfeiture.hearing"
    ).content.decode()
    assert (
        "Due Mon 2026-12-28: hold the hearing on a date the hearing officer sets within 21 days "
        "after the demand for the hearing on Mon 2026-12-07 (503.20(3)(b))."
    ) in answer


def test_the_deadline_calculator_says_when_a_kennel_license_modification_takes_effect(clients):
    # Given Lino Lakes in force, when the clerk counts the ten days of 503.10(1)(b) from the
    # mailing of the certified notice on Wed 2026-12-09
    staff = clients[DEMO_USERNAME]
    page = staff.get("/deadline/").content.decode()
    assert "503.10(1)(b) — A modification of a kennel license takes effect" in page
    answer = staff.get(
        "/deadline/?trigger_date=2026-12-09&rule=kennel.license_modification"
    ).content.decode()
    # Then the page heads the day it takes effect, not a day due: the tenth day is a Saturday,
    # so the Monday after (Minn. Stat. 645.15)
    assert 'id="due-heading">Effective Monday, December 21, 2026</h2>' in answer
    assert (
        "Effective Mon 2026-12-21: the modification of the kennel license takes effect 10 days "
        "after the mailing of written notice by certified mail to the holder on Wed 2026-12-09 "
        "(503.10(1)(b))."
    ) in answer


def test_the_parcels_over_the_limit_are_those_over_lino_lakes_limit_per_property(clients, db):
    # Given Lino Lakes in force, whose limit is one per property whatever its size (503.09(2)),
    # on Mon 2026-12-07
    from dogtag.kennels.limits import parcels_over_limit
    from dogtag.parcels.models import Parcel
    from tests.parcels.conftest import rectangle
    from tests.parcels.test_limits import household

    on = dt.date(2026, 12, 7)
    # and a 5-acre property whose household keeps four grown dogs, one more than any property
    # may keep there
    parcel = Parcel.objects.create(
        pin="LL-OVER-4",
        address="1 Test Ave",
        acres=Decimal("5"),
        owner_names="TEST OWNER",
        boundary=rectangle(0, 0, 660, 330),
    )
    household(parcel, "Pat Lund", [dt.date(2023, 4, 1)] * 4)
    over = parcels_over_limit(on)
    assert "LL-OVER-4" in {row.parcel.pin for row in over}
    assert {row.limit.rule for row in over} == {"kennel.dog_limit_per_property"}
    # When the clerk opens the list of parcels over the dog limit on that day
    response = clients[DEMO_USERNAME].get("/parcels/over-limit/?on=2026-12-07")
    # Then it answers, in Lino Lakes' sections, listing exactly those properties
    assert response.status_code == 200
    page = response.content.decode()
    assert "than 503.09(2) allows on a property, whatever its size" in page
    assert "without a kennel license (503.10(1))" in page
    assert "3-2-" not in page and "conditional use permit" not in page
    listed = re.findall(r'<th scope="row" data-label="PIN"><a href="[^"]+">([^<]+)</a>', page)
    assert sorted(listed) == sorted(row.parcel.pin for row in over)[: len(listed)]
    assert f"{len(over)} parcel{'s' if len(over) != 1 else ''} over the limit" in page
    # And each row allows the city's number per property
    allowed = {row.allowed for row in over if row.private_kennel_license is None}
    assert allowed == {row.limit.parameters[0].integer for row in over}


def test_pages_link_to_no_part_whose_law_lino_lakes_lacks(clients, db):
    # Given Lino Lakes in force, where Nowthen's dangerous-dog procedure is not law (its
    # dangerous-animal procedure is) and complaints of 503.12 are
    staff = clients[DEMO_USERNAME]
    dog = Dog.objects.filter(status=Dog.Status.ACTIVE).order_by("pk").first()
    assert dog is not None
    # When the clerk opens a dog, its owner and their parcel
    pages = [f"/dogs/{dog.pk}/", f"/owners/{dog.owner_id}/"]
    for address in pages:
        response = staff.get(address)
        assert response.status_code == 200, address
        page = response.content.decode()
        # Then no link leads to a page that would only say it is not law here
        assert "/dangerous-dogs/" not in page, address
        # and a complaint about the dog or its owner's dogs may be taken
        assert "/complaints/new/?" in page, address


def test_no_page_links_to_a_part_whose_law_lino_lakes_lacks(clients):
    # Given Lino Lakes in force, when every page of both sites is opened and every link on it
    # followed, then no link leads to a page that only says it is not law here
    shown: dict[str, set[str]] = {}
    for role, client in clients.items():
        for route, pattern in SITE:
            address = _path(route, pattern, _values(pattern.name or route, pattern))
            response = client.get(address)
            if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
                continue
            for link in re.findall(r'href="(/[^"#]*)', response.content.decode()):
                if not link.startswith(("/static/", "/accounts/logout", "/residents/sign-out")):
                    shown.setdefault(f"{role} {link}", set()).add(address)
    dead = []
    for key, sources in sorted(shown.items()):
        role, link = key.split(" ", 1)
        response = clients[role].get(link.replace("&amp;", "&"))
        if response.status_code == 404 and b"Not law in the City of Lino Lakes" in response.content:
            dead.append((role, link, sorted(sources)[:3]))
    assert dead == [], "\n".join(map(str, dead))
