"""Public nuisances: barking from noise timestamps, damage, vicious acts, running at large,
chasing. Each provision is named by a concept (``nuisance.barking``) and cited as the jurisdiction
package says (``law.provisions``); the quotations are Nowthen's words.

``nuisance.owner_duty`` and ``nuisance.barking``, in Nowthen's words: "The owner of any animal
shall prevent it from committing any act which constitutes a public nuisance. It is a public
nuisance for any animal to: A. Bark, bay, cry, howl or make any other noise repeatedly over at
least a five (5) minute period of time, with a thirty (30) second or less lapse of time between
each animal noise during the five (5) minute period."

The timestamps are the moments each noise was heard (typed by the officer, read from a log, or
detected in a recording). They need not be sorted; the same moment given twice is one noise.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass

from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.params import ParameterSet
from dogtag.law.provisions import cite, maps
from dogtag.law.registry import rule

# The provisions applied here, in the ordinance's words (each package maps them to its sections)
BARKING = "nuisance.barking"
DAMAGE = "nuisance.damage"
DAMAGE_DEFENSE = "nuisance.damage.defense"
#: the variant of a city whose law forbids damage to another's property only, with no defense
#: (Lino Lakes': "A person must not permit an animal under his or her care, custody or
#: control to damage another person's lawn, garden or other property")
PROPERTY_DAMAGE = "nuisance.damage.property"
VICIOUS = "nuisance.vicious"
AT_LARGE_DEFINITION = "nuisance.at_large.definition"
AT_LARGE_LEASH = "nuisance.at_large.leash"
AT_LARGE_COMMAND = "nuisance.at_large.command"
AT_LARGE_EXCEPTIONS = "nuisance.at_large.exceptions"
HUNTING = "nuisance.at_large.exceptions.hunting"
OBEDIENCE_TRAINING = "nuisance.at_large.exceptions.obedience_training"
RUNNING_LOOSE = "nuisance.at_large.running_loose"
PARKS_LEASH = "nuisance.parks_leash"
EXCREMENT = "nuisance.excrement"
CHASING = "nuisance.chasing"
DANGEROUS_DOG_DESIGNATION = "dangerous_dog.designation"


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
    provisions=(BARKING,),
    title="Barking or other noise as a public nuisance",
    summary=(
        "Barking, baying, crying, howling or other noise is a nuisance when repeated over at least "
        "{barking.minimum_period_seconds:duration} with no lapse of more than "
        "{barking.maximum_gap_seconds:duration} between noises; finds every such period."
    ),
    question="barking",
)
def barking(noises: Sequence[dt.datetime], on: dt.date, params: ParameterSet) -> Finding:
    """``nuisance.barking``. A period qualifies when its first and last noise are at least the
    minimum period apart (in Nowthen exactly 5:00 qualifies, 4:59 does not) and no lapse between
    consecutive noises in it exceeds the maximum gap (exactly 30 s is allowed, 31 s ends the run):
    reading ``readings.barking_period``. Cited as the city of ``params`` numbers it."""
    _aware(noises)
    section = cite(BARKING, params)
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
            sections=(section,),
            blocks=True,
            message=(
                f"Public nuisance: {len(qualifying)} period(s) of {rule_text} ({section}): {listed}."
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
        sections=(section,),
        message=f"Not a nuisance under {section}: {why}. The ordinance requires {rule_text}.",
        facts=facts,
        parameters=(period, gap),
        details=details,
    )


# ----------------------------------------------------------------------------- at large


@facts
class AtLargeFacts:
    """What the officer saw (``nuisance.at_large``). Every field is a yes/no the officer answers,
    in the ordinance's words; the complaint page asks each with this description as its label."""

    off_owner_premises: bool = fact(
        "The dog was off the premises of the owner ({§nuisance.at_large.definition})"
    )
    on_leash_held_by_responsible_person: bool = fact(
        "It was on a leash held by a responsible person of sufficient age to adequately control "
        "it ({§nuisance.at_large.leash})",
        default=False,
    )
    under_direct_control_by_command: bool = fact(
        "It was accompanied by and under the direct control of such a person, effectively "
        "restrained by command ({§nuisance.at_large.command})",
        default=False,
    )
    lawfully_hunting_under_control: bool = fact(
        "It was lawfully engaged in wild game hunting under the control of its owner or other "
        "responsible person ({§nuisance.at_large.exceptions.hunting})",
        default=False,
    )
    obedience_training_under_control: bool = fact(
        "It was engaged in obedience training under the control of its owner or other "
        "responsible person ({§nuisance.at_large.exceptions.obedience_training})",
        default=False,
    )
    on_or_next_to_athletic_field_or_park: bool = fact(
        "It was on or directly adjacent to an athletic field or park ({§nuisance.parks_leash})",
        default=False,
    )
    ran_onto_other_property_from_owner_premises: bool = fact(
        "It was running loose on the owner's property and ran onto adjacent public or private "
        "property ({§nuisance.at_large.running_loose})",
        default=False,
    )
    did_not_respond_to_a_person: bool = fact(
        "It did not respond to a person ({§nuisance.at_large.running_loose})", default=False
    )
    excrement_left: bool = fact(
        "The owner did not clean up and dispose of the dog's excrement ({§nuisance.excrement})",
        default=False,
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


def _section_number(cited: str) -> str:
    """The number of the section a citation is in: its leading numbers, up to the first letter
    or parenthesis; "" for a citation that starts otherwise."""
    found = re.match(r"\d+(?:[-.]\d+)*", cited)
    return found.group() if found else ""


def _after(first: str, then: str) -> str:
    """``then`` as cited after ``first`` in one parenthesis: without the number of the section
    the two share (a subsection "D.2" after one cited in full), in full when their sections
    differ or ``then`` is a whole section."""
    number = _section_number(then)
    within = then[len(number) :].removeprefix(".")
    return within if number and within and number == _section_number(first) else then


@rule(
    "nuisance.at_large_exception",
    provisions=(AT_LARGE_EXCEPTIONS,),
    title="Not at large: hunting or obedience training under control",
    summary=(
        "A dog lawfully hunting wild game, or in obedience training, under the control of its "
        "owner or another responsible person shall not be determined to be at large."
    ),
    question="at-large",
)
def at_large_exception(facts: AtLargeFacts) -> Finding | None:
    """``nuisance.at_large.exceptions``, in Nowthen's words: "A dog shall not be determined to be
    at large if: a. Lawfully engaged in wild game hunting and is under the control of its owner or
    other responsible person, or b. When engaged in obedience training and is under the control of
    its owner or other responsible person."

    The exception to the definition of at large, as its own finding so the answer says which
    exception applied; None when neither applies (or the dog is on its owner's premises, where the
    definition does not reach)."""
    if not facts.off_owner_premises:
        return None
    if facts.lawfully_hunting_under_control:
        section = cite(HUNTING)
        return _at_large_finding(
            facts,
            "nuisance.at_large_exception",
            "not_at_large",
            section,
            "Not at large: lawfully engaged in wild game hunting under the control of a "
            f"responsible person ({section}).",
        )
    if facts.obedience_training_under_control:
        section = cite(OBEDIENCE_TRAINING)
        return _at_large_finding(
            facts,
            "nuisance.at_large_exception",
            "not_at_large",
            section,
            "Not at large: engaged in obedience training under the control of a responsible "
            f"person ({section}).",
        )
    return None


@rule(
    "nuisance.at_large",
    provisions=(AT_LARGE_DEFINITION, RUNNING_LOOSE),
    title="Running at large",
    summary=(
        "A dog off its owner's premises is at large unless on a leash held by a responsible "
        "person or under direct control by command; a loose dog that runs off its owner's "
        "property onto adjacent property and does not respond to a person is at large. The "
        "exceptions of {§nuisance.at_large.exceptions} are their own rule "
        "(nuisance.at_large_exception)."
    ),
    question="at-large",
)
def at_large(facts: AtLargeFacts) -> Finding:
    """``nuisance.at_large.definition``, in Nowthen's words: "An animal is considered to be at
    large if off the premises of the owner and is: a. Not on a leash held by a responsible person
    of sufficient age to adequately control the animal at all times, or b. Not accompanied by and
    under the direct control of such responsible person so as to be effectively restrained by
    command." ``nuisance.at_large.running_loose``: "... If any animal is running loose on the
    owner's property and runs onto adjacent public or private properties and does not respond to a
    person, then the animal is considered "at large"."

    Reading ``readings.at_large_alternatives``: the leash (a) and the command (b) are
    alternatives; a dog is at large only when it is neither leashed nor under direct control by
    command (the usual reading of "or" in a list of ways to be restrained).
    The exceptions (``at_large_exception``) are checked first: a dog they cover "shall not be
    determined to be at large", and the finding returned is the exception's. The park sentence
    beside the running-loose one ("must be leashed") is not a case of being at large: it is its
    own rule (``park_leash``).
    """
    if not facts.off_owner_premises:
        if facts.ran_onto_other_property_from_owner_premises and facts.did_not_respond_to_a_person:
            section = cite(RUNNING_LOOSE)
            return _at_large_finding(
                facts,
                "nuisance.at_large",
                "at_large",
                section,
                "At large: the dog was running loose on the owner's property, ran onto adjacent "
                f"property and did not respond to a person ({section}).",
            )
        if facts.ran_onto_other_property_from_owner_premises:
            section = cite(RUNNING_LOOSE)
            return _at_large_finding(
                facts,
                "nuisance.at_large",
                "not_at_large",
                section,
                "Not at large: the dog ran onto adjacent property but responded to a person "
                f"({section}).",
            )
        section = cite(AT_LARGE_DEFINITION)
        return _at_large_finding(
            facts,
            "nuisance.at_large",
            "not_at_large",
            section,
            f"Not at large: the dog was on its owner's premises ({section}).",
        )
    if (exception := at_large_exception(facts)) is not None:
        return exception
    if facts.on_leash_held_by_responsible_person:
        section = cite(AT_LARGE_LEASH)
        return _at_large_finding(
            facts,
            "nuisance.at_large",
            "not_at_large",
            section,
            "Not at large: off the owner's premises on a leash held by a responsible person "
            f"({section}).",
        )
    if facts.under_direct_control_by_command:
        section = cite(AT_LARGE_COMMAND)
        return _at_large_finding(
            facts,
            "nuisance.at_large",
            "not_at_large",
            section,
            "Not at large: off the owner's premises, accompanied by and under the direct control "
            f"of a responsible person, effectively restrained by command ({section}).",
        )
    section = cite(AT_LARGE_DEFINITION)
    exceptions = _after(section, cite(AT_LARGE_EXCEPTIONS))
    return _at_large_finding(
        facts,
        "nuisance.at_large",
        "at_large",
        section,
        "At large: off the owner's premises, neither on a leash held by a responsible person nor "
        "under direct control by command, and neither hunting nor in obedience training under "
        f"control ({section}, {exceptions}).",
    )


@rule(
    "nuisance.park_leash",
    provisions=(PARKS_LEASH,),
    title="Leashed on or next to athletic fields and parks",
    summary=(
        "Dogs on or directly adjacent to athletic fields or parks must be leashed, whether or not "
        "they are at large: voice control, hunting or obedience training is not a leash."
    ),
    question="at-large",
)
def park_leash(facts: AtLargeFacts) -> Finding | None:
    """``nuisance.parks_leash``, in Nowthen's words: "Dogs that are on or directly adjacent to all
    athletic fields or parks must be leashed."

    A duty of its own, like the excrement rule beside it, not a case of running at large: a dog in
    obedience training under control by a park is not at large (an exception) but, unleashed,
    breaches this sentence. None when the dog was not off its owner's premises on or next to a
    field or park (the sentence is not engaged)."""
    if not (facts.off_owner_premises and facts.on_or_next_to_athletic_field_or_park):
        return None
    section = cite(PARKS_LEASH)
    if facts.on_leash_held_by_responsible_person:
        return _at_large_finding(
            facts,
            "nuisance.park_leash",
            "met",
            section,
            f"Leashed on or next to an athletic field or park, as required ({section}).",
        )
    return _at_large_finding(
        facts,
        "nuisance.park_leash",
        "violation",
        section,
        "Violation: dogs on or directly adjacent to athletic fields or parks must be leashed, and "
        f"this one was not ({section}).",
    )


def at_large_findings(facts: AtLargeFacts) -> list[Finding]:
    """Everything the at-large provisions find from what the officer saw: at large or not (or the
    exception that applied), the park leash duty where engaged, the excrement duty."""
    park = park_leash(facts)
    return [at_large(facts), *([park] if park is not None else []), excrement(facts.excrement_left)]


@rule(
    "nuisance.excrement",
    provisions=(EXCREMENT,),
    title="Cleaning up after a dog",
    summary="Owners are required to clean up and dispose of their pet's excrement.",
    question="at-large",
)
def excrement(left: bool) -> Finding:
    """``nuisance.excrement``, in Nowthen's words: "Owners are required to clean up and dispose of
    their pet's excrement." """
    section = cite(EXCREMENT)
    if left:
        return Finding(
            rule="nuisance.excrement",
            outcome="violation",
            sections=(section,),
            blocks=True,
            message="Violation: the owner did not clean up and dispose of the dog's excrement "
            f"({section}).",
            facts={"excrement_left": left},
        )
    return Finding(
        rule="nuisance.excrement",
        outcome="no_violation",
        sections=(section,),
        message=f"No excrement was left behind ({section}).",
        facts={"excrement_left": left},
    )


# ----------------------------------------------------------------------------- damage

DEFENCES = ("none", "owner", "family", "property")


@rule(
    "nuisance.damage",
    # the defense is a provision of its own: a city whose law states none cannot be asked this rule
    provisions=(DAMAGE, DAMAGE_DEFENSE),
    title="Damage to another's person or property",
    summary=(
        "Damage to the person or property of anyone other than the owner is a nuisance, except "
        "in defense of the owner, the owner's family or the owner's property."
    ),
    question="damage",
)
def damage(*, damaged_owner_own: bool, in_defense_of: str, damage_done: bool = True) -> Finding:
    """``nuisance.damage``, in Nowthen's words: "Commit damage to the person or property of anyone
    other than the owner" and ``nuisance.damage.defense``: "except as shall be committed in the
    defense of such owner, or in the defense of their family, or in the defense of their
    property." The defense is a provision of its own: in a city whose law states no such defense
    the rule is not law (``registry.unavailable``) rather than citing the damage section for it.

    "No damage" is an answer, not a silence: an officer who finds that the dog damaged no one's
    person or property decides the provision the other way (outcome ``no_damage``)."""
    if in_defense_of not in DEFENCES:
        raise ValueError(f"in_defense_of {in_defense_of!r} is not one of {', '.join(DEFENCES)}")
    facts = {
        "damage_done": damage_done,
        "damaged_owner_own": damaged_owner_own,
        "in_defense_of": in_defense_of,
    }
    section = cite(DAMAGE)
    if not damage_done:
        return Finding(
            rule="nuisance.damage",
            outcome="no_damage",
            sections=(section,),
            message=f"Not a nuisance under {section}: the dog did no damage to the person or "
            "property of anyone.",
            facts=facts,
        )
    if damaged_owner_own:
        return Finding(
            rule="nuisance.damage",
            outcome="not_a_nuisance",
            sections=(section,),
            message=f"Not a nuisance under {section}: the damage was to the owner's own person or "
            "property.",
            facts=facts,
        )
    if in_defense_of != "none":
        whose = {
            "owner": "the owner",
            "family": "the owner's family",
            "property": "the owner's property",
        }[in_defense_of]
        defense = cite(DAMAGE_DEFENSE)
        return Finding(
            rule="nuisance.damage",
            outcome="defense",
            sections=(defense,),
            message=f"Not a nuisance: the damage was committed in the defense of {whose} "
            f"({defense}).",
            facts=facts,
        )
    return Finding(
        rule="nuisance.damage",
        outcome="nuisance",
        sections=(section,),
        blocks=True,
        message="Public nuisance: the dog damaged the person or property of someone other than "
        f"its owner, not in the defense of the owner, the family or their property ({section}).",
        facts=facts,
    )


@rule(
    "nuisance.property_damage",
    provisions=(DAMAGE, PROPERTY_DAMAGE),
    title="Damage to another person's lawn, garden or other property",
    summary=(
        "Permitting an animal in one's care, custody or control to damage another person's lawn, "
        "garden or other property is forbidden ({§nuisance.damage.property}); the text states no "
        "defense."
    ),
    question="damage",
)
def property_damage(*, damage_done: bool, damaged_owner_own: bool) -> Finding:
    """``nuisance.damage.property``, the variant of a city whose law forbids damage to another
    person's property only and states no defense (Lino Lakes'). Damage to a person is
    not this provision's: it is asked of the city's dangerous-animal provisions instead. "No
    damage" decides the provision the other way (outcome ``no_damage``), as under
    ``nuisance.damage``."""
    facts = {"damage_done": damage_done, "damaged_owner_own": damaged_owner_own}
    section = cite(PROPERTY_DAMAGE)
    if not damage_done:
        return Finding(
            rule="nuisance.property_damage",
            outcome="no_damage",
            sections=(section,),
            message=f"No violation of {section}: the animal damaged no one's lawn, garden or "
            "other property.",
            facts=facts,
        )
    if damaged_owner_own:
        return Finding(
            rule="nuisance.property_damage",
            outcome="not_a_nuisance",
            sections=(section,),
            message=f"No violation of {section}: the damage was to the owner's own property, not "
            "another person's.",
            facts=facts,
        )
    return Finding(
        rule="nuisance.property_damage",
        outcome="nuisance",
        sections=(section,),
        blocks=True,
        message="Violation: the animal damaged another person's lawn, garden or other property "
        f"({section}).",
        facts=facts,
    )


def damage_finding(*, damage_done: bool, damaged_owner_own: bool, in_defense_of: str) -> Finding:
    """The damage rule the city in force states: the variant of damage to another person's
    property only, with no defense (``nuisance.damage.property``), where its package states it;
    else ``nuisance.damage`` with its defenses. A defense given where the city's law states none
    is a ``ValueError`` naming the section."""
    if maps(PROPERTY_DAMAGE):
        if in_defense_of != "none":
            raise ValueError(f"{cite(PROPERTY_DAMAGE)} states no defense: leave it out")
        return property_damage(damage_done=damage_done, damaged_owner_own=damaged_owner_own)
    return damage(
        damaged_owner_own=damaged_owner_own, in_defense_of=in_defense_of, damage_done=damage_done
    )


# ----------------------------------------------------------------------------- vicious, chasing

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
    provisions=(VICIOUS,),
    title="Snarling, biting, vicious tendencies",
    summary=(
        "Snarling at or biting persons, biting other animals, habitual vicious tendencies, "
        "molesting persons away from the owner's property or damaging property is a nuisance; a "
        "bite or vicious tendencies is referred for a dangerous-dog review "
        "({§dangerous_dog.designation})."
    ),
    question="nuisance-acts",
)
def aggression(acts: Sequence[str]) -> Finding:
    """``nuisance.vicious``, in Nowthen's words: "Snarl at persons, bite persons or other animals,
    or habitually exhibit vicious tendencies, molest or annoy any person away from the property of
    the owner, or to damage, defile or destroy public or private property." Recorded as a finding
    for the record; a bite or vicious tendencies is flagged for the Animal Control Authority's
    review under ``dangerous_dog.designation``."""
    unknown = sorted(set(acts) - set(AGGRESSION_ACTS))
    if unknown:
        raise ValueError(f"unknown act(s): {', '.join(unknown)}")
    chosen = [a for a in AGGRESSION_ACTS if a in acts]
    section = cite(VICIOUS)
    if not chosen:
        return Finding(
            rule="nuisance.aggression",
            outcome="not_found",
            sections=(section,),
            message=f"No act of {section} was found.",
            facts={"acts": []},
        )
    refer = [a for a in chosen if a in DANGEROUS_DOG_ACTS]
    message = "Public nuisance: the dog " + "; ".join(AGGRESSION_ACTS[a] for a in chosen)
    message += f" ({section})."
    sections: tuple[str, ...] = (section,)
    if refer:
        designation = cite(DANGEROUS_DOG_DESIGNATION)
        sections += (designation,)
        message += (
            f" Refer to the Animal Control Authority for review under {designation} (dangerous "
            "dog): a bite or vicious tendencies may meet the criteria of Minn. Stat. 347.50."
        )
    return Finding(
        rule="nuisance.aggression",
        outcome="nuisance",
        sections=sections,
        blocks=True,
        message=message,
        facts={"acts": chosen},
        details={"dangerous_dog_referral": bool(refer)},
    )


@rule(
    "nuisance.chasing",
    provisions=(CHASING,),
    title="Chasing vehicles, interfering with persons",
    summary=(
        "Chasing vehicles or interfering with persons walking, riding or driving on public "
        "grounds, streets or highways is a nuisance."
    ),
    question="nuisance-acts",
)
def chasing(acts: Sequence[str], on_public_grounds_streets_or_highways: bool) -> Finding:
    """``nuisance.chasing``, in Nowthen's words: "Chase vehicles or interfere with persons
    walking, horseback riding, or persons driving automobiles, bicycles, motorcycles, motorbikes,
    snowmobiles, or other vehicles on public grounds, streets or highways." """
    unknown = sorted(set(acts) - set(CHASING_ACTS))
    if unknown:
        raise ValueError(f"unknown act(s): {', '.join(unknown)}")
    chosen = [a for a in CHASING_ACTS if a in acts]
    facts = {
        "acts": chosen,
        "on_public_grounds_streets_or_highways": on_public_grounds_streets_or_highways,
    }
    section = cite(CHASING)
    if not chosen:
        return Finding(
            rule="nuisance.chasing",
            outcome="not_found",
            sections=(section,),
            message=f"No act of {section} was found.",
            facts=facts,
        )
    what = "; ".join(CHASING_ACTS[a] for a in chosen)
    if not on_public_grounds_streets_or_highways:
        return Finding(
            rule="nuisance.chasing",
            outcome="not_found",
            sections=(section,),
            message=f"Not a nuisance under {section}: the dog {what}, but not on public grounds, "
            f"streets or highways.",
            facts=facts,
        )
    return Finding(
        rule="nuisance.chasing",
        outcome="nuisance",
        sections=(section,),
        blocks=True,
        message=f"Public nuisance: the dog {what} on public grounds, streets or highways "
        f"({section}).",
        facts=facts,
    )


# ----------------------------------------------------------------------------- question facts


@facts
class BarkingFacts:
    """The facts of the question ``barking`` (``nuisance.barking``)."""

    on: dt.date = fact("The day asked about (for the parameters in force)")
    noises: tuple[dt.datetime, ...] = fact(
        "When each noise was heard, ISO 8601 (any order; repeats count once)"
    )


@facts
class DamageFacts:
    """The facts of the question ``damage`` (``nuisance.damage``)."""

    damage_done: bool = fact(
        "The dog damaged a person or property (false: no damage was done, which decides "
        "{§nuisance.damage}: no nuisance)",
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
    """The facts of the question ``nuisance-acts`` (``nuisance.vicious``, ``nuisance.chasing``)."""

    acts: tuple[str, ...] = fact(
        "What the dog did: " + ", ".join((*AGGRESSION_ACTS, *CHASING_ACTS))
    )
    on_public_grounds_streets_or_highways: bool = fact(
        "The chasing or interfering was on public grounds, streets or highways "
        "({§nuisance.chasing})",
        default=False,
    )
