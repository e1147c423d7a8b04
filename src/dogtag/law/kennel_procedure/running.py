"""The clocks a commercial kennel application (``commercial_kennel.hearing_notice``) and a kennel
license (``private_kennel.term``, ``commercial_kennel.term``) run on a day: the notice before the
hearing, the late notice to each owner found missing from the notice list, and the license term.
Each says the day it starts (``details.starts_on``)."""

from __future__ import annotations

import dataclasses
import datetime as dt

from dogtag.law.findings import Finding, JSONValue
from dogtag.law.kennel_conditions import HEARING_NOTICE, license_term
from dogtag.law.kennel_procedure.events import Dates, Term
from dogtag.law.kennel_procedure.finder import Finder, long_day
from dogtag.law.kennel_procedure.steps import NOTICE_READING
from dogtag.law.params import ParameterSet
from dogtag.law.provisions import cite


def term_clock(kind: str, term: Term, params: ParameterSet, **more: JSONValue) -> Finding:
    """The ``kind`` license's term clock (``kennel.license_term``) for ``term``, to the day it
    ends, with ``more`` details."""
    clock = license_term(kind, term.starts_on, params)
    return dataclasses.replace(clock, details={**clock.details, "ends_on": term.ends_on, **more})


def deadlines(dates: Dates, on: dt.date, params: ParameterSet) -> list[Finding]:
    """The clocks running on ``on``: the notice before the hearing, the late notice to each owner
    found missing, the license term. Each says the day it starts (``details.starts_on``)."""
    out: list[Finding] = []
    if dates.withdrawn_on is not None:
        return out
    hearing, scheduled = dates.hearing_on, dates.hearing_scheduled_on
    open_hearing = (
        hearing is not None
        and scheduled is not None
        and dates.hearing_held_on is None
        and dates.council_decided_on is None
        and dates.defective_hearing_on is None
    )
    if open_hearing and hearing is not None and scheduled is not None:
        last = hearing - dt.timedelta(days=1)
        notice = cite(HEARING_NOTICE, params)
        if dates.notice_mailed_on is None and last >= scheduled:
            says = Finder(
                "kennel.commercial_step_timing", (notice,), {"hearing_on": hearing, "on": on}
            )
            out.append(
                says.clock(
                    "notice_due",
                    f"The notice to all affected property owners must be mailed before the "
                    f"hearing of {long_day(hearing)}: on {long_day(last)} at the latest "
                    f"({notice}).",
                    on=on,
                    starts_on=scheduled,
                    last=last,
                    passed="reschedule the hearing.",
                )
            )
        for owner, found in dates.outstanding(dt.date.max):
            if found > last:
                continue
            says = Finder(
                "kennel.notice_to_all_owners",
                (notice,),
                {"owner": owner, "found_on": found, "hearing_on": hearing, "on": on},
                (params.get(NOTICE_READING, on),),
            )
            out.append(
                says.clock(
                    "late_notice_due",
                    f"{owner}, found missing from the notice list on {long_day(found)}, must "
                    f"have notice before the hearing of {long_day(hearing)}: on {long_day(last)} "
                    f"at the latest, or the hearing is noticed again ({notice}).",
                    on=on,
                    starts_on=found,
                    last=last,
                    passed="schedule the hearing again.",
                )
            )
    if dates.terms and dates.renewal_refused_on is None:
        term = dates.terms[-1]
        if on <= term.ends_on:
            out.append(term_clock("commercial", term, params, by=term.by))
    return out
