"""The kennel license year, a variant of the kennel license term (issue 27): every kennel
license, private or commercial, expires on one day of each year.

``kennel.license_expiry``, in Lino Lakes' words: "A kennel license will be issued for a maximum of
one year and will expire on May 31 of each year." The day is the package's
``kennel.license_expiry_month_day``. Reading ``readings.kennel_license_expiry``: a license expires
on the first such day after the day it issues, so one issued on that very day runs to it the next
year (not one day), and none runs longer than a year. A city whose package maps this provision
answers the question ``kennel-license-term`` with it; a city whose kennel licenses run a number of
years from their start (Nowthen's ``private_kennel.term``, ``commercial_kennel.term``) with
``kennel_conditions.license_term``.
"""

from __future__ import annotations

import datetime as dt

from dogtag.law.computation_of_time import long_date
from dogtag.law.findings import Finding
from dogtag.law.params import ParameterSet, ParameterValue
from dogtag.law.provisions import cite
from dogtag.law.registry import rule

LICENSE_EXPIRY = "kennel.license_expiry"
#: the day every kennel license expires, "MM-DD"
EXPIRY_MONTH_DAY = "kennel.license_expiry_month_day"
KINDS = ("private", "commercial")


def month_day(value: ParameterValue) -> tuple[int, int]:
    """The month and day of a "MM-DD" value; one that is no day of every year (02-29, 13-01) is
    an error naming the parameter, never a guess."""
    text = str(value.value)
    try:
        month, day = (int(part) for part in text.split("-"))
        dt.date(2027, month, day)  # a year that is not a leap year: every year has the day
    except ValueError:
        raise ValueError(f"{value.key}: {text!r} is not a day of every year as MM-DD") from None
    return month, day


def next_expiry(starts_on: dt.date, value: ParameterValue) -> dt.date:
    """The first expiry day after ``starts_on`` (reading ``readings.kennel_license_expiry``)."""
    month, day = month_day(value)
    expires = dt.date(starts_on.year, month, day)
    return expires if expires > starts_on else dt.date(starts_on.year + 1, month, day)


@rule(
    "kennel.license_term_fixed_date",
    provisions=(LICENSE_EXPIRY,),
    title="Every kennel license expires on the same day each year",
    summary=(
        "A kennel license, private or commercial, expires on the next "
        "{kennel.license_expiry_month_day:month_day} after it issues, so it runs a year at most; "
        "it is renewed each year."
    ),
    question="kennel-license-term",
)
def license_term_fixed_date(kind: str, starts_on: dt.date, params: ParameterSet) -> Finding:
    """``kennel.license_expiry``: the term of a kennel license of ``kind`` starting on
    ``starts_on`` runs through the next expiry day (see the module's reading)."""
    if kind not in KINDS:
        raise ValueError(f"kind {kind!r} is not one of {', '.join(KINDS)}")
    expiry = params.get(EXPIRY_MONTH_DAY, starts_on)
    expires_on = next_expiry(starts_on, expiry)
    section = cite(LICENSE_EXPIRY, params)
    return Finding(
        rule="kennel.license_term_fixed_date",
        outcome="term",
        sections=(section,),
        message=(
            f"The {kind} kennel license runs from {long_date(starts_on)} through {long_date(expires_on)}, "
            f"when every kennel license expires ({section})."
        ),
        facts={"kind": kind, "starts_on": starts_on},
        parameters=(expiry,),
        next_date=expires_on,
        details={"starts_on": starts_on, "expires_on": expires_on},
    )
