"""The questions the rules core answers: the public face of Dogtag's law.

A question takes facts as JSON and returns findings as JSON. Its facts are described once, as fields,
from which come both the validation (every problem reported, naming the field) and the JSON Schema
printed by ``dogtag evaluate QUESTION --schema``. The staff screens, the API and other cities ask the
same questions.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

import shapely.errors
import shapely.geometry

from dogtag.law import clocks, incorporation, licensing
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.licensing import LicenseApplication, RabiesCertificate
from dogtag.law.params import ParameterSet


class FactsError(ValueError):
    """The facts given do not fit the question; ``problems`` lists each, naming the field."""

    def __init__(self, question: str, problems: list[str]) -> None:
        self.question, self.problems = question, problems
        super().__init__(f"facts for {question!r}: " + "; ".join(problems))


@dataclass(frozen=True)
class Field:
    name: str
    type: str  # date, integer, decimal, string, boolean, date_list, decimal_list, geometry(_list)
    description: str
    required: bool = True
    choices: tuple[str, ...] = ()
    minimum: int | None = None

    def schema(self) -> dict[str, JSONValue]:
        out: dict[str, JSONValue] = {"description": self.description}
        item: dict[str, dict[str, JSONValue]] = {
            "date": {"type": "string", "format": "date"},
            "decimal": {"type": ["number", "string"], "pattern": r"^\d+(\.\d+)?$"},
            "geometry": {
                "type": "object",
                "required": ["type", "coordinates"],
                "description": "GeoJSON geometry, coordinates in feet (state plane)",
            },
        }
        if self.type in item:
            out.update(item[self.type])
        elif self.type.endswith("_list"):
            out.update(type="array", items=item[self.type.removesuffix("_list")])
        else:
            out["type"] = self.type
        if self.choices:
            out["enum"] = list(self.choices)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        return out

    def parse(self, raw: Any) -> tuple[Any, str | None]:
        if self.type.endswith("_list"):
            if not isinstance(raw, list):
                return None, f"{self.name}: {raw!r} is not a list"
            single = Field(
                self.name, self.type.removesuffix("_list"), self.description, minimum=self.minimum
            )
            values = []
            for index, element in enumerate(raw):
                value, problem = single.parse(element)
                if problem:
                    return None, problem.replace(self.name, f"{self.name}[{index}]", 1)
                values.append(value)
            return values, None
        if self.type == "decimal":
            if isinstance(raw, bool) or not isinstance(raw, int | float | str):
                return None, f"{self.name}: {raw!r} is not a number"
            try:
                number = Decimal(str(raw).strip())
            except InvalidOperation:
                return None, f"{self.name}: {raw!r} is not a number"
            if not number.is_finite() or number < 0:
                return None, f"{self.name}: {raw!r} must be a number of zero or more"
            return number, None
        if self.type == "geometry":
            if not isinstance(raw, Mapping) or "type" not in raw or "coordinates" not in raw:
                return None, f"{self.name}: not a GeoJSON geometry (type and coordinates)"
            try:
                geometry = shapely.geometry.shape(raw)
            except (
                ValueError,
                TypeError,
                AttributeError,
                IndexError,
                shapely.errors.ShapelyError,
            ) as exc:
                return None, f"{self.name}: not a valid GeoJSON geometry ({exc})"
            if geometry.is_empty or not geometry.is_valid:
                return None, f"{self.name}: the geometry is empty or invalid"
            return geometry, None
        if self.type == "date":
            if isinstance(raw, str):
                try:
                    return dt.date.fromisoformat(raw), None
                except ValueError:
                    pass
            return None, f"{self.name}: {raw!r} is not a date (YYYY-MM-DD)"
        if self.type == "boolean":
            if not isinstance(raw, bool):
                return None, f"{self.name}: {raw!r} is not true or false"
            return raw, None
        if self.type == "integer":
            if isinstance(raw, bool) or not isinstance(raw, int):
                return None, f"{self.name}: {raw!r} is not a whole number"
            if self.minimum is not None and raw < self.minimum:
                return None, f"{self.name}: {raw} is less than {self.minimum}"
            return raw, None
        if not isinstance(raw, str) or not raw.strip():
            return None, f"{self.name}: {raw!r} is not a text"
        if self.choices and raw not in self.choices:
            return None, f"{self.name}: {raw!r} is not one of {', '.join(self.choices)}"
        return raw.strip(), None


@dataclass(frozen=True)
class Question:
    name: str
    summary: str
    rules: tuple[str, ...]
    fields: tuple[Field, ...]
    answer: Callable[[Mapping[str, Any], ParameterSet], list[Finding]]
    example: Mapping[str, JSONValue] = field(default_factory=dict)

    def schema(self) -> dict[str, JSONValue]:
        return {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": f"Facts for the question {self.name!r}",
            "description": self.summary,
            "type": "object",
            "properties": {f.name: f.schema() for f in self.fields},
            "required": [f.name for f in self.fields if f.required],
            "additionalProperties": False,
            "examples": [dict(self.example)],
        }

    def parse(self, raw: Any) -> dict[str, Any]:
        if not isinstance(raw, Mapping):
            raise FactsError(self.name, ["the facts must be a JSON object"])
        problems: list[str] = []
        known = {f.name for f in self.fields}
        problems += [f"{name}: not a fact of this question" for name in raw if name not in known]
        facts: dict[str, Any] = {}
        for f in self.fields:
            if f.name not in raw or raw[f.name] is None:
                if f.required:
                    problems.append(f"{f.name}: missing ({f.description})")
                continue
            value, problem = f.parse(raw[f.name])
            if problem:
                problems.append(problem)
            else:
                facts[f.name] = value
        if problems:
            raise FactsError(self.name, problems)
        return facts

    def evaluate(self, raw: Any, params: ParameterSet) -> list[Finding]:
        return self.answer(self.parse(raw), params)


def _deadline(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    if "rule" not in facts and "days" not in facts:
        raise FactsError("deadline", ["give either rule (a deadline rule) or days"])
    return [
        clocks.deadline(
            params,
            facts["from"],
            clock_id=facts.get("rule"),
            days=facts.get("days"),
            trigger_event=facts.get("event"),
        )
    ]


def _license_required(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    if facts["born"] > facts["on"]:
        raise FactsError("license-required", ["born: is after on"])
    return [licensing.license_required(facts["born"], facts["on"], params)]


def _application(facts: Mapping[str, Any]) -> LicenseApplication:
    rabies = None
    if "rabies_vaccinated_on" in facts or "rabies_expires_on" in facts:
        if "rabies_vaccinated_on" not in facts or "rabies_expires_on" not in facts:
            raise FactsError(
                "license-issue",
                ["rabies_vaccinated_on and rabies_expires_on go together (3-2-2.G certificate)"],
            )
        rabies = RabiesCertificate(
            vaccinated_on=facts["rabies_vaccinated_on"],
            expires_on=facts["rabies_expires_on"],
            veterinarian=facts.get("rabies_veterinarian", ""),
            clinic=facts.get("rabies_clinic", ""),
            certificate_number=facts.get("rabies_certificate_number", ""),
        )
    simple = {
        name: facts[name]
        for name in (
            "on",
            "kind",
            "owner_name",
            "owner_address",
            "owner_phone",
            "dog_name",
            "breed",
            "color",
            "sex",
            "born",
            "age_years",
            "previous_license_expires",
            "resident_since",
            "licensed_elsewhere",
            "ownership_changed_on",
        )
        if name in facts
    }
    return LicenseApplication(rabies=rabies, **simple)


def _license_issue(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    return licensing.may_issue(_application(facts), params)


def _duplicate_tag(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    return [
        licensing.duplicate_tag(
            facts["reason"],
            facts["license_expires_on"],
            facts["on"],
            params,
            license_active=facts.get("license_active", True),
        )
    ]


def _controlling(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    topics = incorporation.comparable_topics(params)
    if facts["topic"] not in topics:
        raise FactsError(
            "controlling-provision",
            [f"topic: {facts['topic']!r} is not one of {', '.join(topics)}"],
        )
    return [incorporation.controlling_provision(facts["topic"], facts["on"], params)]


APPLICATION_FIELDS = (
    Field("on", "date", "The day of the application"),
    Field(
        "kind",
        "string",
        "new (a resident's dog), renewal, new_resident or change_of_ownership",
        choices=licensing.LICENSE_KINDS,
    ),
    Field("owner_name", "string", "Owner's name (3-2-2.A)", required=False),
    Field("owner_address", "string", "Owner's address (3-2-2.A)", required=False),
    Field("owner_phone", "string", "Owner's phone number (3-2-2.A)", required=False),
    Field("dog_name", "string", "Dog's name (3-2-2.A)", required=False),
    Field("breed", "string", "Dog's breed (3-2-2.A)", required=False),
    Field("color", "string", "Dog's color (3-2-2.A)", required=False),
    Field("sex", "string", "Dog's sex (3-2-2.A)", required=False),
    Field("born", "date", "Dog's date of birth (3-2-2.A age, 3-2-2.D)", required=False),
    Field(
        "age_years",
        "integer",
        "Dog's age in years, when the birth date is unknown",
        required=False,
        minimum=0,
    ),
    Field(
        "rabies_vaccinated_on", "date", "Date of the rabies vaccination (3-2-2.G)", required=False
    ),
    Field(
        "rabies_expires_on", "date", "Expiry of the rabies vaccination (3-2-2.B, G)", required=False
    ),
    Field(
        "rabies_veterinarian",
        "string",
        "Licensed veterinarian on the certificate (3-2-2.G)",
        required=False,
    ),
    Field("rabies_clinic", "string", "Clinic on the certificate", required=False),
    Field("rabies_certificate_number", "string", "Certificate number", required=False),
    Field(
        "previous_license_expires",
        "date",
        "Renewal: the previous license's expiry (3-2-2.B)",
        required=False,
    ),
    Field(
        "resident_since",
        "date",
        "New resident: the day the owner became a resident (3-2-2.E)",
        required=False,
    ),
    Field(
        "licensed_elsewhere",
        "boolean",
        "New resident: holds a license from another municipality (3-2-2.E)",
        required=False,
    ),
    Field(
        "ownership_changed_on",
        "date",
        "New owner: the day of the change of ownership (3-2-2.F)",
        required=False,
    ),
)

QUESTIONS: dict[str, Question] = {
    q.name: q
    for q in (
        Question(
            name="deadline",
            summary=(
                "When is something due? Counts days per Minn. Stat. 645.15 from a triggering "
                "event, for one of the ordinance's deadline rules or for a plain number of days."
            ),
            rules=("computation_of_time", *clocks.CLOCKS),
            fields=(
                Field("from", "date", "The day of the triggering event (not itself counted)"),
                Field(
                    "rule",
                    "string",
                    "A deadline rule, whose section fixes the number of days",
                    required=False,
                    choices=tuple(sorted(clocks.CLOCKS)),
                ),
                Field(
                    "days",
                    "integer",
                    "The number of days, when no rule is given",
                    required=False,
                    minimum=1,
                ),
                Field("event", "string", "What happened on the trigger day", required=False),
            ),
            answer=_deadline,
            example={"from": "2025-12-11", "rule": "dangerous_dog.hearing_request"},
        ),
        Question(
            name="license-required",
            summary="Does this dog need a license on this day, and if not yet, from when? (3-2-2.A, D)",
            rules=("license.required",),
            fields=(
                Field("born", "date", "The dog's date of birth"),
                Field("on", "date", "The day asked about"),
            ),
            answer=_license_required,
            example={"born": "2026-06-15", "on": "2026-11-29"},
        ),
        Question(
            name="controlling-provision",
            summary=(
                "Where the city code and state law both set a value, which controls? (3-2-8: the "
                "more restrictive)"
            ),
            rules=("incorporation.controlling_provision",),
            fields=(
                Field(
                    "topic",
                    "string",
                    "The requirement, as a parameter key without its jurisdiction, e.g. "
                    "dangerous_dog.insurance.per_person",
                ),
                Field("on", "date", "The day asked about"),
            ),
            answer=_controlling,
            example={"topic": "dangerous_dog.insurance.per_person", "on": "2026-11-29"},
        ),
        Question(
            name="license-issue",
            summary=(
                "May a license issue, and on what terms? Contents (3-2-2.A), age (D), rabies (G), "
                "term and fee (B), penalty (B, E, F) and the amount due."
            ),
            rules=(
                "license.application_contents",
                "license.required",
                "license.rabies_current",
                "license.term",
                "license.penalty",
                "license.amount_due",
            ),
            fields=APPLICATION_FIELDS,
            answer=_license_issue,
            example={
                "on": "2026-11-29",
                "kind": "renewal",
                "owner_name": "Pat Gustafson",
                "owner_address": "7120 Viking Blvd NW",
                "owner_phone": "763-555-0142",
                "dog_name": "Biscuit",
                "breed": "Labrador retriever",
                "color": "Yellow",
                "sex": "female",
                "born": "2019-05-20",
                "rabies_vaccinated_on": "2026-10-01",
                "rabies_expires_on": "2029-10-01",
                "rabies_veterinarian": "Dr. Ana Lindqvist",
                "previous_license_expires": "2026-10-01",
            },
        ),
        Question(
            name="duplicate-tag",
            summary="May a duplicate tag issue for a lost or stolen tag, and at what fee? (3-2-2.C)",
            rules=("tag.duplicate",),
            fields=(
                Field(
                    "reason",
                    "string",
                    "Why the tag is replaced",
                    choices=(*licensing.DUPLICATE_REASONS, "other"),
                ),
                Field("license_expires_on", "date", "The license's expiry"),
                Field("on", "date", "The day asked about"),
                Field(
                    "license_active", "boolean", "False if the license was ended", required=False
                ),
            ),
            answer=_duplicate_tag,
            example={"reason": "lost", "license_expires_on": "2027-10-01", "on": "2026-11-29"},
        ),
        Question(
            name="refund",
            summary="May a license fee be refunded? (3-2-3.A: not when the owner leaves or the dog dies)",
            rules=("license.no_refund",),
            fields=(
                Field(
                    "reason", "string", "Why a refund is asked", choices=licensing.REFUND_REASONS
                ),
            ),
            answer=lambda facts, params: [licensing.refund(facts["reason"])],
            example={"reason": "dog_died"},
        ),
        Question(
            name="tag-transfer",
            summary="May a tag move to another dog? (3-2-3.A, B)",
            rules=("tag.not_transferable",),
            fields=(
                Field("tag", "string", "The tag's serial number"),
                Field("licensed_dog", "string", "The dog the tag was issued for"),
                Field("other_dog", "string", "The dog it would go on"),
            ),
            answer=lambda facts, params: [
                licensing.tag_transfer(facts["tag"], facts["licensed_dog"], facts["other_dog"])
            ],
            example={"tag": "2026-00042", "licensed_dog": "Biscuit", "other_dog": "Rex"},
        ),
        Question(
            name="tag-violation",
            summary="Is this use of a tag unlawful? (3-2-3.B)",
            rules=("tag.violation",),
            fields=(
                Field(
                    "kind",
                    "string",
                    "What was done with the tag",
                    choices=tuple(licensing.TAG_VIOLATIONS),
                ),
            ),
            answer=lambda facts, params: [licensing.tag_violation(facts["kind"])],
            example={"kind": "placed_on_other_animal"},
        ),
    )
}


class UnknownQuestion(LookupError):
    def __init__(self, name: str) -> None:
        super().__init__(f"no question named {name!r}; questions: {', '.join(sorted(QUESTIONS))}")


def question(name: str) -> Question:
    try:
        return QUESTIONS[name]
    except KeyError:
        raise UnknownQuestion(name) from None


def evaluate(name: str, raw_facts: Any, params: ParameterSet) -> dict[str, JSONValue]:
    """Answer a question: the JSON document ``dogtag evaluate`` prints."""
    asked = question(name)
    findings = asked.evaluate(raw_facts, params)
    return {
        "question": name,
        "jurisdiction": params.city.id,
        "facts": raw_facts,
        "findings": [f.to_json() for f in findings],
    }
