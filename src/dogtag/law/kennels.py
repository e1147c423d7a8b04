"""Kennel licenses: the dog limits by parcel size, private kennels, commercial kennel renewal and
its hearing notice. Each provision is named by a concept (``dog_limit.by_parcel_size``) and cited
as the jurisdiction package says (``law.provisions``); the quotations are Nowthen's words."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from shapely.geometry.base import BaseGeometry

from dogtag.law.computation_of_time import add_months, long_date, months_before
from dogtag.law.enclosures import MEASURE_DECIMALS
from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding
from dogtag.law.licensing import SIX_MONTHS_READING, age_reached
from dogtag.law.params import ParameterSet
from dogtag.law.provisions import cite, cite_each, together
from dogtag.law.registry import rule
from dogtag.law.wording import phrase

# The provisions applied here, in the ordinance's words (each package maps them to its sections).
# The dog limits: "The maximum number of dogs over six (6) months of age allowed on parcels of two
# and one half (2 1/2) acres or less is three (3). On parcels over two and one half (2 1/2) acres
# up to five (5) dogs are allowed. For six (6) to ten (10) dogs a private kennel license is
# required. For over ten (10) dogs a Conditional Use Permit must be applied for."
#: the dog limit as a whole, whatever its variant (a page's heading, the question's summary)
LIMIT = "dog_limit.limit"
COUNTED_AGE = "dog_limit.counted_age"
BY_PARCEL_SIZE = "dog_limit.by_parcel_size"
PRIVATE_KENNEL_RANGE = "dog_limit.private_kennel_range"
CONDITIONAL_USE_PERMIT = "dog_limit.conditional_use_permit"
# The private kennel license as a whole (what a private kennel license allows), and its terms
PRIVATE_KENNEL = "private_kennel.license"
SET_NUMBER = "private_kennel.set_number"
MAX_DOGS = "private_kennel.max_dogs"
RELOCATION = "private_kennel.relocation"
NOT_ASSIGNABLE = "private_kennel.not_assignable"
ONE_PER_PARTY = "private_kennel.one_per_party"
# The commercial kennel license: its renewal after nuisance complaints, the hearing's notice
COMMERCIAL_RENEWAL = "commercial_kennel.renewal"
HEARING_NOTICE = "commercial_kennel.hearing_notice"

# The variant of one limit per property (Lino Lakes): the limit, the kennel license above it, a
# private kennel's least parcel, the commercial kennel above a private kennel's most
PER_PROPERTY = "dog_limit.per_property"
KENNEL_LICENSE_REQUIRED = "kennel.license_required"
PRIVATE_MINIMUM_PARCEL = "private_kennel.minimum_parcel"
#: what the dog limit is by, a variant each package states: ``acreage_tiers`` or ``per_property``
LIMIT_BASIS = "dog_limits.basis"

SMALL_PARCEL_READING = "readings.small_parcel_kennel"
RENEWAL_READING = "readings.commercial_kennel_renewal"
PRIVATE_KENNEL_CHANGES = ("relocation", "assignment")


def _dogs(count: int) -> str:
    return f"{count} dog" if count == 1 else f"{count} dogs"


# ----------------------------------------------------------------------------- dogs counted


@rule(
    "kennel.dogs_counted",
    provisions=(COUNTED_AGE,),
    title="Which dogs count against the limit",
    summary=(
        "Only dogs over {dog_limits.counted_age_months:words_unit} of age count against a "
        "parcel's dog limit; says which do, and from when the next one will."
    ),
    question="kennel-dogs-counted",
)
def dogs_counted(births: list[dt.date], on: dt.date, params: ParameterSet) -> Finding:
    """``dog_limit.counted_age``, in Nowthen's words: "The maximum number of dogs over six (6)
    months of age allowed on parcels ..."

    "Over six months" is read strictly: a dog counts from the day after it reaches six months of age
    (the day it reaches them per LEGAL-NOTES §6.6), so a dog turning six months on ``on`` does not
    count yet.
    """
    if any(born > on for born in births):
        raise ValueError(f"a date of birth is after the day asked about, {on.isoformat()}")
    months = params.get("dog_limits.counted_age_months", on)
    reading = params.get(SIX_MONTHS_READING, on)
    section = cite(COUNTED_AGE, params)
    reached = [age_reached(born, months.integer, reading.choice) for born in births]
    counted = [born for born, day in zip(births, reached, strict=True) if day < on]
    later = sorted(day + dt.timedelta(days=1) for day in reached if day >= on)
    next_date = later[0] if later else None
    message = (
        f"{_dogs(len(counted))} of {len(births)} count against the limit: only dogs over "
        f"{months.display()} of age count ({section})."
    )
    if next_date is not None:
        message += f" The next dog counts from {long_date(next_date)}."
    return Finding(
        rule="kennel.dogs_counted",
        outcome="counted",
        sections=(section,),
        message=message,
        facts={"births": births, "on": on},
        parameters=(months, reading),
        next_date=next_date,
        details={"counted": len(counted), "counted_births": counted},
    )


# ----------------------------------------------------------------------------- dog limit


@rule(
    "kennel.dog_limit",
    provisions=(
        BY_PARCEL_SIZE,
        PRIVATE_KENNEL_RANGE,
        CONDITIONAL_USE_PERMIT,
        PRIVATE_KENNEL,
        MAX_DOGS,
    ),
    title="Dogs allowed by parcel size",
    summary=(
        "Up to {dog_limits.small_parcel_dogs:number} dogs over "
        "{dog_limits.counted_age_months:words_unit} on {dog_limits.small_parcel_max_acres} or "
        "less, up to {dog_limits.large_parcel_dogs:number} on larger parcels; more, up to "
        "{private_kennel.max_dogs:number}, need a private kennel license (on small parcels too, "
        "per reading); over {private_kennel.max_dogs:number} a conditional use permit."
    ),
    question="kennel-dog-limit",
)
def dog_limit(
    acres: Decimal,
    dogs_over_six_months: int,
    on: dt.date,
    params: ParameterSet,
    *,
    private_kennel_licensed_for: int | None = None,
    conditional_use_permit: bool = False,
) -> Finding:
    """``dog_limit.by_parcel_size``, ``dog_limit.private_kennel_range`` and
    ``dog_limit.conditional_use_permit``, in Nowthen's words: "The maximum number of dogs over six
    (6) months of age allowed on parcels of two and one half (2 1/2) acres or less is three (3). On
    parcels over two and one half (2 1/2) acres up to five (5) dogs are allowed. For six (6) to ten
    (10) dogs a private kennel license is required. For over ten (10) dogs a Conditional Use Permit
    must be applied for." ``private_kennel.max_dogs``: "Licenses will be issued for a set number of
    dogs (maximum ten (10) dogs), which shall not be exceeded."

    A private kennel license required is cited as the private kennel license
    (``private_kennel.license``) that allows the dogs. Cited as the city of ``params`` numbers it.
    """
    if acres <= 0:
        raise ValueError(f"acres must be more than 0, not {acres}")
    if dogs_over_six_months < 0:
        raise ValueError(f"dogs must be 0 or more, not {dogs_over_six_months}")
    basis = params.get(LIMIT_BASIS, on)
    if basis.value == "per_property":
        return dog_limit_per_property(
            acres,
            dogs_over_six_months,
            on,
            params,
            private_kennel_licensed_for=private_kennel_licensed_for,
        )
    if basis.value != "acreage_tiers":
        raise ValueError(f"{LIMIT_BASIS}: {basis.value!r} is not acreage_tiers or per_property")
    # Nowthen's basis since 2011: its findings list the values they always have
    dogs = dogs_over_six_months
    max_acres = params.get("dog_limits.small_parcel_max_acres", on)
    small = acres <= max_acres.decimal
    limit = params.get(
        "dog_limits.small_parcel_dogs" if small else "dog_limits.large_parcel_dogs", on
    )
    size = f"{max_acres.display()} or less" if small else f"over {max_acres.display()}"
    facts = {
        "acres": acres,
        "dogs_over_six_months": dogs,
        "on": on,
        "private_kennel_licensed_for": private_kennel_licensed_for,
        "conditional_use_permit": conditional_use_permit,
    }
    counted = phrase(params.get("dog_limits.counted_age_months", on), "words_unit")
    parcel = f"{_dogs(dogs)} over {counted} on {acres} acres"
    by_size = cite(BY_PARCEL_SIZE, params)
    if dogs <= limit.integer:
        return Finding(
            rule="kennel.dog_limit",
            outcome="allowed",
            sections=(by_size,),
            message=(
                f"Allowed: {parcel}; a parcel of {size} may keep up to {limit.display()} "
                f"({by_size})."
            ),
            facts=facts,
            parameters=(max_acres, limit),
        )
    used = [max_acres, limit]
    if small:
        reading = params.get(SMALL_PARCEL_READING, on)
        used.append(reading)
        if reading.choice == "prohibited":
            # the limit, and the private kennel range read as not reaching small parcels
            cited = cite_each(BY_PARCEL_SIZE, PRIVATE_KENNEL_RANGE, params=params)
            return Finding(
                rule="kennel.dog_limit",
                outcome="not_allowed",
                sections=cited,
                blocks=True,
                message=(
                    f"Not allowed: {parcel}; a parcel of {size} may keep at most "
                    f"{limit.display()}, and no kennel license allows more there "
                    f"({together(cited)})."
                ),
                facts=facts,
                parameters=tuple(used),
            )
    maximum = params.get("private_kennel.max_dogs", on)
    used.append(maximum)
    if dogs > maximum.integer:
        # the limit and the permit above the private kennel's maximum, then that maximum: each
        # written in full, as before (not shortened as one list, ``together``)
        cited = cite_each(BY_PARCEL_SIZE, CONDITIONAL_USE_PERMIT, MAX_DOGS, params=params)
        return Finding(
            rule="kennel.dog_limit",
            outcome="conditional_use_permit_required",
            sections=cited,
            blocks=not conditional_use_permit,
            message=(
                f"Conditional use permit required: {parcel} is over the {limit.display()} a "
                f"parcel of {size} may keep and over the {maximum.display()} a private kennel "
                f"license allows ({', '.join(cited)})."
                + (" A conditional use permit is held." if conditional_use_permit else "")
            ),
            facts=facts,
            parameters=tuple(used),
        )
    licensed = private_kennel_licensed_for is not None and private_kennel_licensed_for >= dogs
    held = (
        f" A private kennel license for {_dogs(private_kennel_licensed_for)} is held."
        if private_kennel_licensed_for is not None
        else ""
    )
    kennel = cite(PRIVATE_KENNEL, params)
    return Finding(
        rule="kennel.dog_limit",
        outcome="private_kennel_license_required",
        sections=(kennel,),
        blocks=not licensed,
        message=(
            f"Private kennel license required: {parcel} is over the {limit.display()} a parcel of "
            f"{size} may keep; a private kennel license allows up to {maximum.display()} "
            f"({kennel}).{held}"
        ),
        facts=facts,
        parameters=tuple(used),
    )


@rule(
    "kennel.dog_limit_per_property",
    provisions=(PER_PROPERTY, KENNEL_LICENSE_REQUIRED, PRIVATE_MINIMUM_PARCEL, MAX_DOGS),
    title="Dogs allowed per property",
    summary=(
        "Up to {dog_limits.per_property_dogs:number} dogs over "
        "{dog_limits.counted_age_months:words_unit} on any property; more need a kennel license: "
        "a private kennel license on {private_kennel.minimum_acres} or more, for up to "
        "{private_kennel.max_dogs:number}; more than that, a commercial kennel license."
    ),
    question="kennel-dog-limit",
)
def dog_limit_per_property(
    acres: Decimal,
    dogs_over_six_months: int,
    on: dt.date,
    params: ParameterSet,
    *,
    private_kennel_licensed_for: int | None = None,
) -> Finding:
    """The variant of one limit per property, whatever its size (``dog_limits.basis``:
    ``per_property``), in Lino Lakes' words: "No more than three dogs over six months of age
    shall be kept on a property except as provided for in" the kennel section
    (``dog_limit.per_property``), which requires a kennel license of anyone keeping more
    (``kennel.license_required``): "A minimum of one acre of land is required to obtain a private
    kennel license" (``private_kennel.minimum_parcel``), for at most ``private_kennel.max_dogs``;
    more than that is a commercial kennel's (its terms are not in the text found)."""
    dogs = dogs_over_six_months
    limit = params.get("dog_limits.per_property_dogs", on)
    counted = phrase(params.get("dog_limits.counted_age_months", on), "words_unit")
    parcel = f"{_dogs(dogs)} over {counted} on {acres} acres"
    facts = {
        "acres": acres,
        "dogs_over_six_months": dogs,
        "on": on,
        "private_kennel_licensed_for": private_kennel_licensed_for,
    }
    per_property = cite(PER_PROPERTY, params)
    if dogs <= limit.integer:
        return Finding(
            rule="kennel.dog_limit_per_property",
            outcome="allowed",
            sections=(per_property,),
            message=f"Allowed: {parcel}; a property may keep up to {limit.display()} ({per_property}).",
            facts=facts,
            parameters=(limit,),
        )
    minimum = params.get("private_kennel.minimum_acres", on)
    maximum = params.get("private_kennel.max_dogs", on)
    used = (limit, minimum, maximum)
    least_acres = f"{minimum.decimal.normalize():f} acre{'' if minimum.decimal == 1 else 's'}"
    kennel = cite_each(KENNEL_LICENSE_REQUIRED, PRIVATE_MINIMUM_PARCEL, params=params)
    if dogs > maximum.integer:
        return Finding(
            rule="kennel.dog_limit_per_property",
            outcome="commercial_kennel_license_required",
            sections=(per_property, *kennel),
            blocks=True,
            message=(
                f"Commercial kennel license required: {parcel} is over the {maximum.display()} a "
                f"private kennel license allows ({together(kennel)})."
            ),
            facts=facts,
            parameters=used,
        )
    over = f"{parcel} is over the {limit.display()} a property may keep ({per_property})"
    if acres < minimum.decimal:
        least = cite(PRIVATE_MINIMUM_PARCEL, params)
        return Finding(
            rule="kennel.dog_limit_per_property",
            outcome="not_allowed",
            sections=(per_property, least),
            blocks=True,
            message=(
                f"Not allowed: {over}, and a private kennel license needs {least_acres} or more "
                f"({least})."
            ),
            facts=facts,
            parameters=used,
        )
    licensed = private_kennel_licensed_for is not None and private_kennel_licensed_for >= dogs
    held = (
        f" A private kennel license for {_dogs(private_kennel_licensed_for)} is held."
        if private_kennel_licensed_for is not None
        else ""
    )
    return Finding(
        rule="kennel.dog_limit_per_property",
        outcome="private_kennel_license_required",
        sections=(per_property, *kennel),
        blocks=not licensed,
        message=(
            f"Kennel license required: {over}; a private kennel license, on {least_acres} or "
            f"more, allows up to {maximum.display()} ({together(kennel)}).{held}"
        ),
        facts=facts,
        parameters=used,
    )


# ----------------------------------------------------------------------------- parcel facts

#: Conditional use permits (``dog_limit.conditional_use_permit``, in Nowthen's words: "For over
#: ten (10) dogs a Conditional Use Permit must be applied for") are not recorded in Dogtag yet:
#: every parcel is taken to hold none, and the finding's facts say so
#: ("conditional_use_permit": false).
CONDITIONAL_USE_PERMITS_RECORDED = False


@dataclass(frozen=True)
class ParcelDogFacts:
    """What the dog limits need to know about a parcel on a day, built once
    (``parcel_dog_facts``) for the parcel page, the list of parcels over their limit and a private
    kennel application."""

    acres: Decimal = field(
        metadata={"description": "The parcel's area", "unit": "acres", "example": "5.0"}
    )
    births: tuple[dt.date, ...] = field(
        metadata={
            "description": "Dates of birth of the dogs kept on the parcel (known ones only)",
            "unit": "dates",
            "example": ["2020-04-02"],
        }
    )
    private_kennel_licensed_for: int | None = field(
        metadata={
            "description": "Set number of dogs of the private kennel license in force, if any",
            "unit": "dogs",
            "example": 6,
        }
    )
    conditional_use_permit: bool = field(
        metadata={
            "description": (
                "Whether a conditional use permit is held, for more dogs than a private kennel "
                "license allows"
            ),
            "unit": "yes/no",
            "example": False,
        }
    )


def parcel_dog_facts(
    acres: Decimal,
    births: Sequence[dt.date],
    *,
    private_kennel_licensed_for: int | None,
) -> ParcelDogFacts | None:
    """The dog-limit facts of a parcel, or None when its acreage is not on record (0 or less): the
    size classes of the limits (Nowthen's "two and one half (2 1/2) acres or less", "over") cannot
    be applied to it, so no dog limit is found for it (never a limit of zero). Conditional use
    permits are not recorded (``CONDITIONAL_USE_PERMITS_RECORDED``)."""
    if acres <= 0:
        return None
    return ParcelDogFacts(
        acres=Decimal(acres),
        births=tuple(births),
        private_kennel_licensed_for=private_kennel_licensed_for,
        conditional_use_permit=CONDITIONAL_USE_PERMITS_RECORDED,
    )


def no_acreage(acres: Decimal) -> str:
    """Why a parcel has no dog limit: its acreage on record."""
    return f"No dog limit: the parcel's acreage on record is {acres}."


def dog_limit_of(
    facts: ParcelDogFacts, dogs_over_six_months: int, on: dt.date, params: ParameterSet
) -> Finding:
    """``kennel.dog_limit`` from a parcel's facts, for a number of dogs over six months already
    known (a private kennel application asks about the set number it would license)."""
    return dog_limit(
        facts.acres,
        dogs_over_six_months,
        on,
        params,
        private_kennel_licensed_for=facts.private_kennel_licensed_for,
        conditional_use_permit=facts.conditional_use_permit,
    )


def parcel_dog_findings(
    facts: ParcelDogFacts, on: dt.date, params: ParameterSet
) -> tuple[Finding, Finding]:
    """The dog limits for a parcel: which of its dogs count (``kennel.dogs_counted``), and whether
    it may keep them (``kennel.dog_limit``) with its private kennel license and conditional use
    permit."""
    counted = dogs_counted(list(facts.births), on, params)
    counted_dogs = int(counted.details["counted"])
    return counted, dog_limit_of(facts, counted_dogs, on, params)


# ----------------------------------------------------------------------------- private kennel


@rule(
    "kennel.private_set_number",
    provisions=(SET_NUMBER, MAX_DOGS),
    title="A private kennel license is for a set number of dogs",
    summary=(
        "A private kennel license is for a set number of dogs, at most 10, which may not be "
        "exceeded; adding a dog needs a new license."
    ),
    question="private-kennel-terms",
)
def private_kennel_dogs(licensed_for: int, dogs: int, on: dt.date, params: ParameterSet) -> Finding:
    """``private_kennel.set_number`` and ``private_kennel.max_dogs``, in Nowthen's words: "Licenses
    will be issued for a set number of dogs (maximum ten (10) dogs), which shall not be exceeded.
    Licensees who wish to add a dog/dogs shall need to obtain a new private kennel license." """
    maximum = params.get("private_kennel.max_dogs", on)
    facts = {"licensed_for": licensed_for, "dogs": dogs, "on": on}
    section = cite(SET_NUMBER, params)
    if licensed_for > maximum.integer or licensed_for < 1:
        cited = cite_each(SET_NUMBER, MAX_DOGS, params=params)
        return Finding(
            rule="kennel.private_set_number",
            outcome="refused",
            sections=cited,
            blocks=True,
            message=(
                f"Refused: a private kennel license is for a set number of dogs, at most "
                f"{maximum.display()}; not {_dogs(licensed_for)} ({together(cited)})."
            ),
            facts=facts,
            parameters=(maximum,),
        )
    if dogs > licensed_for:
        return Finding(
            rule="kennel.private_set_number",
            outcome="new_license_required",
            sections=(section,),
            blocks=True,
            message=(
                f"New private kennel license required: the license is for "
                f"{_dogs(licensed_for)}, which shall not be exceeded; keeping {_dogs(dogs)} "
                f"needs a new license ({section})."
            ),
            facts=facts,
            parameters=(maximum,),
        )
    return Finding(
        rule="kennel.private_set_number",
        outcome="within_license",
        sections=(section,),
        message=(
            f"Within the license: {_dogs(dogs)} kept under a private kennel license for "
            f"{_dogs(licensed_for)} ({section})."
        ),
        facts=facts,
        parameters=(maximum,),
    )


@rule(
    "kennel.private_not_assignable",
    provisions=(RELOCATION, NOT_ASSIGNABLE),
    title="Relocation and assignment of a private kennel license",
    summary=(
        "A licensee who moves within the city needs a corrected license; a license cannot be "
        "assigned to another party."
    ),
    question="private-kennel-terms",
)
def private_kennel_change(change: str) -> Finding:
    """``private_kennel.relocation``, in Nowthen's words: "A licensee who relocates to another area
    of the City shall also need to obtain a corrected private kennel license."
    ``private_kennel.not_assignable``: "Licenses are not assignable to other parties." """
    if change not in PRIVATE_KENNEL_CHANGES:
        raise ValueError(f"change {change!r} is not one of {', '.join(PRIVATE_KENNEL_CHANGES)}")
    if change == "relocation":
        section = cite(RELOCATION)
        return Finding(
            rule="kennel.private_not_assignable",
            outcome="corrected_license_required",
            sections=(section,),
            blocks=True,
            message=(
                "Corrected private kennel license required: the licensee relocates to another "
                f"area of the City ({section})."
            ),
            facts={"change": change},
        )
    section = cite(NOT_ASSIGNABLE)
    return Finding(
        rule="kennel.private_not_assignable",
        outcome="refused",
        sections=(section,),
        blocks=True,
        message=f"Refused: private kennel licenses are not assignable to other parties ({section}).",
        facts={"change": change},
    )


@rule(
    "kennel.private_one_per_party",
    provisions=(ONE_PER_PARTY,),
    title="Private kennel licenses per party: at most {private_kennel.licenses_per_party:words}",
    summary=(
        "No party, person, dwelling or other entity may hold more than "
        "{private_kennel.licenses_per_party:words_unit} for a private kennel."
    ),
    question="private-kennel-terms",
)
def private_kennel_one_per_party(licenses_held: int, on: dt.date, params: ParameterSet) -> Finding:
    """``private_kennel.one_per_party``, in Nowthen's words: "No party, person, dwelling, or other
    entity will be allowed more than one (1) private kennel license." """
    if licenses_held < 0:
        raise ValueError(f"licenses held must be 0 or more, not {licenses_held}")
    allowed = params.get("private_kennel.licenses_per_party", on)
    facts = {"licenses_held": licenses_held, "on": on}
    section = cite(ONE_PER_PARTY, params)
    if licenses_held >= allowed.integer:
        return Finding(
            rule="kennel.private_one_per_party",
            outcome="refused",
            sections=(section,),
            blocks=True,
            message=(
                f"Refused: the party, person, dwelling or entity already holds "
                f"{licenses_held} private kennel license(s); at most {allowed.display()} "
                f"({section})."
            ),
            facts=facts,
            parameters=(allowed,),
        )
    return Finding(
        rule="kennel.private_one_per_party",
        outcome="allowed",
        sections=(section,),
        message=(
            f"Allowed: the party, person, dwelling or entity holds {licenses_held} private kennel "
            f"license(s); at most {allowed.display()} ({section})."
        ),
        facts=facts,
        parameters=(allowed,),
    )


# ----------------------------------------------------------------------------- commercial kennel


@rule(
    "kennel.commercial_renewal",
    provisions=(COMMERCIAL_RENEWAL,),
    title="Commercial kennel renewal after nuisance complaints",
    summary=(
        "A commercial kennel license is renewed for {commercial_kennel.term_years:words_unit} on "
        "the same terms only if no nuisance complaint was received in the "
        "{commercial_kennel.complaint_lookback_months:words_unit} before the term ends (reading "
        "LEGAL-NOTES §6.4)."
    ),
    question="commercial-kennel-renewal",
)
def commercial_kennel_renewal(
    term_ends: dt.date, nuisance_complaints: list[dt.date], on: dt.date, params: ParameterSet
) -> Finding:
    """``commercial_kennel.renewal``, in Nowthen's words: "The initial term for the kennel license
    shall be one (1) year; subsequent licenses, if so granted, will also be for a term of one (1)
    year if no nuisance complaints have been received at the City within the previous twelve (12)
    months relating to the dogs being kept on the property."

    The window runs from the same calendar day 12 months before the term ends, inclusive, to the
    day the term ends, inclusive.
    """
    if any(day > on for day in nuisance_complaints):
        raise ValueError(f"a complaint is dated after the day asked about, {on.isoformat()}")
    lookback = params.get("commercial_kennel.complaint_lookback_months", on)
    term = params.get("commercial_kennel.term_years", on)
    window_starts = months_before(term_ends, lookback.integer)
    section = cite(COMMERCIAL_RENEWAL, params)
    found = sorted(d for d in nuisance_complaints if window_starts <= d <= term_ends)
    facts = {"term_ends": term_ends, "nuisance_complaints": nuisance_complaints, "on": on}
    details = {"window_starts": window_starts, "window_ends": term_ends, "complaints": found}
    window = f"{long_date(window_starts)} to {long_date(term_ends)}"
    if not found:
        renewed_to = add_months(term_ends, 12 * term.integer)
        return Finding(
            rule="kennel.commercial_renewal",
            outcome="renew_same_terms",
            sections=(section,),
            message=(
                f"Renew on the same terms for {term.display()}, to {long_date(renewed_to)}: no nuisance "
                f"complaint was received in the previous {lookback.display()} ({window}) "
                f"({section})."
            ),
            facts=facts,
            parameters=(lookback, term),
            next_date=renewed_to,
            details=details,
        )
    reading = params.get(RENEWAL_READING, on)
    dates = ", ".join(long_date(d) for d in found)
    complaints = f"{len(found)} nuisance complaint(s) received in the previous {lookback.display()}"
    if reading.choice == "new_application":
        what = "Not renewed: the kennel must apply anew, with a Planning & Zoning hearing"
    else:
        what = "Renewal goes to the City Council, not on the same terms"
    return Finding(
        rule="kennel.commercial_renewal",
        outcome=reading.choice,
        sections=(section,),
        blocks=True,
        message=f"{what}: {complaints} ({window}): {dates} ({section}).",
        facts=facts,
        parameters=(lookback, term, reading),
        details=details,
    )


@rule(
    "kennel.commercial_notice_list",
    provisions=(HEARING_NOTICE,),
    title="Who gets notice of a commercial kennel hearing",
    summary=(
        "Every property owner whose parcel lies within "
        "{commercial_kennel.notice_radius_feet:distance} "
        "({commercial_kennel.notice_radius_feet:short}) of the outside "
        "dimensions of the parcel where the commercial kennel is contemplated is given notice of "
        "the Planning & Zoning hearing."
    ),
    question="commercial-kennel-notice-list",
)
def notice_list(
    parcel: BaseGeometry,
    neighbours: Mapping[str, BaseGeometry],
    on: dt.date,
    params: ParameterSet,
) -> Finding:
    """``commercial_kennel.hearing_notice``, in Nowthen's words: "Notice must be given to all
    affected property owners within one quarter (1/4) mile of the outside dimensions of the parcel
    where the kennel is contemplated."
    (reading ``readings.notice_radius``)

    Geometry is in feet. A neighbouring parcel is within the distance when the shortest distance
    between its boundary and the kennel parcel's boundary is at most the radius ("within" is read
    inclusively: a parcel exactly 1,320 ft away gets notice). Distances are compared after rounding
    to a millionth of a foot, as for enclosure setbacks. ``neighbours`` maps each other parcel's
    identifier (its PIN) to its boundary; the kennel parcel itself is not in the list.
    """
    if parcel.is_empty:
        raise ValueError("the kennel parcel's boundary is empty")
    radius = params.get("commercial_kennel.notice_radius_feet", on)
    section = cite(HEARING_NOTICE, params)
    limit = float(radius.integer)
    measured = sorted(
        (round(float(parcel.distance(boundary)), MEASURE_DECIMALS), pin)
        for pin, boundary in neighbours.items()
        if not boundary.is_empty
    )
    notified = [(distance, pin) for distance, pin in measured if distance <= limit]
    beyond = [(distance, pin) for distance, pin in measured if distance > limit]
    nearest_beyond = beyond[0] if beyond else None
    message = (
        f"Notice to the owners of {len(notified)} parcel(s) within {radius.display()} of the "
        f"outside dimensions of the kennel parcel ({section})."
    )
    if notified:
        message += f" The farthest notified lies {notified[-1][0]:,.1f} ft away."
    if nearest_beyond is not None:
        message += f" The nearest parcel not notified lies {nearest_beyond[0]:,.1f} ft away."
    return Finding(
        rule="kennel.commercial_notice_list",
        outcome="notice_list",
        sections=(section,),
        message=message,
        facts={"parcel": parcel.wkt, "neighbours": len(neighbours), "on": on},
        parameters=(radius,),
        details={
            "radius_feet": radius.integer,
            "notified": [{"pin": pin, "distance_feet": d} for d, pin in notified],
            "nearest_not_notified": (
                {"pin": nearest_beyond[1], "distance_feet": nearest_beyond[0]}
                if nearest_beyond is not None
                else None
            ),
        },
    )


# ----------------------------------------------------------------------------- question facts


@facts
class DogsCountedFacts:
    """The facts of the question ``kennel-dogs-counted`` (``dog_limit.counted_age``)."""

    births: tuple[dt.date, ...] = fact("Each dog's date of birth")
    on: dt.date = fact("The day asked about")


@facts
class DogLimitFacts:
    """The facts of the question ``kennel-dog-limit`` (``dog_limit.by_parcel_size``)."""

    acres: Decimal = fact("The parcel's area in acres", unit="acres")
    dogs_over_six_months: int = fact(
        "Dogs kept there old enough to count against the limit ({§dog_limit.counted_age})",
        minimum=0,
    )
    on: dt.date = fact("The day asked about")
    private_kennel_licensed_for: int | None = fact(
        "Dogs allowed by a private kennel license held, if any", default=None, minimum=1
    )
    conditional_use_permit: bool = fact("A conditional use permit is held", default=False)


@facts
class PrivateKennelTermsFacts:
    """The facts of the question ``private-kennel-terms`` (``private_kennel.set_number``,
    ``.relocation``, ``.not_assignable``, ``.one_per_party``)."""

    on: dt.date = fact("The day asked about")
    licensed_for: int | None = fact(
        "The set number of dogs the license allows ({§private_kennel.set_number})",
        default=None,
        minimum=0,
    )
    dogs: int | None = fact("Dogs kept", default=None, minimum=0)
    change: str | None = fact(
        "A change asked for", default=None, choices=("relocation", "assignment")
    )
    licenses_held: int | None = fact(
        "Private kennel licenses the party, person, dwelling or entity already holds",
        default=None,
        minimum=0,
    )


@facts
class CommercialRenewalFacts:
    """The facts of the question ``commercial-kennel-renewal`` (``commercial_kennel.renewal``)."""

    term_ends: dt.date = fact("The day the current term ends")
    nuisance_complaints: tuple[dt.date, ...] = fact(
        "Dates of nuisance complaints about the dogs kept there"
    )
    on: dt.date = fact("The day asked about")


@facts
class NoticeListFacts:
    """The facts of the question ``commercial-kennel-notice-list``
    (``commercial_kennel.hearing_notice``)."""

    on: dt.date = fact("The day asked about")
    parcel: BaseGeometry = fact("The kennel parcel: a Polygon")
    neighbours: tuple[BaseGeometry, ...] = fact("The other parcels: Polygons")
    neighbour_pins: tuple[str, ...] | None = fact(
        "The other parcels' numbers, in the same order (default 1, 2, ...)", default=None
    )
