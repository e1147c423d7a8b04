"""The steps of a dangerous-dog case beside the Authority's own: review of the Hearing Officer's
decision by writ of certiorari (``dangerous_dog.certiorari``), a refusal to release the dog on
demand (``dangerous_dog.release_on_demand``), and the seller's disclosure before a sale or transfer
(``dangerous_dog.sale_or_transfer``); what each step waits on, and what the log shows of them on a
day (``conduct``). The summary of the sale keeps Nowthen's letter (D), as its catalogue shows it.

Readings applied here (the readings register): a petition for a writ does not of itself stay the
Hearing Officer's decision, so no clock stops while it is pending
(``readings.certiorari_no_automatic_stay``); on a remand the order's days count from the Court's
decision (``readings.order_days_on_remand``, applied in ``running``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from dogtag.law import dangerous_dogs as law
from dogtag.law.clocks import deadline
from dogtag.law.computation_of_time import day_label
from dogtag.law.dangerous_dog_procedure.context import Context, case_label, finding, held
from dogtag.law.dangerous_dog_procedure.events import certiorari_pending, reviewable_decision
from dogtag.law.dangerous_dog_procedure.steps import Step
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.params import ParameterSet
from dogtag.law.procedure import Event
from dogtag.law.provisions import cite, together
from dogtag.law.registry import rule

CERTIORARI = "dangerous_dog.writ_of_certiorari"
SALE = "dangerous_dog.sale_disclosure"
NO_STAY = "readings.certiorari_no_automatic_stay"

# The provisions applied here, in the ordinance's words (each package maps them to its sections)
#: "The decision of the Hearing Officer is a quasi-judicial determination that is subject to review
#: by writ of certiorari to the Minnesota Court of Appeals."
REVIEW_BY_WRIT = "dangerous_dog.certiorari"
#: "A person who sells or otherwise transfers ownership or control of a Dangerous Dog must notify
#: any potential purchaser or transferee, prior to the consummation of the transaction"
SALE_OR_TRANSFER = "dangerous_dog.sale_or_transfer"
#: "Any person who fails or refuses to release a dog to the Animal Control Authority ... upon
#: demand ... shall be guilty of a misdemeanor"
RELEASE_ON_DEMAND = "dangerous_dog.release_on_demand"
#: "if the Owner does not request a Hearing within the allotted fourteen (14) days, the designation
#: ... will stand"
DESIGNATION_STANDS = "dangerous_dog.notice.designation_stands"


def _letters(concept: str, after: str) -> str:
    """The section stating ``concept`` as a list of sections writes it after the one stating
    ``after`` (by what it adds to their shared section, ``law.provisions.together``)."""
    return together((cite(after), cite(concept))).split(", ", 1)[-1]


_DECIDED = {
    "order_issued": "the Hearing Officer's order",
    "revocation_order": "the Hearing Officer's order revoking the registration",
}


@rule(
    CERTIORARI,
    provisions=(REVIEW_BY_WRIT,),
    title="Review of the Hearing Officer's decision by writ of certiorari",
    summary=(
        "The Hearing Officer's decision (an order upholding the designation or ordering "
        "destruction, or revoking the registration) is quasi-judicial and reviewable by writ of "
        "certiorari in the Court of Appeals within {minnesota.dangerous_dog.certiorari_days:words_unit} "
        "(Minn. Stat. 606.01). A petition is recorded with its day, and marked late after those "
        "days for the Court to decide; it does not of itself stay the decision. The Court's "
        "decision is recorded: affirmed, reversed (the decision is undone) or remanded (the "
        "Hearing Officer decides again)."
    ),
    question="dangerous-dog-case",
)
def certiorari_filing(decision: Event, filed_on: dt.date, params: ParameterSet) -> Finding:
    """The review (``dangerous_dog.certiorari``): "The decision of the Hearing Officer is a
    quasi-judicial determination that is subject to review by writ of certiorari to the Minnesota
    Court of Appeals." The writ must be sought within the days of Minn. Stat. 606.01 after notice
    of the decision; a later petition is the Court's to refuse, so it is recorded and marked late,
    never refused here."""
    if filed_on < decision.on:
        raise ValueError("a petition for review cannot come before the decision it reviews")
    clock = deadline(params, decision.on, clock_id="dangerous_dog.certiorari")
    assert clock.deadline is not None
    late = filed_on > clock.deadline.due
    what = _DECIDED[decision.kind]
    facts: dict[str, JSONValue] = {
        "decision": decision.kind,
        "decided_on": decision.on,
        "filed_on": filed_on,
        "late": late,
    }
    timing = (
        f"after the last day to seek it, {day_label(clock.deadline.due)}: marked late, for the "
        "Court of Appeals to decide whether it is heard"
        if late
        else f"within the days to seek it (through {day_label(clock.deadline.due)})"
    )
    return Finding(
        rule=CERTIORARI,
        outcome="filed_late" if late else "filed",
        sections=(cite(REVIEW_BY_WRIT),),
        message=(
            f"Review of {what} of {day_label(decision.on)} by writ of certiorari sought on "
            f"{day_label(filed_on)}, {timing} ({cite(REVIEW_BY_WRIT)}, Minn. Stat. 606.01). The "
            "petition does not of itself stay the decision: the case's clocks keep running "
            f"(reading {NO_STAY})."
        ),
        facts=facts,
        parameters=clock.parameters,
        deadline=clock.deadline,
    )


def certiorari_decision(filed: Event, outcome: str, decided_on: dt.date) -> Finding:
    """The Court of Appeals' decision on the writ (A.4), and what it does to the case."""
    effect = {
        "affirmed": "the Hearing Officer's decision stands",
        "reversed": "the Hearing Officer's decision is undone",
        "remanded": "the matter returns to the Hearing Officer, whose order is due again",
    }
    if outcome not in effect:
        raise ValueError(f"{outcome!r} is not a decision on a writ: affirmed, reversed, remanded")
    return Finding(
        rule=CERTIORARI,
        outcome=outcome,
        sections=(cite(REVIEW_BY_WRIT),),
        message=(
            f"The Court of Appeals {outcome} on {day_label(decided_on)} on the writ sought "
            f"{day_label(filed.on)}: {effect[outcome]} ({cite(REVIEW_BY_WRIT)})."
        ),
        facts={"filed_on": filed.on, "decided_on": decided_on, "outcome": outcome},
    )


@rule(
    SALE,
    provisions=(SALE_OR_TRANSFER,),
    title="A dangerous dog's sale or transfer: the buyer told beforehand",
    summary=(
        "Whoever sells or transfers a dangerous dog tells any potential buyer or transferee, "
        "before the transaction, that the dog was designated dangerous, and tells the Animal "
        "Control Authority in writing of the sale with the new owner's name, address and "
        "telephone number. A disclosure is recorded with its day; a sale with none before it "
        "is a violation of D."
    ),
    question="dangerous-dog-case",
)
def sale_disclosure(disclosed_on: dt.date | None, sold_on: dt.date, buyer: str = "") -> Finding:
    """The sale or transfer (``dangerous_dog.sale_or_transfer``): "A person who sells or otherwise
    transfers ownership or control of a Dangerous Dog must notify any potential purchaser or
    transferee, prior to the consummation of the transaction, that the dog was previously
    designated as Dangerous." A disclosure on the day of the sale is before it (dates carry no
    hour); one after it, or none, is a violation."""
    facts: dict[str, JSONValue] = {"disclosed_on": disclosed_on, "sold_on": sold_on, "buyer": buyer}
    to = f" to {buyer}" if buyer else ""
    if disclosed_on is not None and disclosed_on <= sold_on:
        return Finding(
            rule=SALE,
            outcome="told_before",
            sections=(cite(SALE_OR_TRANSFER),),
            message=(
                f"The buyer{to} was told on {day_label(disclosed_on)}, before the sale or transfer "
                f"of {day_label(sold_on)}, that the dog was designated Dangerous "
                f"({cite(SALE_OR_TRANSFER)})."
            ),
            facts=facts,
        )
    when = f"only on {day_label(disclosed_on)}, after" if disclosed_on is not None else "not before"
    return Finding(
        rule=SALE,
        outcome="not_told_before",
        sections=(cite(SALE_OR_TRANSFER),),
        blocks=True,
        message=(
            f"The buyer{to} was told {when} the sale or transfer of {day_label(sold_on)} that "
            f"the dog was designated Dangerous: a violation of {cite(SALE_OR_TRANSFER)}."
        ),
        facts=facts,
    )


def gate(step: Step, c: Context) -> list[Finding] | None:
    """The findings beyond the state that these steps wait on, or None if only the state counts."""
    if step.key == "release_refused" and held(c):
        return [
            finding(
                step,
                "held",
                f"{case_label(c)}: the dog is held by the Animal Control Authority; there is "
                f"nothing to release ({cite(RELEASE_ON_DEMAND)}).",
                c,
                blocks=True,
            )
        ]
    if step.key == "certiorari_filed":
        return _certiorari_gate(step, c)
    if step.key == "certiorari_decided" and certiorari_pending(c.events) is None:
        return [
            finding(
                step,
                "no_writ",
                f"{case_label(c)}: no petition for a writ of certiorari is pending "
                f"({cite(REVIEW_BY_WRIT)}).",
                c,
                blocks=True,
            )
        ]
    return None


def _certiorari_gate(step: Step, c: Context) -> list[Finding]:
    if certiorari_pending(c.events) is not None:
        return [
            finding(
                step,
                "writ_pending",
                f"{case_label(c)}: a petition for a writ of certiorari is already pending "
                f"({cite(REVIEW_BY_WRIT)}).",
                c,
                blocks=True,
            )
        ]
    decision = reviewable_decision(c.events)
    if decision is None or decision.on > c.on:
        return [
            finding(
                step,
                "no_decision",
                f"{case_label(c)}: there is no decision of the Hearing Officer to review "
                f"({cite(REVIEW_BY_WRIT)}: review is of the Hearing Officer's decision; a designation "
                f"that stood without a hearing, {_letters(DESIGNATION_STANDS, REVIEW_BY_WRIT)}, was "
                "not one).",
                c,
                blocks=True,
            )
        ]
    return [certiorari_filing(decision, c.on, c.params)]


def conduct(events: Sequence[Event]) -> list[Finding]:
    """What the log shows beside the path on the day asked: each refusal to release the dog
    (A.2.h, a misdemeanor), a writ of certiorari pending (A.4), and each sale or transfer and
    whether the buyer was told beforehand (D)."""
    found: list[Finding] = []
    custody_ordered = False
    disclosures: list[Event] = []
    for event in events:
        if event.kind == "order_issued":
            custody_ordered = event.facts.get("disposition") == "upheld_custody"
        elif event.kind == "release_refused":
            found.append(_refusal(event, custody_ordered))
        elif event.kind == "sale_disclosure":
            disclosures.append(event)
        elif event.kind == "owner_notice" and event.facts.get("kind") == "transfer":
            found.append(_sale(event, disclosures))
    pending = certiorari_pending(events)
    if pending is not None:
        found.append(
            Finding(
                rule=CERTIORARI,
                outcome="pending",
                sections=(cite(REVIEW_BY_WRIT),),
                message=(
                    f"Review by writ of certiorari pending since {day_label(pending.on)}: the "
                    "Hearing Officer's decision stands meanwhile and the case's clocks keep "
                    f"running (reading {NO_STAY}); record the Court's decision when it comes."
                ),
                facts={"filed_on": pending.on},
            )
        )
    return found


def _refusal(event: Event, custody_ordered: bool) -> Finding:
    basis = event.facts.get("basis", "demand")
    ordered = basis == "custody_order" and custody_ordered
    said = law.release_on_demand(
        demanded=not ordered,
        ordered_into_custody=ordered,
        released=False,
    )
    who = str(event.facts.get("person", "") or "")
    return Finding(
        rule=said.rule,
        outcome=said.outcome,
        sections=said.sections,
        blocks=said.blocks,
        message=f"On {day_label(event.on)}" + (f", {who}: " if who else ": ") + said.message,
        facts={**said.facts, "on": event.on, "basis": str(basis)},
    )


def _sale(notice: Event, disclosures: Sequence[Event]) -> Finding:
    sold_on = notice.facts.get("occurred_on")
    if isinstance(sold_on, str):
        sold_on = dt.date.fromisoformat(sold_on)  # as a record's details store it
    sold = sold_on if isinstance(sold_on, dt.date) else notice.on
    before = [d.on for d in disclosures if d.on <= sold]
    told = max(before) if before else min((d.on for d in disclosures), default=None)
    if told is None and notice.facts.get("transferee_told") is True:
        # told, as the owner's notice says, without a disclosure recorded on its own day
        told = sold
    return sale_disclosure(told, sold, str(notice.facts.get("new_owner_name", "") or ""))


__all__ = [
    "CERTIORARI",
    "NO_STAY",
    "SALE",
    "certiorari_decision",
    "certiorari_filing",
    "conduct",
    "gate",
    "sale_disclosure",
]
