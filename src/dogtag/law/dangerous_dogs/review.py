"""Review of the designation and relaxing the conditions of keeping a dangerous dog. Each
provision is named by a concept (``dangerous_dog.review``) and cited as the jurisdiction package
says (``law.provisions``); the quotations are Nowthen's words."""

from __future__ import annotations

import datetime as dt

from dogtag.law.computation_of_time import add_months, long_date
from dogtag.law.dangerous_dogs.shared import Cited, controlling_value
from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.params import ParameterSet
from dogtag.law.provisions import cite
from dogtag.law.registry import rule
from dogtag.law.wording import fill

# The provisions applied here, in the ordinance's words (each package maps them to its sections)
#: "Review of designation. Beginning one (1) year after a dog is declared a Dangerous Dog; an Owner
#: may request annually in writing ... review the designation."
REVIEW = "dangerous_dog.review"
#: "If, in reviewing the conditions for keeping a Dangerous Dog there have been no ordinance
#: violations for a period of two (2) years, the Animal Control Authority or Hearing Officer may
#: use discretion"
CONDITIONS_REVIEW = "dangerous_dog.conditions_review"

# ----------------------------------------------------------------------------- review factors

#: The factors the review names on which the owner shows the dog's behavior has changed: "the dog's age,
#: sterilization, environment, completion of obedience training that includes modification of
#: aggressive behavior, or other factors".
REVIEW_FACTORS = {
    "age": "the dog's age",
    "sterilization": "sterilization",
    "environment": "environment",
    "training": "completion of obedience training that includes modification of aggressive "
    "behavior",
    "other": "other factors",
}

# ----------------------------------------------------------------------------- conditions

#: The conditions "set forth above" of keeping a dangerous dog that a review of them may relax:
#: (section, words) as the city in force numbers each (``Cited``).
CONDITIONS = Cited(
    {
        "proper_enclosure": (
            "dangerous_dog.proper_enclosure",
            "kept in a Proper Enclosure while on the Owner's property",
        ),
        "muzzle_and_leash": (
            "dangerous_dog.restraint",
            "outside the Proper Enclosure, muzzled and restrained by a substantial chain or leash of "
            "at most {dangerous_dog.restraint.leash_max_feet} under the physical restraint of a "
            "responsible person {dangerous_dog.restraint.handler_min_age_years:number} or older",
        ),
        "rental_disclosure": (
            "dangerous_dog.rental_disclosure",
            "disclosure to the property owner by an owner who rents",
        ),
        "warning_symbol": (
            "dangerous_dog.warning_symbol",
            "the warning symbol posted on the Owner's property",
        ),
        "tag": ("dangerous_dog.tag", "the dangerous-dog tag affixed to the collar at all times"),
        "inspection": (
            "dangerous_dog.inspection",
            "entry to inspect the premises at all reasonable hours without a warrant",
        ),
    }
)


def condition(key: str, params: ParameterSet, on: dt.date) -> tuple[str, str]:
    """A condition of keeping a dangerous dog: its section and its words, with the values in force
    on ``on``."""
    section, words = CONDITIONS[key]
    return section, fill(words, params, on)[0]


# ----------------------------------------------------------------------------- reviews


@rule(
    "dangerous_dog.review_eligibility",
    provisions=(REVIEW, "incorporation.state_statutes"),
    title="When the owner may ask for a review of the designation",
    summary=(
        "Beginning {dangerous_dog.review_after_months:words_unit} after the designation, and "
        "then once every {dangerous_dog.review_interval_months:words_unit}, the owner may ask in "
        "writing for a review; of the city's and the state's periods the more restrictive "
        "controls ({§incorporation.state_statutes})."
    ),
    question="dangerous-dog-review",
)
def review_eligibility(
    declared_on: dt.date,
    on: dt.date,
    params: ParameterSet,
    *,
    last_review_requested_on: dt.date | None = None,
) -> list[Finding]:
    """The review: "Beginning one (1) year after a dog is declared a Dangerous Dog; an Owner may
    request annually in writing that the Animal Control Authority or the Hearing Officer review the
    designation." The owner bears the burden by clear and convincing evidence and pays the costs."""
    if on < declared_on:
        raise ValueError(f"the day asked about, {on}, is before the declaration, {declared_on}")
    after, control = controlling_value("dangerous_dog.review_after_months", on, params)
    interval = params.get("dangerous_dog.review_interval_months", on)
    first = add_months(declared_on, after.integer)
    next_allowed = first
    if last_review_requested_on is not None:
        if last_review_requested_on < first:
            raise ValueError(
                f"a review requested on {last_review_requested_on} is before the first day one "
                f"could be, {first}"
            )
        next_allowed = max(first, add_months(last_review_requested_on, interval.integer))
    facts: dict[str, JSONValue] = {
        "declared_on": declared_on,
        "on": on,
        "last_review_requested_on": last_review_requested_on,
    }
    eligible = on >= next_allowed
    since = (
        f"the last request on {long_date(last_review_requested_on)}"
        if last_review_requested_on
        else f"the designation on {long_date(declared_on)}"
    )
    message = (
        f"A review may be requested now: {long_date(next_allowed)} has come, "
        if eligible
        else f"No review yet: the owner may request one from {long_date(next_allowed)}, "
    ) + (
        f"{after.display() if last_review_requested_on is None else interval.display()} after "
        f"{since} ({cite(REVIEW)}). At a review the owner bears the burden, by clear and convincing "
        f"evidence, and pays the actual costs."
    )
    return [
        Finding(
            rule="dangerous_dog.review_eligibility",
            outcome="eligible" if eligible else "not_yet",
            sections=(cite(REVIEW),),
            blocks=not eligible,
            message=message,
            facts=facts,
            parameters=(after, interval),
            next_date=next_allowed,
        ),
        control,
    ]


@rule(
    "dangerous_dog.relax_conditions",
    provisions=(CONDITIONS_REVIEW,),
    title="Relaxing the conditions after {dangerous_dog.conditions_review_after_years:words_unit}",
    summary=(
        "After {dangerous_dog.conditions_review_after_years:words_unit} without ordinance "
        "violations, the Authority or Hearing Officer may use discretion whether the conditions "
        "are still required."
    ),
    question="dangerous-dog-relax-conditions",
)
def relax_conditions(
    designated_on: dt.date,
    on: dt.date,
    params: ParameterSet,
    *,
    last_violation_on: dt.date | None = None,
) -> Finding:
    """The review of the conditions: "If, in reviewing the conditions for keeping a Dangerous Dog
    there have been no ordinance violations for a period of two (2) years, the Animal Control
    Authority or Hearing Officer may use discretion in determining whether the conditions set forth
    above are still required." The two years run from the later of the designation and the last violation."""
    years = params.get("dangerous_dog.conditions_review_after_years", on)
    since = max(designated_on, last_violation_on or designated_on)
    from_day = add_months(since, 12 * years.integer)
    section = cite(CONDITIONS_REVIEW)
    facts: dict[str, JSONValue] = {
        "designated_on": designated_on,
        "last_violation_on": last_violation_on,
        "on": on,
    }
    what = (
        f"the last violation on {long_date(since)}"
        if last_violation_on and last_violation_on >= designated_on
        else f"the designation on {long_date(since)}"
    )
    if on >= from_day:
        return Finding(
            rule="dangerous_dog.relax_conditions",
            outcome="discretion_available",
            sections=(section,),
            message=(
                f"No ordinance violation for {years.display()} since {what}: the Authority or "
                f"Hearing Officer may decide whether the conditions are still required "
                f"({section})."
            ),
            facts=facts,
            parameters=(years,),
            next_date=from_day,
        )
    return Finding(
        rule="dangerous_dog.relax_conditions",
        outcome="not_yet",
        sections=(section,),
        blocks=True,
        message=(
            f"The conditions stand: {years.display()} without violations since {what} end on "
            f"{long_date(from_day)} ({section})."
        ),
        facts=facts,
        parameters=(years,),
        next_date=from_day,
    )


# ----------------------------------------------------------------------------- question facts


@facts
class ReviewFacts:
    """The facts of the question ``dangerous-dog-review``."""

    declared_on: dt.date = fact("The day the dog was declared dangerous")
    on: dt.date = fact("The day asked about")
    last_review_requested_on: dt.date | None = fact(
        "When the owner last asked for a review", default=None
    )


@facts
class RelaxConditionsFacts:
    """The facts of the question ``dangerous-dog-relax-conditions``."""

    declared_on: dt.date = fact("The day the dog was declared dangerous")
    on: dt.date = fact("The day asked about")
    last_violation_on: dt.date | None = fact("The last ordinance violation", default=None)
