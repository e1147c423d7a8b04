"""Issue 12 item 3: the public found-dog lookup. A tag, license or microchip number answers
whether the dog is licensed in the city today, with only the public fields; every lookup is
logged; a client address is limited to 30 lookups an hour."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from dogtag.found.matching import normalise
from dogtag.found.models import Lookup
from dogtag.licensing.models import Tag
from dogtag.residents.models import Throttle

from .conftest import CHIP, look_up

pytestmark = pytest.mark.django_db


def text(response) -> str:
    """The page's words, tags removed and spaces collapsed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode())).strip()


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("T26-00001", "T2600001"),
        ("  t26 00001 ", "T2600001"),
        ("t26–00001", "T2600001"),  # an en dash, as a phone's keyboard types it
        ("2026-00001", "202600001"),
        ("985 112 003 456 789", "985112003456789"),
        ("985.112.003.456.789", "985112003456789"),
    ],
)
def test_a_number_is_compared_trimmed_upper_case_without_separators(typed, expected):
    assert normalise(typed) == expected


@pytest.mark.parametrize(
    ("typed", "by", "heading", "says"),
    [
        (
            "T26-00001",
            "tag",
            "This dog is licensed in the city",
            "Its license is in force today and expires on Oct. 1, 2027 (City Code 3-2-2.A",
        ),
        (
            " t26 00001",
            "tag",
            "This dog is licensed in the city",
            "The number you typed is the city’s tag T26-00001, given with the dog’s license "
            "(City Code 3-2-3.A).",
        ),
        (
            "2026-00001",
            "license",
            "This dog is licensed in the city",
            "The number you typed is the dog’s license number (City Code 3-2-2.A).",
        ),
        (
            "202600001",
            "license",
            "This dog is licensed in the city",
            "Its license is in force today and expires on Oct. 1, 2027",
        ),
        (
            "985-112-003-456-789",
            "microchip",
            "This dog is licensed in the city",
            "The number you typed is the dog’s microchip.",
        ),
    ],
)
def test_a_licensed_dog_is_found_by_tag_license_or_microchip(pat_chipped, typed, by, heading, says):
    # given Pat's Biscuit, licensed until 2027-10-01, tag T26-00001, license 2026-00001, chipped
    _owner, dog, _license = pat_chipped
    # when a finder looks up the number as typed
    response = look_up(Client(), typed)
    # then the page answers that the dog is licensed, citing the section, and shows the dog
    assert response.status_code == 200
    page = text(response)
    assert heading in page
    assert says in page
    assert "Name Biscuit" in page
    assert "Breed Labrador retriever" in page
    # and the lookup is logged: the number as typed, what it matched, the dog, the answer
    logged = Lookup.objects.get()
    assert (logged.typed, logged.matched_by, logged.dog, logged.licensed) == (
        typed.strip(),
        by,
        dog,
        True,
    )
    assert logged.client_address == "127.0.0.1"


def test_a_dog_whose_license_expired_is_not_licensed_now(expired):
    # given Juno, whose license ended with her vaccination on 2026-01-10
    _owner, dog, license_ = expired
    tag = Tag.objects.get(license=license_)
    # when her tag is looked up on 2026-11-29
    page = text(look_up(Client(), tag.serial))
    # then the page says she is not licensed now, since when, and why it matters
    assert "This dog is not licensed in the city now" in page
    assert (
        "Its last license ended on Jan. 10, 2026 (City Code 3-2-2.A: a dog kept in the city "
        "must be licensed)." in page
    )
    assert Lookup.objects.get().licensed is False
    assert Lookup.objects.get().dog == dog


def test_a_dog_never_licensed_is_found_by_its_microchip(unlicensed):
    _owner, dog = unlicensed
    page = text(look_up(Client(), "981020000111222"))
    assert "This dog is not licensed in the city" in page
    assert "it has no license (City Code 3-2-2.A" in page
    assert "Name Pepper" in page
    assert (Lookup.objects.get().dog, Lookup.objects.get().matched_by) == (dog, "microchip")


@pytest.mark.parametrize("typed", ["T26-99999", "2026-99999", "123456789012345", "T26-00019"])
def test_an_unknown_number_says_so_and_what_to_do(pat, typed):
    # given Pat's licensed dog, and numbers that are no issued tag, license or microchip (a tag
    # still in stock, T26-00019, was never given to a dog)
    response = look_up(Client(), typed)
    page = text(response)
    # then the page says plainly that no dog has it, and to call City Hall or animal control
    assert response.status_code == 200
    assert f"No dog licensed in the city has the number {typed}" in page
    assert "call City Hall or animal control" in page
    assert "Biscuit" not in page
    assert 'action="/residents/found/message/"' not in response.content.decode()
    # and the lookup is logged as not found
    logged = Lookup.objects.get()
    assert (logged.typed, logged.dog, logged.matched_by, logged.licensed) == (
        typed,
        None,
        "",
        False,
    )


@pytest.mark.parametrize("typed", ["", "   ", "--", "<script>", "x" * 41, "A" * 21])
def test_a_number_that_is_no_number_is_refused_and_not_logged(pat, typed):
    response = look_up(Client(), typed)
    assert response.status_code == 400
    assert 'class="usa-error-message"' in response.content.decode()
    assert Lookup.objects.count() == 0
    assert Throttle.objects.count() == 0


def test_the_lookup_page_answers_a_get_without_writing():
    response = Client().get("/residents/found/")
    assert response.status_code == 200
    assert "Found a dog? Look up its tag" in text(response)
    assert Lookup.objects.count() == 0


def test_the_owner_is_never_on_the_page(pat_chipped):
    """Issue 12 Done-means: each private field's VALUE is absent from the result page."""
    owner, dog, _license = pat_chipped
    html = look_up(Client(), "T26-00001").content.decode()
    # the page is the result page
    assert "Biscuit" in html
    digits = re.sub(r"\D", "", owner.phone)  # +17635550142 stored
    private = [
        owner.name,
        "Gustafson",
        owner.street,
        "7120 Viking",
        owner.email,
        "pat@example",
        owner.postal_code,
        owner.phone,
        "763-555-0142",
        "(763) 555-0142",
        "763.555.0142",
        "555-0142",
        digits,
        digits[1:],
        CHIP,  # the microchip is private too (data_practices: dog.microchip)
        dog.born.isoformat(),
    ]
    for value in private:
        assert value not in html, value


def test_a_field_the_city_makes_private_leaves_the_page(pat, settings):
    # given the city classifies the dog's breed and the license's expiry private
    settings.DOGTAG_PRIVATE_FIELDS = "dog.breed,license.expires_on"
    html = text(look_up(Client(), "T26-00001"))
    # then neither is listed among the dog's and license's facts
    assert "Breed" not in html
    assert "Expires Oct. 1, 2027" not in html
    assert "Name Biscuit" in html


def test_lookups_are_limited_per_address(pat, settings):
    # given one address has looked up 30 numbers this hour
    client = Client(REMOTE_ADDR="203.0.113.9")
    for _ in range(30):
        assert look_up(client, "T26-00001").status_code == 200
    # when it looks up one more
    response = look_up(client, "T26-00001")
    # then it is refused with 429, and the refused lookup is not logged
    assert response.status_code == 429
    assert "Too many requests" in text(response)
    assert Lookup.objects.count() == 30
    # while another address may still look up
    assert look_up(Client(REMOTE_ADDR="198.51.100.7"), "T26-00001").status_code == 200
    assert Lookup.objects.count() == 31


def test_the_answer_is_in_spanish_for_a_spanish_browser(pat):
    response = look_up(Client(), "T26-00001", HTTP_ACCEPT_LANGUAGE="es")
    page = text(response)
    assert "Este perro tiene licencia en la ciudad" in page
    assert "(Código de la Ciudad 3-2-2.A" in page
    assert "Sexo hembra" in page
    assert "Esterilizado o castrado sí" in page


def test_the_answer_page_only_reads_and_needs_the_citys_token(pat):
    # given a lookup made, and its answer's address
    client = Client()
    response = client.post("/residents/found/", {"number": "T26-00001"})
    assert response.status_code == 302
    # when the answer is opened again (a reload, the back button)
    for _ in range(2):
        assert "This dog is licensed in the city" in text(client.get(response["Location"]))
    # then the lookup was logged once
    assert Lookup.objects.count() == 1
    # and an address the city did not sign answers "not found"
    forged = response["Location"].replace("/answer/", "/answer/x")
    assert client.get(forged).status_code == 404
    assert Client().get("/residents/found/answer/1/").status_code == 404


def test_an_address_that_is_no_ip_address_is_logged_as_unknown(pat):
    # given a proxy set up to pass on whatever the client wrote, which the server's edge
    # (dogtag.serving.edge) then gives as the client's address
    response = look_up(Client(REMOTE_ADDR="unknown"), "T26-00001")
    assert response.status_code == 200
    assert Lookup.objects.get().client_address is None


@pytest.mark.parametrize(
    ("language", "cited"),
    [
        ("en", "the city’s tag (City Code § 503.09(1), (4))."),
        ("es", "(Código de la Ciudad § 503.09(1), (4))."),
    ],
)
def test_an_unknown_number_in_lino_lakes_cites_its_code_in_its_own_form(
    pat, monkeypatch, language, cited
):
    # given Lino Lakes in force, whose code names a section "City Code § 503.09(1)"
    monkeypatch.setenv("DOGTAG_JURISDICTION", "lino-lakes")
    page = text(look_up(Client(), "T26-99999", HTTP_ACCEPT_LANGUAGE=language))
    # then the page names its sections in that form, in the reader's language
    assert cited in page
    assert "3-2-" not in page
