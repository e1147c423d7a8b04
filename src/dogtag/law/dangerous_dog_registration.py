"""City Code 3-2-9.B.1, B.3.c, B.5, B.7 and E.5: what a Certificate of Registration of a
dangerous dog carries beyond the requirements of B.3 (``dangerous_dogs.registration``): its
term and renewal, its fee, the insurance shown with it, and the dangerous-dog tag.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from dogtag.law.computation_of_time import add_months, day_label
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.params import ParameterSet
from dogtag.law.registry import rule


@rule(
    "dangerous_dog.registration_term",
    sections=("3-2-9.B.7", "3-2-9.B.1"),
    title="A dangerous dog's registration, renewed every year of its life",
    summary=(
        "The dog is registered at all times during its life (B.1), the registration renewed "
        "annually until the dog is deceased (B.7): a certificate is for a year, and a renewal "
        "made before the last one ends follows it without a gap."
    ),
    question="dangerous-dog-case",
)
def registration_term(on: dt.date, previous_expires_on: dt.date | None = None) -> Finding:
    """3-2-9.B.1: the dog "shall, at all times during the dog's life, be registered as a
    Dangerous Dog"; B.7: "An Owner of a Dangerous Dog shall renew the registration of the dog
    annually until the dog is deceased." A certificate issued on ``on`` runs a year (through the
    day before the anniversary, LEGAL-NOTES §6.6); a renewal before the current one ends starts
    the day after it, so the dog stays registered without a gap."""
    starts = on
    if previous_expires_on is not None and previous_expires_on >= on:
        starts = previous_expires_on + dt.timedelta(days=1)
    expires = add_months(starts, 12) - dt.timedelta(days=1)
    renewal = previous_expires_on is not None
    section = "3-2-9.B.7" if renewal else "3-2-9.B.1"
    return Finding(
        rule="dangerous_dog.registration_term",
        outcome="renewal" if renewal else "term",
        sections=(section,),
        message=(
            f"{'Renewed' if renewal else 'Registered'} for a year, {day_label(starts)} through "
            f"{day_label(expires)} ({section}): renewed annually until the dog is deceased "
            "(3-2-9.B.7)."
        ),
        facts={"on": on, "previous_expires_on": previous_expires_on},
        next_date=expires,
        details={"starts_on": starts, "expires_on": expires},
    )


@rule(
    "dangerous_dog.registration_fee",
    sections=("3-2-9.B.5",),
    title="The annual fee for a Certificate of Registration",
    summary=(
        "The owner of a dangerous dog pays the annual fee the council sets (not over the "
        "state's maximum), in addition to the dog license fee, with the warning symbols' charge "
        "(E.4) if the council set one."
    ),
    question="dangerous-dog-case",
)
def registration_fee(
    paid: Decimal, on: dt.date, params: ParameterSet, *, symbols: Finding
) -> Finding:
    """3-2-9.B.5: "The City will charge the Owner of a Dangerous Dog an annual fee, in addition to
    any regular dog licensing fees, to obtain a Certificate of Registration". ``symbols`` is the
    finding of ``dangerous_dog.warning_symbol_charge`` (E.4)."""
    fee = params.get("fees.dangerous_dog.registration", on)
    symbols_amount = Decimal(str(symbols.details["amount"]))
    due = fee.value + symbols_amount
    facts: dict[str, JSONValue] = {"paid": paid, "on": on}
    if paid != due:
        charge = (
            f" and {symbols_amount} for the warning symbols (3-2-9.E.4)" if symbols_amount else ""
        )
        return Finding(
            rule="dangerous_dog.registration_fee",
            outcome="wrong_amount",
            sections=("3-2-9.B.5",),
            blocks=True,
            message=(
                f"The annual registration fee is {fee.display()} (3-2-9.B.5, "
                f"{fee.source.cite()}){charge}; the payment is {paid}."
            ),
            facts=facts,
            parameters=(fee,),
            details={"due": due},
        )
    return Finding(
        rule="dangerous_dog.registration_fee",
        outcome="paid",
        sections=("3-2-9.B.5",),
        message=f"The annual registration fee of {fee.display()} is paid (3-2-9.B.5).",
        facts=facts,
        parameters=(fee,),
        details={"due": due},
    )


@rule(
    "dangerous_dog.insurance_shown",
    sections=("3-2-9.B.3.c",),
    title="Proof of insurance, shown every year",
    summary=(
        "The owner shows proof of the liability insurance: the insurer, the policy, and a "
        "policy in force on the day, shown again at each renewal."
    ),
    question="dangerous-dog-case",
)
def insurance_shown(
    on: dt.date, *, insurer: str, policy_number: str, expires_on: dt.date | None
) -> Finding:
    """3-2-9.B.3.c: "The Owner provides, and annually shows proof of, public liability insurance
    ..." The proof names the insurer and the policy and is in force on ``on``."""
    problems = []
    if not insurer.strip() or not policy_number.strip():
        problems.append("name the insurer and the policy number (3-2-9.B.3.c)")
    if expires_on is None:
        problems.append("give the day the policy expires (3-2-9.B.3.c)")
    elif expires_on < on:
        problems.append(
            f"the policy expired {day_label(expires_on)} (3-2-9.B.3.c: provides and annually "
            "shows proof)"
        )
    facts: dict[str, JSONValue] = {
        "on": on,
        "insurer": insurer,
        "policy_number": policy_number,
        "expires_on": expires_on,
    }
    if problems:
        return Finding(
            rule="dangerous_dog.insurance_shown",
            outcome="not_shown",
            sections=("3-2-9.B.3.c",),
            blocks=True,
            message="Insurance not shown: " + "; ".join(problems) + ".",
            facts=facts,
        )
    return Finding(
        rule="dangerous_dog.insurance_shown",
        outcome="shown",
        sections=("3-2-9.B.3.c",),
        message=f"Proof of insurance shown: {insurer.strip()}, policy {policy_number.strip()} "
        f"(3-2-9.B.3.c).",
        facts=facts,
    )


@rule(
    "dangerous_dog.tag",
    sections=("3-2-9.E.5",),
    title="The dangerous-dog tag",
    summary=(
        "A registered dangerous dog wears, at all times, a standardized tag identifying it as "
        "dangerous with the uniform dangerous-dog symbol: the certificate records the tag issued."
    ),
    question="dangerous-dog-case",
)
def dangerous_dog_tag(tag_number: str) -> Finding:
    """3-2-9.E.5: "A Dangerous Dog registered under this section shall have a standardized, easily
    identifiable tag identifying the dog as Dangerous and containing the uniform Dangerous Dog
    symbol ... affixed to the dog's collar at all times." """
    if not tag_number.strip():
        return Finding(
            rule="dangerous_dog.tag",
            outcome="no_tag",
            sections=("3-2-9.E.5",),
            blocks=True,
            message="Record the uniform dangerous-dog tag issued with the certificate (3-2-9.E.5).",
            facts={"tag_number": tag_number},
        )
    return Finding(
        rule="dangerous_dog.tag",
        outcome="tag_issued",
        sections=("3-2-9.E.5",),
        message=(
            f"Dangerous-dog tag {tag_number.strip()} issued, to be affixed to the dog's collar at "
            "all times (3-2-9.E.5)."
        ),
        facts={"tag_number": tag_number},
    )
