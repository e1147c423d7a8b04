"""An account of a new resident (no household on file) and of Pat's household, applications made
through the services as the resident's pages make them, and the counter's fixtures."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.contrib.auth.models import Group
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from dogtag.applications import services
from dogtag.applications.models import OnlineApplication
from dogtag.records import roles
from dogtag.residents.services import _account_for
from tests.outbox.conftest import smtp, smtp_port  # noqa: F401  (fixtures)
from tests.residents import conftest as residents

clerk = residents.clerk
stock = residents.stock
frozen_today = residents.frozen_today
pat = residents.pat
lee = residents.lee
D = dt.date

#: A small real PDF: one page saying what it is.
PDF = (
    b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n"
    b"2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
    b"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]/Contents 4 0 R"
    b"/Resources<</Font<</F1 5 0 R>>>>>>endobj\n"
    b"4 0 obj<</Length 58>>stream\nBT /F1 14 Tf 20 70 Td (Rabies certificate RR-2026-0777) Tj ET\n"
    b"endstream endobj\n5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\n"
    b"trailer<</Root 1 0 R>>\n%%EOF\n"
)

NEW_HOUSEHOLD: dict[str, Any] = {
    "household": None,
    "owner_name": "Sam Whitebird",
    "street": "20050 Baugh St NW",
    "city": "Nowthen",
    "state": "MN",
    "postal_code": "55330",
    "phone": "763-555-0177",
    "email_consent": True,
    "dog_name": "Maple",
    "breed": "Beagle",
    "color": "Tricolor",
    "sex": "female",
    "sterilized": True,
    "born": D(2023, 4, 2),
    "age_years": None,
    "microchip": "985112003456789",
}
CERTIFICATE: dict[str, Any] = {
    "vaccinated_on": D(2026, 11, 10),
    "expires_on": D(2027, 11, 10),
    "duration_years": 1,
    "veterinarian": "Dr. Mara Holm, DVM",
    "clinic": "Elk River Veterinary Clinic",
    "certificate_number": "ER-2026-0777",
}


def certificate_file(name: str = "rabies-certificate.pdf") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, PDF, content_type="application/pdf")


@pytest.fixture
def newcomer(db):
    """A resident who signed in with an address the city does not know."""
    return _account_for("sam@example.org")


@pytest.fixture
def pat_account(pat):
    account = _account_for("pat@example.org")
    account.owners.add(pat[0])
    return account


def apply_new(account, **changes: Any) -> OnlineApplication:
    data = {**NEW_HOUSEHOLD, **CERTIFICATE, **changes}
    draft = services.save_draft(account=account, data=data, upload=certificate_file(), kind="new")
    return services.submit(application=draft)


def apply_renewal(account, dog, **changes: Any) -> OnlineApplication:
    data = {**CERTIFICATE, "email_consent": True, **changes}
    draft = services.save_draft(
        account=account, data=data, upload=certificate_file(), kind="renewal", dog=dog
    )
    return services.submit(application=draft)


def posted(data: dict[str, object]) -> dict[str, object]:
    """Form data as a browser posts it: dates as ISO text, None as empty, unticked boxes left out."""
    return {k: ("" if v is None else v.isoformat() if hasattr(v, "isoformat") else v)
            for k, v in data.items() if v is not False}  # fmt: skip


@pytest.fixture
def resident(db) -> Client:
    """Sam, a new resident, signed in to the residents' site."""
    client = Client()
    residents.sign_in(client, "sam@example.org")
    return client


@pytest.fixture
def office(clerk, stock) -> Client:
    """The clerk, signed in to the staff site with the clerk's role."""
    roles.ensure_roles()
    clerk.groups.add(Group.objects.get(name=roles.CLERK))
    client = Client()
    client.force_login(clerk)
    return client
