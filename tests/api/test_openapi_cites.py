"""The API's texts cite the city in force (issue 27): its summaries and descriptions are written
once with the provisions they name (``{§concept}``, ``api.citing``), and the OpenAPI document
names the sections of the city in force: Nowthen's as before, Lino Lakes' own, leaving out a
provision its law does not state, and never a Nowthen section."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from dogtag.api.citing import worded
from dogtag.law import params
from dogtag.law.provisions import sections_of

NOWTHEN = params.load(params.DEFAULT_ROOT, "nowthen")
LINO_LAKES = params.load(params.DEFAULT_ROOT, "lino-lakes")
ISSUE = "/api/v1/dogs/{dog_id}/licenses"


def _document():
    response = Client().get("/api/v1/openapi.json")
    assert response.status_code == 200
    return response.json()


def _texts(document):
    return (
        document["paths"]["/api/v1/dogs/{dog_id}/rabies-vaccinations"]["post"]["summary"],
        document["paths"][ISSUE]["post"]["summary"],
        document["paths"][ISSUE]["post"]["description"],
        document["paths"]["/api/v1/kennel-licenses"]["get"]["description"],
        document["paths"]["/api/v1/clinics/certificates"]["post"]["summary"],
        document["components"]["schemas"]["KennelLicenseOut"]["properties"]["type"]["description"],
        document["components"]["schemas"]["CertificateIn"]["description"],
    )


def test_nowthen_s_document_names_its_sections_as_before():
    assert _texts(_document()) == (
        "Record a rabies vaccination (3-2-2.G)",
        "Issue a license (3-2-2)",
        "The application and its payment, as on the license screen: the rules core decides "
        "(3-2-2.A\ncontents, D age, G rabies, B term and fee, B/E/F penalty); issuing stores the "
        "license, its\nDecision, a tag from stock and the receipt in one transaction.",
        "Private (3-2-5.A) and commercial (3-2-5.B), newest first, by number or parcel PIN.",
        "Send a rabies certificate (3-2-2.G), clinics only",
        "private (3-2-5.A) or commercial (3-2-5.B)",
        "A certificate of rabies vaccination as the clinic issued it (3-2-2.G), with its signed "
        "PDF\nin base64 if the clinic sends it. Identify the dog by its microchip, or by its name "
        "with its\nowner's name, street or phone.",
    )


def test_lino_lakes_document_names_its_own_sections_and_never_nowthen_s(monkeypatch):
    # given a process that served Nowthen's document first, then Lino Lakes in force
    assert "3-2-2.A" in json.dumps(_document())
    monkeypatch.setenv("DOGTAG_JURISDICTION", "lino-lakes")
    document = _document()
    # then each text cites Lino Lakes' sections, and leaves out the kennel licenses it lacks
    assert _texts(document) == (
        "Record a rabies vaccination (503.09(3))",
        "Issue a license (503.09)",
        "The application and its payment, as on the license screen: the rules core decides "
        "(503.09(5)(a)\ncontents, (1)(a) age, (3) rabies, (5)(c)/(5)(b) term and fee, "
        "(5)(c)/(5)(a) penalty); issuing stores the license, its\nDecision, a tag from stock and "
        "the receipt in one transaction.",
        "Private and commercial, newest first, by number or parcel PIN.",
        "Send a rabies certificate (503.09(5)(a)), clinics only",
        "private or commercial",
        "A certificate of rabies vaccination as the clinic issued it (503.09(5)(a)), with its "
        "signed PDF\nin base64 if the clinic sends it. Identify the dog by its microchip, or by "
        "its name with its\nowner's name, street or phone.",
    )
    # and no text of the document, nor the reference page, writes a Nowthen section or a marker
    text = json.dumps(document, ensure_ascii=False)
    assert sections_of(NOWTHEN.city).cited(text) == []
    assert "{§" not in text
    page = Client().get("/api/v1/reference/").content.decode()
    assert "503.09(5)(a)" in page and sections_of(NOWTHEN.city).cited(page) == []


@pytest.mark.parametrize(
    "text, nowthen, lino_lakes",
    [
        # a citation alone, in full
        ("Issue ({§license.section})", "Issue (3-2-2)", "Issue (503.09)"),
        # in one pair of parentheses, each after the first without the section it shares
        (
            "({§license.term} term, {§license.minimum_age} age)",
            "(3-2-2.B term, D age)",
            "(503.09(5)(c) term, (1)(a) age)",
        ),
        # citations joined by "/" are one place: each section once
        ("({§license.term}/{§license.fee})", "(3-2-2.B)", "(503.09(5)(c)/(5)(b))"),
        # a provision the city does not state is left out of parentheses of citations alone
        (
            "Kennels ({§private_kennel.max_dogs}, {§commercial_kennel.license})",
            "Kennels (3-2-5.A.2, B)",
            "Kennels (503.10(2))",
        ),
        ("Enclosures ({§enclosure.placement}).", "Enclosures (3-2-6.A).", "Enclosures."),
        # and named by its id elsewhere, never another city's section
        (
            "({§enclosure.placement} enclosures)",
            "(3-2-6.A enclosures)",
            "([enclosure.placement: no section] enclosures)",
        ),
        # a provision the city does not state that the state's statute does is the statute's
        (
            "Vehicles ({§vehicle.animal_left}).",
            "Vehicles (3-2-4).",
            "Vehicles (Minn. Stat. 346.57).",
        ),
        # a text without a marker is left as it is
        ("Search kennel licenses (by PIN)", "Search kennel licenses (by PIN)", None),
    ],
)
def test_a_text_is_worded_for_each_city(text, nowthen, lino_lakes):
    assert worded(text, NOWTHEN) == nowthen
    assert worded(text, LINO_LAKES) == (nowthen if lino_lakes is None else lino_lakes)
