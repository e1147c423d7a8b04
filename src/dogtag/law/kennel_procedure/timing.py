"""The days of a commercial kennel application's steps (``commercial_kennel.council_license``,
``commercial_kennel.hearing``) and the notice to every affected owner before the hearing
(``commercial_kennel.hearing_notice``, reading ``readings.kennel_notice_omission``): each a
blocking finding when a step cannot be recorded on its day, None when it can."""

from __future__ import annotations

import datetime as dt
from functools import partial

from dogtag.law.findings import Finding, JSONValue
from dogtag.law.kennel_conditions import COUNCIL_LICENSE, HEARING, HEARING_NOTICE, RECOMMENDATION
from dogtag.law.kennel_procedure.events import Dates
from dogtag.law.kennel_procedure.finder import Finder, long_day
from dogtag.law.kennel_procedure.steps import NOTICE_READING, QUESTION
from dogtag.law.params import ParameterSet
from dogtag.law.provisions import cite
from dogtag.law.registry import rule


@rule(
    "kennel.commercial_step_timing",
    provisions=(HEARING, COUNCIL_LICENSE),
    title="Each step of a commercial kennel application on a day the ordinance allows",
    summary=(
        "Steps are recorded in the order they happened; the hearing is set for a day after it is "
        "scheduled; the notice goes out after its list is drawn and before the hearing; the "
        "hearing is held on the day noticed; the commission recommends at or after the hearing; "
        "the council decides after the recommendation; the license issues on or after the "
        "approval."
    ),
    question=QUESTION,
)
def step_timing(
    step: str, on: dt.date, dates: Dates, *, hearing_on: dt.date | None = None
) -> Finding | None:
    """``commercial_kennel.hearing``, in Nowthen's words: "Prior to the issuance of a commercial
    kennel license from the City Council, a hearing before the Planning & Zoning Commission must be
    held. Notice must be given to all affected property owners ... The Planning & Zoning Commission
    will make a recommendation to the City Council on the request." Notice given before the hearing
    it announces; the hearing held on the day noticed; the recommendation follows the hearing; the
    council decides on the recommendation (``commercial_kennel.council_license``), and the license
    follows the approval.

    A blocking finding when ``step`` cannot be recorded on ``on`` (for ``hearing_scheduled``, the
    hearing on ``hearing_on``), None when the day is in order. The order of the steps itself is
    ``kennel.commercial_procedure``."""
    facts: dict[str, JSONValue] = {"step": step, "on": on, "hearing_on": hearing_on}
    hearing = cite(HEARING)
    says = Finder("kennel.commercial_step_timing", (hearing,), facts)
    refused = partial(says, "not_on_this_day")  # every refusal of the rule: not on this day
    if dates.last_on is not None and on < dates.last_on:
        return refused(
            f"Steps are recorded in the order they happened: {long_day(on)} is before the last "
            f"step recorded, on {long_day(dates.last_on)} ({hearing}).",
        )
    applied = dates.applied_on
    if step == "hearing_scheduled" and hearing_on is not None:
        if applied is not None and hearing_on < applied:
            return refused(
                f"The hearing cannot be before the application of {dates.applied_on} ({hearing}).",
            )
        if hearing_on <= on:
            return refused(
                f"The hearing is set for a day after {long_day(on)}, so that notice can be given "
                f"before it ({cite(HEARING_NOTICE)}).",
            )
    if step == "notice_mailed" and dates.hearing_on is not None and on >= dates.hearing_on:
        return refused(
            f"The notice must go out before the hearing of {dates.hearing_on} "
            f"({cite(HEARING_NOTICE)}); reschedule the hearing first.",
        )
    if step == "hearing_held" and dates.hearing_on is not None and on != dates.hearing_on:
        return refused(
            f"The hearing noticed is the one on {long_day(dates.hearing_on)}, not {long_day(on)}: "
            f"a hearing on another day is scheduled and noticed again ({hearing}).",
        )
    held = dates.hearing_held_on
    if step == "recommendation" and held is not None and on < held:
        return refused(
            f"The commission recommends at or after the hearing of {held}, not on {on} "
            f"({cite(RECOMMENDATION)}).",
        )
    recommended = dates.recommended_on
    if step == "council_decision" and recommended is not None and on < recommended:
        return refused(
            f"The council decides after the commission's recommendation of "
            f"{dates.recommended_on}, not on {on} ({cite(RECOMMENDATION)}).",
        )
    decided = dates.council_decided_on
    if step == "license" and decided is not None and on < decided:
        return refused(
            f"The license issues on or after the council's approval of "
            f"{dates.council_decided_on}, not on {on} ({cite(COUNCIL_LICENSE)}).",
            sections=(cite(COUNCIL_LICENSE),),
        )
    return None


@rule(
    "kennel.notice_to_all_owners",
    provisions=(HEARING_NOTICE,),
    title="Notice to every affected owner before the hearing is held",
    summary=(
        "Notice must be given to all affected property owners within "
        "{commercial_kennel.notice_radius_feet:distance}: an owner found missing from the list is "
        "notified before the hearing, or the hearing is noticed again (reading "
        "readings.kennel_notice_omission)."
    ),
    question=QUESTION,
)
def notice_to_all_owners(
    step: str,
    on: dt.date,
    dates: Dates,
    params: ParameterSet,
    owner: str | None = None,
) -> Finding | None:
    """``commercial_kennel.hearing_notice``, in Nowthen's words: "Notice must be given to all
    affected property owners within one quarter (1/4) mile of the outside dimensions of the parcel
    where the kennel is contemplated."

    For ``owner_omitted``: the owner is not on the list as drawn, and the council has not decided.
    For ``owner_notified_late``: the owner was found missing and has had no notice since. For
    ``hearing_held``: every owner found missing has had notice before the hearing day (under the
    reading ``renotice``; under ``bona_fide_attempt`` the hearing stands). None when in order."""
    reading = params.get(NOTICE_READING, on)
    notice = cite(HEARING_NOTICE, params)
    says = Finder(
        "kennel.notice_to_all_owners",
        (notice,),
        {"step": step, "on": on, "owner": owner},
        (reading,),
    )
    if step == "owner_omitted":
        if dates.council_decided_on is not None:
            return says(
                "council_decided",
                f"The City Council decided on {long_day(dates.council_decided_on)}: an owner "
                f"missing from the notice list is recorded before the council's decision "
                f"({notice}).",
            )
        if owner is not None and dates.recipients is not None and owner in dates.recipients:
            return says("on_the_list", f"{owner} is on the notice list as drawn ({notice}).")
        if owner is not None and owner in {o for o, _ in dates.outstanding(dt.date.max)}:
            return says("already_missing", f"{owner} is already recorded as missing ({notice}).")
    if step == "owner_notified_late":
        waiting = dict(dates.outstanding(dt.date.max))
        if not waiting:
            return says(
                "nobody_missing",
                f"No owner found missing from the notice list awaits notice ({notice}).",
            )
        if owner is not None and owner not in waiting:
            return says(
                "not_missing",
                f"{owner} is not an owner found missing from the list awaiting notice; those "
                f"awaiting notice: {', '.join(sorted(waiting))} ({notice}).",
            )
    if step == "hearing_held" and reading.choice == "renotice":
        missing = dates.outstanding(on)
        if missing:
            names = ", ".join(owner for owner, _ in missing)
            return says(
                "owner_without_notice",
                f"Not the hearing {cite(HEARING, params)} requires: {names} had no notice before "
                f"{long_day(on)}. Notice must be given to all affected property owners: schedule "
                f"the hearing again and give notice ({notice}).",
            )
    return None
