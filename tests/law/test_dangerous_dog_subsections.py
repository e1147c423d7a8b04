"""The subsections of 3-2-9 that had no rule of their own (issue 11 remains): the notice's service
and incidents (A.1.a), releasing a dog on demand (A.2.h), revocation only following hearing and
for a failure the ordinance names (B.6.a), each a table by subsection; and their questions."""

from __future__ import annotations

import pytest

from dogtag.law import dangerous_dogs as law
from dogtag.law.catalogue import RULES
from dogtag.law.dangerous_dog_steps import provided_for
from dogtag.law.params import default
from dogtag.law.questions import evaluate

P = default()


# ------------------------------------------------------------------ 3-2-9.A.1.a service


@pytest.mark.parametrize(
    "method, person, address, outcome, blocks, words",
    [
        (
            "personal",
            "Pat Gustafson",
            "",
            "served",
            False,
            "Notice personally served on the owner (3-2-9.A.1.a); service upon any owner is "
            "effective as to all owners.",
        ),
        (
            "residence",
            "Sam Gustafson, 17",
            "7120 Viking Blvd NW",
            "served",
            False,
            "Notice served on a person of suitable age and discretion at the owner's residence "
            "(3-2-9.A.1.a); service upon any owner is effective as to all owners.",
        ),
        (
            "mail",
            "",
            "7120 Viking Blvd NW",
            "served",
            False,
            "Notice mailed to the owner (3-2-9.A.1.a); service upon any owner is effective as to "
            "all owners.",
        ),
        (
            "personal",
            " ",
            "",
            "not_served",
            True,
            "Name the person the notice was handed to (3-2-9.A.1.a).",
        ),
        (
            "residence",
            "",
            "",
            "not_served",
            True,
            "Name the person the notice was handed to (3-2-9.A.1.a). Give the address of the "
            "residence or the mailing address (3-2-9.A.1.a).",
        ),
        (
            "mail",
            "",
            "",
            "not_served",
            True,
            "Give the address of the residence or the mailing address (3-2-9.A.1.a).",
        ),
        (
            "fax",
            "",
            "",
            "not_served",
            True,
            "'fax' is not a way of serving the notice (3-2-9.A.1.a): personally served on the "
            "owner, served on a person of suitable age and discretion at the owner's residence, "
            "mailed to the owner.",
        ),
    ],
)
def test_3_2_9_A_1_a_the_notice_is_served_in_person_at_the_residence_or_by_mail(
    method, person, address, outcome, blocks, words
):
    found = law.notice_service(method, served_person=person, served_address=address)
    assert (found.rule, found.outcome, found.blocks) == (
        "dangerous_dog.notice_service",
        outcome,
        blocks,
    )
    assert found.sections == ("3-2-9.A.1.a",)
    assert found.message == words


# the incidents' dates, times, places and facts, and every other content of the Notice: each by
# its subsection in tests/law/test_dangerous_dog_notice.py (issue 26 item 1.7)


# -------------------------------------------------------------------------- 3-2-9.A.2.h


@pytest.mark.parametrize(
    "demanded, ordered, released, outcome, blocks, words",
    [
        (
            False,
            False,
            None,
            "no_demand",
            False,
            "No demand and no order into custody: there is nothing to release (3-2-9.A.2.h).",
        ),
        (
            False,
            False,
            False,
            "no_demand",
            False,
            "No demand and no order into custody: there is nothing to release (3-2-9.A.2.h).",
        ),
        (
            True,
            False,
            False,
            "misdemeanor",
            True,
            "Misdemeanor: the dog was not released upon the demand of the Animal Control "
            "Authority or a law enforcement agent; a person who fails or refuses to release it "
            "is guilty of a misdemeanor (3-2-9.A.2.h).",
        ),
        (
            False,
            True,
            False,
            "misdemeanor",
            True,
            "Misdemeanor: the dog was not released after the Hearing Officer found the dog "
            "dangerous and ordered it into custody; a person who fails or refuses to release it "
            "is guilty of a misdemeanor (3-2-9.A.2.h).",
        ),
        (
            True,
            False,
            True,
            "released",
            False,
            "The dog was released to the Animal Control Authority upon the demand of the Animal "
            "Control Authority or a law enforcement agent (3-2-9.A.2.h).",
        ),
        (
            False,
            True,
            None,
            "must_release",
            False,
            "The dog must be released to the Animal Control Authority after the Hearing Officer "
            "found the dog dangerous and ordered it into custody; any person who fails or "
            "refuses to release it is guilty of a misdemeanor (3-2-9.A.2.h).",
        ),
    ],
)
def test_3_2_9_A_2_h_refusing_to_release_the_dog_is_a_misdemeanor(
    demanded, ordered, released, outcome, blocks, words
):
    found = law.release_on_demand(
        demanded=demanded, ordered_into_custody=ordered, released=released
    )
    assert (found.rule, found.sections) == ("dangerous_dog.release_on_demand", ("3-2-9.A.2.h",))
    assert (found.outcome, found.blocks, found.message) == (outcome, blocks, words)


# -------------------------------------------------------------------------- 3-2-9.B.6.a


@pytest.mark.parametrize(
    "heard, revoked, reasons, refused_inspection, outcome, blocks, sections, words",
    [
        (
            True,
            False,
            "",
            False,
            "not_revoked",
            False,
            ("3-2-9.B.6.a",),
            "Not revoked: the Certificate of Registration stands (3-2-9.B.6.a).",
        ),
        (
            False,
            True,
            "Gate found unlocked.",
            False,
            "no_hearing",
            True,
            ("3-2-9.B.6.a",),
            "The revocation hearing has not been held: a Certificate of Registration is revoked "
            "only following hearing (3-2-9.B.6.a).",
        ),
        (
            True,
            True,
            "  ",
            False,
            "no_ground",
            True,
            ("3-2-9.B.6.a",),
            "No failure is alleged: a certificate is revoked only if the owner fails to maintain "
            "a registration requirement or to keep the dog as 3-2-9 or state law requires "
            "(3-2-9.B.6.a).",
        ),
        (
            True,
            True,
            "The insurance lapsed on 2027-01-01.",
            False,
            "may_revoke",
            False,
            ("3-2-9.B.6.a",),
            "Revoked following hearing (3-2-9.B.6.a), because the Hearing Officer found the "
            "failure the notice of revocation alleged (3-2-9.B.6.b): The insurance lapsed on "
            "2027-01-01.",
        ),
        (
            True,
            True,
            "",
            True,
            "may_revoke",
            False,
            ("3-2-9.B.6.a", "3-2-9.E.6"),
            "Revoked following hearing (3-2-9.B.6.a), because the owner did not permit an "
            "inspection, by itself a ground (3-2-9.E.6).",
        ),
    ],
)
def test_3_2_9_B_6_a_revoked_only_following_hearing_for_a_named_failure(
    heard, revoked, reasons, refused_inspection, outcome, blocks, sections, words
):
    found = law.revocation(
        heard=heard,
        revoked=revoked,
        alleged_reasons=reasons,
        inspection_refused=refused_inspection,
    )
    assert found.rule == "dangerous_dog.revocation"
    assert (found.outcome, found.blocks, found.sections, found.message) == (
        outcome,
        blocks,
        sections,
        words,
    )


# ---------------------------------------------------------------------------- questions


@pytest.mark.parametrize(
    "rule, section",
    [
        ("dangerous_dog.notice_service", "3-2-9.A.1.a"),
        ("dangerous_dog.notice_incidents", "3-2-9.A.1.a"),
        ("dangerous_dog.release_on_demand", "3-2-9.A.2.h"),
        ("dangerous_dog.revocation", "3-2-9.B.6.a"),
        ("dangerous_dog.designation_stands", "3-2-9.A.1.e"),
    ],
)
def test_each_subsection_has_its_own_catalogued_rule(rule, section):
    assert RULES[rule].section == section


@pytest.mark.parametrize(
    "question, facts, outcomes",
    [
        (
            "dangerous-dog-notice",
            {
                "method": "mail",
                "served_address": "7120 Viking Blvd NW",
                "incident_places": ["Viking Blvd NW"],
                "incident_facts": ["Bit a jogger."],
            },
            [
                ("dangerous_dog.notice_service", "served"),
                # issue 26 item 1.7: no date or time given, none claimed; nor any other content
                ("dangerous_dog.notice_incidents", "not_stated"),
                ("dangerous_dog.notice_contents", "undated"),
            ],
        ),
        (
            "dangerous-dog-release-on-demand",
            {"demanded": True, "ordered_into_custody": False, "released": False},
            [("dangerous_dog.release_on_demand", "misdemeanor")],
        ),
        (
            "dangerous-dog-revocation",
            {"heard": False, "revoked": True, "alleged_reasons": "Gate unlocked."},
            [("dangerous_dog.revocation", "no_hearing")],
        ),
    ],
)
def test_the_questions_answer_only_their_subsection(question, facts, outcomes):
    answer = evaluate(question, facts, P)
    assert [(f["rule"], f["outcome"]) for f in answer["findings"]] == outcomes


def test_the_notice_question_wants_one_fact_for_each_place():
    from dogtag.law.facts import FactsError

    with pytest.raises(FactsError, match="incident_facts: give one for each of incident_places"):
        evaluate(
            "dangerous-dog-notice",
            {"method": "mail", "incident_places": ["a", "b"], "incident_facts": ["x"]},
            P,
        )


# ------------------------------------------------ the ordinance's closed lists (issue 11, item 2)


@pytest.mark.parametrize(
    "term, given, named, outcome, sections, message",
    [
        ("cost", "care", ("care", "hearing"), "provided", ("3-2-9.A.1.f",), None),
        (
            "cost",
            "lunch",
            ("care", "hearing"),
            "not_provided",
            ("3-2-9.A.1.f",),
            "'lunch' is not a cost of 3-2-9.A.1.f.",
        ),
        (
            "review_factor",
            ["age", "luck", "charm"],
            ("age", "training"),
            "not_provided",
            ("3-2-9.A.7",),
            "Not a factor of 3-2-9.A.7: charm, luck.",
        ),
        (
            "owner_notice",
            "vacation",
            ("death", "relocation", "transfer"),
            "not_provided",
            ("3-2-9.C", "3-2-9.D"),
            "'vacation' is not a notice of 3-2-9.C or D.",
        ),
        ("condition", [], ("proper_enclosure",), "provided", ("3-2-9.E",), None),
    ],
)
def test_a_value_the_provision_does_not_name_is_refused_with_its_section(
    term, given, named, outcome, sections, message
):
    finding = provided_for(term, given, named)
    assert (finding.rule, finding.outcome, finding.sections) == (
        "dangerous_dog.provided_for",
        outcome,
        sections,
    )
    assert finding.blocks is (outcome == "not_provided")
    if message is not None:
        assert finding.message == message
