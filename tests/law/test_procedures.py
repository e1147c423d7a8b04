"""The procedures as pure functions of dated events: the commercial kennel application (3-2-5.B)
and the complaint (3-2-4, 3-2-7). Tables of event lists and days."""

from __future__ import annotations

import datetime as dt

import pytest

from dogtag.law import complaint_procedure as cp
from dogtag.law import kennel_procedure as kp
from dogtag.law.procedure import Event
from dogtag.law.questions import FactsError, evaluate

D = dt.date
APPLIED = Event("application", D(2026, 10, 1))
HEARING = Event("hearing_scheduled", D(2026, 10, 5), {"hearing_on": D(2026, 11, 20)})
LISTED = Event("notice_list", D(2026, 10, 20))
MAILED = Event("notice_mailed", D(2026, 10, 22))
RECOMMENDED = Event("recommendation", D(2026, 11, 20), {"recommendation": "approve"})
APPROVED = Event("council_decision", D(2026, 12, 7), {"approved": True})
DENIED = Event("council_decision", D(2026, 12, 7), {"approved": False})
LICENSED = Event("license", D(2026, 12, 8))


# ----------------------------------------------------------------------------- 3-2-5.B


@pytest.mark.parametrize(
    "events, on, state, next_steps, waits_on",
    [
        ([APPLIED], D(2026, 10, 2), "received", ["hearing_scheduled"], "hearing_scheduled"),
        (
            [APPLIED, HEARING],
            D(2026, 10, 6),
            "received",
            ["hearing_scheduled", "notice_list"],
            "notice_list",
        ),
        (
            [APPLIED, HEARING, LISTED],
            D(2026, 10, 21),
            "received",
            ["hearing_scheduled", "notice_list", "notice_mailed"],
            "notice_mailed",
        ),
        # the hearing day has come and the notice was not mailed: reschedule the hearing first
        (
            [APPLIED, HEARING, LISTED],
            D(2026, 11, 20),
            "received",
            ["hearing_scheduled", "notice_list"],
            "notice_mailed",
        ),
        (
            [APPLIED, HEARING, LISTED, MAILED],
            D(2026, 11, 19),
            "hearing_noticed",
            [],
            "recommendation",
        ),
        (
            [APPLIED, HEARING, LISTED, MAILED],
            D(2026, 11, 20),
            "hearing_noticed",
            ["recommendation"],
            "recommendation",
        ),
        (
            [APPLIED, HEARING, LISTED, MAILED, RECOMMENDED],
            D(2026, 12, 1),
            "recommended",
            ["council_decision"],
            "council_decision",
        ),
        (
            [APPLIED, HEARING, LISTED, MAILED, RECOMMENDED, APPROVED],
            D(2026, 12, 7),
            "approved",
            ["license"],
            "license",
        ),
        (
            [APPLIED, HEARING, LISTED, MAILED, RECOMMENDED, DENIED],
            D(2026, 12, 8),
            "denied",
            [],
            None,
        ),
        (
            [APPLIED, HEARING, LISTED, MAILED, RECOMMENDED, APPROVED, LICENSED],
            D(2026, 12, 9),
            "licensed",
            [],
            None,
        ),
        ([APPLIED, Event("withdrawn", D(2026, 10, 3))], D(2026, 10, 4), "withdrawn", [], None),
    ],
)
def test_commercial_application_state(events, on, state, next_steps, waits_on):
    found = kp.commercial_application(events, on)
    assert (found.state, list(found.next_steps), kp.next_step(found)) == (
        state,
        next_steps,
        waits_on,
    )
    # every step is either allowed or blocked, with the finding that says why
    assert set(found.allowed) | set(found.blocked) == set(kp.STEP_NAMES)
    assert all(fs and all(f.blocks for f in fs) for fs in found.blocked.values())


@pytest.mark.parametrize(
    "events, step, on, outcome, message",
    [
        (
            [APPLIED, HEARING, LISTED],
            "notice_mailed",
            D(2026, 11, 20),
            "not_on_this_day",
            "The notice must go out before the hearing of 2026-11-20 (3-2-5.B.2); reschedule the "
            "hearing first.",
        ),
        (
            [APPLIED, HEARING, LISTED],
            "notice_mailed",
            D(2026, 10, 19),
            "not_on_this_day",
            "The notice cannot be mailed before its list was drawn (3-2-5.B.2).",
        ),
        (
            [APPLIED, HEARING, LISTED, MAILED],
            "recommendation",
            D(2026, 11, 19),
            "not_on_this_day",
            "The commission recommends at or after the hearing of 2026-11-20, not on 2026-11-19 "
            "(3-2-5.B.2).",
        ),
        (
            [APPLIED, HEARING, LISTED, MAILED, RECOMMENDED],
            "council_decision",
            D(2026, 11, 19),
            "not_on_this_day",
            "The council decides after the commission's recommendation of 2026-11-20, not on "
            "2026-11-19 (3-2-5.B.2).",
        ),
        (
            [APPLIED, HEARING, LISTED, MAILED, RECOMMENDED, APPROVED],
            "license",
            D(2026, 12, 6),
            "not_on_this_day",
            "The license issues on or after the council's approval of 2026-12-07, not on "
            "2026-12-06 (3-2-5.B.1).",
        ),
        (
            [APPLIED, HEARING, LISTED, MAILED, RECOMMENDED, DENIED],
            "license",
            D(2026, 12, 8),
            "refused",
            "Refused: the City Council denied the request; no commercial kennel license may issue "
            "without the council's approval (3-2-5.B.1).",
        ),
    ],
)
def test_a_step_on_the_wrong_day_is_blocked_with_its_finding(events, step, on, outcome, message):
    first = kp.commercial_step(events, step, on)[0]
    assert (first.outcome, first.blocks, first.message) == (outcome, True, message)


def test_a_hearing_before_the_application_is_blocked():
    [first, _] = kp.commercial_step(
        [APPLIED], "hearing_scheduled", D(2026, 10, 2), hearing_on=D(2026, 9, 30)
    )
    assert (first.rule, first.blocks, first.sections) == (
        "kennel.commercial_step_timing",
        True,
        ("3-2-5.B.2",),
    )


def test_the_notice_deadline_runs_until_the_day_before_the_hearing():
    state = kp.commercial_application([APPLIED, HEARING, LISTED], D(2026, 11, 2))
    [notice] = state.deadlines
    assert (notice.next_date, notice.blocks) == (D(2026, 11, 19), False)
    assert notice.message == (
        "The notice to all affected property owners must be mailed before the hearing of "
        "November 20, 2026: on November 19, 2026 at the latest (3-2-5.B.2)."
    )
    late = kp.commercial_application([APPLIED, HEARING, LISTED], D(2026, 11, 20)).deadlines[0]
    assert late.blocks and late.message.endswith("That day has passed: reschedule the hearing.")
    assert (
        kp.commercial_application([APPLIED, HEARING, LISTED, MAILED], D(2026, 11, 2)).deadlines
        == ()
    )


@pytest.mark.parametrize(
    "approved, conditions, blocks",
    [(True, ["No outdoor runs after 9 p.m."], False), (False, ["x"], True), (False, ["  "], False)],
)
def test_b9_conditions_go_with_an_approval(approved, conditions, blocks):
    found = kp.council_conditions_with_approval(approved, conditions)
    assert (found is not None and found.blocks) == blocks


@pytest.mark.parametrize(
    "kind, previous_parcel, dogs, outcome",
    [
        ("relocation", "R1", 6, "not_a_relocation"),
        ("renewal", "R2", 6, "relocated"),
        ("add_dogs", "R1", 6, "adds_no_dogs"),
        ("add_dogs", "R1", 7, None),
        ("relocation", "R2", 6, None),
        ("renewal", "R1", 6, None),
    ],
)
def test_a2_the_kind_of_private_license_a_change_needs(kind, previous_parcel, dogs, outcome):
    found = kp.private_license_kind(
        kind,
        previous_number="PK1",
        previous_parcel=previous_parcel,
        parcel="R1",
        previous_dogs=6,
        dogs=dogs,
    )
    assert (found.outcome if found else None) == outcome
    assert found is None or (found.blocks and found.sections == ("3-2-5.A.2",))


def test_the_question_answers_where_an_application_stands(nowthen):
    # given "applied on Oct 1, hearing Nov 20, list drawn Oct 20, today Nov 2"
    answer = evaluate(
        "commercial-kennel-application",
        {
            "on": "2026-11-02",
            "applied_on": "2026-10-01",
            "hearing_on": "2026-11-20",
            "notice_list_drawn_on": "2026-10-20",
        },
        nowthen,
    )
    state, *rest = answer["findings"]
    assert state["outcome"] == "state"
    assert state["details"]["state"] == "received"
    assert state["details"]["next_steps"] == ["hearing_scheduled", "notice_list", "notice_mailed"]
    assert state["message"].startswith(
        "On 2026-11-02 the commercial kennel application is received; it waits on notice mailed."
    )
    assert [f["next_date"] for f in rest if f["outcome"] == "notice_due"] == ["2026-11-19"]


def test_the_question_refuses_facts_that_do_not_go_together(nowthen):
    with pytest.raises(FactsError, match="council_decided_on and council_approved go together"):
        evaluate(
            "commercial-kennel-application",
            {"on": "2026-12-09", "applied_on": "2026-10-01", "council_decided_on": "2026-12-07"},
            nowthen,
        )


# ----------------------------------------------------------------------------- 3-2-4, 3-2-7


def received(kind: str = "at_large") -> Event:
    return Event("received", D(2026, 11, 20), {"kind": kind, "number": "C2026-0001"})


VIOLATION = Event(
    "finding",
    D(2026, 11, 21),
    {"rule": "nuisance.at_large", "blocks": True, "duty": "owner_of_record", "person": "Jane Doe"},
)
NOT_AT_LARGE = Event(
    "finding", D(2026, 11, 21), {"rule": "nuisance.at_large", "outcome": "not_at_large"}
)
BITE = Event(
    "finding",
    D(2026, 11, 21),
    {"rule": "nuisance.aggression", "blocks": True, "dangerous_dog_referral": True},
)
DAMAGE = Event("finding", D(2026, 11, 21), {"rule": "nuisance.damage", "blocks": True})


@pytest.mark.parametrize(
    "events, step, outcome, message",
    [
        ([received()], "assign", "in_order", "In order: assign it (3-2-7.D)."),
        (
            [received()],
            "noise_evidence",
            "not_this_kind",
            "Complaint C2026-0001 is about running at large (3-2-7.D), not barking or other noise "
            "(3-2-7.A).",
        ),
        (
            [received("barking")],
            "acts_findings",
            "not_this_kind",
            "Complaint C2026-0001 is about barking or other noise (3-2-7.A), not snarling, biting, "
            "vicious tendencies (3-2-7.C) or chasing vehicles or people (3-2-7.E).",
        ),
        (
            [received("vehicle"), Event("vehicle_incident", D(2026, 11, 20))],
            "vehicle_incident",
            "already_recorded",
            "Complaint C2026-0001 already has its incident record.",
        ),
        (
            [received(), Event("closed", D(2026, 11, 22), {"outcome": "unfounded"})],
            "follow_up",
            "closed",
            "Complaint C2026-0001 is closed: cannot add a follow-up.",
        ),
    ],
)
def test_complaint_steps(events, step, outcome, message):
    [first, *_] = cp.step_findings(events, step)
    assert (first.outcome, first.message, first.blocks) == (outcome, message, outcome != "in_order")


@pytest.mark.parametrize(
    "events, outcome, grounded",
    [
        # unfounded rests on a finding that no violation happened under the complaint's own
        # subsection (3-2-7.D here), not on the absence of findings
        ([received()], "unfounded", False),
        ([received(), NOT_AT_LARGE], "unfounded", True),
        ([received(), VIOLATION], "unfounded", False),
        ([received()], "warning", False),
        ([received(), VIOLATION], "warning", True),
        ([received(), VIOLATION], "citation", True),
        ([received(), VIOLATION], "dangerous_dog_referral", False),
        ([received("aggression"), BITE], "dangerous_dog_referral", True),
        ([received("damage"), DAMAGE], "dangerous_dog_referral", True),
    ],
)
def test_an_outcome_that_says_a_violation_happened_needs_a_finding_of_one(
    events, outcome, grounded
):
    found = cp.outcome_grounds(events, outcome)
    assert found.blocks is not grounded


def test_complaint_state_and_its_question(nowthen):
    state = cp.complaint([received(), Event("assigned", D(2026, 11, 21))], D(2026, 11, 22))
    assert state.state == "assigned"
    assert "close.warning" in state.blocked and "close.unfounded" in state.blocked
    assert state.blocked["close.unfounded"][0].outcome == "not_decided"
    closed = cp.complaint(
        [received(), Event("closed", D(2026, 11, 22), {"outcome": "unfounded"})], D(2026, 11, 23)
    )
    # once closed, only a reopening on new evidence may be recorded
    assert (closed.state, closed.next_steps) == ("closed", ("reopen",))
    answer = evaluate(
        "complaint",
        {
            "on": "2026-11-29",
            "kind": "at_large",
            "received_on": "2026-11-20",
            "violations_found": ["nuisance.at_large"],
            "duty_falls_on": "owner_of_record",
            "duty_person": "Jane Doe",
        },
        nowthen,
    )
    by_step = {
        f["facts"].get("outcome"): f["blocks"]
        for f in answer["findings"]
        if f["rule"] == "complaint.outcome_grounds"
    }
    # a warning is grounded on the at-large finding naming the owner; a dangerous-dog referral,
    # unfounded, withdrawn and "no owner identified" are not
    assert by_step == {
        "dangerous_dog_referral": True,
        "unfounded": True,
        "withdrawn": True,
        "no_owner_identified": True,
    }
    assert answer["findings"][0]["details"]["state"] == "investigating"


def test_a_complaint_has_one_receipt_whatever_the_order_of_its_events():
    # an assignment dated before the receipt (as the desk allows) still reads as assigned
    state = cp.complaint([Event("assigned", D(2026, 11, 19)), received()], D(2026, 11, 22))
    assert state.state == "assigned"
    with pytest.raises(ValueError, match="one receipt"):
        cp.complaint([Event("assigned", D(2026, 11, 19))], D(2026, 11, 22))
