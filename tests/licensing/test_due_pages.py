"""The due list a page at a time (issue 14, item 3): each section counted in full, its rows one
page (25) at a time; the license sections by keyset, so the first page is one bounded read."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Group
from django.db import connection
from django.test.utils import CaptureQueriesContext

from dogtag.licensing import services
from dogtag.licensing.due import due_list
from dogtag.records.roles import CLERK, ensure_roles

from .conftest import TODAY, D
from .test_due import dog_of, issue, owner_named, vaccinate


@pytest.fixture
def due_desk(client, django_user_model):
    ensure_roles()
    user = django_user_model.objects.create_user("cora")
    user.groups.add(Group.objects.get(name=CLERK))
    client.force_login(user)
    return client


def lapse(clerk, n):
    """``n`` dogs licensed 2025-10-01 whose licenses expired 2026-10-01 (renewal overdue on
    2026-11-29), named Dog 00, Dog 01, ..."""
    owner = owner_named(clerk, "Pat Gustafson")
    for i in range(n):
        dog = dog_of(clerk, owner, f"Dog {i:02}", born=D(2024, 1, 1))
        issue(clerk, dog, vaccinate(clerk, dog, D(2025, 10, 1), D(2026, 10, 1)), D(2025, 10, 1))


@pytest.fixture
def lapsed_30(clerk):
    services.add_tag_stock(prefix="P-", first=1, last=40, actor=clerk)
    lapse(clerk, 30)


def names(html: str, key: str) -> list[str]:
    table = html.split(f'id="{key}-table"')[1].split("</table>")[0]
    return re.findall(r'data-label="Dog"><a href="[^"]+">([^<]+)</a>', table)


def test_a_section_shows_its_first_page_and_counts_every_row(due_desk, lapsed_30):
    # when the due list is opened
    html = due_desk.get("/due/").content.decode()
    # then the section counts all 30, overdue 30, and lists the first 25 in order
    assert re.search(r'id="overdue_renewals-count">30<', html)
    assert names(html, "overdue_renewals") == [f"Dog {i:02}" for i in range(25)]
    assert "30 rows: 1 to 25 shown, page 1 of 2" in html
    # when the next page is followed, then it holds the other 5, and the counts stay whole
    after = re.search(r'href="(\?overdue_renewals_page_after=\d+#overdue_renewals)"', html)
    assert after
    second = due_desk.get("/due/" + after.group(1).replace("&amp;", "&")).content.decode()
    assert names(second, "overdue_renewals") == [f"Dog {i:02}" for i in range(25, 30)]
    assert "30 rows: 26 to 30 shown, page 2 of 2" in second
    assert re.search(r'id="overdue_renewals-count">30<', second)


@pytest.mark.parametrize(
    "query, notice",
    [
        ("overdue_renewals_page_after=abc", "The page asked for has changed; this is the first"),
        ("overdue_renewals_page_before=99999999", "The page asked for has changed"),
        ("overdue_renewals_per_page=100000", ""),
    ],
)
def test_a_bad_page_address_shows_the_first_page(due_desk, lapsed_30, query, notice):
    response = due_desk.get(f"/due/?{query}")
    assert response.status_code == 200
    html = response.content.decode()
    assert names(html, "overdue_renewals")[0] == "Dog 00"
    assert notice in html


def test_a_page_size_asked_for_is_bounded_to_the_maximum(due_desk, lapsed_30):
    html = due_desk.get("/due/?overdue_renewals_per_page=5").content.decode()
    assert len(names(html, "overdue_renewals")) == 10  # the smallest page
    html = due_desk.get("/due/?overdue_renewals_per_page=999999").content.decode()
    assert len(names(html, "overdue_renewals")) == 30  # all fit in the largest


def test_the_paged_sections_are_the_whole_list_cut_in_pages(clerk, lapsed_30):
    from django.http import QueryDict

    whole = due_list(TODAY).section("overdue_renewals")
    first = due_list(TODAY, address=QueryDict()).section("overdue_renewals")
    assert (first.count, first.overdue_count) == (whole.count, whole.overdue_count) == (30, 30)
    assert first.rows == whole.rows[:25]


def test_the_first_page_reads_the_same_whatever_the_section_holds(due_desk, clerk):
    # given 26 overdue renewals (more than a page), then 36: the first page runs the same queries
    services.add_tag_stock(prefix="P-", first=1, last=40, actor=clerk)
    lapse(clerk, 26)
    with CaptureQueriesContext(connection) as few:
        due_desk.get("/due/")
    lapse(clerk, 10)
    with CaptureQueriesContext(connection) as many:
        due_desk.get("/due/")
    assert len(many.captured_queries) == len(few.captured_queries)
    # and each of the six licensing sections reads a bounded page of its stored clocks (a page
    # and one row more), never every row (licensing.due_clocks)
    clock_reads = [
        q["sql"]
        for q in many.captured_queries
        if q["sql"].startswith('SELECT "licensing_dueclock"."id"')
        and 'ORDER BY "licensing_dueclock"."date"' in q["sql"]
    ]
    assert len(clock_reads) == 6 and all(sql.endswith("LIMIT 26") for sql in clock_reads)
    # and the licensing sections read no license but the page's own
    license_reads = [
        q["sql"] for q in many.captured_queries if q["sql"].startswith('SELECT "licensing_license"')
    ]
    assert all('"licensing_license"."id" IN' in sql for sql in license_reads), license_reads
