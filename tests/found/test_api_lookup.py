"""Issue 25 item 2.6: the API's public tag lookup (``/api/v1/public/tags/{serial}``) is the
found-dog page's lookup by another door: the same limit per address, counted together with the
page's (so the API is no way around it), the same log (Office > Found dogs), and the same notice
to a lost dog's owner and staff. Its answer keeps the documented shape."""

from __future__ import annotations

import pytest
from django.test import Client

from dogtag.found.models import Lookup, LostReport
from dogtag.outbox.models import OutboxMessage

from .conftest import look_up, sign_in

pytestmark = pytest.mark.django_db

API = "/api/v1/public/tags/"
ADDRESS = "203.0.113.9"


def test_the_api_counts_with_the_page_and_is_refused_once_the_page_is(pat):
    page_client = Client(REMOTE_ADDR=ADDRESS)
    api_client = Client(REMOTE_ADDR=ADDRESS)
    # Given one address that looked up 20 numbers on the page and 10 through the API this hour
    for _ in range(20):
        assert look_up(page_client, "T26-00001").status_code == 200
    for _ in range(10):
        assert api_client.get(f"{API}T26-00001").status_code == 200
    # When it asks the API, and the page, once more
    refused = api_client.get(f"{API}T26-00001")
    page = look_up(page_client, "T26-00001")
    # Then both are refused (the API with a problem detail that says why), and neither refused
    # lookup is logged
    assert refused.status_code == 429
    assert refused["Content-Type"] == "application/problem+json"
    assert refused.json() == {
        "type": "about:blank",
        "title": "Too Many Requests",
        "status": 429,
        "detail": (
            "Too many lookups from your address in the last hour (30, with the found-dog "
            "page's). Please wait an hour and try again."
        ),
        "instance": f"{API}T26-00001",
        "findings": [],
        "errors": [],
    }
    assert page.status_code == 429
    assert Lookup.objects.count() == 30
    # while another address may still look up through the API
    assert Client(REMOTE_ADDR="198.51.100.7").get(f"{API}T26-00001").status_code == 200
    assert Lookup.objects.count() == 31


def test_the_page_s_limit_reached_refuses_the_api_too(pat):
    # Given the page said 429 to an address after its 30 lookups
    client = Client(REMOTE_ADDR=ADDRESS)
    for _ in range(30):
        look_up(client, "T26-00001")
    assert look_up(client, "T26-00001").status_code == 429
    # When the address turns to the API, again and again
    answers = [client.get(f"{API}T26-00001").status_code for _ in range(5)]
    # Then the API refuses it as well, and logs nothing more
    assert answers == [429] * 5
    assert Lookup.objects.count() == 30


def test_an_api_lookup_is_logged_as_the_page_logs_it(pat, officer):
    _owner, dog, _license = pat
    # When a tag is looked up through the API, and a serial that is no tag
    found = Client(REMOTE_ADDR=ADDRESS).get(f"{API}T26-00001")
    missing = Client(REMOTE_ADDR=ADDRESS).get(f"{API}T26-99999")
    # Then the answers are as documented
    assert found.status_code == 200
    assert missing.status_code == 404
    # and both lookups are in the log, as the page would have written them
    logged = list(
        Lookup.objects.order_by("pk").values_list(
            "typed", "normalised", "client_address", "matched_by", "dog", "licensed", "lost"
        )
    )
    assert logged == [
        ("T26-00001", "T2600001", ADDRESS, "tag", dog.pk, True, None),
        ("T26-99999", "T2699999", ADDRESS, "", None, False, None),
    ]
    # and staff see them on Office > Found dogs
    staff = Client()
    staff.force_login(officer)
    html = staff.get("/office/found-dogs/").content.decode()
    assert '<td data-label="Number typed">T26-00001</td>' in html
    assert '<td data-label="Number typed">T26-99999</td>' in html


def test_an_api_lookup_of_a_lost_dog_tells_the_owner_and_staff(pat, officer):
    _owner, dog, license_ = pat
    resident = Client()
    sign_in(resident, "pat@example.org")
    resident.post(
        f"/residents/found/lost/{dog.pk}/",
        {"last_seen_at": "2026-11-29T07:30", "last_seen_where": "Viking Blvd"},
    )
    # When a finder looks Biscuit's tag up through the API
    response = Client(REMOTE_ADDR=ADDRESS).get(f"{API}T26-00001")
    # Then the answer keeps its documented shape: public fields only, no owner
    assert response.status_code == 200
    assert response.json() == {
        "serial": "T26-00001",
        "status": "issued",
        "license": {
            "number": license_.number,
            "kind": "new",
            "issued_on": "2026-11-02",
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
    # and the lookup is logged against the report, and the owner and staff are told at once
    assert Lookup.objects.get().lost == LostReport.objects.get()
    told = OutboxMessage.objects.exclude(kind="resident_sign_in").order_by("to")
    assert [(m.to, m.kind) for m in told] == [
        ("animal.control@nowthen.example", "found_lost_dog_seen_staff"),
        ("pat@example.org", "found_lost_dog_seen"),
    ]


def test_the_document_names_the_429_as_a_problem_detail(db):
    document = Client().get("/api/v1/openapi.json").json()
    responses = document["paths"]["/api/v1/public/tags/{serial}"]["get"]["responses"]
    assert responses["429"] == {
        "description": (
            "Too many lookups from the client's address in the last hour, counted with the "
            "found-dog page's (/residents/found/)."
        ),
        "content": {
            "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}
        },
    }
