"""Which dogs must be licensed, from six months of age: the provisions ``license.required`` and
``license.minimum_age``, cited as the jurisdiction package says (``law.provisions``)."""

from __future__ import annotations

import datetime as dt

from dogtag.law.computation_of_time import add_months
from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.params import ParameterSet, ParameterValue
from dogtag.law.provisions import cite
from dogtag.law.registry import rule

SIX_MONTHS_READING = "readings.six_months_of_age"
REQUIRED = "license.required"
MINIMUM_AGE = "license.minimum_age"
#: What a dog may be kept in the city for that some cities exempt from the license (a variant:
#: each package says, by ``license.exempt.<use>``, whether its law exempts it, and where).
EXEMPT_USES = {
    "show_or_trial": "brought into the city for an animal show or trial",
    "law_enforcement": "used by law enforcement officers",
}


def age_reached(born: dt.date, months: int, reading: str) -> dt.date:
    """The day a dog born on ``born`` reaches ``months`` months of age (LEGAL-NOTES §6.6)."""
    anniversary = add_months(born, months)
    if reading == "day_after_anniversary":
        return anniversary + dt.timedelta(days=1)
    return anniversary


@rule(
    "license.required",
    provisions=(REQUIRED, MINIMUM_AGE),
    title="License required from {license.minimum_age_months:words_unit} of age",
    summary=(
        "Every dog kept in the city must be licensed ({§license.required}), except dogs under "
        "{license.minimum_age_months:words_unit} of age ({§license.minimum_age}); says from which "
        "day a younger dog will need one."
    ),
    question="license-required",
)
def license_required(
    born: dt.date, on: dt.date, params: ParameterSet, kept_for: str | None = None
) -> Finding:
    """``license.required``, in Nowthen's words: "No owner of a dog shall own, keep or harbor any
    dog within the City of Nowthen unless such dog is licensed as herein provided."
    ``license.minimum_age``: "No license shall be required for any dogs under the age of six (6)
    months." ``kept_for``: a use some cities exempt (``EXEMPT_USES``; Lino Lakes: show dogs and
    dogs used by law enforcement); exempt only where the city's law says so
    (``license.exempt.<use>``)."""
    if born > on:
        raise ValueError(f"born {born.isoformat()} is after the day asked about, {on.isoformat()}")
    if kept_for is not None and kept_for not in EXEMPT_USES:
        raise ValueError(f"kept_for: {kept_for!r} is not one of {', '.join(EXEMPT_USES)}")
    if kept_for is not None:
        exempt = params.get(f"license.exempt.{kept_for}", on)
        if exempt.boolean:
            section = cite(f"license.exempt.{kept_for}", params)
            return Finding(
                rule="license.required",
                outcome="exempt",
                sections=(section,),
                message=(
                    f"No license required: a dog {EXEMPT_USES[kept_for]} is exempt ({section})."
                ),
                facts={"born": born, "on": on, "kept_for": kept_for},
                parameters=(exempt,),
            )
    minimum_age = params.get("license.minimum_age_months", on)
    reading = params.get(SIX_MONTHS_READING, on)
    needed_from = age_reached(born, minimum_age.integer, reading.choice)
    facts: dict[str, JSONValue] = {"born": born, "on": on}
    used: tuple[ParameterValue, ...] = (minimum_age, reading)
    if on < needed_from:
        return Finding(
            rule="license.required",
            outcome="exempt",
            sections=(cite(MINIMUM_AGE, params),),
            message=(
                f"No license yet: the dog is under {minimum_age.display()} of age until "
                f"{needed_from:%B} {needed_from.day}, {needed_from.year}, when it must be licensed "
                f"({cite(MINIMUM_AGE, params)})."
            ),
            facts=facts,
            parameters=used,
            next_date=needed_from,
        )
    not_exempt = ""
    if kept_for is not None:
        facts["kept_for"] = kept_for
        used = (*used, params.get(f"license.exempt.{kept_for}", on))
        not_exempt = f" Being {EXEMPT_USES[kept_for]} does not exempt a dog here."
    return Finding(
        rule="license.required",
        outcome="required",
        sections=(cite(REQUIRED, params),),
        message=(
            f"License required: the dog has been {minimum_age.display()} of age or older since "
            f"{needed_from:%B} {needed_from.day}, {needed_from.year}, and every such dog kept in "
            f"the city must be licensed ({cite(REQUIRED, params)}).{not_exempt}"
        ),
        facts=facts,
        parameters=used,
        next_date=needed_from,
    )


@facts
class LicenseRequiredFacts:
    """The facts of the question ``license-required``."""

    born: dt.date = fact("The dog's date of birth")
    on: dt.date = fact("The day asked about")
    kept_for: str | None = fact(
        "What the dog is kept in the city for, where a city exempts it: show_or_trial (brought in "
        "for an animal show or trial) or law_enforcement (used by law enforcement officers)",
        default=None,
        choices=tuple(EXEMPT_USES),
    )
