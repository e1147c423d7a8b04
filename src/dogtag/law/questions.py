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

from dogtag.law import (
    clocks,
    dangerous_dogs,
    enclosures,
    incorporation,
    kennel_conditions,
    kennels,
    licensing,
    nuisance,
    vehicles,
)
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
    type: str  # date, integer, decimal, string, boolean, geometry, and lists of them (date_list)
    description: str
    required: bool = True
    choices: tuple[str, ...] = ()
    minimum: int | None = None

    def schema(self) -> dict[str, JSONValue]:
        out: dict[str, JSONValue] = {"description": self.description}
        item: dict[str, dict[str, JSONValue]] = {
            "date": {"type": "string", "format": "date"},
            "datetime": {"type": "string", "format": "date-time"},
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
            base = self.type.removesuffix("_list")
            out.update(type="array", items=item.get(base, {"type": base}))
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
        if self.type == "datetime":
            if isinstance(raw, str):
                try:
                    return dt.datetime.fromisoformat(raw), None
                except ValueError:
                    pass
            return None, f"{self.name}: {raw!r} is not a date and time (YYYY-MM-DDTHH:MM:SS)"
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


def _shelter(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    return [
        enclosures.shelter_size(
            facts["lengths_inches"],
            facts["on"],
            params,
            provided_square_feet=facts.get("provided_square_feet"),
        ),
        enclosures.shade_required(facts["on"], params),
    ]


def _enclosure_applicability(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    try:
        return [
            enclosures.applicability(
                facts.get("constructed_on"),
                facts["on"],
                params,
                complaint_on=facts.get("complaint_on"),
                notice_issued_on=facts.get("notice_issued_on"),
                complied_on=facts.get("complied_on"),
            )
        ]
    except ValueError as exc:
        raise FactsError("enclosure-applicability", [str(exc)]) from None


def _barking(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    try:
        return [nuisance.barking(facts["noises"], facts["on"], params)]
    except ValueError as exc:
        raise FactsError("barking", [str(exc)]) from None


def _at_large(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    given = {name: facts.get(name, False) for name in nuisance.AtLargeFacts.__dataclass_fields__}
    return [
        nuisance.at_large(nuisance.AtLargeFacts(**given)),
        nuisance.excrement(given["excrement_left"]),
    ]


def _damage(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    return [
        nuisance.damage(
            damaged_owner_own=facts["damaged_owner_own"],
            in_defense_of=facts.get("in_defense_of", "none"),
        )
    ]


def _nuisance_acts(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    acts = facts.get("acts", [])
    known = set(nuisance.AGGRESSION_ACTS) | set(nuisance.CHASING_ACTS)
    unknown = [a for a in acts if a not in known]
    if unknown:
        raise FactsError(
            "nuisance-acts",
            [f"acts: {', '.join(unknown)} not one of {', '.join(sorted(known))}"],
        )
    return [
        nuisance.aggression([a for a in acts if a in nuisance.AGGRESSION_ACTS]),
        nuisance.chasing(
            [a for a in acts if a in nuisance.CHASING_ACTS],
            facts.get("on_public_grounds_streets_or_highways", False),
        ),
    ]


def _animal_in_vehicle(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    return vehicles.animal_in_vehicle(vehicles.VehicleIncident(**facts))


def _dd_designation(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    try:
        exempt = dangerous_dogs.exemption(facts.get("exemptions", []))
        return [exempt, dangerous_dogs.criteria(facts.get("criteria", []), exempt)]
    except ValueError as exc:
        raise FactsError("dangerous-dog-designation", [str(exc)]) from None


def _dd_hearing(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    findings = [
        dangerous_dogs.standard_of_proof(
            facts["proceeding"], destruction_sought=facts.get("destruction_sought", False)
        )
    ]
    if facts.get("destruction_sought"):
        written = {
            key: facts.get(f"finding_{key}", "") for key in dangerous_dogs.DESTRUCTION_CRITERIA
        }
        findings.append(dangerous_dogs.destruction(written))
    return findings


def _dd_registration(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    names = dangerous_dogs.RegistrationEvidence.__dataclass_fields__
    evidence = dangerous_dogs.RegistrationEvidence(**{k: v for k, v in facts.items() if k in names})
    if facts["deemed_on"] > facts["on"]:
        raise FactsError("dangerous-dog-registration", ["deemed_on: is after on"])
    return dangerous_dogs.registration(evidence, facts["deemed_on"], facts["on"], params)


def _dd_restraint(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    names = dangerous_dogs.Restraint.__dataclass_fields__
    given = {k: v for k, v in facts.items() if k in names}
    return [dangerous_dogs.restraint(dangerous_dogs.Restraint(**given), facts["on"], params)]


def _dd_review(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    try:
        findings = dangerous_dogs.review_eligibility(
            facts["declared_on"],
            facts["on"],
            params,
            last_review_requested_on=facts.get("last_review_requested_on"),
        )
        findings.append(
            dangerous_dogs.relax_conditions(
                facts["declared_on"],
                facts["on"],
                params,
                last_violation_on=facts.get("last_violation_on"),
            )
        )
    except ValueError as exc:
        raise FactsError("dangerous-dog-review", [str(exc)]) from None
    return findings


def _dd_pending(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    return [
        dangerous_dogs.pending_hearing(
            dog_name=facts.get("dog_name", "The dog"),
            seized=facts["seized"],
            kept_at=facts.get("kept_at", ""),
            license_number=facts.get("license_number"),
            rabies_expires_on=facts.get("rabies_expires_on"),
            enclosure_or_leash_and_muzzle=facts.get("enclosure_or_leash_and_muzzle", False),
            no_unreasonable_risk=facts.get("no_unreasonable_risk", ""),
        )
    ]


def _dd_inspection(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    try:
        return [
            dangerous_dogs.inspection(
                permitted=facts["permitted"], compliant=facts.get("compliant")
            )
        ]
    except ValueError as exc:
        raise FactsError("dangerous-dog-inspection", [str(exc)]) from None


def _dd_owner_notice(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    try:
        return dangerous_dogs.owner_notice(
            facts["kind"],
            facts["occurred_on"],
            facts["received_on"],
            params,
            out_of_city=facts.get("out_of_city", False),
            transferee_told=facts.get("transferee_told"),
        )
    except ValueError as exc:
        raise FactsError("dangerous-dog-owner-notice", [str(exc)]) from None


def _dd_rental(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    try:
        return [
            dangerous_dogs.rental_disclosure(
                facts["occasion"],
                facts["disclosed_on"],
                facts["lease_date"],
                began_residing_on=facts.get("began_residing_on"),
            )
        ]
    except ValueError as exc:
        raise FactsError("dangerous-dog-rental-disclosure", [str(exc)]) from None


def _dd_sterilization_seizure(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    try:
        return dangerous_dogs.sterilization_seizure(
            facts["deemed_on"], facts["on"], params, sterilized=facts.get("sterilized", False)
        )
    except ValueError as exc:
        raise FactsError("dangerous-dog-sterilization-seizure", [str(exc)]) from None


def _dd_release(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    names = dangerous_dogs.RegistrationEvidence.__dataclass_fields__
    evidence = dangerous_dogs.RegistrationEvidence(**{k: v for k, v in facts.items() if k in names})
    problems = []
    if facts["deemed_on"] > facts["on"]:
        problems.append("deemed_on: is after on")
    if facts["impounded_on"] > facts["on"]:
        problems.append("impounded_on: is after on")
    if problems:
        raise FactsError("dangerous-dog-release", problems)
    registration = dangerous_dogs.registration(evidence, facts["deemed_on"], facts["on"], params)
    return dangerous_dogs.release(
        facts["impounded_on"],
        facts["on"],
        params,
        registration_findings=registration,
        balance=facts.get("balance") or Decimal("0.00"),
        payment_arrangement=facts.get("payment_arrangement", ""),
    )


def _dd_symbols(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    return [dangerous_dogs.warning_symbol_charge(facts["symbols"], facts["on"], params)]


def _notice_list(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    problems = []
    if facts["parcel"].geom_type not in ("Polygon", "MultiPolygon"):
        problems.append(
            f"parcel: must be a Polygon or MultiPolygon, not a {facts['parcel'].geom_type}"
        )
    for index, shape in enumerate(facts["neighbours"]):
        if shape.geom_type not in ("Polygon", "MultiPolygon"):
            problems.append(
                f"neighbours[{index}]: must be a Polygon or MultiPolygon, not a {shape.geom_type}"
            )
    pins = facts.get("neighbour_pins") or [str(i + 1) for i in range(len(facts["neighbours"]))]
    if len(pins) != len(facts["neighbours"]):
        problems.append(
            f"neighbour_pins: {len(pins)} given for {len(facts['neighbours'])} neighbours"
        )
    elif len(set(pins)) != len(pins):
        problems.append("neighbour_pins: each parcel number must appear once")
    if problems:
        raise FactsError("commercial-kennel-notice-list", problems)
    neighbours = dict(zip(pins, facts["neighbours"], strict=True))
    return [kennels.notice_list(facts["parcel"], neighbours, facts["on"], params)]


def _placement(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    problems = []
    expected = {
        "enclosure": ("Polygon", "Point"),
        "main_structure": ("Polygon",),
        "road_centerline": ("LineString",),
        "parcel": ("Polygon",),
    }
    for name, kinds in expected.items():
        if name in facts and facts[name].geom_type not in kinds:
            problems.append(
                f"{name}: must be a {' or '.join(kinds)}, not a {facts[name].geom_type}"
            )
    for name, kind in (
        ("dwellings", "Polygon"),
        ("side_lot_lines", "LineString"),
        ("rear_lot_lines", "LineString"),
    ):
        for index, shape in enumerate(facts.get(name, [])):
            if shape.geom_type != kind:
                problems.append(f"{name}[{index}]: must be a {kind}, not a {shape.geom_type}")
    given_lines = "side_lot_lines" in facts and "rear_lot_lines" in facts
    if not given_lines and "parcel" not in facts:
        problems.append("give the parcel, or both side_lot_lines and rear_lot_lines")
    if problems:
        raise FactsError("enclosure-placement", problems)
    findings: list[Finding] = []
    if given_lines:
        side, rear = facts["side_lot_lines"], facts["rear_lot_lines"]
    else:
        lot_lines = enclosures.classify_lot_lines(facts["parcel"], facts["road_centerline"])
        side, rear = list(lot_lines.side), list(lot_lines.rear)
        findings.append(enclosures.lot_lines_finding(lot_lines))
    findings += enclosures.placement(
        facts["enclosure"],
        dwellings=facts.get("dwellings", []),
        side_lot_lines=side,
        rear_lot_lines=rear,
        road_centerline=facts["road_centerline"],
        main_structure=facts["main_structure"],
        on=facts["on"],
        params=params,
    )
    return findings


def _kennel_terms(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    if ("licensed_for" in facts) != ("dogs" in facts):
        raise FactsError("private-kennel-terms", ["licensed_for and dogs go together"])
    findings = []
    if "licensed_for" in facts:
        findings.append(
            kennels.private_kennel_dogs(facts["licensed_for"], facts["dogs"], facts["on"], params)
        )
    if "change" in facts:
        findings.append(kennels.private_kennel_change(facts["change"]))
    if "licenses_held" in facts:
        findings.append(
            kennels.private_kennel_one_per_party(facts["licenses_held"], facts["on"], params)
        )
    if not findings:
        raise FactsError(
            "private-kennel-terms", ["give licensed_for and dogs, change, or licenses_held"]
        )
    return findings


def _commercial_renewal(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    try:
        return [
            kennels.commercial_kennel_renewal(
                facts["term_ends"], facts["nuisance_complaints"], facts["on"], params
            )
        ]
    except ValueError as exc:
        raise FactsError("commercial-kennel-renewal", [str(exc)]) from None


def _kennel_term(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    kind, starts = facts["license"], facts["starts_on"]
    items = (
        ("renewal",)
        if facts.get("renewal")
        else ("application", "public_hearing")
        if kind == "commercial"
        else ("application",)
    )
    return [
        kennel_conditions.license_term(kind, starts, params),
        *(kennel_conditions.kennel_fee(f"{kind}_kennel.{item}", starts, params) for item in items),
    ]


def _kennel_inspection(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    on, not_met = facts["on"], set(facts.get("not_met", []))
    conditions = kennel_conditions.commercial_conditions(on, params)
    unknown = sorted(not_met - {c.section for c in conditions})
    if unknown:
        raise FactsError(
            "kennel-inspection", [f"not_met: {s} is not a condition 3-2-5.B.3-B.8" for s in unknown]
        )
    results = [
        kennel_conditions.ConditionResult(c.section, c.requirement, c.section not in not_met)
        for c in conditions
    ]
    return kennel_conditions.inspection(
        "commercial",
        results,
        on,
        params,
        feces_well_distance_feet=facts.get("feces_well_distance_feet"),
    )


def _commercial_step(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    try:
        findings = [
            kennel_conditions.commercial_procedure(
                facts["step"],
                facts.get("completed", []),
                council_approved=facts.get("council_approved"),
            )
        ]
    except ValueError as exc:
        raise FactsError("commercial-kennel-step", [str(exc)]) from None
    if facts["step"] == "council_decision" or "council_conditions" in facts:
        findings.append(
            kennel_conditions.license_conditions(
                facts.get("council_conditions", []), facts["on"], params
            )
        )
    return findings


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

#: What an owner shows for a Certificate of Registration (3-2-9.B.3 a-g): the facts of both the
#: registration and the release (B.4) questions.
REGISTRATION_EVIDENCE_FIELDS = (
    *(
        Field(name, "boolean", text, required=False)
        for name, text in (
            ("proper_enclosure", "A Proper Enclosure is provided (B.3.a)"),
            (
                "signs_front_and_rear_of_all_buildings",
                "Warning signs on the front and rear of all buildings (B.3.b)",
            ),
            ("sign_on_enclosure", "A warning sign on the Proper Enclosure (B.3.b)"),
            ("insurance_prepaid", "The liability insurance is prepaid in full (B.3.c)"),
            ("license_current", "The dog's license is current (B.3.f)"),
            ("vaccinations_current", "All vaccinations incl. rabies are current (B.3.f)"),
            ("sterilized", "The dog is sterilized (B.3.g)"),
        )
    ),
    Field("insurance_per_person", "decimal", "Insurance per person, USD (B.3.c)", False),
    Field("insurance_per_incident", "decimal", "Insurance per incident, USD (B.3.c)", False),
    Field("fee_paid", "decimal", "Registration fee paid, USD (B.3.d)", required=False),
    Field("microchip_manufacturer", "string", "Microchip maker (B.3.e)", required=False),
    Field(
        "microchip_number",
        "string",
        "Microchip number: 15 digits (ISO), 9 digits (AVID) or 10 hex (B.3.e)",
        required=False,
    ),
)
REGISTRATION_EVIDENCE_EXAMPLE = {
    "proper_enclosure": True,
    "signs_front_and_rear_of_all_buildings": True,
    "sign_on_enclosure": True,
    "insurance_per_person": "500000",
    "insurance_per_incident": "1000000",
    "insurance_prepaid": True,
    "fee_paid": "500.00",
    "microchip_manufacturer": "HomeAgain",
    "microchip_number": "985112003456789",
    "license_current": True,
    "vaccinations_current": True,
    "sterilized": True,
}

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
            name="kennel-dogs-counted",
            summary="Which dogs count against a parcel's limit: those over six months (3-2-5)",
            rules=("kennel.dogs_counted",),
            fields=(
                Field("births", "date_list", "Each dog's date of birth"),
                Field("on", "date", "The day asked about"),
            ),
            answer=lambda facts, params: [
                kennels.dogs_counted(facts["births"], facts["on"], params)
            ],
            example={"births": ["2020-04-01", "2026-07-15"], "on": "2026-11-29"},
        ),
        Question(
            name="kennel-dog-limit",
            summary=(
                "May this many dogs over six months live on a parcel of this size, or is a private "
                "kennel license or a conditional use permit needed? (3-2-5)"
            ),
            rules=("kennel.dog_limit",),
            fields=(
                Field("acres", "decimal", "The parcel's area in acres"),
                Field(
                    "dogs_over_six_months", "integer", "Dogs over six months kept there", minimum=0
                ),
                Field("on", "date", "The day asked about"),
                Field(
                    "private_kennel_licensed_for",
                    "integer",
                    "Dogs allowed by a private kennel license held, if any",
                    required=False,
                    minimum=1,
                ),
                Field(
                    "conditional_use_permit",
                    "boolean",
                    "A conditional use permit is held",
                    required=False,
                ),
            ),
            answer=lambda facts, params: [
                kennels.dog_limit(
                    facts["acres"],
                    facts["dogs_over_six_months"],
                    facts["on"],
                    params,
                    private_kennel_licensed_for=facts.get("private_kennel_licensed_for"),
                    conditional_use_permit=facts.get("conditional_use_permit", False),
                )
            ],
            example={"acres": "2.5", "dogs_over_six_months": 4, "on": "2026-11-29"},
        ),
        Question(
            name="private-kennel-terms",
            summary=(
                "A private kennel license's set number of dogs, relocation and assignment, and "
                "one license per party (3-2-5.A.2, A.5)"
            ),
            rules=(
                "kennel.private_set_number",
                "kennel.private_not_assignable",
                "kennel.private_one_per_party",
            ),
            fields=(
                Field("on", "date", "The day asked about"),
                Field(
                    "licensed_for", "integer", "Dogs the license allows", required=False, minimum=0
                ),
                Field("dogs", "integer", "Dogs kept", required=False, minimum=0),
                Field(
                    "change",
                    "string",
                    "A change asked for",
                    required=False,
                    choices=("relocation", "assignment"),
                ),
                Field(
                    "licenses_held",
                    "integer",
                    "Private kennel licenses the party, person, dwelling or entity already holds",
                    required=False,
                    minimum=0,
                ),
            ),
            answer=_kennel_terms,
            example={"on": "2026-11-29", "licensed_for": 6, "dogs": 7},
        ),
        Question(
            name="commercial-kennel-renewal",
            summary=(
                "May a commercial kennel license renew on the same terms, given the nuisance "
                "complaints of the last 12 months? (3-2-5.B.2, reading §6.4)"
            ),
            rules=("kennel.commercial_renewal",),
            fields=(
                Field("term_ends", "date", "The day the current term ends"),
                Field(
                    "nuisance_complaints",
                    "date_list",
                    "Dates of nuisance complaints about the dogs kept there",
                ),
                Field("on", "date", "The day asked about"),
            ),
            answer=_commercial_renewal,
            example={
                "term_ends": "2027-03-31",
                "nuisance_complaints": ["2026-08-14"],
                "on": "2026-11-29",
            },
        ),
        Question(
            name="barking",
            summary=(
                "Is this barking a public nuisance: noise repeated over at least 5 minutes with a "
                "lapse of 30 seconds or less? Finds every qualifying period (3-2-7.A)"
            ),
            rules=("nuisance.barking",),
            fields=(
                Field("on", "date", "The day asked about (for the parameters in force)"),
                Field(
                    "noises",
                    "datetime_list",
                    "When each noise was heard, ISO 8601 (any order; repeats count once)",
                ),
            ),
            answer=_barking,
            example={
                "on": "2026-11-29",
                "noises": [
                    f"2026-07-04T22:{m:02d}:{s:02d}-05:00" for m in range(6) for s in (0, 30)
                ],
            },
        ),
        Question(
            name="at-large",
            summary=("Was the dog running at large, and was its excrement cleaned up? (3-2-7.D)"),
            rules=("nuisance.at_large", "nuisance.excrement"),
            fields=tuple(
                Field(name, "boolean", description, required=name == "off_owner_premises")
                for name, description in (
                    ("off_owner_premises", "Off the premises of the owner"),
                    (
                        "on_leash_held_by_responsible_person",
                        "On a leash held by a responsible person of sufficient age (D.1.a)",
                    ),
                    (
                        "under_direct_control_by_command",
                        "Accompanied by and under the direct control of a responsible person, "
                        "effectively restrained by command (D.1.b)",
                    ),
                    (
                        "lawfully_hunting_under_control",
                        "Lawfully engaged in wild game hunting, under control (D.2.a)",
                    ),
                    (
                        "obedience_training_under_control",
                        "Engaged in obedience training, under control (D.2.b)",
                    ),
                    (
                        "on_or_next_to_athletic_field_or_park",
                        "On or directly adjacent to an athletic field or park (D.3)",
                    ),
                    (
                        "ran_onto_other_property_from_owner_premises",
                        "Loose on the owner's property, ran onto adjacent property (D.3)",
                    ),
                    ("did_not_respond_to_a_person", "Did not respond to a person (D.3)"),
                    ("excrement_left", "The owner left the dog's excrement (D.3)"),
                )
            ),
            answer=_at_large,
            example={"off_owner_premises": True, "under_direct_control_by_command": True},
        ),
        Question(
            name="damage",
            summary="Was damage by the dog a public nuisance, or done in defense? (3-2-7.B)",
            rules=("nuisance.damage",),
            fields=(
                Field(
                    "damaged_owner_own",
                    "boolean",
                    "The damage was to the owner's own person or property",
                ),
                Field(
                    "in_defense_of",
                    "string",
                    "Committed in the defense of the owner, their family or their property",
                    required=False,
                    choices=nuisance.DEFENCES,
                ),
            ),
            answer=_damage,
            example={"damaged_owner_own": False, "in_defense_of": "none"},
        ),
        Question(
            name="nuisance-acts",
            summary=(
                "Snarling, biting, vicious tendencies (3-2-7.C) and chasing vehicles or "
                "interfering with persons (3-2-7.E): the finding for the record and any "
                "dangerous-dog referral"
            ),
            rules=("nuisance.aggression", "nuisance.chasing"),
            fields=(
                Field(
                    "acts",
                    "string_list",
                    "What the dog did: "
                    + ", ".join((*nuisance.AGGRESSION_ACTS, *nuisance.CHASING_ACTS)),
                ),
                Field(
                    "on_public_grounds_streets_or_highways",
                    "boolean",
                    "The chasing or interfering was on public grounds, streets or highways (E)",
                    required=False,
                ),
            ),
            answer=_nuisance_acts,
            example={
                "acts": ["bit_person", "chased_vehicle"],
                "on_public_grounds_streets_or_highways": True,
            },
        ),
        Question(
            name="animal-in-vehicle",
            summary=(
                "Was a dog or cat left in a motor vehicle in violation of 3-2-4, and was its "
                "removal done as 3-2-4 allows?"
            ),
            rules=("vehicle.animal_left",),
            fields=(
                Field("animal", "string", "dog or cat", choices=("dog", "cat")),
                Field("left_unattended", "boolean", "Left unattended"),
                Field("vehicle_standing_or_parked", "boolean", "In a standing or parked vehicle"),
                Field(
                    "health_or_safety_endangered",
                    "boolean",
                    "In a manner that endangered its health or safety",
                ),
                Field("conditions", "string", "The conditions observed", required=False),
                Field("forced_entry", "boolean", "Force was used to enter", required=False),
                Field(
                    "entered_by_animal_control",
                    "boolean",
                    "Entry by the Animal Control Authority or its representative",
                    required=False,
                ),
                Field(
                    "owner_contact_attempts",
                    "integer",
                    "Attempts made to contact the owner",
                    required=False,
                    minimum=0,
                ),
                Field("owner_reached", "boolean", "The owner was reached", required=False),
                Field("taken_to_shelter", "boolean", "Taken to an animal shelter", required=False),
            ),
            answer=_animal_in_vehicle,
            example={
                "animal": "dog",
                "left_unattended": True,
                "vehicle_standing_or_parked": True,
                "health_or_safety_endangered": True,
                "conditions": "88 F outside, windows closed, dog panting",
                "forced_entry": True,
                "owner_contact_attempts": 2,
                "taken_to_shelter": True,
            },
        ),
        Question(
            name="dangerous-dog-designation",
            summary=(
                "May this dog be designated dangerous? The exemptions of 3-2-9.A.6 first, then "
                "the criteria of Minn. Stat. 347.50 subd. 2 (3-2-9.A, 3-2-8)"
            ),
            rules=("dangerous_dog.exemption", "dangerous_dog.criteria"),
            fields=(
                Field(
                    "exemptions",
                    "string_list",
                    "Circumstances of 3-2-9.A.6 present: " + ", ".join(dangerous_dogs.EXEMPTIONS),
                    required=False,
                ),
                Field(
                    "criteria",
                    "string_list",
                    "Criteria of 347.50 subd. 2 the evidence shows: "
                    + ", ".join(dangerous_dogs.CRITERIA),
                    required=False,
                ),
            ),
            answer=_dd_designation,
            example={"criteria": ["substantial_or_great_bodily_harm"], "exemptions": []},
        ),
        Question(
            name="dangerous-dog-hearing",
            summary=(
                "Who bears the burden and by what standard, and may the Hearing Officer order "
                "destruction? (3-2-9.A.2.f, A.3, A.7)"
            ),
            rules=("dangerous_dog.standard_of_proof", "dangerous_dog.destruction"),
            fields=(
                Field(
                    "proceeding",
                    "string",
                    "designation_hearing, revocation_hearing or review",
                    choices=dangerous_dogs.PROCEEDINGS,
                ),
                Field(
                    "destruction_sought",
                    "boolean",
                    "The Authority seeks to destroy the dog",
                    required=False,
                ),
                *(
                    Field(
                        f"finding_{key}",
                        "string",
                        f"The written finding of fact that {text} ({section})",
                        required=False,
                    )
                    for key, (section, text) in dangerous_dogs.DESTRUCTION_CRITERIA.items()
                ),
            ),
            answer=_dd_hearing,
            example={"proceeding": "designation_hearing", "destruction_sought": False},
        ),
        Question(
            name="dangerous-dog-registration",
            summary=(
                "May the Certificate of Registration issue? Each requirement of 3-2-9.B.3 (a-g), "
                "with what is missing and its section"
            ),
            rules=("dangerous_dog.registration_requirements",),
            fields=(
                Field("deemed_on", "date", "The day the dog was deemed dangerous"),
                Field("on", "date", "The day asked about"),
                *REGISTRATION_EVIDENCE_FIELDS,
            ),
            answer=_dd_registration,
            example={
                "deemed_on": "2026-11-02",
                "on": "2026-11-29",
                **REGISTRATION_EVIDENCE_EXAMPLE,
                "sterilized": False,
            },
        ),
        Question(
            name="dangerous-dog-restraint",
            summary=(
                "Is a dangerous dog outside its enclosure kept as 3-2-9.E.2 requires: muzzled, "
                "leash of 6 ft or less, handler 18 or older?"
            ),
            rules=("dangerous_dog.restraint",),
            fields=(
                Field("on", "date", "The day asked about"),
                Field("in_proper_enclosure", "boolean", "The dog is in its Proper Enclosure"),
                Field("muzzled", "boolean", "Muzzled", required=False),
                Field("leash_length_feet", "decimal", "Chain or leash length, feet", False),
                Field("handler_age_years", "integer", "Handler's age", False, minimum=0),
                Field(
                    "under_physical_restraint",
                    "boolean",
                    "Under the physical restraint of the handler",
                    required=False,
                ),
            ),
            answer=_dd_restraint,
            example={
                "on": "2026-11-29",
                "in_proper_enclosure": False,
                "muzzled": True,
                "leash_length_feet": "6",
                "handler_age_years": 17,
                "under_physical_restraint": True,
            },
        ),
        Question(
            name="dangerous-dog-review",
            summary=(
                "May the owner ask for a review of the designation yet, and may the conditions be "
                "relaxed? (3-2-9.A.7, E.7, 3-2-8)"
            ),
            rules=("dangerous_dog.review_eligibility", "dangerous_dog.relax_conditions"),
            fields=(
                Field("declared_on", "date", "The day the dog was declared dangerous"),
                Field("on", "date", "The day asked about"),
                Field(
                    "last_review_requested_on",
                    "date",
                    "When the owner last asked for a review",
                    required=False,
                ),
                Field("last_violation_on", "date", "The last ordinance violation", required=False),
            ),
            answer=_dd_review,
            example={"declared_on": "2025-06-01", "on": "2026-11-29"},
        ),
        Question(
            name="dangerous-dog-pending-hearing",
            summary=(
                "Pending the hearing, has the owner shown the proof that keeps the dog from "
                "seizure? (3-2-9.A.2.b)"
            ),
            rules=("dangerous_dog.pending_hearing",),
            fields=(
                Field("seized", "boolean", "The dog was seized pending the hearing"),
                Field("dog_name", "string", "The dog's name", required=False),
                Field("kept_at", "string", "Where a seized dog is kept", required=False),
                Field("license_number", "string", "The dog license in force", required=False),
                Field("rabies_expires_on", "date", "When the rabies vaccination runs out", False),
                Field(
                    "enclosure_or_leash_and_muzzle",
                    "boolean",
                    "Kept only in a Proper Enclosure, or leashed and muzzled",
                    required=False,
                ),
                Field(
                    "no_unreasonable_risk",
                    "string",
                    "What shows the dog presents no unreasonable risk of harm",
                    required=False,
                ),
            ),
            answer=_dd_pending,
            example={
                "seized": False,
                "dog_name": "Duke",
                "license_number": "2026-00017",
                "rabies_expires_on": "2027-05-01",
                "enclosure_or_leash_and_muzzle": True,
                "no_unreasonable_risk": "Kennel run with a locked roof; no incident since.",
            },
        ),
        Question(
            name="dangerous-dog-inspection",
            summary=(
                "An inspection of a dangerous dog's premises: kept in compliance, not, or "
                "entry refused? (3-2-9.E.6)"
            ),
            rules=("dangerous_dog.inspection",),
            fields=(
                Field("permitted", "boolean", "The owner permitted the inspection"),
                Field("compliant", "boolean", "The dog was kept in compliance", required=False),
            ),
            answer=_dd_inspection,
            example={"permitted": False},
        ),
        Question(
            name="dangerous-dog-owner-notice",
            summary=(
                "The owner's notice of the dog's death, relocation or transfer: on time, in "
                "writing, the buyer told? (3-2-9.C, D)"
            ),
            rules=("dangerous_dog.owner_notice",),
            fields=(
                Field(
                    "kind",
                    "string",
                    "death, relocation or transfer",
                    choices=tuple(dangerous_dogs.OWNER_NOTICES),
                ),
                Field("occurred_on", "date", "When the dog died, moved or was transferred"),
                Field("received_on", "date", "When the written notice was received"),
                Field("out_of_city", "boolean", "A transfer out of the City", required=False),
                Field(
                    "transferee_told",
                    "boolean",
                    "The buyer was told beforehand the dog was designated Dangerous",
                    required=False,
                ),
            ),
            answer=_dd_owner_notice,
            example={"kind": "death", "occurred_on": "2026-10-01", "received_on": "2026-11-09"},
        ),
        Question(
            name="dangerous-dog-rental-disclosure",
            summary=(
                "Did the owner who rents tell the property owner in time that a Dangerous Dog "
                "will reside there: before the lease or the dog's arrival, and at each renewal? "
                "(3-2-9.E.3)"
            ),
            rules=("dangerous_dog.rental_disclosure",),
            fields=(
                Field(
                    "occasion",
                    "string",
                    "lease (a new lease) or renewal (a lease renewal)",
                    choices=tuple(dangerous_dogs.RENTAL_OCCASIONS),
                ),
                Field("disclosed_on", "date", "When the owner told the property owner"),
                Field("lease_date", "date", "When the lease was entered into, or renewed"),
                Field(
                    "began_residing_on",
                    "date",
                    "When the dog began to reside at the property",
                    required=False,
                ),
            ),
            answer=_dd_rental,
            example={
                "occasion": "lease",
                "disclosed_on": "2026-11-02",
                "lease_date": "2026-11-01",
                "began_residing_on": "2026-11-15",
            },
        ),
        Question(
            name="dangerous-dog-sterilization-seizure",
            summary=(
                "Has the time to sterilize a dangerous dog run out, so the Authority seizes it "
                "and has it sterilized at the owner's expense? (3-2-9.B.3.g)"
            ),
            rules=("dangerous_dog.sterilization_seizure",),
            fields=(
                Field("deemed_on", "date", "The day the dog was deemed dangerous"),
                Field("on", "date", "The day asked about"),
                Field("sterilized", "boolean", "The dog is sterilized", required=False),
            ),
            answer=_dd_sterilization_seizure,
            example={"deemed_on": "2026-10-01", "on": "2026-11-29", "sterilized": False},
        ),
        Question(
            name="dangerous-dog-release",
            summary=(
                "May an impounded dangerous dog be released: every registration requirement of "
                "3-2-9.B.3 shown and the costs paid or arranged, within thirty days? (3-2-9.B.4, "
                "A.5)"
            ),
            rules=("dangerous_dog.release", "dangerous_dog.registration_requirements"),
            fields=(
                Field("impounded_on", "date", "The day the dog was seized or impounded"),
                Field("deemed_on", "date", "The day the dog was deemed dangerous"),
                Field("on", "date", "The day of the release asked about"),
                *REGISTRATION_EVIDENCE_FIELDS,
                Field("balance", "decimal", "Costs still owed on the case, USD", required=False),
                Field(
                    "payment_arrangement",
                    "string",
                    "The arrangement for payment made with the City (A.5)",
                    required=False,
                ),
            ),
            answer=_dd_release,
            example={
                "impounded_on": "2026-11-20",
                "deemed_on": "2026-10-01",
                "on": "2026-11-29",
                **REGISTRATION_EVIDENCE_EXAMPLE,
                "balance": "120.00",
            },
        ),
        Question(
            name="dangerous-dog-warning-symbols",
            summary=(
                "What is charged for the warning symbols provided with a dangerous dog's "
                "certificate? (3-2-9.E.4, a fee set by council resolution)"
            ),
            rules=("dangerous_dog.warning_symbol_charge",),
            fields=(
                Field("symbols", "integer", "Warning symbols provided", minimum=1),
                Field("on", "date", "The day asked about"),
            ),
            answer=_dd_symbols,
            example={"symbols": 3, "on": "2026-11-29"},
        ),
        Question(
            name="commercial-kennel-notice-list",
            summary=(
                "Which property owners get notice of a commercial kennel hearing: every parcel "
                "within 1/4 mile of the kennel parcel's outside dimensions (3-2-5.B.2; GeoJSON "
                "in feet)"
            ),
            rules=("kennel.commercial_notice_list",),
            fields=(
                Field("on", "date", "The day asked about"),
                Field("parcel", "geometry", "The kennel parcel: a Polygon"),
                Field("neighbours", "geometry_list", "The other parcels: Polygons"),
                Field(
                    "neighbour_pins",
                    "string_list",
                    "The other parcels' numbers, in the same order (default 1, 2, ...)",
                    required=False,
                ),
            ),
            answer=_notice_list,
            example={
                "on": "2026-11-29",
                "parcel": {
                    "type": "Polygon",
                    "coordinates": [[[0, 0], [660, 0], [660, 660], [0, 660], [0, 0]]],
                },
                "neighbours": [
                    {
                        "type": "Polygon",
                        "coordinates": [
                            [[1979, 0], [2300, 0], [2300, 660], [1979, 660], [1979, 0]]
                        ],
                    },
                    {
                        "type": "Polygon",
                        "coordinates": [
                            [[1981, 660], [2300, 660], [2300, 900], [1981, 900], [1981, 660]]
                        ],
                    },
                ],
                "neighbour_pins": ["R01-0001", "R01-0002"],
            },
        ),
        Question(
            name="kennel-license-term",
            summary=(
                "The term of a private or commercial kennel license starting on a day, and the "
                "fees paid for it (3-2-5.A.1, A.3, B.1, B.2; 1-2-2)"
            ),
            rules=("kennel.license_term", "kennel.fee"),
            fields=(
                Field(
                    "license",
                    "string",
                    "The kind of kennel license",
                    choices=kennel_conditions.LICENSE_KINDS,
                ),
                Field("starts_on", "date", "The day the term starts"),
                Field("renewal", "boolean", "A yearly renewal (default: a new license)", False),
            ),
            answer=_kennel_term,
            example={"license": "commercial", "starts_on": "2026-11-29"},
        ),
        Question(
            name="kennel-inspection",
            summary=(
                "A periodic inspection of a commercial kennel against its conditions 3-2-5.B.3-B.8 "
                "(3-2-5.B.7): the conditions not met, and the feces-to-well distance measured"
            ),
            rules=("kennel.inspection", "kennel.condition", "kennel.feces_well_setback"),
            fields=(
                Field("on", "date", "The day of the inspection"),
                Field(
                    "not_met",
                    "string_list",
                    "The sections of the conditions not met (3-2-5.B.3 ... 3-2-5.B.8)",
                    required=False,
                ),
                Field(
                    "feces_well_distance_feet",
                    "decimal",
                    "Distance from the accumulation of feces to the nearest well, feet",
                    required=False,
                ),
            ),
            answer=_kennel_inspection,
            example={"on": "2026-11-29", "not_met": ["3-2-5.B.5"], "feces_well_distance_feet": 150},
        ),
        Question(
            name="commercial-kennel-step",
            summary=(
                "Is this step toward a commercial kennel license in order, given the steps taken; "
                "and the conditions the license carries (3-2-5.B.1, B.2, B.3-B.9)"
            ),
            rules=("kennel.commercial_procedure", "kennel.license_conditions"),
            fields=(
                Field("on", "date", "The day asked about"),
                Field(
                    "step",
                    "string",
                    "The step asked about",
                    choices=kennel_conditions.STEP_NAMES,
                ),
                Field("completed", "string_list", "The steps already taken", required=False),
                Field(
                    "council_approved",
                    "boolean",
                    "Whether the City Council approved (for the license step)",
                    required=False,
                ),
                Field(
                    "council_conditions",
                    "string_list",
                    "Conditions the City Council added (3-2-5.B.9)",
                    required=False,
                ),
            ),
            answer=_commercial_step,
            example={
                "on": "2026-11-29",
                "step": "council_decision",
                "completed": ["application", "hearing_scheduled", "notice_list", "notice_mailed"],
            },
        ),
        Question(
            name="shelter-size",
            summary=(
                "How much floor space must an enclosure give these dogs, and is shade required "
                "now? (3-2-6.D, Minn. Stat. 346.39 subd. 4)"
            ),
            rules=("shelter.size", "shelter.shade"),
            fields=(
                Field(
                    "lengths_inches",
                    "decimal_list",
                    "Each dog's length from the tip of the nose to the base of the tail, inches",
                ),
                Field("on", "date", "The day asked about"),
                Field(
                    "provided_square_feet",
                    "decimal",
                    "The enclosure's floor space, if known",
                    required=False,
                ),
            ),
            answer=_shelter,
            example={
                "lengths_inches": ["36", "48"],
                "on": "2026-07-01",
                "provided_square_feet": "40",
            },
        ),
        Question(
            name="enclosure-applicability",
            summary=(
                "Does 3-2-6 apply to this enclosure, and if it is pre-existing, when must it "
                "comply after a notice? (3-2-6.C)"
            ),
            rules=("enclosure.applicability",),
            fields=(
                Field("on", "date", "The day asked about"),
                Field("constructed_on", "date", "When the enclosure was built", required=False),
                Field(
                    "complaint_on", "date", "When the council received a complaint", required=False
                ),
                Field(
                    "notice_issued_on",
                    "date",
                    "When the notice of compliance was issued",
                    required=False,
                ),
                Field("complied_on", "date", "When it was brought into compliance", required=False),
            ),
            answer=_enclosure_applicability,
            example={
                "constructed_on": "2003-06-01",
                "complaint_on": "2026-01-05",
                "notice_issued_on": "2026-01-15",
                "on": "2026-02-18",
            },
        ),
        Question(
            name="enclosure-placement",
            summary=(
                "Is this enclosure placed far enough from dwellings, lot lines and the road? "
                "(3-2-6.A; geometry as GeoJSON in feet)"
            ),
            rules=(
                "enclosure.lot_lines",
                "enclosure.dwelling_setback",
                "enclosure.side_lot_line_setback",
                "enclosure.rear_lot_line_setback",
                "enclosure.road_setback",
            ),
            fields=(
                Field("on", "date", "The day asked about"),
                Field("enclosure", "geometry", "The enclosure: a Polygon or a Point"),
                Field("main_structure", "geometry", "The main structure on the parcel: a Polygon"),
                Field("road_centerline", "geometry", "The road's centerline: a LineString"),
                Field(
                    "dwellings",
                    "geometry_list",
                    "Adjacent residential dwellings or principal structures: Polygons",
                    required=False,
                ),
                Field(
                    "parcel",
                    "geometry",
                    "The parcel: a Polygon (its side and rear lot lines are derived)",
                    required=False,
                ),
                Field(
                    "side_lot_lines",
                    "geometry_list",
                    "Side lot lines, to override: LineStrings",
                    required=False,
                ),
                Field(
                    "rear_lot_lines",
                    "geometry_list",
                    "Rear lot lines, to override: LineStrings",
                    required=False,
                ),
            ),
            answer=_placement,
            example={
                "on": "2026-11-29",
                "parcel": {
                    "type": "Polygon",
                    "coordinates": [[[0, 0], [300, 0], [300, 400], [0, 400], [0, 0]]],
                },
                "road_centerline": {"type": "LineString", "coordinates": [[-100, -33], [400, -33]]},
                "main_structure": {
                    "type": "Polygon",
                    "coordinates": [[[100, 60], [180, 60], [180, 110], [100, 110], [100, 60]]],
                },
                "enclosure": {
                    "type": "Polygon",
                    "coordinates": [[[200, 300], [230, 300], [230, 330], [200, 330], [200, 300]]],
                },
                "dwellings": [
                    {
                        "type": "Polygon",
                        "coordinates": [
                            [[320, 320], [380, 320], [380, 370], [320, 370], [320, 320]]
                        ],
                    }
                ],
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


from dogtag.law import procedure_questions  # noqa: E402, F401  (registers the procedure questions)
from dogtag.law import dangerous_dog_questions  # noqa: E402, F401  (registers dangerous-dog-case)
