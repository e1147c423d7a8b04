"""Writes (issue 13, item 1) go through the pages' forms and services, so every rule and Decision
applies; a refusal is an RFC 9457 problem carrying the findings, and writes nothing."""

import datetime as dt

import pytest

from dogtag.complaints.models import Complaint
from dogtag.licensing.models import License, RabiesVaccination, Receipt, Tag
from dogtag.records.models import Decision

pytestmark = pytest.mark.django_db

PROBLEM = "application/problem+json"


def snapshot():
    return {
        "licenses": list(License.objects.values()),
        "receipts": list(Receipt.objects.values()),
        "tags": list(Tag.objects.values()),
        "vaccinations": list(RabiesVaccination.objects.values()),
        "complaints": list(Complaint.objects.values()),
        "done": Decision.objects.filter(outcome="done").count(),
    }


def license_body(rabies, **changes):
    body = {"kind": "new", "rabies_id": rabies.pk, "on": "2026-11-29", "method": "cash"}
    return {**body, "amount": "3.00", **changes}


def post(client, url, body):
    return client.post(url, body, content_type="application/json")


def test_a_license_issued_through_the_api_is_the_service_s(key_for, dog, rabies, stock):
    # given a clerk's key and a dog with a current vaccination
    client = key_for("clerk")
    # when the license is applied for and paid
    response = post(client, f"/api/v1/dogs/{dog.pk}/licenses", license_body(rabies))
    # then the license, its tag and receipt exist, with the Decision citing 3-2-2
    assert response.status_code == 201, response.content
    body = response.json()
    license_ = License.objects.get()
    assert (body["license"]["number"], body["tag"], body["receipt"]) == (
        license_.number,
        license_.tags.get().serial,
        license_.receipts.get().number,
    )
    assert body["license"]["decision_sections"] == license_.decision.sections
    assert "3-2-2.G" in license_.decision.sections
    assert license_.decision.actor.username.startswith("api-key-")
    assert [f["rule"] for f in body["findings"]] == [f["rule"] for f in license_.decision.findings]


@pytest.mark.parametrize(
    "changes, rule, section",
    [
        ({"amount": "1.00"}, "license.paid_in_full", "3-2-2.A"),
        ({"rabies_id": None}, "license.rabies_current", "3-2-2.G"),
    ],
)
def test_a_refused_license_is_a_problem_with_the_findings_and_writes_nothing(
    key_for, dog, rabies, stock, changes, rule, section
):
    client = key_for("clerk")
    before = snapshot()
    response = post(client, f"/api/v1/dogs/{dog.pk}/licenses", license_body(rabies, **changes))
    assert (response.status_code, response["Content-Type"]) == (422, PROBLEM)
    body = response.json()
    blocking = [f for f in body["findings"] if f["blocks"]]
    assert blocking and blocking[0]["rule"] == rule and section in blocking[0]["sections"]
    assert body["detail"] == blocking[0]["message"]
    assert snapshot() == before
    # and the refusal itself is stored, as on the page (records.refusals)
    refused = Decision.objects.get(outcome="refused")
    assert refused.action == "licensing.issue_license" and section in refused.sections


@pytest.mark.parametrize(
    "changes, field",
    [
        ({"kind": "gift"}, "kind"),
        ({"on": "2026-12-25"}, "on"),  # after today: the form's own check
        ({"on": "1900-01-01"}, "on"),
        ({"method": "gold"}, "method"),
        ({"amount": "-1"}, "amount"),
        ({"rabies_id": 999999}, "rabies"),
    ],
)
def test_an_invalid_application_names_the_field_and_writes_nothing(
    key_for, dog, rabies, stock, changes, field
):
    client = key_for("clerk")
    before = snapshot()
    response = post(client, f"/api/v1/dogs/{dog.pk}/licenses", license_body(rabies, **changes))
    assert (response.status_code, response["Content-Type"]) == (422, PROBLEM)
    assert field in [e["field"] for e in response.json()["errors"]]
    assert snapshot() == before


@pytest.mark.parametrize("role", ["hearing", "officer", "clinic"])
def test_a_role_that_may_not_issue_licenses_is_refused(key_for, dog, rabies, stock, role):
    client = key_for(role)
    before = snapshot()
    response = post(client, f"/api/v1/dogs/{dog.pk}/licenses", license_body(rabies))
    assert (response.status_code, response["Content-Type"]) == (403, PROBLEM)
    assert snapshot() == before


def test_recording_a_vaccination(key_for, dog):
    client = key_for("admin")
    body = {
        "vaccinated_on": "2026-11-02",
        "expires_on": "2029-11-02",
        "duration_years": 3,
        "veterinarian": "Dr. Ana Lindqvist, DVM",
        "clinic": "Rum River Animal Hospital",
        "certificate_number": "RR-2026-0999",
    }
    response = post(client, f"/api/v1/dogs/{dog.pk}/rabies-vaccinations", body)
    assert response.status_code == 201, response.content
    stored = RabiesVaccination.objects.get()
    assert response.json()["id"] == stored.pk
    assert (stored.expires_on, stored.certificate_number) == (dt.date(2029, 11, 2), "RR-2026-0999")


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"expires_on": "2026-11-01"}, "The expiry date must be after the vaccination date."),
        ({"expires_on": "2031-11-02"}, "A rabies vaccination lasts at most 4 years"),
        ({"duration_years": 2}, None),
        ({"vaccinated_on": "9999-12-31"}, None),
    ],
)
def test_a_refused_vaccination_writes_nothing(key_for, dog, changes, message):
    body = {
        "vaccinated_on": "2026-11-02",
        "expires_on": "2027-11-02",
        "veterinarian": "Dr. Ana Lindqvist, DVM",
        **changes,
    }
    response = post(key_for("clerk"), f"/api/v1/dogs/{dog.pk}/rabies-vaccinations", body)
    assert (response.status_code, response["Content-Type"]) == (422, PROBLEM)
    if message:
        text = response.json()["detail"] + " ".join(e["message"] for e in response.json()["errors"])
        assert message in text
    assert not RabiesVaccination.objects.exists()


def complaint_body(dog, **changes):
    body = {
        "kind": "barking",
        "occurred_on": "2026-11-28",
        "occurred_time": "22:00",
        "address": "7120 Viking Blvd NW",
        "complainant_name": "Lee Neighbor",
        "dog_ids": [dog.pk],
        "narrative": "Barked from ten until past midnight.",
    }
    return {**body, **changes}


@pytest.mark.parametrize("role, shown", [("clerk", False), ("officer", True)])
def test_taking_a_complaint(key_for, dog, role, shown):
    response = post(key_for(role), "/api/v1/complaints", complaint_body(dog))
    assert response.status_code == 201, response.content
    stored = Complaint.objects.get()
    body = response.json()
    assert (body["number"], body["dog_ids"], body["owner_id"]) == (
        stored.number,
        [dog.pk],
        dog.owner_id,
    )
    # the clerk types the complainant in but is not shown it back (Minn. Stat. 13.44 subd. 1)
    assert stored.complainant_name == "Lee Neighbor"
    assert body["complainant_name"] == ("Lee Neighbor" if shown else None)


@pytest.mark.parametrize(
    "changes, field",
    [
        ({"kind": "howling"}, "kind"),
        ({"pin": "R99"}, "pin"),
        ({"until_on": "2026-11-29"}, "until_time"),
        ({"occurred_on": "1800-01-01"}, "occurred_on"),
        ({"dog_ids": [999999]}, "dogs"),
    ],
)
def test_an_invalid_complaint_names_the_field_and_writes_nothing(key_for, dog, changes, field):
    response = post(key_for("clerk"), "/api/v1/complaints", complaint_body(dog, **changes))
    assert (response.status_code, response["Content-Type"]) == (422, PROBLEM)
    assert field in [e["field"] for e in response.json()["errors"]]
    assert not Complaint.objects.exists()


def test_a_complaint_the_service_refuses_is_a_problem(key_for, dog):
    body = complaint_body(
        dog, address="", dog_ids=[], occurred_on="2026-11-29", occurred_time="11:00"
    )
    response = post(key_for("clerk"), "/api/v1/complaints", body)
    assert response.status_code == 422
    assert "Say where it happened" in response.json()["detail"]
    assert not Complaint.objects.exists()


def test_a_hearing_officer_may_not_take_a_complaint(key_for, dog):
    response = post(key_for("hearing"), "/api/v1/complaints", complaint_body(dog))
    assert response.status_code == 403
    assert not Complaint.objects.exists()


def test_a_body_over_the_limit_is_refused_before_it_is_read(key_for, dog):
    body = complaint_body(dog, narrative="x" * 70_000)
    response = post(key_for("clerk"), "/api/v1/complaints", body)
    assert (response.status_code, response["Content-Type"]) == (413, PROBLEM)
    assert not Complaint.objects.exists()


@pytest.mark.parametrize(
    "raw, status",
    [(b"{", 400), (b"\xff\xfe", 400), (b"[]", 422), (b'"x"', 422), (b'{"kind": 1}', 422)],
)
def test_a_malformed_body_is_a_problem(key_for, dog, raw, status):
    response = key_for("clerk").post("/api/v1/complaints", raw, content_type="application/json")
    assert (response.status_code, response["Content-Type"]) == (status, PROBLEM)
    assert not Complaint.objects.exists()
