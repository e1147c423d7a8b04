"""The dangerous-animal forms posted with extreme values under Lino Lakes (STYLE §8; the site's
POST walk runs in Nowthen, where these pages are not law): every field at once, then one field at
a time with the others plausible. No response is a server error, and a refusal writes nothing
but the refusal itself."""

from __future__ import annotations

import pytest
from django.test import Client

from dogtag.dangerous_animals.models import AnimalCase, AnimalCaseEvent
from dogtag.records.models import Decision
from tests.staff.test_no_server_errors_post import EXTREMES

PLAUSIBLE_CASE = {
    "on": "2026-11-02",
    "animal": "dog",
    "description": "Rex",
    "basis": "Bit a jogger.",
}
PLAUSIBLE_EVENT = {"kind": "seized", "on": "2026-11-02"}
EVENT_FIELDS = (
    "kind",
    "on",
    "disposition",
    "conditions",
    "conditions_met",
    "method",
    "hearing_on",
    "grounds",
    "reasons",
    "forfeited",
    "note",
)
ONE_AT_A_TIME = ["0001-01-01", "9999-12-31", "2026-02-30", str(10**30), "x" * 10_000, "-1"]


@pytest.fixture
def staff(db, django_user_model):
    client = Client(raise_request_exception=False)
    client.force_login(
        django_user_model.objects.create_superuser("demo", "demo@example.invalid", None)
    )
    return client


def _rows():
    # a refusal the rules core gives is kept as a Decision of its own (records.refusals)
    done = Decision.objects.filter(outcome="done").count()
    return (AnimalCase.objects.count(), AnimalCaseEvent.objects.count(), done)


def _post(client, path, data, failures):
    before = _rows()
    response = client.post(path, data)
    if response.status_code >= 500:
        failures.append((path, sorted(data), response.status_code))
    elif response.status_code != 302 and _rows() != before:
        failures.append((path, sorted(data), "a refusal wrote"))
    return response


def test_the_designation_form_takes_extreme_values(staff, owner):
    path = f"/dangerous-animals/new/?owner={owner.pk}"
    failures: list[tuple[object, ...]] = []
    for value in EXTREMES:
        _post(staff, path, {"owner": owner.pk, **dict.fromkeys(PLAUSIBLE_CASE, value)}, failures)
    for name in (*PLAUSIBLE_CASE, "dog"):
        for value in ONE_AT_A_TIME:
            data = {"owner": owner.pk, **PLAUSIBLE_CASE, name: value}
            _post(staff, path, data, failures)
    for owner_value in ("", "0", str(10**30), "x" * 10_000, "-1"):
        response = staff.get(f"/dangerous-animals/new/?owner={owner_value}&q={owner_value}")
        assert response.status_code < 500
    assert failures == []


def test_the_event_form_takes_extreme_values(staff, case):
    path = f"/dangerous-animals/{case.number}/"
    failures: list[tuple[object, ...]] = []
    for value in EXTREMES:
        _post(staff, path, dict.fromkeys(EVENT_FIELDS, value), failures)
    for name in EVENT_FIELDS:
        for value in ONE_AT_A_TIME:
            _post(staff, path, {**PLAUSIBLE_EVENT, name: value}, failures)
    for number in ("x" * 10_000, "DA0000-000", "%00"):
        assert staff.get(f"/dangerous-animals/{number}/").status_code in (400, 404)
    assert failures == []
