"""A license for the dog's lifetime at the counter (issue 27): a city whose package's license term
basis is ``lifetime`` (as St. Paul's and Minneapolis' are) issues a license with no expiry, shows
it as for the dog's lifetime, counts the dog licensed on every later day, never lists it as
expiring or overdue nor sends a renewal reminder for it, and refuses a second license, or a
renewal, while it is in force. Lifetown is a test package: Lino Lakes' package with its term
basis changed to ``lifetime``, no Python."""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
import shutil
from decimal import Decimal
from pathlib import Path

import pytest
import time_machine
from django.contrib.auth.models import Group
from django.test import Client
from django.utils import translation

from dogtag.api import keys
from dogtag.applications import services as application_services
from dogtag.applications.findings import Shown
from dogtag.documents import licenses as license_pdf
from dogtag.documents import reminders, tags
from dogtag.found.models import Lookup
from dogtag.law import params, provisions
from dogtag.licensing import due_clocks, services
from dogtag.licensing.due import due_list
from dogtag.licensing.models import DueClock, DueClockState, License, Receipt
from dogtag.outbox.models import OutboxMessage
from dogtag.records.errors import ServiceError
from dogtag.records.roles import ADMINISTRATOR, CLERK, ensure_roles
from dogtag.residents.services import _account_for
from tests.applications.conftest import apply_new
from tests.residents.conftest import sign_in

from ..documents.conftest import pdf_text
from .conftest import TODAY, D, cash, snapshot
from .due_store import assert_stored_clocks_agree


@pytest.fixture(autouse=True)
def lifetown(db, tmp_path: Path, monkeypatch):
    # Given Lifetown in force: Lino Lakes' package, its license for the dog's lifetime
    root = tmp_path / "params"
    shutil.copytree(params.DEFAULT_ROOT / "minnesota", root / "minnesota")
    town = root / "lifetown"
    shutil.copytree(params.DEFAULT_ROOT / "lino-lakes", town)
    about = town / "jurisdiction.yaml"
    about.write_text(
        about.read_text()
        .replace("id: lino-lakes", "id: lifetown")
        .replace("name: City of Lino Lakes", "name: City of Lifetown")
    )
    licensing = town / "licensing.yaml"
    text = licensing.read_text()
    basis = "  license.term_basis:\n"
    head, tail = text.split(basis)
    tail = tail.replace("value: vaccination", "value: lifetime", 1)
    licensing.write_text(head + basis + tail)
    provisions._read.cache_clear()
    monkeypatch.setenv("DOGTAG_PARAMS_DIR", str(root))
    monkeypatch.setenv("DOGTAG_JURISDICTION", "lifetown")
    assert params.default().get("license.term_basis", TODAY).value == "lifetime"
    # the due list's stored clocks built for Lifetown's parameters, none yet
    DueClockState.objects.all().delete()
    assert due_clocks.mark_built_if_empty(on=TODAY) is True
    yield
    provisions._read.cache_clear()


def _dog(owner, clerk, name: str = "Biscuit"):
    return services.register_dog(
        owner=owner,
        actor=clerk,
        name=name,
        breed="Labrador retriever",
        color="Yellow",
        sex="female",
        sterilized=True,
        born=D(2025, 3, 1),
    )


VACCINATED, VACCINE_EXPIRES = D(2026, 10, 1), D(2027, 10, 1)


def _rabies(dog, clerk, on=VACCINATED, until=VACCINE_EXPIRES):
    return services.record_rabies_vaccination(
        dog=dog, actor=clerk, vaccinated_on=on, expires_on=until, veterinarian="Dr. A, DVM"
    )


def _licensed(owner, clerk, name: str = "Biscuit", on: dt.date = TODAY) -> License:
    dog = _dog(owner, clerk, name)
    rabies = _rabies(dog, clerk, on - dt.timedelta(days=59), on + dt.timedelta(days=306))
    return services.issue_license(
        dog=dog, rabies=rabies, kind="new", on=on, payment=cash("6.00"), actor=clerk
    ).license


def test_the_license_issues_for_the_dogs_lifetime_with_no_expiry(clerk, stock, owner):
    # given Biscuit, spayed, vaccinated to 2027-10-01
    dog = _dog(owner, clerk)
    # when the clerk licenses it on 2026-11-29
    issued = services.issue_license(
        dog=dog, rabies=_rabies(dog, clerk), kind="new", on=TODAY, payment=cash("6.00"), actor=clerk
    )
    # then the license has no expiry, at the fee for a spayed dog, and says why
    license_ = License.objects.get(pk=issued.license.pk)
    assert (license_.issued_on, license_.expires_on, license_.tier_years, license_.fee) == (
        TODAY,
        None,
        None,
        Decimal("6.00"),
    )
    assert license_.jurisdiction == "lifetown"
    term = next(f for f in issued.findings if f.rule == "license.term")
    assert term.message == (
        "The license expires never: it is for the dog's lifetime; fee $6.00 for a dog spayed or "
        "neutered (503.09(5)(c), (5)(b))."
    )
    # and the dog counts as licensed on the day and on any later day
    for day in (TODAY, D(2027, 10, 2), D(2040, 1, 1)):
        assert dog.current_license(day) == license_
        assert services.in_force_of([license_], day) == license_
        assert license_.in_force_on(day)
        assert license_.state_on(day) == "in force"
    # but not before it issued
    assert dog.current_license(D(2026, 11, 28)) is None
    assert not license_.in_force_on(D(2026, 11, 28))


def test_the_license_page_and_certificate_say_for_the_dogs_lifetime(clerk, stock, owner, client):
    # given a lifetime license issued 2026-11-29
    license_ = _licensed(owner, clerk)
    ensure_roles()
    clerk.groups.add(Group.objects.get(name=CLERK))
    # when the clerk opens its page a year and more later
    with time_machine.travel(dt.datetime(2028, 3, 1, 16, 0, tzinfo=dt.UTC), tick=False):
        client.force_login(clerk)
        page = client.get(f"/licenses/{license_.number}/").content.decode()
        dog_page = client.get(f"/dogs/{license_.dog_id}/").content.decode()
    # then it is in force for the dog's lifetime, with no date of expiry
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    assert "Biscuit: in force for the dog's lifetime (on 2028-03-01)." in text
    assert "Expires for the dog's lifetime" in text
    assert "with the rabies vaccination" not in text
    assert "None" not in text
    dog_text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", dog_page))
    assert f"{license_.number} " in dog_text
    assert "for the dog's lifetime" in dog_text
    # and the certificate says so, with no renewal to make
    certificate = pdf_text(license_pdf.render(license_), "lifetime-license.pdf")
    assert "Expires for the dog's lifetime" in certificate
    assert (
        "The license is for the dog's lifetime: it does not expire and is not renewed "
        "(503.09(5)(c))." in certificate
    )
    assert "Renew within" not in certificate
    assert "None" not in certificate


def test_the_due_list_and_the_reminders_never_name_it(clerk, stock, owner, client):
    # given a lifetime license issued 2026-11-29, and Pepper's issued in 2025
    license_ = _licensed(owner, clerk)
    older = _licensed(owner, clerk, "Pepper", on=D(2025, 12, 10))
    # then the services stored no due-list clock for either dog
    assert not DueClock.objects.filter(dog_id__in=[license_.dog_id, older.dog_id]).exists()
    for day in (TODAY, D(2027, 10, 2), D(2031, 6, 1)):
        # when the due list is computed on that day
        due = due_list(day, other_domains=False)
        assert_stored_clocks_agree(day)
        # then neither dog is on it, as expiring, overdue or unlicensed
        listed = {row.subject_name for section in due.sections for row in section.rows}
        assert listed == set()
        # and no renewal reminder names either license, for any window
        assert reminders.letters(D(2000, 1, 1), D(2099, 12, 31)) == []
    # and the due-list page shows no row for them
    ensure_roles()
    clerk.groups.add(Group.objects.get(name=CLERK))
    client.force_login(clerk)
    page = client.get("/due/").content.decode()
    assert "Biscuit" not in page and "Pepper" not in page


@pytest.mark.parametrize("kind", ["new", "renewal"])
def test_a_second_license_while_the_lifetime_one_is_in_force_is_refused(clerk, stock, owner, kind):
    # given Biscuit licensed for its lifetime on 2026-11-29, vaccinated again in 2027
    license_ = _licensed(owner, clerk)
    dog = license_.dog
    new = _rabies(dog, clerk, D(2027, 9, 20), D(2030, 9, 20))
    before = snapshot()
    # when the clerk tries another license, or a renewal, on 2027-10-05
    on = D(2027, 10, 5)
    with pytest.raises(ServiceError) as refused:
        services.issue_license(
            dog=dog, rabies=new, kind=kind, on=on, payment=cash("6.00"), actor=clerk
        )
    # then it is refused, saying the license is for the dog's lifetime; nothing changed
    assert str(refused.value) == (
        f"Biscuit already has license {license_.number}, in force for the dog's lifetime; "
        "no other license issues while it is."
    )
    assert services.license_problem(dog, new, kind, on) == str(refused.value)
    assert snapshot() == before


# ------------------------------------------------------- every other place that reads the expiry


def _text(page: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)).strip()


def test_the_api_reads_the_license_with_no_expiry(clerk, stock, owner, django_user_model):
    # given a lifetime license, and a clerk's API key
    license_ = _licensed(owner, clerk)
    ensure_roles()
    admin = django_user_model.objects.create_user("admin1", password="x" * 12)
    admin.groups.add(Group.objects.get(name=ADMINISTRATOR))
    issued = keys.issue_api_key(name="clerk", role=CLERK, actor=admin)
    api = Client(headers={"Authorization": f"Bearer {issued.secret}"})
    # when the license is read, and its tag looked up publicly
    read = api.get(f"/api/v1/licenses/{license_.number}")
    public = Client().get(f"/api/v1/public/tags/{license_.tags.get().serial}")
    # then its expiry is null, and it is in force
    assert read.status_code == 200
    assert (read.json()["issued_on"], read.json()["expires_on"]) == ("2026-11-29", None)
    assert read.json()["state_today"] == "in force"
    assert public.status_code == 200
    assert public.json()["license"]["expires_on"] is None
    # and the document says what null means
    document = Client().get("/api/v1/openapi.json").json()
    assert document["components"]["schemas"]["LicenseOut"]["properties"]["expires_on"] == {
        "anyOf": [{"format": "date", "type": "string"}, {"type": "null"}],
        "description": "The last day the license is in force; none: for the dog's lifetime.",
        "title": "Expires On",
    }


def _resident(clerk) -> tuple:
    owner = services.register_owner(
        actor=clerk,
        name="Sam Whitebird",
        street="20050 Baugh St NW",
        postal_code="55014",
        phone="763-555-0177",
        email="sam@example.org",
        email_consent=True,
    )
    return owner, _licensed(owner, clerk)


@pytest.mark.parametrize(
    ("language", "said", "listed"),
    [
        (
            "en",
            "License {number}, for the dog's lifetime.",
            "Biscuit: License {number} (PDF): from Nov. 29, 2026, for the dog's lifetime",
        ),
        (
            "es",
            "Licencia {number}, de por vida del perro.",
            "Biscuit: Licencia {number} (PDF): desde el 29 de noviembre de 2026, de por vida del "
            "perro",
        ),
    ],
)
def test_the_household_page_shows_the_license_for_the_dogs_lifetime(
    clerk, stock, language, said, listed
):
    # given Sam's Biscuit, licensed for its lifetime on 2026-11-29
    _owner, license_ = _resident(clerk)
    # when Sam signs in and opens the household page years later
    client = Client(headers={"accept-language": language})
    with time_machine.travel(dt.datetime(2031, 6, 1, 16, 0, tzinfo=dt.UTC), tick=False):
        sign_in(client, "sam@example.org")
        response = client.get("/residents/household/")
    # then the license is for the dog's lifetime, never said expired, with no date of expiry
    assert response.status_code == 200
    text = _text(response.content.decode())
    assert said.format(number=license_.number) in text
    assert listed.format(number=license_.number) in text
    assert "expired" not in text and "vencid" not in text
    assert "None" not in text


@pytest.mark.parametrize(
    ("language", "heading", "said", "field"),
    [
        (
            "en",
            "This dog is licensed in the city",
            "Its license is in force today, for the dog’s lifetime (City Code § 503.09(1): a dog kept "
            "in the city must be licensed).",
            "Expires for the dog’s lifetime",
        ),
        (
            "es",
            "Este perro tiene licencia en la ciudad",
            "Su licencia está vigente hoy, de por vida del perro (Código de la Ciudad § 503.09(1): todo "
            "perro que vive en la ciudad debe tener licencia).",
            "Vence de por vida del perro",
        ),
    ],
)
def test_a_finder_looks_up_the_license_and_reads_it_is_for_the_dogs_lifetime(
    clerk, stock, owner, language, heading, said, field
):
    # given Biscuit licensed for its lifetime on 2026-11-29
    license_ = _licensed(owner, clerk)
    # when a finder looks up its license number in 2031
    client = Client(headers={"accept-language": language})
    with time_machine.travel(dt.datetime(2031, 6, 1, 16, 0, tzinfo=dt.UTC), tick=False):
        posted = client.post("/residents/found/", {"number": license_.number})
        page = _text(client.get(posted["Location"]).content.decode())
    # then the dog is licensed, for its lifetime, with no date of expiry
    assert heading in page
    assert said in page
    assert field in page
    assert "None" not in page
    assert Lookup.objects.get().licensed is True


def test_a_finder_reads_a_voided_lifetime_license_is_not_in_force(clerk, stock, owner):
    # given Biscuit's lifetime license, no longer in force: its receipt voided
    license_ = _licensed(owner, clerk)
    services.void_receipt(
        receipt=Receipt.objects.get(license=license_), reason="Paid twice", actor=clerk
    )
    # when a finder looks up its number
    client = Client()
    posted = client.post("/residents/found/", {"number": license_.number})
    page = _text(client.get(posted["Location"]).content.decode())
    # then the dog is not licensed now, and the page says the license is not in force
    assert "This dog is not licensed in the city now" in page
    assert (
        "Its last license, for the dog’s lifetime, is not in force (City Code § 503.09(1): a dog kept "
        "in the city must be licensed). The city can still tell its owner you found it." in page
    )
    assert "None" not in page


def test_the_tag_sheet_prints_for_the_dogs_lifetime(clerk, stock, owner):
    # given Biscuit licensed for its lifetime today, with tag 2026-00001
    license_ = _licensed(owner, clerk)
    # when the day's tag sheet is rendered
    text = pdf_text(tags.render(tags.issued_between(TODAY, TODAY)), "tag-sheet-lifetime.pdf")
    # then the face and the check list say for the dog's lifetime, with no date
    serial = license_.tags.get().serial
    assert (
        f"CITY OF LIFETOWN DOG LICENSE {serial} License {license_.number} For the dog's lifetime"
        in text
    )
    assert (
        f"{serial} {license_.number} for the dog's lifetime Biscuit (Labrador retriever, Yellow) "
        "Pat Gustafson" in text
    )
    assert "None" not in text


def test_the_license_register_leaves_the_expiry_empty(clerk, stock, owner, client):
    # given a lifetime license, and a clerk
    license_ = _licensed(owner, clerk)
    ensure_roles()
    clerk.groups.add(Group.objects.get(name=CLERK))
    client.force_login(clerk)
    # when the clerk downloads the license register
    response = client.get("/exports/license-register.csv")
    # then the license's row has an empty expiry
    assert response.status_code == 200
    body = b"".join(response.streaming_content).decode().lstrip("\ufeff")
    header, *rows = list(csv.reader(io.StringIO(body)))
    [row] = [dict(zip(header, r, strict=True)) for r in rows]
    assert (row["license number"], row["issued"], row["expires"]) == (
        license_.number,
        "2026-11-29",
        "",
    )


def test_an_online_application_says_the_license_is_for_the_dogs_lifetime(clerk, stock):
    # given a new resident's application for Maple, vaccinated to 2027-11-10
    account = _account_for("sam@example.org")
    application = apply_new(account)
    # then its findings say the license would run for the dog's lifetime, with no expiry
    [term] = [line for line in Shown.of(application.findings).lines if line.rule == "license.term"]
    assert term.text == (
        "The license would run from Nov. 29, 2026 for the dog's lifetime: it does not expire. "
        "The fee is $6.00 for a dog spayed or neutered."
    )
    with translation.override("es"):
        [term] = [
            line for line in Shown.of(application.findings).lines if line.rule == "license.term"
        ]
    assert term.text == (
        "La licencia regiría desde el 29 de noviembre de 2026 de por vida del perro: no vence. "
        "La tarifa es de $6.00 por un perro esterilizado o castrado."
    )
    # when the clerk issues it
    issued = application_services.issue(
        application=application, payment=cash("6.00"), on=TODAY, actor=clerk
    )
    # then the e-mail says the license is good for the dog's lifetime
    mail = OutboxMessage.objects.get(kind="online_application_issued")
    assert (
        f"License {issued.license.number} for Maple is issued. It is good for the dog's lifetime."
        in mail.body
    )
    assert "None" not in mail.body


def test_the_residents_applications_offer_no_renewal_of_it(clerk, stock):
    # given Sam's Biscuit, licensed for its lifetime on 2026-11-29
    _owner, license_ = _resident(clerk)
    client = Client()
    with time_machine.travel(dt.datetime(2031, 6, 1, 16, 0, tzinfo=dt.UTC), tick=False):
        sign_in(client, "sam@example.org")
        # when Sam opens the applications page years later, and the license's renewal address
        page = client.get("/residents/applications/")
        renewal = client.get(f"/residents/applications/renew/{license_.number}/")
    # then no renewal is offered, and the renewal address is not found
    assert page.status_code == 200
    assert "Renew a license" not in page.content.decode()
    assert license_.number not in page.content.decode()
    assert renewal.status_code == 404
    assert application_services.renewable_license(license_.dog) is None
