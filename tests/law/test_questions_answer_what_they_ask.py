"""Each question returns only the findings it is about (issue 11 item 6): every finding its example
gives comes from a rule the question lists, and ``dangerous-dog-review`` answers A.7 alone."""

import pytest

from dogtag.law.params import default
from dogtag.law.questions import QUESTIONS, evaluate
from tests.law_of import evaluated

P = default()


@pytest.mark.parametrize("name", sorted(QUESTIONS))
def test_a_question_returns_only_findings_of_the_rules_it_lists(name):
    question = QUESTIONS[name]
    found = evaluated(name, question.examples)["findings"]
    assert found, name
    assert sorted({f["rule"] for f in found} - set(question.rules)) == []


@pytest.mark.parametrize(
    "facts",
    [
        {"declared_on": "2025-06-01", "on": "2026-11-29"},
        {"declared_on": "2026-06-01", "on": "2026-11-29"},
        {"declared_on": "2024-06-01", "on": "2026-11-29", "last_review_requested_on": "2026-01-10"},
    ],
)
def test_the_review_question_answers_only_a_7(facts):
    found = evaluate("dangerous-dog-review", facts, P)["findings"]
    assert [f["rule"] for f in found] == [
        "dangerous_dog.review_eligibility",
        "incorporation.controlling_provision",
    ]
    assert all("3-2-9.A.7" in f["sections"] for f in found)
    # nothing on relaxing the conditions (E.7), which is its own question
    assert not any("3-2-9.E.7" in f["sections"] for f in found)
    assert not any(f["blocks"] and f["rule"] != "dangerous_dog.review_eligibility" for f in found)
