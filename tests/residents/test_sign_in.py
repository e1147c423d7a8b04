"""Issue 12 item 1: residents sign in with a single-use, short-lived link sent by e-mail, see
only their own household, and are never signed in to the staff site."""

import datetime as dt

import pytest
import time_machine
from django.test import Client

from dogtag.outbox.models import OutboxMessage
from dogtag.residents.models import ResidentAccount, Throttle
from tests.residents.conftest import follow, last_link, sign_in

pytestmark = pytest.mark.django_db


def test_a_resident_signs_in_by_the_link_and_sees_the_household(pat):
    owner, _dog, license_ = pat
    client = Client()

    # Given a sign-in link asked for the household's address
    asked = client.post("/residents/sign-in/", {"email": "Pat@Example.org"})
    assert asked.status_code == 302
    assert asked.url == "/residents/sign-in/sent/"
    message = OutboxMessage.objects.get(kind="resident_sign_in")
    assert message.to == "pat@example.org"

    # When the resident follows it and presses Sign in
    signed_in = follow(client, last_link("pat@example.org"))

    # Then the household page shows the dog, its license and when it expires
    assert signed_in.status_code == 302
    assert signed_in.url == "/residents/household/"
    page = client.get("/residents/household/").content.decode()
    assert "Pat Gustafson" in page
    assert "Biscuit" in page
    assert f"License {license_.number}, expires" in page
    assert ResidentAccount.objects.get(email="pat@example.org").owners.get() == owner


def test_opening_the_link_does_not_use_it_up_only_pressing_sign_in_does(pat):
    client = Client()
    client.post("/residents/sign-in/", {"email": "pat@example.org"})
    link = last_link("pat@example.org")
    # A mail scanner opens the link first: the page only asks to press Sign in.
    path = link.split("://", 1)[1].split("/", 1)[1]
    assert Client().get("/" + path).status_code == 200
    assert follow(client, link).status_code == 302


def test_a_link_works_once(pat):
    client = Client()
    client.post("/residents/sign-in/", {"email": "pat@example.org"})
    link = last_link("pat@example.org")
    assert follow(client, link).status_code == 302

    again = follow(Client(), link)

    assert again.status_code == 400
    assert "already used or is too old" in again.content.decode()


def test_a_link_works_for_fifteen_minutes(pat):
    client = Client()
    client.post("/residents/sign-in/", {"email": "pat@example.org"})
    link = last_link("pat@example.org")
    with time_machine.travel(dt.timedelta(minutes=16)):
        late = follow(client, link)
    assert late.status_code == 400
    assert client.get("/residents/household/").status_code == 302


def test_an_altered_link_signs_nobody_in(pat):
    client = Client()
    client.post("/residents/sign-in/", {"email": "pat@example.org"})
    link = last_link("pat@example.org")
    token = link.split("sesame=", 1)[1].split("&", 1)[0]
    altered = token[:-2] + ("AA" if token[-2:] != "AA" else "BB")
    response = client.post("/residents/sign-in/link/", {"sesame": altered})
    assert response.status_code == 400
    assert client.get("/residents/household/").status_code == 302


def test_the_page_says_the_same_for_an_unknown_address(pat):
    known = Client().post("/residents/sign-in/", {"email": "pat@example.org"})
    unknown = Client().post("/residents/sign-in/", {"email": "nobody@example.org"})
    assert (known.status_code, known.url) == (unknown.status_code, unknown.url)


def test_a_new_address_signs_in_to_an_empty_household():
    client = Client()
    sign_in(client, "new.resident@example.org")
    page = client.get("/residents/household/").content.decode()
    assert "No household on file with this e-mail address" in page


def test_a_bad_address_is_refused_and_nothing_is_sent():
    response = Client().post("/residents/sign-in/", {"email": "not an address"})
    assert response.status_code == 400
    assert "Enter a valid email address." in response.content.decode()
    assert OutboxMessage.objects.count() == 0
    assert ResidentAccount.objects.count() == 0


def test_a_filled_honeypot_is_answered_as_sent_and_nothing_is_sent(pat):
    response = Client().post(
        "/residents/sign-in/", {"email": "pat@example.org", "website": "http://spam.example"}
    )
    assert response.status_code == 302
    assert response.url == "/residents/sign-in/sent/"
    assert OutboxMessage.objects.count() == 0


def test_sign_in_links_are_rate_limited_per_address(pat):
    client = Client()
    for n in range(5):
        assert client.post("/residents/sign-in/", {"email": f"r{n}@example.org"}).status_code == 302
    refused = client.post("/residents/sign-in/", {"email": "pat@example.org"})
    assert refused.status_code == 429
    assert "Too many requests" in refused.content.decode()
    assert OutboxMessage.objects.filter(to="pat@example.org").count() == 0


def test_sign_in_links_are_rate_limited_per_email_address_from_any_client(pat):
    for n in range(5):
        client = Client(REMOTE_ADDR=f"10.0.0.{n + 1}")
        assert client.post("/residents/sign-in/", {"email": "pat@example.org"}).status_code == 302
    refused = Client(REMOTE_ADDR="10.0.0.99").post(
        "/residents/sign-in/", {"email": "pat@example.org"}
    )
    assert refused.status_code == 429
    assert OutboxMessage.objects.filter(to="pat@example.org").count() == 5


def test_the_limit_opens_again_after_an_hour(pat):
    client = Client()
    for n in range(5):
        client.post("/residents/sign-in/", {"email": f"r{n}@example.org"})
    with time_machine.travel(dt.timedelta(hours=1, minutes=1)):
        assert client.post("/residents/sign-in/", {"email": "x@example.org"}).status_code == 302
    assert Throttle.objects.filter(key__startswith="sign-in:ip:").get().count == 1


def test_a_resident_is_not_signed_in_to_the_staff_site(pat):
    client = Client()
    sign_in(client, "pat@example.org")
    assert client.get("/residents/household/").status_code == 200
    for staff_page in ("/", "/search/?q=Pat", "/due/", "/complaints/", "/admin/"):
        response = client.get(staff_page)
        assert response.status_code == 302, staff_page
        assert "/login/" in response.url, staff_page
    assert client.get("/api/v1/licenses").status_code == 401


def test_after_sign_in_the_resident_goes_back_only_to_a_residents_page(pat):
    client = Client()
    client.post(
        "/residents/sign-in/", {"email": "pat@example.org", "next": "https://evil.example/"}
    )
    assert follow(client, last_link("pat@example.org")).url == "/residents/household/"


def test_signing_out_ends_the_residents_session(pat):
    client = Client()
    sign_in(client, "pat@example.org")
    assert client.post("/residents/sign-out/").status_code == 302
    assert client.get("/residents/household/").status_code == 302


def test_a_household_page_asks_a_visitor_to_sign_in():
    response = Client().get("/residents/household/")
    assert response.status_code == 302
    assert response.url == "/residents/sign-in/?next=/residents/household/"
