"""The steps of a dangerous-dog case after the dog is deemed dangerous: registration and its
renewal, revocation after notice and hearing (``dangerous_dog.revocation``), and the steps beside
the path (the review of the designation, of the conditions, the sterilization seizure, the seizure
after a refused inspection, the release, the affidavit, the costs); what each waits on beyond the
state, and the ordinance's words when one comes too soon."""

from __future__ import annotations

from dogtag.law import dangerous_dogs as law
from dogtag.law.dangerous_dog_procedure.context import Context, case_label, finding, held
from dogtag.law.dangerous_dog_procedure.events import refused_inspection
from dogtag.law.dangerous_dog_procedure.steps import Step
from dogtag.law.findings import Finding
from dogtag.law.provisions import cite

#: "shall, if requested by the Animal Control Authority, execute an affidavit"
DEATH_OR_RELOCATION = "dangerous_dog.death_or_relocation"
#: "liable for all actual costs of care, keeping, and disposal of the dog"
COSTS = "dangerous_dog.costs"


def too_soon(step: Step, c: Context) -> Finding | None:
    """The words of the revocation ("may be revoked, following Hearing") when it is decided
    before its hearing, or None."""
    if step.key == "revocation_order" and c.state == "revocation_noticed":
        # "may be revoked, following Hearing": the rule of revocation says so
        held = law.revocation(heard=False, revoked=True, alleged_reasons="")
        return Finding(
            rule=held.rule,
            outcome=held.outcome,
            sections=held.sections,
            blocks=True,
            message=f"{case_label(c)}: {held.message[:1].lower()}{held.message[1:]}",
            facts={**held.facts, "step": step.key, "state": c.state, "on": c.on},
        )
    return None


def gate(step: Step, c: Context) -> list[Finding] | None:
    """The findings beyond the state that a step after the order waits on, or None if only the
    state counts."""
    facts = c.circumstances
    if step.key == "review_request" and c.review_pending:
        return [
            finding(
                step,
                "review_pending",
                "A review of this designation is already pending.",
                c,
                blocks=True,
            )
        ]
    if step.key == "review_decision" and not c.review_pending:
        return [
            finding(
                step,
                "no_review",
                f"{case_label(c)}: no review of the designation is pending.",
                c,
                blocks=True,
            )
        ]
    if step.key == "conditions_review" and c.designated_on is not None:
        return [
            law.relax_conditions(
                c.designated_on, c.on, c.params, last_violation_on=facts.last_violation_on
            )
        ]
    if step.key == "sterilization_seizure" and c.deemed is not None:
        return law.sterilization_seizure(
            c.deemed, max(c.on, c.deemed), c.params, sterilized=facts.sterilized
        )
    if step.key == "inspection_seizure":
        refused_on, permitted_on = refused_inspection(c.events, c.on)
        return [law.inspection_seizure(refused_on, c.on, permitted_on=permitted_on, held=held(c))]
    if step.key == "release" and not held(c):
        return [
            finding(
                step, "not_impounded", f"{case_label(c)}: the dog is not impounded.", c, blocks=True
            )
        ]
    if step.key == "affidavit" and not facts.affidavit_pending:
        return [
            finding(
                step,
                "no_affidavit",
                f"No affidavit is awaited in this case ({cite(DEATH_OR_RELOCATION)}).",
                c,
                blocks=True,
            )
        ]
    if step.key == "payment" and facts.balance_owed <= 0:
        return [
            finding(
                step,
                "nothing_owed",
                f"Nothing is owed on the case's costs ({cite(COSTS)}).",
                c,
                blocks=True,
            )
        ]
    return None
