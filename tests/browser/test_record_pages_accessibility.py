"""WCAG 2.1 AA on a record's lists cut into pages (issue 14 item 3): each record page of
``tests/records/test_record_pages_bounded`` with more than a page of rows behind its list (so its
page count and pagination nav show), and the household's receipts on the residents' site."""

from __future__ import annotations

from typing import Any

import pytest

from dogtag.licensing.models import Receipt
from dogtag.records.pagination import RECORD_PAGE_SIZE
from dogtag.staff.demo import DEMO_USERNAME
from tests.browser.test_accessibility import RESIDENT, Axe, axe, sign_in_as, town  # noqa: F401
from tests.records.test_record_pages_bounded import CASES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_record_pages_with_pages_have_no_wcag_violation(axe: Axe) -> None:  # noqa: F811
    # given more than a page of rows behind each record's list
    urls = {name: case.url() for name, case in CASES.items()}  # (makes a record the town lacks)
    for case in CASES.values():
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
    sign_in_as(axe, RESIDENT)
    axe.open("the household's receipts", "/residents/household/")
    axe.open("the household's receipts, page 2", "/residents/household/?receipts_page=2")
    # then axe finds nothing
    assert axe.found == {}, axe.report()
    assert axe.checked == 2 * len(CASES) + 2


def case_param(name: str) -> str:
    return {
        "dangerous-dog case timeline": "timeline_page",
        "complaint timeline": "timeline_page",
        "outbox message events": "events_page",
        "complaints about a dog": "complaints_page",
        "fee resolutions": "resolutions_page",
    }.get(name, "decisions_page")
