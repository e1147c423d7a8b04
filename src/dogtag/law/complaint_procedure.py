"""A complaint of a dog or cat left in a motor vehicle (``vehicle.animal_left``) or of a public
nuisance (``nuisance.acts``: "It is a public nuisance for any animal to: A ... E") as a pure
function of its dated events (``law.procedure``). Each provision is named by a concept and cited
as the jurisdiction package says (``law.provisions``); the quotations are Nowthen's words.

A complaint is received (its kind: the subsection it is about, and the dogs it names), may be
assigned, investigated (follow-ups, evidence, the findings of the rules of its kind) and is closed
with an outcome. Each finding decides its subsection one way or the other, for one dog or for all
of them: a violation found, or none ("no damage" under B is an answer, not a silence). A violation
finding names whom the duty falls on: under ``nuisance.owner_duty`` the owner ("The owner of any
animal shall prevent it ..."), under ``vehicle.animal_left`` the person who left the animal ("A
person may not leave ..."), or says that person is not known. The latest finding on a subsection
and a dog stands.

An outcome rests on the findings standing on its day: "unfounded" on a finding of no violation
under the complaint's subsection (for every dog it names) and none found anywhere; a warning,
compliance notice or citation on a violation that names the person it is addressed to; "no owner
identified" on violations whose owner is not known; a referral for a dangerous-dog designation
(``dangerous_dog.designation``) on a bite, vicious tendencies (``nuisance.vicious``) or damage
(``nuisance.damage``). The complainant may
withdraw: that is recorded, and closes the complaint only while no violation has been found
(``readings.complaint_withdrawal``). A closed complaint takes nothing more, except a reopening on
new evidence: an event of its own that keeps the earlier outcome on the record, never an edit
(``readings.complaint_reopening``).

Events: ``received`` (facts: ``kind``, ``number``, ``dogs``), ``assigned``, ``follow_up``,
``evidence``, ``finding`` (facts: ``rule``, ``outcome``, ``dog``, ``duty``, ``person``,
``owner_of_record``, ``dangerous_dog_referral``), ``vehicle_incident``, ``withdrawn``, ``closed``
(facts: ``outcome``, ``dog``) and ``reopened`` (facts: ``new_evidence``). The state on a day reads
the events of that day and before only.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace

# the rules that decide each kind's findings, registered before the kinds offered are read
from dogtag.law import nuisance, prohibitions, vehicles  # noqa: F401
from dogtag.law.event_tables import EventRow, provision
from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.params import ParameterSet, default
from dogtag.law.passages import passage
from dogtag.law.procedure import Event, ProcedureState, ordered
from dogtag.law.provisions import cite, maps
from dogtag.law.registry import RULES, rule, unavailable

PROCEDURE = "complaint"
QUESTION = "complaint"

# The provisions applied here, in the ordinance's words (each package maps them to its sections)
#: "It is a public nuisance for any animal to:" (the acts a nuisance complaint is about)
NUISANCE_ACTS = "nuisance.acts"
#: "The owner of any animal shall prevent it from committing any act which constitutes a public
#: nuisance"
OWNER_DUTY = "nuisance.owner_duty"
BARKING = "nuisance.barking"
DAMAGE = "nuisance.damage"
VICIOUS = "nuisance.vicious"
AT_LARGE = "nuisance.at_large"
AT_LARGE_DEFINITION = "nuisance.at_large.definition"
AT_LARGE_EXCEPTIONS = "nuisance.at_large.exceptions"
PARKS_LEASH = "nuisance.parks_leash"
EXCREMENT = "nuisance.excrement"
CHASING = "nuisance.chasing"
#: "A person may not leave a dog or cat unattended in a standing or parked motor vehicle ..."
VEHICLE = "vehicle.animal_left"
#: prohibitions another city's law states (Lino Lakes': ``law.prohibitions``)
ABANDONMENT = "nuisance.abandonment"
FECES_REMOVAL = "nuisance.feces_removal"
DANGEROUS_DOG_DESIGNATION = "dangerous_dog.designation"
#: Lino Lakes' variant: "The Animal Control Officer shall designate ... an animal" (any animal)
DANGEROUS_ANIMAL_DESIGNATION = "dangerous_animal.designation"


def designation() -> str | None:
    """The provision a referral for a designation is made under in the city in force: its
    dangerous-dog designation, or the dangerous-animal designation of a city whose law designates
    any animal (Lino Lakes' ``dangerous_animal.designation``); None where its law states neither."""
    for concept in (DANGEROUS_DOG_DESIGNATION, DANGEROUS_ANIMAL_DESIGNATION):
        if maps(concept):
            return concept
    return None


#: kind of complaint -> (the provision it is about, its name in the ordinance's words)
KIND_PROVISIONS: dict[str, tuple[str, str]] = {
    "barking": (BARKING, "barking or other noise"),
    "damage": (DAMAGE, "damage to person or property"),
    "aggression": (VICIOUS, "snarling, biting, vicious tendencies"),
    "at_large": (AT_LARGE, "running at large"),
    "chasing": (CHASING, "chasing vehicles or people"),
    "vehicle": (VEHICLE, "dog or cat left in a motor vehicle"),
    "abandonment": (ABANDONMENT, "abandoning an animal"),
    "feces_device": (FECES_REMOVAL, "no device or container for removing feces"),
}


class _Kinds(Mapping[str, tuple[str, str]]):
    """Kind of complaint -> (the section it is about, its name with that section: "running at
    large" and its section), cited when asked, as the city in force numbers it (``KIND_PROVISIONS``);
    only the kinds the city's law takes (``offered_kinds``)."""

    def __getitem__(self, kind: str) -> tuple[str, str]:
        if kind not in offered_kinds():  # a kind the city's law does not take is none here
            raise KeyError(kind)
        concept, name = KIND_PROVISIONS[kind]
        section = cite(concept)
        return section, f"{name} ({section})"

    def __iter__(self) -> Iterator[str]:
        return iter(offered_kinds())

    def __len__(self) -> int:
        return len(offered_kinds())


#: kind of complaint -> (the section it is about, its name with that section), cited when read
KINDS: Mapping[str, tuple[str, str]] = _Kinds()
#: outcome -> its name
OUTCOMES: dict[str, str] = {
    "unfounded": "unfounded",
    "warning": "warning",
    "compliance_notice": "compliance notice",
    "citation": "citation / misdemeanor referral",
    "dangerous_dog_referral": "referral for dangerous-dog designation",
    "withdrawn": "withdrawn by the complainant",
    "no_owner_identified": "violation found, no owner identified",
}
#: Outcomes that say a violation happened: they need a finding of one first.
NEEDS_VIOLATION = (
    "warning",
    "compliance_notice",
    "citation",
    "dangerous_dog_referral",
    "no_owner_identified",
)
#: Outcomes addressed to a person: they need a violation that names whom the duty falls on.
NEEDS_PERSON = ("warning", "compliance_notice", "citation")
#: The rules whose finding may ground a referral for a dangerous-dog designation besides one that
#: says so itself (``dangerous_dog_referral``, a bite or vicious tendencies): damage
#: (``nuisance.damage``).
REFERRAL_RULES = ("nuisance.damage",)


@dataclass(frozen=True)
class Duty:
    """What one finding decides: a duty of the text (``provision``, a concept), and the outcomes
    of its rules that find it breached or not (``other``: outcomes recorded that decide neither,
    as a removal's)."""

    group: str
    provision: str
    name: str
    rules: tuple[str, ...]
    found: tuple[str, ...]
    not_found: tuple[str, ...]
    step: str
    other: tuple[str, ...] = ()

    @property
    def section(self) -> str:
        """The section stating the duty, as the city in force numbers it."""
        return cite(self.provision)


DUTIES: tuple[Duty, ...] = (
    Duty(
        "barking",
        BARKING,
        "barking or other noise",
        ("nuisance.barking",),
        ("nuisance",),
        ("not_a_nuisance",),
        "noise_evidence",
    ),
    Duty(
        "damage",
        DAMAGE,
        "damage to person or property",
        # Nowthen's damage with its defense, or the variant of damage to property only
        ("nuisance.damage", "nuisance.property_damage"),
        ("nuisance",),
        ("no_damage", "not_a_nuisance", "defense"),
        "damage_findings",
    ),
    Duty(
        "aggression",
        VICIOUS,
        "snarling, biting, vicious tendencies",
        ("nuisance.aggression",),
        ("nuisance",),
        ("not_found",),
        "acts_findings",
    ),
    Duty(
        "at_large",
        AT_LARGE,
        "running at large",
        ("nuisance.at_large", "nuisance.at_large_exception"),
        ("at_large",),
        ("not_at_large",),
        "at_large_findings",
    ),
    Duty(
        "park_leash",
        PARKS_LEASH,
        "leashed on or next to athletic fields and parks",
        ("nuisance.park_leash",),
        ("violation",),
        ("met",),
        "at_large_findings",
    ),
    Duty(
        "excrement",
        EXCREMENT,
        "cleaning up the dog's excrement",
        ("nuisance.excrement",),
        ("violation",),
        ("no_violation",),
        "at_large_findings",
    ),
    Duty(
        "chasing",
        CHASING,
        "chasing vehicles or interfering with persons",
        ("nuisance.chasing",),
        ("nuisance",),
        ("not_found",),
        "acts_findings",
    ),
    Duty(
        "vehicle",
        VEHICLE,
        "a dog or cat left in a motor vehicle",
        ("vehicle.animal_left",),
        # the penalty the city's law sets (vehicle.penalty): Nowthen's own section a misdemeanor,
        # Minn. Stat. 346.57 a petty misdemeanor
        ("misdemeanor", "petty_misdemeanor"),
        ("no_violation",),
        "vehicle_findings",
        other=("removal_lawful", "removal_questioned"),
    ),
    Duty(
        "abandonment",
        ABANDONMENT,
        "abandoning an animal",
        ("nuisance.abandonment",),
        ("violation",),
        ("not_abandoned",),
        "prohibition_findings",
    ),
    Duty(
        "feces_device",
        FECES_REMOVAL,
        "a device and a container for removing feces",
        ("nuisance.feces_removal",),
        ("violation",),
        ("not_covered", "met"),
        "prohibition_findings",
    ),
)
DUTY_OF_RULE: dict[str, Duty] = {r: d for d in DUTIES for r in d.rules}
#: rules that are exceptions: they find no violation, only that there is none
#: (``nuisance.at_large.exceptions``)
EXCEPTIONS = ("nuisance.at_large_exception",)
DUTY_BY_GROUP: dict[str, Duty] = {d.group: d for d in DUTIES}
#: kind -> the duties its findings decide, the one the complaint is about first
KIND_DUTIES: dict[str, tuple[str, ...]] = {
    "barking": ("barking",),
    "damage": ("damage",),
    "aggression": ("aggression",),
    "at_large": ("at_large", "park_leash", "excrement"),
    "chasing": ("chasing",),
    "vehicle": ("vehicle",),
    "abandonment": ("abandonment",),
    "feces_device": ("feces_device",),
}

#: whom a violation's duty falls on -> how a clerk says it
BASES: dict[str, str] = {
    "owner_of_record": "the owner of record of the dog on the day of the incident",
    "keeper": "a person who kept, harboured or had custody of the dog (an owner, Minn. Stat. 347.50)",
    "person_who_left": "the person who left the animal in the vehicle",
    "unknown": "not known",
}
#: the bases each provision allows: the nuisance duty binds the owner, the vehicle provision "a
#: person" who left the animal
BASES_FOR: dict[str, tuple[str, ...]] = {
    OWNER_DUTY: ("owner_of_record", "keeper", "unknown"),
    VEHICLE: ("person_who_left", "unknown"),
}
#: each duty's words, quoted after its section (``_duty_text``)
_DUTY_WORDS = {
    OWNER_DUTY: (
        '"The owner of any animal shall prevent it from committing any act which '
        'constitutes a public nuisance"'
    ),
    VEHICLE: '"A person may not leave a dog or cat unattended in a ... motor vehicle"',
}


def _duty_text(duty: str, kind: str = "") -> str:
    """The duty's section and words: the section cited as the city in force numbers it. A city
    whose law states each prohibition's duty in its own subdivision (Lino Lakes' prohibitions: "An
    owner must not ...", "A person must not allow ...") quotes that subdivision, by the passage
    ``duty.<kind>`` of its package; otherwise the words of the duty's own section."""
    own = passage(f"duty.{kind}") if kind and duty == OWNER_DUTY else None
    if own is not None:
        section, words = own
        return f'{section}: "{words}"'
    return f"{cite(duty)}: {_DUTY_WORDS[duty]}"


#: step -> (what it is, as "cannot ..." says it; the kinds it is for, empty for every kind)
STEPS: dict[str, tuple[str, tuple[str, ...]]] = {
    "assign": ("assign it", ()),
    "follow_up": ("add a follow-up", ()),
    "evidence": ("add evidence", ()),
    "noise_evidence": ("add evidence", ("barking",)),
    "at_large_findings": ("record findings", ("at_large",)),
    "damage_findings": ("record findings", ("damage",)),
    "acts_findings": ("record findings", ("aggression", "chasing")),
    "vehicle_incident": ("record the incident", ("vehicle",)),
    "vehicle_findings": ("record findings", ("vehicle",)),
    "prohibition_findings": ("record findings", ("abandonment", "feces_device")),
    "withdraw": ("record the complainant's withdrawal", ()),
    **{f"close.{outcome}": ("close it again", ()) for outcome in OUTCOMES},
    "reopen": ("reopen it", ()),
}
EVENT_KINDS = (
    "received",
    "assigned",
    "follow_up",
    "evidence",
    "finding",
    "vehicle_incident",
    "withdrawn",
    "closed",
    "reopened",
)
#: event kind -> the step that records it (a finding's step is its rule's, ``step_of``)
_EVENT_STEP = {
    "assigned": "assign",
    "follow_up": "follow_up",
    "evidence": "evidence",
    "vehicle_incident": "vehicle_incident",
    "withdrawn": "withdraw",
    "reopened": "reopen",
}
#: events that close, reopen or withdraw: recorded in the order of their days only
_IN_ORDER_ONLY = ("withdrawn", "closed", "reopened")


def _text(value: JSONValue) -> str:
    return str(value).strip() if value is not None else ""


@dataclass(frozen=True)
class _Seen:
    """The complaint as its events so far make it: a fold of them (``_advance``)."""

    number: str
    kind: str
    received_on: dt.date
    dogs: tuple[str, ...]
    assigned: bool = False
    investigating: bool = False
    findings: tuple[Event, ...] = ()
    vehicle_incident: bool = False
    withdrawn_on: dt.date | None = None
    closed: str | None = None
    closed_on: dt.date | None = None
    reopenings: int = 0

    @property
    def named(self) -> str:
        return f"Complaint {self.number}" if self.number else "The complaint"

    @property
    def section(self) -> str:
        return cite(KIND_PROVISIONS[self.kind][0])

    @property
    def duty(self) -> str:
        """The provision whose duty a violation breaches (a concept)."""
        return VEHICLE if self.kind == "vehicle" else OWNER_DUTY

    @property
    def duty_section(self) -> str:
        return cite(self.duty)


def _start(receipt: Event) -> _Seen:
    kind = receipt.facts.get("kind")
    if kind not in KINDS:
        raise ValueError(f"kind {kind!r} is not one of {', '.join(KINDS)}")
    raw_dogs = receipt.facts.get("dogs") or []
    if not isinstance(raw_dogs, list | tuple):
        raise ValueError("the dogs of a complaint are a list")
    dogs = tuple(dict.fromkeys(_text(d) for d in raw_dogs if _text(d)))
    return _Seen(
        number=_text(receipt.facts.get("number")),
        kind=str(kind),
        received_on=receipt.on,
        dogs=dogs,
    )


def _advance(seen: _Seen, event: Event) -> _Seen:
    """The complaint after one more event (the fold of ``_seen``; recording and replaying both
    go through it)."""
    kind = event.kind
    if kind == "assigned":
        return replace(seen, assigned=True)
    if kind in ("follow_up", "evidence"):
        return replace(seen, investigating=True)
    if kind == "finding":
        return replace(seen, investigating=True, findings=(*seen.findings, event))
    if kind == "vehicle_incident":
        return replace(seen, investigating=True, vehicle_incident=True)
    if kind == "withdrawn":
        return replace(seen, withdrawn_on=event.on)
    if kind == "closed":
        return replace(seen, closed=_text(event.facts.get("outcome")), closed_on=event.on)
    if kind == "reopened":
        return replace(
            seen, closed=None, closed_on=None, investigating=True, reopenings=seen.reopenings + 1
        )
    raise ValueError(f"event {kind!r} is not an event of a complaint")


def _checked(events: Sequence[Event]) -> tuple[Event, list[Event]]:
    """The receipt and the other events in the order they happened."""
    events = ordered(list(events))
    receipts = [e for e in events if e.kind == "received"]
    if len(receipts) != 1:
        raise ValueError("a complaint has one receipt (received) among its events")
    unknown = sorted({e.kind for e in events} - set(EVENT_KINDS))
    if unknown:
        raise ValueError(f"events {', '.join(unknown)} are not events of a complaint")
    return receipts[0], [e for e in events if e.kind != "received"]


def _seen(events: Sequence[Event], on: dt.date | None = None) -> _Seen:
    """The complaint from its events, those of ``on`` and before only when ``on`` is given."""
    receipt, rest = _checked(events)
    seen = _start(receipt)
    for event in rest:
        if on is None or event.on <= on:
            seen = _advance(seen, event)
    return seen


def _dog(seen: _Seen, event: Event) -> str:
    """The dog a finding is about: the one named, the complaint's only dog, or "" (all, or the
    dog(s) not identified)."""
    named = _text(event.facts.get("dog"))
    if named:
        return named
    return seen.dogs[0] if len(seen.dogs) == 1 else ""


def _outcome(event: Event) -> str:
    """A finding event's outcome; an older event that gives only ``blocks`` reads as its rule's
    first outcome of that side."""
    outcome = _text(event.facts.get("outcome"))
    duty = DUTY_OF_RULE.get(_text(event.facts.get("rule")))
    if outcome or duty is None:
        return outcome
    return duty.found[0] if event.facts.get("blocks") else duty.not_found[0]


def _is_violation(event: Event) -> bool:
    duty = DUTY_OF_RULE.get(_text(event.facts.get("rule")))
    return duty is not None and _outcome(event) in duty.found


def _decides(event: Event) -> Duty | None:
    """The duty a finding decides; none where its outcome decides nothing, or its provision is
    not the city's law (a finding of another city's rule decides nothing here)."""
    duty = DUTY_OF_RULE.get(_text(event.facts.get("rule")))
    if duty is None or _outcome(event) not in (*duty.found, *duty.not_found):
        return None
    return duty if maps(duty.provision) else None


def _standing(seen: _Seen) -> dict[tuple[str, str], Event]:
    """(duty, dog) -> the finding that stands on it: the latest (a finding about no dog in
    particular decides every dog the complaint names)."""
    dogs = seen.dogs or ("",)
    out: dict[tuple[str, str], Event] = {}
    for event in seen.findings:
        duty = _decides(event)
        if duty is None:
            continue
        dog = _dog(seen, event)
        for target in dogs if dog == "" else (dog,):
            out[(duty.group, target)] = event
    return out


def _violations(seen: _Seen) -> list[tuple[Duty, str, Event]]:
    return [
        (DUTY_BY_GROUP[group], dog, event)
        for (group, dog), event in _standing(seen).items()
        if _is_violation(event)
    ]


def _about(dog: str) -> str:
    return f" ({dog})" if dog else ""


def duty_sentence(provision: str, facts: Mapping[str, JSONValue], kind: str = "") -> str:
    """Whom a violation's duty falls on, as a clerk reads it (``provision``: the duty's concept,
    ``nuisance.owner_duty`` or ``vehicle.animal_left``; ``kind``: the complaint's, whose
    subdivision states the duty where the city's law states it there)."""
    basis, person = _text(facts.get("duty")), _text(facts.get("person"))
    if basis == "unknown":
        return (
            "whom the duty falls on is not known: no warning, compliance notice or citation can "
            "be addressed until the owner is identified"
        )
    if basis == "owner_of_record":
        return f"the duty falls on {person}, {BASES[basis]} ({_duty_text(provision, kind)})"
    if basis == "keeper":
        return (
            f"the duty falls on {person}, {BASES[basis]}; reading readings.nuisance_duty_owner "
            f"({_duty_text(provision, kind)})"
        )
    return f"the duty falls on {person}, {BASES[basis]} ({_duty_text(provision, kind)})"


def _finding(
    rule_id: str,
    outcome: str,
    sections: tuple[str, ...],
    message: str,
    blocks: bool,
    facts: Mapping[str, JSONValue] | None = None,
) -> Finding:
    return Finding(
        rule=rule_id,
        outcome=outcome,
        sections=sections,
        blocks=blocks,
        message=message,
        facts=dict(facts or {}),
    )


# ----------------------------------------------------------------------------- rules


@rule(
    "complaint.step",
    provisions=(NUISANCE_ACTS, VEHICLE),
    title="What may be recorded on a complaint",
    summary=(
        "A complaint takes the evidence and findings of the subsection it is about "
        "({§nuisance.barking}-E or {§vehicle.animal_left}), one incident record for a vehicle, "
        "the complainant's withdrawal once, nothing dated before it was received, and nothing "
        "once it is closed but a reopening."
    ),
    question=QUESTION,
)
def step_allowed(events: Sequence[Event], step: str, on: dt.date | None = None) -> Finding:
    """``nuisance.acts``: "It is a public nuisance for any animal to: A. Bark ... E. Chase
    vehicles ..."; ``vehicle.animal_left``: "A person may not leave a dog or cat unattended in a
    standing or parked motor vehicle ...". Each complaint is about one of them: it takes the
    findings of that subsection only. ``on`` is the day the step would be recorded: the events
    after it are not yet known."""
    if step not in STEPS:
        raise ValueError(f"step {step!r} is not one of {', '.join(STEPS)}")
    seen = _seen(events, on)
    section, name = KINDS[seen.kind]
    doing, kinds = STEPS[step]
    facts: dict[str, JSONValue] = {"step": step, "kind": seen.kind, "closed": seen.closed}

    def result(outcome: str, message: str, blocks: bool) -> Finding:
        return _finding("complaint.step", outcome, (section,), message, blocks, facts)

    if on is not None and on < seen.received_on and step != "assign":
        return result(
            "before_receipt",
            f"{seen.named} was received on {seen.received_on.isoformat()}: cannot "
            f"{doing.removesuffix(' again')} on {on.isoformat()}, before it.",
            True,
        )
    if step == "reopen":
        if seen.closed is None:
            return result("not_closed", f"{seen.named} is open: there is nothing to reopen.", True)
        return result(
            "in_order",
            f"In order: reopen it on new evidence; its outcome of "
            f"{seen.closed_on.isoformat() if seen.closed_on else ''} stays on the record "
            f"({section}).",
            False,
        )
    if seen.closed is not None:
        return result("closed", f"{seen.named} is closed: cannot {doing}.", True)
    if kinds and seen.kind not in kinds:
        # (a kind the city's law does not state is named without a section)
        wanted = " or ".join(KINDS[k][1] if k in KINDS else KIND_PROVISIONS[k][1] for k in kinds)
        return result("not_this_kind", f"{seen.named} is about {name}, not {wanted}.", True)
    if step == "vehicle_incident" and seen.vehicle_incident:
        return result("already_recorded", f"{seen.named} already has its incident record.", True)
    if step == "withdraw" and seen.withdrawn_on is not None:
        return result(
            "already_withdrawn",
            f"The complainant withdrew on {seen.withdrawn_on.isoformat()}: it is recorded.",
            True,
        )
    return result("in_order", f"In order: {doing.removesuffix(' again')} ({section}).", False)


#: the findings that ground a referral: (their words, the provision, the rule finding it)
REFERRAL_GROUNDS = (
    ("a bite, vicious tendencies", VICIOUS, "nuisance.aggression"),
    ("damage", DAMAGE, "nuisance.damage"),
)


def _law(rule_id: str, params: ParameterSet) -> bool:
    return rule_id in RULES and unavailable(RULES[rule_id], params, dt.date.max) is None


def referral_grounds(params: ParameterSet | None = None) -> list[tuple[str, str]]:
    """(words, section) of each finding that grounds a referral for a designation in the city in
    force: those whose rule is law there (Nowthen: a bite or vicious tendencies, damage; Lino
    Lakes: none, as its damage is to property only and its bodily-injury subdivision is cut off)."""
    params = params or default()
    return [
        (words, cite(concept, params))
        for words, concept, rule_id in REFERRAL_GROUNDS
        if _law(rule_id, params)
    ]


def referral_offered(params: ParameterSet | None = None) -> bool:
    """Whether a complaint may close as a referral in the city in force: its law states a
    designation and a finding that grounds one."""
    return designation() is not None and bool(referral_grounds(params))


def offered_kinds(params: ParameterSet | None = None) -> tuple[str, ...]:
    """The kinds of complaint the city in force takes: those whose provision its law states and
    whose findings a rule law there decides (Lino Lakes: barking, damage to property, an animal
    in a vehicle, abandonment and the feces device; not running at large, as its definition of
    "at large" was not found). Read once per version of the city's parameters."""
    params = params or default()
    return _offered(params.city.id, params.version, params)


@functools.lru_cache(maxsize=16)
def _offered(city: str, version: str, params: ParameterSet) -> tuple[str, ...]:
    return tuple(
        kind
        for kind, (concept, _) in KIND_PROVISIONS.items()
        if maps(concept, params)
        and any(_law(r, params) for r in DUTY_BY_GROUP[KIND_DUTIES[kind][0]].rules)
    )


def _needs_finding(seen: _Seen, dogs: tuple[str, ...], section: str) -> str:
    which = f" for {', '.join(dogs)}" if dogs and dogs != ("",) else ""
    return (
        f"Unfounded needs a finding that no violation happened under {section}{which}; record "
        f"the officer's findings (either way) first."
    )


@rule(
    "complaint.outcome_grounds",
    # the designation a referral is made under is the city's variant (``designation``): a
    # city whose law states none has no referral, the rest stands
    provisions=(OWNER_DUTY, VEHICLE),
    title="An outcome rests on the findings standing on its day",
    summary=(
        "Unfounded rests on a finding of no violation under the complaint's subsection and none "
        "found; a warning, compliance notice or citation on a violation that names the person "
        "the duty falls on; a referral on a bite, vicious tendencies ({§nuisance.vicious}) or "
        "damage ({§nuisance.damage}); withdrawn on the complainant's withdrawal while no violation is found."
    ),
    question=QUESTION,
)
def outcome_grounds(
    events: Sequence[Event], outcome: str, on: dt.date | None = None, dog: str = ""
) -> Finding:
    """``nuisance.owner_duty``: the owner "shall prevent it from committing any act which
    constitutes a public nuisance"; ``vehicle.animal_left``: "A person who violates this section
    is guilty of a misdemeanor"; ``dangerous_dog.designation``: a dog is designated dangerous
    "upon receiving evidence that the dog meets any of the criteria". An outcome rests on the
    findings standing on its day (the latest on each subsection and dog): one that says a
    violation happened on a finding of one, one addressed to a person on a violation naming that
    person, "unfounded" on a finding of none under the complaint's own subsection for each dog it
    names. ``dog`` names the dog a referral is about."""
    if outcome not in OUTCOMES:
        raise ValueError(f"{outcome!r} is not an outcome")
    seen = _seen(events, on)
    section = seen.section
    violations = _violations(seen)
    facts: dict[str, JSONValue] = {"outcome": outcome, "violations": len(violations)}
    if dog:
        facts["dog"] = dog
    label = OUTCOMES[outcome]

    def result(
        result_outcome: str, sections: tuple[str, ...], message: str, blocks: bool
    ) -> Finding:
        return _finding(
            "complaint.outcome_grounds", result_outcome, sections, message, blocks, facts
        )

    def first_violation() -> str:
        duty, about, event = violations[0]
        return f"under {duty.section}{_about(about)} on {event.on.isoformat()}"

    if outcome == "unfounded":
        if violations:
            return result(
                "violation_found",
                (violations[0][0].section,),
                f"Not unfounded: a violation was found {first_violation()}; close with the "
                f"outcome it calls for.",
                True,
            )
        standing = _standing(seen)
        main = KIND_DUTIES[seen.kind][0]
        dogs = seen.dogs or ("",)
        undecided = tuple(d for d in dogs if (main, d) not in standing)
        if undecided:
            return result("not_decided", (section,), _needs_finding(seen, undecided, section), True)
        return result(
            "grounded",
            (section,),
            f"In order: the complaint may close as unfounded: no violation was found under "
            f"{section} ({section}).",
            False,
        )
    if outcome == "withdrawn":
        if seen.withdrawn_on is None:
            return result(
                "not_withdrawn",
                (section,),
                "Close as withdrawn only once the complainant's withdrawal is recorded.",
                True,
            )
        if violations:
            return result(
                "violation_found",
                (violations[0][0].section, seen.duty_section),
                f"The complainant withdrew on {seen.withdrawn_on.isoformat()}, but a violation "
                f"was found {first_violation()}: a withdrawal does not undo it (the duty is owed "
                f"to the public, readings.complaint_withdrawal); close with the outcome the "
                f"violation calls for.",
                True,
            )
        return result(
            "grounded",
            (section,),
            f"In order: the complaint may close as withdrawn; no violation was found ({section}).",
            False,
        )
    if outcome in NEEDS_VIOLATION and not violations:
        return result(
            "no_violation_found",
            (section,),
            f"A {label} needs a finding of a violation first; record the facts (evidence, "
            f"what the officer saw) and let the rules find it.",
            True,
        )
    named = [
        (d, about, e)
        for d, about, e in violations
        if _text(e.facts.get("duty")) not in ("", "unknown") and _text(e.facts.get("person"))
    ]
    if outcome in NEEDS_PERSON:
        if not named:
            return result(
                "no_person",
                (seen.duty_section,),
                f"A {label} is addressed to the person the duty falls on, and no violation "
                f"found names one (the owner is not known): identify the owner, or close as "
                f"'{OUTCOMES['no_owner_identified']}'.",
                True,
            )
        people = ", ".join(dict.fromkeys(_text(e.facts.get("person")) for _, _, e in named))
        return result(
            "grounded",
            (section,),
            f"In order: the complaint may close as {label}, addressed to {people} ({section}).",
            False,
        )
    if outcome == "no_owner_identified":
        if named:
            people = ", ".join(dict.fromkeys(_text(e.facts.get("person")) for _, _, e in named))
            return result(
                "owner_identified",
                (seen.duty_section,),
                f"The duty falls on {people}: close with a warning, compliance notice or "
                f"citation addressed to them.",
                True,
            )
        return result(
            "grounded",
            (section,),
            f"In order: the complaint may close as {label} ({section}).",
            False,
        )
    # a referral for a designation (a dangerous dog's, or an animal's where the city's law
    # designates any animal: ``designation``)
    concept = designation()
    if concept is None:
        return result(
            "no_designation",
            (section,),
            "The city's law states no designation of a dangerous dog or animal: there is "
            "nothing to refer to.",
            True,
        )
    designated = cite(concept)
    grounds = [
        (d, about, e)
        for d, about, e in violations
        if e.facts.get("dangerous_dog_referral") or _text(e.facts.get("rule")) in REFERRAL_RULES
    ]
    if dog:
        if seen.dogs and dog not in seen.dogs:
            return result(
                "not_this_dog",
                (designated,),
                f"{seen.named} names {', '.join(seen.dogs)}, not {dog}.",
                True,
            )
        grounds = [g for g in grounds if g[1] in (dog, "")]
    elif len(seen.dogs) > 1:
        return result(
            "which_dog",
            (designated,),
            f"{seen.named} names several dogs ({', '.join(seen.dogs)}): a designation is of a "
            f"single dog; say which dog is referred.",
            True,
        )
    if not grounds:
        stated = referral_grounds()
        if not stated:
            return result(
                "no_referral_ground",
                (designated,),
                "No finding of a complaint grounds a referral in this city's law (none of the "
                "prohibitions it is about is a bite, vicious tendencies or damage to a person): "
                f"the officer opens the case on the evidence ({designated}).",
                True,
            )
        listed = " or ".join(f"{words} ({section_})" for words, section_ in stated)
        return result(
            "no_referral_ground",
            (*(section_ for _, section_ in stated), designated),
            f"A referral for a dangerous-dog designation needs a finding of {listed}"
            + (f" about {dog}." if dog else "."),
            True,
        )
    return result(
        "grounded",
        (section, designated),
        f"In order: the complaint may close as {label}{_about(dog)}: the Animal Control "
        f"Authority decides the designation ({designated}).",
        False,
    )


@rule(
    "complaint.finding",
    provisions=(OWNER_DUTY, VEHICLE),
    title="A finding decides its subsection and names whom the duty falls on",
    summary=(
        "A finding decides a subsection of the complaint's kind either way, for a dog the "
        "complaint names; a violation names whom the duty falls on: the owner under "
        "{§nuisance.owner_duty}, the person who left the animal under {§vehicle.animal_left}, or "
        "says that person is not known."
    ),
    question=QUESTION,
)
def finding_recordable(events: Sequence[Event], finding: Mapping[str, JSONValue]) -> Finding:
    """``nuisance.owner_duty``: "The owner of any animal shall prevent it from committing any act
    which constitutes a public nuisance. It is a public nuisance for any animal to: A ... E";
    ``vehicle.animal_left``: "A person may not leave a dog or cat unattended ...". A finding of a
    rule of the complaint's kind, with its outcome (a violation found or not), the dog it is about
    and, for a violation, whom the duty falls on: ``readings.nuisance_duty_owner`` for the
    owner's duty, the person who left the animal for the vehicle's."""
    seen = _seen(events)
    rule_id, outcome = _text(finding.get("rule")), _text(finding.get("outcome"))
    dog = _text(finding.get("dog"))
    event = Event("finding", seen.received_on, finding)
    outcome = _outcome(event)
    duty = DUTY_OF_RULE.get(rule_id)
    facts: dict[str, JSONValue] = {"rule": rule_id, "outcome": outcome, "dog": dog or None}

    def result(result_outcome: str, section: str, message: str, blocks: bool) -> Finding:
        return _finding("complaint.finding", result_outcome, (section,), message, blocks, facts)

    if duty is None or duty.group not in KIND_DUTIES[seen.kind]:
        what = duty.name if duty else f"the rule {rule_id or '(none)'}"
        return result(
            "not_this_kind",
            seen.section,
            f"{seen.named} is about {KINDS[seen.kind][1]}, not {what}.",
            True,
        )
    if outcome not in (*duty.found, *duty.not_found, *duty.other):
        return result(
            "unknown_outcome",
            duty.section,
            f"{outcome or '(none)'} is not an outcome of {rule_id}.",
            True,
        )
    if dog and dog not in seen.dogs:
        named = ", ".join(seen.dogs) if seen.dogs else "no dog"
        return result("not_this_dog", duty.section, f"{seen.named} names {named}, not {dog}.", True)
    if outcome not in duty.found:
        decided = outcome in duty.not_found
        return result(
            "no_violation_found" if decided else "recorded",
            duty.section,
            (
                f"No violation found under {duty.section}{_about(_dog(seen, event))}: the "
                f"subsection is decided the other way."
                if decided
                else f"Recorded under {duty.section}{_about(_dog(seen, event))}."
            ),
            False,
        )
    if len(seen.dogs) > 1 and not dog:
        return result(
            "which_dog",
            duty.section,
            f"{seen.named} names several dogs ({', '.join(seen.dogs)}): say which dog the "
            f"violation is about; its owner is whom the duty falls on.",
            True,
        )
    basis, person = _text(finding.get("duty")), _text(finding.get("person"))
    facts.update(duty=basis or None, person=person or None)
    allowed = BASES_FOR[seen.duty]
    if not basis:
        # the facts found stand (a recording's analysis names no one); what waits on the
        # person is an outcome addressed to them (``outcome_grounds``)
        return result(
            "duty_not_named",
            duty.section,
            f"Violation found under {duty.section}{_about(_dog(seen, event))}; whom the duty "
            f"falls on is not named yet ({_duty_text(seen.duty, seen.kind)}): name "
            f"{' or '.join(BASES[b] for b in allowed if b != 'unknown')}, or say it is not "
            f"known, before a warning, compliance notice or citation.",
            False,
        )
    if basis not in allowed:
        return result(
            "wrong_duty",
            seen.duty_section,
            f"Under {seen.duty_section} the duty does not fall on {BASES.get(basis, basis)}: "
            f"{_duty_text(seen.duty, seen.kind)}.",
            True,
        )
    if basis != "unknown" and not person:
        return result(
            "no_person", seen.duty_section, f"Name {BASES[basis]}: the duty falls on them.", True
        )
    return result(
        "violation_found",
        duty.section,
        f"Violation found under {duty.section}{_about(_dog(seen, event))}: "
        f"{duty_sentence(seen.duty, finding, seen.kind)}.",
        False,
    )


@rule(
    "complaint.reopening",
    provisions=(NUISANCE_ACTS, VEHICLE),
    title="A closed complaint is reopened on new evidence",
    summary=(
        "A closed complaint is reopened only on new evidence, as an event of its own: the "
        "earlier outcome stays on the record and the next one supersedes it."
    ),
    question=QUESTION,
)
def reopening(events: Sequence[Event], new_evidence: str) -> Finding:
    """The ordinance says nothing of reopening a complaint; reading
    ``readings.complaint_reopening``: a complaint closed on the findings then standing is
    reopened on new evidence only, as a correction event that keeps what was decided before."""
    seen = _seen(events)
    facts: dict[str, JSONValue] = {"new_evidence": new_evidence or None}
    if not new_evidence.strip():
        return _finding(
            "complaint.reopening",
            "no_new_evidence",
            (seen.section,),
            "A closed complaint is reopened on new evidence: say what it is (the earlier "
            "outcome stays on the record).",
            True,
            facts,
        )
    return _finding(
        "complaint.reopening",
        "in_order",
        (seen.section,),
        f"In order: reopen {seen.named.lower() if not seen.number else seen.named} on new "
        f"evidence: {new_evidence.strip()}.",
        False,
        facts,
    )


@rule(
    "complaint.subsection",
    provisions=(NUISANCE_ACTS, VEHICLE),
    title="Where each subsection of a complaint stands",
    summary=(
        "For the complaint's subsection and each dog it names: a violation found (and whom the "
        "duty falls on), no violation found, or not decided yet; and every other duty found."
    ),
    question=QUESTION,
)
def decisions(events: Sequence[Event], on: dt.date | None = None) -> list[Finding]:
    """``nuisance.acts``, ``vehicle.animal_left``: each finding decides its subsection one way
    or the other ("no damage" under B is an answer, not a silence). The latest finding on a
    subsection and a dog stands."""
    seen = _seen(events, on)
    standing = _standing(seen)
    out = []
    main = KIND_DUTIES[seen.kind][0]
    keys = [(main, d) for d in (seen.dogs or ("",))]
    keys += [k for k in standing if k not in keys]
    for group, dog in keys:
        duty = DUTY_BY_GROUP[group]
        facts: dict[str, JSONValue] = {"duty": group, "dog": dog or None}
        event = standing.get((group, dog))
        if event is None:
            out.append(
                _finding(
                    "complaint.subsection",
                    "undecided",
                    (duty.section,),
                    f"{duty.section}{_about(dog)}: not decided yet; no finding either way.",
                    False,
                    facts,
                )
            )
            continue
        facts.update(found_on=event.on.isoformat(), rule=_text(event.facts.get("rule")))
        if _is_violation(event):
            facts.update(
                duty_on=_text(event.facts.get("duty")) or None,
                person=_text(event.facts.get("person")) or None,
                owner_of_record=_text(event.facts.get("owner_of_record")) or None,
            )
            bearer = (
                duty_sentence(seen.duty, event.facts, seen.kind)
                if _text(event.facts.get("duty"))
                else "whom the duty falls on is not named"
            )
            message = (
                f"{duty.section}{_about(dog)}: violation found on {event.on.isoformat()}; {bearer}."
            )
            outcome = "violation_found"
        else:
            why = _text(event.facts.get("message"))
            message = (
                f"{duty.section}{_about(dog)}: no violation found on {event.on.isoformat()}"
                + (f": {why}" if why else ".")
            )
            outcome = "no_violation_found"
        out.append(
            _finding("complaint.subsection", outcome, (duty.section,), message, False, facts)
        )
    return out


# ----------------------------------------------------------------------------- the procedure


def step_findings(events: Sequence[Event], step: str, on: dt.date | None = None) -> list[Finding]:
    """The findings for taking ``step`` on ``on`` after ``events``; one that blocks comes first."""
    allowed = step_allowed(events, step, on)
    if allowed.blocks or not step.startswith("close."):
        return [allowed]
    grounds = outcome_grounds(events, step.removeprefix("close."), on)
    return [grounds, allowed] if grounds.blocks else [allowed, grounds]


def step_of(event: Event) -> str:
    """The step that records ``event``."""
    if event.kind == "closed":
        return f"close.{_text(event.facts.get('outcome'))}"
    if event.kind == "finding":
        duty = DUTY_OF_RULE.get(_text(event.facts.get("rule")))
        return duty.step if duty is not None else "evidence"
    if event.kind not in _EVENT_STEP:
        raise ValueError(f"event {event.kind!r} is not recorded by a step")
    return _EVENT_STEP[event.kind]


def record(events: Sequence[Event], event: Event) -> list[Finding]:
    """The findings for recording ``event`` after ``events``: the step on its day, then what its
    own facts need (a finding's outcome, dog and duty; a closing's grounds; a reopening's new
    evidence). One that blocks comes first; a service records the event only if none does."""
    step = step_of(event)
    if step not in STEPS:
        return [
            _finding(
                "complaint.outcome_grounds",
                "unknown_outcome",
                (_seen(events).section,),
                f"{_text(event.facts.get('outcome')) or '(none)'} is not an outcome of a complaint.",
                True,
            )
        ]
    later = sorted(e.on for e in events if e.on > event.on and e.kind != "received")
    if event.kind in _IN_ORDER_ONLY and later:
        seen = _seen(events)
        return [
            _finding(
                "complaint.step",
                "out_of_order",
                (seen.section,),
                f"{seen.named} has events recorded up to {later[-1].isoformat()}: cannot "
                f"{STEPS[step][0].removesuffix(' again')} on {event.on.isoformat()}, before them.",
                True,
                {"step": step},
            )
        ]
    found = step_findings(events, step, event.on)
    if found[0].blocks:
        return found
    past = [e for e in events if e.on <= event.on]
    extra: list[Finding] = []
    if event.kind == "finding":
        extra = [finding_recordable(past, event.facts)]
    elif event.kind == "closed" and _text(event.facts.get("dog")):
        extra = [
            outcome_grounds(
                past, step.removeprefix("close."), event.on, _text(event.facts.get("dog"))
            )
        ]
        found = [f for f in found if f.rule != "complaint.outcome_grounds"]
    elif event.kind == "reopened":
        extra = [reopening(past, _text(event.facts.get("new_evidence")))]
    everything = [*found, *extra]
    return sorted(everything, key=lambda f: not f.blocks)


def _state(seen: _Seen, events: Sequence[Event], on: dt.date) -> ProcedureState:
    allowed: dict[str, Finding] = {}
    blocked: dict[str, tuple[Finding, ...]] = {}
    for step in STEPS:
        found = step_findings(events, step, on)
        if found[0].blocks:
            blocked[step] = tuple(f for f in found if f.blocks)
        else:
            allowed[step] = found[0]
    state = (
        "closed"
        if seen.closed is not None
        else "investigating"
        if seen.investigating
        else "assigned"
        if seen.assigned
        else "received"
    )
    _, rest = _checked(events)
    done = tuple(dict.fromkeys(["received", *(e.kind for e in rest if e.on <= on)]))
    return ProcedureState(
        procedure=PROCEDURE,
        on=on,
        state=state,
        completed=done,
        allowed=allowed,
        blocked=blocked,
    )


def complaint(events: Sequence[Event], on: dt.date) -> ProcedureState:
    """``vehicle.animal_left``, ``nuisance.acts``: where a complaint stands on ``on`` (from the
    events of that day and before): received, assigned, under investigation or closed; the steps
    that may be taken that day (each with the finding that allows it) and what blocks every other
    one. No deadline runs on a complaint in the ordinance."""
    receipt, _ = _checked(events)
    if on < receipt.on:
        raise ValueError(
            f"the complaint was received on {receipt.on.isoformat()}, after {on.isoformat()}"
        )
    return _state(_seen(events, on), events, on)


def recorded_one_by_one(events: Sequence[Event], on: dt.date) -> ProcedureState:
    """The state reached by recording ``events`` one at a time in the order given (each through
    ``_advance``, as a service appends it to the log), for the replay check: it must equal
    ``complaint`` of the whole log."""
    receipt, _ = _checked(events)
    seen = _start(receipt)
    log: list[Event] = [receipt]
    for event in events:
        if event is receipt:
            continue
        log.append(event)
        if event.on <= on:
            seen = _advance(seen, event)
    return _state(seen, log, on)


# ----------------------------------------------------------------------------- facts


def _rule_and_dog(item: str) -> tuple[str, str]:
    rule_id, _, dog = item.partition("@")
    return rule_id.strip(), dog.strip()


@facts
class ComplaintFacts:
    """The events of a complaint as dated facts, and the day asked about. The usual path has
    facts of its own; any other event (a finding for one of several dogs, a withdrawal, a
    reopening on new evidence and what follows it) is an event of ``log``."""

    on: dt.date = fact("The day asked about", unit="date", example="2026-11-29")
    kind: str = fact(
        "What the complaint is about: " + ", ".join(KINDS),
        unit="kind",
        example="at_large",
        choices=tuple(KINDS),
    )
    received_on: dt.date = fact(
        "The day the complaint was received", unit="date", example="2026-11-20"
    )
    dogs: tuple[str, ...] = fact(
        "The dogs the complaint names (names as the record gives them); none when not identified",
        default=(),
        unit="names",
        example=["Rex"],
    )
    assigned_on: dt.date | None = fact(
        "The day it was assigned, if it was", default=None, unit="date", example="2026-11-21"
    )
    findings_on: dt.date | None = fact(
        "The day the findings below were made (else the day assigned, else received)",
        default=None,
        unit="date",
    )
    violations_found: tuple[str, ...] = fact(
        "Rules that found a violation, e.g. nuisance.at_large; rule@dog for one of the dogs",
        default=(),
        unit="rule ids",
        example=["nuisance.at_large"],
    )
    no_violation_found: tuple[str, ...] = fact(
        "Rules that found no violation (the subsection decided the other way), e.g. "
        "nuisance.damage; rule@dog for one of the dogs",
        default=(),
        unit="rule ids",
    )
    duty_falls_on: str | None = fact(
        "Whom the violations' duty falls on: " + ", ".join(BASES),
        default=None,
        unit="choice",
        example="owner_of_record",
        choices=tuple(BASES),
    )
    duty_person: str | None = fact(
        "The name of the person the duty falls on (with duty_falls_on, unless unknown)",
        default=None,
        unit="name",
        example="Jane Doe",
    )
    dangerous_dog_referral_found: bool = fact(
        "Whether a finding of a bite or vicious tendencies ({§nuisance.vicious}) was made",
        default=False,
        unit="yes/no",
        example=False,
    )
    vehicle_incident_on: dt.date | None = fact(
        "The day the {§vehicle.animal_left} incident record was made, if it was",
        default=None,
        unit="date",
    )
    withdrawn_on: dt.date | None = fact(
        "The day the complainant withdrew the complaint, if they did", default=None, unit="date"
    )
    closed_on: dt.date | None = fact("The day it was closed, if it was", default=None, unit="date")
    outcome: str | None = fact(
        "Its outcome, with closed_on: " + ", ".join(OUTCOMES),
        default=None,
        unit="outcome",
        choices=tuple(OUTCOMES),
    )
    log: tuple[Event, ...] = fact(
        "Further events of the complaint's log, each {kind, on, facts}: e.g. {kind: reopened, "
        "facts: {new_evidence: ...}}; {kind: finding, facts: {rule, outcome, dog, duty, "
        "person}}; {kind: closed, facts: {outcome, dog}}; {kind: withdrawn}",
        default=(),
        unit="events",
        choices=tuple(k for k in EVENT_KINDS if k != "received"),
    )

    def problems(self) -> list[str]:
        """What does not fit between the facts (reported by the question's parser)."""
        problems = []
        if (self.closed_on is None) != (self.outcome is None):
            problems.append("outcome: goes with closed_on")
        for name in ("violations_found", "no_violation_found"):
            for index, item in enumerate(getattr(self, name)):
                rule_id, dog = _rule_and_dog(item)
                if rule_id not in DUTY_OF_RULE:
                    problems.append(
                        f"{name}[{index}]: {rule_id!r} is not one of {', '.join(DUTY_OF_RULE)}"
                    )
                elif name == "violations_found" and rule_id in EXCEPTIONS:
                    problems.append(f"{name}[{index}]: {rule_id} finds no violation")
                elif dog and dog not in self.dogs:
                    problems.append(f"{name}[{index}]: {dog!r} is not one of the dogs")
        if self.duty_person and not self.duty_falls_on:
            problems.append("duty_person: goes with duty_falls_on")
        for index, event in enumerate(self.log):
            if event.on > self.on:
                problems.append(f"log[{index}]: is after on")
        for name in ("assigned_on", "findings_on", "vehicle_incident_on", "withdrawn_on"):
            day = getattr(self, name)
            if day is not None and day > self.on:
                problems.append(f"{name}: is after on")
        if self.closed_on is not None and self.closed_on > self.on:
            problems.append("closed_on: is after on")
        if self.received_on > self.on:
            problems.append("received_on: is after on")
        return problems

    def events(self) -> list[Event]:
        if (self.closed_on is None) != (self.outcome is None):
            raise ValueError("closed_on and outcome go together")
        receipt: dict[str, JSONValue] = {"kind": self.kind}
        if self.dogs:
            receipt["dogs"] = list(self.dogs)
        out = [Event("received", self.received_on, receipt)]
        if self.assigned_on is not None:
            out.append(Event("assigned", self.assigned_on))
        found_on = self.findings_on or self.assigned_on or self.received_on
        duty: dict[str, JSONValue] = {}
        if self.duty_falls_on:
            duty["duty"] = self.duty_falls_on
        if self.duty_person:
            duty["person"] = self.duty_person
        for found, items in ((True, self.violations_found), (False, self.no_violation_found)):
            for item in items:
                rule_id, dog = _rule_and_dog(item)
                side = DUTY_OF_RULE[rule_id]
                details: dict[str, JSONValue] = {
                    "rule": rule_id,
                    "outcome": side.found[0] if found else side.not_found[0],
                }
                if dog:
                    details["dog"] = dog
                if found:
                    details.update(duty)
                out.append(Event("finding", found_on, details))
        if self.dangerous_dog_referral_found:
            out.append(
                Event(
                    "finding",
                    found_on,
                    {
                        "rule": "nuisance.aggression",
                        "outcome": "nuisance",
                        "dangerous_dog_referral": True,
                        **duty,
                    },
                )
            )
        if self.vehicle_incident_on is not None:
            out.append(Event("vehicle_incident", self.vehicle_incident_on))
        if self.withdrawn_on is not None:
            out.append(Event("withdrawn", self.withdrawn_on))
        if self.closed_on is not None:
            out.append(Event("closed", self.closed_on, {"outcome": self.outcome}))
        out += list(self.log)
        return out


# ----------------------------------------------------------------------------- coverage


EVENT_TABLE: tuple[EventRow, ...] = (
    EventRow(
        "received",
        provision(NUISANCE_ACTS),
        (
            "It is a public nuisance for any animal to: A ... E (a complaint of one of them, or of "
            "{§vehicle.animal_left}), naming the dogs it is about"
        ),
        ("complaint.step",),
        (
            "tests/law/test_procedures.py::test_a_complaint_has_one_receipt_whatever_the_order_of_its_events",
            "tests/law/test_complaint_procedure.py::test_a_step_before_the_receipt_is_refused",
        ),
    ),
    EventRow(
        "assigned",
        provision(NUISANCE_ACTS),
        "The complaint assigned to an officer (the Animal Control Authority's investigation)",
        ("complaint.step",),
        ("tests/law/test_procedures.py::test_complaint_steps",),
    ),
    EventRow(
        "follow_up",
        provision(NUISANCE_ACTS),
        "A follow-up of the investigation",
        ("complaint.step",),
        (
            "tests/law/test_procedures.py::test_complaint_steps",
            (
                "tests/law/test_complaint_procedure_properties.py::test_no_step_offered_is_blocked_that_day"
                "_and_no_deadline_ends_before_it_starts"
            ),
        ),
    ),
    EventRow(
        "evidence",
        provision(NUISANCE_ACTS),
        "Evidence kept (photos, documents, noise logs, recordings)",
        ("complaint.step",),
        ("tests/law/test_procedures.py::test_complaint_steps",),
    ),
    EventRow(
        "finding.barking",
        provision(BARKING),
        (
            "Bark, bay, cry, howl or make any other noise repeatedly over at least a five (5) minute "
            "period: found, or not (no noise heard)"
        ),
        ("nuisance.barking", "complaint.finding"),
        (
            "tests/law/test_complaint_procedure.py::test_each_subsection_is_decided_both_ways",
            (
                "tests/law/test_complaint_procedure.py::test_a_violation_naming_no_one_is_recorded_but_grou"
                "nds_no_warning"
            ),
        ),
    ),
    EventRow(
        "finding.damage",
        provision(DAMAGE),
        (
            "Commit damage to the person or property of anyone other than the owner, except in defense:"
            " found, or not (no damage, the owner's own, in defense)"
        ),
        ("nuisance.damage", "complaint.finding"),
        (
            "tests/law/test_complaint_procedure.py::test_each_subsection_is_decided_both_ways",
            "tests/law/test_complaint_procedure.py::test_no_damage_is_an_answer_under_b",
            "tests/complaints/test_views.py::test_no_damage_is_recorded_as_a_finding_and_closes_unfounded",
        ),
    ),
    EventRow(
        "finding.aggression",
        provision(VICIOUS),
        (
            "Snarl at persons, bite persons or other animals, habitually exhibit vicious tendencies, "
            "molest or annoy, damage property: found, or none found"
        ),
        ("nuisance.aggression", "complaint.finding"),
        ("tests/law/test_complaint_procedure.py::test_each_subsection_is_decided_both_ways",),
    ),
    EventRow(
        "finding.at_large",
        provision(AT_LARGE_DEFINITION),
        (
            "Run at large: off the premises of the owner, not on a leash held by a responsible person "
            "nor under direct control by command; found, or not"
        ),
        ("nuisance.at_large", "complaint.finding"),
        (
            "tests/law/test_complaint_procedure.py::test_each_subsection_is_decided_both_ways",
            (
                "tests/complaints/test_views.py::test_a_violation_stores_whom_the_duty_falls_on_and_the_own"
                "er_of_record"
            ),
        ),
    ),
    EventRow(
        "finding.at_large_exception",
        provision(AT_LARGE_EXCEPTIONS),
        (
            "A dog shall not be determined to be at large if lawfully hunting or in obedience training "
            "under control"
        ),
        ("nuisance.at_large_exception", "complaint.finding"),
        ("tests/law/test_complaint_procedure.py::test_the_latest_finding_on_a_subsection_stands",),
    ),
    EventRow(
        "finding.park_leash",
        provision(PARKS_LEASH),
        "Dogs that are on or directly adjacent to all athletic fields or parks must be leashed",
        ("nuisance.park_leash", "complaint.finding"),
        (
            (
                "tests/law/test_complaint_procedure_properties.py::test_recording_one_by_one_gives_the_stat"
                "e_of_the_whole_log"
            ),
        ),
    ),
    EventRow(
        "finding.excrement",
        provision(EXCREMENT),
        "Owners are required to clean up and dispose of their pet's excrement",
        ("nuisance.excrement", "complaint.finding"),
        (
            (
                "tests/complaints/test_views.py::test_a_violation_stores_whom_the_duty_falls_on_and_the_own"
                "er_of_record"
            ),
        ),
    ),
    EventRow(
        "finding.chasing",
        provision(CHASING),
        (
            "Chase vehicles or interfere with persons walking, riding or driving on public grounds, "
            "streets or highways: found, or none found"
        ),
        ("nuisance.chasing", "complaint.finding"),
        ("tests/law/test_complaint_procedure.py::test_each_subsection_is_decided_both_ways",),
    ),
    EventRow(
        "finding.abandonment",
        provision(ABANDONMENT),
        "A person must not abandon an animal within the city: found, or not",
        ("nuisance.abandonment", "complaint.finding"),
        (
            "tests/complaints/test_lino_lakes_prohibitions.py::test_each_prohibition_is_decided_both_ways",
        ),
        only_where=ABANDONMENT,
    ),
    EventRow(
        "finding.feces_device",
        provision(FECES_REMOVAL),
        (
            "An owner must not permit an animal on park, trail, public or another's property "
            "without a device and a container for removing its feces: found, or not"
        ),
        ("nuisance.feces_removal", "complaint.finding"),
        (
            "tests/complaints/test_lino_lakes_prohibitions.py::test_each_prohibition_is_decided_both_ways",
        ),
        only_where=FECES_REMOVAL,
    ),
    EventRow(
        "vehicle_incident",
        provision(VEHICLE),
        (
            "A person may not leave a dog or cat unattended in a standing or parked motor vehicle in a "
            "manner that endangers its health or safety; the removal, the attempts to contact the "
            "owner, the shelter"
        ),
        ("vehicle.animal_left", "complaint.step"),
        (
            "tests/law/test_complaint_procedure.py::test_each_subsection_is_decided_both_ways",
            "tests/complaints/test_services.py::test_a_vehicle_incident_notes_the_misdemeanor",
        ),
    ),
    EventRow(
        "finding.duty",
        provision(OWNER_DUTY),
        (
            "The owner of any animal shall prevent it from committing any act which constitutes a "
            "public nuisance ({§vehicle.animal_left}: A person may not leave ...): whom a violation's "
            "duty falls on"
        ),
        ("complaint.finding",),
        (
            "tests/law/test_complaint_procedure.py::test_a_violation_names_whom_the_duty_falls_on",
            (
                "tests/complaints/test_views.py::test_a_keeper_needs_a_name_and_a_vehicle_duty_falls_on_the"
                "_person_who_left"
            ),
        ),
    ),
    EventRow(
        "finding.several_dogs",
        provision(OWNER_DUTY),
        "Several dogs: each finding names its dog, whose owner the duty falls on",
        ("complaint.finding", "complaint.subsection"),
        ("tests/law/test_complaint_procedure.py::test_several_dogs_each_finding_names_its_dog",),
    ),
    EventRow(
        "finding.owner_unknown",
        provision(OWNER_DUTY),
        "A dog whose owner is not known: the violation stands, no warning or citation is addressed",
        ("complaint.finding", "complaint.outcome_grounds"),
        (
            "tests/law/test_complaint_procedure.py::test_an_owner_not_known_closes_as_no_owner_identified",
        ),
    ),
    EventRow(
        "withdrawn",
        provision(NUISANCE_ACTS),
        "The complainant withdraws (the ordinance is silent: readings.complaint_withdrawal)",
        ("complaint.step", "complaint.outcome_grounds"),
        (
            (
                "tests/law/test_complaint_procedure.py::test_a_withdrawal_is_recorded_and_closes_only_while"
                "_no_violation_is_found"
            ),
            "tests/complaints/test_views.py::test_withdrawal_and_reopening_are_events_of_their_own",
        ),
    ),
    EventRow(
        "closed.unfounded",
        provision(NUISANCE_ACTS),
        "Unfounded: no violation found under the complaint's subsection, for each dog",
        ("complaint.outcome_grounds",),
        (
            (
                "tests/law/test_complaint_procedure.py::test_unfounded_needs_a_finding_of_no_violation_not_"
                "silence"
            ),
            (
                "tests/law/test_procedures.py::test_an_outcome_that_says_a_violation_happened_needs_a_findi"
                "ng_of_one"
            ),
        ),
    ),
    EventRow(
        "closed.warning",
        provision(OWNER_DUTY),
        (
            "A warning, compliance notice or citation ({§vehicle.animal_left}: guilty of a "
            "misdemeanor) addressed to the person the duty falls on"
        ),
        ("complaint.outcome_grounds",),
        (
            (
                "tests/law/test_procedures.py::test_an_outcome_that_says_a_violation_happened_needs_a_findi"
                "ng_of_one"
            ),
            (
                "tests/law/test_complaint_procedure_properties.py::test_a_closed_outcome_always_rests_on_it"
                "s_grounds"
            ),
        ),
    ),
    EventRow(
        "closed.no_owner_identified",
        provision(OWNER_DUTY),
        "A violation found whose owner is not identified",
        ("complaint.outcome_grounds",),
        (
            "tests/law/test_complaint_procedure.py::test_an_owner_not_known_closes_as_no_owner_identified",
        ),
    ),
    EventRow(
        "closed.withdrawn",
        provision(NUISANCE_ACTS),
        "Closed on the complainant's withdrawal while no violation is found",
        ("complaint.outcome_grounds",),
        (
            (
                "tests/law/test_complaint_procedure.py::test_a_withdrawal_is_recorded_and_closes_only_while"
                "_no_violation_is_found"
            ),
        ),
    ),
    EventRow(
        "closed.dangerous_dog_referral",
        provision(DANGEROUS_DOG_DESIGNATION),
        (
            "Referral to the Animal Control Authority, which shall designate a dog dangerous upon "
            "evidence it meets the criteria: a bite, vicious tendencies ({§nuisance.vicious}) or "
            "damage ({§nuisance.damage}) of the dog referred"
        ),
        ("complaint.outcome_grounds",),
        (
            (
                "tests/law/test_complaint_procedure.py::test_a_referral_rests_on_a_bite_vicious_tendencies_"
                "or_damage_of_the_dog_referred"
            ),
        ),
    ),
    EventRow(
        "reopened",
        provision(NUISANCE_ACTS),
        (
            "Reopened on new evidence after closing: a correction event, the earlier outcome kept "
            "(readings.complaint_reopening)"
        ),
        ("complaint.reopening", "complaint.step"),
        (
            (
                "tests/law/test_complaint_procedure.py::test_a_closed_complaint_is_reopened_on_new_evidence"
                "_as_an_event_of_its_own"
            ),
            "tests/complaints/test_views.py::test_withdrawal_and_reopening_are_events_of_their_own",
        ),
    ),
    EventRow(
        "state_on_a_day",
        provision(NUISANCE_ACTS),
        (
            "Where the complaint stood on any day, and each subsection decided both ways (dogtag "
            "evaluate complaint)"
        ),
        ("complaint.subsection", "complaint.step"),
        (
            "tests/law/test_complaint_procedure.py::test_the_question_expresses_every_path",
            (
                "tests/law/test_complaint_procedure_properties.py::test_recording_one_by_one_gives_the_stat"
                "e_of_the_whole_log"
            ),
        ),
    ),
)
