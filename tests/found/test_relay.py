"""Issue 12 items 3, 6 and 8: a finder's message relayed by the city to the dog's owner (by
e-mail, read here from a real SMTP server) and to staff, never showing the finder the owner;
bounded, honeypot, rate-limited, and stored with its time."""

from __future__ import annotations

import datetime as dt
import re

import pytest
import time_machine
from django.test import Client
from django.utils import timezone

from dogtag.found.models import Lookup, RelayMessage
from dogtag.outbox import tasks
from dogtag.outbox.models import OutboxMessage
from dogtag.residents.models import Throttle

from .conftest import look_up

pytestmark = pytest.mark.django_db

MESSAGE = "Found her by the Rum River trail, she is safe in our yard."


def relay_form(client: Client, number: str = "T26-00001") -> dict[str, str]:
    """The relay form of a lookup's result, as the browser would send it."""
    html = look_up(client, number).content.decode()
    token = re.search(r'name="token" value="([^"]+)"', html).group(1)
    return {"token": token}


def send(client: Client, form: dict[str, str], **fields: str):
    return client.post("/residents/found/message/", form | fields)


def body(message) -> str:
    part = next(p for p in message.walk() if p.get_content_type() == "text/plain")
    return part.get_payload(decode=True).decode().replace("\r\n", "\n")


def test_a_finders_message_reaches_the_owner_and_staff_by_e_mail(pat, officer, desk_clerk, smtp):
    # given a finder who looked up Biscuit's tag
    client = Client()
    form = relay_form(client)
    # when they write to the owner with a phone number and an e-mail address
    response = send(
        client,
        form,
        message=MESSAGE,
        finder_name="Kim",
        finder_phone="763-555-0100",
        finder_email="kim@example.net",
    )
    # then they are thanked, and never see the owner
    assert response.status_code == 302
    assert response["Location"] == "/residents/found/message/sent/"
    page = client.get(response["Location"]).content.decode()
    assert "Your message was sent" in page
    assert "pat@example.org" not in page and "Gustafson" not in page
    # and the message is stored with its time and the lookup it answers
    stored = RelayMessage.objects.get()
    assert (stored.dog.name, stored.message, stored.finder_phone, stored.owner_emailed) == (
        "Biscuit",
        MESSAGE,
        "763-555-0100",
        True,
    )
    assert stored.received_at == timezone.now()
    assert stored.lookup == Lookup.objects.get()
    # and the worker sends it to the owner and to each member of staff who sees found dogs
    assert tasks.send_due_messages.call() == 3
    by_address = {m["X-Envelope-To"]: m for m in smtp.received}
    assert sorted(by_address) == [
        "animal.control@nowthen.example",
        "clerk@nowthen.example",
        "pat@example.org",
    ]
    owner_mail = by_address["pat@example.org"]
    assert owner_mail["Subject"] == "Someone found Biscuit and wrote to you"
    text = body(owner_mail)
    assert MESSAGE in text
    assert "Name: Kim\nPhone: 763-555-0100\nE-mail: kim@example.net" in text
    assert "The city did not give them your name, address, phone or e-mail" in text
    staff_mail = by_address["animal.control@nowthen.example"]
    assert staff_mail["Subject"] == "Found dog: a message for the owner of Biscuit"
    assert MESSAGE in body(staff_mail)
    assert "The message was sent to the owner by e-mail." in body(staff_mail)


def test_an_owner_without_e_mail_consent_is_phoned_by_staff(pat, officer, smtp):
    # given Biscuit's owner did not agree to e-mail
    owner, _dog, _license = pat
    owner.email_consent = False
    owner.save(update_fields=["email_consent"])
    client = Client()
    # when a finder writes
    assert (
        send(client, relay_form(client), message=MESSAGE, finder_phone="763-555-0100").status_code
        == 302
    )
    # then only staff are e-mailed, asked to phone the owner
    assert RelayMessage.objects.get().owner_emailed is False
    assert tasks.send_due_messages.call() == 1
    [mail] = smtp.received
    assert mail["X-Envelope-To"] == "animal.control@nowthen.example"
    assert "please phone the owner" in body(mail)
    assert not OutboxMessage.objects.filter(to="pat@example.org").exists()


@pytest.mark.parametrize(
    ("fields", "error"),
    [
        ({"message": ""}, "This field is required."),
        ({"message": "x" * 2001}, "Ensure this value has at most 2000 characters (it has 2001)."),
        ({"finder_phone": "", "finder_email": ""}, "Give a phone number or an e-mail address"),
        ({"finder_phone": "call me"}, "Type a phone number with its digits"),
        ({"finder_email": "not an address"}, "Enter a valid email address."),
        ({"finder_name": "n" * 101}, "Ensure this value has at most 100 characters (it has 101)."),
    ],
)
def test_a_message_with_a_mistake_is_shown_again_and_nothing_is_sent(pat, officer, fields, error):
    client = Client()
    form = relay_form(client)
    good = {"message": MESSAGE, "finder_phone": "763-555-0100", "finder_email": ""}
    response = send(client, form, **(good | fields))
    assert response.status_code == 400
    html = response.content.decode()
    assert error in html
    # the result is shown again with the form (and the lookup is not logged twice)
    assert "This dog is licensed in the city" in html
    assert "Biscuit" in html
    assert Lookup.objects.count() == 1
    assert RelayMessage.objects.count() == 0
    assert OutboxMessage.objects.count() == 0


def test_a_filled_honeypot_is_answered_as_sent_and_nothing_is_stored(pat, officer):
    client = Client()
    form = relay_form(client)
    response = send(client, form, message=MESSAGE, finder_phone="763-555-0100", website="spam")
    assert response.status_code == 302
    assert response["Location"] == "/residents/found/message/sent/"
    assert RelayMessage.objects.count() == 0
    assert OutboxMessage.objects.count() == 0


@pytest.mark.parametrize("token", ["", "1", "forged:abc"])
def test_a_message_needs_a_lookup_signed_by_the_city(pat, officer, token):
    # a message cannot be aimed at a dog by its id: only a lookup's signed token names it
    response = send(Client(), {"token": token}, message=MESSAGE, finder_phone="763-555-0100")
    assert response.status_code == 400
    assert "Please look up the number again" in response.content.decode()
    assert RelayMessage.objects.count() == 0


def test_a_lookup_token_is_good_for_a_day(pat, officer):
    client = Client()
    form = relay_form(client)
    with time_machine.travel(timezone.now() + dt.timedelta(hours=24, seconds=1), tick=False):
        response = send(client, form, message=MESSAGE, finder_phone="763-555-0100")
    assert response.status_code == 400
    assert RelayMessage.objects.count() == 0


def test_no_relay_form_for_a_number_not_found(pat):
    html = look_up(Client(), "T26-99999").content.decode()
    assert 'name="token"' not in html


def test_messages_are_limited_per_address(pat, officer):
    client = Client(REMOTE_ADDR="203.0.113.9")
    form = relay_form(client)
    for _ in range(5):
        assert send(client, form, message=MESSAGE, finder_phone="763-555-0100").status_code == 302
    response = send(client, form, message=MESSAGE, finder_phone="763-555-0100")
    assert response.status_code == 429
    assert RelayMessage.objects.count() == 5
    assert Throttle.objects.filter(key="found-relay:ip:203.0.113.9").get().count == 5
