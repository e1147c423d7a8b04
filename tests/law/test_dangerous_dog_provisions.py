"""The dangerous-dog rules cite concepts; each city's package cites its own sections (issue 27).

Nowthen states its dangerous-dog rules in City Code 3-2-9 (E keeping the dog: E.2 restraint, E.3
the rental disclosure, E.4 the warning symbols, E.6 inspection; B.4 release, B.6 revocation) and
seizes dogs under 3-2-12. Lino Lakes' § 503.19 states requirements a hearing officer may order for
a dangerous *animal*, not the duties of every dangerous dog's owner: none of these concepts is
mapped there, and each rule applying one is refused, never answered with Nowthen's section.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from dogtag.law import params, provisions
from dogtag.law.catalogue import not_in_law
from dogtag.law.dangerous_dogs import keeping
from dogtag.law.questions import QuestionNotInLaw, evaluate
from dogtag.law.registry import RULES

ON = dt.date(2026, 11, 29)


@pytest.fixture
def in_force(monkeypatch):
    """Put a city in force, as ``DOGTAG_JURISDICTION`` does for ``dogtag`` and the site."""

    def choose(city: str) -> params.ParameterSet:
        monkeypatch.setenv("DOGTAG_JURISDICTION", city)
        return params.default()

    return choose


# Every concept of the dangerous-dog rules converted so far, with Nowthen's section
NOWTHEN = [
    ("dangerous_dog.keeping", "3-2-9.E"),
    ("dangerous_dog.restraint", "3-2-9.E.2"),
    ("dangerous_dog.rental_disclosure", "3-2-9.E.3"),
    ("dangerous_dog.warning_symbol", "3-2-9.E.4"),
    ("dangerous_dog.inspection", "3-2-9.E.6"),
    ("dangerous_dog.release", "3-2-9.B.4"),
    ("dangerous_dog.revocation", "3-2-9.B.6"),
    ("dangerous_dog.seizure", "3-2-12"),
]


@pytest.mark.parametrize("concept, nowthen", NOWTHEN)
def test_a_dangerous_dog_concept_is_nowthen_s_section_and_lino_lakes_states_none(
    in_force, concept, nowthen
):
    assert provisions.cite(concept, in_force("nowthen")) == nowthen
    with pytest.raises(provisions.UnknownProvision) as caught:
        provisions.cite(concept, in_force("lino-lakes"))
    assert str(caught.value) == (
        f"no section for {concept!r} in the packages of lino-lakes, minnesota"
    )


# Each converted rule with the sections it cited when they were written out
CONVERTED = {
    "dangerous_dog.restraint": ("3-2-9.E.2",),
    "dangerous_dog.rental_disclosure": ("3-2-9.E.3",),
    "dangerous_dog.warning_symbol_charge": ("3-2-9.E.4",),
    "dangerous_dog.inspection": ("3-2-9.E.6",),
    "dangerous_dog.inspection_seizure": ("3-2-9.E.6",),
}


def test_the_converted_rules_cite_nowthen_s_sections_as_before(in_force):
    in_force("nowthen")
    assert {rule: RULES[rule].sections for rule in CONVERTED} == CONVERTED
    assert all(RULES[rule].provisions for rule in CONVERTED)


def test_in_lino_lakes_each_converted_rule_is_refused_and_says_why(in_force):
    refused = {r.id: why for r, why in not_in_law(in_force("lino-lakes"), ON) if r.id in CONVERTED}
    says = "City of Lino Lakes's law states no"
    assert refused == {
        "dangerous_dog.restraint": f"{says} dangerous_dog.restraint",
        "dangerous_dog.rental_disclosure": f"{says} dangerous_dog.rental_disclosure",
        "dangerous_dog.warning_symbol_charge": f"{says} dangerous_dog.warning_symbol",
        "dangerous_dog.inspection": f"{says} dangerous_dog.inspection",
        "dangerous_dog.inspection_seizure": f"{says} dangerous_dog.inspection",
    }


@pytest.mark.parametrize(
    "question, facts, why",
    [
        # 503.19(1)(d) has the rule's elements (a handler 16 or older there) but binds only where
        # the hearing officer ordered it, and Lino Lakes sets no leash length: refused
        (
            "dangerous-dog-restraint",
            {
                "on": "2026-11-29",
                "in_proper_enclosure": False,
                "muzzled": True,
                "leash_length_feet": "6",
                "handler_age_years": 16,
                "under_physical_restraint": True,
            },
            "dangerous_dog.restraint: City of Lino Lakes's law states no dangerous_dog.restraint",
        ),
        (
            "dangerous-dog-inspection",
            {"permitted": False},
            "dangerous_dog.inspection: City of Lino Lakes's law states no dangerous_dog.inspection",
        ),
        (
            "dangerous-dog-rental-disclosure",
            {"occasion": "lease", "disclosed_on": "2026-11-01", "lease_date": "2026-11-02"},
            "dangerous_dog.rental_disclosure: City of Lino Lakes's law states no "
            "dangerous_dog.rental_disclosure",
        ),
        (
            "dangerous-dog-warning-symbols",
            {"symbols": 2, "on": "2026-11-29"},
            "dangerous_dog.warning_symbol_charge: City of Lino Lakes's law states no "
            "dangerous_dog.warning_symbol",
        ),
    ],
)
def test_lino_lakes_is_not_asked_a_dangerous_dog_keeping_question(in_force, question, facts, why):
    with pytest.raises(QuestionNotInLaw) as caught:
        evaluate(question, facts, in_force("lino-lakes"))
    assert str(caught.value) == f"City of Lino Lakes cannot be asked {question!r} yet: {why}."


def test_lino_lakes_has_the_handler_s_age_but_no_leash_length_to_apply_the_rule_with(in_force):
    lino_lakes = in_force("lino-lakes")
    assert lino_lakes.get("dangerous_dog.restraint.handler_min_age_years", ON).value == 16
    with pytest.raises(params.UnknownParameter):
        lino_lakes.get("dangerous_dog.restraint.leash_max_feet", ON)


# ----------------------------------------------------------------------------- Nowthen, as before


def test_nowthen_s_restraint_violation_cites_e2_and_the_revocation(in_force):
    nowthen = in_force("nowthen")
    found = keeping.restraint(
        keeping.Restraint(
            in_proper_enclosure=False,
            muzzled=True,
            leash_length_feet=Decimal(7),
            handler_age_years=17,
            under_physical_restraint=True,
        ),
        ON,
        nowthen,
    )
    assert (found.outcome, found.sections) == ("violation", ("3-2-9.E.2",))
    assert found.message == (
        "Violation of 3-2-9.E.2 outside the Proper Enclosure: leash 7 ft, longer than 6 feet; "
        "handler 17, younger than 18 years. Grounds for seizure (Minn. Stat. 347.54) and "
        "revocation (3-2-9.B.6)."
    )


def test_nowthen_s_restraint_facts_name_e2_for_what_is_missing(in_force):
    in_force("nowthen")
    facts = keeping.RestraintFacts(on=ON, in_proper_enclosure=False)
    assert facts.problems() == [
        "muzzled: missing (the dog is outside its Proper Enclosure, 3-2-9.E.2)",
        "under_physical_restraint: missing (the dog is outside its Proper Enclosure, 3-2-9.E.2)",
    ]


@pytest.mark.parametrize(
    "disclosed_on, outcome, message",
    [
        (
            dt.date(2026, 11, 2),
            "in_time",
            "Disclosed in time on November 2, 2026: the owner told the property owner at the "
            "lease renewal of November 2, 2026 that a Dangerous Dog will reside at the property "
            "(3-2-9.E.3).",
        ),
        (
            dt.date(2026, 11, 3),
            "late",
            "Disclosed late on November 3, 2026: the owner had to tell the property owner at the "
            "lease renewal of November 2, 2026 that a Dangerous Dog will reside at the property. "
            "A violation of 3-2-9.E.3.",
        ),
    ],
)
def test_nowthen_s_rental_disclosure_cites_e3(in_force, disclosed_on, outcome, message):
    in_force("nowthen")
    found = keeping.rental_disclosure("renewal", disclosed_on, dt.date(2026, 11, 2))
    assert (found.outcome, found.sections, found.message) == (outcome, ("3-2-9.E.3",), message)


def test_nowthen_s_warning_symbols_cite_e4_while_no_fee_is_set(in_force):
    found = keeping.warning_symbol_charge(2, ON, in_force("nowthen"))
    assert (found.outcome, found.sections) == ("no_fee_set", ("3-2-9.E.4",))
    assert found.message.startswith("2 warning symbol(s) provided (3-2-9.E.4); no charge: ")


def test_nowthen_s_refused_inspection_cites_e6_the_seizure_and_the_revocation(in_force):
    in_force("nowthen")
    found = keeping.inspection(permitted=False, compliant=None)
    assert found.sections == ("3-2-9.E.6", "3-2-9.B.6")
    assert found.message == (
        "Inspection refused (3-2-9.E.6): by itself a ground to seize the dog immediately "
        "(3-2-12) and to revoke the Dangerous Dog registration (3-2-9.B.6)."
    )


@pytest.mark.parametrize(
    "held, outcome, message",
    [
        (
            False,
            "may_seize",
            "The owner refused the inspection of November 29, 2026: that is by itself a ground "
            "to seize the dog immediately (3-2-9.E.6, through 3-2-12). The seized dog is released "
            "only under 3-2-9.B.4, and the registration may be revoked after notice and hearing "
            "(3-2-9.B.6).",
        ),
        (
            True,
            "already_held",
            "The dog is already held by the Animal Control Authority; it is released only under "
            "3-2-9.B.4.",
        ),
    ],
)
def test_nowthen_s_seizure_after_a_refused_inspection_cites_its_sections(
    in_force, held, outcome, message
):
    in_force("nowthen")
    found = keeping.inspection_seizure(ON, ON, held=held)
    assert (found.outcome, found.sections, found.message) == (outcome, ("3-2-9.E.6",), message)


def test_nowthen_s_inspection_seizure_summary_cites_the_seizure_release_and_revocation(in_force):
    nowthen = in_force("nowthen")
    assert RULES["dangerous_dog.inspection_seizure"].worded(nowthen, ON).summary == (
        "A refused inspection is by itself a ground to seize the dog immediately, through "
        "3-2-12, until the owner permits an inspection; the dog is then released only under "
        "3-2-9.B.4, and the registration may be revoked after notice and hearing (3-2-9.B.6)."
    )
