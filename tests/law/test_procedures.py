"""The procedures as pure functions of dated events: the complaint (3-2-4, 3-2-7). Tables of event
lists and days. The commercial kennel application (3-2-5.B) is in ``test_kennel_procedure.py``."""

from __future__ import annotations

import datetime as dt

import pytest

from dogtag.law import complaint_procedure as cp
from dogtag.law.procedure import Event
from dogtag.law.questions import evaluate

D = dt.date


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
