"""The inspection before a kennel license issues (issue 27), Lino Lakes' 503.10(1)(b): "A kennel
license may be issued after an inspection reveals that adequate safeguards are present to protect
the surrounding neighborhood from nuisances and to ensure compliance with this chapter as well as
Chapter 1007. A license may not be issued if the location does not comply with the applicable
health and maintenance standards set forth below" (§ 503.11); and "The modification will be
effective ten days after the mailing of written notice by certified mail to the holder", counted
by Minn. Stat. 645.15. A variant of the kennel inspection: Nowthen inspects upon a complaint and
periodically, and its law states neither. Table-driven, each case from a stated day."""

from __future__ import annotations

import datetime as dt

import pytest

from dogtag.law import provisions
from dogtag.law.clocks import CLOCKS, deadline
from dogtag.law.computation_of_time import DeadlineError
from dogtag.law.facts import FactsError
from dogtag.law.kennel_license_issue import inspection_before_issue
from dogtag.law.questions import QUESTIONS, evaluate, not_in_law
from dogtag.law.registry import RULES, unavailable

D = dt.date
ON = D(2026, 12, 7)

# kind, applied on, inspected on, safeguards adequate, health standards met,
# outcome, grounds, sections, message
CASES = [
    (
        "private", D(2026, 11, 30), D(2026, 12, 3), True, True,
        "may_issue", [], ("503.10(1)(b)", "503.11"),
        "May issue the private kennel license: the inspection on December 3, 2026 found adequate "
        "safeguards to protect the surrounding neighborhood from nuisances and to ensure "
        "compliance with the city code, and the location in compliance with the applicable "
        "health and maintenance standards (503.10(1)(b), 503.11).",
    ),
    # inspected on the day of issue itself, no application day given
    (
        "commercial", None, D(2026, 12, 7), True, True,
        "may_issue", [], ("503.10(1)(b)", "503.11"),
        "May issue the commercial kennel license: the inspection on December 7, 2026 found "
        "adequate safeguards to protect the surrounding neighborhood from nuisances and to ensure "
        "compliance with the city code, and the location in compliance with the applicable "
        "health and maintenance standards (503.10(1)(b), 503.11).",
    ),
    (
        "private", D(2026, 11, 30), None, None, None,
        "may_not_issue", ["no_inspection"], ("503.10(1)(b)",),
        "May not issue the private kennel license: a kennel license issues only after an "
        "inspection of the location, and none is recorded (503.10(1)(b)).",
    ),
    (
        None, None, None, None, None,
        "may_not_issue", ["no_inspection"], ("503.10(1)(b)",),
        "May not issue the kennel license: a kennel license issues only after an inspection of "
        "the location, and none is recorded (503.10(1)(b)).",
    ),
    # an inspection before the application was made is not one made for it
    (
        "private", D(2026, 11, 30), D(2026, 11, 29), True, True,
        "may_not_issue", ["inspection_before_application"], ("503.10(1)(b)",),
        "May not issue the private kennel license: the inspection on November 29, 2026 was made "
        "before the application of November 30, 2026; a kennel license issues only after an "
        "inspection made for its application (503.10(1)(b)).",
    ),
    # safeguards found, but the location fails the health and maintenance standards
    (
        "private", D(2026, 11, 30), D(2026, 12, 3), True, False,
        "may_not_issue", ["health_standards"], ("503.10(1)(b)", "503.11"),
        "May not issue the private kennel license: the inspection on December 3, 2026 found the "
        "location not in compliance with the applicable health and maintenance standards "
        "(503.10(1)(b), 503.11).",
    ),
    (
        "commercial", D(2026, 11, 30), D(2026, 12, 3), False, True,
        "may_not_issue", ["safeguards"], ("503.10(1)(b)",),
        "May not issue the commercial kennel license: the inspection on December 3, 2026 did not "
        "find adequate safeguards to protect the surrounding neighborhood from nuisances and to "
        "ensure compliance with the city code (503.10(1)(b)).",
    ),
    (
        "private", D(2026, 11, 30), D(2026, 12, 3), False, False,
        "may_not_issue", ["safeguards", "health_standards"], ("503.10(1)(b)", "503.11"),
        "May not issue the private kennel license: the inspection on December 3, 2026 did not "
        "find adequate safeguards to protect the surrounding neighborhood from nuisances and to "
        "ensure compliance with the city code, and found the location not in compliance with the "
        "applicable health and maintenance standards (503.10(1)(b), 503.11).",
    ),
]  # fmt: skip


@pytest.mark.parametrize(
    "kind, applied_on, inspected_on, safeguards, health, outcome, grounds, sections, message",
    CASES,
)
def test_lino_lakes_issues_a_kennel_license_only_after_an_inspection_that_found_safeguards(
    in_force,
    kind,
    applied_on,
    inspected_on,
    safeguards,
    health,
    outcome,
    grounds,
    sections,
    message,
):
    # given Lino Lakes in force, when a kennel license would issue on 2026-12-07
    found = inspection_before_issue(
        kind,
        ON,
        in_force("lino-lakes"),
        inspected_on=inspected_on,
        safeguards_adequate=safeguards,
        health_standards_met=health,
        applied_on=applied_on,
    )
    # then it may issue only after an inspection for its application that found both
    assert (found.rule, found.outcome, found.blocks) == (
        "kennel.inspection_before_issue",
        outcome,
        outcome == "may_not_issue",
    )
    assert found.details == {"grounds": grounds}
    assert found.sections == sections
    assert found.message == message


@pytest.mark.parametrize(
    "kind, applied_on, inspected_on, safeguards, health, problem",
    [
        ("boarding", None, D(2026, 12, 3), True, True,
         "kind 'boarding' is not one of private, commercial"),
        ("private", None, D(2026, 12, 8), True, True,
         "the inspection is dated after the day asked about, 2026-12-07"),
        ("private", D(2026, 12, 8), D(2026, 12, 3), True, True,
         "the application is dated after the day asked about, 2026-12-07"),
        ("private", None, D(2026, 12, 3), None, True,
         "an inspection's findings: give whether it found adequate safeguards and whether the "
         "location complies with the health and maintenance standards"),
        ("private", None, D(2026, 12, 3), True, None,
         "an inspection's findings: give whether it found adequate safeguards and whether the "
         "location complies with the health and maintenance standards"),
        ("private", None, None, True, None,
         "no inspection is recorded: there are no findings of one to give"),
    ],
)  # fmt: skip
def test_facts_that_cannot_be_are_refused_naming_the_problem(
    in_force, kind, applied_on, inspected_on, safeguards, health, problem
):
    with pytest.raises(ValueError) as refused:
        inspection_before_issue(
            kind,
            ON,
            in_force("lino-lakes"),
            inspected_on=inspected_on,
            safeguards_adequate=safeguards,
            health_standards_met=health,
            applied_on=applied_on,
        )
    assert str(refused.value) == problem


# ------------------------------------------------------------------ dogtag evaluate kennel-inspection


@pytest.mark.parametrize(
    "facts, outcome, message",
    [
        (
            {"on": "2026-12-03", "applied_on": "2026-11-30", "license": "private",
             "safeguards_adequate": True, "health_standards_met": True},
            "may_issue",
            "May issue the private kennel license: the inspection on December 3, 2026 found "
            "adequate safeguards to protect the surrounding neighborhood from nuisances and to "
            "ensure compliance with the city code, and the location in compliance with the "
            "applicable health and maintenance standards (503.10(1)(b), 503.11).",
        ),
        (
            {"on": "2026-12-03", "safeguards_adequate": False, "health_standards_met": True},
            "may_not_issue",
            "May not issue the kennel license: the inspection on December 3, 2026 did not find "
            "adequate safeguards to protect the surrounding neighborhood from nuisances and to "
            "ensure compliance with the city code (503.10(1)(b)).",
        ),
    ],
)  # fmt: skip
def test_lino_lakes_is_answered_kennel_inspection_with_its_inspection_before_issue(
    in_force, facts, outcome, message
):
    # given Lino Lakes in force, when the kennel inspection is asked with what it found
    answer = evaluate("kennel-inspection", facts, in_force("lino-lakes"))
    # then the one finding is whether the license may issue, citing 503.10(1)(b)
    assert [(f["rule"], f["outcome"], f["message"]) for f in answer["findings"]] == [
        ("kennel.inspection_before_issue", outcome, message)
    ]
    assert answer["findings"][0]["sections"][0] == "503.10(1)(b)"
    assert answer["jurisdiction"] == "lino-lakes"


def test_lino_lakes_example_of_the_kennel_inspection_is_its_own(in_force):
    lino = in_force("lino-lakes")
    example = QUESTIONS["kennel-inspection"].examples
    assert example == {
        "on": "2026-11-29",
        "applied_on": "2026-11-16",
        "license": "private",
        "safeguards_adequate": True,
        "health_standards_met": True,
    }
    assert not_in_law(QUESTIONS["kennel-inspection"], lino) == []
    assert evaluate("kennel-inspection", example, lino)["findings"][0]["outcome"] == "may_issue"


def test_lino_lakes_words_the_kennel_inspection_question_as_its_law_does(in_force):
    lino = in_force("lino-lakes")
    asked = QUESTIONS["kennel-inspection"]
    summary = (
        "An inspection of the location before a kennel license issues (503.10(1)(b)): whether "
        "it found adequate safeguards to protect the surrounding neighborhood from nuisances and "
        "to ensure compliance with the city code, and the location in compliance with the "
        "applicable health and maintenance standards (503.11)"
    )
    assert asked.worded(lino, ON).summary == summary
    assert asked.schema()["description"] == summary


@pytest.mark.parametrize(
    "facts, problems",
    [
        (
            {"on": "2026-12-03", "safeguards_adequate": True},
            ["an inspection's findings: give whether it found adequate safeguards and whether "
             "the location complies with the health and maintenance standards"],
        ),
        (
            {"on": "2026-12-03", "safeguards_adequate": True, "health_standards_met": True,
             "not_met": ["503.11"], "feces_well_distance_feet": 150},
            ["not_met: not a fact of City of Lino Lakes's law (it states no "
             "commercial_kennel.inspection)",
             "feces_well_distance_feet: not a fact of City of Lino Lakes's law (it states no "
             "commercial_kennel.inspection)"],
        ),
        (
            {"on": "2026-12-03", "applied_on": "2026-12-04", "safeguards_adequate": True,
             "health_standards_met": True},
            ["the application is dated after the day asked about, 2026-12-03"],
        ),
    ],
)  # fmt: skip
def test_lino_lakes_facts_that_do_not_fit_its_inspection_are_refused(in_force, facts, problems):
    with pytest.raises(FactsError) as refused:
        evaluate("kennel-inspection", facts, in_force("lino-lakes"))
    assert refused.value.problems == problems


# ------------------------------------------------------------------ Nowthen: not its law


def test_nowthen_states_no_inspection_before_issue(in_force):
    nowthen = in_force("nowthen")
    with pytest.raises(provisions.UnknownProvision) as caught:
        provisions.cite("kennel.inspection_before_issue", nowthen)
    assert str(caught.value) == (
        "no section for 'kennel.inspection_before_issue' in the packages of nowthen, minnesota"
    )
    assert unavailable(RULES["kennel.inspection_before_issue"], nowthen, ON) == (
        "City of Nowthen's law states no kennel.inspection_before_issue, kennel.health_standards"
    )
    with pytest.raises(provisions.UnknownProvision):
        inspection_before_issue(
            "private",
            ON,
            nowthen,
            inspected_on=D(2026, 12, 3),
            safeguards_adequate=True,
            health_standards_met=True,
        )


def test_nowthen_is_refused_the_facts_of_an_inspection_before_issue(in_force):
    facts = {
        "on": "2026-11-29",
        "not_met": [],
        "safeguards_adequate": True,
        "health_standards_met": True,
        "applied_on": "2026-11-16",
        "license": "private",
    }
    with pytest.raises(FactsError) as refused:
        evaluate("kennel-inspection", facts, in_force("nowthen"))
    assert refused.value.problems == [
        f"{name}: not a fact of City of Nowthen's law (it states no kennel.inspection_before_issue)"
        for name in ("safeguards_adequate", "health_standards_met", "applied_on", "license")
    ]


def test_nowthen_still_answers_its_periodic_inspection_byte_for_byte(in_force):
    nowthen = in_force("nowthen")
    answer = evaluate("kennel-inspection", dict(QUESTIONS["kennel-inspection"].examples), nowthen)
    assert QUESTIONS["kennel-inspection"].examples == {
        "on": "2026-11-29",
        "not_met": ["3-2-5.B.5"],
        "feces_well_distance_feet": 150,
    }
    assert [f["rule"] for f in answer["findings"]][:1] == ["kennel.inspection"]
    assert answer["findings"][0]["message"] == (
        "Not in compliance on November 29, 2026: 2 of 7 condition(s) checked not met (3-2-5.B.5, "
        "3-2-5.B.8); inspected under 3-2-5.B.7."
    )


# ------------------------------------------------------------------ the modification's ten days

# mailed on, effective on, the message's words after the day
MODIFICATIONS = [
    (
        D(2026, 12, 7), D(2026, 12, 17),
        "the modification of the kennel license takes effect 10 days after the mailing of "
        "written notice by certified mail to the holder on Mon 2026-12-07 (503.10(1)(b)).",
    ),
    # the tenth day a Saturday: the modification takes effect the Monday after (645.15)
    (
        D(2026, 12, 9), D(2026, 12, 21),
        "the modification of the kennel license takes effect 10 days after the mailing of "
        "written notice by certified mail to the holder on Wed 2026-12-09 (503.10(1)(b)). Sat "
        "2026-12-19 is skipped: Saturday. Sun 2026-12-20 is skipped: Sunday.",
    ),
    # the tenth day Christmas Day: the Monday after
    (
        D(2026, 12, 15), D(2026, 12, 28),
        "the modification of the kennel license takes effect 10 days after the mailing of "
        "written notice by certified mail to the holder on Tue 2026-12-15 (503.10(1)(b)). Fri "
        "2026-12-25 is skipped: legal holiday: Christmas Day (Minn. Stat. 645.44 subd. 5). Sat "
        "2026-12-26 is skipped: Saturday. Sun 2026-12-27 is skipped: Sunday.",
    ),
]  # fmt: skip


@pytest.mark.parametrize("mailed, effective, words", MODIFICATIONS)
def test_a_modification_takes_effect_ten_days_after_the_certified_notice_is_mailed(
    in_force, mailed, effective, words
):
    # given Lino Lakes in force, when the notice of a modification is mailed by certified mail
    found = deadline(in_force("lino-lakes"), mailed, clock_id="kennel.license_modification")
    # then it takes effect on the tenth day, counted as Minn. Stat. 645.15 counts
    assert found.deadline is not None
    assert (found.deadline.due, found.deadline.counting) == (effective, "after")
    assert (found.rule, found.outcome) == ("kennel.license_modification", "effective")
    assert found.sections == ("503.10(1)(b)", "Minn. Stat. 645.15")
    assert found.message == f"Effective {effective:%a %Y-%m-%d}: {words}"
    assert [p.key for p in found.parameters][:1] == ["lino-lakes.kennel.license_modification_days"]


def test_the_modification_is_asked_as_a_deadline(in_force):
    answer = evaluate(
        "deadline",
        {"from": "2026-12-07", "rule": "kennel.license_modification"},
        in_force("lino-lakes"),
    )
    assert [f["message"] for f in answer["findings"]] == [
        "Effective Thu 2026-12-17: the modification of the kennel license takes effect 10 days "
        "after the mailing of written notice by certified mail to the holder on Mon 2026-12-07 "
        "(503.10(1)(b))."
    ]
    assert RULES["kennel.license_modification"].summary == (
        "The modification of the kennel license takes effect at the end of the period after the "
        "mailing of written notice by certified mail to the holder."
    )


def test_nowthen_is_not_given_the_modification_s_period(in_force):
    with pytest.raises(DeadlineError) as refused:
        deadline(in_force("nowthen"), ON, clock_id="kennel.license_modification")
    assert str(refused.value) == (
        "kennel.license_modification is not a deadline of City of Nowthen's law: it states no "
        f"{CLOCKS['kennel.license_modification'].provision}"
    )
