"""A client's day over plain HTTP against a live server (issue 13, item 5): software holding a
clerk's key and an officer's key does what the counter does, with nothing but HTTP and JSON."""

import pytest
import requests

from dogtag.api import keys
from dogtag.licensing import services
from dogtag.records import roles

pytestmark = pytest.mark.django_db(transaction=True)

TIMEOUT = 10


@pytest.fixture
def town(admin_user, clerk, stock, dog):
    return {
        "clerk": keys.issue_api_key(name="Counter kiosk", role=roles.CLERK, actor=admin_user),
        "officer": keys.issue_api_key(
            name="Dispatch", role=roles.ANIMAL_CONTROL_OFFICER, actor=admin_user
        ),
        "dog": dog,
        "admin": admin_user,
    }


def session(issued):
    s = requests.Session()
    s.headers["Authorization"] = f"Bearer {issued.secret}"
    return s


def test_a_clients_day(live_server, town):
    api = f"{live_server.url}/api/v1"
    clerk, officer = session(town["clerk"]), session(town["officer"])

    # the document a client generates itself from
    document = requests.get(f"{api}/openapi.json", timeout=TIMEOUT).json()
    assert document["openapi"] == "3.1.0"

    # morning: a resident calls; the clerk finds them by phone and their dog
    owners = clerk.get(f"{api}/owners", params={"q": "763 555 0142"}, timeout=TIMEOUT).json()
    owner = owners["items"][0]
    dog = clerk.get(f"{api}/dogs/{owner['dog_ids'][0]}", timeout=TIMEOUT).json()
    assert (dog["name"], dog["license_state"]) == ("Biscuit", "Unlicensed: never licensed")

    # is a license required? the same question the counter asks
    asked = clerk.post(
        f"{api}/questions/license-required",
        json={"born": dog["born"], "on": "2026-11-29"},
        timeout=TIMEOUT,
    ).json()
    assert asked["findings"][0]["sections"] == ["3-2-2.A"]

    # the rabies certificate comes in, then the license is issued and paid
    vaccination = clerk.post(
        f"{api}/dogs/{dog['id']}/rabies-vaccinations",
        json={
            "vaccinated_on": "2026-11-20",
            "expires_on": "2027-11-20",
            "veterinarian": "Dr. Ana Lindqvist, DVM",
        },
        timeout=TIMEOUT,
    )
    assert vaccination.status_code == 201
    application = {
        "kind": "new",
        "rabies_id": vaccination.json()["id"],
        "on": "2026-11-29",
        "method": "cash",
    }
    short = clerk.post(
        f"{api}/dogs/{dog['id']}/licenses", json={**application, "amount": "1.00"}, timeout=TIMEOUT
    )
    assert short.status_code == 422
    assert short.headers["Content-Type"] == "application/problem+json"
    due = next(f for f in short.json()["findings"] if f["rule"] == "license.paid_in_full")
    issued = clerk.post(
        f"{api}/dogs/{dog['id']}/licenses",
        json={**application, "amount": due["facts"]["due"]},
        timeout=TIMEOUT,
    )
    assert issued.status_code == 201
    tag = issued.json()["tag"]

    # afternoon: someone finds the dog and looks the tag up, with no key: no owner in sight
    found = requests.get(f"{api}/public/tags/{tag}", timeout=TIMEOUT)
    assert found.json()["dog"]["name"] == "Biscuit"
    assert "Gustafson" not in found.text

    # evening: a neighbour complains; the clerk takes it, the officer sees who complained
    complaint = clerk.post(
        f"{api}/complaints",
        json={
            "kind": "barking",
            "occurred_on": "2026-11-28",
            "occurred_time": "22:00:00",
            "address": owner["street"],
            "complainant_name": "Lee Neighbor",
            "dog_ids": [dog["id"]],
            "narrative": "Barked from ten until past midnight.",
        },
        timeout=TIMEOUT,
    )
    assert complaint.status_code == 201
    assert complaint.json()["complainant_name"] is None
    number = complaint.json()["number"]
    seen = officer.get(f"{api}/complaints/{number}", timeout=TIMEOUT).json()
    assert seen["complainant_name"] == "Lee Neighbor"

    # the due list no longer lists the dog as reaching six months unlicensed
    rows = clerk.get(f"{api}/due", timeout=TIMEOUT).json()["items"]
    assert dog["id"] not in [r["subject_id"] for r in rows if r["section"] == "six_months"]

    # at night the kiosk's key is revoked: from then on it is refused
    keys.revoke_api_key(key=town["clerk"].key, actor=town["admin"])
    assert clerk.get(f"{api}/dogs", timeout=TIMEOUT).status_code == 401
    assert services.License.objects.count() == 1
