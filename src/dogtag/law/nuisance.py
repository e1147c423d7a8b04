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

from dogtag.law.catalogue import rule
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.params import ParameterSet


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
        "5 minutes with no lapse of more than 30 seconds between noises; finds every such period."
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


@dataclass(frozen=True)
class AtLargeFacts:
    """What the officer saw (3-2-7.D). Every field is a yes/no the officer answers."""

    off_owner_premises: bool
    on_leash_held_by_responsible_person: bool = False
    under_direct_control_by_command: bool = False
    lawfully_hunting_under_control: bool = False
    obedience_training_under_control: bool = False
    on_or_next_to_athletic_field_or_park: bool = False
    ran_onto_other_property_from_owner_premises: bool = False
    did_not_respond_to_a_person: bool = False
    excrement_left: bool = False


@rule(
    "nuisance.at_large",
    sections=("3-2-7.D",),
    title="Running at large",
    summary=(
        "A dog off its owner's premises is at large unless leashed or under direct control by "
        "command, except lawful hunting or obedience training under control; by athletic fields "
        "and parks it must be leashed; a loose dog that runs off its owner's property and does not "
        "respond is at large."
    ),
    question="at-large",
)
def at_large(facts: AtLargeFacts) -> Finding:
    """3-2-7.D. 1: "An animal is considered to be at large if off the premises of the owner and is:
    a. Not on a leash held by a responsible person of sufficient age to adequately control the
    animal at all times, or b. Not accompanied by and under the direct control of such responsible
    person so as to be effectively restrained by command." 2: "A dog shall not be determined to be at
    large if: a. Lawfully engaged in wild game hunting and is under the control of its owner or other
    responsible person, or b. When engaged in obedience training and is under the control of its
    owner or other responsible person." 3: "Dogs that are on or directly adjacent to all athletic
    fields or parks must be leashed. ... If any animal is running loose on the owner's property and
    runs onto adjacent public or private properties and does not respond to a person, then the
    animal is considered "at large"."

    Reading ``readings.at_large_alternatives``: 1.a and 1.b are alternatives; a dog is at large
    only when it is neither leashed nor under direct control by command (the usual reading of "or"
    in a list of ways to be restrained).
    The exceptions of 2 are checked before 1; the leash rule of 3 applies wherever a dog is on or
    next to an athletic field or park, exceptions or not.
    """
    known = {k: v for k, v in vars(facts).items()}

    def finding(outcome: str, section: str, message: str, *, at: bool) -> Finding:
        return Finding(
            rule="nuisance.at_large",
            outcome=outcome,
            sections=(section,),
            blocks=at,
            message=message,
            facts=known,
        )

    if not facts.off_owner_premises:
        if facts.ran_onto_other_property_from_owner_premises and facts.did_not_respond_to_a_person:
            return finding(
                "at_large",
                "3-2-7.D.3",
                "At large: the dog was running loose on the owner's property, ran onto adjacent "
                "property and did not respond to a person (3-2-7.D.3).",
                at=True,
            )
        if facts.ran_onto_other_property_from_owner_premises:
            return finding(
                "not_at_large",
                "3-2-7.D.3",
                "Not at large: the dog ran onto adjacent property but responded to a person "
                "(3-2-7.D.3).",
                at=False,
            )
        return finding(
            "not_at_large",
            "3-2-7.D.1",
            "Not at large: the dog was on its owner's premises (3-2-7.D.1).",
            at=False,
        )
    if facts.on_or_next_to_athletic_field_or_park and not facts.on_leash_held_by_responsible_person:
        return finding(
            "at_large",
            "3-2-7.D.3",
            "At large: dogs on or directly adjacent to athletic fields or parks must be leashed, "
            "and this one was not (3-2-7.D.3).",
            at=True,
        )
    if facts.lawfully_hunting_under_control:
        return finding(
            "not_at_large",
            "3-2-7.D.2.a",
            "Not at large: lawfully engaged in wild game hunting under the control of a "
            "responsible person (3-2-7.D.2.a).",
            at=False,
        )
    if facts.obedience_training_under_control:
        return finding(
            "not_at_large",
            "3-2-7.D.2.b",
            "Not at large: engaged in obedience training under the control of a responsible "
            "person (3-2-7.D.2.b).",
            at=False,
        )
    if facts.on_leash_held_by_responsible_person:
        return finding(
            "not_at_large",
            "3-2-7.D.1.a",
            "Not at large: off the owner's premises on a leash held by a responsible person "
            "(3-2-7.D.1.a).",
            at=False,
        )
    if facts.under_direct_control_by_command:
        return finding(
            "not_at_large",
            "3-2-7.D.1.b",
            "Not at large: off the owner's premises, accompanied by and under the direct control "
            "of a responsible person, effectively restrained by command (3-2-7.D.1.b).",
            at=False,
        )
    return finding(
        "at_large",
        "3-2-7.D.1",
        "At large: off the owner's premises, neither on a leash held by a responsible person nor "
        "under direct control by command, and neither hunting nor in obedience training under "
        "control (3-2-7.D.1, D.2).",
        at=True,
    )


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
def damage(*, damaged_owner_own: bool, in_defense_of: str) -> Finding:
    """3-2-7.B: "Commit damage to the person or property of anyone other than the owner except as
    shall be committed in the defense of such owner, or in the defense of their family, or in the
    defense of their property." """
    if in_defense_of not in DEFENCES:
        raise ValueError(f"in_defense_of {in_defense_of!r} is not one of {', '.join(DEFENCES)}")
    facts = {"damaged_owner_own": damaged_owner_own, "in_defense_of": in_defense_of}
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
