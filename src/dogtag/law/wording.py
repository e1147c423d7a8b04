"""A parameter's value worded for prose: pages, forms, PDFs and messages say the value in force,
never a number typed into the sentence (issue 11 item 5).

The ordinance writes its numbers in words ("at most ten", "fourteen (14) days", "one quarter (1/4)
mile"); the styles below let a sentence keep that voice while the number comes from the parameter.
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

from dogtag.law.params import ParameterNotInForce, ParameterSet, ParameterValue

_ONES = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
_TENS = ["_", "_", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
_FEET_PER_QUARTER_MILE = 1320
_QUARTERS = {1: "1/4", 2: "1/2", 3: "3/4"}
STYLES = (
    "display",
    "number",
    "words",
    "words_unit",
    "ordinance",
    "short",
    "money",
    "distance",
    "date",
    "month",
    "month_day",
    "duration",
)


def number_words(n: int) -> str:
    """0 to 99 in words ("fourteen", "twenty-one"); larger numbers in digits ("1,320")."""
    if 0 <= n < 20:
        return _ONES[n]
    if 20 <= n < 100:
        tens, ones = divmod(n, 10)
        return _TENS[tens] + (f"-{_ONES[ones]}" if ones else "")
    return f"{n:,}"


def money(amount: Decimal) -> str:
    """Whole dollars without cents ("$500,000"), otherwise with them ("$3.50")."""
    if amount == amount.to_integral_value():
        return f"${amount:,.0f}"
    return f"${amount:,.2f}"


def distance(feet: int) -> str:
    """Feet as the ordinance measures long distances: in quarter miles when the distance is a
    whole number of them ("1/4 mile", "1 1/2 miles"), else in feet ("1,500 ft")."""
    quarters, rest = divmod(feet, _FEET_PER_QUARTER_MILE)
    if rest or not quarters:
        return f"{feet:,} ft"
    miles, part = divmod(quarters, 4)
    words = " ".join(w for w in (str(miles) if miles else "", _QUARTERS.get(part, "")) if w)
    return f"{words} mile" if quarters <= 4 and not (miles and part) else f"{words} miles"


_SINGULAR = {"feet": "foot"}


def duration(seconds: int) -> str:
    """Seconds as the ordinance says a period: in whole minutes when they are ("five minutes"),
    else in seconds ("thirty seconds")."""
    minutes, rest = divmod(seconds, 60)
    if minutes and not rest:
        return f"{number_words(minutes)} minute" + ("s" if minutes != 1 else "")
    return f"{number_words(seconds)} second" + ("s" if seconds != 1 else "")


def unit(value: ParameterValue, count: int) -> str:
    name = value.definition.unit or ""
    if count != 1:
        return name
    return _SINGULAR.get(name, name[:-1] if name.endswith("s") else name)


def phrase(value: ParameterValue, style: str = "display") -> str:
    """The value in force in one of :data:`STYLES`:

    ``display`` as a clerk says it ("$3.00", "30 days"); ``number`` the bare number ("10");
    ``words`` the number in words ("ten"); ``words_unit`` with its unit ("fourteen days", "one
    year"); ``ordinance`` in words with the number after them, as the ordinance writes a period
    ("fourteen (14) days"); ``short`` feet abbreviated ("6 ft"), else as displayed; ``money``
    whole dollars without cents ("$500,000"); ``distance`` feet in quarter miles when whole
    ("1/4 mile"); ``date`` a date as read aloud ("January 1, 2004"); ``month`` a month's number
    as its name ("May"); ``month_day`` a day of every year, "MM-DD", as read aloud ("May 31");
    ``duration`` seconds in minutes when whole ("five minutes", "thirty seconds").
    """
    if style not in STYLES:
        raise ValueError(f"no wording style {style!r}: one of {', '.join(STYLES)}")
    raw = value.value
    if style == "display":
        return value.display()
    if style == "money":
        return money(value.decimal)
    if style == "date":
        if not isinstance(raw, dt.date):
            raise TypeError(f"{value.key} is a {value.definition.type}, not a date")
        return f"{raw:%B} {raw.day}, {raw.year}"
    if style == "month_day":
        month, day = (int(part) for part in str(raw).split("-"))
        return f"{dt.date(2000, month, day):%B} {day}"
    number = value.integer
    if style == "month":
        return f"{dt.date(2000, number, 1):%B}"
    if style == "duration":
        return duration(number)
    if style == "number":
        return f"{number:,}"
    if style == "words":
        return number_words(number)
    if style == "words_unit":
        return f"{number_words(number)} {unit(value, number)}".strip()
    if style == "ordinance":
        return f"{number_words(number)} ({number:,}) {unit(value, number)}".strip()
    if style == "distance":
        return distance(number)
    if value.definition.unit == "feet":
        return f"{raw:,} ft"
    return value.display()


#: A parameter named in a sentence written once, ahead of any date: ``{key}`` or ``{key:style}``
#: ("Enclosure {enclosure.dwelling_setback_feet:short} from adjacent dwellings"). Rule titles and
#: summaries, question summaries and the readings register are written so; :func:`fill` words
#: each from the value in force on the day they are shown.
PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+)(?::([a-z_]+))?\}")


def placeholders(text: str) -> list[tuple[str, str]]:
    """The (key, style) of every parameter named in ``text``, in order."""
    return [(m.group(1), m.group(2) or "display") for m in PLACEHOLDER.finditer(text)]


def fill(
    text: str, params: ParameterSet, on: dt.date, *, lenient: bool = False
) -> tuple[str, tuple[ParameterValue, ...]]:
    """``text`` with every ``{key:style}`` worded from the value in force on ``on``, and the
    values used (for their sources). A key not in force raises, as ``ParameterSet.get`` does;
    ``lenient`` instead names it by its key, marked "not in force" (the catalogue on a date before
    the ordinance's values took effect must still list its rules, never a value not yet law)."""
    used: dict[str, ParameterValue] = {}

    def word(match: re.Match[str]) -> str:
        try:
            value = params.get(match.group(1), on)
        except ParameterNotInForce:
            if not lenient:
                raise
            return f"[{match.group(1)}: not in force]"
        used.setdefault(value.key, value)
        return phrase(value, match.group(2) or "display")

    return PLACEHOLDER.sub(word, text), tuple(used.values())


def unfilled(text: str) -> str:
    """``text`` for a reader without a date: each parameter named by its key, in brackets
    ("[enclosure.dwelling_setback_feet]"), never a value that may not be in force."""
    return PLACEHOLDER.sub(lambda m: f"[{m.group(1)}]", text)
