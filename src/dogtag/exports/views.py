"""The exports page and its downloads (issue 13, item 4). Thin: pick the table, log any private
data it shows (``records.private_data.record_view``), write CSV (streamed) or XLSX (bounded)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from dogtag.exports.cells import XLSX_MAX_ROWS, csv_response, xlsx_response
from dogtag.exports.tables import EXPORTS
from dogtag.records.office import office_page
from dogtag.records.private_data import record_view
from dogtag.records.services import today

FORMATS = ("csv", "xlsx")


@office_page()
def index(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "exports/index.html",
        {"exports": EXPORTS.values(), "xlsx_max_rows": XLSX_MAX_ROWS},
    )


@office_page()
def download(request: HttpRequest, name: str, fmt: str) -> HttpResponse:
    export = EXPORTS.get(name)
    if export is None or fmt not in FORMATS:
        raise Http404("No such export.")
    table = export.build(request.user)
    if table.private:
        record_view(request, table.private, f"{export.title} export ({fmt.upper()})")
    filename = f"{export.name}-{today().isoformat()}"
    if fmt == "csv":
        return csv_response(filename, table.header, table.rows)
    return xlsx_response(filename, export.title, table.header, table.rows)
