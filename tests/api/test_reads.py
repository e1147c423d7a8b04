"""Reads (issue 13, item 1): each under the staff pages' permission (``records.view_records``) and
need-to-know rules; private fields only to the roles that may see them, each showing logged."""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from django.test import Client

from dogtag.complaints import services as complaints
from dogtag.licensing import services
from dogtag.licensing.receipts import Payment
from dogtag.records.models import PrivateDataView
from dogtag.records.private_data import PRIVATE_COMPLAINT

pytestmark = pytest.mark.django_db

CHICAGO = ZoneInfo("America/Chicago")
ROLES = ("clerk", "officer", "hearing", "admin")


@pytest.fixture
def licensed(dog, rabies, stock, clerk):
    return services.issue_license(
        dog=dog,
        rabies=rabies,
        kind="new",
        on=dt.date(2026, 11, 29),
        payment=Payment(method="cash", amount=services.Decimal("3.00")),
        actor=clerk,
    )


@pytest.fixture
def complaint(dog, clerk):
    return complaints.receive_complaint(
        kind="barking",
        occurred_at=dt.datetime(2026, 11, 28, 22, 0, tzinfo=CHICAGO),
        narrative="Barked from ten until past midnight.",
        complainant_name="Lee Neighbor",
        complainant_phone="763-555-0199",
        address="7120 Viking Blvd NW",
        dogs=[dog],
        actor=clerk,
    )


def endpoints(licensed, complaint):
    dog = licensed.license.dog
    return {
        "/api/v1/owners": "items",
        f"/api/v1/owners/{dog.owner_id}": "name",
        "/api/v1/dogs?q=Biscuit": "items",
        f"/api/v1/dogs/{dog.pk}": "license_state",
        f"/api/v1/dogs/{dog.pk}/rabies-vaccinations": None,
        "/api/v1/licenses": "items",
        f"/api/v1/licenses/{licensed.license.number}": "decision_sections",
        "/api/v1/tags?q=2026": "items",
        f"/api/v1/tags/{licensed.tag.serial}": "license_number",
        "/api/v1/receipts": "items",
        f"/api/v1/receipts/{licensed.receipt.number}": "lines",
        "/api/v1/parcels": "items",
        "/api/v1/kennel-licenses": "items",
        "/api/v1/complaints": "items",
        f"/api/v1/complaints/{complaint.number}": "private_shown",
        "/api/v1/dangerous-dog-cases": "items",
        "/api/v1/due": "items",
    }


@pytest.mark.parametrize("role", ROLES)
def test_every_staff_role_reads_every_record_endpoint(key_for, licensed, complaint, role):
    client = key_for(role)
    for url, field in endpoints(licensed, complaint).items():
        response = client.get(url)
        assert response.status_code == 200, (url, response.content[:300])
        assert field is None or field in response.json(), url


def test_without_a_key_or_a_role_every_read_is_refused(key_for, licensed, complaint):
    anonymous, clinic = Client(), key_for("clinic")
    for url in endpoints(licensed, complaint):
        assert anonymous.get(url).status_code == 401, url
        assert clinic.get(url).status_code == 403, url
    assert not PrivateDataView.objects.exists()


def test_search_uses_the_staff_search(key_for, licensed):
    client = key_for("clerk")
    # phone digits find the owner, as on the search page
    found = client.get("/api/v1/owners?q=555-0142").json()
    assert [o["name"] for o in found["items"]] == ["Pat Gustafson"]
    assert client.get("/api/v1/owners?q=Nobody").json() == {
        "count": 0,
        "limit": 20,
        "offset": 0,
        "items": [],
    }
    dogs = client.get("/api/v1/dogs?q=labrador yellow").json()
    assert [d["name"] for d in dogs["items"]] == ["Biscuit"]
    assert dogs["items"][0]["license_state"] == (
        f"Licensed: {licensed.license.number}, in force until 2027-10-01"
    )


def test_an_owner_contact_read_is_logged_like_the_owner_page(key_for, licensed):
    client = key_for("hearing")
    owner = licensed.license.owner
    client.get(f"/api/v1/owners/{owner.pk}")
    view = PrivateDataView.objects.get()
    assert (view.kind, view.record, view.page) == (
        "owner_contact",
        f"Owner #{owner.pk}",
        f"/api/v1/owners/{owner.pk}",
    )
    assert view.user.username.startswith("api-key-")


@pytest.mark.parametrize(
    "role, shown", [("clerk", False), ("hearing", False), ("officer", True), ("admin", True)]
)
def test_complainant_identity_only_to_the_roles_that_may_see_it(key_for, complaint, role, shown):
    client = key_for(role)
    body = client.get(f"/api/v1/complaints/{complaint.number}").json()
    listed = client.get("/api/v1/complaints").json()["items"][0]
    for got in (body, listed):
        assert got["private_shown"] is shown
        if shown:
            assert (got["complainant_name"], got["narrative"]) == (
                "Lee Neighbor",
                "Barked from ten until past midnight.",
            )
            assert got["private_notice"] == ""
        else:
            assert got["complainant_name"] is got["complainant_phone"] is got["narrative"] is None
            assert got["private_notice"] == PRIVATE_COMPLAINT
    identity = PrivateDataView.objects.filter(kind="complainant_identity")
    assert identity.count() == (2 if shown else 0)


@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/owners/999999",
        "/api/v1/dogs/999999",
        "/api/v1/licenses/2099-99999",
        "/api/v1/tags/NOPE",
        "/api/v1/receipts/R0",
        "/api/v1/parcels/R00",
        "/api/v1/kennel-licenses/K0",
        "/api/v1/complaints/C0",
        "/api/v1/dangerous-dog-cases/D0",
    ],
)
def test_a_record_not_found_is_a_404_problem(key_for, url):
    response = key_for("clerk").get(url)
    assert (response.status_code, response["Content-Type"]) == (404, "application/problem+json")
    assert response.json()["detail"] == "No such record."


@pytest.mark.parametrize(
    "url, field",
    [
        ("/api/v1/dogs/0", "dog_id"),
        (f"/api/v1/dogs/{10**30}", "dog_id"),
        ("/api/v1/dogs?limit=1000", "limit"),
        ("/api/v1/dogs?offset=-1", "offset"),
        ("/api/v1/dogs?q=" + "x" * 101, "q"),
        ("/api/v1/due?on=0001-01-01", None),
        ("/api/v1/due?on=not-a-date", "on"),
    ],
)
def test_bad_query_and_path_values_are_422_problems(key_for, url, field):
    response = key_for("clerk").get(url)
    assert response.status_code == 422, response.content
    body = response.json()
    if field:
        assert field in [e["field"] for e in body["errors"]]
    else:
        assert body["detail"].startswith("on must be between January 1, 1950 and")


def test_the_due_list_is_paginated(key_for, dog):
    client = key_for("clerk")
    whole = client.get("/api/v1/due").json()
    assert whole["count"] == 1
    row = whole["items"][0]
    assert (row["section"], row["subject_name"], row["sections"][0]) == (
        "six_months",
        "Biscuit",
        "3-2-2.D",
    )
    assert client.get("/api/v1/due?offset=1").json()["items"] == []
    assert client.get("/api/v1/due?section=expiring_soon").json()["count"] == 0


def test_the_public_tag_lookup_shows_public_fields_and_no_owner(licensed):
    response = Client().get(f"/api/v1/public/tags/{licensed.tag.serial}")
    assert response.status_code == 200
    assert response.json() == {
        "serial": licensed.tag.serial,
        "status": "issued",
        "license": {
            "number": licensed.license.number,
            "kind": "new",
            "issued_on": "2026-11-29",
            "expires_on": "2027-10-01",
            "status": "active",
        },
        "dog": {
            "name": "Biscuit",
            "breed": "Labrador retriever",
            "color": "Yellow",
            "sex": "female",
            "sterilized": True,
            "status": "active",
        },
    }
    assert b"Gustafson" not in response.content


def test_a_tag_in_stock_is_not_found_publicly(stock):
    assert Client().get("/api/v1/public/tags/2026-00020").status_code == 404
