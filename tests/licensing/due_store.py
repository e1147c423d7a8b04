"""The check that the due list's stored clocks (``licensing.due_clocks``) say what the records
say: every scenario of the due-list tests ends with it (``test_due.due_list``)."""

from __future__ import annotations

import datetime as dt

from django.http import QueryDict

from dogtag.licensing.due import due_list, stored_clocks_fresh
from dogtag.records.pagination import MAX_PAGE_SIZE
from dogtag.records.services import city_params

LICENSING_SECTIONS = (
    "expiring_soon",
    "expiring_later",
    "overdue_renewals",
    "new_residents",
    "ownership_changes",
    "six_months",
)


def assert_stored_clocks_agree(on: dt.date) -> None:
    """Given the clocks the services stored as they wrote the records, when the due list of
    ``on`` is read a page at a time from them, then each licensing section holds exactly the rows
    of the whole list computed from the records, in its order, with its counts."""
    params = city_params()
    assert stored_clocks_fresh(params, on), "the stored clocks are not in use: nothing compared"
    whole = due_list(on, params, other_domains=False)
    paged = due_list(on, params, other_domains=False, address=QueryDict(), per_page=MAX_PAGE_SIZE)
    for key in LICENSING_SECTIONS:
        computed, stored = whole.section(key), paged.section(key)
        assert len(computed.rows) <= MAX_PAGE_SIZE  # a test town: one page holds the section
        assert stored.listing is not None
        assert [r.subject_name for r in stored.rows] == [r.subject_name for r in computed.rows], key
        assert stored.rows == computed.rows, key
        assert (stored.total, stored.overdue_count) == (
            len(computed.rows),
            computed.overdue_count,
        ), key
