"""3-2-9.C, D The owner's notices: the dog moved, transferred, died or gone, and the transferee told."""

from __future__ import annotations

import datetime as dt

from dogtag.law.clocks import deadline
from dogtag.law.computation_of_time import day_label
from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding
from dogtag.law.params import ParameterSet
from dogtag.law.registry import rule

# ----------------------------------------------------------------------------- C, D notices

OWNER_NOTICES = {
    "death": "death of the dog (3-2-9.C)",
    "relocation": "relocation out of the City (3-2-9.C)",
    "transfer": "sale or transfer (3-2-9.D)",
}


@rule(
    "dangerous_dog.owner_notice",
    sections=("3-2-9.C", "3-2-9.D"),
    title="The owner's notice of death, relocation or transfer",
    summary=(
        "Written notice within {dangerous_dog.death_or_transfer_notice_days} of the dog's death "
        "or its relocation or transfer out of the City; a seller tells the buyer beforehand and "
        "gives the Authority the new owner's name, address and telephone number."
    ),
    question="dangerous-dog-owner-notice",
)
def owner_notice(
    kind: str,
    occurred_on: dt.date,
    received_on: dt.date,
    params: ParameterSet,
    *,
    out_of_city: bool = False,
    transferee_told: bool | None = None,
) -> list[Finding]:
    """3-2-9.C: "An Owner of a Dangerous Dog shall notify the Animal Control Authority, in writing,
    of the death of the dog, or if the dog relocates or transfers out of the City ... within thirty
    (30) days of the death or relocation." 3-2-9.D: "A person who sells or otherwise transfers
    ownership or control of a Dangerous Dog must notify any potential purchaser or transferee,
    prior to the consummation of the transaction, that the dog was previously designated as
    Dangerous." A late notice is recorded and marked late (the finding blocks)."""
    if kind not in OWNER_NOTICES:
        raise ValueError(f"{kind!r} is not a notice of 3-2-9.C or D")
    if occurred_on > received_on:
        raise ValueError("the notice cannot be received before what it reports happened")
    findings: list[Finding] = []
    notes = []
    late = False
    if kind in ("death", "relocation") or out_of_city:
        clock = deadline(params, occurred_on, clock_id="dangerous_dog.death_or_relocation")
        assert clock.deadline is not None
        findings.append(clock)
        late = received_on > clock.deadline.due
        if late:
            notes.append(
                f"Received late: the notice was due by {day_label(clock.deadline.due)} (3-2-9.C)."
            )
    if kind == "transfer" and not transferee_told:
        notes.append(
            "The buyer was not told beforehand that the dog was designated Dangerous: a "
            "violation of 3-2-9.D."
        )
    label = OWNER_NOTICES[kind].split(" (")[0]
    findings.insert(
        0,
        Finding(
            rule="dangerous_dog.owner_notice",
            outcome=kind,
            sections=("3-2-9.D",) if kind == "transfer" else ("3-2-9.C",),
            message=f"Written notice of the {label} received {day_label(received_on)}. "
            + " ".join(notes),
            blocks=bool(notes),
            facts={"occurred_on": occurred_on, "received_on": received_on, "late": late},
        ),
    )
    return findings


# ----------------------------------------------------------------------------- question facts


@facts
class OwnerNoticeFacts:
    """The facts of the question ``dangerous-dog-owner-notice`` (3-2-9.C, D)."""

    kind: str = fact(
        "What the owner's written notice is of: death, relocation or transfer (3-2-9.C, D)",
        choices=tuple(OWNER_NOTICES),
    )
    occurred_on: dt.date = fact("When the dog died, moved or was transferred")
    received_on: dt.date = fact("When the written notice was received")
    out_of_city: bool = fact("A transfer out of the City", default=False)
    transferee_told: bool | None = fact(
        "The buyer was told beforehand the dog was designated Dangerous", default=None
    )
