"""The questions on the steps of a dangerous-dog case: where the case stands, the service,
incidents and contents of its notice, releasing the dog on demand and revocation. (The example of
the notice question states Nowthen's authority, as a notice of its would.)"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

from dogtag.law import (
    dangerous_animal_procedure,
    dangerous_dog_steps,  # noqa: F401  (the rules on each step's conditions register)
    dangerous_dogs,
)
from dogtag.law.dangerous_animal_procedure import case as animal_case
from dogtag.law.dangerous_animal_procedure import forfeiture
from dogtag.law.dangerous_dog_procedure import RULE, CaseFacts, where_it_stands
from dogtag.law.dangerous_dog_procedure.events import EVENT_KINDS
from dogtag.law.dangerous_dogs import NoticeFacts, ReleaseOnDemandFacts, RevocationFacts
from dogtag.law.event import Event
from dogtag.law.facts import FactsError, Question, fact, facts
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.params import ParameterSet
from dogtag.law.procedure import state_finding
from dogtag.law.provisions import maps

#: the kinds of event of a dangerous-animal case and of a forfeiture (the variant of a city whose
#: law designates any animal, ``dangerous_animal.designation``), each once
ANIMAL_KINDS = tuple(
    dict.fromkeys((*dangerous_animal_procedure.KINDS, *dangerous_animal_procedure.FORFEITURE_KINDS))
)
#: the facts of each variant besides designated_on, on and the events
_DOG_ONLY = tuple(
    f.name for f in dataclasses.fields(CaseFacts) if f.name not in ("designated_on", "on", "log")
)
_ANIMAL_ONLY = ("animal",)


@facts
class DangerousCaseFacts(CaseFacts):
    """The facts of ``dangerous-dog-case``: Nowthen's dated steps (``CaseFacts``), or, in a city
    whose law designates any animal dangerous (``dangerous_animal.designation``), the animal and
    the case's events (``law.dangerous_animal_procedure``). A city is asked only its own."""

    animal: str | None = fact(
        "In a city whose law designates any animal dangerous, not only a dog: the kind of animal "
        "designated (the conditions that can bind it differ)",
        default=None,
        choices=dangerous_animal_procedure.ANIMALS,
    )
    log: tuple[Event, ...] = fact(
        CaseFacts.__dataclass_fields__["log"].metadata["dogtag.fact"].description,
        default=(),
        choices=tuple(dict.fromkeys((*EVENT_KINDS, *ANIMAL_KINDS))),
        example=[{"kind": "hearing_requested", "on": "2026-10-30", "facts": {"in_writing": False}}],
        name="events",
    )


class _CaseExample(Mapping[str, JSONValue]):
    """The example of ``dangerous-dog-case`` for the variant the city in force states: Nowthen's
    notice served Wed 2026-10-28, no request, asked on Sun 2026-11-29; or a dog designated,
    seized, ordered kept under conditions, its owner notified, and a hearing demanded."""

    _DOG: ClassVar[dict[str, JSONValue]] = {
        "designated_on": "2026-10-26",
        "notice_issued_on": "2026-10-26",
        "served_on": "2026-10-28",
        "on": "2026-11-29",
    }
    _ANIMAL: ClassVar[dict[str, JSONValue]] = {
        "designated_on": "2026-11-02",
        "on": "2026-11-29",
        "animal": "dog",
        "events": [
            {"kind": "seized", "on": "2026-11-02"},
            {"kind": "officer_order", "on": "2026-11-03", "facts": {"disposition": "conditions"}},
            {"kind": "owner_notified", "on": "2026-11-04", "facts": {"method": "in_writing"}},
            {"kind": "hearing_requested", "on": "2026-11-10"},
        ],
    }

    def _example(self) -> dict[str, JSONValue]:
        return dict(self._ANIMAL if maps(dangerous_animal_procedure.DESIGNATION) else self._DOG)

    def __getitem__(self, key: str) -> JSONValue:
        return self._example()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._example())

    def __len__(self) -> int:
        return len(self._example())


def _not_its_law(names: list[str], params: ParameterSet, concept: str) -> list[str]:
    city = params.city.name
    return [f"{n}: not a fact of {city}'s law (it states no {concept})" for n in names]


def _case(facts: DangerousCaseFacts, params: ParameterSet) -> list[Finding]:
    # the variant the city's law states: any animal designated, or Nowthen's dangerous dog
    if maps(dangerous_animal_procedure.DESIGNATION, params):
        return _animal_case(facts, params)
    stray = _not_its_law(
        [n for n in _ANIMAL_ONLY if getattr(facts, n) is not None],
        params,
        dangerous_animal_procedure.DESIGNATION,
    ) + [
        f"events[{i}].kind: {e.kind!r} is not an event of {params.city.name}'s law"
        for i, e in enumerate(facts.log)
        if e.kind not in EVENT_KINDS
    ]
    if stray:
        raise FactsError("dangerous-dog-case", stray)
    # what does not fit between the dates is reported by the parser (CaseFacts.problems)
    return where_it_stands(facts, params)


def _animal_case(facts: DangerousCaseFacts, params: ParameterSet) -> list[Finding]:
    """A dangerous-animal case (and any forfeiture of the animal) where it stands on ``on``."""
    given = [n for n in _DOG_ONLY if getattr(facts, n) not in (None, ())]
    problems = _not_its_law(given, params, "dangerous_dog.designation")
    problems += [
        f"events[{i}].kind: {e.kind!r} is not an event of {params.city.name}'s law"
        for i, e in enumerate(facts.log)
        if e.kind not in ANIMAL_KINDS
    ]
    if facts.animal is None:
        problems.append("animal: missing (the kind of animal designated dangerous)")
    if problems:
        raise FactsError("dangerous-dog-case", problems)
    assert facts.animal is not None
    rank = {kind: n for n, kind in enumerate(ANIMAL_KINDS)}
    log = sorted(facts.log, key=lambda e: (e.on, rank[e.kind]))
    kinds = set(dangerous_animal_procedure.KINDS)
    case_events = [e for e in log if e.kind in kinds]
    forfeiture_events = [e for e in log if e.kind not in kinds]
    try:
        state = animal_case.dangerous_animal_case(
            facts.animal, facts.designated_on, case_events, facts.on, params
        )
        found = animal_case.findings_of(
            facts.animal, facts.designated_on, case_events, facts.on, params
        )
        forfeited = (
            forfeiture.forfeiture_case(forfeiture_events, facts.on, params)
            if forfeiture_events
            else None
        )
    except ValueError as exc:
        raise FactsError("dangerous-dog-case", [str(exc)]) from None
    answer = [
        state_finding(animal_case.RULE, state, animal_case.next_step(state)),
        *found,
        *state.deadlines,
        *state.allowed.values(),
    ]
    if forfeited is not None:
        fstate, ffound = forfeited
        answer += [
            state_finding(forfeiture.RULE, fstate, forfeiture.next_step(fstate)),
            *ffound,
            *fstate.deadlines,
            *fstate.allowed.values(),
        ]
    return answer


#: the rules of Nowthen's variant (a dangerous dog)
_DOG_RULES = (
    RULE,
    "dangerous_dog.designation_stands",
    # the legal conditions of the steps, which the services apply to each step
    "dangerous_dog.hearing_request_in_time",
    "dangerous_dog.hearing_in_time",
    "dangerous_dog.order_disposition",
    "dangerous_dog.time_to_obtain",
    "dangerous_dog.record_states",
    "dangerous_dog.who_acts",
    "dangerous_dog.provided_for",
    "dangerous_dog.costs_owed",
    "dangerous_dog.registration_term",
    "dangerous_dog.registration_fee",
    "dangerous_dog.insurance_shown",
    "dangerous_dog.tag",
    "dangerous_dog.hearing_request",
    "dangerous_dog.hearing",
    "dangerous_dog.order",
    "dangerous_dog.registration",
    # once deemed dangerous, the state's clock beside the city's, and which controls
    "dangerous_dog.seizure_unregistered",
    "incorporation.controlling_provision",
    "dangerous_dog.sterilization",
    # issue 26: the time under appeal, the days after a confirming order, review (A.4)
    "dangerous_dog.while_hearing_pending",
    "dangerous_dog.comply_after_decision",
    "dangerous_dog.certiorari",
    "dangerous_dog.destruction",
    # the steps beside the path: review by writ (A.4), a refusal to release (A.2.h),
    # the disclosure before a sale (D)
    "dangerous_dog.writ_of_certiorari",
    "dangerous_dog.release_on_demand",
    "dangerous_dog.sale_disclosure",
    "dangerous_dog.revocation_hearing",
    # the seizure after a refused inspection (E.6)
    "dangerous_dog.inspection_seizure",
)

#: the rules of the variant of a city whose law designates any animal dangerous
_ANIMAL_RULES = (
    animal_case.RULE,
    animal_case.REQUIREMENTS_RULE,
    forfeiture.RULE,
    "dangerous_dog.insurance_proof",
    "forfeiture.hearing_request",
    "forfeiture.hearing",
)


def _notice(facts: NoticeFacts, params: ParameterSet) -> list[Finding]:
    return [
        dangerous_dogs.notice_service(
            facts.method, served_person=facts.served_person, served_address=facts.served_address
        ),
        # the same rules the service that issues the Notice asks
        *dangerous_dogs.notice_states(facts.incidents(), facts.contents(), params, facts.issued_on),
    ]


def _release_on_demand(facts: ReleaseOnDemandFacts, params: ParameterSet) -> list[Finding]:
    return [
        dangerous_dogs.release_on_demand(
            demanded=facts.demanded,
            ordered_into_custody=facts.ordered_into_custody,
            released=facts.released,
        )
    ]


def _revocation(facts: RevocationFacts, params: ParameterSet) -> list[Finding]:
    return [
        dangerous_dogs.revocation(
            heard=facts.heard,
            revoked=facts.revoked,
            alleged_reasons=facts.alleged_reasons,
            inspection_refused=facts.inspection_refused,
        )
    ]


QUESTIONS: tuple[Question[Any], ...] = (
    Question(
        name="dangerous-dog-case",
        summary=(
            "Where does this dangerous-dog case stand on a day, given the dates of its steps so "
            "far (designation, notice, service, request, hearing, order, registration), or its "
            "whole log of events (late and oral requests, extensions, several owners served)? The "
            "state, the steps allowed next with their sections, the clocks running with their "
            "day-by-day explanations, and the findings on each step of the path now "
            "({§dangerous_dog.restrictions})."
        ),
        rules=(*_DOG_RULES, *_ANIMAL_RULES),
        facts=DangerousCaseFacts,
        answer=_case,
        # the variant the city's law states: Nowthen's dangerous dog, or any animal designated
        # dangerous (Lino Lakes; its package words the summary); the periods of the latter
        choices=(*_DOG_RULES, *_ANIMAL_RULES),
        # the variant the city in force states (Nowthen's: notice served, no request)
        example=_CaseExample(),
    ),
    Question(
        name="dangerous-dog-notice",
        summary=(
            "Was the Notice of Dangerous Dog served as {§dangerous_dog.notice} allows (in person, "
            "at the "
            "residence, by mail); does it state the date, time, place and facts of each incident, "
            "and every content of {§dangerous_dog.notice.contents}: (1) the dog's description, "
            "(2) the factual basis, "
            "(3) the official and the authority, (4) a seized dog's contact, b. the registration "
            "requirements and restrictions, c. the {dangerous_dog.hearing_request_days:ordinance} "
            "to appeal, the request form, the written request, d. the interim duty and the "
            "{dangerous_dog.comply_after_decision_days:ordinance} after a confirming decision, "
            "e. the designation standing, f. the costs? A content not given is not stated."
        ),
        rules=(
            "dangerous_dog.notice_service",
            "dangerous_dog.notice_incidents",
            "dangerous_dog.notice_contents",
        ),
        facts=NoticeFacts,
        answer=_notice,
        example={
            "method": "residence",
            "served_person": "Sam Gustafson, 17",
            "served_address": "7120 Viking Blvd NW, Nowthen, MN 55303",
            "issued_on": "2026-10-26",
            "incident_dates": ["2026-10-20"],
            "incident_times": ["17:45"],
            "incident_places": ["Viking Blvd NW at the mailboxes"],
            "incident_facts": ["The dog bit a jogger on the calf."],
            "dog_description": "Rex, German shepherd, black and tan, male, 5 years",
            "factual_basis": "An unprovoked bite inflicting substantial bodily harm (stitches).",
            "official": "Dana Reyes, animal control officer",
            "authority": "the city's dangerous-dog ordinance and Minn. Stat. 347.50 subd. 2",
            "seized": False,
            "registration_requirements": True,
            "other_restrictions": True,
            "hearing_request_days": 14,
            "request_form": True,
            "request_in_writing": True,
            "interim_compliance": True,
            "comply_after_decision_days": 14,
            "designation_stands": True,
            "costs": True,
        },
    ),
    Question(
        name="dangerous-dog-release-on-demand",
        summary=(
            "Is a person who did not release a dog to the Animal Control Authority, on demand "
            "or after it was ordered into custody, guilty of the misdemeanor of "
            "{§dangerous_dog.release_on_demand}?"
        ),
        rules=("dangerous_dog.release_on_demand",),
        facts=ReleaseOnDemandFacts,
        answer=_release_on_demand,
        example={"demanded": True, "ordered_into_custody": False, "released": False},
    ),
    Question(
        name="dangerous-dog-revocation",
        summary=(
            "May the Certificate of Registration be revoked: after the revocation hearing, for a "
            "failure the notice alleged or a refused inspection? "
            "({§dangerous_dog.revocation.grounds}, {§dangerous_dog.inspection})"
        ),
        rules=("dangerous_dog.revocation",),
        facts=RevocationFacts,
        answer=_revocation,
        example={
            "heard": True,
            "revoked": True,
            "alleged_reasons": "The proper enclosure's gate was found unlocked on 2027-01-02.",
        },
    ),
)
