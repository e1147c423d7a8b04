"""The dangerous-dog app's numbers in prose, from the parameters in force (issue 11 item 5).

A dangerous-dog page, form, PDF or message never types a day count, an amount, a length or an age: it
words the parameter in force (``dogtag.law.wording``). A period is said through the clock that
counts it (``law.clocks.period``), so the sentence says the very days the deadline counted: the
city's own days to register (dangerous_dog.registration), the state's to seizure (Minn. Stat.
347.54 subd. 1), the more restrictive of the two where both set the same period
(incorporation.more_restrictive_controls).

``days`` and ``value`` give plain words (PDFs, messages, the due list); ``days_html`` and
``value_html`` give the same words in a ``span.dogtag-parameter`` whose title names the source,
as ``{% param %}`` does on the pages (for a form's help text).
"""

from __future__ import annotations

import datetime as dt

from django.utils.html import format_html
from django.utils.safestring import SafeString

from dogtag.law import clocks, wording
from dogtag.law import params as law_params
from dogtag.law.params import ParameterSet, ParameterValue
from dogtag.records.services import in_force, source_note, today


def period(
    clock_id: str, on: dt.date | None = None, params: ParameterSet | None = None
) -> ParameterValue:
    """The days the clock ``clock_id`` counts on ``on`` (default today)."""
    return clocks.period(clock_id, on or today(), params or law_params.default())


def days(
    clock_id: str,
    style: str = "words_unit",
    on: dt.date | None = None,
    params: ParameterSet | None = None,
) -> str:
    """A clock's days worded: "fourteen days" (``words_unit``), "fourteen (14) days"
    (``ordinance``), "14 days" (``display``)."""
    return wording.phrase(period(clock_id, on, params), style)


def value(key: str, style: str = "display", on: dt.date | None = None) -> str:
    """Any other parameter in force worded (a fee with the resolutions entered)."""
    return wording.phrase(in_force(key, on), style)


def said(found: ParameterValue, style: str) -> SafeString:
    """The words with their source in the title, the markup of ``{% param %}``."""
    return format_html(
        '<span class="dogtag-parameter" title="{}">{}</span>',
        source_note(found),
        wording.phrase(found, style),
    )


def days_html(clock_id: str, style: str = "words_unit", on: dt.date | None = None) -> SafeString:
    return said(period(clock_id, on), style)


def value_html(key: str, style: str = "display", on: dt.date | None = None) -> SafeString:
    return said(in_force(key, on), style)
