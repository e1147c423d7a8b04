"""Licenses and tags cite concepts; each jurisdiction package cites its own sections (issue 27,
``law.provisions``). Nowthen answers exactly as before; Lino Lakes cites the subdivisions of its
§ 503.09 where its text states the provision, and a provision it does not state is an error that
names it, never another city's section."""

from __future__ import annotations

import datetime as dt

import pytest

from dogtag.law import licensing, params, provisions
from dogtag.law.facts import fields_of
from dogtag.law.licensing import (
    FEE_TIERS,
    LicenseApplication,
    LicenseApplicationFacts,
    RabiesCertificate,
)
from dogtag.law.questions import evaluate
from dogtag.law.registry import RULES

# ------------------------------------------------------------------------ the concepts, mapped

#: concept, Nowthen's section, Lino Lakes' (None: its text does not state the provision)
CONCEPTS = [
    ("license.application", "3-2-2.A", "503.09(5)(a)"),
    ("license.fee_with_application", "3-2-2.A", "503.09(5)(b)"),
    ("license.fee", "3-2-2.B", "503.09(5)(b)"),
    ("license.term", "3-2-2.B", "503.09(5)(c)"),
    ("license.renewal", "3-2-2.B", "503.09(5)(c)"),
    ("license.duplicate_tag", "3-2-2.C", "503.09(5)(d)"),
    ("license.new_resident", "3-2-2.E", "503.09(5)(a)"),
    ("license.new_owner", "3-2-2.F", "503.09(5)(a)"),
    ("license.rabies_required", "3-2-2.G", "503.09(3)"),
    ("license.rabies_certificate", "3-2-2.G", "503.09(5)(a)"),
    ("tag.furnished", "3-2-3.A", "503.09(5)(d)"),
    ("tag.worn", "3-2-3.A", "503.09(4)"),
    ("tag.not_transferable", "3-2-3.A", "503.09(5)(h)"),
    ("license.no_refund", "3-2-3.A", "503.09(5)(b)"),
    ("tag.counterfeit", "3-2-3.B", "503.09(5)(g)"),
    ("tag.taken_from_animal", "3-2-3.B", None),
    ("tag.placed_on_another_animal", "3-2-3.B", "503.09(5)(h)"),
]


@pytest.mark.parametrize("concept, nowthen, lino", CONCEPTS)
def test_each_concept_is_cited_as_each_city_numbers_it(in_force, concept, nowthen, lino):
    assert provisions.cite(concept, in_force("nowthen")) == nowthen
    lino_lakes = in_force("lino-lakes")
    if lino is None:
        with pytest.raises(provisions.UnknownProvision) as caught:
            provisions.cite(concept, lino_lakes)
        assert str(caught.value) == (
            f"no section for {concept!r} in the packages of lino-lakes, minnesota"
        )
    else:
        assert provisions.cite(concept, lino_lakes) == lino


@pytest.mark.parametrize(
    "rule, nowthen, lino",
    [
        ("license.application_contents", ("3-2-2.A",), ("503.09(5)(a)",)),
        ("license.rabies_current", ("3-2-2.G",), ("503.09(3)",)),
        ("license.term", ("3-2-2.B",), ("503.09(5)(c)",)),
        ("license.penalty", ("3-2-2.B", "3-2-2.E", "3-2-2.F"), ("503.09(5)(c)", "503.09(5)(a)")),
        ("license.amount_due", ("3-2-2.A", "3-2-2.B"), ("503.09(5)(b)",)),
        ("license.paid_in_full", ("3-2-2.A",), ("503.09(5)(b)",)),
        ("tag.duplicate", ("3-2-2.C",), ("503.09(5)(d)",)),
        ("license.no_refund", ("3-2-3.A",), ("503.09(5)(b)",)),
        ("tag.not_transferable", ("3-2-3.A",), ("503.09(5)(h)",)),
        ("tag.violation", ("3-2-3.B",), ("503.09(5)(g)",)),
    ],
)
def test_each_rule_s_sections_are_the_city_s(in_force, rule, nowthen, lino):
    in_force("nowthen")
    assert RULES[rule].sections == nowthen
    in_force("lino-lakes")
    if lino is None:
        with pytest.raises(provisions.UnknownProvision):
            _ = RULES[rule].sections
    else:
        assert RULES[rule].sections == lino


@pytest.mark.parametrize(
    "city, described",
    [
        (
            "nowthen",
            {
                "owner_name": "Owner's name (3-2-2.A)",
                "born": "Dog's date of birth (3-2-2.A age, 3-2-2.D)",
                "rabies_expires_on": "Expiry of the rabies vaccination (3-2-2.B, G)",
                "rabies_veterinarian": "Licensed veterinarian on the certificate (3-2-2.G)",
                "ownership_changed_on": "New owner: the day of the change of ownership (3-2-2.F)",
            },
        ),
        (
            "lino-lakes",
            {
                "owner_name": "Owner's name (503.09(5)(a))",
                "born": "Dog's date of birth (503.09(5)(a) age, 503.09(1)(a))",
                "rabies_expires_on": "Expiry of the rabies vaccination (503.09(5)(c), (3))",
                "rabies_veterinarian": "Licensed veterinarian on the certificate (503.09(5)(a))",
                "ownership_changed_on": (
                    "New owner: the day of the change of ownership (503.09(5)(a))"
                ),
            },
        ),
    ],
)
def test_a_fact_s_description_cites_the_city_in_force(in_force, city, described):
    in_force(city)
    fields = {f.name: f.description for f in fields_of(LicenseApplicationFacts)}
    assert {name: fields[name] for name in described} == described


# ------------------------------------------------------------------------- the questions answered

APPLICATION = {
    "on": "2026-11-29",
    "kind": "new_resident",
    "owner_name": "Pat Gustafson",
    "owner_address": "7120 Viking Blvd NW",
    "owner_phone": "763-555-0142",
    "dog_name": "Biscuit",
    "breed": "Labrador retriever",
    "color": "Yellow",
    "sex": "female",
    "born": "2019-05-20",
    "rabies_vaccinated_on": "2026-10-01",
    "rabies_expires_on": "2027-10-01",
    "rabies_veterinarian": "Dr. Ana Lindqvist",
    "resident_since": "2026-11-15",
    "licensed_elsewhere": True,
}


def answered(question: str, facts: dict, found: params.ParameterSet) -> list[tuple]:
    return [
        (f["outcome"], f["sections"], f["message"])
        for f in evaluate(question, facts, found)["findings"]
    ]


def test_nowthen_issues_a_new_resident_s_license_as_before(in_force):
    # given a new resident's application of 2026-11-29, resident since 2026-11-15
    assert answered("license-issue", APPLICATION, in_force("nowthen")) == [
        ("complete", ["3-2-2.A"], "The application states everything 3-2-2.A requires."),
        (
            "required",
            ["3-2-2.A"],
            "License required: the dog has been 6 months of age or older since November 20, "
            "2019, and every such dog kept in the city must be licensed (3-2-2.A).",
        ),
        (
            "current",
            ["3-2-2.G"],
            "Rabies vaccination current until October 1, 2027, certified by Dr. Ana Lindqvist "
            "(3-2-2.G).",
        ),
        (
            "term",
            ["3-2-2.B", "1-2-2"],
            "The license expires October 1, 2027 with the rabies vaccination; fee $3.00 for the "
            "one-year tier (the license's length rounded up to whole years), not prorated "
            "(3-2-2.B).",
        ),
        (
            "no_penalty",
            ["3-2-2.E"],
            "Applied within 30 days after the owner became a resident; the period ends December "
            "15, 2026 (3-2-2.E). A license from another municipality does not replace the "
            "city's (3-2-2.E). No penalty.",
        ),
        (
            "due",
            ["3-2-2.A", "3-2-2.B"],
            "Due now: fee $3.00 = $3.00, paid with the application; the receipt goes to the "
            "applicant (3-2-2.A).",
        ),
    ]


def test_nowthen_s_late_first_license_cites_both_subsections_in_one_list(in_force):
    # given a dog six months old on 2025-07-10, first licensed on 2026-11-29
    facts = {**APPLICATION, "kind": "new", "born": "2025-01-10"}
    del facts["resident_since"], facts["licensed_elsewhere"]
    (*_, penalty, due) = answered("license-issue", facts, in_force("nowthen"))
    assert penalty == (
        "penalty",
        ["3-2-2.A", "3-2-2.D", "1-2-2"],
        "The dog needed a license from July 10, 2025; applied more than 30 days after that; the "
        "period ended August 11, 2025 (3-2-2.A, D). Penalty $6.00.",
    )
    assert due[2] == (
        "Due now: fee $3.00 + penalty $6.00 = $9.00, paid with the application; the receipt goes "
        "to the applicant (3-2-2.A)."
    )


def test_lino_lakes_issues_a_new_resident_s_license_by_its_law(in_force):
    # its application is "on forms provided by the city" (503.09(5)(a)), read as Dogtag's form;
    # the fee is § 218.01's for a dog spayed or neutered; no penalty inside the 30 days
    asked = dict(APPLICATION, sterilized=True)
    assert answered("license-issue", asked, in_force("lino-lakes")) == [
        ("complete", ["503.09(5)(a)"], "The application states everything 503.09(5)(a) requires."),
        (
            "required",
            ["503.09(1)"],
            "License required: the dog has been 6 months of age or older since November 20, "
            "2019, and every such dog kept in the city must be licensed (503.09(1)).",
        ),
        (
            "current",
            ["503.09(3)"],
            "Rabies vaccination current until October 1, 2027, certified by Dr. Ana Lindqvist "
            "(503.09(3)).",
        ),
        (
            "term",
            ["503.09(5)(c)", "503.09(5)(b)", "218.01"],
            "The license expires October 1, 2027 with the rabies vaccination; fee $6.00 for a "
            "dog spayed or neutered (503.09(5)(c), (5)(b)).",
        ),
        (
            "no_penalty",
            ["503.09(5)(a)"],
            "Applied within 30 days after the owner became a resident; the period ends December "
            "15, 2026 (503.09(5)(a)). A license from another municipality does not replace the "
            "city's (503.09(5)(a)). No penalty.",
        ),
        (
            "due",
            ["503.09(5)(b)"],
            "Due now: fee $6.00 = $6.00, paid with the application; the receipt goes to the "
            "applicant (503.09(5)(b)).",
        ),
    ]


@pytest.mark.parametrize(
    "certificate, outcome, section, message",
    [
        (
            None,
            "no_certificate",
            "503.09(5)(a)",
            "No rabies vaccination certificate was presented — 503.09(5)(a): no license may issue.",
        ),
        (
            RabiesCertificate(dt.date(2025, 1, 1), dt.date(2026, 1, 1), "Dr. Ana Lindqvist"),
            "expired",
            "503.09(3)",
            "Rabies certificate expired 2026-01-01 — 503.09(3): no license may issue.",
        ),
        (
            RabiesCertificate(dt.date(2026, 10, 1), dt.date(2027, 10, 1), "Dr. Ana Lindqvist"),
            "current",
            "503.09(3)",
            "Rabies vaccination current until October 1, 2027, certified by Dr. Ana Lindqvist "
            "(503.09(3)).",
        ),
    ],
)
def test_lino_lakes_rabies_rule_cites_its_own_subdivisions(
    in_force, certificate, outcome, section, message
):
    in_force("lino-lakes")
    found = licensing.rabies_current(
        LicenseApplication(on=dt.date(2026, 11, 29), rabies=certificate)
    )
    assert (found.outcome, found.sections, found.message) == (outcome, (section,), message)


def test_lino_lakes_fee_is_by_spay_neuter_status_not_by_term(in_force):
    # Lino Lakes' fee is by spay/neuter status (§ 218.01: $11 / $6), not by the license's length:
    # Nowthen's tiers are not forced on it; the variant license.fee_basis says which applies
    lino = in_force("lino-lakes")
    on = dt.date(2026, 11, 29)
    for _, key in FEE_TIERS:
        with pytest.raises(params.UnknownParameter):
            lino.get(key, on)
    certificate = RabiesCertificate(dt.date(2026, 10, 1), dt.date(2027, 10, 1), "Dr. A")
    asked = LicenseApplication(on=on, rabies=certificate)
    unknown = licensing.license_term(asked, lino)
    assert (unknown.outcome, unknown.blocks, unknown.sections) == (
        "sterilization_not_stated",
        True,
        ("503.09(5)(c)", "503.09(5)(b)"),
    )
    assert unknown.message == (
        "Say whether the dog is spayed or neutered: the license fee depends on it "
        "(503.09(5)(c), (5)(b))."
    )


@pytest.mark.parametrize(
    "city, answer",
    [
        (
            "nowthen",
            [
                (
                    "refused",
                    ["3-2-2.C", "3-2-2.B"],
                    "The license is not in force (expired 2026-01-01): renew it instead of "
                    "replacing its tag (3-2-2.B, C).",
                )
            ],
        ),
        (
            "lino-lakes",
            [
                (
                    "refused",
                    ["503.09(5)(d)", "503.09(5)(c)"],
                    "The license is not in force (expired 2026-01-01): renew it instead of "
                    "replacing its tag (503.09(5)(c), (5)(d)).",
                )
            ],
        ),
    ],
)
def test_no_duplicate_tag_for_an_expired_license(in_force, city, answer):
    facts = {"reason": "lost", "license_expires_on": "2026-01-01", "on": "2026-11-29"}
    assert answered("duplicate-tag", facts, in_force(city)) == answer


def test_nowthen_s_duplicate_tag_fee_is_its_council_s(in_force):
    facts = {"reason": "stolen", "license_expires_on": "2027-10-01", "on": "2026-11-29"}
    assert answered("duplicate-tag", facts, in_force("nowthen")) == [
        (
            "allowed",
            ["3-2-2.C", "1-2-2"],
            "Duplicate tag for a stolen tag: $1.00 (3-2-2.C). The old tag is recorded as stolen "
            "and can be looked up.",
        )
    ]


def test_lino_lakes_has_no_duplicate_tag_fee_to_charge(in_force):
    # (5)(d) charges "an additional fee ... in the amount set forth by City Council ordinance":
    # not in the fee schedule found, so the duplicate is refused, saying what is missing
    facts = {"reason": "lost", "license_expires_on": "2027-10-01", "on": "2026-11-29"}
    assert answered("duplicate-tag", facts, in_force("lino-lakes")) == [
        (
            "fee_not_set",
            ["503.09(5)(d)", "218.01"],
            "The duplicate-tag fee is set in the fee schedule (218.01), and this city's "
            "parameters do not hold its amount (lino-lakes.fees.duplicate_tag: the City Council, "
            "by its fee ordinance (§ 218.01): 503.09(5)(d) charges a fee for each duplicate tag, "
            "and no public copy of the fee schedule shows its amount). It cannot be charged, so "
            "this cannot be completed until an administrator enters the amount.",
        )
    ]


@pytest.mark.parametrize(
    "city, reason, answer",
    [
        (
            "nowthen",
            "left_city",
            (
                "no_refund",
                ["3-2-3.A"],
                "No refund: the owner left the city before the license expired (3-2-3.A).",
            ),
        ),
        (
            "nowthen",
            "other",
            (
                "not_addressed",
                ["3-2-3.A"],
                "3-2-3.A forbids a refund only when the owner leaves "
                "the city or the dog dies; a fee taken in error is corrected by voiding the receipt.",
            ),
        ),
        # Lino Lakes' fee is non-refundable in every case (503.09(5)(b)): license.no_refund.scope
        (
            "lino-lakes",
            "dog_died",
            (
                "no_refund",
                ["503.09(5)(b)"],
                "No refund: the dog died before the license expired; "
                "the license fee is non-refundable (503.09(5)(b)).",
            ),
        ),
        (
            "lino-lakes",
            "other",
            (
                "no_refund",
                ["503.09(5)(b)"],
                "No refund: the license fee is non-refundable "
                "whatever the reason (503.09(5)(b)). A fee taken in error is corrected by voiding "
                "the receipt.",
            ),
        ),
    ],
)
def test_refund_follows_each_city_s_scope(in_force, city, reason, answer):
    assert answered("refund", {"reason": reason}, in_force(city)) == [answer]


@pytest.mark.parametrize(
    "city, answer",
    [
        (
            "nowthen",
            (
                "refused",
                ["3-2-3.A", "3-2-3.B"],
                "Tag 2026-00042 was issued for another dog: tags are not transferable (3-2-3.A), "
                "and placing it on another animal is unlawful (3-2-3.B).",
            ),
        ),
        (
            "lino-lakes",
            (
                "refused",
                ["503.09(5)(h)"],
                "Tag 2026-00042 was issued for another dog: tags are not transferable "
                "(503.09(5)(h)), and placing it on another animal is unlawful (503.09(5)(h)).",
            ),
        ),
    ],
)
def test_a_tag_does_not_move_to_another_dog(in_force, city, answer):
    facts = {"tag": "2026-00042", "licensed_dog": "Biscuit", "other_dog": "Rex"}
    assert answered("tag-transfer", facts, in_force(city)) == [answer]


@pytest.mark.parametrize(
    "city, kind, section, what",
    [
        ("nowthen", "counterfeit", "3-2-3.B", "counterfeit a tag"),
        (
            "nowthen",
            "removed_from_animal",
            "3-2-3.B",
            "take from an animal a tag legally placed on it by its owner",
        ),
        ("lino-lakes", "counterfeit", "503.09(5)(g)", "counterfeit a tag"),
        ("lino-lakes", "attempted_counterfeit", "503.09(5)(g)", "attempt to counterfeit a tag"),
        ("lino-lakes", "placed_on_other_animal", "503.09(5)(h)", "place a tag on another animal"),
    ],
)
def test_a_tag_violation_cites_the_city_s_prohibition(in_force, city, kind, section, what):
    assert answered("tag-violation", {"kind": kind}, in_force(city)) == [
        ("violation", [section], f"Unlawful to {what} ({section}).")
    ]


def test_lino_lakes_states_no_prohibition_of_taking_a_tag_off_an_animal(in_force):
    with pytest.raises(provisions.UnknownProvision, match="'tag.taken_from_animal'"):
        evaluate("tag-violation", {"kind": "removed_from_animal"}, in_force("lino-lakes"))
