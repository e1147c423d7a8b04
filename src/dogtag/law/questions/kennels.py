"""The questions of dog limits and kennel licenses. Each summary names the provisions it asks
about as concepts (``{§dog_limit.by_parcel_size}``), cited as the city in force numbers them
(``Question.worded``); a city whose law does not state them is not asked
(``questions.not_in_law``)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

from dogtag.law import (
    kennel_conditions,
    kennel_license_issue,
    kennel_license_year,
    kennel_procedure,
    kennels,
)
from dogtag.law.facts import FactsError, Question
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.kennel_conditions import CommercialStepFacts, KennelInspectionFacts, KennelTermFacts
from dogtag.law.kennel_procedure import CommercialApplicationFacts, PrivateKennelFacts
from dogtag.law.kennels import (
    CommercialRenewalFacts,
    DogLimitFacts,
    DogsCountedFacts,
    NoticeListFacts,
    PrivateKennelTermsFacts,
)
from dogtag.law.params import ParameterSet
from dogtag.law.procedure import state_finding
from dogtag.law.provisions import cite, maps, together


class _InspectionExample(Mapping[str, JSONValue]):
    """The example of ``kennel-inspection``, for the variant the city in force states. Its
    conditions not met are sections as the city numbers them: the example names the shelter
    condition (``commercial_kennel.shelter``), cited when the example is read; none where the
    city's law states no such condition. A city whose law inspects before a license issues
    (``kennel.inspection_before_issue``) has an inspection that found what the license needs."""

    _BEFORE_ISSUE: ClassVar[dict[str, JSONValue]] = {
        "on": "2026-11-29",
        "applied_on": "2026-11-16",
        "license": "private",
        "safeguards_adequate": True,
        "health_standards_met": True,
    }

    def _example(self) -> dict[str, JSONValue]:
        if maps(kennel_license_issue.INSPECTION_BEFORE_ISSUE):
            return dict(self._BEFORE_ISSUE)
        shelter = kennel_conditions.SHELTER
        not_met: list[JSONValue] = [cite(shelter)] if maps(shelter) else []
        return {"on": "2026-11-29", "not_met": not_met, "feces_well_distance_feet": 150}

    def __getitem__(self, key: str) -> JSONValue:
        return self._example()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._example())

    def __len__(self) -> int:
        return len(self._example())


def _dogs_counted(facts: DogsCountedFacts, params: ParameterSet) -> list[Finding]:
    return [kennels.dogs_counted(list(facts.births), facts.on, params)]


def _dog_limit(facts: DogLimitFacts, params: ParameterSet) -> list[Finding]:
    return [
        kennels.dog_limit(
            facts.acres,
            facts.dogs_over_six_months,
            facts.on,
            params,
            private_kennel_licensed_for=facts.private_kennel_licensed_for,
            conditional_use_permit=facts.conditional_use_permit,
        )
    ]


def _kennel_terms(facts: PrivateKennelTermsFacts, params: ParameterSet) -> list[Finding]:
    if (facts.licensed_for is None) != (facts.dogs is None):
        raise FactsError("private-kennel-terms", ["licensed_for and dogs go together"])
    findings = []
    if facts.licensed_for is not None and facts.dogs is not None:
        findings.append(
            kennels.private_kennel_dogs(facts.licensed_for, facts.dogs, facts.on, params)
        )
    if facts.change is not None:
        findings.append(kennels.private_kennel_change(facts.change))
    if facts.licenses_held is not None:
        findings.append(kennels.private_kennel_one_per_party(facts.licenses_held, facts.on, params))
    if not findings:
        raise FactsError(
            "private-kennel-terms", ["give licensed_for and dogs, change, or licenses_held"]
        )
    return findings


def _commercial_renewal(facts: CommercialRenewalFacts, params: ParameterSet) -> list[Finding]:
    try:
        return [
            kennels.commercial_kennel_renewal(
                facts.term_ends, list(facts.nuisance_complaints), facts.on, params
            )
        ]
    except ValueError as exc:
        raise FactsError("commercial-kennel-renewal", [str(exc)]) from None


def _notice_list(facts: NoticeListFacts, params: ParameterSet) -> list[Finding]:
    problems = []
    if facts.parcel.geom_type not in ("Polygon", "MultiPolygon"):
        problems.append(
            f"parcel: must be a Polygon or MultiPolygon, not a {facts.parcel.geom_type}"
        )
    for index, shape in enumerate(facts.neighbours):
        if shape.geom_type not in ("Polygon", "MultiPolygon"):
            problems.append(
                f"neighbours[{index}]: must be a Polygon or MultiPolygon, not a {shape.geom_type}"
            )
    pins = list(facts.neighbour_pins or [str(i + 1) for i in range(len(facts.neighbours))])
    if len(pins) != len(facts.neighbours):
        problems.append(f"neighbour_pins: {len(pins)} given for {len(facts.neighbours)} neighbours")
    elif len(set(pins)) != len(pins):
        problems.append("neighbour_pins: each parcel number must appear once")
    if problems:
        raise FactsError("commercial-kennel-notice-list", problems)
    neighbours = dict(zip(pins, facts.neighbours, strict=True))
    return [kennels.notice_list(facts.parcel, neighbours, facts.on, params)]


def _kennel_term(facts: KennelTermFacts, params: ParameterSet) -> list[Finding]:
    kind, starts = facts.license, facts.starts_on
    # a commercial kennel's public hearing fee where the city's law holds such a hearing
    hearing = kind == "commercial" and maps(kennel_conditions.HEARING, params)
    items = (
        ("renewal",)
        if facts.renewal
        else ("application", "public_hearing")
        if hearing
        else ("application",)
    )
    # the variant the city's law states: a term of years from its start, or one expiry day
    term = (
        kennel_license_year.license_term_fixed_date
        if maps(kennel_license_year.LICENSE_EXPIRY, params)
        else kennel_conditions.license_term
    )
    return [
        term(kind, starts, params),
        *(kennel_conditions.kennel_fee(f"{kind}_kennel.{item}", starts, params) for item in items),
    ]


#: the facts of each variant of the kennel inspection, and the provision that makes it a city's
_PERIODIC_FACTS = ("not_met", "feces_well_distance_feet")
_BEFORE_ISSUE_FACTS = ("safeguards_adequate", "health_standards_met", "applied_on", "license")


def _not_stated(facts: KennelInspectionFacts, names: tuple[str, ...], concept: str) -> list[str]:
    """The facts of ``names`` given, each refused as one of a variant the city's law lacks."""
    given = [n for n in names if getattr(facts, n) not in (None, ())]
    return [f"{n}: not a fact of {{city}}'s law (it states no {concept})" for n in given]


def _kennel_inspection(facts: KennelInspectionFacts, params: ParameterSet) -> list[Finding]:
    city = params.city.name
    before_issue = maps(kennel_license_issue.INSPECTION_BEFORE_ISSUE, params)
    # the variant the city's law states: before a license issues, or against its conditions
    stray = (
        _not_stated(facts, _PERIODIC_FACTS, kennel_conditions.COMMERCIAL_INSPECTION)
        if before_issue
        else _not_stated(facts, _BEFORE_ISSUE_FACTS, kennel_license_issue.INSPECTION_BEFORE_ISSUE)
    )
    if stray:
        raise FactsError("kennel-inspection", [s.format(city=city) for s in stray])
    if before_issue:
        return [_inspection_before_issue(facts, params)]
    on, not_met = facts.on, set(facts.not_met)
    conditions = kennel_conditions.commercial_conditions(on, params)
    unknown = sorted(not_met - {c.section for c in conditions})
    if unknown:
        # the conditions' span, the first and the last, written as the ordinance writes a range
        span = "-".join(together((conditions[0].section, conditions[-1].section)).split(", "))
        raise FactsError(
            "kennel-inspection", [f"not_met: {s} is not a condition {span}" for s in unknown]
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
        feces_well_distance_feet=facts.feces_well_distance_feet,
    )


def _inspection_before_issue(facts: KennelInspectionFacts, params: ParameterSet) -> Finding:
    """The inspection made on ``facts.on``; the license asked to issue that day."""
    try:
        return kennel_license_issue.inspection_before_issue(
            facts.license,
            facts.on,
            params,
            inspected_on=facts.on,
            safeguards_adequate=facts.safeguards_adequate,
            health_standards_met=facts.health_standards_met,
            applied_on=facts.applied_on,
        )
    except ValueError as exc:
        raise FactsError("kennel-inspection", [str(exc)]) from None


def _commercial_step(facts: CommercialStepFacts, params: ParameterSet) -> list[Finding]:
    try:
        findings = [
            kennel_conditions.commercial_procedure(
                facts.step, list(facts.completed), council_approved=facts.council_approved
            )
        ]
    except ValueError as exc:
        raise FactsError("commercial-kennel-step", [str(exc)]) from None
    if facts.step == "council_decision" or facts.council_conditions is not None:
        findings.append(
            kennel_conditions.license_conditions(
                list(facts.council_conditions or ()), facts.on, params
            )
        )
    return findings


def _commercial_application(
    facts: CommercialApplicationFacts, params: ParameterSet
) -> list[Finding]:
    try:
        state = kennel_procedure.commercial_application(facts.events_log(), facts.on, params)
    except ValueError as exc:
        raise FactsError(kennel_procedure.QUESTION, [str(exc)]) from None
    summary = state_finding("kennel.commercial_procedure", state, kennel_procedure.next_step(state))
    return [summary, *state.findings()]


def _private_kennel(facts: PrivateKennelFacts, params: ParameterSet) -> list[Finding]:
    try:
        state = kennel_procedure.private_kennel(list(facts.events), facts.on, params)
    except ValueError as exc:
        raise FactsError(kennel_procedure.PRIVATE_PROCEDURE, [str(exc)]) from None
    return [state_finding("kennel.private_procedure", state, None), *state.findings()]


QUESTIONS: tuple[Question[Any], ...] = (
    Question(
        name="kennel-dogs-counted",
        summary=(
            "Which dogs count against a parcel's limit: those over "
            "{dog_limits.counted_age_months:words_unit} ({§dog_limit.counted_age})"
        ),
        rules=("kennel.dogs_counted",),
        facts=DogsCountedFacts,
        answer=_dogs_counted,
        example={"births": ["2020-04-01", "2026-07-15"], "on": "2026-11-29"},
    ),
    Question(
        name="kennel-dog-limit",
        summary=(
            "May this many dogs over {dog_limits.counted_age_months:words_unit} live on a parcel "
            "of this size, or is a kennel license or a permit needed? ({§dog_limit.limit})"
        ),
        # the variant the city's package states (dog_limits.basis) answers
        rules=("kennel.dog_limit", "kennel.dog_limit_per_property"),
        choices=("kennel.dog_limit", "kennel.dog_limit_per_property"),
        facts=DogLimitFacts,
        answer=_dog_limit,
        example={"acres": "2.5", "dogs_over_six_months": 4, "on": "2026-11-29"},
    ),
    Question(
        name="private-kennel-terms",
        summary=(
            "A private kennel license's set number of dogs, relocation and assignment, and "
            "{private_kennel.licenses_per_party:words_unit} per party ({§private_kennel.set_number}, "
            "{§private_kennel.one_per_party})"
        ),
        rules=(
            "kennel.private_set_number",
            "kennel.private_not_assignable",
            "kennel.private_one_per_party",
        ),
        facts=PrivateKennelTermsFacts,
        answer=_kennel_terms,
        example={"on": "2026-11-29", "licensed_for": 6, "dogs": 7},
    ),
    Question(
        name="commercial-kennel-renewal",
        summary=(
            "May a commercial kennel license renew on the same terms, given the nuisance "
            "complaints of the last {commercial_kennel.complaint_lookback_months:words_unit}? "
            "({§commercial_kennel.renewal}, reading §6.4)"
        ),
        rules=("kennel.commercial_renewal",),
        facts=CommercialRenewalFacts,
        answer=_commercial_renewal,
        example={
            "term_ends": "2027-03-31",
            "nuisance_complaints": ["2026-08-14"],
            "on": "2026-11-29",
        },
    ),
    Question(
        name="commercial-kennel-notice-list",
        summary=(
            "Which property owners get notice of a commercial kennel hearing: every parcel "
            "within {commercial_kennel.notice_radius_feet:distance} of the kennel parcel's outside "
            "dimensions ({§commercial_kennel.hearing_notice}; GeoJSON "
            "in feet)"
        ),
        rules=("kennel.commercial_notice_list",),
        facts=NoticeListFacts,
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
                    "coordinates": [[[1979, 0], [2300, 0], [2300, 660], [1979, 660], [1979, 0]]],
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
            "fees paid for it ({§private_kennel.fee}, {§commercial_kennel.fee}; {§fees.schedule})"
        ),
        rules=("kennel.license_term", "kennel.license_term_fixed_date", "kennel.fee"),
        choices=("kennel.license_term", "kennel.license_term_fixed_date"),
        facts=KennelTermFacts,
        answer=_kennel_term,
        example={"license": "commercial", "starts_on": "2026-11-29"},
    ),
    Question(
        name="kennel-inspection",
        summary=(
            "A periodic inspection of a commercial kennel against its conditions "
            "{§commercial_kennel.outdoor_exercise} to {§commercial_kennel.waste} "
            "({§commercial_kennel.inspection}): the conditions not met, and the feces-to-well "
            "distance measured"
        ),
        rules=(
            "kennel.inspection",
            "kennel.condition",
            "kennel.feces_well_setback",
            "kennel.inspection_before_issue",
        ),
        # the variant the city's law states: after issue, against the license's conditions
        # (worded so here), or before a kennel license issues (its package words the summary)
        choices=(
            "kennel.inspection",
            "kennel.condition",
            "kennel.feces_well_setback",
            "kennel.inspection_before_issue",
        ),
        facts=KennelInspectionFacts,
        answer=_kennel_inspection,
        # the fact is the sections of the conditions not met, as the city numbers them
        example=_InspectionExample(),
    ),
    Question(
        name="commercial-kennel-step",
        summary=(
            "Is this step toward a commercial kennel license in order, given the steps taken; "
            "and the conditions the license carries ({§commercial_kennel.council_license}, "
            "{§commercial_kennel.hearing}; {§commercial_kennel.outdoor_exercise} to "
            "{§commercial_kennel.council_conditions})"
        ),
        rules=("kennel.commercial_procedure", "kennel.license_conditions"),
        facts=CommercialStepFacts,
        answer=_commercial_step,
        example={
            "on": "2026-11-29",
            "step": "council_decision",
            "completed": ["application", "hearing_scheduled", "notice_list", "notice_mailed"],
        },
    ),
    Question(
        name=kennel_procedure.QUESTION,
        summary=(
            "Where does a commercial kennel application stand on a day, given its events so far "
            "(the hearing noticed and held, owners missing from the notice list, the "
            "recommendation, the council's decision, the license, complaints and renewals)? Its "
            "state, the steps allowed next, the clocks running, what blocks each other step, and "
            "the events not counted ({§commercial_kennel.council_license}, "
            "{§commercial_kennel.hearing}, {§commercial_kennel.council_conditions})."
        ),
        rules=(
            "kennel.commercial_procedure",
            "kennel.commercial_step_timing",
            "kennel.notice_to_all_owners",
            "kennel.recommendation",
            "kennel.commercial_lifecycle",
            "kennel.commercial_renewal",
            "kennel.license_term",
            "kennel.council_conditions_with_approval",
            "kennel.one_open_application",
            "kennel.fee_paid",
            "kennel.private_license_kind",
            "kennel.inspection_grounds",
        ),
        facts=CommercialApplicationFacts,
        answer=_commercial_application,
        example={
            "on": "2026-11-02",
            "applied_on": "2026-10-01",
            "hearing_on": "2026-11-20",
            "notice_list_drawn_on": "2026-10-20",
        },
    ),
    Question(
        name=kennel_procedure.PRIVATE_PROCEDURE,
        summary=(
            "Where does a private kennel license stand on a day, given its events: the license "
            "and its renewals ({§private_kennel.fee}, {§private_kennel.term}), complaints "
            "against the licensee and the inspections they authorize "
            "({§private_kennel.inspection}), with the dogs counted against the set number "
            "({§private_kennel.set_number})?"
        ),
        rules=(
            "kennel.private_procedure",
            "kennel.inspection_grounds",
            "kennel.private_set_number",
            "kennel.license_term",
        ),
        facts=PrivateKennelFacts,
        answer=_private_kennel,
        example={
            "on": "2026-11-29",
            "events": [
                {"kind": "private_license", "on": "2026-03-02", "facts": {"dogs": 8}},
                {"kind": "private_complaint", "on": "2026-11-20"},
                {"kind": "private_inspection", "on": "2026-11-24", "facts": {"dogs_counted": 9}},
            ],
        },
    ),
)
