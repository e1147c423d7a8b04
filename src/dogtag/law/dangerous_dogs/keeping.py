"""Keeping a dangerous dog: restraint outside the enclosure, the rental disclosure, the warning
symbols' charge and inspection of the premises. Each provision is named by a concept
(``dangerous_dog.restraint``) and cited as the jurisdiction package says (``law.provisions``); the
quotations are Nowthen's words.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from dogtag.law.computation_of_time import long_date
from dogtag.law.dangerous_dogs.shared import money
from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.params import ParameterNotInForce, ParameterNotSet, ParameterSet
from dogtag.law.provisions import cite, cite_each
from dogtag.law.registry import rule

# The provisions applied here, in the ordinance's words (each package maps them to its sections)
#: "An Owner of a Dangerous Dog shall keep and maintain the dog pursuant to all requirements of
#: this subsection"
KEEPING = "dangerous_dog.keeping"
#: "The dog shall, at all times, be kept in such Proper Enclosure unless the dog is ... muzzled and
#: restrained by a substantial chain or leash ... under the physical restraint of a responsible
#: person"
RESTRAINT = "dangerous_dog.restraint"
#: "shall disclose to the property owner ... that the person owns a Dangerous Dog that will reside
#: at the property"
RENTAL_DISCLOSURE = "dangerous_dog.rental_disclosure"
#: "the City must provide ... an adequate number of a warning symbol ... The City will charge the
#: Owner a reasonable fee"
WARNING_SYMBOL = "dangerous_dog.warning_symbol"
#: "shall permit the Animal Control Authority and/or Law Enforcement to enter the property ... to
#: inspect the premises"
INSPECTION = "dangerous_dog.inspection"
#: the seizure of dogs, through which a refused inspection grounds a seizure
SEIZURE = "dangerous_dog.seizure"
#: "the dog shall not be released until the Owner demonstrates ... that all applicable
#: requirements ... have been complied with"
RELEASE = "dangerous_dog.release"
#: "Any Certificate of Registration for a Dangerous Dog may be revoked, following Hearing"
REVOCATION = "dangerous_dog.revocation"

# ----------------------------------------------------------------------------- restraint


@dataclass(frozen=True)
class Restraint:
    in_proper_enclosure: bool
    muzzled: bool = False
    leash_length_feet: Decimal | None = None
    handler_age_years: int | None = None
    under_physical_restraint: bool = False


@rule(
    "dangerous_dog.restraint",
    provisions=(RESTRAINT,),
    title="Keeping a dangerous dog outside its enclosure",
    summary=(
        "Outside its proper enclosure a dangerous dog must be muzzled, on a substantial chain or "
        "leash of at most {dangerous_dog.restraint.leash_max_feet:short}, under the physical "
        "restraint of a person {dangerous_dog.restraint.handler_min_age_years:number} or older."
    ),
    question="dangerous-dog-restraint",
)
def restraint(facts: Restraint, on: dt.date, params: ParameterSet) -> Finding:
    """The restraint outside the enclosure: "The dog shall, at all times, be kept in such Proper
    Enclosure unless the dog is, at any and all times the dog is outside a Proper Enclosure,
    muzzled and restrained by a substantial chain or leash not to exceed six feet (6 ft.) in length
    and under the physical restraint of a responsible person eighteen (18) years of age or older."
    Stricter than the state (347.52: muzzle, chain or leash, responsible person), so Nowthen's
    numbers control (its incorporation of the state's sections keeps the greater restriction)."""
    leash = params.get("dangerous_dog.restraint.leash_max_feet", on)
    age = params.get("dangerous_dog.restraint.handler_min_age_years", on)
    section = cite(RESTRAINT, params)
    known: dict[str, JSONValue] = dict(vars(facts))
    if facts.in_proper_enclosure:
        return Finding(
            rule="dangerous_dog.restraint",
            outcome="in_enclosure",
            sections=(section,),
            message=f"Kept as required: the dog is in its Proper Enclosure ({section}).",
            facts=known,
            parameters=(leash, age),
        )
    problems = []
    if not facts.muzzled:
        problems.append("not muzzled")
    if facts.leash_length_feet is None:
        problems.append("not on a chain or leash")
    elif facts.leash_length_feet > leash.integer:
        problems.append(f"leash {facts.leash_length_feet} ft, longer than {leash.display()}")
    if not facts.under_physical_restraint:
        problems.append("not under a person's physical restraint")
    if facts.handler_age_years is None:
        problems.append("the handler's age is not known")
    elif facts.handler_age_years < age.integer:
        problems.append(f"handler {facts.handler_age_years}, younger than {age.display()}")
    if problems:
        return Finding(
            rule="dangerous_dog.restraint",
            outcome="violation",
            sections=(section,),
            blocks=True,
            message=f"Violation of {section} outside the Proper Enclosure: "
            + "; ".join(problems)
            + f". Grounds for seizure (Minn. Stat. 347.54) and revocation "
            f"({cite(REVOCATION, params)}).",
            facts=known,
            parameters=(leash, age),
        )
    return Finding(
        rule="dangerous_dog.restraint",
        outcome="restrained",
        sections=(section,),
        message=(
            f"Restrained as required outside the Proper Enclosure: muzzled, on a leash of "
            f"{facts.leash_length_feet} ft (at most {leash.display()}), held by a person of "
            f"{facts.handler_age_years} (at least {age.display()}) ({section})."
        ),
        facts=known,
        parameters=(leash, age),
    )


# ----------------------------------------------------------------------------- rental

RENTAL_OCCASIONS = {
    "lease": "before entering the lease agreement, or before the dog begins to reside there",
    "renewal": "at the time of the lease renewal",
}


@rule(
    "dangerous_dog.rental_disclosure",
    provisions=(RENTAL_DISCLOSURE,),
    title="Disclosure to the property owner by an owner who rents",
    summary=(
        "An owner who rents the property where a dangerous dog will reside tells the property "
        "owner before the dog begins to reside there or before entering the lease, and again at "
        "each lease renewal."
    ),
    question="dangerous-dog-rental-disclosure",
)
def rental_disclosure(
    occasion: str,
    disclosed_on: dt.date,
    lease_date: dt.date,
    *,
    began_residing_on: dt.date | None = None,
) -> Finding:
    """The rental disclosure: "A person who owns a Dangerous Dog and who rents property from another where the
    dog will reside shall disclose to the property owner prior to when the dog begins to reside on
    the property, or prior to entering the lease agreement, and at the time of any lease renewal,
    that the person owns a Dangerous Dog that will reside at the property." ``lease_date`` is the
    day the lease was entered into (``occasion`` "lease") or renewed ("renewal"). Dates carry no
    hour: a disclosure on the day of the lease or renewal, or on the day the dog began to reside,
    is read as made before it. A late disclosure is a violation (the finding blocks)."""
    section = cite(RENTAL_DISCLOSURE)
    if occasion not in RENTAL_OCCASIONS:
        raise ValueError(f"{occasion!r} is not an occasion of {section}: lease or renewal")
    facts: dict[str, JSONValue] = {
        "occasion": occasion,
        "disclosed_on": disclosed_on,
        "lease_date": lease_date,
        "began_residing_on": began_residing_on,
    }
    if occasion == "renewal":
        in_time = disclosed_on <= lease_date
        when = f"at the lease renewal of {long_date(lease_date)}"
    else:
        by_lease = disclosed_on <= lease_date
        by_residence = began_residing_on is not None and disclosed_on <= began_residing_on
        in_time = by_lease or by_residence
        when = f"before entering the lease of {long_date(lease_date)}" + (
            f" or before the dog began to reside there on {long_date(began_residing_on)}"
            if began_residing_on is not None
            else ""
        )
    if in_time:
        message = (
            f"Disclosed in time on {long_date(disclosed_on)}: the owner told the property owner "
            f"{when} that a Dangerous Dog will reside at the property ({section})."
        )
    else:
        message = (
            f"Disclosed late on {long_date(disclosed_on)}: the owner had to tell the property "
            f"owner {when} that a Dangerous Dog will reside at the property. A violation of "
            f"{section}."
        )
    return Finding(
        rule="dangerous_dog.rental_disclosure",
        outcome="in_time" if in_time else "late",
        sections=(section,),
        blocks=not in_time,
        message=message,
        facts=facts,
    )


# ----------------------------------------------------------------------------- warning symbols


@rule(
    "dangerous_dog.warning_symbol_charge",
    provisions=(WARNING_SYMBOL,),
    title="The charge for the warning symbols",
    summary=(
        "The City provides warning symbols with the certificate and charges a reasonable fee "
        "for its costs and the symbols, as the council sets it by resolution; none is charged "
        "while the council has set none."
    ),
    question="dangerous-dog-warning-symbols",
)
def warning_symbol_charge(symbols: int, on: dt.date, params: ParameterSet) -> Finding:
    """The warning symbols: "the City must provide, for posting on the Owner's property, an adequate number
    of a warning symbol ... The City will charge the Owner a reasonable fee to cover its
    administrative costs and the cost of the warning symbol." The fee is one the council sets by
    resolution: until it does, nothing is charged and the finding says why."""
    section = cite(WARNING_SYMBOL, params)
    if symbols < 1:
        raise ValueError(f"the City provides at least one warning symbol ({section})")
    facts: dict[str, JSONValue] = {"symbols": symbols, "on": on}
    try:
        fee = params.get("fees.dangerous_dog.warning_symbol", on)
    except ParameterNotSet as exc:
        return Finding(
            rule="dangerous_dog.warning_symbol_charge",
            outcome="no_fee_set",
            sections=(section,),
            message=(
                f"{symbols} warning symbol(s) provided ({section}); no charge: the fee awaits "
                f"{exc.awaiting}."
            ),
            facts=facts,
            details={"amount": "0.00"},
        )
    except ParameterNotInForce as exc:
        return Finding(
            rule="dangerous_dog.warning_symbol_charge",
            outcome="no_fee_set",
            sections=(section,),
            message=(
                f"{symbols} warning symbol(s) provided ({section}); no charge: the council's fee "
                f"takes effect {long_date(exc.first)}."
            ),
            facts=facts,
            details={"amount": "0.00"},
        )
    amount = fee.value * symbols
    return Finding(
        rule="dangerous_dog.warning_symbol_charge",
        outcome="charged",
        sections=(section,),
        message=(
            f"{symbols} warning symbol(s) provided ({section}) at {fee.display()} each: "
            f"{money(amount)} ({fee.source.cite()})."
        ),
        facts=facts,
        parameters=(fee,),
        details={"amount": amount, "each": fee.value},
    )


# ----------------------------------------------------------------------------- inspection


@rule(
    "dangerous_dog.inspection",
    provisions=(INSPECTION,),
    title="Inspection of a dangerous dog's premises",
    summary=(
        "The owner must let the Authority inspect at reasonable hours without a warrant; a "
        "refusal is by itself a ground to seize the dog and revoke the registration."
    ),
    question="dangerous-dog-inspection",
)
def inspection(*, permitted: bool, compliant: bool | None) -> Finding:
    """The inspection: "The failure of an Owner to permit such inspection is, by itself, a ground to
    immediately seize the dog ... and revoke the Dangerous Dog registration"."""
    inspection = cite(INSPECTION)
    if permitted and compliant is None:
        raise ValueError(f"say whether the dog was kept in compliance ({cite(KEEPING)})")
    facts: dict[str, JSONValue] = {"permitted": permitted, "compliant": compliant}
    if not permitted:
        return Finding(
            rule="dangerous_dog.inspection",
            outcome="refused",
            sections=cite_each(INSPECTION, REVOCATION),
            blocks=True,
            message=(
                f"Inspection refused ({inspection}): by itself a ground to seize the dog "
                f"immediately ({cite(SEIZURE)}) and to revoke the Dangerous Dog registration "
                f"({cite(REVOCATION)})."
            ),
            facts=facts,
        )
    return Finding(
        rule="dangerous_dog.inspection",
        outcome="compliant" if compliant else "not_compliant",
        sections=(inspection,),
        blocks=not compliant,
        message=f"Inspection permitted ({inspection}): "
        + ("the dog was kept in compliance." if compliant else "not kept in compliance."),
        facts=facts,
    )


@rule(
    "dangerous_dog.inspection_seizure",
    provisions=(INSPECTION,),
    title="Seizure of a dangerous dog after a refused inspection",
    summary=(
        "A refused inspection is by itself a ground to seize the dog immediately, through "
        "{§dangerous_dog.seizure}, until the owner permits an inspection; the dog is then released "
        "only under {§dangerous_dog.release}, and the registration may be revoked after notice and "
        "hearing ({§dangerous_dog.revocation})."
    ),
    question="dangerous-dog-case",
)
def inspection_seizure(
    refused_on: dt.date | None,
    on: dt.date,
    *,
    permitted_on: dt.date | None = None,
    held: bool = False,
) -> Finding:
    """The inspection: "The failure of an Owner to permit such inspection is, by itself, a ground to
    immediately seize the dog". ``refused_on``: the last inspection
    refused on or before ``on``; ``permitted_on``: an inspection the owner permitted after it.
    "Immediately" says the seizure needs no hearing first; the ground lasts until the owner
    permits an inspection (``readings.inspection_seizure_ground``). A dog already held is not
    seized again."""
    facts: dict[str, JSONValue] = {
        "refused_on": refused_on,
        "permitted_on": permitted_on,
        "held": held,
        "on": on,
    }

    inspection = cite(INSPECTION)

    def found(outcome: str, message: str, *, blocks: bool = True) -> Finding:
        return Finding(
            rule="dangerous_dog.inspection_seizure",
            outcome=outcome,
            sections=(inspection,),
            blocks=blocks,
            message=message,
            facts=facts,
            details={"reading": "readings.inspection_seizure_ground"},
        )

    if refused_on is None or refused_on > on:
        return found(
            "no_ground",
            f"No inspection has been refused: {inspection} gives no ground to seize the dog.",
        )
    if permitted_on is not None and refused_on <= permitted_on <= on:
        return found(
            "ground_ended",
            f"The owner permitted an inspection on {long_date(permitted_on)}, after the one "
            f"refused on {long_date(refused_on)}: that refusal no longer grounds a seizure "
            f"({inspection}).",
        )
    if held:
        return found(
            "already_held",
            "The dog is already held by the Animal Control Authority; it is released only "
            f"under {cite(RELEASE)}.",
        )
    return found(
        "may_seize",
        f"The owner refused the inspection of {long_date(refused_on)}: that is by itself a "
        f"ground to seize the dog immediately ({inspection}, through {cite(SEIZURE)}). The seized "
        f"dog is released only under {cite(RELEASE)}, and the registration may be revoked after "
        f"notice and hearing ({cite(REVOCATION)}).",
        blocks=False,
    )


# ----------------------------------------------------------------------------- question facts

OUTSIDE = "; required when the dog is outside its Proper Enclosure"


@facts
class RestraintFacts:
    """The facts of the question ``dangerous-dog-restraint``.

    Outside the enclosure, whether the dog is muzzled and under physical restraint must be stated:
    left out, they would decide the violation by default.
    """

    on: dt.date = fact("The day asked about")
    in_proper_enclosure: bool = fact("The dog is in its Proper Enclosure")
    muzzled: bool | None = fact("Muzzled" + OUTSIDE, default=None)
    leash_length_feet: Decimal | None = fact(
        "Chain or leash length, feet (left out: no chain or leash)", default=None, unit="feet"
    )
    handler_age_years: int | None = fact(
        "Handler's age (left out: no handler)", default=None, minimum=0, unit="years"
    )
    under_physical_restraint: bool | None = fact(
        "Under the physical restraint of the handler" + OUTSIDE, default=None
    )

    def problems(self) -> list[str]:
        """The facts the law needs and not given: every one, naming the field."""
        if self.in_proper_enclosure:
            return []
        section = cite(RESTRAINT)
        return [
            f"{name}: missing (the dog is outside its Proper Enclosure, {section})"
            for name in ("muzzled", "under_physical_restraint")
            if getattr(self, name) is None
        ]

    def restraint(self) -> Restraint:
        return Restraint(
            in_proper_enclosure=self.in_proper_enclosure,
            muzzled=bool(self.muzzled),
            leash_length_feet=self.leash_length_feet,
            handler_age_years=self.handler_age_years,
            under_physical_restraint=bool(self.under_physical_restraint),
        )


@facts
class InspectionFacts:
    """The facts of the question ``dangerous-dog-inspection``."""

    permitted: bool = fact("The owner permitted the inspection")
    compliant: bool | None = fact("The dog was kept in compliance", default=None)


@facts
class RentalDisclosureFacts:
    """The facts of the question ``dangerous-dog-rental-disclosure``."""

    occasion: str = fact(
        "When the owner disclosed: for a new lease (lease) or at a lease renewal (renewal)",
        choices=tuple(RENTAL_OCCASIONS),
    )
    disclosed_on: dt.date = fact("When the owner told the property owner")
    lease_date: dt.date = fact("When the lease was entered into, or renewed")
    began_residing_on: dt.date | None = fact(
        "When the dog began to reside at the property", default=None
    )


@facts
class WarningSymbolsFacts:
    """The facts of the question ``dangerous-dog-warning-symbols``."""

    symbols: int = fact("Warning symbols provided", minimum=1)
    on: dt.date = fact("The day asked about")
