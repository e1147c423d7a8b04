"""What the commission and the council decide on a commercial kennel application
(``commercial_kennel.recommendation``, ``commercial_kennel.council_conditions``), and what follows
the main steps (``commercial_kennel.council_license``, ``commercial_kennel.renewal``): withdrawal,
nuisance complaints and subsequent licenses."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from dogtag.law import kennels as kennel_rules
from dogtag.law.findings import Finding
from dogtag.law.kennel_conditions import COUNCIL_CONDITIONS, COUNCIL_LICENSE, RECOMMENDATION
from dogtag.law.kennel_procedure.events import Dates
from dogtag.law.kennel_procedure.finder import Finder, long_day
from dogtag.law.kennel_procedure.steps import QUESTION, RENEWAL, WHAT, section_of
from dogtag.law.params import ParameterSet
from dogtag.law.provisions import cite
from dogtag.law.registry import rule


@rule(
    "kennel.recommendation",
    provisions=(RECOMMENDATION,),
    title="The Planning & Zoning Commission's recommendation, with its conditions",
    summary=(
        "The commission recommends approval, approval with conditions (which it names) or denial "
        "to the City Council, after the hearing."
    ),
    question=QUESTION,
)
def recommendation_made(recommendation: str, conditions: Sequence[str]) -> Finding | None:
    """``commercial_kennel.recommendation``: "The Planning & Zoning Commission will make a
    recommendation to the City Council on the request." Conditions go with a recommendation to
    approve with conditions, which names at least one. None when in order."""
    added = [c.strip() for c in conditions if c.strip()]
    section = cite(RECOMMENDATION)
    if recommendation == "approve_with_conditions" and not added:
        message = f"Name the conditions the commission recommends ({section})."
    elif recommendation != "approve_with_conditions" and added:
        message = f"Conditions go with a recommendation to approve with conditions ({section})."
    else:
        return None
    says = Finder(
        "kennel.recommendation",
        (section,),
        {"recommendation": recommendation, "conditions": added},
    )
    return says("conditions_do_not_match", message)


@rule(
    "kennel.council_conditions_with_approval",
    provisions=(COUNCIL_CONDITIONS,),
    title="Added conditions go with an approval",
    summary="The conditions the City Council adds case by case (B.9) are conditions of a license.",
    question=QUESTION,
)
def council_conditions_with_approval(approved: bool, conditions: Sequence[str]) -> Finding | None:
    """``commercial_kennel.council_conditions``: "The City Council reserves the right to issue
    additional conditions on a case-by-case basis in order to maintain the public repose":
    conditions of the license it grants, so none with a denial. None when in order."""
    added = [text.strip() for text in conditions if text.strip()]
    if not added or approved:
        return None
    section = cite(COUNCIL_CONDITIONS)
    says = Finder(
        "kennel.council_conditions_with_approval",
        (section,),
        {"approved": approved, "conditions": added},
    )
    return says(
        "conditions_without_approval", f"Conditions ({section}) go with an approval, not a denial."
    )


@rule(
    "kennel.commercial_lifecycle",
    provisions=(COUNCIL_LICENSE, RENEWAL),
    title="Withdrawal, complaints and renewals of a commercial kennel license",
    summary=(
        "An application may be withdrawn until the license issues; nuisance complaints are "
        "recorded against a licensed kennel; a subsequent license follows a license (renewed "
        "on the same terms, or granted by the City Council after complaints)."
    ),
    question=QUESTION,
)
def lifecycle(
    step: str,
    on: dt.date,
    dates: Dates,
    params: ParameterSet,
    complaints: Sequence[dt.date] = (),
) -> Finding:
    """``commercial_kennel.council_license`` and ``commercial_kennel.renewal`` after the main
    steps: ``withdrawn``, ``nuisance_complaint``, ``renewal`` and ``council_renewal``
    (``complaints``: further days of nuisance complaints the renewal counts, beside the
    ``nuisance_complaint`` events). "Subsequent licenses, if so granted, will also be for a term of
    one (1) year if no nuisance complaints have been received at the City within the previous
    twelve (12) months relating to the dogs being kept on the property"
    (``kennel.commercial_renewal`` and its reading ``readings.commercial_kennel_renewal``: a
    complaint sends the renewal to the City Council, whose grant is the subsequent license, with
    any conditions it adds under ``commercial_kennel.council_conditions``)."""
    section, what = section_of(step), WHAT[step]
    says = Finder("kennel.commercial_lifecycle", (section,), {"step": step, "on": on})
    if dates.applied_on is None:
        return says("out_of_order", f"Not yet: {what} follows an application ({section}).")
    if step == "withdrawn":
        if dates.licensed_on is not None:
            return says(
                "licensed",
                f"Not done: the license issued on {long_day(dates.licensed_on)} ({section}).",
            )
        if dates.council_approved is False:
            return says("denied", f"Not done: the City Council denied the request ({section}).")
        return says.in_order(what)
    if not dates.terms:
        return says(
            "not_licensed",
            f"Not yet: {what} follows the license from the City Council ({section}).",
        )
    if step == "nuisance_complaint":
        return says.in_order(what)
    if dates.renewal_refused_on is not None:
        return says(
            "refused",
            f"Not done: the City Council refused a subsequent license on "
            f"{long_day(dates.renewal_refused_on)} ({section}).",
        )
    last = dates.terms[-1]
    counted = sorted({d for d in (*dates.complaints, *complaints) if d <= on})
    renewal = kennel_rules.commercial_kennel_renewal(last.ends_on, counted, on, params)
    if step == "renewal":
        return renewal
    # council_renewal
    if not renewal.blocks:
        return says(
            "no_complaint",
            f"Not needed: no nuisance complaint in the window; the license renews on the same "
            f"terms ({section}).",
        )
    if renewal.outcome != "council_decides":
        return renewal
    return says.in_order(what)
