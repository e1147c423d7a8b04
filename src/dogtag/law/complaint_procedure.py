"""A complaint of 3-2-4 (a dog or cat left in a motor vehicle) or 3-2-7 (nuisance) as a pure
function of its dated events (``law.procedure``).

A complaint is received (its kind: the subsection it is about), may be assigned, investigated
(follow-ups, evidence, the findings of the rule its kind is about) and is closed with an outcome.
An outcome that says a violation happened needs a finding of one first; a referral for a
dangerous-dog designation (3-2-9.A) needs a finding of a bite, vicious tendencies (3-2-7.C) or
damage (3-2-7.B). Once closed, nothing more is recorded.

Events: ``received`` (facts: ``kind``, ``number``), ``assigned``, ``follow_up``, ``evidence``,
``finding`` (facts: ``rule``, ``blocks``, ``dangerous_dog_referral``), ``vehicle_incident`` and
``closed`` (facts: ``outcome``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.procedure import Event, ProcedureState, ordered
from dogtag.law.registry import rule

PROCEDURE = "complaint"
QUESTION = "complaint"

#: kind of complaint -> (the subsection it is about, its name in the ordinance's words)
KINDS: dict[str, tuple[str, str]] = {
    "barking": ("3-2-7.A", "barking or other noise (3-2-7.A)"),
    "damage": ("3-2-7.B", "damage to person or property (3-2-7.B)"),
    "aggression": ("3-2-7.C", "snarling, biting, vicious tendencies (3-2-7.C)"),
    "at_large": ("3-2-7.D", "running at large (3-2-7.D)"),
    "chasing": ("3-2-7.E", "chasing vehicles or people (3-2-7.E)"),
    "vehicle": ("3-2-4", "dog or cat left in a motor vehicle (3-2-4)"),
}
#: outcome -> its name
OUTCOMES: dict[str, str] = {
    "unfounded": "unfounded",
    "warning": "warning",
    "compliance_notice": "compliance notice",
    "citation": "citation / misdemeanor referral",
    "dangerous_dog_referral": "referral for dangerous-dog designation",
}
#: Outcomes that say a violation happened: they need a finding of one first.
NEEDS_VIOLATION = ("warning", "compliance_notice", "citation", "dangerous_dog_referral")
#: The rules whose finding may ground a referral for a dangerous-dog designation besides one that
#: says so itself (``details.dangerous_dog_referral``): damage (3-2-7.B).
REFERRAL_RULES = ("nuisance.damage",)

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
    **{f"close.{outcome}": ("close it again", ()) for outcome in OUTCOMES},
}
EVENT_KINDS = (
    "received",
    "assigned",
    "follow_up",
    "evidence",
    "finding",
    "vehicle_incident",
    "closed",
)


@dataclass(frozen=True)
class _Seen:
    number: str
    kind: str

    @property
    def named(self) -> str:
        return f"Complaint {self.number}" if self.number else "The complaint"

    received_on: dt.date
    assigned: bool
    investigating: bool
    violations: tuple[Mapping[str, JSONValue], ...]
    vehicle_incident: bool
    closed: str | None


def _seen(events: Sequence[Event]) -> _Seen:
    events = ordered(list(events))
    receipts = [e for e in events if e.kind == "received"]
    if len(receipts) != 1:
        raise ValueError("a complaint has one receipt (received) among its events")
    first = receipts[0]
    kind = first.facts.get("kind")
    if kind not in KINDS:
        raise ValueError(f"kind {kind!r} is not one of {', '.join(KINDS)}")
    unknown = sorted({e.kind for e in events} - set(EVENT_KINDS))
    if unknown:
        raise ValueError(f"events {', '.join(unknown)} are not events of a complaint")
    closed = [e for e in events if e.kind == "closed"]
    return _Seen(
        number=str(first.facts.get("number") or ""),
        kind=str(kind),
        received_on=first.on,
        assigned=any(e.kind == "assigned" for e in events),
        investigating=any(
            e.kind in ("follow_up", "evidence", "finding", "vehicle_incident") for e in events
        ),
        violations=tuple(e.facts for e in events if e.kind == "finding" and e.facts.get("blocks")),
        vehicle_incident=any(e.kind == "vehicle_incident" for e in events),
        closed=str(closed[-1].facts.get("outcome")) if closed else None,
    )


# ----------------------------------------------------------------------------- rules


@rule(
    "complaint.step",
    sections=("3-2-7", "3-2-4"),
    title="What may be recorded on a complaint",
    summary=(
        "A complaint takes the evidence and findings of the subsection it is about (3-2-7.A-E or "
        "3-2-4), one incident record for a vehicle, and nothing once it is closed."
    ),
    question=QUESTION,
)
def step_allowed(events: Sequence[Event], step: str) -> Finding:
    """3-2-7: "It is a public nuisance for any animal to: A. Bark ... E. Chase vehicles ...";
    3-2-4: "A person may not leave a dog or cat unattended in a standing or parked motor vehicle
    ...". Each complaint is about one of them: it takes the findings of that subsection only."""
    if step not in STEPS:
        raise ValueError(f"step {step!r} is not one of {', '.join(STEPS)}")
    seen = _seen(events)
    section, name = KINDS[seen.kind]
    doing, kinds = STEPS[step]
    facts: dict[str, JSONValue] = {"step": step, "kind": seen.kind, "closed": seen.closed}

    def result(outcome: str, message: str, blocks: bool) -> Finding:
        return Finding(
            rule="complaint.step",
            outcome=outcome,
            sections=(section,),
            blocks=blocks,
            message=message,
            facts=facts,
        )

    if seen.closed is not None:
        return result("closed", f"{seen.named} is closed: cannot {doing}.", True)
    if kinds and seen.kind not in kinds:
        wanted = " or ".join(KINDS[k][1] for k in kinds)
        return result("not_this_kind", f"{seen.named} is about {name}, not {wanted}.", True)
    if step == "vehicle_incident" and seen.vehicle_incident:
        return result("already_recorded", f"{seen.named} already has its incident record.", True)
    return result("in_order", f"In order: {doing.removesuffix(' again')} ({section}).", False)


@rule(
    "complaint.outcome_grounds",
    sections=("3-2-7", "3-2-4", "3-2-9.A"),
    title="An outcome that says a violation happened needs a finding of one",
    summary=(
        "A warning, compliance notice, citation or dangerous-dog referral follows a finding of a "
        "violation; a referral follows a bite, vicious tendencies (3-2-7.C) or damage (3-2-7.B)."
    ),
    question=QUESTION,
)
def outcome_grounds(events: Sequence[Event], outcome: str) -> Finding:
    """3-2-7: the owner "shall prevent it from committing any act which constitutes a public
    nuisance"; 3-2-4: "A person who violates this section is guilty of a misdemeanor"; 3-2-9.A: a
    dog is designated dangerous "upon receiving evidence that the dog meets any of the criteria".
    An outcome that says a violation happened rests on a finding of one (a finding that blocks)."""
    if outcome not in OUTCOMES:
        raise ValueError(f"{outcome!r} is not an outcome")
    seen = _seen(events)
    section = KINDS[seen.kind][0]
    facts: dict[str, JSONValue] = {"outcome": outcome, "violations": len(seen.violations)}
    label = OUTCOMES[outcome]
    if outcome in NEEDS_VIOLATION and not seen.violations:
        return Finding(
            rule="complaint.outcome_grounds",
            outcome="no_violation_found",
            sections=(section,),
            blocks=True,
            message=(
                f"A {label} needs a finding of a violation first; record the facts (evidence, "
                f"what the officer saw) and let the rules find it."
            ),
            facts=facts,
        )
    if outcome == "dangerous_dog_referral" and not any(
        v.get("dangerous_dog_referral") or v.get("rule") in REFERRAL_RULES for v in seen.violations
    ):
        return Finding(
            rule="complaint.outcome_grounds",
            outcome="no_referral_ground",
            sections=("3-2-7.C", "3-2-7.B", "3-2-9.A"),
            blocks=True,
            message=(
                "A referral for a dangerous-dog designation needs a finding of a bite, vicious "
                "tendencies (3-2-7.C) or damage (3-2-7.B)."
            ),
            facts=facts,
        )
    return Finding(
        rule="complaint.outcome_grounds",
        outcome="grounded",
        sections=(section,),
        message=f"In order: the complaint may close as {label} ({section}).",
        facts=facts,
    )


# ----------------------------------------------------------------------------- the procedure


def step_findings(events: Sequence[Event], step: str) -> list[Finding]:
    """The findings for taking ``step`` after ``events``; one that blocks comes first."""
    allowed = step_allowed(events, step)
    if allowed.blocks or not step.startswith("close."):
        return [allowed]
    grounds = outcome_grounds(events, step.removeprefix("close."))
    return [grounds, allowed] if grounds.blocks else [allowed, grounds]


def complaint(events: Sequence[Event], on: dt.date) -> ProcedureState:
    """3-2-4, 3-2-7: where a complaint stands on ``on``: received, assigned, under investigation or
    closed; the steps that may be taken (each with the finding that allows it) and what blocks
    every other one. No deadline runs on a complaint in the ordinance."""
    seen = _seen(events)
    allowed: dict[str, Finding] = {}
    blocked: dict[str, tuple[Finding, ...]] = {}
    for step in STEPS:
        found = step_findings(events, step)
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
    done = tuple(dict.fromkeys(e.kind for e in ordered(list(events))))
    return ProcedureState(
        procedure=PROCEDURE,
        on=on,
        state=state,
        completed=done,
        allowed=allowed,
        blocked=blocked,
    )


# ----------------------------------------------------------------------------- facts


@facts
class ComplaintFacts:
    """The events of a complaint as dated facts, and the day asked about."""

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
    assigned_on: dt.date | None = fact(
        "The day it was assigned, if it was", default=None, unit="date", example="2026-11-21"
    )
    violations_found: tuple[str, ...] = fact(
        "Rules that found a violation (a finding that blocks), e.g. nuisance.at_large",
        default=(),
        unit="rule ids",
        example=["nuisance.at_large"],
    )
    dangerous_dog_referral_found: bool = fact(
        "Whether a finding of a bite or vicious tendencies (3-2-7.C) was made",
        default=False,
        unit="yes/no",
        example=False,
    )
    vehicle_incident_on: dt.date | None = fact(
        "The day the 3-2-4 incident record was made, if it was", default=None, unit="date"
    )
    closed_on: dt.date | None = fact("The day it was closed, if it was", default=None, unit="date")
    outcome: str | None = fact(
        "Its outcome, with closed_on: " + ", ".join(OUTCOMES),
        default=None,
        unit="outcome",
        choices=tuple(OUTCOMES),
    )

    def events(self) -> list[Event]:
        if (self.closed_on is None) != (self.outcome is None):
            raise ValueError("closed_on and outcome go together")
        out = [Event("received", self.received_on, {"kind": self.kind})]
        if self.assigned_on is not None:
            out.append(Event("assigned", self.assigned_on))
        found_on = self.assigned_on or self.received_on
        for rule_id in self.violations_found:
            out.append(Event("finding", found_on, {"rule": rule_id, "blocks": True}))
        if self.dangerous_dog_referral_found:
            out.append(
                Event(
                    "finding",
                    found_on,
                    {"rule": "nuisance.aggression", "blocks": True, "dangerous_dog_referral": True},
                )
            )
        if self.vehicle_incident_on is not None:
            out.append(Event("vehicle_incident", self.vehicle_incident_on))
        if self.closed_on is not None:
            out.append(Event("closed", self.closed_on, {"outcome": self.outcome}))
        return out
