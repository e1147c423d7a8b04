"""The resident's pages and the clerk's queue (issue 12 item 2), through the real sign-in."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from dogtag.applications.models import OnlineApplication
from dogtag.licensing.models import License
from tests.residents.conftest import sign_in

from .conftest import CERTIFICATE, NEW_HOUSEHOLD, apply_new, apply_renewal, certificate_file, posted

Status = OnlineApplication.Status
pytestmark = pytest.mark.django_db
BASE = "/residents/applications/"


def form_data(**changes: object) -> dict[str, object]:
    return posted({**NEW_HOUSEHOLD, **CERTIFICATE, **changes})


def test_a_new_resident_applies_sees_the_fee_and_sends(resident):
    # when the resident fills in the form with the certificate's PDF
    page = resident.get(f"{BASE}new/")
    assert page.status_code == 200
    response = resident.post(f"{BASE}new/", {**form_data(), "certificate_file": certificate_file()})
    application = OnlineApplication.objects.get()
    assert response.status_code == 302 and response["Location"] == f"{BASE}{application.pk}/"
    # then the page says a license can issue, its term, the fee, the penalty, with sections and
    # the resolution that sets the fee
    text = resident.get(response["Location"]).content.decode()
    assert 'data-verdict="may_issue"' in text
    assert "The license would run from Nov. 29, 2026 to Nov. 10, 2027" in text
    assert "The fee is $3.00 for a license of 1 year; it is not prorated." in text
    assert "A late penalty of $6.00 applies." in text
    assert "To pay with the application: $9.00 (fee $3.00, penalty $6.00)." in text
    assert '<span class="dogtag-citation">3-2-2.B</span>' in text
    assert "set by Nowthen Resolution 2011-04, § 1-2-2, adoption date not recorded" in text
    assert "Paying by card online is not offered." in text
    assert application.status == Status.DRAFT
    # when the resident sends it
    assert resident.post(f"{BASE}{application.pk}/submit/").status_code == 302
    application.refresh_from_db()
    assert application.status == Status.RECEIVED
    # then the household page shows its status
    household = resident.get("/residents/household/").content.decode()
    assert "Application for Maple: Received, waiting for the clerk" in household


def test_a_form_with_errors_stores_nothing_and_says_so_in_spanish(resident):
    resident.cookies["django_language"] = "es"
    data = form_data(born=None, expires_on="2026-11-01", phone="12")
    response = resident.post(f"{BASE}new/", data, HTTP_ACCEPT_LANGUAGE="es")
    text = response.content.decode()
    assert response.status_code == 400
    assert "Indique la fecha de nacimiento o la edad en años." in text
    assert "Suba el certificado de vacunación antirrábica." in text
    assert not OnlineApplication.objects.exists()


def test_the_renewal_opens_prefilled_for_the_households_dog(pat, lee):
    license_ = pat[2]
    client = Client()
    sign_in(client, "pat@example.org")
    text = client.get(f"{BASE}renew/{license_.number}/").content.decode()
    assert "Renew the license of Biscuit" in text
    assert 'value="2026-10-01"' in text and 'value="2027-10-01"' in text
    assert 'value="Dr. Ana Lindqvist, DVM"' in text
    # another household's license is not found
    other = lee[2]
    assert client.get(f"{BASE}renew/{other.number}/").status_code == 404


def test_another_households_application_is_not_found(pat, lee):
    from dogtag.residents.models import ResidentAccount

    lee_client = Client()
    sign_in(lee_client, "lee@example.org")
    pat_client = Client()
    sign_in(pat_client, "pat@example.org")
    pat_account = ResidentAccount.objects.get(email="pat@example.org")
    application = apply_renewal(pat_account, pat[1])
    for path in ("", "change/", "certificate/"):
        assert lee_client.get(f"{BASE}{application.pk}/{path}").status_code == 404, path
        assert pat_client.get(f"{BASE}{application.pk}/{path}").status_code in (200, 302), path
    assert lee_client.post(f"{BASE}{application.pk}/submit/").status_code == 404


def test_the_clerk_issues_from_the_queue_and_the_resident_sees_the_license(
    resident, office, newcomer_application
):
    application = newcomer_application
    queue = office.get("/office/online-applications/").content.decode()
    assert f'href="/office/online-applications/{application.pk}/"' in queue
    page = office.get(f"/office/online-applications/{application.pk}/").content.decode()
    assert f'href="/office/online-applications/{application.pk}/certificate/"' in page
    assert '<td id="typed-expires-on">2027-11-10 (1-year vaccine)</td>' in page
    assert re.search(r'name="amount" value="9.00"', page)
    certificate = office.get(f"/office/online-applications/{application.pk}/certificate/")
    assert b"".join(certificate.streaming_content).startswith(b"%PDF-1.4")
    # when the clerk records the wrong amount: refused by 3-2-2.A, nothing issued
    wrong = office.post(
        f"/office/online-applications/{application.pk}/issue/",
        {"method": "cash", "amount": "3.00", "payer": "", "reference": ""},
    )
    assert wrong.status_code == 400
    assert "does not match the amount due ($9.00)" in wrong.content.decode()
    application.refresh_from_db()
    assert application.status == Status.RECEIVED and not License.objects.filter(dog__name="Maple")
    # when the clerk records the cash paid
    done = office.post(
        f"/office/online-applications/{application.pk}/issue/",
        {"method": "cash", "amount": "9.00", "payer": "", "reference": ""},
    )
    assert done.status_code == 302
    application.refresh_from_db()
    license_ = application.license
    assert application.status == Status.ISSUED
    # then the resident sees the license on the household page
    household = resident.get("/residents/household/").content.decode()
    assert f"/residents/household/licenses/{license_.number}.pdf" in household
    assert resident.get(f"/residents/household/licenses/{license_.number}.pdf").status_code == 200


def test_the_clerk_returns_it_and_the_resident_reads_why(resident, office, newcomer_application):
    application = newcomer_application
    response = office.post(
        f"/office/online-applications/{application.pk}/return/",
        {"reason": "The certificate is for another dog."},
    )
    assert response.status_code == 302
    text = resident.get(f"{BASE}{application.pk}/").content.decode()
    assert "The clerk returned your application" in text
    assert "The certificate is for another dog." in text


def test_the_queue_needs_the_review_permission(clerk, newcomer_application):
    client = Client()
    client.force_login(clerk)  # no role
    assert client.get("/office/online-applications/").status_code == 403
    assert client.get(f"/office/online-applications/{newcomer_application.pk}/").status_code == 403
    anonymous = Client().get("/office/online-applications/")
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]


@pytest.fixture
def newcomer_application(resident):
    from dogtag.residents.models import ResidentAccount

    return apply_new(ResidentAccount.objects.get(email="sam@example.org"))


def test_changing_a_draft_keeps_the_uploaded_certificate(resident):
    first = resident.post(f"{BASE}new/", {**form_data(), "certificate_file": certificate_file()})
    application = OnlineApplication.objects.get()
    stored = application.certificate_file.name
    assert first.status_code == 302
    # when the resident changes the vet's name without uploading the file again
    page = resident.get(f"{BASE}{application.pk}/change/").content.decode()
    assert "The file you uploaded is kept." in page
    changed = resident.post(
        f"{BASE}{application.pk}/change/", form_data(veterinarian="Dr. Mara Holm-Berg, DVM")
    )
    assert changed.status_code == 302
    application.refresh_from_db()
    assert (application.veterinarian, application.certificate_file.name, application.status) == (
        "Dr. Mara Holm-Berg, DVM",
        stored,
        Status.DRAFT,
    )
    assert OnlineApplication.objects.count() == 1
