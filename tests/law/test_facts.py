"""Questions derived from typed facts: the schema, the parser and its messages come from a dataclass."""

import dataclasses
import datetime as dt
from decimal import Decimal

import pytest
from shapely.geometry.base import BaseGeometry

from dogtag.law.facts import FactsError, Question, fact, facts, fields_of
from dogtag.law.findings import Finding
from dogtag.law.questions import QUESTIONS, evaluate, question


@facts
class _Visit:
    """A made-up question's facts, one of each kind."""

    from_: dt.date = fact("The first day", name="from", example="2026-01-02")
    dogs: int = fact("Dogs seen", minimum=1)
    width: Decimal = fact("Width of the run", unit="feet")
    noises: tuple[dt.datetime, ...] = fact("When each noise was heard")
    kind: str = fact("private or commercial", choices=("private", "commercial"))
    shape: BaseGeometry | None = fact("The run", default=None)
    leashed: bool = fact("On a leash", default=False)
    note: str | None = fact("A note", default=None)

    def problems(self) -> list[str]:
        return ["dogs: more than 9 is not a visit"] if self.dogs > 9 else []


def _answer(visit: _Visit, params: object) -> list[Finding]:
    return [Finding(rule="x", outcome="seen", sections=("3-2-5",), message=f"{visit.dogs} dogs")]


VISIT = Question(name="visit", summary="A visit", rules=("x",), facts=_Visit, answer=_answer)


def test_the_schema_is_derived_from_the_facts_class():
    schema = VISIT.schema()
    assert schema["required"] == ["from", "dogs", "width", "noises", "kind"]
    assert schema["additionalProperties"] is False
    assert schema["properties"] == {
        "from": {
            "description": "The first day",
            "type": "string",
            "format": "date",
            "examples": ["2026-01-02"],
        },
        "dogs": {"description": "Dogs seen", "type": "integer", "minimum": 1},
        "width": {
            "description": "Width of the run",
            "type": ["number", "string"],
            "pattern": r"^\d+(\.\d+)?$",
            "unit": "feet",
        },
        "noises": {
            "description": "When each noise was heard",
            "type": "array",
            "items": {"type": "string", "format": "date-time"},
        },
        "kind": {
            "description": "private or commercial",
            "type": "string",
            "enum": ["private", "commercial"],
        },
        "shape": {
            "description": "The run; GeoJSON geometry, coordinates in feet (state plane)",
            "type": "object",
            "required": ["type", "coordinates"],
        },
        "leashed": {"description": "On a leash", "type": "boolean", "default": False},
        "note": {"description": "A note", "type": "string"},
    }
    # with no example of its own, the question's example is made of the fields' examples
    assert schema["examples"] == [{"from": "2026-01-02"}]


def test_the_parser_builds_the_facts_class_and_reports_every_problem_naming_the_field():
    parsed = VISIT.parse(
        {
            "from": "2026-01-02",
            "dogs": 2,
            "width": "4.5",
            "noises": ["2026-01-02T22:00:00-06:00"],
            "kind": "private",
        }
    )
    assert parsed == _Visit(
        from_=dt.date(2026, 1, 2),
        dogs=2,
        width=Decimal("4.5"),
        noises=(dt.datetime(2026, 1, 2, 22, tzinfo=dt.timezone(dt.timedelta(hours=-6))),),
        kind="private",
    )
    assert parsed.leashed is False and parsed.shape is None
    with pytest.raises(FactsError) as error:
        VISIT.parse(
            {
                "dogs": 0,
                "width": "wide",
                "noises": ["soon"],
                "kind": "public",
                "shape": {"type": "Point"},
                "leashed": "yes",
                "colour": "red",
            }
        )
    assert error.value.question == "visit"
    assert error.value.problems == [
        "colour: not a fact of this question",
        "from: missing (The first day)",
        "dogs: 0 is less than 1",
        "width: 'wide' is not a number",
        "noises[0]: 'soon' is not a date and time (YYYY-MM-DDTHH:MM:SS)",
        "kind: 'public' is not one of private, commercial",
        "shape: not a GeoJSON geometry (type and coordinates)",
        "leashed: 'yes' is not true or false",
    ]


def test_a_required_fact_missing_is_named_with_its_description():
    with pytest.raises(FactsError) as error:
        VISIT.parse({"from": "2026-01-02", "dogs": 1, "width": 3, "noises": []})
    assert error.value.problems == ["kind: missing (private or commercial)"]


def test_the_facts_class_reports_what_is_wrong_between_its_facts():
    raw = {"from": "2026-01-02", "dogs": 10, "width": 3, "noises": [], "kind": "private"}
    with pytest.raises(FactsError) as error:
        VISIT.evaluate(raw, None)  # type: ignore[arg-type]
    assert error.value.problems == ["dogs: more than 9 is not a visit"]


def test_a_fact_needs_its_metadata_and_a_json_type():
    @dataclasses.dataclass(frozen=True)
    class Bare:
        on: dt.date

    with pytest.raises(TypeError, match=r"Bare.on: declare each fact with fact\(...\)"):
        fields_of(Bare)

    @facts
    class Odd:
        on: dict[str, str] = fact("A mapping")

    with pytest.raises(TypeError, match="Odd.on: no JSON type"):
        fields_of(Odd)


@pytest.mark.parametrize("name", sorted(QUESTIONS))
def test_every_question_takes_one_facts_class_whose_facts_are_described(name):
    asked = question(name)
    assert dataclasses.is_dataclass(asked.facts)
    assert asked.facts.__dataclass_params__.frozen
    for f in asked.fields:
        assert f.description.strip(), (name, f.name)
    # the example parses into the facts class
    assert isinstance(asked.parse(dict(asked.example)), asked.facts)


# ----------------------------------------------------------------------------- defaults fixed

ON = "2026-11-29"
OUTSIDE = {
    "on": ON,
    "in_proper_enclosure": False,
    "leash_length_feet": "6",
    "handler_age_years": 40,
}


@pytest.mark.parametrize(
    "left_out, problems",
    [
        (
            "under_physical_restraint",
            [
                "under_physical_restraint: missing (the dog is outside its Proper Enclosure, 3-2-9.E.2)"
            ],
        ),
        ("muzzled", ["muzzled: missing (the dog is outside its Proper Enclosure, 3-2-9.E.2)"]),
    ],
)
def test_restraint_outside_the_enclosure_needs_the_muzzle_and_the_restraint_stated(
    nowthen, left_out, problems
):
    # 3-2-9.E.2: a missing fact no longer decides the violation by default
    raw = {**OUTSIDE, "muzzled": True, "under_physical_restraint": True}
    del raw[left_out]
    with pytest.raises(FactsError) as error:
        evaluate("dangerous-dog-restraint", raw, nowthen)
    assert error.value.problems == problems


def test_restraint_stated_false_is_still_a_violation_and_in_the_enclosure_needs_neither(nowthen):
    raw = {**OUTSIDE, "muzzled": True, "under_physical_restraint": False}
    (finding,) = evaluate("dangerous-dog-restraint", raw, nowthen)["findings"]
    assert finding["outcome"] == "violation"
    inside = {"on": ON, "in_proper_enclosure": True}
    (finding,) = evaluate("dangerous-dog-restraint", inside, nowthen)["findings"]
    assert finding["outcome"] == "in_enclosure"


EVIDENCE = {
    "proper_enclosure": True,
    "signs_front_and_rear_of_all_buildings": True,
    "sign_on_enclosure": True,
    "insurance_prepaid": True,
    "license_current": True,
    "vaccinations_current": True,
    "sterilized": True,
}


@pytest.mark.parametrize(
    "name, days",
    [
        ("dangerous-dog-registration", {"deemed_on": "2026-11-02", "on": ON}),
        (
            "dangerous-dog-release",
            {"impounded_on": "2026-11-20", "deemed_on": "2026-10-01", "on": ON},
        ),
    ],
)
def test_registration_evidence_left_out_is_refused_not_taken_as_false(nowthen, name, days):
    # 3-2-9.B.3.f: a missing license_current used to refuse the certificate silently
    raw = {**days, **EVIDENCE}
    del raw["license_current"]
    with pytest.raises(FactsError) as error:
        evaluate(name, raw, nowthen)
    assert error.value.problems == [
        "license_current: missing (The dog's license is current (B.3.f))"
    ]
    schema = question(name).schema()
    assert set(EVIDENCE) <= set(schema["required"])


def test_sterilization_seizure_needs_sterilized_stated(nowthen):
    with pytest.raises(FactsError) as error:
        evaluate(
            "dangerous-dog-sterilization-seizure", {"deemed_on": "2026-10-01", "on": ON}, nowthen
        )
    assert error.value.problems == ["sterilized: missing (The dog is sterilized)"]


def test_review_reports_only_whether_a_review_may_be_asked(nowthen):
    # 3-2-9.A.7; relaxing the conditions (E.7) is its own question and no longer blocks a review
    result = evaluate("dangerous-dog-review", {"declared_on": "2025-06-01", "on": ON}, nowthen)
    rules = {f["rule"] for f in result["findings"]}
    assert "dangerous_dog.relax_conditions" not in rules
    assert "dangerous_dog.review_eligibility" in rules
    relax = evaluate(
        "dangerous-dog-relax-conditions", {"declared_on": "2025-06-01", "on": ON}, nowthen
    )
    assert [f["rule"] for f in relax["findings"]] == ["dangerous_dog.relax_conditions"]
    assert relax["findings"][0]["blocks"] is True


@pytest.mark.parametrize(
    "name, fact_name, default",
    [
        ("animal-in-vehicle", "entered_by_animal_control", True),
        ("at-large", "on_leash_held_by_responsible_person", False),
        ("duplicate-tag", "license_active", True),
        ("dangerous-dog-release", "balance", "0.00"),
    ],
)
def test_a_default_the_law_turns_on_is_stated_in_the_schema(name, fact_name, default):
    assert question(name).schema()["properties"][fact_name]["default"] == default


@facts
class _Seen:
    """A list of facts from a closed set: each item is one of the choices."""

    colors: tuple[str, ...] = fact("Colors seen", choices=("black", "tan"), default=())


SEEN = Question(name="seen", summary="Colors", rules=("x",), facts=_Seen, answer=_answer)


def test_a_list_of_choices_names_them_for_each_item_and_refuses_another():
    assert SEEN.schema()["properties"]["colors"] == {
        "description": "Colors seen",
        "type": "array",
        "items": {"type": "string", "enum": ["black", "tan"]},
        "default": [],
    }
    assert SEEN.parse({"colors": ["tan", "black"]}) == _Seen(colors=("tan", "black"))
    with pytest.raises(FactsError) as refused:
        SEEN.parse({"colors": ["tan", "green"]})
    assert refused.value.problems == ["colors[1]: 'green' is not one of black, tan"]


# ------------------------------------------- issue 26 item 1.7: a time, and a list with gaps


@facts
class _Incidents:
    """Each incident's date and time, either of which a notice may leave unstated (null)."""

    dates: tuple[dt.date | None, ...] = fact("The date of each incident", default=())
    times: tuple[dt.time | None, ...] = fact("The time of each incident", default=())


INCIDENTS = Question(
    name="incidents", summary="Incidents", rules=("x",), facts=_Incidents, answer=_answer
)


def test_a_time_and_a_list_whose_items_may_be_null():
    # given a list of dates and of times, the second of each left out (null)
    parsed = INCIDENTS.parse({"dates": ["2026-10-20", None], "times": ["17:45", None]})
    # then each null is kept in its place, never dropped nor filled in
    assert parsed == _Incidents(dates=(dt.date(2026, 10, 20), None), times=(dt.time(17, 45), None))
    # and the schema says an item may be null, and what a time is
    properties = INCIDENTS.schema()["properties"]
    assert properties["dates"]["items"] == {"type": ["string", "null"], "format": "date"}
    assert properties["times"]["items"] == {"type": ["string", "null"], "format": "time"}
    with pytest.raises(FactsError) as error:
        INCIDENTS.parse({"dates": [None, "soon"], "times": ["5 pm"]})
    assert error.value.problems == [
        "dates[1]: 'soon' is not a date (YYYY-MM-DD)",
        "times[0]: '5 pm' is not a time (HH:MM)",
    ]


def test_a_list_whose_items_are_not_optional_refuses_null():
    with pytest.raises(FactsError) as error:
        VISIT.parse(
            {"from": "2026-01-02", "dogs": 2, "width": "4", "noises": [None], "kind": "private"}
        )
    assert error.value.problems == ["noises[0]: None is not a date and time (YYYY-MM-DDTHH:MM:SS)"]
