"""The questions of public nuisances (``nuisance.*``), animals left in vehicles
(``vehicle.animal_left``), and where a complaint of either stands."""

from __future__ import annotations

from typing import Any

from dogtag.law import complaint_procedure, nuisance, prohibitions, vehicles
from dogtag.law.complaint_procedure import ComplaintFacts
from dogtag.law.facts import FactsError, Question
from dogtag.law.findings import Finding
from dogtag.law.nuisance import AtLargeFacts, BarkingFacts, DamageFacts, NuisanceActsFacts
from dogtag.law.params import ParameterSet
from dogtag.law.procedure import state_finding
from dogtag.law.prohibitions import AbandonmentFacts, FecesRemovalFacts
from dogtag.law.vehicles import VehicleIncident


def _barking(facts: BarkingFacts, params: ParameterSet) -> list[Finding]:
    try:
        return [nuisance.barking(list(facts.noises), facts.on, params)]
    except ValueError as exc:
        raise FactsError("barking", [str(exc)]) from None


def _at_large(facts: AtLargeFacts, params: ParameterSet) -> list[Finding]:
    # at large, with its exceptions and the park leash duty as findings of their own
    return nuisance.at_large_findings(facts)


def _damage(facts: DamageFacts, params: ParameterSet) -> list[Finding]:
    # the variant the city's law states: damage to another's property only, with no defense
    # (``nuisance.damage.property``), or damage to person or property with its defenses
    try:
        finding = nuisance.damage_finding(
            damage_done=facts.damage_done,
            damaged_owner_own=facts.damaged_owner_own,
            in_defense_of=facts.in_defense_of,
        )
    except ValueError as exc:
        raise FactsError("damage", [f"in_defense_of: {exc}"]) from None
    return [finding]


def _nuisance_acts(facts: NuisanceActsFacts, params: ParameterSet) -> list[Finding]:
    acts = facts.acts
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
            facts.on_public_grounds_streets_or_highways,
        ),
    ]


def _animal_in_vehicle(facts: VehicleIncident, params: ParameterSet) -> list[Finding]:
    return vehicles.animal_in_vehicle(facts, params)


def _abandonment(facts: AbandonmentFacts, params: ParameterSet) -> list[Finding]:
    return [prohibitions.abandonment(facts)]


def _feces_removal(facts: FecesRemovalFacts, params: ParameterSet) -> list[Finding]:
    return [prohibitions.feces_removal(facts)]


def _complaint(facts: ComplaintFacts, params: ParameterSet) -> list[Finding]:
    try:
        events = facts.events()
        state = complaint_procedure.complaint(events, facts.on)
        decided = complaint_procedure.decisions(events, facts.on)
    except ValueError as exc:
        raise FactsError(complaint_procedure.QUESTION, [str(exc)]) from None
    waits_on = None if state.state == "closed" else next(iter(state.allowed), None)
    # the state first, then each subsection decided (or not) both ways, then the steps
    return [state_finding("complaint.step", state, waits_on), *decided, *state.findings()]


QUESTIONS: tuple[Question[Any], ...] = (
    Question(
        name="barking",
        summary=(
            "Is this barking a public nuisance: noise repeated over at least "
            "{barking.minimum_period_seconds:duration} with a lapse of "
            "{barking.maximum_gap_seconds:duration} or less? Finds every qualifying period "
            "({§nuisance.barking})"
        ),
        rules=("nuisance.barking",),
        facts=BarkingFacts,
        answer=_barking,
        example={
            "on": "2026-11-29",
            "noises": [f"2026-07-04T22:{m:02d}:{s:02d}-05:00" for m in range(6) for s in (0, 30)],
        },
    ),
    Question(
        name="at-large",
        summary="Was the dog running at large, and was its excrement cleaned up? ({§nuisance.at_large})",
        rules=(
            "nuisance.at_large",
            "nuisance.at_large_exception",
            "nuisance.park_leash",
            "nuisance.excrement",
        ),
        facts=AtLargeFacts,
        answer=_at_large,
        example={"off_owner_premises": True, "under_direct_control_by_command": True},
    ),
    Question(
        name="damage",
        summary="Was damage by the dog a public nuisance, or done in defense? ({§nuisance.damage})",
        rules=("nuisance.damage", "nuisance.property_damage"),
        # each city's law states one of them (a defense, or damage to property only)
        choices=("nuisance.damage", "nuisance.property_damage"),
        facts=DamageFacts,
        answer=_damage,
        example={"damaged_owner_own": False, "in_defense_of": "none"},
    ),
    Question(
        name="nuisance-acts",
        summary=(
            "Snarling, biting, vicious tendencies ({§nuisance.vicious}) and chasing vehicles or "
            "interfering with persons ({§nuisance.chasing}): the finding for the record and any "
            "dangerous-dog referral"
        ),
        rules=("nuisance.aggression", "nuisance.chasing"),
        facts=NuisanceActsFacts,
        answer=_nuisance_acts,
        example={
            "acts": ["bit_person", "chased_vehicle"],
            "on_public_grounds_streets_or_highways": True,
        },
    ),
    Question(
        name="animal-in-vehicle",
        summary=(
            "Was a dog or cat left in a motor vehicle in violation of {§vehicle.animal_left}, and "
            "was its removal done as {§vehicle.animal_left} allows?"
        ),
        rules=("vehicle.animal_left",),
        facts=VehicleIncident,
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
        name=complaint_procedure.QUESTION,
        summary=(
            "Where does a complaint ({§vehicle.animal_left}, {§nuisance.owner_duty}) stand on a "
            "day, given what was recorded? Its "
            "state, the steps and outcomes allowed, and what blocks each other one."
        ),
        rules=(
            "complaint.step",
            "complaint.outcome_grounds",
            "complaint.finding",
            "complaint.reopening",
            "complaint.subsection",
        ),
        facts=ComplaintFacts,
        answer=_complaint,
        example={
            "on": "2026-11-29",
            "kind": "at_large",
            "received_on": "2026-11-20",
            "assigned_on": "2026-11-21",
            "dogs": ["Rex"],
            "violations_found": ["nuisance.at_large"],
            "no_violation_found": ["nuisance.excrement"],
            "duty_falls_on": "owner_of_record",
            "duty_person": "Jane Doe",
            "dangerous_dog_referral_found": False,
        },
    ),
    # prohibitions another city's law states (Lino Lakes' abandonment and feces device): not law where
    # its package does not state them
    Question(
        name="abandonment",
        summary="Was an animal abandoned within the city? ({§nuisance.abandonment})",
        rules=("nuisance.abandonment",),
        facts=AbandonmentFacts,
        answer=_abandonment,
        example={"abandoned": True},
    ),
    Question(
        name="feces-removal",
        summary=(
            "Did the owner of an animal on park, trail, public or another's property have a "
            "device and a container to remove its feces? ({§nuisance.feces_removal})"
        ),
        rules=("nuisance.feces_removal",),
        facts=FecesRemovalFacts,
        answer=_feces_removal,
        example={"on_covered_property": True, "had_device": True, "had_container": False},
    ),
)
