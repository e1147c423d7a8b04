"""records.pagination: one page of a list, its count, and its links (issue 14, item 3).

Given a list of rows and an address, when the page is cut, then it holds the rows the address asks
for; a page number that is not one, or past the last page, shows the nearest page with a notice;
a page size asked for is bounded. Never an exception."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.test import RequestFactory

from dogtag.records.pagination import MAX_PAGE_SIZE, MIN_PAGE_SIZE, keyset, paginate

ROWS = list(range(1, 124))  # 123 rows: 50 + 50 + 23


def cut(query: dict[str, str], **kwargs):
    return paginate(RequestFactory().get("/list/", query), ROWS, **kwargs)


@pytest.mark.parametrize(
    "query, number, first, last, notice",
    [
        ({}, 1, 1, 50, ""),
        ({"page": "2"}, 2, 51, 100, ""),
        ({"page": "3"}, 3, 101, 123, ""),
        ({"page": " 2 "}, 2, 51, 100, ""),
        ({"page": "4"}, 3, 101, 123, "There is no page 4; this is the last, page 3."),
        ({"page": "99999999999999999999"}, 3, 101, 123, "There is no page 99999999999999999999;"),
        ({"page": "0"}, 1, 1, 50, "“0” is not a page number; this is the first page."),
        ({"page": "-1"}, 1, 1, 50, "“-1” is not a page number"),
        ({"page": "two"}, 1, 1, 50, "“two” is not a page number"),
        ({"page": "²"}, 1, 1, 50, "“²” is not a page number"),
        ({"page": "1.5"}, 1, 1, 50, "“1.5” is not a page number"),
        ({"page": ""}, 1, 1, 50, ""),
    ],
)
def test_the_page_asked_for_or_the_nearest_with_a_notice(query, number, first, last, notice):
    # when the list is cut for the address
    listing = cut(query)
    # then it is the page asked for, or the nearest one, saying so
    assert (listing.number, listing.rows[0], listing.rows[-1]) == (number, first, last)
    assert listing.count == 123 and listing.num_pages == 3
    assert listing.notice.startswith(notice) and bool(listing.notice) == bool(notice)


@pytest.mark.parametrize(
    "asked, size",
    [("5", MIN_PAGE_SIZE), ("25", 25), ("100000", MAX_PAGE_SIZE), ("x", 50), ("-3", 50)],
)
def test_a_page_size_asked_for_is_bounded(asked, size):
    listing = cut({"per_page": asked})
    assert listing.per_page == size and len(listing) == min(size, 123)


def test_a_page_size_in_the_code_is_bounded_too():
    assert cut({}, per_page=10_000).per_page == MAX_PAGE_SIZE


def test_each_list_reads_its_own_parameters():
    # given two lists on one page, when the second is on page 2
    listing = cut({"dogs_page": "2", "owners_page": "3", "dogs_per_page": "20"}, param="dogs_page")
    # then only its own page and size apply, and its links keep the other list's page
    assert (listing.number, listing.per_page) == (2, 20)
    assert listing.next_url == "?owners_page=3&dogs_per_page=20&dogs_page=3"


def test_links_name_first_last_and_neighbours_with_gaps():
    rows = list(range(1000))
    listing = paginate(RequestFactory().get("/", {"page": "10", "q": "a b"}), rows, anchor="x")
    assert [link.number for link in listing.links] == [1, 0, 8, 9, 10, 11, 12, 0, 20]
    assert [link.current for link in listing.links].index(True) == 4
    assert listing.previous_url == "?q=a+b&page=9#x" and listing.next_url == "?q=a+b&page=11#x"


def test_an_empty_list_is_one_page_of_nothing():
    listing = paginate(RequestFactory().get("/", {"page": "2"}), [])
    assert (listing.count, listing.num_pages, listing.rows, listing.start_index) == (0, 1, [], 0)
    assert listing.notice == "There is no page 2; everything is on one page."


def test_the_include_is_an_accessible_uswds_nav():
    html = render_to_string(
        "records/_pagination.html",
        {"listing": cut({"page": "2"}), "label": "Pages of dogs", "noun": "dogs"},
    )
    assert '<nav aria-label="Pages of dogs" class="usa-pagination">' in html
    assert html.count('aria-current="page"') == 1
    assert 'aria-label="Page 2 of 3" aria-current="page">2</a>' in html
    assert "123 dogs: 51 to 100 shown, page 2 of 3" in html
    assert 'href="?page=1"' in html and 'href="?page=3"' in html


def test_one_page_draws_no_nav_but_still_counts():
    html = render_to_string(
        "records/_pagination.html", {"listing": cut({}, per_page=200), "noun": "dogs"}
    )
    assert "usa-pagination" not in html and "123 dogs" in html


@pytest.mark.django_db
def test_a_queryset_is_read_one_page_at_a_time(django_user_model, django_assert_num_queries):
    # given 30 users
    django_user_model.objects.bulk_create(
        [django_user_model(username=f"u{i:02}") for i in range(30)]
    )
    rows = django_user_model.objects.order_by("username")
    # when page 2 of 10 is read, then one COUNT and one LIMIT/OFFSET query
    with django_assert_num_queries(2) as captured:
        listing = paginate(RequestFactory().get("/", {"page": "2", "per_page": "10"}), rows)
        names = [u.username for u in listing.rows]
    assert names == [f"u{i:02}" for i in range(10, 20)]
    assert "LIMIT 10 OFFSET 10" in captured.captured_queries[1]["sql"]


# ------------------------------------------------------------------------------------ keyset


@pytest.fixture
def users(django_user_model):
    django_user_model.objects.bulk_create(
        [django_user_model(username=f"u{i:02}") for i in reversed(range(30))]
    )
    return {u.username: u.pk for u in django_user_model.objects.all()}


def by_key(django_user_model, query):
    listing = keyset(
        RequestFactory().get("/", query),
        django_user_model.objects.all(),
        ("username", "id"),
        param="users_page",
        per_page=10,
    )
    return listing, [u.username for u in listing.rows]


@pytest.mark.django_db
def test_keyset_first_page_is_one_count_and_one_limited_read(
    django_user_model, users, django_assert_num_queries
):
    with django_assert_num_queries(2):
        listing, names = by_key(django_user_model, {})
    assert names == [f"u{i:02}" for i in range(10)]
    assert (listing.number, listing.num_pages, listing.count, listing.notice) == (1, 3, 30, "")


@pytest.mark.django_db
@pytest.mark.parametrize(
    "way, at, first, number",
    [
        ("after", "u09", 10, 2),
        ("after", "u19", 20, 3),
        ("before", "u10", 0, 1),
        ("before", "u20", 10, 2),
        ("from", "u10", 10, 2),
        ("from", "u15", 15, 2),
    ],
)
def test_keyset_pages_follow_the_key(django_user_model, users, way, at, first, number):
    listing, names = by_key(django_user_model, {f"users_page_{way}": str(users[at])})
    assert names == [f"u{i:02}" for i in range(first, min(first + 10, 30))]
    assert listing.number == number and listing.notice == ""


@pytest.mark.django_db
def test_keyset_last_page_and_links(django_user_model, users):
    listing, names = by_key(django_user_model, {"users_page_last": "1", "q": "x"})
    assert names == [f"u{i:02}" for i in range(20, 30)] and listing.number == 3
    middle, _ = by_key(django_user_model, {"users_page_after": str(users["u09"])})
    assert [(link.number, link.url, link.current) for link in middle.links] == [
        (1, "?", False),
        (2, f"?users_page_from={users['u10']}", True),
        (3, f"?users_page_after={users['u19']}", False),
    ]
    assert middle.next_url == f"?users_page_after={users['u19']}"
    assert middle.previous_url == "?"
    # from page 1 of many, the last page is one link away
    rows = keyset(
        RequestFactory().get("/"), django_user_model.objects.all(), ("username", "id"), per_page=10
    )
    assert [link.url for link in rows.links] == ["?", f"?page_after={users['u09']}", "?page_last=1"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "query, notice",
    [
        ({"users_page_after": "x"}, "The page asked for has changed; this is the first page."),
        ({"users_page_after": "999999"}, "The page asked for has changed"),
        ({"users_page_before": "9" * 40}, "The page asked for has changed"),
        ({"users_page_after": "LAST"}, "The page asked for has changed"),
    ],
)
def test_keyset_bad_key_is_the_first_page_with_a_notice(django_user_model, users, query, notice):
    listing, names = by_key(django_user_model, query)
    assert names[0] == "u00" and listing.number == 1 and listing.notice.startswith(notice)


@pytest.mark.django_db
def test_keyset_past_the_end_is_the_first_page_with_a_notice(django_user_model, users):
    listing, names = by_key(django_user_model, {"users_page_after": str(users["u29"])})
    assert names[0] == "u00"
    assert listing.notice == "There is nothing more on that page; this is the first page."


@pytest.mark.django_db
@pytest.mark.parametrize("page", [None, "1", "x", "0"])
def test_a_first_page_that_holds_everything_is_one_query(
    django_user_model, django_assert_num_queries, page
):
    django_user_model.objects.bulk_create([django_user_model(username=f"u{i}") for i in range(7)])
    query = {"page": page} if page else {}
    with django_assert_num_queries(1):
        listing = paginate(RequestFactory().get("/", query), django_user_model.objects.all())
        assert (listing.count, len(listing.rows), listing.num_pages) == (7, 7, 1)


@pytest.mark.django_db
def test_a_first_page_of_many_is_its_rows_and_a_count(django_user_model, django_assert_num_queries):
    django_user_model.objects.bulk_create(
        [django_user_model(username=f"u{i:02}") for i in range(12)]
    )
    with django_assert_num_queries(2):
        listing = paginate(
            RequestFactory().get("/", {"per_page": "10"}),
            django_user_model.objects.order_by("username"),
        )
        assert [u.username for u in listing.rows] == [f"u{i:02}" for i in range(10)]
        assert (listing.count, listing.num_pages) == (12, 2)


# ------------------------------------------------------------------------- a count's ceiling


def capped(query: dict[str, str], rows, cap: int):
    return paginate(RequestFactory().get("/list/", query), rows, per_page=10, count_cap=cap)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "users, cap, count, exceeds, pages",
    [
        (35, 20, 20, True, 2),  # more than the ceiling: counted to it, pages reach it
        (21, 20, 20, True, 2),
        (20, 20, 20, False, 2),  # exactly the ceiling: an exact count
        (12, 20, 12, False, 2),
        (7, 20, 7, False, 1),  # one page: its rows are its count
    ],
)
def test_a_count_with_a_ceiling_counts_no_further_than_it(
    django_user_model, users, cap, count, exceeds, pages
):
    # given some users, and a list that counts its rows up to a ceiling
    django_user_model.objects.bulk_create(
        [django_user_model(username=f"u{i:02}") for i in range(users)]
    )
    # when its first page is cut
    listing = capped({}, django_user_model.objects.order_by("username"), cap)
    # then the count stops at the ceiling, says whether more match, and the pages reach it
    assert (listing.count, listing.count_exceeds, listing.num_pages) == (count, exceeds, pages)
    assert [u.username for u in listing.rows] == [f"u{i:02}" for i in range(min(users, 10))]


@pytest.mark.django_db
def test_the_count_reads_no_more_rows_than_the_ceiling(
    django_user_model, django_assert_num_queries
):
    django_user_model.objects.bulk_create(
        [django_user_model(username=f"u{i:02}") for i in range(35)]
    )
    with django_assert_num_queries(2) as captured:
        listing = capped({}, django_user_model.objects.order_by("username"), 20)
        assert listing.count == 20
    # the COUNT is of a subquery cut at the ceiling and one row (to know whether more match),
    # unsorted: any 21 rows will do
    count = captured.captured_queries[1]["sql"]
    assert "LIMIT 21" in count and "ORDER BY" not in count


@pytest.mark.django_db
@pytest.mark.parametrize("page, first", [("1", 0), ("2", 10), ("4", 30)])
def test_a_deferred_join_reads_the_same_page_by_its_ids(django_user_model, page, first):
    # given 35 users, stored in the reverse of the list's order
    django_user_model.objects.bulk_create(
        [django_user_model(username=f"u{i:02}") for i in reversed(range(35))]
    )
    rows = django_user_model.objects.order_by("username")
    address = RequestFactory().get("/", {"page": page, "per_page": "10"})
    # when a page is read by a deferred join, then it is the page read directly, in order
    plain = paginate(address, rows)
    deferred = paginate(address, rows, deferred_join=True, count_cap=20 if page != "4" else None)
    assert [u.username for u in deferred.rows] == [u.username for u in plain.rows]
    assert deferred.rows[0].username == f"u{first:02}"


@pytest.mark.django_db
def test_a_deferred_join_sorts_the_ids_alone(django_user_model, django_assert_num_queries):
    django_user_model.objects.bulk_create(
        [django_user_model(username=f"u{i:02}") for i in range(35)]
    )
    with django_assert_num_queries(2) as captured:
        listing = paginate(
            RequestFactory().get("/", {"page": "2", "per_page": "10"}),
            django_user_model.objects.order_by("username"),
            deferred_join=True,
        )
        assert len(listing.rows) == 10
    read = captured.captured_queries[1]["sql"]
    assert 'IN (SELECT U0."id"' in read and "LIMIT 10 OFFSET 10)" in read


@pytest.mark.django_db
def test_past_the_ceiling_is_the_last_page_it_reaches(django_user_model):
    django_user_model.objects.bulk_create(
        [django_user_model(username=f"u{i:02}") for i in range(35)]
    )
    listing = capped({"page": "4"}, django_user_model.objects.order_by("username"), 20)
    assert (listing.number, [u.username for u in listing.rows]) == (
        2,
        [f"u{i:02}" for i in range(10, 20)],
    )
    assert listing.notice == (
        "There is no page 4; this is the last, page 2. Only the first 20 are counted and shown:"
        " narrow the search to see the others."
    )


@pytest.mark.django_db
def test_the_include_says_more_than_the_ceiling(django_user_model):
    django_user_model.objects.bulk_create(
        [django_user_model(username=f"u{i:02}") for i in range(35)]
    )
    listing = capped({}, django_user_model.objects.order_by("username"), 20)
    html = render_to_string("records/_pagination.html", {"listing": listing, "noun": "users"})
    assert "More than 20 users: 1 to 10 shown, page 1 of 2" in html
    assert 'data-count="20"' in html and 'data-count-exceeds="true"' in html


def test_a_list_in_memory_is_counted_in_full_whatever_the_ceiling():
    listing = paginate(RequestFactory().get("/list/"), ROWS, count_cap=20)
    assert (listing.count, listing.count_exceeds) == (123, False)


def test_the_include_groups_the_digits_of_large_numbers():
    listing = paginate(RequestFactory().get("/list/", {"page": "40"}), list(range(2345)))
    html = render_to_string("records/_pagination.html", {"listing": listing, "noun": "dogs"})
    assert "2,345 dogs: 1,951 to 2,000 shown, page 40 of 47" in html
    assert 'data-count="2345"' in html  # the machine-readable count stays a number
