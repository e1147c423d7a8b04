"""A resident of Lino Lakes applies online (issue 27): the residents' site runs on Lino Lakes' law
— the fee by spay/neuter status (§ 218.01), a new resident's 30 days under 503.09(5)(a), its own
sections on the page — and the clerk issues the license from the queue as at the counter."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from dogtag.applications.models import OnlineApplication

from .conftest import CERTIFICATE, NEW_HOUSEHOLD, certificate_file, posted

pytestmark = pytest.mark.django_db
BASE = "/residents/applications/"


@pytest.fixture(autouse=True)
def lino_lakes(monkeypatch):
    monkeypatch.setenv("DOGTAG_JURISDICTION", "lino-lakes")


@pytest.mark.parametrize("sterilized, fee", [(True, "6.00"), (False, "11.00")])
def test_a_new_resident_applies_under_lino_lakes_law(resident, sterilized, fee):
    # Given a resident who moved into Lino Lakes on 2026-11-10 with a dog
    data = {
        **NEW_HOUSEHOLD,
        **CERTIFICATE,
        "city": "Lino Lakes",
        "postal_code": "55014",
        "sterilized": sterilized,
        "kind": "new_resident",
        "resident_since": dt.date(2026, 11, 10),
    }
    response = resident.post(
        f"{BASE}new/", {**posted(data), "certificate_file": certificate_file()}
    )
    assert response.status_code == 302, response.content.decode()
    application = OnlineApplication.objects.latest("pk")
    findings = {f["rule"]: f for f in application.findings}
    # Then the fee is § 218.01's for the dog's status, the period is 503.09(5)(a)'s
    term = findings["license.term"]
    assert (term["sections"], Decimal(str(term["details"]["fee"]))) == (
        ["503.09(5)(c)", "503.09(5)(b)", "218.01"],
        Decimal(fee),
    )
    penalty = findings["license.penalty"]
    assert (penalty["outcome"], penalty["sections"]) == ("no_penalty", ["503.09(5)(a)"])
    # And the page says so in Lino Lakes' sections and words
    page = resident.get(f"{BASE}{application.pk}/").content.decode()
    assert "you became a resident of Lino Lakes" in page
    assert '<span class="dogtag-citation">503.09(5)(a)</span>' in page
    assert "3-2-2" not in page


def test_the_application_pages_name_lino_lakes_and_its_sections(resident):
    # the form and the list of applications, in English and in Spanish
    for language in ("en", "es"):
        resident.cookies["django_language"] = language
        for path in (BASE, f"{BASE}new/"):
            page = resident.get(path, HTTP_ACCEPT_LANGUAGE=language).content.decode()
            assert "3-2-" not in page and "Nowthen" not in page, (language, path)
    form = resident.get(f"{BASE}new/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Me mudé a Lino Lakes con mi perro (Código de la Ciudad 503.09(5)(a))" in form
