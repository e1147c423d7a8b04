"""3-2-8 in the Decisions: every service that sets a registration deadline stores both clocks, the
city's (3-2-9.B.2: 30 days after the dog is deemed dangerous) and the state's (Minn. Stat. 347.54
subd. 1: registered and insured 14 days after the notice, or seized), with the rules core's finding
on which controls. Dates counted per Minn. Stat. 645.15 over weekends and legal holidays."""

from __future__ import annotations

import pytest

from dogtag.dangerous_dogs import services
from dogtag.dangerous_dogs.models import CaseEvent, DangerousDogCase
from dogtag.law.dangerous_dogs import SERVICE_METHODS

from .conftest import D, designate, proof, walk

REGISTRATION = [
    "dangerous_dog.registration",
    "dangerous_dog.seizure_unregistered",
    "incorporation.controlling_provision",
]


def order_upheld(officer, hearing_officer, dog):
    """Notice served Wed 2026-10-28, the designation upheld on Mon 2026-11-16."""
    case = walk("dangerous", officer, hearing_officer, dog)
    return case.designation_hearing.order.decision, case.events.get(
        kind=CaseEvent.Kind.ORDER_ISSUED
    )


def stands_after_veterans_day(officer, hearing_officer, dog):
    """Notice served Wed 2026-10-28: the window's day 14 is Veterans Day, so it ends Thu 11-12;
    recorded Fri 11-13; deemed on the designation, Mon 10-26."""
    case = walk("served", officer, hearing_officer, dog)
    case = services.designation_stands(case=case, on=D(2026, 11, 13), actor=officer)
    event = case.events.get(kind=CaseEvent.Kind.DESIGNATION_STANDS)
    return event.decision, event


def stands_served_on_veterans_day(officer, hearing_officer, dog):
    """Notice served on Veterans Day, Wed 2026-11-11 (service on a holiday is service): the window
    ends Wed 11-25; recorded on Thanksgiving, Thu 11-26; deemed on the designation, Tue 11-10."""
    case = designate(officer, dog, on=D(2026, 11, 10))
    case = services.issue_notice(case=case, on=D(2026, 11, 10), actor=officer)
    case = services.record_service(
        case=case,
        served_on=D(2026, 11, 11),
        method="mail",
        served_address="7120 Viking Blvd NW, Nowthen, MN 55303",
        actor=officer,
    )
    case = services.designation_stands(case=case, on=D(2026, 11, 26), actor=officer)
    event = case.events.get(kind=CaseEvent.Kind.DESIGNATION_STANDS)
    return event.decision, event


def requirements_missing(officer, hearing_officer, dog):
    """The order of Mon 2026-11-16, then on Sun 11-29 the insurance not yet shown (B.3.c)."""
    case = walk("dangerous", officer, hearing_officer, dog)
    event = services.record_missing_requirements(
        case=case,
        proof=proof(insurer="", policy_number=""),
        fee_paid=None,
        on=D(2026, 11, 29),
        actor=officer,
    )
    return event.decision, event


@pytest.mark.parametrize(
    "walk_to, city_due, state_due, city_skipped, state_skipped",
    [
        # upheld Mon 11-16: the city's 30 days end Wed 12-16; the state's 14 count from the
        # order (readings.state_clock_pending_hearing, issue 26) and end Mon 11-30
        (order_upheld, D(2026, 12, 16), D(2026, 11, 30), [], []),
        # no hearing: deemed on the designation, Mon 10-26 (readings.deemed_dangerous_day, issue
        # 26), so the city's 30 days end Wed 11-25; the state's 14 from the notice of Wed 10-28
        # skip Veterans Day and end Thu 11-12
        (
            stands_after_veterans_day,
            D(2026, 11, 25),
            D(2026, 11, 12),
            [],
            [
                "Wed 2026-11-11 is skipped: legal holiday: Veterans Day (Minn. Stat. 645.44 subd. 5)."
            ],
        ),
        # designated Tue 11-10, served on Veterans Day: the city's days end Thu 12-10, the
        # state's 14 from Wed 11-11 end Wed 11-25
        (stands_served_on_veterans_day, D(2026, 12, 10), D(2026, 11, 25), [], []),
        (requirements_missing, D(2026, 12, 16), D(2026, 11, 30), [], []),
    ],
    ids=["order", "stands", "stands-holidays", "requirements-missing"],
)
def test_every_decision_with_a_registration_deadline_stores_both_clocks_and_which_controls(
    officer, hearing_officer, dog, walk_to, city_due, state_due, city_skipped, state_skipped
):
    # given a case brought to a step that sets the registration deadline
    decision, _event = walk_to(officer, hearing_officer, dog)
    found = {f["rule"]: f for f in decision.findings}
    rules = [f["rule"] for f in decision.findings]
    # then the Decision holds the city's clock, the state's, then 3-2-8 on which controls
    start = rules.index(REGISTRATION[0])
    assert rules[start : start + 3] == REGISTRATION
    city, state = found["dangerous_dog.registration"], found["dangerous_dog.seizure_unregistered"]
    control = found["incorporation.controlling_provision"]
    assert city["sections"] == ["3-2-9.B.2", "Minn. Stat. 645.15"]
    assert state["sections"] == ["Minn. Stat. 347.54 subd. 1", "Minn. Stat. 645.15"]
    assert (city["deadline"]["due"], state["deadline"]["due"]) == (
        city_due.isoformat(),
        state_due.isoformat(),
    )
    assert [line for line in city["deadline"]["explanation"] if "skipped" in line] == city_skipped
    assert [line for line in state["deadline"]["explanation"] if "skipped" in line] == (
        state_skipped
    )
    # and the state's clock, ending first, is the more restrictive and controls (3-2-8)
    assert control["outcome"] == "state_controls"
    assert control["sections"] == ["3-2-8", "Minn. Stat. 347.54 subd. 1", "3-2-9.B.2"]
    assert control["details"] == {
        "stricter": "lower",
        "controlling": "minnesota.dangerous_dog.registration_deadline_days",
        "state_due": state_due.isoformat(),
        "city_due": city_due.isoformat(),
    }
    assert [p["key"] for p in control["parameters"]] == [
        "minnesota.dangerous_dog.registration_deadline_days",
        "nowthen.dangerous_dog.registration_deadline_days",
    ]


def test_the_timeline_says_both_clocks(officer, hearing_officer, dog):
    _, event = stands_served_on_veterans_day(officer, hearing_officer, dog)
    assert event.summary == (
        "No written request for a hearing by Wed 2026-11-25: the designation stands "
        "(3-2-9.A.1.e); the dog is deemed dangerous from Tue 2026-11-10 (3-2-9.B.2). "
        "Registration due by Thu 2026-12-10 (3-2-9.B.2); registered and insured by Wed "
        "2026-11-25, or the dog is seized (Minn. Stat. 347.54 subd. 1); the state's clock ends "
        "first and controls (3-2-8)."
    )
    case = DangerousDogCase.objects.get()
    assert case.deemed_on == D(2026, 11, 10)


def test_the_order_timeline_says_both_clocks(officer, hearing_officer, dog):
    _, event = order_upheld(officer, hearing_officer, dog)
    assert event.summary.endswith(
        "Registration due by Wed 2026-12-16 (3-2-9.B.2); registered and insured by Mon "
        "2026-11-30, or the dog is seized (Minn. Stat. 347.54 subd. 1); the state's clock ends "
        "first and controls (3-2-8)."
    )


def test_the_case_record_and_the_rules_core_name_the_same_ways_of_service():
    # 3-2-9.A.1.a: the model's choices are the rules core's methods, in the same words
    assert dict(DangerousDogCase.ServiceMethod.choices) == SERVICE_METHODS
