"""A Lino Lakes dangerous-animal case's page as of a past day (``?on=YYYY-MM-DD``, issue 27):
where the case stood that day and the events recorded up to it, read by the rules core on it; a
day that is no date, before the designation or after today gets its message and today's view."""

from __future__ import annotations

import pytest
from django.test import Client

from dogtag.dangerous_animals.models import AnimalCaseEvent
from dogtag.records.models import Decision

from .conftest import DESIGNATED, D

EVENTS = [
    ("seized", DESIGNATED, {}),
    ("officer_order", D(2026, 11, 3), {"disposition": "conditions"}),
    ("owner_notified", D(2026, 11, 4), {"method": "in_writing"}),
    ("hearing_requested", D(2026, 11, 10), {}),
    ("hearing_set", D(2026, 11, 12), {"hearing_on": D(2026, 12, 3)}),
]
FORM = '<form class="usa-form usa-form--large" method="post"'
TODAY_STATE = "Hearing set (on 2026-11-29)."


@pytest.fixture
def staff(db, django_user_model):
    client = Client(raise_request_exception=False)
    client.force_login(
        django_user_model.objects.create_superuser("demo", "demo@example.invalid", None)
    )
    return client


@pytest.fixture
def walked(case, walk):
    walk(case, EVENTS)
    return case


def timeline(text: str) -> list[str]:
    """The kinds of event the timeline shows, oldest first."""
    part = text[text.index('id="timeline"') :]
    return [line.split(" — ", 1)[1].split("</strong>")[0] for line in part.split("<strong>")[1:]]


# the day asked for; then the state, a deadline (or flag) shown, and the timeline up to that day
DAYS = [
    (
        "2026-11-02",
        "Seized (on 2026-11-02).",
        "Officer order: may be recorded.",
        ["Designated dangerous", "Seized"],
    ),
    (
        "2026-11-05",
        "Appeal open (on 2026-11-05).",
        '<td data-label="Due">Wed 2026-11-18</td>',
        ["Designated dangerous", "Seized", "Officer order", "Owner notified"],
    ),
    (
        "2026-11-10",
        "Hearing requested (on 2026-11-10).",
        '<td data-label="Due">Tue 2026-12-01</td>',
        ["Designated dangerous", "Seized", "Officer order", "Owner notified", "Hearing requested"],
    ),
    (
        "2026-11-12",
        "Hearing set (on 2026-11-12).",
        "The hearing is set for Thu 2026-12-03, after Tue 2026-12-01",
        [
            "Designated dangerous",
            "Seized",
            "Officer order",
            "Owner notified",
            "Hearing requested",
            "Hearing set",
        ],
    ),
]


@pytest.mark.parametrize("day, state, shown, events", DAYS)
def test_the_page_shows_where_the_case_stood_that_day(staff, walked, day, state, shown, events):
    # when the case's page is asked for as of a past day, on Sun 2026-11-29
    page = staff.get(f"/dangerous-animals/{walked.number}/?on={day}")
    text = page.content.decode()
    # then it shows where the case stood that day, its deadlines, the events up to it; no form
    assert page.status_code == 200
    assert state in text
    assert shown in text
    assert timeline(text) == events
    assert f'id="as-of-day" name="on" type="date" value="{day}"' in text
    assert "the events recorded up to that day, read on it." in text
    assert "Steps that could be recorded that day" in text
    assert FORM not in text


@pytest.mark.parametrize(
    "raw, problem",
    [
        ("2026-13-01", "Give the day as YYYY-MM-DD; the case is shown as it stands today."),
        ("yesterday", "Give the day as YYYY-MM-DD; the case is shown as it stands today."),
        ("20261110", "Give the day as YYYY-MM-DD; the case is shown as it stands today."),
        ("x" * 10_000, "Give the day as YYYY-MM-DD; the case is shown as it stands today."),
        (
            "2026-11-01",
            "Give a day from the designation (2026-11-02) to today (2026-11-29); the case is "
            "shown as it stands today.",
        ),
        (
            "2026-11-30",
            "Give a day from the designation (2026-11-02) to today (2026-11-29); the case is "
            "shown as it stands today.",
        ),
        (
            "0001-01-01",
            "Give a day from the designation (2026-11-02) to today (2026-11-29); the case is "
            "shown as it stands today.",
        ),
        (
            "9999-12-31",
            "Give a day from the designation (2026-11-02) to today (2026-11-29); the case is "
            "shown as it stands today.",
        ),
    ],
)
def test_a_day_out_of_bounds_gets_its_message_and_todays_view(staff, walked, raw, problem):
    decisions, events = Decision.objects.count(), AnimalCaseEvent.objects.count()
    page = staff.get(f"/dangerous-animals/{walked.number}/", {"on": raw})
    text = page.content.decode()
    assert page.status_code == 200
    assert f'<p class="usa-alert__text">{problem}</p>' in text
    assert 'aria-invalid="true" aria-describedby="as-of-problem"' in text
    assert TODAY_STATE in text
    assert FORM in text
    assert "the events recorded up to that day" not in text
    assert (Decision.objects.count(), AnimalCaseEvent.objects.count()) == (decisions, events)


@pytest.mark.parametrize("query", ["", "?on=", "?on=2026-11-29"])
def test_no_day_or_today_is_todays_view(staff, walked, query):
    text = staff.get(f"/dangerous-animals/{walked.number}/{query}").content.decode()
    assert TODAY_STATE in text
    assert FORM in text
    assert "as-of-problem" not in text
    assert timeline(text)[-1] == "Hearing set"
