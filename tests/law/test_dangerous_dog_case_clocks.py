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
        # designated Mon 10-26, served Wed 10-28, no request: the dog is deemed dangerous on the
        # day of the designation (issue 26 item 1.3, readings.deemed_dangerous_day), so the
        # city's 30 days end Wed 11-25; the state's 14 from the notice reach Veterans Day, so
        # Thu 11-12
        (
            {"served_on": "2026-10-28", "designation_stands_on": "2026-11-13"},
            "2026-11-29",
            D(2026, 10, 26),
            D(2026, 11, 25),
            D(2026, 11, 12),
            {
                "dangerous_dog.registration": [],
                "dangerous_dog.seizure_unregistered": [
                    "Wed 2026-11-11 is skipped: legal holiday: Veterans Day (Minn. Stat. "
                    "645.44 subd. 5)."
                ],
            },
        ),
        # designated Wed 11-25, served Mon 11-30: the city's day 30 is Christmas, then a
        # weekend, so Mon 12-28; the state's 14 days end Mon 12-14
        (
            {
                "designated_on": "2026-11-25",
                "notice_issued_on": "2026-11-25",
                "served_on": "2026-11-30",
                "designation_stands_on": "2026-12-15",
            },
            "2026-12-20",
            D(2026, 11, 25),
            D(2026, 12, 28),
            D(2026, 12, 14),
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
        # upheld by the order of Mon 11-16: the city's 30 days end Wed 12-16; the state's 14
        # count from the order (readings.state_clock_pending_hearing) and end Mon 11-30
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
            D(2026, 11, 30),
            {"dangerous_dog.registration": [], "dangerous_dog.seizure_unregistered": []},
        ),
    ],
    ids=["stands", "stands-holidays", "upheld"],
)
def test_once_deemed_dangerous_the_case_lists_both_registration_clocks(
    facts, on, deemed, city_due, state_due, skipped
):
    served = dt.date.fromisoformat(facts["served_on"])
    upheld = "order_issued_on" in facts
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
        # after a confirming order: 14 days to comply (A.1.d) and the time to seek review (A.4)
        *(["dangerous_dog.comply_after_decision", "dangerous_dog.certiorari"] if upheld else []),
    ]
    city, state = (
        by_rule["dangerous_dog.registration"],
        by_rule["dangerous_dog.seizure_unregistered"],
    )
    assert (city["deadline"]["trigger_date"], city["deadline"]["due"]) == (
        deemed.isoformat(),
        city_due.isoformat(),
    )
    state_from = facts["order_issued_on"] if upheld else served.isoformat()
    assert (state["deadline"]["trigger_date"], state["deadline"]["due"]) == (
        state_from,
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
    last_clock = by_rule[clocks[-1]]
    assert findings.index(control) == findings.index(last_clock) + 1


def test_from_service_the_states_clock_shows_beside_the_request_window_issue_26():
    # given notice served Wed 10-28 and the request window still open on Thu 11-05
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
    by_rule = {f["rule"]: f for f in findings}
    # then the state's seizure clock (347.54 subd. 1) runs from the notice beside the window;
    # the city's 30 days do not yet, and 3-2-8's finding says when they start
    assert [(f["rule"], f["deadline"]["due"]) for f in findings if f.get("deadline")] == [
        ("dangerous_dog.hearing_request", "2026-11-12"),
        ("dangerous_dog.seizure_unregistered", "2026-11-12"),
        ("dangerous_dog.designation_stands", "2026-11-12"),
    ]
    assert "dangerous_dog.registration" not in by_rule
    control = by_rule["incorporation.controlling_provision"]
    assert control["outcome"] == "state_controls"
    assert control["message"].endswith(
        "and that clock controls for now; the city's 30 days to register (3-2-9.B.2) start on the "
        "day the dog is deemed dangerous."
    )


def test_while_a_hearing_is_pending_no_seizure_for_want_of_registration_is_due_issue_26():
    # given a timely request on Mon 11-02 and a hearing not yet held on Mon 11-30, long after
    # the state's 14 days from the notice would have ended
    findings = evaluate(
        "dangerous-dog-case",
        {
            "designated_on": "2026-10-26",
            "notice_issued_on": "2026-10-26",
            "served_on": "2026-10-28",
            "hearing_requested_on": "2026-11-02",
            "on": "2026-11-05",
        },
        P,
    )["findings"]
    rules = [f["rule"] for f in findings if f.get("deadline")]
    # then only the hearing's clock runs; the state's clock waits on the order, as the reading
    # says, and the owner's interim duty (A.1.d) is stated
    assert rules == ["dangerous_dog.hearing"]
    pending = [f for f in findings if f["rule"] == "dangerous_dog.while_hearing_pending"]
    assert [f["outcome"] for f in pending] == ["interim_duty", "state_clock_waits_on_order"]
    assert pending[0]["sections"] == ["3-2-9.A.1.d", "3-2-9.A.2.b"]
    assert [p["key"] for p in pending[1]["readings"]] == [
        "nowthen.readings.state_clock_pending_hearing"
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
