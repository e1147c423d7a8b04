"""Issue 12 item 3: an owner signed in reports a dog lost and found again; a lookup of a dog
reported lost says so and tells the owner and staff at once. Only the household's own dogs."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.utils import timezone

from dogtag.found.models import Lookup, LostReport
from dogtag.outbox import tasks
from dogtag.outbox.models import OutboxMessage

from .conftest import look_up, sign_in

pytestmark = pytest.mark.django_db

LOST = {"last_seen_at": "2026-11-29T07:30", "last_seen_where": "Viking Blvd and Nowthen Blvd"}


def signed_in(email: str = "pat@example.org") -> Client:
    client = Client()
    sign_in(client, email)
    return client


def test_an_owner_reports_a_dog_lost_from_the_household_page(pat):
    _owner, dog, _license = pat
    client = signed_in()
    # given the household page links to the dog's lost report
    household = client.get("/residents/household/").content.decode()
    assert f'href="/residents/found/lost/{dog.pk}/"' in household
    assert client.get(f"/residents/found/lost/{dog.pk}/").status_code == 200
    # when Pat reports Biscuit lost
    response = client.post(f"/residents/found/lost/{dog.pk}/", LOST | {"note": "Shy; red collar"})
    # then the report is stored with who and when, and its history names the resident
    assert response.status_code == 302
    report = LostReport.objects.get()
    assert (report.dog, report.reported_by.email, report.reported_at) == (
        dog,
        "pat@example.org",
        timezone.now(),
    )
    assert (report.last_seen_where, report.note, report.found_again_at) == (
        "Viking Blvd and Nowthen Blvd",
        "Shy; red collar",
        None,
    )
    assert report.last_seen_at == dt.datetime(
        2026, 11, 29, 7, 30, tzinfo=timezone.get_current_timezone()
    )
    assert report.history.get().history_user == report.reported_by.user


def test_a_lookup_of_a_lost_dog_says_so_and_tells_owner_and_staff(pat, officer, smtp):
    _owner, dog, _license = pat
    signed_in().post(f"/residents/found/lost/{dog.pk}/", LOST)
    # when a finder looks up Biscuit's tag
    html = look_up(Client(), "T26-00001").content.decode()
    # then the page says she was reported lost, and thanks them
    assert "This dog was reported lost" in html
    assert "Thank you: the owner and the city have been told" in html
    # and the place she was last seen (the owner's words) is not shown
    assert "Viking Blvd" not in html
    # and the lookup is logged against the report
    assert Lookup.objects.get().lost == LostReport.objects.get()
    # and the owner and staff are e-mailed at once (Pat's sign-in link went when she signed in)
    assert tasks.send_due_messages.call() == 2
    by_address = {m["X-Envelope-To"]: m for m in smtp.received}
    assert sorted(by_address) == ["animal.control@nowthen.example", "pat@example.org"]
    assert by_address["pat@example.org"]["Subject"] == "Your lost dog Biscuit was just looked up"
    assert (
        by_address["animal.control@nowthen.example"]["Subject"]
        == "A dog reported lost was looked up: Biscuit"
    )


def test_found_again_ends_the_report(pat, officer):
    _owner, dog, _license = pat
    client = signed_in()
    client.post(f"/residents/found/lost/{dog.pk}/", LOST)
    # when Pat says Biscuit is home again
    response = client.post(f"/residents/found/lost/{dog.pk}/found-again/")
    assert response.status_code == 302
    report = LostReport.objects.get()
    assert report.found_again_at == timezone.now()
    assert report.found_again_by == report.reported_by
    assert [h.history_type for h in report.history.order_by("history_id")] == ["+", "~"]
    # then a lookup no longer says she is lost, and nobody is e-mailed for it
    html = look_up(Client(), "T26-00001").content.decode()
    assert "This dog was reported lost" not in html
    assert Lookup.objects.get().lost is None
    assert OutboxMessage.objects.exclude(kind="resident_sign_in").count() == 0


def test_a_dog_already_lost_is_not_reported_twice(pat):
    _owner, dog, _license = pat
    client = signed_in()
    client.post(f"/residents/found/lost/{dog.pk}/", LOST)
    page = client.get(f"/residents/found/lost/{dog.pk}/").content.decode()
    assert "Biscuit is home again" in page
    client.post(f"/residents/found/lost/{dog.pk}/", LOST)
    assert LostReport.objects.count() == 1


def test_found_again_of_a_dog_not_lost_changes_nothing(pat):
    _owner, dog, _license = pat
    response = signed_in().post(f"/residents/found/lost/{dog.pk}/found-again/", follow=True)
    assert "Biscuit is not reported lost." in response.content.decode()
    assert LostReport.objects.count() == 0


@pytest.mark.parametrize(
    ("fields", "error"),
    [
        ({"last_seen_at": ""}, "This field is required."),
        ({"last_seen_at": "2026-11-30T08:00"}, "That time is still to come."),
        ({"last_seen_where": ""}, "This field is required."),
        ({"last_seen_where": "w" * 201}, "Ensure this value has at most 200 characters"),
    ],
)
def test_a_lost_report_with_a_mistake_is_refused(pat, fields, error):
    _owner, dog, _license = pat
    response = signed_in().post(f"/residents/found/lost/{dog.pk}/", LOST | fields)
    assert response.status_code == 400
    assert error in response.content.decode()
    assert LostReport.objects.count() == 0


def test_another_households_dog_answers_404_and_nothing_is_written(pat, lee):
    # given Pat signed in, and Lee's Rocket
    _owner, rocket, _license = lee
    client = signed_in()
    # when Pat tries Rocket's lost report and found-again addresses
    assert client.get(f"/residents/found/lost/{rocket.pk}/").status_code == 404
    assert client.post(f"/residents/found/lost/{rocket.pk}/", LOST).status_code == 404
    assert client.post(f"/residents/found/lost/{rocket.pk}/found-again/").status_code == 404
    # then nothing was written
    assert LostReport.objects.count() == 0


def test_lost_reports_need_a_signed_in_resident(pat):
    _owner, dog, _license = pat
    response = Client().post(f"/residents/found/lost/{dog.pk}/", LOST)
    assert response.status_code == 302
    assert response["Location"].startswith("/residents/sign-in/")
    assert LostReport.objects.count() == 0
