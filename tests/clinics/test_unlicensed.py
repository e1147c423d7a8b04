"""Vaccinated in the city, never licensed (issue 13 item 2): a certificate for a dog holding no
license is a row of the due list, its date from the rules core (3-2-2.D six months of age, else
3-2-2.A from the vaccination), and the owners are reached by letter and e-mail."""

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from dogtag.clinics import services
from dogtag.clinics.unlicensed import KEY, unlicensed_sections
from dogtag.licensing.due import due_list
from dogtag.outbox.models import OutboxMessage
from dogtag.records.models import Decision
from dogtag.records.services import city_params
from tests.clinics.conftest import D

pytestmark = pytest.mark.django_db

TODAY = D(2026, 11, 29)


def received(actor, **values):
    base = {
        "certificate_number": "RR-1",
        "veterinarian": "Dr. Ana Lindqvist, DVM",
        "vaccinated_on": D(2026, 11, 20),
        "duration_years": 1,
        "expires_on": D(2027, 11, 20),
        "owner_name": "Sam Lund",
        "owner_street": "1 Main St NW",
        "owner_email": "sam@example.org",
        "dog_name": "Rex",
    }
    return services.receive_certificate(clinic="Rum River", values={**base, **values}, actor=actor)


def section():
    return unlicensed_sections(TODAY, city_params())[0]


@pytest.mark.parametrize(
    "born, required_from, overdue, line",
    [
        # six months of age passed before the vaccination: required since then (3-2-2.D, A)
        (D(2025, 1, 10), D(2025, 7, 10), True, "Born Fri 2025-01-10."),
        # a puppy: required from six months of age
        (D(2026, 9, 1), D(2027, 3, 1), False, "Born Tue 2026-09-01."),
        # no birth date: from the vaccination day at the latest
        (None, D(2026, 11, 20), True, "No birth date is known"),
    ],
)
def test_a_dog_the_city_has_no_record_of_is_listed_with_its_clock(
    admin_user, clerk, born, required_from, overdue, line
):
    # given a certificate the clerk marked as a dog the city has no record of
    certificate = received(admin_user, born=born).certificate
    services.resolve_certificate(certificate=certificate, dog=None, actor=clerk)
    # when the due list is read, then it lists the dog, with the day a license is required
    (row,) = section().rows
    assert (row.subject_name, row.owner_name, row.date, row.overdue) == (
        "Rex",
        "Sam Lund",
        required_from,
        overdue,
    )
    assert row.sections == ("3-2-2.A", "3-2-2.D")
    assert any(text.startswith(line) for text in row.explanation)
    assert any("3-2-2.E" in text for text in row.explanation)


def test_a_recorded_certificate_counts_until_the_dog_is_licensed(key_for, admin_user, dog):
    # given Biscuit's certificate recorded on her, and no license
    certificate = received(
        admin_user,
        owner_name="Pat Gustafson",
        owner_street="7120 Viking Blvd NW",
        dog_name="Biscuit",
        breed="Labrador retriever",
        sex="female",
    ).certificate
    assert certificate.status == "recorded"
    # then she is on the list, from six months of age (born 2026-05-20)
    (row,) = section().rows
    assert (row.subject_name, row.date) == ("Biscuit", D(2026, 11, 20))
    # and the due list of the desk shows the section
    assert KEY in [s.key for s in due_list(TODAY).sections]


def test_a_queued_certificate_is_not_listed_yet(admin_user):
    received(admin_user, dog_name="Rex", owner_name="Sam Lund")
    assert section().rows == ()


def test_the_reminders_go_by_letter_and_once_by_email(signed_in, admin_user, clerk):
    # given two dogs the city has no record of, of two owners, one with an e-mail address
    for number, name, email in (("RR-1", "Sam Lund", "sam@example.org"), ("RR-2", "Kim Ode", "")):
        certificate = received(
            admin_user, certificate_number=number, owner_name=name, owner_email=email
        )
        services.resolve_certificate(certificate=certificate.certificate, dog=None, actor=clerk)
    client = signed_in(clerk)
    # when the clerk prints the letters, then there is one letter an owner
    letters = client.get(reverse("unlicensed_letters"))
    assert (letters.status_code, letters["Content-Type"]) == (200, "application/pdf")
    assert len(PdfReader(io.BytesIO(letters.content)).pages) == 2
    # when the clerk sends the e-mails twice, then the one owner with an address gets one
    for _ in range(2):
        assert client.post(reverse("unlicensed_email")).status_code == 302
    (message,) = OutboxMessage.objects.all()
    assert (message.to, message.kind) == ("sam@example.org", "unlicensed_reminder")
    assert "needs a City dog license" in message.subject
    assert Decision.objects.filter(action="clinics.email_unlicensed_reminders").count() == 2


def test_the_due_list_page_and_the_api_show_the_section(signed_in, key_for, admin_user, clerk):
    # given a dog the city has no record of
    certificate = received(admin_user).certificate
    services.resolve_certificate(certificate=certificate, dog=None, actor=clerk)
    # when the clerk opens the due list, then the section lists it, linked to its certificate
    page = signed_in(clerk).get(reverse("due_list"))
    assert page.status_code == 200
    assert "Vaccinated in the city, never licensed" in page.text
    assert reverse("certificate_detail", args=[certificate.pk]) in page.text
    # and the API's due list has the same row
    rows = key_for("clerk").get(f"/api/v1/due?section={KEY}").json()["items"]
    assert [(r["subject_id"], r["subject_name"], r["owner_id"], r["date"]) for r in rows] == [
        (certificate.pk, "Rex", 0, "2026-11-20")
    ]


def page_texts(content: bytes) -> list[str]:
    return [" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(content)).pages]


def test_an_owner_with_two_dogs_gets_one_letter_listing_both(signed_in, admin_user, clerk):
    # given two dogs of Sam Lund (the second certificate spelling the name and street in
    # another case and spacing, as the matching compares them) and one dog of Kim Ode at the
    # same street, none of them on the city's records
    for number, name, street, dog, born in (
        ("RR-1", "Sam Lund", "1 Main St NW", "Rex", D(2025, 1, 10)),
        ("RR-2", "SAM  LUND", "1 main st nw", "Fido", None),
        ("RR-3", "Kim Ode", "1 Main St NW", "Bo", D(2026, 9, 1)),
    ):
        certificate = received(
            admin_user,
            certificate_number=number,
            owner_name=name,
            owner_street=street,
            dog_name=dog,
            born=born,
            owner_email="sam@example.org" if number == "RR-2" else "",
        ).certificate
        services.resolve_certificate(certificate=certificate, dog=None, actor=clerk)
    client = signed_in(clerk)
    # when the clerk prints the letters
    response = client.get(reverse("unlicensed_letters"))
    # then there are exactly two letters, one a page: Sam Lund's lists both dogs with the day
    # each needed a license (3-2-2.D six months of age; without a birth date, 3-2-2.A from the
    # vaccination), Kim Ode's her puppy's day still ahead
    sam, kim = page_texts(response.content)
    assert sam.count("Dear Sam Lund,") == 1
    assert "Your dogs need City dog licenses" in sam
    assert (
        "Rex: vaccinated against rabies by Rum River on November 20, 2026 (certificate RR-1, "
        "valid until November 20, 2027). A license is required since July 10, 2025 "
        "(3-2-2.A, 3-2-2.D)." in sam
    )
    assert (
        "Fido: vaccinated against rabies by Rum River on November 20, 2026 (certificate RR-2, "
        "valid until November 20, 2027). A license is required since November 20, 2026 "
        "(3-2-2.A, 3-2-2.D)." in sam
    )
    assert "Bo:" not in sam and "Kim Ode" not in sam
    assert "Dear Kim Ode," in kim and "Your dog needs a City dog license" in kim
    assert "Bo: vaccinated against rabies by Rum River on November 20, 2026" in kim
    assert "A license is required from March 1, 2027 (3-2-2.A, 3-2-2.D)." in kim
    assert "Rex" not in kim and "Fido" not in kim
    # and the one e-mail goes to Sam Lund, about both dogs, once
    for _ in range(2):
        client.post(reverse("unlicensed_email"))
    (message,) = OutboxMessage.objects.all()
    assert (message.to, message.subject) == (
        "sam@example.org",
        "Your dogs Rex and Fido need City dog licenses",
    )
    assert (
        "- Rex: vaccinated by Rum River on November 20, 2026; a license is required since "
        "July 10, 2025 (3-2-2.A, 3-2-2.D).\n- Fido: vaccinated by Rum River on November 20, "
        "2026; a license is required since November 20, 2026 (3-2-2.A, 3-2-2.D).\n"
    ) in message.body
