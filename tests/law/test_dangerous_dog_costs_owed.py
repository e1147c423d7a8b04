"""3-2-9.A.1.f, A.2.a, A.5, A.7: which costs the person claiming an interest in the dog owes, and
which a finding that the seizure or impoundment was not substantially justified by law waives
(``readings.costs_not_justified``: care, keeping and disposal, and the hearing's; not a review
under A.7, nor a sterilization at the owner's expense under B.3.g)."""

from __future__ import annotations

import pytest

from dogtag.law import dangerous_dog_steps as steps
from dogtag.law.readings import reading


@pytest.mark.parametrize(
    "kind, hearing_requested, review_requested, not_justified, outcome, sections",
    [
        ("hearing", True, False, False, "owed", ("3-2-9.A.5",)),
        ("hearing", False, False, False, "not_owed", ("3-2-9.A.2.a",)),
        ("hearing", True, False, True, "not_owed", ("3-2-9.A.1.f", "3-2-9.A.5")),
        ("care", False, False, False, "owed", ("3-2-9.A.5",)),
        ("care", False, False, True, "not_owed", ("3-2-9.A.1.f", "3-2-9.A.5")),
        ("review", False, True, False, "owed", ("3-2-9.A.5",)),
        ("review", False, False, False, "not_owed", ("3-2-9.A.7",)),
        # A.7: the person requesting the review is responsible, by its own words
        ("review", False, True, True, "owed", ("3-2-9.A.5",)),
        # B.3.g: sterilized at the owner's expense, by its own words
        ("sterilization", False, False, True, "owed", ("3-2-9.A.5",)),
    ],
)
def test_3_2_9_A_5_the_costs_owed_and_those_waived(
    kind, hearing_requested, review_requested, not_justified, outcome, sections
):
    found = steps.costs_owed(
        kind,
        hearing_requested=hearing_requested,
        review_requested=review_requested,
        seizure_not_justified=not_justified,
    )
    assert (found.outcome, found.sections, found.blocks) == (
        outcome,
        sections,
        outcome == "not_owed",
    )
    assert steps.cost_waived(kind, seizure_not_justified=not_justified) is (
        not_justified and kind in ("care", "hearing")
    )


def test_the_waiver_is_a_registered_reading():
    found = reading("readings.costs_not_justified")
    assert found.sections == ("3-2-9.A.1.f", "3-2-9.A.5", "3-2-9.A.7")
    assert "dogtag.law.dangerous_dog_steps:cost_waived" in found.applied_in
