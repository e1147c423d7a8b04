"""A city that licenses no dogs (issue 27; Ramsey since 2021, Elk River since 2019): its package
states no ``license.required``, and neither site offers licensing. The staff and residents' menus
and home pages have no licensing link; every licensing page answers 404 in the site's layout,
saying the city's law states no dog license, and a POST to it changes nothing; the API's
licensing operations answer a 404 problem detail. The rest of the site works.

Fourthtown is Nowthen's package without its licensing: its id and name changed, its
``license.*`` and ``tag.*`` provisions and its licensing parameters left out. So its complaints,
dangerous dogs, kennels and parcels are Nowthen's, and only licensing is missing."""

from __future__ import annotations

import datetime as dt
import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import time_machine
from django.test import Client

from dogtag.law import params, provisions
from dogtag.licensing import services
from dogtag.licensing.models import Dog, License, Owner, Receipt, Tag
from dogtag.records import law_parts
from dogtag.records.models import Decision
from tests.staff.test_no_server_errors_get import resident_signed_in

NO_LICENSE = "states no dog license (no provision for license.required): it licenses no dogs"
API_DETAIL = "The City of Fourthtown's law states no dog license: the city licenses no dogs."
RESIDENTS_TEXT = (
    "The City of Fourthtown’s law states no dog license: the city licenses no dogs, so there is "
    "no license to apply for, renew or look up here."
)


def fourthtown_package(root: Path) -> None:
    """Fourthtown's package, and its state's, under ``root`` (also the browser test's)."""
    shutil.copytree(params.DEFAULT_ROOT / "minnesota", root / "minnesota")
    town = root / "fourthtown"
    shutil.copytree(params.DEFAULT_ROOT / "nowthen", town)
    (town / "licensing.yaml").unlink()
    about = town / "jurisdiction.yaml"
    about.write_text(
        about.read_text()
        .replace("id: nowthen", "id: fourthtown")
        .replace("name: City of Nowthen", "name: City of Fourthtown")
    )
    sections = town / "ordinance" / "sections.yaml"
    kept = [
        line
        for line in sections.read_text().splitlines()
        if not re.match(r"\s+(license|tag)\.", line)
    ]
    sections.write_text("\n".join(kept) + "\n")


@pytest.fixture
def fourthtown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    # given Fourthtown in force: Nowthen's package less every licensing provision and value
    root = tmp_path / "params"
    fourthtown_package(root)
    provisions._read.cache_clear()
    monkeypatch.setenv("DOGTAG_PARAMS_DIR", str(root))
    monkeypatch.setenv("DOGTAG_JURISDICTION", "fourthtown")
    with time_machine.travel(dt.datetime(2026, 11, 30, 16, 0, tzinfo=dt.UTC), tick=False):
        yield
    provisions._read.cache_clear()


@pytest.fixture
def staff(fourthtown: None, django_user_model: Any) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(
        django_user_model.objects.create_superuser("demo", "demo@example.invalid", None)
    )
    return client


@pytest.fixture
def dog(fourthtown: None, django_user_model: Any) -> Dog:
    clerk = django_user_model.objects.create_user("clerk1", password="x" * 12)
    owner = services.register_owner(
        actor=clerk,
        name="Pat Gustafson",
        street="7120 Viking Blvd NW",
        postal_code="55303",
        phone="763-555-0142",
    )
    return services.register_dog(
        owner=owner,
        actor=clerk,
        name="Biscuit",
        breed="Labrador retriever",
        color="Yellow",
        sex="female",
        sterilized=True,
        born=dt.date(2025, 5, 20),
    )


def _licensing_written() -> dict[str, object]:
    return {
        "licenses": License.objects.count(),
        "receipts": Receipt.objects.count(),
        "tags": Tag.objects.count(),
        "decisions": Decision.objects.count(),
    }


def _says_no_license(response: Any) -> str:
    text: str = response.content.decode()
    assert response.status_code == 404
    assert "<h1>Not law in the City of Fourthtown</h1>" in text
    return text


def test_fourthtown_has_every_part_but_licensing(fourthtown):
    assert law_parts.law_has() == {
        "complaints": True,
        "dangerous_dogs": True,
        "kennels": True,
        "dog_limits": True,
        "enclosures": True,
        "licensing": False,
        "dangerous_animals": False,
    }
    assert law_parts.missing("licensing") == NO_LICENSE


def test_the_staff_menus_offer_no_licensing_and_the_rest_of_the_site(staff, db):
    # when the staff home page is shown
    home = staff.get("/")
    text = home.content.decode()
    # then its menus offer no licensing page, and every other part of the site
    assert home.status_code == 200
    for licensing in (
        'href="/tags/stock/"',
        'href="/clinics/certificates/"',
        'href="/office/online-applications/"',
        'href="/office/found-dogs/"',
        'href="/office/imports/"',
    ):
        assert licensing not in text
    for other in ('href="/complaints/"', 'href="/dangerous-dogs/"', 'href="/kennels/"'):
        assert other in text
    # and the parts the package states answer as in Nowthen
    assert [staff.get(p).status_code for p in ("/complaints/", "/kennels/", "/due/")] == [
        200,
        200,
        200,
    ]
    # and the due list has no licensing section
    due = staff.get("/due/").content.decode()
    assert "Licenses expiring in the next 30 days" not in due
    assert "Renewals overdue" not in due


@pytest.mark.parametrize(
    "path",
    [
        "/tags/stock/",
        "/licenses/2026-0001/",
        "/receipts/R-2026-0001/",
        "/clinics/certificates/",
        "/office/online-applications/",
        "/documents/renewal-reminders.pdf",
    ],
)
def test_a_licensing_page_says_the_city_licenses_no_dogs(staff, path):
    # when a licensing page is asked for by its address
    text = _says_no_license(staff.get(path))
    # then it says, in the staff site's layout, that the city's law states no dog license
    code = "Nowthen City Code ch. 3 §2 (Ord. #15, adopted 2011-07-12)"  # Fourthtown's copy
    assert f"as Dogtag holds it ({code}), {NO_LICENSE}." in text
    assert 'aria-label="Primary navigation"' in text


def test_issuing_a_license_at_the_counter_is_refused_and_writes_nothing(staff, dog):
    before = _licensing_written()
    # when the clerk's form is posted to the counter's issue address
    license_form = staff.get(f"/dogs/{dog.pk}/license/")
    posted = staff.post(
        f"/dogs/{dog.pk}/license/",
        {"kind": "new", "method": "cash", "amount": "3.00", "payer": "Pat Gustafson"},
    )
    # then both answer that the city's law states no dog license, and nothing was written
    _says_no_license(license_form)
    assert NO_LICENSE in _says_no_license(posted)
    assert _licensing_written() == before


def test_the_residents_site_offers_no_licensing(fourthtown, dog, db):
    # given a resident signed in whose household has a dog
    resident = Client(raise_request_exception=False)
    resident_signed_in(resident)
    # when the residents' home page and household are shown
    home = resident.get("/residents/").content.decode()
    household = resident.get("/residents/household/").content.decode()
    # then neither offers an application, a renewal or the tag lookup
    assert "/residents/applications/" not in home + household
    assert "/residents/found/" not in home + household
    assert "Apply for and renew dog licenses" not in home
    assert "See your dogs, their rabies certificates, and notices the city sent you." in home
    assert 'href="/residents/complaints/new/"' in home
    # and the application's address says why, in the residents' layout
    for path in ("/residents/applications/", "/residents/applications/new/"):
        text = _says_no_license(resident.get(path))
        assert RESIDENTS_TEXT in text
        assert 'class="dogtag-language"' in text  # the residents' layout, its language form
    # and a POST to it writes nothing
    before = _licensing_written()
    posted = resident.post("/residents/applications/new/", {"dog_name": "Biscuit"})
    assert RESIDENTS_TEXT in _says_no_license(posted)
    assert _licensing_written() == before


def test_the_apis_licensing_operations_answer_a_problem_detail(staff, dog):
    # when the API is asked for licenses, or to issue one
    listed = staff.get("/api/v1/licenses")
    before = _licensing_written()
    issued = staff.post(
        f"/api/v1/dogs/{dog.pk}/licenses", data="{}", content_type="application/json"
    )
    # then each answers 404, a problem detail saying why, and nothing was written
    for response, path in (
        (listed, "/api/v1/licenses"),
        (issued, f"/api/v1/dogs/{dog.pk}/licenses"),
    ):
        assert response.status_code == 404
        assert response["Content-Type"] == "application/problem+json"
        assert json.loads(response.content) == {
            "type": "about:blank",
            "title": "Not Found",
            "status": 404,
            "detail": API_DETAIL,
            "instance": path,
            "findings": [],
            "errors": [],
        }
    assert _licensing_written() == before
    # and the dogs, which are not licensing, are read as anywhere, licensed by no one
    dogs = staff.get("/api/v1/dogs")
    assert dogs.status_code == 200
    assert [(d["name"], d["license_state"]) for d in json.loads(dogs.content)["items"]] == [
        ("Biscuit", "No license: the city licenses no dogs")
    ]


def test_a_dogs_page_works_and_offers_no_license(staff, dog):
    # when the dog's page is shown
    page = staff.get(f"/dogs/{dog.pk}/")
    text = page.content.decode()
    # then it says the city licenses no dogs, and offers the actions that are not licensing
    assert page.status_code == 200
    assert "No license: the city licenses no dogs" in text
    assert f'href="/dogs/{dog.pk}/license/' not in text
    assert f'href="/dogs/{dog.pk}/duplicate-tag/"' not in text
    assert f'href="/dogs/{dog.pk}/tag-violation/"' not in text
    assert f'href="/dogs/{dog.pk}/rabies/new/"' in text
    assert f'href="/dangerous-dogs/new/?dog={dog.pk}"' in text
    # and those pages open
    assert staff.get(f"/dogs/{dog.pk}/rabies/new/").status_code == 200
    assert staff.get(f"/dangerous-dogs/new/?dog={dog.pk}").status_code == 200


def test_the_owner_and_dog_forms_give_a_notice_of_their_own_and_register(staff, dog):
    # Given Fourthtown, which licenses no dogs, when the clerk opens the form for a new owner
    page = staff.get("/owners/new/")
    text = page.content.decode()
    # then it answers, and its data practices notice says why the city asks without a license
    assert page.status_code == 200
    assert '<legend class="usa-legend usa-legend--large">Owner</legend>' in text
    assert (
        "<dd>The City licenses no dogs. It uses the owner’s name, address and phone number to "
        "reach the owner about the dog under the City’s dog ordinance (a complaint, a case or a "
        "hearing about the dog, a kennel), and to return a dog that is found.</dd>"
    ) in text
    assert "<dd>No law forces the owner to give it. Email is optional.</dd>" in text
    notice = text.split('id="data-practices-notice"')[1].split("</section>")[0]
    assert "license can be issued" not in notice and "license application" not in notice
    assert "no section]" not in text
    # when the clerk registers an owner there
    owners = Owner.objects.count()
    response = staff.post(
        "/owners/new/",
        {
            "name": "Lee Moua",
            "street": "18100 Nowthen Blvd NW",
            "city": "Fourthtown",
            "state": "MN",
            "postal_code": "55330",
            "phone": "763-555-0177",
        },
    )
    # then the owner is registered, and the dog form for them answers too
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Owner.objects.count() == owners + 1
    owner = Owner.objects.get(name="Lee Moua")
    form = staff.get(f"/owners/{owner.pk}/dogs/new/")
    assert form.status_code == 200
    assert '<legend class="usa-legend usa-legend--large">The dog</legend>' in form.content.decode()


def test_the_data_practices_page_says_why_owners_are_reached_without_a_license(staff, db):
    text = staff.get("/data-practices/").content.decode()
    assert "no section]" not in text
    assert (
        "Enforcing the city&#x27;s dog ordinance (complaints, cases, hearings, kennels) needs to "
        "reach the owner."
    ) in text
