"""A dog shelter's size (``enclosure.shelter_size``, Minn. Stat. 346.39 subd. 4's formula) and
shade (``enclosure.shade``), each cited as the city in force numbers it (``law.provisions``); the
quotations are Nowthen's words."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from decimal import ROUND_CEILING, Decimal

from dogtag.law.computation_of_time import long_date
from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.params import ParameterSet, ParameterValue
from dogtag.law.provisions import cite
from dogtag.law.registry import rule

# The provisions applied here, in the ordinance's words (each package maps them to its sections)
SHELTER_SIZE = "enclosure.shelter_size"
SHADE = "enclosure.shade"

# ----------------------------------------------------------------------------- size


#: Beyond this many decimals a square footage does not terminate (37 in gives 14.8546006944...):
#: the formula's only divisor is 144 = 2⁴·3², so a figure that terminates has at most 4 + the
#: decimals of the length squared, far fewer than this.
EXACT_DECIMALS = 12
ROUNDED_UP_NOTE = (
    "Figures marked ↑ do not terminate and are shown rounded up to the next 0.01 sq ft; the "
    "comparison uses the exact figure."
)


def _exact(value: Decimal) -> bool:
    exponent = value.normalize().as_tuple().exponent
    return isinstance(exponent, int) and exponent >= -EXACT_DECIMALS


def _square_feet(value: Decimal) -> str:
    """The exact figure whenever it terminates (14.0625, 19.140625); else rounded up to 0.01 and
    marked ↑ (14.86↑), so the message never shows a rounded figure as if it were exact."""
    if _exact(value):
        return f"{value.normalize():f}"
    return f"{value.quantize(Decimal('0.01'), rounding=ROUND_CEILING)}↑"


def minimum_floor_space(
    length_inches: Decimal, on: dt.date, params: ParameterSet
) -> tuple[Decimal, tuple[ParameterValue, ...]]:
    """One dog's minimum floor space in square feet (``enclosure.shelter_size``), and the
    parameters used."""
    if length_inches <= 0:
        raise ValueError(f"a dog's length must be positive, not {length_inches} inches")
    allowance = params.get("shelter.length_allowance_percent", on)
    divisor = params.get("shelter.square_inches_per_square_foot", on)
    # "plus 25 percent": the percentage from the parameter file, as a fraction of the length
    allowed_length = length_inches * (1 + Decimal(allowance.integer) / 100)
    return allowed_length * allowed_length / divisor.integer, (allowance, divisor)


@rule(
    "shelter.size",
    provisions=(SHELTER_SIZE,),
    title="Minimum floor space of a dog shelter",
    summary=(
        "Each dog needs ((length + {shelter.length_allowance_percent:number}%) × (length + "
        "{shelter.length_allowance_percent:number}%)) / "
        "{shelter.square_inches_per_square_foot:number} square feet of floor space, its length "
        "measured from the tip of the nose to the base of the tail; a shared enclosure needs the "
        "sum."
    ),
    question="shelter-size",
)
def shelter_size(
    lengths_inches: Sequence[Decimal],
    on: dt.date,
    params: ParameterSet,
    *,
    provided_square_feet: Decimal | None = None,
) -> Finding:
    """``enclosure.shelter_size`` (Minn. Stat. 346.39 subd. 4): "Each confined animal must be
    provided a minimum square footage of floor space as measured from the tip of its nose to the
    base of its tail, plus 25 percent, expressed in square feet. The formula for computing minimum
    square footage is: (length of animal plus 25 percent) times (length of animal plus 25 percent),
    divided by 144."

    Decimal arithmetic throughout: 36 inches gives exactly 14.0625 square feet, 48 inches 25. The
    comparison with ``provided_square_feet`` uses the unrounded minimum; the message shows every figure
    exactly when it terminates (42 inches: 19.140625) and otherwise rounded up to 0.01, marked ↑
    and said so (37 inches: 14.86↑), so what is shown never understates what is compared.
    Cited as the city of ``params`` numbers it.
    """
    if not lengths_inches:
        raise ValueError("give the length of at least one dog")
    if any(isinstance(x, float) for x in (*lengths_inches, provided_square_feet)):
        raise TypeError("give lengths and areas as Decimal, not float: the formula is exact")
    section = cite(SHELTER_SIZE, params)
    minimums: list[Decimal] = []
    used: tuple[ParameterValue, ...] = ()
    for length in lengths_inches:
        minimum, used = minimum_floor_space(Decimal(length), on, params)
        minimums.append(minimum)
    total = sum(minimums, Decimal(0))
    each = "; ".join(
        f"dog {i} ({Decimal(length).normalize():f} in): {_square_feet(minimum)} sq ft"
        for i, (length, minimum) in enumerate(zip(lengths_inches, minimums, strict=True), start=1)
    )
    dogs = len(minimums)
    need = (
        f"Minimum floor space {_square_feet(total)} sq ft"
        + (f" for {dogs} dogs sharing the enclosure" if dogs > 1 else "")
        + f" ({each}) ({section})."
    )
    if not all(_exact(m) for m in (*minimums, total)):
        need += f" {ROUNDED_UP_NOTE}"
    facts: dict[str, JSONValue] = {
        "lengths_inches": [Decimal(x) for x in lengths_inches],
        "on": on,
    }
    details: dict[str, JSONValue] = {"minimum_square_feet": minimums, "total_square_feet": total}
    if provided_square_feet is None:
        return Finding(
            rule="shelter.size",
            outcome="minimum",
            sections=(section,),
            message=need,
            facts=facts,
            parameters=used,
            details=details,
        )
    facts["provided_square_feet"] = provided_square_feet
    sufficient = provided_square_feet >= total
    shortfall = max(total - provided_square_feet, Decimal(0))
    details["shortfall_square_feet"] = shortfall
    verdict = (
        f"The {provided_square_feet.normalize():f} sq ft provided is sufficient."
        if sufficient
        else f"The {provided_square_feet.normalize():f} sq ft provided is insufficient, "
        f"{_square_feet(shortfall)} sq ft short."
    )
    if not _exact(shortfall) and ROUNDED_UP_NOTE not in need:
        verdict += f" {ROUNDED_UP_NOTE}"
    return Finding(
        rule="shelter.size",
        outcome="sufficient" if sufficient else "insufficient",
        sections=(section,),
        message=f"{need} {verdict}",
        blocks=not sufficient,
        facts=facts,
        parameters=used,
        details=details,
    )


@rule(
    "shelter.shade",
    provisions=(SHADE,),
    title="Shade from {shelter.shade_first_month:month} to {shelter.shade_last_month:month}",
    summary=(
        "A shaded area protecting the dog from direct sun is required in "
        "{shelter.shade_first_month:month} to {shelter.shade_last_month:month}."
    ),
    question="shelter-size",
)
def shade_required(on: dt.date, params: ParameterSet) -> Finding:
    """``enclosure.shade``: "A shaded area must be provided sufficient to protect the animal from
    the direct rays of the sun at all times during the months of May to October." (months
    inclusive)

    ``next_date`` is the day the answer next changes. Cited as the city of ``params`` numbers it.
    """
    section = cite(SHADE, params)
    first = params.get("shelter.shade_first_month", on)
    last = params.get("shelter.shade_last_month", on)
    required = first.integer <= on.month <= last.integer
    start_year = on.year if on.month < first.integer else on.year + 1
    next_start = dt.date(start_year, first.integer, 1)
    after_last = last.integer + 1
    next_end = dt.date(on.year + 1, 1, 1) if after_last > 12 else dt.date(on.year, after_last, 1)
    months = f"{dt.date(2000, first.integer, 1):%B} to {dt.date(2000, last.integer, 1):%B}"
    if required:
        message = (
            f"Shade required: from {months} a shaded area must protect the dog from the direct "
            f"rays of the sun at all times ({section}); required until {long_date(next_end)}."
        )
    else:
        message = (
            f"No shade requirement on {long_date(on)}: it applies from {months} ({section}); next "
            f"required from {long_date(next_start)}."
        )
    return Finding(
        rule="shelter.shade",
        outcome="required" if required else "not_required",
        sections=(section,),
        message=message,
        facts={"on": on},
        parameters=(first, last),
        next_date=next_end if required else next_start,
    )


@facts
class ShelterSizeFacts:
    """The facts of the question ``shelter-size`` (``enclosure.shelter_size``,
    ``enclosure.shade``)."""

    lengths_inches: tuple[Decimal, ...] = fact(
        "Each dog's length from the tip of the nose to the base of the tail "
        "({§enclosure.shelter_size})",
        unit="inches",
    )
    on: dt.date = fact("The day asked about")
    provided_square_feet: Decimal | None = fact(
        "The shelter's floor space, for the shelter-size check ({§enclosure.shelter_size}); "
        "left out, not compared",
        default=None,
        unit="square feet",
        minimum=0,
    )
