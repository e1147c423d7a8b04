"""Noise logs typed by an officer or kept by a complainant, for the barking rule
(``nuisance.barking``).

A log is CSV text with one noise per row. The time is taken from the column named ``time``,
``timestamp``, ``when`` or ``noise`` (any case), else the first column. A time is either a full
ISO 8601 date and time (``2026-07-04T22:00:05-05:00``, ``2026-07-04 22:00:05``) or a clock time
(``22:00:05``, ``10:00:05 PM``) on the ``date`` given; a clock time earlier than the row before it
is taken to be after midnight (the log runs on into the next day). Blank rows are skipped. Every
unreadable row is reported with its row number; none is guessed. A log may be given as lines read
one by one; with ``max_rows`` reading stops, refused, at the first row past the limit (a header
row is not counted), so a huge log is never read whole.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Iterable, Sequence

TIME_COLUMNS = ("time", "timestamp", "when", "noise")
CLOCK_FORMATS = ("%H:%M:%S", "%H:%M:%S.%f", "%H:%M", "%I:%M:%S %p", "%I:%M %p")


class LogError(ValueError):
    """The log cannot be read; ``problems`` names each bad row (in English).

    ``parts`` keeps each problem's template and values apart, so the residents' site can say it
    in the resident's language (``complaints.reasons``)."""

    def __init__(self, parts: Sequence[tuple[str, dict[str, object]]]) -> None:
        self.parts = list(parts)
        self.problems = [template % values if values else template for template, values in parts]
        super().__init__("; ".join(self.problems))


# Every problem a log can have (``complaints.reasons`` translates each).
TOO_MANY_ROWS = "the log has more than %(rows)s rows; the limit is %(rows)s"
NOT_CSV = "row %(row)s: not CSV (%(detail)s)"
EMPTY = "the log is empty"
NO_TIME = "row %(row)s: no time"
NOT_A_TIME = "row %(row)s: %(cell)s is not a time"
CLOCK_TIME = "row %(row)s: %(cell)s is a clock time; give the log's date"
NO_NOISES = "the log has no noise times"


def _clock(text: str) -> dt.time | None:
    for pattern in CLOCK_FORMATS:
        try:
            return dt.datetime.strptime(text.upper(), pattern).time()  # noqa: DTZ007 (a clock time)
        except ValueError:
            continue
    return None


def _too_many(max_rows: int) -> LogError:
    return LogError([(TOO_MANY_ROWS, {"rows": f"{max_rows:,}"})])


def _rows(lines: Iterable[str], max_rows: int | None) -> list[list[str]]:
    rows: list[list[str]] = []
    try:
        for row in csv.reader(lines):
            # one row more than the limit may be a header: read_log checks the body again
            if max_rows is not None and len(rows) > max_rows:
                raise _too_many(max_rows)
            rows.append(row)
    except csv.Error as exc:
        raise LogError([(NOT_CSV, {"row": len(rows) + 1, "detail": exc})]) from None
    return rows


def read_log(
    text: str | Iterable[str],
    *,
    date: dt.date | None = None,
    tzinfo: dt.tzinfo | None = None,
    max_rows: int | None = None,
) -> list[dt.datetime]:
    """The noise times of a CSV log (its text, or its lines), in the order given (the rule sorts
    them)."""
    rows = _rows(io.StringIO(text) if isinstance(text, str) else text, max_rows)
    if not rows:
        raise LogError([(EMPTY, {})])
    header = [cell.strip().lower() for cell in rows[0]]
    column = next((header.index(name) for name in TIME_COLUMNS if name in header), None)
    body = rows[1:] if column is not None else rows
    column = column or 0
    if max_rows is not None and len(body) > max_rows:
        raise _too_many(max_rows)
    first_row = 2 if body is not rows else 1
    times: list[dt.datetime] = []
    problems: list[tuple[str, dict[str, object]]] = []
    day = date
    previous: dt.datetime | None = None
    for number, row in enumerate(body, start=first_row):
        if not any(cell.strip() for cell in row):
            continue
        cell = row[column].strip() if column < len(row) else ""
        if not cell:
            problems.append((NO_TIME, {"row": number}))
            continue
        try:
            moment = dt.datetime.fromisoformat(cell)
        except ValueError:
            clock = _clock(cell)
            if clock is None:
                problems.append((NOT_A_TIME, {"row": number, "cell": repr(cell)}))
                continue
            if day is None:
                problems.append((CLOCK_TIME, {"row": number, "cell": repr(cell)}))
                continue
            moment = dt.datetime.combine(day, clock)
            if previous is not None and moment < previous and previous.date() == day:
                day = day + dt.timedelta(days=1)  # past midnight
                moment = dt.datetime.combine(day, clock)
        if moment.tzinfo is None and tzinfo is not None:
            moment = moment.replace(tzinfo=tzinfo)
        times.append(moment)
        previous = moment.replace(tzinfo=None) if moment.tzinfo else moment
    if problems:
        raise LogError(problems)
    if not times:
        raise LogError([(NO_NOISES, {})])
    return times
