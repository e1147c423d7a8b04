"""A clinic's day over plain HTTP against a live server (issue 13 item 5): the clinic posts its
certificates with its key, one is recorded on the dog at once and one waits; a clerk signs in to
the staff site, opens the queue, picks the dog; the clinic sees both recorded."""

import re

import pytest
import requests

from dogtag.api import keys
from dogtag.licensing.models import RabiesVaccination
from tests.clinics.conftest import certificate

pytestmark = pytest.mark.django_db(transaction=True)

TIMEOUT = 10


def signed_in(base: str, username: str) -> requests.Session:
    """A browser's session on the staff site: the sign-in form, with its CSRF token."""
    s = requests.Session()
    page = s.get(f"{base}/accounts/login/", timeout=TIMEOUT)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text).group(1)
    done = s.post(
        f"{base}/accounts/login/",
        data={"username": username, "password": "x" * 12, "csrfmiddlewaretoken": token},
        headers={"Referer": f"{base}/accounts/login/"},
        timeout=TIMEOUT,
    )
    assert done.url.rstrip("/") == base, done.url
    return s


def test_a_clinics_day(live_server, admin_user, clerk, chipped, namesake):
    base, api = live_server.url, f"{live_server.url}/api/v1"
    issued = keys.issue_api_key(name="Rum River", clinic="Rum River", actor=admin_user)
    clinic = requests.Session()
    clinic.headers["Authorization"] = f"Bearer {issued.secret}"

    # morning: Biscuit's certificate, with her microchip: recorded on her at once
    first = clinic.post(
        f"{api}/clinics/certificates",
        json=certificate(certificate_number="RR-1", microchip="985112003456789"),
        timeout=TIMEOUT,
    )
    assert (first.status_code, first.json()["status"]) == (201, "recorded")
    assert first.json()["dog_id"] == chipped.pk

    # noon: a Biscuit on Viking Blvd, no chip, no owner's name: two dogs fit, so it waits
    second = clinic.post(
        f"{api}/clinics/certificates",
        json=certificate(
            certificate_number="RR-2",
            vaccinated_on="2026-11-27",
            expires_on="2029-11-27",
            duration_years=3,
            owner_name="",
            owner_phone="",
            breed="",
            sex="",
        ),
        timeout=TIMEOUT,
    )
    assert (second.status_code, second.json()["status"]) == (201, "queued")
    # the clinic's software retries on a timeout: nothing doubles
    again = clinic.post(
        f"{api}/clinics/certificates",
        json=certificate(certificate_number="RR-2", owner_name="", owner_phone=""),
        timeout=TIMEOUT,
    )
    assert (again.status_code, again.json()["id"]) == (200, second.json()["id"])

    # afternoon: the clerk signs in, finds it in the queue, and sees both candidates
    desk = signed_in(base, clerk.username)
    queue = desk.get(f"{base}/clinics/certificates/", timeout=TIMEOUT)
    detail_url = f"{base}/clinics/certificates/{second.json()['id']}/"
    assert f"/clinics/certificates/{second.json()['id']}/" in queue.text
    page = desk.get(detail_url, timeout=TIMEOUT)
    assert f'value="{chipped.pk}"' in page.text and f'value="{namesake.pk}"' in page.text
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text).group(1)
    # the clerk knows it is Lee's Beagle, and picks it
    chosen = desk.post(
        detail_url,
        data={"choice": str(namesake.pk), "csrfmiddlewaretoken": token},
        headers={"Referer": detail_url},
        timeout=TIMEOUT,
    )
    assert chosen.status_code == 200 and chosen.url == detail_url

    # evening: the clinic sees both certificates recorded, each on its dog
    for number, dog in (("RR-1", chipped), ("RR-2", namesake)):
        seen = clinic.get(f"{api}/clinics/certificates/{number}", timeout=TIMEOUT).json()
        assert (seen["status"], seen["dog_id"]) == ("recorded", dog.pk)
    assert sorted(RabiesVaccination.objects.values_list("dog_id", "certificate_number")) == sorted(
        [(chipped.pk, "RR-1"), (namesake.pk, "RR-2")]
    )
