"""The question ``dangerous-dog-case`` once the designation stands: both registration clocks, the
city's (3-2-9.B.2, 30 days after the day deemed) and the state's (Minn. Stat. 347.54 subd. 1, 14
days after the notice), each with its day-by-day count (Minn. Stat. 645.15), and which controls
(3-2-8). A table of dates over weekends and legal holidays."""

from __future__ import annotations

import datetime as dt

import pytest

from dogtag.law.params import default
from dogtag.law.questions import evaluate

D = dt.date
P = default()


@pytest.mark.parametrize(
    "facts, on, deemed, city_due, state_due, skipped",
    [
        # served Wed 10-28: day 14 is Veterans Day, so the window and the state's clock end Thu
        # 11-12, the day deemed; the city's day 30 is Sat 12-12, so Mon 12-14
        (
            {"served_on": "2026-10-28", "designation_stands_on": "2026-11-13"},
            "2026-11-29",
            D(2026, 11, 12),
            D(2026, 12, 14),
            D(2026, 11, 12),
            {
                "dangerous_dog.registration": [
                    "Sat 2026-12-12 is skipped: Saturday.",
                    "Sun 2026-12-13 is skipped: Sunday.",
                ],
                "dangerous_dog.seizure_unregistered": [
                    "Wed 2026-11-11 is skipped: legal holiday: Veterans Day (Minn. Stat. "
                    "645.44 subd. 5)."
                ],
            },
        ),
        # served on Veterans Day: both the window and the state's clock end Wed 11-25; the
        # city's day 30 is Christmas, then a weekend, so Mon 12-28
        (
            {"served_on": "2026-11-11", "designation_stands_on": "2026-11-26"},
            "2026-11-29",
            D(2026, 11, 25),
            D(2026, 12, 28),
            D(2026, 11, 25),
            {
                "dangerous_dog.registration": [
                    "Fri 2026-12-25 is skipped: legal holiday: Christmas Day (Minn. Stat. "
                    "645.44 subd. 5).",
                    "Sat 2026-12-26 is skipped: Saturday.",
                    "Sun 2026-12-27 is skipped: Sunday.",
                ],
                "dangerous_dog.seizure_unregistered": [],
            },
        ),
        # upheld by the order of Mon 11-16: the city's 30 days end Wed 12-16
        (
            {
                "served_on": "2026-10-28",
                "hearing_requested_on": "2026-11-02",
                "hearing_scheduled_on": "2026-11-03",
                "hearing_held_on": "2026-11-12",
                "order_issued_on": "2026-11-16",
                "order_disposition": "upheld",
            },
            "2026-11-29",
            D(2026, 11, 16),
            D(2026, 12, 16),
            D(2026, 11, 12),
            {
                "dangerous_dog.registration": [],
                "dangerous_dog.seizure_unregistered": [
                    "Wed 2026-11-11 is skipped: legal holiday: Veterans Day (Minn. Stat. "
                    "645.44 subd. 5)."
                ],
            },
        ),
    ],
    ids=["stands", "stands-holidays", "upheld"],
)
def test_once_deemed_dangerous_the_case_lists_both_registration_clocks(
    facts, on, deemed, city_due, state_due, skipped
):
    served = dt.date.fromisoformat(facts["served_on"])
    given = {
        "designated_on": (served - dt.timedelta(days=2)).isoformat(),
        "notice_issued_on": (served - dt.timedelta(days=2)).isoformat(),
        **facts,
        "on": on,
    }
    findings = evaluate("dangerous-dog-case", given, P)["findings"]
    assert findings[0]["outcome"] == "dangerous"
    by_rule = {f["rule"]: f for f in findings}
    # the clocks running: the city's registration, the state's seizure clock, sterilization
    clocks = [f["rule"] for f in findings if f.get("deadline")]
    assert clocks == [
        "dangerous_dog.registration",
        "dangerous_dog.seizure_unregistered",
        "dangerous_dog.sterilization",
    ]
    city, state = (
        by_rule["dangerous_dog.registration"],
        by_rule["dangerous_dog.seizure_unregistered"],
    )
    assert (city["deadline"]["trigger_date"], city["deadline"]["due"]) == (
        deemed.isoformat(),
        city_due.isoformat(),
    )
    assert (state["deadline"]["trigger_date"], state["deadline"]["due"]) == (
        served.isoformat(),
        state_due.isoformat(),
    )
    for rule, lines in skipped.items():
        explanation = by_rule[rule]["deadline"]["explanation"]
        assert [line for line in explanation if "skipped" in line] == lines
        assert explanation[-1] == f"Due: {by_rule[rule]['message'][4:18]}."
    # and which controls (3-2-8): the state's, ending first, named with both values
    control = by_rule["incorporation.controlling_provision"]
    assert control["outcome"] == "state_controls"
    assert control["details"]["state_due"] == state_due.isoformat()
    assert control["details"]["city_due"] == city_due.isoformat()
    assert [p["display"] for p in control["parameters"]] == ["14 days", "30 days"]
    assert findings.index(control) == findings.index(by_rule["dangerous_dog.sterilization"]) + 1


def test_before_the_designation_stands_no_registration_clock_is_listed():
    findings = evaluate(
        "dangerous-dog-case",
        {
            "designated_on": "2026-10-26",
            "notice_issued_on": "2026-10-26",
            "served_on": "2026-10-28",
            "on": "2026-11-05",
        },
        P,
    )["findings"]
    rules = [f["rule"] for f in findings]
    assert "dangerous_dog.registration" not in rules
    assert "incorporation.controlling_provision" not in rules
    # the request window, and the designation standing only after it (A.1.e)
    assert [f["rule"] for f in findings if f.get("deadline")] == [
        "dangerous_dog.hearing_request",
        "dangerous_dog.designation_stands",
    ]


def test_once_registered_the_registration_clocks_stop():
    findings = evaluate(
        "dangerous-dog-case",
        {
            "designated_on": "2026-10-26",
            "notice_issued_on": "2026-10-26",
            "served_on": "2026-10-28",
            "designation_stands_on": "2026-11-13",
            "registered_on": "2026-11-20",
            "on": "2026-11-29",
        },
        P,
    )["findings"]
    assert findings[0]["outcome"] == "registered"
    assert not [f for f in findings if f.get("deadline")]
