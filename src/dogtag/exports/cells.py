"""Writing a table out as CSV (streamed) or XLSX (bounded), with every text cell guarded against
formula injection: a spreadsheet runs a cell that begins with = + - @ (or a tab or carriage
return) as a formula, so such cells are written with a leading apostrophe (OWASP, "CSV
Injection")."""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Iterable, Iterator, Sequence
from decimal import Decimal

from django.http import HttpResponse, StreamingHttpResponse
from openpyxl import Workbook

#: The most data rows an XLSX file holds: a workbook is built in memory, so it is bounded; a cut
#: file says so in its last row. The CSV download streams and has no such bound.
XLSX_MAX_ROWS = 10_000

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

Cell = str | int | Decimal | dt.date | bool | None


def guarded(value: Cell) -> Cell:
    """A text cell that a spreadsheet would run as a formula, made inert with a leading '."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _text(value: Cell) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dt.date):
        return value.isoformat()
    return str(guarded(value))


class _Echo:
    def write(self, value: str) -> str:
        return value


def csv_response(
    filename: str, header: Sequence[str], rows: Iterable[Sequence[Cell]]
) -> StreamingHttpResponse:
    """A CSV download written row by row as the rows are read (no whole file in memory)."""
    writer = csv.writer(_Echo())

    def lines() -> Iterator[str]:
        yield "\ufeff"  # so that spreadsheets read the file as UTF-8
        yield writer.writerow(header)
        for row in rows:
            yield writer.writerow([_text(value) for value in row])

    response = StreamingHttpResponse(lines(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}.csv"'
    return response


def xlsx_response(
    filename: str, title: str, header: Sequence[str], rows: Iterable[Sequence[Cell]]
) -> HttpResponse:
    """An XLSX download of at most ``XLSX_MAX_ROWS`` rows; a cut file ends with a row saying so."""
    book = Workbook(write_only=True)
    sheet = book.create_sheet(title[:31])
    sheet.append(list(header))
    cut = False
    for written, row in enumerate(rows):
        if written == XLSX_MAX_ROWS:
            cut = True
            break
        sheet.append([_xlsx(value) for value in row])
    if cut:
        sheet.append(
            [f"Cut at {XLSX_MAX_ROWS:,} rows: more rows exist. Download the CSV for every row."]
        )
    buffer = io.BytesIO()
    book.save(buffer)
    response = HttpResponse(
        buffer.getvalue(),
        content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    )
    response["Content-Disposition"] = f'attachment; filename="{filename}.xlsx"'
    return response


def _xlsx(value: Cell) -> Cell:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return guarded(value)
