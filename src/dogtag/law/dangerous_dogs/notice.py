"""3-2-9.A.1.a The Notice of Dangerous Dog: how it is served, and the incidents it states.

3-2-9.A.1.a: "Upon a designation that a dog is Dangerous, the Animal Control Authority shall provide
a written Notice of Dangerous Dog to the Owner of record or, if none, to any Owner of such dog by
personally serving the Owner or a person of suitable age and discretion at the residence of such
Owner or by mailing said written notice to the Owner of such dog. Service upon any Owner shall be
effective as to all Owners. The notice shall state the dates, times, places and facts of the
incidents which form the basis for the determination, and include the following: (1) ... (4)".

What the notice includes besides (the description, the factual basis, the official, the seizure
contact) is checked as what the record of the designation states (``dangerous_dog.record_states``).
"""

from __future__ import annotations

from collections.abc import Sequence

from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.registry import rule

SECTION = "3-2-9.A.1.a"

#: The ways A.1.a allows the notice to be served, in its words.
SERVICE_METHODS: dict[str, str] = {
    "personal": "personally served on the owner",
    "residence": "served on a person of suitable age and discretion at the owner's residence",
    "mail": "mailed to the owner",
}


@rule(
    "dangerous_dog.notice_service",
    sections=(SECTION,),
    title="How the Notice of Dangerous Dog is served",
    summary=(
        "Personally on the owner, on a person of suitable age and discretion at the owner's "
        "residence, or by mail to the owner; the record names the person handed the notice and "
        "the residence or the mailing address. Service upon any owner is effective as to all "
        "owners."
    ),
    question="dangerous-dog-notice",
)
def notice_service(method: str, *, served_person: str = "", served_address: str = "") -> Finding:
    """3-2-9.A.1.a: served "by personally serving the Owner or a person of suitable age and
    discretion at the residence of such Owner or by mailing said written notice to the Owner".
    The record shows it: the person handed the notice (in person, at the residence) and the
    residence or the mailing address (at the residence, by mail)."""
    facts: dict[str, JSONValue] = {
        "method": method,
        "served_person": served_person.strip(),
        "served_address": served_address.strip(),
    }
    problems = []
    if method not in SERVICE_METHODS:
        problems.append(
            f"{method!r} is not a way of serving the notice ({SECTION}): "
            + ", ".join(SERVICE_METHODS.values())
            + "."
        )
    if method in ("personal", "residence") and not served_person.strip():
        problems.append(f"Name the person the notice was handed to ({SECTION}).")
    if method in ("residence", "mail") and not served_address.strip():
        problems.append(f"Give the address of the residence or the mailing address ({SECTION}).")
    if problems:
        return Finding(
            rule="dangerous_dog.notice_service",
            outcome="not_served",
            sections=(SECTION,),
            blocks=True,
            message=" ".join(problems),
            facts=facts,
        )
    return Finding(
        rule="dangerous_dog.notice_service",
        outcome="served",
        sections=(SECTION,),
        message=(
            f"Notice {SERVICE_METHODS[method]} ({SECTION}); service upon any owner is effective "
            "as to all owners."
        ),
        facts=facts,
    )


@rule(
    "dangerous_dog.notice_incidents",
    sections=(SECTION,),
    title="The notice states the incidents",
    summary=(
        "The Notice of Dangerous Dog states the date, time, place and facts of each incident on "
        "which the determination rests: at least one, none without its place and facts."
    ),
    question="dangerous-dog-notice",
)
def notice_incidents(incidents: Sequence[tuple[str, str]]) -> Finding:
    """3-2-9.A.1.a: "The notice shall state the dates, times, places and facts of the incidents
    which form the basis for the determination". ``incidents`` are (place, facts) of each one, in
    order; its date and time are the recorded moment, which every incident has."""
    facts: dict[str, JSONValue] = {"incidents": len(incidents)}
    if not incidents:
        return Finding(
            rule="dangerous_dog.notice_incidents",
            outcome="none",
            sections=(SECTION,),
            blocks=True,
            message=(
                f"Record at least one incident with its date, time, place and facts ({SECTION})."
            ),
            facts=facts,
        )
    missing = [
        n for n, (place, said) in enumerate(incidents, 1) if not (place.strip() and said.strip())
    ]
    if missing:
        return Finding(
            rule="dangerous_dog.notice_incidents",
            outcome="not_stated",
            sections=(SECTION,),
            blocks=True,
            message=" ".join(
                f"Incident {n}: give its place and facts ({SECTION})." for n in missing
            ),
            facts={**facts, "missing": missing},
        )
    return Finding(
        rule="dangerous_dog.notice_incidents",
        outcome="stated",
        sections=(SECTION,),
        message=(
            f"The notice states {len(incidents)} incident(s) with the date, time, place and facts "
            f"of each ({SECTION})."
        ),
        facts=facts,
    )


@facts
class NoticeFacts:
    """The facts of the question ``dangerous-dog-notice`` (3-2-9.A.1.a)."""

    method: str = fact(
        "How the notice was served",
        unit="choice",
        example="residence",
        choices=tuple(SERVICE_METHODS),
    )
    served_person: str = fact(
        "The person the notice was handed to (in person, or at the residence)",
        default="",
        example="Sam Gustafson, 17",
    )
    served_address: str = fact(
        "The residence where it was left, or the mailing address",
        default="",
        example="7120 Viking Blvd NW, Nowthen, MN 55303",
    )
    incident_places: tuple[str, ...] = fact(
        "The place of each incident the notice states, in order", example=["Viking Blvd NW"]
    )
    incident_facts: tuple[str, ...] = fact(
        "The facts of each incident, in the same order",
        example=["The dog bit a jogger on the calf."],
    )

    def problems(self) -> list[str]:
        if len(self.incident_places) != len(self.incident_facts):
            return ["incident_facts: give one for each of incident_places"]
        return []

    def incidents(self) -> list[tuple[str, str]]:
        return list(zip(self.incident_places, self.incident_facts, strict=True))
