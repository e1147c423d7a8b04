"""The Finding type and the questions of `dogtag evaluate`."""

import datetime as dt
import json
import re
from decimal import Decimal

import pytest

from dogtag.law.findings import Finding, blocking, to_jsonable
from dogtag.law.questions import QUESTIONS, FactsError, UnknownQuestion, evaluate, question
from tests.law_of import evaluated


def test_a_finding_must_cite_a_section_and_say_something():
    with pytest.raises(ValueError, match="cites no section"):
        Finding(rule="x", outcome="ok", sections=(), message="m")
    with pytest.raises(ValueError, match="has no message"):
        Finding(rule="x", outcome="ok", sections=("3-2-2.A",), message="  ")


def test_blocking_picks_the_findings_that_forbid():
    allowed = Finding(rule="a", outcome="ok", sections=("3-2-2.A",), message="fine")
    refused = Finding(rule="b", outcome="refused", sections=("3-2-2.G",), message="no", blocks=True)
    assert blocking([allowed, refused]) == [refused]


def test_to_jsonable_keeps_money_exact():
    assert to_jsonable({"fee": Decimal("3.00"), "on": dt.date(2026, 1, 2), "t": (1, 2)}) == {
        "fee": "3.00",
        "on": "2026-01-02",
        "t": [1, 2],
    }
    with pytest.raises(TypeError):
        to_jsonable(object())


@pytest.mark.parametrize("name", sorted(QUESTIONS))
def test_every_question_documents_its_facts_and_answers_its_example(name):
    asked = question(name)
    schema = asked.schema()
    assert schema["type"] == "object" and schema["additionalProperties"] is False
    assert set(schema["required"]) <= set(schema["properties"])
    # asked of a city whose law has it (Nowthen, else Lino Lakes)
    result = evaluated(name, dict(asked.example))
    # the whole answer survives a JSON round trip
    assert json.loads(json.dumps(result)) == result
    assert result["findings"]
    for finding in result["findings"]:
        assert finding["sections"] and finding["message"]
        for p in finding["parameters"] + finding["readings"]:
            assert p["effective"] and p["source"]["instrument"]


@pytest.mark.parametrize(
    "name, facts, problems",
    [
        (
            "license-required",
            {"born": "2026-06-31", "on": "2026-11-29"},
            ["born: '2026-06-31' is not a date (YYYY-MM-DD)"],
        ),
        ("license-required", {"born": "2026-06-01"}, ["on: missing (The day asked about)"]),
        ("license-required", {"born": "2026-12-01", "on": "2026-11-29"}, ["born: is after on"]),
        (
            "license-required",
            {"born": "2026-06-01", "on": "2026-11-29", "breed": "lab"},
            ["breed: not a fact of this question"],
        ),
        ("license-required", ["2026-06-01"], ["the facts must be a JSON object"]),
        ("deadline", {"from": "2026-01-05"}, ["give either rule (a deadline rule) or days"]),
        ("deadline", {"from": "2026-01-05", "days": 0}, ["days: 0 is less than 1"]),
        ("deadline", {"from": "2026-01-05", "days": "14"}, ["days: '14' is not a whole number"]),
        (
            "deadline",
            {"from": "2026-01-05", "rule": "nope"},
            [
                "rule: 'nope' is not one of "
                + ", ".join(sorted(question("deadline").fields[1].choices))
            ],
        ),
        (
            "controlling-provision",
            {"topic": "barking.maximum_gap_seconds", "on": "2026-01-01"},
            None,
        ),
    ],
)
def test_bad_facts_are_refused_naming_each_field(nowthen, name, facts, problems):
    with pytest.raises(FactsError) as error:
        evaluate(name, facts, nowthen)
    if problems is not None:
        assert error.value.problems == problems
    else:
        assert error.value.problems[0].startswith(
            "topic: 'barking.maximum_gap_seconds' is not one of"
        )


def test_unknown_question():
    with pytest.raises(
        UnknownQuestion,
        match=re.escape("no question named 'fee'; questions: " + ", ".join(sorted(QUESTIONS))),
    ):
        question("fee")


def test_deadline_question_answer(nowthen):
    result = evaluate(
        "deadline",
        {
            "from": "2025-12-11",
            "rule": "dangerous_dog.hearing_request",
            "event": "Notice of Dangerous Dog served",
        },
        nowthen,
    )
    (finding,) = result["findings"]
    assert finding["deadline"]["due"] == "2025-12-26"
    assert finding["deadline"]["skipped"][0]["date"] == "2025-12-25"
    assert finding["sections"] == ["3-2-9.A.1.c", "Minn. Stat. 645.15"]
    assert finding["parameters"][0]["key"] == "nowthen.dangerous_dog.hearing_request_days"
    assert finding["parameters"][0]["source"]["citation"] == (
        "Nowthen City Code (Ord. #15), § 3-2-9.A.1.c, adopted 2011-07-12"
    )


@pytest.mark.parametrize(
    "field_type, raw, value, problem",
    [
        ("decimal", 2.5, Decimal("2.5"), None),
        ("decimal", "2.51", Decimal("2.51"), None),
        ("decimal", "two", None, "x: 'two' is not a number"),
        ("decimal", -1, None, "x: -1 must be a number of zero or more"),
        (
            "date_list",
            ["2026-01-02", "2026-02-03"],
            [dt.date(2026, 1, 2), dt.date(2026, 2, 3)],
            None,
        ),
        ("date_list", ["2026-01-02", "soon"], None, "x[1]: 'soon' is not a date (YYYY-MM-DD)"),
        ("date_list", "2026-01-02", None, "x: '2026-01-02' is not a list"),
        ("decimal_list", [36, "48"], [Decimal("36"), Decimal("48")], None),
        ("geometry", {"type": "Point", "coordinates": [10, 20]}, "POINT (10 20)", None),
        ("geometry", {"type": "Point"}, None, "x: not a GeoJSON geometry (type and coordinates)"),
        (
            "geometry",
            {"type": "Polygon", "coordinates": [[[0, 0], [10, 10], [10, 0], [0, 10], [0, 0]]]},
            None,
            "x: the geometry is empty or invalid",
        ),
    ],
)
def test_fact_types(field_type, raw, value, problem):
    from dogtag.law.questions import Field

    parsed, error = Field("x", field_type, "a fact").parse(raw)
    assert error == problem
    if problem is None:
        assert (parsed.wkt if field_type == "geometry" else parsed) == value
