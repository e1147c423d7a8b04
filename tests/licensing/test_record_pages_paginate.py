"""The history, decisions and receipts of an owner or a dog come a page at a time (issue 14,
item 3): a record with a long past still opens with 25 rows, counted, and the rest a click away."""

from __future__ import annotations

from typing import Any

import pytest

from dogtag.licensing import queries, services
from dogtag.licensing.models import Owner
from dogtag.records.roles import CLERK, ensure_roles
from dogtag.records.versions import version_of

from .conftest import TODAY, cash


@pytest.fixture
def desk(client: Any, clerk: Any) -> Any:
    """The conftest's clerk, in the Clerk role."""
    clerk.groups.add(ensure_roles()[CLERK])
    client.force_login(clerk)
    return client


PHONES = [f"763-555-{n:04d}" for n in range(30)]


def renamed(owner: Owner, clerk: Any, times: int) -> Owner:
    for n in range(times):
        services.update_owner(
            owner, actor=clerk, version=version_of(owner), phone=PHONES[n % len(PHONES)]
        )
    return Owner.objects.get(pk=owner.pk)


def test_an_owners_history_pages_and_each_page_says_what_changed(
    desk: Any, clerk: Any, owner: Owner
) -> None:
    # given an owner created and then saved 30 times (31 history rows)
    owner = renamed(owner, clerk, 30)
    # when the first page of the owner's page is opened
    first = desk.get(f"/owners/{owner.pk}/").content.decode()
    # then it shows the 25 newest changes of 31, and links to page 2
    history = first.split('id="history"')[1]
    assert history.count('data-label="When"') == 25
    assert "31 changes: 1 to 25 shown, page 1 of 2" in history
    assert 'href="?history_page=2#history"' in history
    # when page 2 is opened, then the 6 oldest: five changes of phone, then the creation
    second = desk.get(f"/owners/{owner.pk}/", {"history_page": "2"}).content.decode()
    history = second.split('id="history"')[1]
    assert history.count('data-label="When"') == 6
    assert history.count("Phone: ") == 5 and "Record created" in history
    # and the oldest change on page 1 is compared with the newest on page 2, not shown as created
    page = queries.history_page(owner, _address({}))
    assert [row.what for row in page.rows] == ["changed"] * 25
    assert page.rows[-1].changes[0].before == "(763) 555-0004"


def test_a_history_page_past_the_last_or_no_number_is_no_error(
    desk: Any, clerk: Any, owner: Owner
) -> None:
    owner = renamed(owner, clerk, 2)
    for asked, notice in [
        ("7", "There is no page 7; everything is on one page."),
        ("-1", "“-1” is not a page number; this is the first page."),
    ]:
        response = desk.get(f"/owners/{owner.pk}/", {"history_page": asked})
        assert response.status_code == 200
        assert notice in response.content.decode()


def test_history_page_reads_a_fixed_number_of_queries(
    clerk: Any, owner: Owner, django_assert_max_num_queries: Any
) -> None:
    owner = renamed(owner, clerk, 30)
    with django_assert_max_num_queries(3):
        page = queries.history_page(owner, _address({"history_page": "1"}))
        assert len(page.rows) == 25


def test_a_dogs_decisions_and_an_owners_receipts_page(
    desk: Any, clerk: Any, stock: Any, owner: Owner, dog: Any, rabies: Any
) -> None:
    # given a license issued and its receipt voided, leaving 2 receipts and 2 decisions or more
    issued = services.issue_license(
        dog=dog, rabies=rabies, kind="new", on=TODAY, payment=cash("3.00"), actor=clerk
    )
    services.void_receipt(receipt=issued.receipt, reason="Entered twice", actor=clerk)
    decisions = queries.dog_decisions(dog)
    # when the pages are opened with a page size of 10, then each is counted in full
    dog_page = desk.get(f"/dogs/{dog.pk}/").content.decode()
    assert f"{len(decisions)} decisions" in dog_page
    owner_page = desk.get(f"/owners/{owner.pk}/").content.decode()
    assert "2 receipts" in owner_page
    # and page 2 of receipts with one to a page would be clamped to the minimum size: one page
    bounded = desk.get(f"/owners/{owner.pk}/", {"receipts_per_page": "1"}).content.decode()
    assert "2 receipts" in bounded and "Pages of the receipts" not in bounded


def _address(values: dict[str, str]) -> Any:
    from django.http import QueryDict

    address = QueryDict(mutable=True)
    address.update(values)
    return address
