"""The ``event`` fact type: ``dogtag evaluate`` takes a matter's whole log as a list of dated
events (issue 26: every event of a procedure can be given to ``evaluate``)."""

from __future__ import annotations

import datetime as dt

import pytest

from dogtag.law.event import Event
from dogtag.law.facts import fact, facts, fields_of


@facts
class LogFacts:
    events: tuple[Event, ...] = fact("The log", choices=("served", "hearing_requested"))


FIELD = fields_of(LogFacts)[0]


def test_an_event_is_read_with_its_day_and_its_facts_dates_as_dates() -> None:
    raw = [
        {"kind": "served", "on": "2026-11-02", "facts": {"method": "mail", "mailed": "2026-10-30"}}
    ]
    value, problem = FIELD.parse(raw)
    assert problem is None
    assert value == [
        Event("served", dt.date(2026, 11, 2), {"method": "mail", "mailed": dt.date(2026, 10, 30)})
    ]


@pytest.mark.parametrize(
    ("raw", "problem"),
    [
        ("served", "events[0]: 'served' is not an event (an object with kind, on and facts)"),
        (
            {"kind": "lost", "on": "2026-11-02"},
            "events[0].kind: 'lost' is not one of served, hearing_requested",
        ),
        (
            {"kind": "served", "on": "2026-13-02"},
            "events[0].on: '2026-13-02' is not a date (YYYY-MM-DD)",
        ),
        ({"kind": "served"}, "events[0].on: None is not a date (YYYY-MM-DD)"),
        (
            {"kind": "served", "on": "2026-11-02", "when": 1},
            "events[0]: an event has kind, on and facts, not when",
        ),
        (
            {"kind": "served", "on": "2026-11-02", "facts": {"x": {"y": 1}}},
            "events[0].facts.x: {'y': 1} is not a text, number, yes/no or list",
        ),
        (
            {"kind": "served", "on": "2026-11-02", "facts": {"x": "2026-02-30"}},
            "events[0].facts.x: '2026-02-30' is not a date (YYYY-MM-DD)",
        ),
    ],
)
def test_a_malformed_event_is_named_with_what_is_wrong(raw: object, problem: str) -> None:
    assert FIELD.parse([raw]) == (None, problem)


def test_the_schema_lists_the_kinds_an_event_may_have() -> None:
    schema = FIELD.schema()
    assert schema["type"] == "array"
    assert schema["items"]["properties"]["kind"] == {
        "type": "string",
        "enum": ["served", "hearing_requested"],
    }  # type: ignore[index]
    assert schema["items"]["required"] == ["kind", "on"]  # type: ignore[index]
