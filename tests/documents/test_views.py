"""The document URLs: sign-in and permission, parameters (400), unknown numbers and empty
selections (404), and the PDF responses."""

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from .conftest import D, pdf_pages, pdf_text

RECEIPT = "/documents/receipts/R2026-000001.pdf"
CERTIFICATE = "/documents/licenses/2026-00001.pdf"
TAG_SHEET = "/documents/tag-sheet.pdf?issued_from=2026-11-01&issued_to=2026-11-30"
REMINDERS = "/documents/renewal-reminders.pdf?expires_from=2027-09-01&expires_to=2027-10-31"
ALL = [RECEIPT, CERTIFICATE, TAG_SHEET, REMINDERS]


@pytest.fixture
def signed_in(client, clerk):
    client.force_login(clerk)
    return client


def test_the_urls_are_named():
    assert reverse("documents:receipt", args=["R2026-000001"]) == RECEIPT
    assert reverse("documents:license_certificate", args=["2026-00001"]) == CERTIFICATE
    assert reverse("documents:tag_sheet") == "/documents/tag-sheet.pdf"
    assert reverse("documents:renewal_reminders") == "/documents/renewal-reminders.pdf"


@pytest.mark.parametrize("url", ALL)
def test_anonymous_is_sent_to_sign_in(client, db, url):
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=/documents/")


@pytest.mark.parametrize("url", ALL)
def test_signed_in_without_the_permission_is_forbidden(client, django_user_model, url):
    # given a user in no role
    user = django_user_model.objects.create_user("visitor", password="x" * 12)
    client.force_login(user)
    # then every document is refused
    assert client.get(url).status_code == 403


def test_the_permission_alone_is_enough(client, django_user_model, biscuit_licensed):
    # given a user holding only records.view_records
    user = django_user_model.objects.create_user("auditor", password="x" * 12)
    user.user_permissions.add(
        Permission.objects.get(content_type__app_label="records", codename="view_records")
    )
    client.force_login(user)
    assert client.get(RECEIPT).status_code == 200


@pytest.mark.parametrize(
    "url, filename, first_words",
    [
        (RECEIPT, "receipt-R2026-000001.pdf", "Receipt R2026-000001 Dog license fees"),
        (CERTIFICATE, "license-2026-00001.pdf", "Dog license 2026-00001 Certificate of license"),
        (
            TAG_SHEET,
            "tag-sheet-2026-11-01-to-2026-11-30.pdf",
            "Tag sheet Licenses issued November 1, 2026 to November 30, 2026 · 1 tag to print",
        ),
        (
            "/documents/tag-sheet.pdf?licenses=2026-00001",
            "tag-sheet-2026-00001.pdf",
            "Tag sheet License 2026-00001 · 1 tag to print",
        ),
        (
            REMINDERS,
            "renewal-reminders-2027-09-01-to-2027-10-31.pdf",
            "November 29, 2026 Pat Gustafson 7120 Viking Blvd NW Nowthen, MN 55303",
        ),
    ],
)
def test_each_document_is_an_inline_pdf(signed_in, biscuit_licensed, url, filename, first_words):
    # given Biscuit licensed today, expiring 2027-10-01
    # when a clerk opens the document
    response = signed_in.get(url)
    # then a PDF shown in the browser, with a file name saying what it is
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == f'inline; filename="{filename}"'
    assert response.content.startswith(b"%PDF-")
    assert first_words in pdf_text(response.content, filename)


def test_the_reminders_url_gives_one_page_per_owner(signed_in, biscuit_licensed):
    response = signed_in.get(REMINDERS)
    assert len(pdf_pages(response.content, "reminders-view.pdf")) == 1


@pytest.mark.parametrize(
    "url, message",
    [
        (
            "/documents/tag-sheet.pdf",
            "Give issued_from and issued_to (YYYY-MM-DD), or licenses (license numbers "
            "separated by commas).",
        ),
        (
            "/documents/tag-sheet.pdf?issued_from=2026-11-01",
            "issued_to is missing: give a date as YYYY-MM-DD.",
        ),
        (
            "/documents/tag-sheet.pdf?issued_from=11/01/2026&issued_to=2026-11-30",
            "issued_from must be a date as YYYY-MM-DD, not '11/01/2026'.",
        ),
        (
            "/documents/tag-sheet.pdf?issued_from=2026-02-30&issued_to=2026-11-30",
            "issued_from is not a real date: '2026-02-30'.",
        ),
        (
            "/documents/tag-sheet.pdf?issued_from=2026-11-30&issued_to=2026-11-01",
            "issued_to (2026-11-01) is before issued_from (2026-11-30).",
        ),
        (
            "/documents/tag-sheet.pdf?licenses=2026-00001&issued_from=2026-11-01",
            "Give either licenses or issued_from and issued_to, not both.",
        ),
        (
            "/documents/tag-sheet.pdf?licenses=,%20,",
            "licenses is empty: give license numbers separated by commas.",
        ),
        (
            "/documents/tag-sheet.pdf?licenses=2026-00001,DROP%20TABLE",
            "licenses: 'DROP TABLE' is not a license number (e.g. 2026-00001).",
        ),
        (
            "/documents/renewal-reminders.pdf",
            "expires_from is missing: give a date as YYYY-MM-DD.",
        ),
        (
            "/documents/renewal-reminders.pdf?expires_from=2027-09-01&expires_to=soon",
            "expires_to must be a date as YYYY-MM-DD, not 'soon'.",
        ),
        (
            "/documents/renewal-reminders.pdf?expires_from=2027-10-31&expires_to=2027-09-01",
            "expires_to (2027-09-01) is before expires_from (2027-10-31).",
        ),
        # dates outside the plausible window (records.bounds), issue 10 item 5
        (
            "/documents/renewal-reminders.pdf?expires_from=0001-01-01&expires_to=2027-09-01",
            "expires_from must be between January 1, 1950 and November 28, 2076.",
        ),
        (
            "/documents/tag-sheet.pdf?issued_from=2026-01-01&issued_to=9999-12-31",
            "issued_to must be between January 1, 1950 and November 28, 2076.",
        ),
    ],
)
def test_bad_parameters_are_a_400_naming_the_parameter(signed_in, url, message):
    response = signed_in.get(url)
    assert response.status_code == 400
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response.content.decode() == message + "\n"


@pytest.mark.parametrize(
    "url, message",
    [
        ("/documents/receipts/R2026-999999.pdf", "No receipt numbered R2026-999999."),
        ("/documents/licenses/2026-09999.pdf", "No license numbered 2026-09999."),
        (
            "/documents/tag-sheet.pdf?licenses=2026-00001,2026-09998,2026-09999",
            "No license numbered 2026-09998, 2026-09999.",
        ),
        (
            "/documents/tag-sheet.pdf?issued_from=2026-10-01&issued_to=2026-10-31",
            "No licenses in force were issued in that range: Licenses issued October 1, 2026 "
            "to October 31, 2026.",
        ),
        (
            "/documents/renewal-reminders.pdf?expires_from=2027-01-01&expires_to=2027-08-31",
            "No licenses to remind: none in force expires from 2027-01-01 to 2027-08-31 "
            "without a later license.",
        ),
    ],
)
def test_unknown_numbers_and_empty_selections_are_a_404_saying_so(
    signed_in, biscuit_licensed, url, message
):
    response = signed_in.get(url)
    assert response.status_code == 404
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response.content.decode() == message + "\n"


def test_a_date_range_with_the_same_first_and_last_day(signed_in, biscuit_licensed):
    # the range includes both ends: today's licenses on today's sheet
    today = D(2026, 11, 29).isoformat()
    response = signed_in.get(f"/documents/tag-sheet.pdf?issued_from={today}&issued_to={today}")
    assert response.status_code == 200
    assert "DOG LICENSE 2026-00001 License 2026-00001" in pdf_text(
        response.content, "tag-sheet-today.pdf"
    )
