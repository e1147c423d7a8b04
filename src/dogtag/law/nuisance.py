"""City Code 3-2-7 Nuisance: barking (A) from noise timestamps.

3-2-7: "The owner of any animal shall prevent it from committing any act which constitutes a public
nuisance. It is a public nuisance for any animal to: A. Bark, bay, cry, howl or make any other noise
repeatedly over at least a five (5) minute period of time, with a thirty (30) second or less lapse of
time between each animal noise during the five (5) minute period."

The timestamps are the moments each noise was heard (typed by the officer, read from a log, or
detected in a recording). They need not be sorted; the same moment given twice is one noise.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.params import ParameterSet
from dogtag.law.registry import rule


def duration_text(seconds: float) -> str:
    """A duration as an officer says it: "5 min", "4 min 40 s", "45 s", "4 min 59.5 s"."""
    if seconds < 0:
        raise ValueError(f"a duration cannot be negative: {seconds}")
    whole_minutes, rest = divmod(seconds, 60)
    rest = round(rest, 1)
    if rest == 60:  # 119.96 s rounds to 2 min, not 1 min 60 s
        whole_minutes, rest = whole_minutes + 1, 0
    text_seconds = f"{rest:g} s"
    if whole_minutes == 0:
        return text_seconds
    minutes = f"{int(whole_minutes)} min"
    return minutes if rest == 0 else f"{minutes} {text_seconds}"


def _noises(count: int) -> str:
    return "1 noise" if count == 1 else f"{count} noises"


@dataclass(frozen=True)
class Run:
    """Noises each no more than the allowed lapse after the one before."""

    start: dt.datetime
    end: dt.datetime
    count: int
    longest_gap_seconds: float

    @property
    def seconds(self) -> float:
        return (self.end - self.start).total_seconds()

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "start": self.start.isoformat(),
            "end": self.end.isoformat(),
            "duration_seconds": self.seconds,
            "count": self.count,
            "longest_gap_seconds": self.longest_gap_seconds,
        }


def runs(noises: Sequence[dt.datetime], maximum_gap_seconds: float) -> list[Run]:
    """Split the noises (any order, duplicates allowed) into runs: a lapse longer than
    ``maximum_gap_seconds`` ends one run and starts the next."""
    moments = sorted(set(noises))
    if not moments:
        return []
    found: list[Run] = []
    start = previous = moments[0]
    count, longest = 1, 0.0
    for moment in moments[1:]:
        gap = (moment - previous).total_seconds()
        if gap > maximum_gap_seconds:
            found.append(Run(start, previous, count, longest))
            start, count, longest = moment, 1, 0.0
        else:
            count += 1
            longest = max(longest, gap)
        previous = moment
    found.append(Run(start, previous, count, longest))
    return found


def _aware(noises: Sequence[dt.datetime]) -> None:
    kinds = {n.tzinfo is not None and n.utcoffset() is not None for n in noises}
    if len(kinds) > 1:
        raise ValueError("the noise times mix times with and without a time zone")


@rule(
    "nuisance.barking",
    sections=("3-2-7.A",),
    title="Barking or other noise as a public nuisance",
    summary=(
        "Barking, baying, crying, howling or other noise is a nuisance when repeated over at least "
        "{barking.minimum_period_seconds:duration} with no lapse of more than "
        "{barking.maximum_gap_seconds:duration} between noises; finds every such period."
    ),
    question="barking",
)
def barking(noises: Sequence[dt.datetime], on: dt.date, params: ParameterSet) -> Finding:
    """3-2-7.A. A period qualifies when its first and last noise are at least the minimum period
    apart (exactly 5:00 qualifies, 4:59 does not) and no lapse between consecutive noises in it
    exceeds the maximum gap (exactly 30 s is allowed, 31 s ends the run): reading
    ``readings.barking_period``."""
    _aware(noises)
    period = params.get("barking.minimum_period_seconds", on)
    gap = params.get("barking.maximum_gap_seconds", on)
    found = runs(noises, gap.integer)
    qualifying = [r for r in found if r.seconds >= period.integer]
    distinct = len(set(noises))
    facts: dict[str, JSONValue] = {
        "noises": len(noises),
        "distinct_noises": distinct,
        "first": min(noises).isoformat() if noises else None,
        "last": max(noises).isoformat() if noises else None,
        "on": on,
    }
    longest = max(found, key=lambda r: (r.seconds, -r.start.timestamp())) if found else None
    details: dict[str, JSONValue] = {
        "periods": [r.to_json() for r in qualifying],
        "runs": len(found),
        "longest_run": longest.to_json() if longest else None,
    }
    rule_text = (
        f"noise repeated over at least {duration_text(period.integer)} with a lapse of "
        f"{duration_text(gap.integer)} or less between each noise"
    )
    if qualifying:
        first = qualifying[0]
        listed = "; ".join(
            f"{r.start:%H:%M:%S} to {r.end:%H:%M:%S} ({duration_text(r.seconds)}, "
            f"{_noises(r.count)}, longest lapse {duration_text(r.longest_gap_seconds)})"
            for r in qualifying
        )
        return Finding(
            rule="nuisance.barking",
            outcome="nuisance",
            sections=("3-2-7.A",),
            blocks=True,
            message=(
                f"Public nuisance: {len(qualifying)} period(s) of {rule_text} (3-2-7.A): {listed}."
            ),
            facts=facts,
            parameters=(period, gap),
            details={**details, "first_period_start": first.start.isoformat()},
        )
    if longest is None:
        why = "no noise was recorded"
    else:
        why = (
            f"longest run {duration_text(longest.seconds)} ({_noises(longest.count)} from "
            f"{longest.start:%H:%M:%S} to {longest.end:%H:%M:%S}), short of "
            f"{duration_text(period.integer)}"
        )
        if len(found) > 1:
            why += f"; lapses over {duration_text(gap.integer)} split the noises into {len(found)} runs"
    return Finding(
        rule="nuisance.barking",
        outcome="not_a_nuisance",
        sections=("3-2-7.A",),
        message=f"Not a nuisance under 3-2-7.A: {why}. The ordinance requires {rule_text}.",
        facts=facts,
        parameters=(period, gap),
        details=details,
    )


# ----------------------------------------------------------------------------- D. at large


@facts
class AtLargeFacts:
    """What the officer saw (3-2-7.D). Every field is a yes/no the officer answers, in the
    ordinance's words; the complaint page asks each with this description as its label."""

    off_owner_premises: bool = fact("The dog was off the premises of the owner (3-2-7.D.1)")
    on_leash_held_by_responsible_person: bool = fact(
        "It was on a leash held by a responsible person of sufficient age to adequately control "
        "it (3-2-7.D.1.a)",
        default=False,
    )
    under_direct_control_by_command: bool = fact(
        "It was accompanied by and under the direct control of such a person, effectively "
        "restrained by command (3-2-7.D.1.b)",
        default=False,
    )
    lawfully_hunting_under_control: bool = fact(
        "It was lawfully engaged in wild game hunting under the control of its owner or other "
        "responsible person (3-2-7.D.2.a)",
        default=False,
    )
    obedience_training_under_control: bool = fact(
        "It was engaged in obedience training under the control of its owner or other "
        "responsible person (3-2-7.D.2.b)",
        default=False,
    )
    on_or_next_to_athletic_field_or_park: bool = fact(
        "It was on or directly adjacent to an athletic field or park (3-2-7.D.3)", default=False
    )
    ran_onto_other_property_from_owner_premises: bool = fact(
        "It was running loose on the owner's property and ran onto adjacent public or private "
        "property (3-2-7.D.3)",
        default=False,
    )
    did_not_respond_to_a_person: bool = fact(
        "It did not respond to a person (3-2-7.D.3)", default=False
    )
    excrement_left: bool = fact(
        "The owner did not clean up and dispose of the dog's excrement (3-2-7.D.3)", default=False
    )


def _at_large_finding(
    facts: AtLargeFacts, rule_id: str, outcome: str, section: str, message: str
) -> Finding:
    return Finding(
        rule=rule_id,
        outcome=outcome,
        sections=(section,),
        blocks=outcome in ("at_large", "violation"),
        message=message,
        facts=dict(vars(facts)),
    )


@rule(
    "nuisance.at_large_exception",
    sections=("3-2-7.D.2",),
    title="Not at large: hunting or obedience training under control",
    summary=(
        "A dog lawfully hunting wild game, or in obedience training, under the control of its "
        "owner or another responsible person shall not be determined to be at large."
    ),
    question="at-large",
)
def at_large_exception(facts: AtLargeFacts) -> Finding | None:
    """3-2-7.D.2: "A dog shall not be determined to be at large if: a. Lawfully engaged in wild
    game hunting and is under the control of its owner or other responsible person, or b. When
    engaged in obedience training and is under the control of its owner or other responsible
    person."

    The exception to D.1, as its own finding so the answer says which exception applied; None
    when neither applies (or the dog is on its owner's premises, where D.1 does not reach)."""
    if not facts.off_owner_premises:
        return None
    if facts.lawfully_hunting_under_control:
        return _at_large_finding(
            facts,
            "nuisance.at_large_exception",
            "not_at_large",
            "3-2-7.D.2.a",
            "Not at large: lawfully engaged in wild game hunting under the control of a "
            "responsible person (3-2-7.D.2.a).",
        )
    if facts.obedience_training_under_control:
        return _at_large_finding(
            facts,
            "nuisance.at_large_exception",
            "not_at_large",
            "3-2-7.D.2.b",
            "Not at large: engaged in obedience training under the control of a responsible "
            "person (3-2-7.D.2.b).",
        )
    return None


@rule(
    "nuisance.at_large",
    sections=("3-2-7.D.1", "3-2-7.D.3"),
    title="Running at large",
    summary=(
        "A dog off its owner's premises is at large unless on a leash held by a responsible "
        "person or under direct control by command; a loose dog that runs off its owner's "
        "property onto adjacent property and does not respond to a person is at large. The "
        "exceptions of D.2 are their own rule (nuisance.at_large_exception)."
    ),
    question="at-large",
)
def at_large(facts: AtLargeFacts) -> Finding:
    """3-2-7.D. 1: "An animal is considered to be at large if off the premises of the owner and is:
    a. Not on a leash held by a responsible person of sufficient age to adequately control the
    animal at all times, or b. Not accompanied by and under the direct control of such responsible
    person so as to be effectively restrained by command." 3: "... If any animal is running loose
    on the owner's property and runs onto adjacent public or private properties and does not
    respond to a person, then the animal is considered "at large"."

    Reading ``readings.at_large_alternatives``: 1.a and 1.b are alternatives; a dog is at large
    only when it is neither leashed nor under direct control by command (the usual reading of "or"
    in a list of ways to be restrained).
    The exceptions of 2 (``at_large_exception``) are checked first: a dog they cover "shall not be
    determined to be at large", and the finding returned is the exception's. D.3's park sentence
    ("must be leashed") is not a case of being at large: it is its own rule (``park_leash``).
    """
    if not facts.off_owner_premises:
        if facts.ran_onto_other_property_from_owner_premises and facts.did_not_respond_to_a_person:
            return _at_large_finding(
                facts,
                "nuisance.at_large",
                "at_large",
                "3-2-7.D.3",
                "At large: the dog was running loose on the owner's property, ran onto adjacent "
                "property and did not respond to a person (3-2-7.D.3).",
            )
        if facts.ran_onto_other_property_from_owner_premises:
            return _at_large_finding(
                facts,
                "nuisance.at_large",
                "not_at_large",
                "3-2-7.D.3",
                "Not at large: the dog ran onto adjacent property but responded to a person "
                "(3-2-7.D.3).",
            )
        return _at_large_finding(
            facts,
            "nuisance.at_large",
            "not_at_large",
            "3-2-7.D.1",
            "Not at large: the dog was on its owner's premises (3-2-7.D.1).",
        )
    if (exception := at_large_exception(facts)) is not None:
        return exception
    if facts.on_leash_held_by_responsible_person:
        return _at_large_finding(
            facts,
            "nuisance.at_large",
            "not_at_large",
            "3-2-7.D.1.a",
            "Not at large: off the owner's premises on a leash held by a responsible person "
            "(3-2-7.D.1.a).",
        )
    if facts.under_direct_control_by_command:
        return _at_large_finding(
            facts,
            "nuisance.at_large",
            "not_at_large",
            "3-2-7.D.1.b",
            "Not at large: off the owner's premises, accompanied by and under the direct control "
            "of a responsible person, effectively restrained by command (3-2-7.D.1.b).",
        )
    return _at_large_finding(
        facts,
        "nuisance.at_large",
        "at_large",
        "3-2-7.D.1",
        "At large: off the owner's premises, neither on a leash held by a responsible person nor "
        "under direct control by command, and neither hunting nor in obedience training under "
        "control (3-2-7.D.1, D.2).",
    )


@rule(
    "nuisance.park_leash",
    sections=("3-2-7.D.3",),
    title="Leashed on or next to athletic fields and parks",
    summary=(
        "Dogs on or directly adjacent to athletic fields or parks must be leashed, whether or not "
        "they are at large: voice control, hunting or obedience training is not a leash."
    ),
    question="at-large",
)
def park_leash(facts: AtLargeFacts) -> Finding | None:
    """3-2-7.D.3: "Dogs that are on or directly adjacent to all athletic fields or parks must be
    leashed."

    A duty of its own, like the excrement rule beside it, not a case of running at large: a dog in
    obedience training under control by a park is not at large (D.2.b) but, unleashed, breaches
    this sentence. None when the dog was not off its owner's premises on or next to a field or
    park (the sentence is not engaged)."""
    if not (facts.off_owner_premises and facts.on_or_next_to_athletic_field_or_park):
        return None
    if facts.on_leash_held_by_responsible_person:
        return _at_large_finding(
            facts,
            "nuisance.park_leash",
            "met",
            "3-2-7.D.3",
            "Leashed on or next to an athletic field or park, as required (3-2-7.D.3).",
        )
    return _at_large_finding(
        facts,
        "nuisance.park_leash",
        "violation",
        "3-2-7.D.3",
        "Violation: dogs on or directly adjacent to athletic fields or parks must be leashed, and "
        "this one was not (3-2-7.D.3).",
    )


def at_large_findings(facts: AtLargeFacts) -> list[Finding]:
    """Everything 3-2-7.D finds from what the officer saw: at large or not (D.1, or the D.2
    exception that applied), the park leash duty where engaged (D.3), the excrement duty (D.3)."""
    park = park_leash(facts)
    return [at_large(facts), *([park] if park is not None else []), excrement(facts.excrement_left)]


@rule(
    "nuisance.excrement",
    sections=("3-2-7.D.3",),
    title="Cleaning up after a dog",
    summary="Owners are required to clean up and dispose of their pet's excrement.",
    question="at-large",
)
def excrement(left: bool) -> Finding:
    """3-2-7.D.3: "Owners are required to clean up and dispose of their pet's excrement." """
    if left:
        return Finding(
            rule="nuisance.excrement",
            outcome="violation",
            sections=("3-2-7.D.3",),
            blocks=True,
            message="Violation: the owner did not clean up and dispose of the dog's excrement "
            "(3-2-7.D.3).",
            facts={"excrement_left": left},
        )
    return Finding(
        rule="nuisance.excrement",
        outcome="no_violation",
        sections=("3-2-7.D.3",),
        message="No excrement was left behind (3-2-7.D.3).",
        facts={"excrement_left": left},
    )


# ----------------------------------------------------------------------------- B. damage

DEFENCES = ("none", "owner", "family", "property")


@rule(
    "nuisance.damage",
    sections=("3-2-7.B",),
    title="Damage to another's person or property",
    summary=(
        "Damage to the person or property of anyone other than the owner is a nuisance, except "
        "in defense of the owner, the owner's family or the owner's property."
    ),
    question="damage",
)
def damage(*, damaged_owner_own: bool, in_defense_of: str, damage_done: bool = True) -> Finding:
    """3-2-7.B: "Commit damage to the person or property of anyone other than the owner except as
    shall be committed in the defense of such owner, or in the defense of their family, or in the
    defense of their property."

    "No damage" is an answer, not a silence: an officer who finds that the dog damaged no one's
    person or property decides B the other way (outcome ``no_damage``)."""
    if in_defense_of not in DEFENCES:
        raise ValueError(f"in_defense_of {in_defense_of!r} is not one of {', '.join(DEFENCES)}")
    facts = {
        "damage_done": damage_done,
        "damaged_owner_own": damaged_owner_own,
        "in_defense_of": in_defense_of,
    }
    if not damage_done:
        return Finding(
            rule="nuisance.damage",
            outcome="no_damage",
            sections=("3-2-7.B",),
            message="Not a nuisance under 3-2-7.B: the dog did no damage to the person or "
            "property of anyone.",
            facts=facts,
        )
    if damaged_owner_own:
        return Finding(
            rule="nuisance.damage",
            outcome="not_a_nuisance",
            sections=("3-2-7.B",),
            message="Not a nuisance under 3-2-7.B: the damage was to the owner's own person or "
            "property.",
            facts=facts,
        )
    if in_defense_of != "none":
        whose = {
            "owner": "the owner",
            "family": "the owner's family",
            "property": "the owner's property",
        }[in_defense_of]
        return Finding(
            rule="nuisance.damage",
            outcome="defense",
            sections=("3-2-7.B",),
            message=f"Not a nuisance: the damage was committed in the defense of {whose} "
            f"(3-2-7.B).",
            facts=facts,
        )
    return Finding(
        rule="nuisance.damage",
        outcome="nuisance",
        sections=("3-2-7.B",),
        blocks=True,
        message="Public nuisance: the dog damaged the person or property of someone other than "
        "its owner, not in the defense of the owner, the family or their property (3-2-7.B).",
        facts=facts,
    )


# ----------------------------------------------------------------------------- C, E recorded

AGGRESSION_ACTS = {
    "snarled_at_persons": "snarled at persons",
    "bit_person": "bit a person",
    "bit_animal": "bit another animal",
    "habitual_vicious_tendencies": "habitually exhibits vicious tendencies",
    "molested_person_away_from_owner_property": (
        "molested or annoyed a person away from the owner's property"
    ),
    "damaged_public_or_private_property": "damaged, defiled or destroyed public or private property",
}
CHASING_ACTS = {
    "chased_vehicle": "chased vehicles",
    "interfered_with_walkers": "interfered with persons walking",
    "interfered_with_riders": "interfered with persons horseback riding",
    "interfered_with_drivers": (
        "interfered with persons driving automobiles, bicycles, motorcycles, motorbikes, "
        "snowmobiles or other vehicles"
    ),
}
DANGEROUS_DOG_ACTS = ("bit_person", "bit_animal", "habitual_vicious_tendencies")


@rule(
    "nuisance.aggression",
    sections=("3-2-7.C",),
    title="Snarling, biting, vicious tendencies",
    summary=(
        "Snarling at or biting persons, biting other animals, habitual vicious tendencies, "
        "molesting persons away from the owner's property or damaging property is a nuisance; a "
        "bite or vicious tendencies is referred for a dangerous-dog review (3-2-9)."
    ),
    question="nuisance-acts",
)
def aggression(acts: Sequence[str]) -> Finding:
    """3-2-7.C: "Snarl at persons, bite persons or other animals, or habitually exhibit vicious
    tendencies, molest or annoy any person away from the property of the owner, or to damage,
    defile or destroy public or private property." Recorded as a finding for the record; a bite or
    vicious tendencies is flagged for the Animal Control Authority's review under 3-2-9.A."""
    unknown = sorted(set(acts) - set(AGGRESSION_ACTS))
    if unknown:
        raise ValueError(f"unknown act(s): {', '.join(unknown)}")
    chosen = [a for a in AGGRESSION_ACTS if a in acts]
    if not chosen:
        return Finding(
            rule="nuisance.aggression",
            outcome="not_found",
            sections=("3-2-7.C",),
            message="No act of 3-2-7.C was found.",
            facts={"acts": []},
        )
    refer = [a for a in chosen if a in DANGEROUS_DOG_ACTS]
    message = "Public nuisance: the dog " + "; ".join(AGGRESSION_ACTS[a] for a in chosen)
    message += " (3-2-7.C)."
    if refer:
        message += (
            " Refer to the Animal Control Authority for review under 3-2-9.A (dangerous dog): "
            "a bite or vicious tendencies may meet the criteria of Minn. Stat. 347.50."
        )
    return Finding(
        rule="nuisance.aggression",
        outcome="nuisance",
        sections=("3-2-7.C", "3-2-9.A") if refer else ("3-2-7.C",),
        blocks=True,
        message=message,
        facts={"acts": chosen},
        details={"dangerous_dog_referral": bool(refer)},
    )


@rule(
    "nuisance.chasing",
    sections=("3-2-7.E",),
    title="Chasing vehicles, interfering with persons",
    summary=(
        "Chasing vehicles or interfering with persons walking, riding or driving on public "
        "grounds, streets or highways is a nuisance."
    ),
    question="nuisance-acts",
)
def chasing(acts: Sequence[str], on_public_grounds_streets_or_highways: bool) -> Finding:
    """3-2-7.E: "Chase vehicles or interfere with persons walking, horseback riding, or persons
    driving automobiles, bicycles, motorcycles, motorbikes, snowmobiles, or other vehicles on public
    grounds, streets or highways." """
    unknown = sorted(set(acts) - set(CHASING_ACTS))
    if unknown:
        raise ValueError(f"unknown act(s): {', '.join(unknown)}")
    chosen = [a for a in CHASING_ACTS if a in acts]
    facts = {
        "acts": chosen,
        "on_public_grounds_streets_or_highways": on_public_grounds_streets_or_highways,
    }
    if not chosen:
        return Finding(
            rule="nuisance.chasing",
            outcome="not_found",
            sections=("3-2-7.E",),
            message="No act of 3-2-7.E was found.",
            facts=facts,
        )
    what = "; ".join(CHASING_ACTS[a] for a in chosen)
    if not on_public_grounds_streets_or_highways:
        return Finding(
            rule="nuisance.chasing",
            outcome="not_found",
            sections=("3-2-7.E",),
            message=f"Not a nuisance under 3-2-7.E: the dog {what}, but not on public grounds, "
            f"streets or highways.",
            facts=facts,
        )
    return Finding(
        rule="nuisance.chasing",
        outcome="nuisance",
        sections=("3-2-7.E",),
        blocks=True,
        message=f"Public nuisance: the dog {what} on public grounds, streets or highways "
        f"(3-2-7.E).",
        facts=facts,
    )


# ----------------------------------------------------------------------------- question facts


@facts
class BarkingFacts:
    """The facts of the question ``barking`` (3-2-7.A)."""

    on: dt.date = fact("The day asked about (for the parameters in force)")
    noises: tuple[dt.datetime, ...] = fact(
        "When each noise was heard, ISO 8601 (any order; repeats count once)"
    )


@facts
class DamageFacts:
    """The facts of the question ``damage`` (3-2-7.B)."""

    damage_done: bool = fact(
        "The dog damaged a person or property (false: no damage was done, which decides 3-2-7.B: "
        "no nuisance)",
        default=True,
    )
    damaged_owner_own: bool = fact("The damage was to the owner's own person or property")
    in_defense_of: str = fact(
        "Committed in the defense of the owner, their family or their property",
        default="none",
        choices=DEFENCES,
    )


@facts
class NuisanceActsFacts:
    """The facts of the question ``nuisance-acts`` (3-2-7.C, E)."""

    acts: tuple[str, ...] = fact(
        "What the dog did: " + ", ".join((*AGGRESSION_ACTS, *CHASING_ACTS))
    )
    on_public_grounds_streets_or_highways: bool = fact(
        "The chasing or interfering was on public grounds, streets or highways (E)", default=False
    )
