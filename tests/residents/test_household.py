"""Issue 12 items 1 and 8: a resident sees the own household's records and documents, and no
address of the residents' site reaches another household's (tried with the other's ids)."""

import pytest
from django.core.files.base import ContentFile
from django.test import Client

from dogtag.licensing.models import RabiesVaccination, Receipt
from tests.residents.conftest import sign_in

pytestmark = pytest.mark.django_db

PDF = b"%PDF-1.4\n% a certificate\n"


def household_addresses(owner, dog, license_) -> list[str]:
    receipt = Receipt.objects.get(license=license_)
    vaccination = RabiesVaccination.objects.filter(dog=dog).latest("pk")
    vaccination.certificate_file.save("cert.pdf", ContentFile(PDF))
    return [
        f"/residents/household/licenses/{license_.number}.pdf",
        f"/residents/household/receipts/{receipt.number}.pdf",
        f"/residents/household/rabies-certificates/{vaccination.pk}/",
    ]


def test_a_resident_opens_the_own_households_documents(pat):
    client = Client()
    sign_in(client, "pat@example.org")
    for address in household_addresses(*pat):
        response = client.get(address)
        assert response.status_code == 200, address
        assert response.content.startswith(b"%PDF"), address


def test_no_residents_address_reaches_another_household(pat, lee):
    # Given Pat signed in, and every document address of Lee's household
    client = Client()
    sign_in(client, "pat@example.org")
    for address in household_addresses(*lee):
        # Then each answers "not found", as for a number that does not exist
        response = client.get(address)
        assert response.status_code == 404, address
    page = client.get("/residents/household/").content.decode()
    assert "Rocket" not in page
    assert "Lee Okafor" not in page


def test_the_household_page_links_each_document(pat):
    _owner, _dog, license_ = pat
    client = Client()
    sign_in(client, "pat@example.org")
    page = client.get("/residents/household/").content.decode()
    receipt = Receipt.objects.get(license=license_)
    assert f'href="/residents/household/licenses/{license_.number}.pdf"' in page
    assert f'href="/residents/household/receipts/{receipt.number}.pdf"' in page


def test_documents_need_a_signed_in_resident(pat):
    for address in household_addresses(*pat):
        response = Client().get(address)
        assert response.status_code == 302, address
        assert response.url.startswith("/residents/sign-in/?next=")


def test_a_staff_session_is_not_a_resident(pat, clerk):
    client = Client()
    client.force_login(clerk)
    response = client.get("/residents/household/")
    assert response.status_code == 302


def _more_receipts(receipt: Receipt, n: int) -> None:
    """``n`` copies of ``receipt`` under new numbers (as years of renewals would leave)."""
    for _ in range(n):
        copy = Receipt.objects.get(pk=receipt.pk)
        copy.pk = None
        copy.number = f"T{Receipt.objects.count() + 1:07d}"
        copy.save()


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_household_receipts_are_one_page_of_all(pat, language):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from dogtag.records.pagination import RECORD_PAGE_SIZE

    _owner, _dog, license_ = pat
    receipt = Receipt.objects.get(license=license_)
    client = Client(headers={"accept-language": language})
    sign_in(client, "pat@example.org")
    # given more than a page of receipts
    _more_receipts(receipt, RECORD_PAGE_SIZE)
    client.get("/residents/household/")  # once before counting: caches filled once
    with CaptureQueriesContext(connection) as first:
        page = client.get("/residents/household/").content.decode()
    # then one page is drawn, with the count of all and a link to the next
    assert page.count('class="dogtag-receipt"') == RECORD_PAGE_SIZE
    assert f'data-count="{RECORD_PAGE_SIZE + 1}"' in page
    assert "receipts_page=2#receipts" in page
    assert ("Next page" in page) == (language == "en")
    assert ("Página siguiente" in page) == (language == "es")
    # when there are three pages more, the page is the same size and runs the same queries
    _more_receipts(receipt, 3 * RECORD_PAGE_SIZE)
    with CaptureQueriesContext(connection) as more:
        page = client.get("/residents/household/").content.decode()
    assert page.count('class="dogtag-receipt"') == RECORD_PAGE_SIZE
    assert f'data-count="{4 * RECORD_PAGE_SIZE + 1}"' in page
    assert len(more) == len(first)
    # and a page number that names no page shows the nearest, and says so
    page = client.get("/residents/household/?receipts_page=x").content.decode()
    assert page.count('class="dogtag-receipt"') == RECORD_PAGE_SIZE
    assert "dogtag-page-notice" in page
