"""Every path of a dangerous-dog case (issue 26): the strays a real case takes, table-driven by
subsection of 3-2-9, each with what the procedure records, answers and refuses.

Dates: designated Mon 2026-10-26, notice issued the same day and served Wed 10-28; the 14 days
to request a hearing end Thu 11-12 (day 14, Veterans Day Wed 11-11, moves it).
"""

from __future__ import annotations

import datetime as dt

import pytest

from dogtag.law import dangerous_dog_procedure as procedure
from dogtag.law.params import Source, default
from dogtag.law.questions import evaluate

D = dt.date
E = procedure.Event
P = default()
READING = Source("Dogtag reading", "reading", None, None, "?")

SERVED = [
    E("designated", D(2026, 10, 26)),
    E("notice_issued", D(2026, 10, 26)),
    E("served", D(2026, 10, 28)),
]
REQUESTED = [*SERVED, E("hearing_requested", D(2026, 11, 2))]
HELD = [
    *REQUESTED,
    E("hearing_scheduled", D(2026, 11, 3), {"hearing_on": D(2026, 11, 12)}),
    E("hearing_held", D(2026, 11, 12)),
]
ALL_THREE = ["dangerous_by_attack", "owner_cannot_control", "no_proof_of_insurance"]


def with_reading(key: str, choice: str):
    # a city attorney's choice, in force from the day after the default's
    return P.with_values([(key, D(2011, 7, 13), choice, READING)], file="the test")


def clocks(found: procedure.Standing) -> list[tuple[str, dt.date]]:
    return [(f.rule, f.deadline.due) for f in found.deadlines if f.deadline is not None]


# ------------------------------------------------------------- A.1.c, A.1.e: requests for a hearing


@pytest.mark.parametrize(
    "request_on, state, flagged",
    [
        # the last day is Thu 11-12: a request that day is in time
        (D(2026, 11, 12), "hearing_requested", None),
        # Fri 11-13: too late; kept and flagged for the Hearing Officer, the designation stands
        (D(2026, 11, 13), "served", "too_late"),
        (D(2026, 11, 27), "served", "too_late"),
    ],
)
def test_a_late_written_request_is_kept_flagged_and_does_not_reopen_the_designation(
    request_on, state, flagged
):
    # given a written request received on request_on
    events = [*SERVED, E("hearing_requested", request_on, {"in_writing": True})]
    # when the case is read on Sun 11-29
    found = procedure.standing(events, D(2026, 11, 29), P)
    # then a request in time moves the case; a late one is kept, flagged, and moves nothing
    assert found.state == state
    assert [f.outcome for f in found.flags] == ([flagged] if flagged else [])
    if flagged:
        [flag] = found.flags
        assert flag.rule == "dangerous_dog.hearing_request_in_time"
        assert flag.sections == ("3-2-9.A.1.c", "3-2-9.A.1.e")
        assert flag.details["flagged_for"] == "hearing_officer"
        assert flag.message.endswith(
            "The designation stands (3-2-9.A.1.e). The request is kept with its date and "
            "flagged for the Hearing Officer; it does not reopen the designation."
        )
        # no hearing clock starts; the registration clocks run as if no request was made
        assert "dangerous_dog.hearing" not in [rule for rule, _ in clocks(found)]
        assert ("dangerous_dog.registration", D(2026, 11, 25)) in clocks(found)


def test_a_spoken_request_is_recorded_and_is_not_a_request():
    # given the owner asked for a hearing by telephone on Fri 10-30, and never in writing
    events = [*SERVED, E("hearing_requested", D(2026, 10, 30), {"in_writing": False})]
    found = procedure.standing(events, D(2026, 11, 5), P)
    # then the case is still open to a written request, and the flag says why the call was none
    assert found.state == "served"
    [flag] = found.flags
    assert (flag.outcome, flag.sections) == ("not_in_writing", ("3-2-9.A.1.c",))
    assert list(found.allowed)[:2] == ["hearing_request", "oral_request"]
    # and once the days are over, the designation stands
    after = procedure.standing(events, D(2026, 11, 13), P)
    assert "hearing_request" not in after.allowed and "stands" in after.allowed


@pytest.mark.parametrize(
    "on, allowed, blocked",
    [
        (D(2026, 11, 12), ["hearing_request", "oral_request"], ["stands", "late_request"]),
        (D(2026, 11, 13), ["stands", "late_request"], ["hearing_request", "oral_request"]),
    ],
)
def test_no_step_is_offered_whose_window_closed(on, allowed, blocked):
    found = procedure.standing(SERVED, on, P)
    assert [k for k in found.allowed if k in allowed + blocked] == allowed
    for key in blocked:
        assert any(f.blocks for f in found.steps[key]), key


def test_service_on_a_second_owner_does_not_restart_the_days():
    # A.1.a: "Service upon any Owner shall be effective as to all Owners"
    events = [*SERVED, E("served", D(2026, 11, 6), {"owner": "the co-owner"})]
    found = procedure.standing(events, D(2026, 11, 13), P)
    assert found.notice_date == D(2026, 10, 28)
    assert "stands" in found.allowed


# ----------------------------------------------------------------------- B.2: the day deemed


@pytest.mark.parametrize(
    "choice, events, deemed",
    [
        # the plain reading: the Authority's designation when no hearing is held
        (
            "designation_or_order",
            [*SERVED, E("designation_stands", D(2026, 11, 13))],
            D(2026, 10, 26),
        ),
        # the alternative, registered with its argument: the request window's last day
        (
            "request_window_end",
            [*SERVED, E("designation_stands", D(2026, 11, 13))],
            D(2026, 11, 12),
        ),
        # with a hearing, the Hearing Officer's order under either reading
        (
            "designation_or_order",
            [*HELD, E("order_issued", D(2026, 11, 16), {"disposition": "upheld"})],
            D(2026, 11, 16),
        ),
        (
            "request_window_end",
            [*HELD, E("order_issued", D(2026, 11, 16), {"disposition": "upheld"})],
            D(2026, 11, 16),
        ),
    ],
)
def test_the_day_deemed_dangerous_follows_the_reading_in_force(choice, events, deemed):
    params = with_reading("readings.deemed_dangerous_day", choice)
    found = procedure.standing(events, D(2026, 11, 29), params)
    assert found.deemed_on == deemed
    # and the B.2 registration and B.3.g sterilization clocks count from it
    by_rule = {f.rule: f for f in found.deadlines}
    for rule in ("dangerous_dog.registration", "dangerous_dog.sterilization"):
        assert by_rule[rule].deadline.trigger_date == deemed


# ------------------------------------------------------------------- 3-2-8: the state's clock


@pytest.mark.parametrize(
    "choice, events, on, state_due",
    [
        # from service, beside the window
        ("suspended_until_order", SERVED, D(2026, 11, 5), D(2026, 11, 12)),
        # while the hearing is pending: not shown under the default reading ...
        ("suspended_until_order", REQUESTED, D(2026, 11, 20), None),
        # ... shown from the notice under the alternative
        ("runs_from_notice", REQUESTED, D(2026, 11, 20), D(2026, 11, 12)),
        # after the order upholding it: from the order, Mon 11-16 + 14 = Mon 11-30
        (
            "suspended_until_order",
            [*HELD, E("order_issued", D(2026, 11, 16), {"disposition": "upheld"})],
            D(2026, 11, 20),
            D(2026, 11, 30),
        ),
        (
            "runs_from_notice",
            [*HELD, E("order_issued", D(2026, 11, 16), {"disposition": "upheld"})],
            D(2026, 11, 20),
            D(2026, 11, 12),
        ),
    ],
)
def test_the_states_seizure_clock_by_the_reading_in_force(choice, events, on, state_due):
    params = with_reading("readings.state_clock_pending_hearing", choice)
    found = procedure.standing(events, on, params)
    due = dict(clocks(found)).get("dangerous_dog.seizure_unregistered")
    assert due == state_due
    if events is REQUESTED:
        outcomes = [f.outcome for f in found.controlling]
        expected = (
            "state_clock_runs" if choice == "runs_from_notice" else "state_clock_waits_on_order"
        )
        assert outcomes == ["interim_duty", expected]


# --------------------------------------------------------------------- A.2.a: the hearing's days


@pytest.mark.parametrize(
    "schedule, hold_allowed",
    [
        # requested Mon 11-02: the hearing within 14 days, by Mon 11-16
        ({"hearing_on": D(2026, 11, 12)}, True),
        ({"hearing_on": D(2026, 11, 20)}, False),
        # extended by the Hearing Officer for good cause
        ({"hearing_on": D(2026, 11, 20), "good_cause": "The owner's counsel is in trial."}, True),
    ],
)
def test_a_hearing_after_its_days_is_held_only_when_extended_for_good_cause(schedule, hold_allowed):
    events = [*REQUESTED, E("hearing_scheduled", D(2026, 11, 3), schedule)]
    found = procedure.standing(events, D(2026, 11, 20), P)
    assert ("hold" in found.allowed) is hold_allowed
    if not hold_allowed:
        [late] = [f for f in found.steps["hold"] if f.blocks]
        assert (late.rule, late.outcome) == ("dangerous_dog.hearing_in_time", "late")


# --------------------------------------------------------------------- A.2.g, A.3, A.4: the order


@pytest.mark.parametrize(
    "findings, state, flagged",
    [
        ([], "hearing_held", "destruction_not_authorized"),
        (ALL_THREE[:2], "hearing_held", "destruction_not_authorized"),
        (ALL_THREE, "destruction_ordered", None),
    ],
)
def test_a_destruction_order_without_the_written_findings_of_a3_is_not_an_order(
    findings, state, flagged
):
    events = [
        *HELD,
        E("order_issued", D(2026, 11, 16), {"disposition": "destruction", "findings": findings}),
    ]
    found = procedure.standing(events, D(2026, 11, 20), P)
    assert found.state == state
    assert [f.outcome for f in found.flags] == ([flagged] if flagged else [])
    if flagged:
        # the order is still due
        assert "order" in found.allowed
    else:
        # A.4: the owner's time to seek review by certiorari (Minn. Stat. 606.01), 60 days
        assert clocks(found) == [("dangerous_dog.certiorari", D(2027, 1, 15))]


def test_the_question_gives_one_answer_on_destruction_with_the_hearing_question():
    facts = {
        "designated_on": "2026-10-26",
        "notice_issued_on": "2026-10-26",
        "served_on": "2026-10-28",
        "hearing_requested_on": "2026-11-02",
        "hearing_scheduled_on": "2026-11-03",
        "hearing_held_on": "2026-11-12",
        "order_issued_on": "2026-11-16",
        "order_disposition": "destruction",
        "on": "2026-11-20",
    }
    case = evaluate("dangerous-dog-case", facts, P)["findings"]
    hearing = evaluate(
        "dangerous-dog-hearing",
        {"proceeding": "designation_hearing", "destruction_sought": True},
        P,
    )["findings"]
    by_rule = {f["rule"]: f for f in case}
    [said] = [f for f in hearing if f["rule"] == "dangerous_dog.destruction"]
    assert (
        by_rule["dangerous_dog.destruction"]["outcome"]
        == said["outcome"]
        == "destruction_not_authorized"
    )
    assert case[0]["outcome"] == "hearing_held"
    # with the three findings of A.3 it is an order of destruction
    facts["order_findings"] = ALL_THREE
    assert (
        evaluate("dangerous-dog-case", facts, P)["findings"][0]["outcome"] == "destruction_ordered"
    )


def test_after_a_confirming_order_the_owner_has_fourteen_days_and_may_seek_review():
    events = [*HELD, E("order_issued", D(2026, 11, 16), {"disposition": "upheld"})]
    found = procedure.standing(events, D(2026, 11, 20), P)
    assert clocks(found) == [
        ("dangerous_dog.registration", D(2026, 12, 16)),
        ("dangerous_dog.seizure_unregistered", D(2026, 11, 30)),
        ("dangerous_dog.sterilization", D(2026, 12, 16)),
        ("dangerous_dog.comply_after_decision", D(2026, 11, 30)),
        ("dangerous_dog.certiorari", D(2027, 1, 15)),
    ]


# ------------------------------------------------------------------- the log given to evaluate


def test_evaluate_takes_the_whole_log_with_its_strays():
    facts = {
        "designated_on": "2026-10-26",
        "notice_issued_on": "2026-10-26",
        "served_on": "2026-10-28",
        "on": "2026-11-29",
        "events": [
            {"kind": "hearing_requested", "on": "2026-10-30", "facts": {"in_writing": False}},
            {"kind": "served", "on": "2026-11-06", "facts": {"owner": "the co-owner"}},
            {"kind": "hearing_requested", "on": "2026-11-20", "facts": {"in_writing": True}},
        ],
    }
    answer = evaluate("dangerous-dog-case", facts, P)["findings"]
    assert answer[0]["outcome"] == "served"
    assert [f["outcome"] for f in answer[1:3]] == ["not_in_writing", "too_late"]
    assert answer[0]["message"].startswith(
        "On Sun 2026-11-29 the case is notice served; no hearing was requested within the days "
        "to request one, so the designation stands (3-2-9.A.1.e): record it."
    )


@pytest.mark.parametrize(
    "events, problem",
    [
        ([{"kind": "served", "on": "2026-10-20"}], "events[0].on: is before designated_on"),
        ([{"kind": "served", "on": "2026-12-20"}], "events[0].on: is after on"),
        (
            [{"kind": "designated", "on": "2026-10-27"}],
            "events[0]: the designation is designated_on",
        ),
        ([{"kind": "lost", "on": "2026-10-27"}], "events[0].kind: 'lost' is not one of"),
    ],
)
def test_a_log_event_that_does_not_fit_is_named(events, problem):
    from dogtag.law.facts import FactsError

    facts = {"designated_on": "2026-10-26", "on": "2026-11-29", "events": events}
    with pytest.raises(FactsError) as raised:
        evaluate("dangerous-dog-case", facts, P)
    assert any(p.startswith(problem) for p in raised.value.problems), raised.value.problems
