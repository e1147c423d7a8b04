"""The owner's notices: the dog moved, transferred, died or gone, and the transferee told. Each
provision is named by a concept (``dangerous_dog.death_or_relocation``) and cited as the
jurisdiction package says (``law.provisions``); the quotations are Nowthen's words."""

from __future__ import annotations

import datetime as dt

from dogtag.law.clocks import deadline
from dogtag.law.computation_of_time import day_label
from dogtag.law.dangerous_dogs.shared import Cited
from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding
from dogtag.law.params import ParameterSet
from dogtag.law.provisions import cite, cite_each, together
from dogtag.law.registry import rule

# The provisions applied here, in the ordinance's words (each package maps them to its sections)
#: "An Owner of a Dangerous Dog shall notify the Animal Control Authority, in writing, of the death
#: of the dog, or if the dog relocates or transfers out of the City"
DEATH_OR_RELOCATION = "dangerous_dog.death_or_relocation"
#: "A person who sells or otherwise transfers ownership or control of a Dangerous Dog must notify
#: any potential purchaser or transferee"
SALE_OR_TRANSFER = "dangerous_dog.sale_or_transfer"

# ----------------------------------------------------------------------------- the notices

#: Each notice an owner gives: (the section requiring it, its words), as the city in force numbers
#: it (``Cited``).
OWNER_NOTICES = Cited(
    {
        "death": (DEATH_OR_RELOCATION, "death of the dog"),
        "relocation": (DEATH_OR_RELOCATION, "relocation out of the City"),
        "transfer": (SALE_OR_TRANSFER, "sale or transfer"),
    }
)


@rule(
    "dangerous_dog.owner_notice",
    provisions=(DEATH_OR_RELOCATION, SALE_OR_TRANSFER),
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
    """The death or relocation: "An Owner of a Dangerous Dog shall notify the Animal Control
    Authority, in writing, of the death of the dog, or if the dog relocates or transfers out of the
    City ... within thirty (30) days of the death or relocation." The sale or transfer: "A person
    who sells or otherwise transfers ownership or control of a Dangerous Dog must notify any
    potential purchaser or transferee, prior to the consummation of the transaction, that the dog
    was previously designated as Dangerous." A late notice is recorded and marked late (the finding
    blocks)."""
    death_or_relocation, sale_or_transfer = cite(DEATH_OR_RELOCATION), cite(SALE_OR_TRANSFER)
    if kind not in OWNER_NOTICES:
        either = " or ".join(together((death_or_relocation, sale_or_transfer)).split(", "))
        raise ValueError(f"{kind!r} is not a notice of {either}")
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
                f"Received late: the notice was due by {day_label(clock.deadline.due)} "
                f"({death_or_relocation})."
            )
    if kind == "transfer" and not transferee_told:
        notes.append(
            "The buyer was not told beforehand that the dog was designated Dangerous: a "
            f"violation of {sale_or_transfer}."
        )
    label = OWNER_NOTICES.words(kind)
    findings.insert(
        0,
        Finding(
            rule="dangerous_dog.owner_notice",
            outcome=kind,
            sections=cite_each(OWNER_NOTICES.concept(kind)),
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
    """The facts of the question ``dangerous-dog-owner-notice``."""

    kind: str = fact(
        "What the owner's written notice is of: death, relocation or transfer "
        "({§dangerous_dog.death_or_relocation}, {§dangerous_dog.sale_or_transfer})",
        choices=tuple(OWNER_NOTICES),
    )
    occurred_on: dt.date = fact("When the dog died, moved or was transferred")
    received_on: dt.date = fact("When the written notice was received")
    out_of_city: bool = fact("A transfer out of the City", default=False)
    transferee_told: bool | None = fact(
        "The buyer was told beforehand the dog was designated Dangerous", default=None
    )
