"""Issue 25 item 2.4: a household is visible only to the e-mail address it uses now.

When the Clerk changes an owner's e-mail address (the licensing desk's owner edit,
``licensing.services.update_owner``), the account of the old address no longer sees the
household, its receipts, its rabies certificates or its dangerous-dog notice, even with a session
opened before the change; the account of the new address sees them once it signs in.
"""

import datetime as dt

import pytest
from django.core.files.base import ContentFile
from django.test import Client

from dogtag.dangerous_dogs import services as cases
from dogtag.licensing import services as desk
from dogtag.licensing.models import RabiesVaccination, Receipt
from dogtag.records.versions import version_of
from tests.dangerous_dogs.conftest import designate
from tests.dangerous_dogs.conftest import officer as dd_officer  # noqa: F401  (fixture)
from tests.residents.conftest import sign_in

pytestmark = pytest.mark.django_db

OLD = "pat@example.org"
NEW = "pat.lund@example.net"


@pytest.fixture
def pats_records(pat, dd_officer):  # noqa: F811
    """Pat's household with a receipt, a rabies certificate and a Notice of Dangerous Dog."""
    owner, dog, license_ = pat
    vaccination = RabiesVaccination.objects.get(dog=dog)
    vaccination.certificate_file.save("pat-cert.pdf", ContentFile(b"%PDF-1.4\n% Pat\n"))
    case = designate(dd_officer, dog, on=dt.date(2026, 11, 19))
    case = cases.issue_notice(case=case, on=dt.date(2026, 11, 19), actor=dd_officer)
    receipt = Receipt.objects.get(license=license_)
    return {
        "owner": owner,
        "household": "/residents/household/",
        "license": f"/residents/household/licenses/{license_.number}.pdf",
        "receipt": f"/residents/household/receipts/{receipt.number}.pdf",
        "certificate": f"/residents/household/rabies-certificates/{vaccination.pk}/",
        "notice": f"/residents/household/notices/{case.number}/notice.pdf",
        "lost": f"/residents/found/lost/{dog.pk}/",
        "shown": [
            "Pat Gustafson",
            "7120 Viking Blvd NW",
            "Biscuit",
            license_.number,
            receipt.number,
            case.number,
        ],
    }


DOCUMENTS = ["license", "receipt", "certificate", "notice"]


def change_email(owner, clerk, email: str) -> None:
    desk.update_owner(owner, actor=clerk, version=version_of(owner), email=email)


def test_the_old_address_loses_the_household_when_the_clerk_changes_the_email(pats_records, clerk):
    records = pats_records
    # Given Pat signed in with the old address, seeing every record of the household
    old = Client()
    sign_in(old, OLD)
    page = old.get(records["household"]).content.decode()
    assert all(text in page for text in records["shown"])
    assert [old.get(records[d]).status_code for d in DOCUMENTS] == [200] * 4

    # When the Clerk changes the owner's e-mail address at the desk
    change_email(records["owner"], clerk, NEW)

    # Then the old address's session (opened before the change) sees none of it: the household
    # page says no household is on file, each document and the lost-dog form answer 404
    page = old.get(records["household"]).content.decode()
    assert "No household on file with this e-mail address" in page
    assert [text for text in records["shown"] if text in page] == []
    assert [old.get(records[d]).status_code for d in DOCUMENTS] == [404] * 4
    assert old.get(records["lost"]).status_code == 404
    # and signing in again with the old address does not bring it back
    again = Client()
    sign_in(again, OLD)
    assert "No household on file" in again.get(records["household"]).content.decode()
    assert [again.get(records[d]).status_code for d in DOCUMENTS] == [404] * 4


def test_the_new_address_sees_the_household_once_it_signs_in(pats_records, clerk):
    records = pats_records
    # Given the new address's account signed in before the change, with nothing on file
    new = Client()
    sign_in(new, NEW)
    assert "No household on file" in new.get(records["household"]).content.decode()

    # When the Clerk changes the owner's e-mail address to it (written in capitals), and the
    # resident signs in again with it
    change_email(records["owner"], clerk, NEW.upper())
    sign_in(new, NEW)

    # Then the new address sees the household and opens each of its documents
    page = new.get(records["household"]).content.decode()
    assert all(text in page for text in records["shown"])
    assert [new.get(records[d]).status_code for d in DOCUMENTS] == [200] * 4
