"""The dog limit as a variant (issue 27): by acreage tiers (Nowthen 3-2-5, unchanged) or one limit
per property (Lino Lakes 503.09(2): "No more than three dogs over six months of age shall be kept
on a property except as provided for in § 503.10"; 503.10(1) a kennel license above it, 503.10(2)
a private kennel on at least one acre, up to four dogs). Table-driven, one city at a time."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from dogtag.law import kennels
from dogtag.law.questions import evaluate

ON = dt.date(2026, 12, 7)


@pytest.mark.parametrize(
    "acres, dogs, licensed_for, outcome, blocks, sections, message",
    [
        (
            "0.5",
            3,
            None,
            "allowed",
            False,
            ("503.09(2)",),
            "Allowed: 3 dogs over six months on 0.5 acres; a property may keep up to 3 dogs "
            "(503.09(2)).",
        ),
        (
            "1.5",
            4,
            None,
            "private_kennel_license_required",
            True,
            ("503.09(2)", "503.10(1)", "503.10(2)"),
            "Kennel license required: 4 dogs over six months on 1.5 acres is over the 3 dogs a "
            "property may keep (503.09(2)); a private kennel license, on 1 acre or more, allows "
            "up to 4 dogs (503.10(1), (2)).",
        ),
        (
            "1.5",
            4,
            4,
            "private_kennel_license_required",
            False,
            ("503.09(2)", "503.10(1)", "503.10(2)"),
            "Kennel license required: 4 dogs over six months on 1.5 acres is over the 3 dogs a "
            "property may keep (503.09(2)); a private kennel license, on 1 acre or more, allows "
            "up to 4 dogs (503.10(1), (2)). A private kennel license for 4 dogs is held.",
        ),
        (
            "0.8",
            4,
            None,
            "not_allowed",
            True,
            ("503.09(2)", "503.10(2)"),
            "Not allowed: 4 dogs over six months on 0.8 acres is over the 3 dogs a property may "
            "keep (503.09(2)), and a private kennel license needs 1 acre or more (503.10(2)).",
        ),
        (
            "5",
            5,
            None,
            "commercial_kennel_license_required",
            True,
            ("503.09(2)", "503.10(1)", "503.10(2)"),
            "Commercial kennel license required: 5 dogs over six months on 5 acres is over the 4 "
            "dogs a private kennel license allows (503.10(1), (2)).",
        ),
    ],
)
def test_lino_lakes_counts_one_limit_per_property(
    in_force, acres, dogs, licensed_for, outcome, blocks, sections, message
):
    found = kennels.dog_limit(
        Decimal(acres), dogs, ON, in_force("lino-lakes"), private_kennel_licensed_for=licensed_for
    )
    assert (found.rule, found.outcome, found.blocks, found.sections, found.message) == (
        "kennel.dog_limit_per_property",
        outcome,
        blocks,
        sections,
        message,
    )


def test_the_per_property_limit_is_dated_two_dogs_before_2009(in_force):
    # Ord. 03-08 (2008) allowed two; Am. Ord. 17-18 (2009-01-12) three
    found = kennels.dog_limit(Decimal("3"), 3, dt.date(2008, 12, 1), in_force("lino-lakes"))
    assert (found.outcome, found.blocks) == ("private_kennel_license_required", True)
    assert found.parameters[0].value == 2


def test_nowthen_keeps_its_acreage_tiers(in_force):
    found = kennels.dog_limit(Decimal("3"), 5, ON, in_force("nowthen"))
    assert (found.rule, found.outcome, found.sections) == (
        "kennel.dog_limit",
        "allowed",
        ("3-2-5",),
    )


@pytest.mark.parametrize(
    "city, rule", [("nowthen", "kennel.dog_limit"), ("lino-lakes", "kennel.dog_limit_per_property")]
)
def test_the_question_answers_in_each_city_with_its_variant(in_force, city, rule):
    answer = evaluate(
        "kennel-dog-limit",
        {"acres": "2.5", "dogs_over_six_months": 3, "on": "2026-12-07"},
        in_force(city),
    )
    assert [(f["rule"], f["outcome"]) for f in answer["findings"]] == [(rule, "allowed")]
