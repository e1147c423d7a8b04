"""A resident of Lino Lakes applies online (issue 27): the residents' site runs on Lino Lakes' law
— the fee by spay/neuter status (§ 218.01), a new resident's 30 days under 503.09(5)(a), its own
sections on the page — and the clerk issues the license from the queue as at the counter."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.utils import translation

from dogtag.applications.forms import ApplicationForm
from dogtag.applications.models import OnlineApplication

from .conftest import CERTIFICATE, NEW_HOUSEHOLD, apply_new, certificate_file, posted
from .test_mail import deliver, text_of

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
    assert "Me mudé a Lino Lakes con mi perro (Código de la Ciudad § 503.09(5)(a))" in form


@pytest.mark.parametrize(
    "language, sentences",
    [
        (
            "en",
            [
                "I moved into Lino Lakes with my dog (City Code § 503.09(5)(a))",
                "I became the dog’s new owner (City Code § 503.09(5)(a))",
                "If you moved into Lino Lakes with the dog (City Code § 503.09(5)(a))",
                "If you became the dog’s new owner (City Code § 503.09(5)(a))",
                "and sex (City Code § 503.09(5)(a)), with a certificate of rabies vaccination "
                "from a licensed veterinarian (503.09(5)(a))",
            ],
        ),
        (
            "es",
            [
                "Me mudé a Lino Lakes con mi perro (Código de la Ciudad § 503.09(5)(a))",
                "Soy el nuevo dueño del perro (Código de la Ciudad § 503.09(5)(a))",
                "Si se mudó a Lino Lakes con el perro (Código de la Ciudad § 503.09(5)(a))",
                "Si es el nuevo dueño del perro (Código de la Ciudad § 503.09(5)(a))",
            ],
        ),
    ],
)
def test_the_application_sentences_cite_as_lino_lakes_names_its_code(resident, language, sentences):
    # the package's citation form ("City Code § {section}"), in the resident's language
    resident.cookies["django_language"] = language
    form = resident.get(f"{BASE}new/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    index = resident.get(BASE, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert [s for s in sentences if s not in form] == []
    licensed = {
        "en": "Every dog kept in the city must be licensed (City Code § 503.09(1)).",
        "es": "Todo perro que se tenga en la ciudad debe tener licencia (Código de la Ciudad § "
        "503.09(1)).",
    }[language]
    assert licensed in index
    # and the help text of the box for another city's license (not shown on the page)
    with translation.override(language):
        help_text = str(ApplicationForm.base_fields["licensed_elsewhere"].help_text)
    assert (
        help_text
        == {
            "en": "It does not replace a Lino Lakes license (City Code § 503.09(5)(a)).",
            "es": "No reemplaza la licencia de Lino Lakes (Código de la Ciudad § 503.09(5)(a)).",
        }[language]
    )
    assert "City Code 503" not in form + index and "Ciudad 503" not in form + index


@pytest.mark.parametrize(
    "language, sentence",
    [
        ("en", "The license fee is paid with the application (City Code § 503.09(5)(b))."),
        (
            "es",
            "La tarifa de la licencia se paga con la solicitud (Código de la Ciudad § 503.09(5)(b)).",
        ),
    ],
)
def test_the_received_email_cites_as_lino_lakes_names_its_code(smtp, newcomer, language, sentence):
    # given a resident of Lino Lakes who applies in their language
    with translation.override(language):
        apply_new(newcomer, city="Lino Lakes", postal_code="55014", sterilized=True)
    # when the outbox is sent, then the e-mail cites Lino Lakes' fee section in its form
    [received] = deliver(smtp)
    assert sentence in " ".join(text_of(received).split())
