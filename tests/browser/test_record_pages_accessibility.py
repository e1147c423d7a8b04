"""WCAG 2.1 AA on a record's lists cut into pages (issue 14 item 3): each record page of
``tests/records/test_record_pages_bounded`` with more than a page of rows behind its list (so its
page count and pagination nav show), and each list of the household page on the residents' site."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from dogtag.dangerous_dogs.models import DangerousDogCase
from dogtag.licensing.models import Receipt
from dogtag.records.pagination import RECORD_PAGE_SIZE
from dogtag.staff.demo import DEMO_USERNAME
from tests.browser.test_accessibility import RESIDENT, Axe, axe, sign_in_as, town  # noqa: F401
from tests.records.test_record_pages_bounded import CASES
from tests.records.test_record_pages_bounded_more import CASES as MORE

DAY = dt.date(2026, 11, 2)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_record_pages_with_pages_have_no_wcag_violation(axe: Axe) -> None:  # noqa: F811
    # given more than a page of rows behind each record's list
    urls = {name: case.url() for name, case in CASES.items()}  # (makes a record the town lacks)
    for case in CASES.values():
        case.grow(RECORD_PAGE_SIZE + 1)
    more = {name: (case.url(), case.param) for name, case in MORE.items()}
    for case in MORE.values():
        case.grow(RECORD_PAGE_SIZE + 1)
    receipt: Any = Receipt.objects.order_by("pk").first()
    for _ in range(RECORD_PAGE_SIZE + 1):
        receipt.pk = None
        receipt.number = f"T{Receipt.objects.count() + 1:07d}"
        receipt.save()
    # when each page is opened, on its first and its second page
    sign_in_as(axe, DEMO_USERNAME)
    for name, url in urls.items():
        axe.open(name, url)
        axe.open(f"{name}, page 2", f"{url}?{case_param(name)}=2")
    for name, (url, param) in more.items():
        axe.open(name, url)
        axe.open(f"{name}, page 2", f"{url}?{param}=2")
    resident = sign_in_as(axe, RESIDENT)
    grow_household(RECORD_PAGE_SIZE + 1)
    household = resident.get("/residents/household/").content.decode()
    assert [w for w in HOUSEHOLD_LISTS if f"{w}_page=2#{w}" not in household] == []
    axe.open("the household's lists", "/residents/household/")
    for what in HOUSEHOLD_LISTS:
        axe.open(f"the household's {what}, page 2", f"/residents/household/?{what}_page=2")
    # then axe finds nothing
    assert axe.found == {}, axe.report()
    assert axe.checked == 2 * len(CASES) + 2 * len(MORE) + 1 + len(HOUSEHOLD_LISTS)


#: The household page's lists, by their ``?<name>_page=``.
HOUSEHOLD_LISTS = ("receipts", "owners", "dogs", "licenses", "vaccinations", "notices")


def copy(row: Any, **changes: Any) -> Any:
    row = type(row).objects.get(pk=row.pk)
    row.pk = None
    for name, value in changes.items():
        setattr(row, name, value)
    row.save()
    return row


def grow_household(n: int) -> None:
    """``n`` more of each of the signed-in resident's lists."""
    from dogtag.residents import household
    from dogtag.residents.models import ResidentAccount

    account = ResidentAccount.objects.get(email="resident.walker@example.org")
    license_ = household.licenses(account).first()
    vaccination = household.vaccinations(account).first()
    case = household.cases(account).first() or DangerousDogCase.objects.order_by("pk").first()
    owner = household.owners(account).first()
    assert None not in (license_, vaccination, case, owner)
    for i in range(n):
        copy(license_, number=f"H{i:07d}", previous=None)
        copy(license_.dog)
        copy(vaccination, certificate_number=f"H{i:07d}")
        copy(case, number=f"H{i:07d}", state="rescinded", owner=owner, notice_issued_on=DAY)
        account.owners.add(copy(owner))


def case_param(name: str) -> str:
    return {
        "dangerous-dog case timeline": "timeline_page",
        "complaint timeline": "timeline_page",
        "outbox message events": "events_page",
        "complaints about a dog": "complaints_page",
        "fee resolutions": "resolutions_page",
    }.get(name, "decisions_page")
