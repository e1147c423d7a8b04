"""The complaint queue and the complaint map."""

from __future__ import annotations

import datetime as dt

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from dogtag.complaints import forms, queries
from dogtag.complaints.map import MARKERS, complaint_map, legend_svg
from dogtag.complaints.models import Complaint
from dogtag.complaints.views._common import RECEIVE
from dogtag.parcels.models import Parcel
from dogtag.records.office import office_page
from dogtag.records.pagination import paginate

PAGE_SIZE = 25


@require_GET
@office_page()
def complaint_list(request: HttpRequest) -> HttpResponse:
    officers = queries.investigators()
    form = forms.QueueForm(request.GET or None, officers=officers)
    filters = queries.QueueFilters()
    if form.is_bound and form.is_valid():
        d = form.cleaned_data
        filters = queries.QueueFilters(
            kind=d["kind"],
            status=d["status"],
            assigned_to=d["assigned_to"],
            received_from=d["received_from"],
            received_to=d["received_to"],
            place=d["place"],
            mine=d["mine"],
            order=d["order"] or "oldest_open",
        )
    rows = queries.queue(filters, request.user)  # type: ignore[arg-type]
    # counts per status over the other filters (the status filter would hide the rest)
    counted = queries.queue(
        queries.QueueFilters(**{**filters.__dict__, "status": ""}),
        request.user,  # type: ignore[arg-type]
    )
    listing = paginate(request, rows, per_page=PAGE_SIZE, noun="page")
    page = listing.page
    complaints = listing.rows
    repeats = queries.repeat_counts(complaints)
    return render(
        request,
        "complaints/list.html",
        {
            "form": form,
            "page": page,
            "listing": listing,
            "rows": [(c, repeats.get(c.pk, 0)) for c in complaints],
            "status_counts": queries.status_counts(counted),
            "may_receive": request.user.has_perm(RECEIVE),
        },
    )


@require_GET
@office_page()
def map_view(request: HttpRequest) -> HttpResponse:
    form = forms.MapForm(request.GET or None)
    rows = Complaint.objects.select_related("parcel").order_by("received_at", "id")
    if form.is_bound and form.is_valid():
        d = form.cleaned_data
        if d["kind"]:
            rows = rows.filter(kind=d["kind"])
        if d["received_from"]:
            rows = rows.filter(received_at__gte=queries.city_midnight(d["received_from"]))
        if d["received_to"]:
            rows = rows.filter(
                received_at__lt=queries.city_midnight(d["received_to"] + dt.timedelta(days=1))
            )
    parcels = Parcel.objects.only("pk", "boundary").order_by("pk")
    drawn = complaint_map(list(rows), parcels.iterator(chunk_size=500))
    legend = [
        {
            "kind": kind,
            "label": label,
            "shape": shape,
            "icon": legend_svg(shape, colour),
            "mapped": mapped,
            "total": total,
        }
        for kind, label, shape, colour, mapped, total in drawn.counts
    ]
    return render(
        request,
        "complaints/map.html",
        {
            "form": form,
            "map": drawn,
            "legend": legend,
            "total": sum(row["total"] for row in legend),
            "shapes": {k: v[0] for k, v in MARKERS.items()},
        },
    )
