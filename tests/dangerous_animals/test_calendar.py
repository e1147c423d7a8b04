"""The hearings set in Lino Lakes' dangerous-animal cases in the calendar feed (issue 27), as the
dangerous-dog hearings are in Nowthen's: each hearing set and not yet recorded held, on its day,
naming the case and the kind of animal, never the owner; none where the part is not law."""

from __future__ import annotations

import datetime as dt

import pytest
from icalendar import Calendar

from dogtag.dangerous_animals.models import AnimalCaseEvent
from dogtag.exports.calendar import entries, feed
from dogtag.records.services import city_params

from .conftest import DESIGNATED, D

BEFORE = [
    ("seized", DESIGNATED, {}),
    ("officer_order", D(2026, 11, 3), {"disposition": "conditions"}),
    ("owner_notified", D(2026, 11, 4), {"method": "in_writing"}),
    ("hearing_requested", D(2026, 11, 10), {}),
]
SET = ("hearing_set", D(2026, 11, 12), {"hearing_on": D(2026, 12, 3)})
NOTICED = (
    "forfeiture_noticed",
    D(2026, 11, 5),
    {"method": "personal", "grounds": ["public_nuisance"], "reasons": "Repeated attacks."},
)
HEARING = (
    "Dangerous-animal hearing: case DA2026-001 (dog)",
    D(2026, 12, 3),
    "The hearing on the owner's demand, on the day the hearing officer set (503.16(2)(c)2).",
)


@pytest.mark.parametrize(
    "events, expected",
    [
        pytest.param(BEFORE, [], id="demanded, not set: no hearing"),
        pytest.param([*BEFORE, SET], [HEARING], id="set for Thu 12-03"),
        pytest.param(
            [
                *BEFORE,
                ("hearing_set", D(2026, 11, 12), {"hearing_on": D(2026, 11, 20)}),
                ("hearing_held", D(2026, 11, 20), {}),
            ],
            [],
            id="held: no longer in the feed",
        ),
        pytest.param(
            [
                NOTICED,
                ("forfeiture_hearing_requested", D(2026, 11, 9), {}),
                ("forfeiture_hearing_set", D(2026, 11, 10), {"hearing_on": D(2026, 12, 2)}),
            ],
            [
                (
                    "Forfeiture hearing: case DA2026-001 (dog)",
                    D(2026, 12, 2),
                    "The hearing on the owner's demand, on the day the hearing officer set "
                    "(503.20(3)(b)).",
                )
            ],
            id="a forfeiture hearing set for Wed 12-02",
        ),
    ],
)
def test_each_hearing_set_and_not_held_is_an_entry(case, walk, events, expected):
    walk(case, events)
    found = [(e.summary, e.start, e.description) for e in entries(city_params())]
    assert found == expected
    set_ = AnimalCaseEvent.objects.filter(kind__endswith="hearing_set")
    assert [e.uid for e in entries(city_params())] == [f"da-hearing-{e.pk}" for e in set_][
        : len(expected)
    ]


def test_the_feed_has_the_hearing_all_day_without_the_owner(case, walk):
    walk(case, [*BEFORE, SET])
    ical = feed(dt.datetime(2026, 11, 29, 16, 0, tzinfo=dt.UTC), city_params())
    (event,) = Calendar.from_ical(ical).walk("VEVENT")
    assert (str(event["summary"]), event.decoded("dtstart"), event.decoded("dtend")) == (
        "Dangerous-animal hearing: case DA2026-001 (dog)",
        D(2026, 12, 3),
        D(2026, 12, 4),
    )
    assert b"Lindgren" not in ical


def test_nowthen_lists_no_dangerous_animal_hearing(case, walk, monkeypatch):
    # given a case on record, when the city in force is Nowthen (the part is not law there)
    walk(case, [*BEFORE, SET])
    monkeypatch.setenv("DOGTAG_JURISDICTION", "nowthen")
    assert list(entries(city_params())) == []
