"""3-2-2.C duplicate tags, 3-2-3.A no refund and no transfer, 3-2-3.B tag offences."""

import datetime as dt
from decimal import Decimal

import pytest

from dogtag.law.licensing import duplicate_tag, refund, tag_transfer, tag_violation

D = dt.date


@pytest.mark.parametrize(
    "reason, expires, active, outcome, blocks, sections",
    [
        ("lost", D(2027, 10, 1), True, "allowed", False, ("3-2-2.C", "1-2-2")),
        ("stolen", D(2026, 11, 29), True, "allowed", False, ("3-2-2.C", "1-2-2")),
        ("worn out", D(2027, 10, 1), True, "refused", True, ("3-2-2.C",)),
        ("lost", D(2026, 11, 28), True, "refused", True, ("3-2-2.C", "3-2-2.B")),
        ("lost", D(2027, 10, 1), False, "refused", True, ("3-2-2.C", "3-2-2.B")),
    ],
)
def test_duplicate_tag(nowthen, reason, expires, active, outcome, blocks, sections):
    finding = duplicate_tag(reason, expires, D(2026, 11, 29), nowthen, license_active=active)
    assert (finding.outcome, finding.blocks, finding.sections) == (outcome, blocks, sections)
    if outcome == "allowed":
        assert finding.details == {"fee": Decimal("1.00")}
        assert finding.message == (
            f"Duplicate tag for a {reason} tag: $1.00 (3-2-2.C). The old tag is recorded as "
            f"{reason} and can be looked up."
        )


@pytest.mark.parametrize(
    "reason, outcome, blocks, message",
    [
        (
            "left_city",
            "no_refund",
            True,
            "No refund: the owner left the city before the license expired (3-2-3.A).",
        ),
        (
            "dog_died",
            "no_refund",
            True,
            "No refund: the dog died before the license expired (3-2-3.A).",
        ),
        (
            "other",
            "not_addressed",
            False,
            "3-2-3.A forbids a refund only when the owner leaves the city or the dog dies; a fee "
            "taken in error is corrected by voiding the receipt.",
        ),
    ],
)
def test_no_refund(reason, outcome, blocks, message):
    finding = refund(reason)
    assert (finding.outcome, finding.blocks, finding.message) == (outcome, blocks, message)


def test_refund_reason_must_be_known():
    with pytest.raises(ValueError, match="reason 'bored' is not one of"):
        refund("bored")


def test_tags_are_not_transferable():
    refused = tag_transfer("2026-00042", "dog 17", "dog 18")
    assert (refused.outcome, refused.blocks, refused.sections) == (
        "refused",
        True,
        ("3-2-3.A", "3-2-3.B"),
    )
    same = tag_transfer("2026-00042", "dog 17", "dog 17")
    assert (same.outcome, same.blocks) == ("same_dog", False)


@pytest.mark.parametrize(
    "kind, words",
    [
        ("counterfeit", "counterfeit a tag"),
        ("attempted_counterfeit", "attempt to counterfeit a tag"),
        ("removed_from_animal", "take from an animal a tag legally placed on it by its owner"),
        ("placed_on_other_animal", "place a tag on another animal"),
    ],
)
def test_tag_violations(kind, words):
    finding = tag_violation(kind)
    assert (finding.outcome, finding.sections) == ("violation", ("3-2-3.B",))
    assert finding.message == f"Unlawful to {words} (3-2-3.B)."


def test_unknown_tag_violation():
    with pytest.raises(ValueError):
        tag_violation("painted")
