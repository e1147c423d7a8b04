"""Two households, each with an e-mail address and a licensed dog, and signing in as a resident
the way a resident does: ask for a link, read it from the mail the outbox sends (the token is
made as it is sent, never stored), follow it, press Sign in."""

import re
from urllib.parse import urlsplit

import pytest
from django.core import mail
from django.test import Client, override_settings

from dogtag.licensing import services
from dogtag.outbox import sending
from dogtag.outbox.models import OutboxMessage
from tests.licensing import conftest as licensing
from tests.licensing.conftest import D, cash

# The licensing tests' clerk, tag stock and frozen day (2026-11-29).
clerk = licensing.clerk
stock = licensing.stock
frozen_today = licensing.frozen_today

LINK = re.compile(r"https?://\S+/residents/sign-in/link/\?\S+")


def household(clerk, *, name, email, dog_name, street):
    owner = services.register_owner(
        actor=clerk,
        name=name,
        street=street,
        postal_code="55303",
        phone="763-555-0142",
        email=email,
        email_consent=True,
    )
    dog = services.register_dog(
        owner=owner,
        actor=clerk,
        name=dog_name,
        breed="Labrador retriever",
        color="Yellow",
        sex="female",
        sterilized=True,
        born=D(2024, 5, 20),
    )
    rabies = services.record_rabies_vaccination(
        dog=dog,
        actor=clerk,
        vaccinated_on=D(2026, 10, 1),
        expires_on=D(2027, 10, 1),
        duration_years=1,
        veterinarian="Dr. Ana Lindqvist, DVM",
    )
    issued = services.issue_license(
        dog=dog, rabies=rabies, kind="new", on=D(2026, 11, 2), payment=cash("9.00"), actor=clerk
    )
    return owner, dog, issued.license


@pytest.fixture
def pat(clerk, stock):
    return household(
        clerk,
        name="Pat Gustafson",
        email="pat@example.org",
        dog_name="Biscuit",
        street="7120 Viking Blvd NW",
    )


@pytest.fixture
def lee(clerk, stock):
    return household(
        clerk,
        name="Lee Okafor",
        email="lee@example.org",
        dog_name="Rocket",
        street="19100 Nowthen Blvd NW",
    )


def last_link(email: str) -> str:
    """The link in the latest sign-in e-mail to ``email``, sent now as the worker sends it
    (through Django's test backend, so a test's own mail server receives only its own mail)."""
    message = OutboxMessage.objects.filter(to=email, kind="resident_sign_in").latest("pk")
    with override_settings(EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend"):
        sending.send_message(message.pk)
    [sent] = [m for m in mail.outbox if m.extra_headers.get("X-Dogtag-Message") == message.key]
    return LINK.search(sent.body).group(0)


def follow(client: Client, link: str):
    parts = urlsplit(link)
    page = client.get(f"{parts.path}?{parts.query}")
    assert page.status_code == 200
    form = page.content.decode().split('name="sesame"', 1)
    token = re.match(r' value="([^"]+)"', form[1]).group(1)
    next_page = re.search(r'name="next" value="([^"]*)"', form[1]).group(1)
    return client.post(parts.path, {"sesame": token, "next": next_page})


def sign_in(client: Client, email: str):
    response = client.post("/residents/sign-in/", {"email": email})
    assert response.status_code == 302, response.content
    return follow(client, last_link(email))
