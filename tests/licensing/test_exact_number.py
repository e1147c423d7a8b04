"""A number typed at the desk is looked up exactly first (issue 14, item 2: lookup by tag,
license or microchip number, p99 < 10 ms at state size): three lookups on unique or indexed
columns, whatever the size of the city; "search everywhere" runs the full search."""

from __future__ import annotations

import pytest
from django.test import Client

from dogtag.licensing import queries
from dogtag.licensing.models import License

from . import test_search_index
from .conftest import TODAY
from .test_search_index import found

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("town")]
# The search tests' town: three owners, four dogs, two licenses with their tags.
town = test_search_index.town


@pytest.mark.parametrize(
    "text, expected",
    [
        ("2026-00002", {"licenses": ["Rivet"], "tags": ["2026-00002"]}),  # license and tag
        ("2026-00007", {"tags": ["2026-00007"]}),  # a tag in stock: by its exact serial
        ("985112003456789", {"dogs": ["Biscuit"]}),  # a microchip
    ],
)
def test_a_number_is_found_exactly_in_three_indexed_lookups(
    text, expected, django_assert_num_queries
):
    with django_assert_num_queries(3):
        results = queries.search(text, TODAY)
        shown = {g.key: len(g.rows) for g in results.groups if g.rows}
    assert results.exact is True
    assert shown == {key: len(rows) for key, rows in expected.items()}
    assert found(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "2026-0000",  # part of a number: the search finds every license and tag holding it
        "3456",  # part of a microchip
        "biscuit",  # a word
        "555-0142",  # a phone number is no tag, license or chip: no record has it exactly
    ],
)
def test_text_that_is_no_records_number_is_searched(text):
    assert queries.search(text, TODAY).exact is False


def test_a_number_in_lower_case_is_found():
    number = License.objects.get(dog__name="Rivet").number
    assert queries.exact_number(number.lower(), TODAY) is not None


def test_searching_everywhere_runs_the_full_search():
    results = queries.search("2026-00002", TODAY, anywhere=True)
    assert results.exact is False
    assert {g.key: g.total for g in results.groups if g.total} == {"licenses": 1, "tags": 1}


def test_the_page_offers_the_full_search_after_an_exact_match(clerk):
    from django.contrib.auth.models import Group

    from dogtag.records import roles

    roles.ensure_roles()
    clerk.groups.add(Group.objects.get(name=roles.CLERK))
    client = Client()
    client.force_login(clerk)
    page = client.get("/search/", {"q": "985112003456789"}).content.decode()
    assert "The tag, license or microchip number “985112003456789”" in page
    assert 'href="/search/?q=985112003456789&amp;anywhere=1"' in page
    everywhere = client.get("/search/", {"q": "985112003456789", "anywhere": "1"})
    assert "The tag, license or microchip number" not in everywhere.content.decode()
    assert "Biscuit" in everywhere.content.decode()
