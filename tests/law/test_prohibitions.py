"""Prohibitions another city's law states (``law.prohibitions``, issue 27): Lino Lakes' 503.12(3)
abandoning an animal and 503.12(2) a device and a container for removing feces, table-driven by
subdivision, both ways; neither is law in Nowthen, whose text states neither."""

from __future__ import annotations

import datetime as dt

import pytest

from dogtag.law.catalogue import not_in_law
from dogtag.law.questions import QuestionNotInLaw, evaluate


@pytest.mark.parametrize(
    "facts, outcome, blocks, message",
    [
        (
            {"abandoned": True},
            "violation",
            True,
            "Violation: an animal was abandoned within the city (503.12(3)).",
        ),
        (
            {"abandoned": False},
            "not_abandoned",
            False,
            "No violation of 503.12(3): the animal was not abandoned.",
        ),
    ],
)
def test_503_12_3_abandonment(in_force, facts, outcome, blocks, message):
    [found] = evaluate("abandonment", facts, in_force("lino-lakes"))["findings"]
    assert (found["rule"], found["outcome"], found["blocks"], found["sections"]) == (
        "nuisance.abandonment",
        outcome,
        blocks,
        ["503.12(3)"],
    )
    assert found["message"] == message


@pytest.mark.parametrize(
    "covered, device, container, outcome, message",
    [
        (
            True,
            False,
            False,
            "violation",
            "Violation: the owner did not have a device for the immediate removal of feces nor "
            "a container to carry them to a disposal receptacle (503.12(2)).",
        ),
        (
            True,
            True,
            False,
            "violation",
            "Violation: the owner did not have a container to carry them to a disposal "
            "receptacle (503.12(2)).",
        ),
        (
            True,
            False,
            True,
            "violation",
            "Violation: the owner did not have a device for the immediate removal of feces "
            "(503.12(2)).",
        ),
        (
            True,
            True,
            True,
            "met",
            "No violation of 503.12(2): the owner had both the device and the container.",
        ),
        # on the owner's own property the subdivision does not reach
        (
            False,
            False,
            False,
            "not_covered",
            "No violation of 503.12(2): the animal was not on park property, city trails, "
            "public property or the property of another.",
        ),
    ],
)
def test_503_12_2_a_device_and_a_container_for_removing_feces(
    in_force, covered, device, container, outcome, message
):
    facts = {"on_covered_property": covered, "had_device": device, "had_container": container}
    [found] = evaluate("feces-removal", facts, in_force("lino-lakes"))["findings"]
    assert (found["rule"], found["outcome"], found["sections"]) == (
        "nuisance.feces_removal",
        outcome,
        ["503.12(2)"],
    )
    assert found["blocks"] is (outcome == "violation")
    assert found["message"] == message


@pytest.mark.parametrize(
    "question, facts, concept",
    [
        ("abandonment", {"abandoned": True}, "nuisance.abandonment"),
        (
            "feces-removal",
            {"on_covered_property": True, "had_device": False, "had_container": False},
            "nuisance.feces_removal",
        ),
    ],
)
def test_neither_is_law_in_nowthen(in_force, question, facts, concept):
    nowthen = in_force("nowthen")
    with pytest.raises(QuestionNotInLaw) as caught:
        evaluate(question, facts, nowthen)
    rule_id = concept
    assert str(caught.value) == (
        f"City of Nowthen cannot be asked {question!r} yet: {rule_id}: City of Nowthen's law "
        f"states no {concept}."
    )
    refused = {r.id for r, _ in not_in_law(nowthen, dt.date(2026, 11, 29))}
    assert rule_id in refused
