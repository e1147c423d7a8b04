"""What a Certificate of Registration of a dangerous dog carries beyond the registration
requirements (``dangerous_dogs.registration``): its term and renewal, its fee, the insurance shown
with it, and the dangerous-dog tag. Each provision is named by a concept
(``dangerous_dog.registration_renewal``) and cited as the jurisdiction package says
(``law.provisions``); the quotations are Nowthen's words. The summaries keep Nowthen's letters
(B.1, B.7, E.4), as its catalogue shows them.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from dogtag.law.computation_of_time import add_months, day_label
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.params import ParameterSet
from dogtag.law.provisions import cite
from dogtag.law.registry import rule

# The provisions applied here, in the ordinance's words (each package maps them to its sections)
#: "the dog shall, at all times during the dog's life, be registered as a Dangerous Dog"
LIFETIME = "dangerous_dog.registration.lifetime"
#: "An Owner of a Dangerous Dog shall renew the registration of the dog annually until the dog is
#: deceased"
RENEWAL = "dangerous_dog.registration_renewal"
#: "The City will charge the Owner of a Dangerous Dog an annual fee, in addition to any regular dog
#: licensing fees, to obtain a Certificate of Registration"
FEE = "dangerous_dog.registration_fee"
#: "the City must provide ... a warning symbol ... will charge the Owner a reasonable fee"
WARNING_SYMBOL = "dangerous_dog.warning_symbol"
#: "The Owner provides, and annually shows proof of, public liability insurance"
INSURANCE = "dangerous_dog.registration_requirements.insurance"
#: "a standardized, easily identifiable tag identifying the dog as Dangerous ... affixed to the
#: dog's collar at all times"
TAG = "dangerous_dog.tag"


@rule(
    "dangerous_dog.registration_term",
    provisions=(RENEWAL, LIFETIME),
    title="A dangerous dog's registration, renewed every year of its life",
    summary=(
        "The dog is registered at all times during its life (B.1), the registration renewed "
        "annually until the dog is deceased (B.7): a certificate is for a year, and a renewal "
        "made before the last one ends follows it without a gap."
    ),
    question="dangerous-dog-case",
)
def registration_term(on: dt.date, previous_expires_on: dt.date | None = None) -> Finding:
    """The registration for life (``dangerous_dog.registration.lifetime``): the dog "shall, at all
    times during the dog's life, be registered as a Dangerous Dog"; its renewal
    (``dangerous_dog.registration_renewal``): "An Owner of a Dangerous Dog shall renew the
    registration of the dog annually until the dog is deceased." A certificate issued on ``on``
    runs a year (through the day before the anniversary, LEGAL-NOTES §6.6); a renewal before the
    current one ends starts the day after it, so the dog stays registered without a gap."""
    starts = on
    if previous_expires_on is not None and previous_expires_on >= on:
        starts = previous_expires_on + dt.timedelta(days=1)
    expires = add_months(starts, 12) - dt.timedelta(days=1)
    renewal = previous_expires_on is not None
    section = cite(RENEWAL if renewal else LIFETIME)
    return Finding(
        rule="dangerous_dog.registration_term",
        outcome="renewal" if renewal else "term",
        sections=(section,),
        message=(
            f"{'Renewed' if renewal else 'Registered'} for a year, {day_label(starts)} through "
            f"{day_label(expires)} ({section}): renewed annually until the dog is deceased "
            f"({cite(RENEWAL)})."
        ),
        facts={"on": on, "previous_expires_on": previous_expires_on},
        next_date=expires,
        details={"starts_on": starts, "expires_on": expires},
    )


@rule(
    "dangerous_dog.registration_fee",
    provisions=(FEE,),
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
    """The fee (``dangerous_dog.registration_fee``): "The City will charge the Owner of a Dangerous
    Dog an annual fee, in addition to any regular dog licensing fees, to obtain a Certificate of
    Registration". ``symbols`` is the finding of ``dangerous_dog.warning_symbol_charge``
    (``dangerous_dog.warning_symbol``)."""
    fee = params.get("fees.dangerous_dog.registration", on)
    symbols_amount = Decimal(str(symbols.details["amount"]))
    due = fee.value + symbols_amount
    facts: dict[str, JSONValue] = {"paid": paid, "on": on}
    section = cite(FEE)
    if paid != due:
        charge = (
            f" and {symbols_amount} for the warning symbols ({cite(WARNING_SYMBOL)})"
            if symbols_amount
            else ""
        )
        return Finding(
            rule="dangerous_dog.registration_fee",
            outcome="wrong_amount",
            sections=(section,),
            blocks=True,
            message=(
                f"The annual registration fee is {fee.display()} ({section}, "
                f"{fee.source.cite()}){charge}; the payment is {paid}."
            ),
            facts=facts,
            parameters=(fee,),
            details={"due": due},
        )
    return Finding(
        rule="dangerous_dog.registration_fee",
        outcome="paid",
        sections=(section,),
        message=f"The annual registration fee of {fee.display()} is paid ({section}).",
        facts=facts,
        parameters=(fee,),
        details={"due": due},
    )


@rule(
    "dangerous_dog.insurance_shown",
    provisions=(INSURANCE,),
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
    """The insurance (``dangerous_dog.registration_requirements.insurance``): "The Owner provides,
    and annually shows proof of, public liability insurance ..." The proof names the insurer and
    the policy and is in force on ``on``."""
    section = cite(INSURANCE)
    problems = []
    if not insurer.strip() or not policy_number.strip():
        problems.append(f"name the insurer and the policy number ({section})")
    if expires_on is None:
        problems.append(f"give the day the policy expires ({section})")
    elif expires_on < on:
        problems.append(
            f"the policy expired {day_label(expires_on)} ({section}: provides and annually "
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
            sections=(section,),
            blocks=True,
            message="Insurance not shown: " + "; ".join(problems) + ".",
            facts=facts,
        )
    return Finding(
        rule="dangerous_dog.insurance_shown",
        outcome="shown",
        sections=(section,),
        message=f"Proof of insurance shown: {insurer.strip()}, policy {policy_number.strip()} "
        f"({section}).",
        facts=facts,
    )


@rule(
    "dangerous_dog.tag",
    provisions=(TAG,),
    title="The dangerous-dog tag",
    summary=(
        "A registered dangerous dog wears, at all times, a standardized tag identifying it as "
        "dangerous with the uniform dangerous-dog symbol: the certificate records the tag issued."
    ),
    question="dangerous-dog-case",
)
def dangerous_dog_tag(tag_number: str) -> Finding:
    """The tag (``dangerous_dog.tag``): "A Dangerous Dog registered under this section shall have a
    standardized, easily identifiable tag identifying the dog as Dangerous and containing the
    uniform Dangerous Dog symbol ... affixed to the dog's collar at all times." """
    section = cite(TAG)
    if not tag_number.strip():
        return Finding(
            rule="dangerous_dog.tag",
            outcome="no_tag",
            sections=(section,),
            blocks=True,
            message=f"Record the uniform dangerous-dog tag issued with the certificate ({section}).",
            facts={"tag_number": tag_number},
        )
    return Finding(
        rule="dangerous_dog.tag",
        outcome="tag_issued",
        sections=(section,),
        message=(
            f"Dangerous-dog tag {tag_number.strip()} issued, to be affixed to the dog's collar at "
            f"all times ({section})."
        ),
        facts={"tag_number": tag_number},
    )
