"""3-2-9.E.6: a refused inspection is by itself a ground to seize the dog immediately (through
3-2-12) and to revoke the registration (B.6). The seizure is an event of the case's log with its
rule (``dangerous_dog.inspection_seizure``), its reading (``readings.inspection_seizure_ground``:
the ground lasts until the owner permits an inspection) and its release under B.4.

Dates: designated Mon 2026-10-26, served Wed 10-28, request Mon 11-02, hearing Thu 11-12, order
Mon 11-16, registered Sun 11-29; the inspection is refused Mon 2027-01-04.
"""

from __future__ import annotations

import datetime as dt

import pytest

from dogtag.law import dangerous_dog_procedure as procedure
from dogtag.law import dangerous_dogs as law
from dogtag.law.params import default
from dogtag.law.questions import evaluate
from dogtag.law.readings import reading

D = dt.date
E = procedure.Event
P = default()

REGISTERED = [
    E("designated", D(2026, 10, 26)),
    E("notice_issued", D(2026, 10, 26)),
    E("served", D(2026, 10, 28)),
    E("hearing_requested", D(2026, 11, 2)),
    E("hearing_scheduled", D(2026, 11, 3), {"hearing_on": D(2026, 11, 12)}),
    E("hearing_held", D(2026, 11, 12)),
    E("order_issued", D(2026, 11, 16), {"disposition": "upheld"}),
    E("registered", D(2026, 11, 29)),
]
REFUSED = [*REGISTERED, E("inspection_refused", D(2027, 1, 4))]
SEIZED = [*REFUSED, E("inspection_seizure", D(2027, 1, 4))]


# -------------------------------------------------------------------------------- the rule


@pytest.mark.parametrize(
    "refused_on, permitted_on, held, on, outcome, blocks",
    [
        # no refusal: no ground
        (None, None, False, D(2027, 1, 4), "no_ground", True),
        # a refusal after the day asked is not yet a ground
        (D(2027, 1, 5), None, False, D(2027, 1, 4), "no_ground", True),
        # the day of the refusal: seize immediately
        (D(2027, 1, 4), None, False, D(2027, 1, 4), "may_seize", False),
        # days later, no inspection permitted since: the ground stands (the reading)
        (D(2027, 1, 4), None, False, D(2027, 1, 20), "may_seize", False),
        # an inspection permitted after the refusal ends its ground
        (D(2027, 1, 4), D(2027, 1, 6), False, D(2027, 1, 20), "ground_ended", True),
        # ... but not before the day it was permitted
        (D(2027, 1, 4), D(2027, 1, 6), False, D(2027, 1, 5), "may_seize", False),
        # a dog already held is not seized again
        (D(2027, 1, 4), None, True, D(2027, 1, 4), "already_held", True),
    ],
)
def test_3_2_9_E_6_a_refused_inspection_grounds_a_seizure(
    refused_on: dt.date | None,
    permitted_on: dt.date | None,
    held: bool,
    on: dt.date,
    outcome: str,
    blocks: bool,
) -> None:
    # given the inspections recorded and whether the dog is held, when a seizure is asked on `on`
    found = law.inspection_seizure(refused_on, on, permitted_on=permitted_on, held=held)
    # then the rule answers, citing E.6 (3-2-12 is named in its words; its text is not ours)
    assert (found.rule, found.outcome, found.blocks) == (
        "dangerous_dog.inspection_seizure",
        outcome,
        blocks,
    )
    assert found.sections == ("3-2-9.E.6",)
    assert found.details["reading"] == "readings.inspection_seizure_ground"


def test_the_seizure_message_names_the_refusal_the_release_and_the_revocation() -> None:
    found = law.inspection_seizure(D(2027, 1, 4), D(2027, 1, 4))
    assert found.message == (
        "The owner refused the inspection of January 4, 2027: that is by itself a ground to "
        "seize the dog immediately (3-2-9.E.6, through 3-2-12). The seized dog is released only "
        "under 3-2-9.B.4, and the registration may be revoked after notice and hearing "
        "(3-2-9.B.6)."
    )


def test_the_reading_is_in_the_register_and_names_where_it_is_applied() -> None:
    found = reading("readings.inspection_seizure_ground")
    assert found.sections == ("3-2-9.E.6",)
    assert "dogtag.law.dangerous_dogs.keeping:inspection_seizure" in found.applied_in


# ------------------------------------------------------------------------ in the procedure


@pytest.mark.parametrize(
    "events, on, offered",
    [
        # registered, nothing refused: the seizure is not offered
        (REGISTERED, D(2027, 1, 4), False),
        # refused: offered the same day, beside the notice of revocation
        (REFUSED, D(2027, 1, 4), True),
        # seized: not again while held; the release is offered instead
        (SEIZED, D(2027, 1, 5), False),
        # released, no inspection permitted since: the ground stands again
        ([*SEIZED, E("released", D(2027, 1, 20))], D(2027, 1, 21), True),
        # an inspection permitted after the refusal: no ground
        ([*REFUSED, E("inspected", D(2027, 1, 6))], D(2027, 1, 7), False),
    ],
)
def test_the_seizure_is_offered_only_on_a_standing_refusal_of_a_dog_not_held(
    events: list[procedure.Event], on: dt.date, offered: bool
) -> None:
    # given the log, when asked where the case stands
    found = procedure.standing(events, on, P)
    # then the seizure after a refused inspection is offered only on its ground
    assert ("inspection_seizure" in found.allowed) is offered


def test_after_the_seizure_the_release_and_the_revocation_notice_are_offered() -> None:
    found = procedure.standing(SEIZED, D(2027, 1, 5), P)
    assert found.state == "registered"
    assert "release" in found.allowed
    assert "revocation_notice" in found.allowed
    assert found.steps["inspection_seizure"][-1].outcome == "already_held"


def test_the_records_beside_the_log_decide_whether_the_dog_is_held() -> None:
    # given a log with the seizure, and the records showing the dog was returned
    returned = procedure.Circumstances(impounded=False)
    found = procedure.standing(SEIZED, D(2027, 1, 5), P, returned)
    # then the records win: the release is not offered, and a seizure is (the ground stands)
    assert "release" not in found.allowed
    assert "inspection_seizure" in found.allowed


def test_a_seizure_before_the_dog_is_deemed_dangerous_is_out_of_order() -> None:
    # given a case served, no hearing yet (E applies to a dangerous dog kept in the city)
    found = procedure.standing(REGISTERED[:3], D(2026, 10, 29), P)
    assert found.steps["inspection_seizure"][0].outcome == "out_of_order"
    assert found.steps["inspection_seizure"][0].blocks


def test_dogtag_evaluate_takes_the_seizure_from_the_log() -> None:
    # given the case as a city attorney knows it, with the refusal and the seizure in the log
    answer = evaluate(
        "dangerous-dog-case",
        {
            "designated_on": "2026-10-26",
            "notice_issued_on": "2026-10-26",
            "served_on": "2026-10-28",
            "hearing_requested_on": "2026-11-02",
            "hearing_scheduled_on": "2026-11-03",
            "hearing_held_on": "2026-11-12",
            "order_issued_on": "2026-11-16",
            "order_disposition": "upheld",
            "registered_on": "2026-11-29",
            "on": "2027-01-05",
            "events": [
                {"kind": "inspection_refused", "on": "2027-01-04"},
                {"kind": "inspection_seizure", "on": "2027-01-04"},
            ],
        },
        P,
    )["findings"]
    summary = answer[0]
    # then the dog is held: the release and the revocation notice are next, not a second seizure
    assert summary["outcome"] == "registered"
    allowed = summary["details"]["allowed"]
    assert "release" in allowed and "revocation_notice" in allowed
    assert "inspection_seizure" not in allowed
