"""The county parcel import pages, the export download, and the parcels over their dog limit.

Thin views: parse the request, call ``importing.import_parcels`` / ``export_collection`` or
``limits.parcels_over_limit``, render. The import and export need ``records.manage_parcels``
(administrators) besides ``records.view_records``; the over-limit list needs only the latter.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse

from dogtag.kennels.limits import parcels_over_limit
from dogtag.law.kennels import LIMIT_BASIS
from dogtag.parcels import geojson
from dogtag.parcels.importing import GeoJSONError, export_collection, import_parcels, summary
from dogtag.parcels.models import Parcel, ParcelImport
from dogtag.records.office import AsOfForm, office_page
from dogtag.records.pagination import paginate
from dogtag.records.services import city_params, today
from dogtag.records.uploads import UploadField

MANAGE_PARCELS = "records.manage_parcels"
#: The largest county file accepted through the page (the county's whole map is ~10 MB).
MAX_UPLOAD_BYTES = 50 * 1024 * 1024
PAST_IMPORTS = 25


def parcel_url(pin: str) -> str:
    """The parcel's page; ``/parcels/<pin>/`` until the parcel pages are wired."""
    try:
        return reverse("parcel_detail", args=[pin])
    except NoReverseMatch:
        return f"/parcels/{quote(pin, safe='')}/"


class ParcelFileForm(forms.Form):
    county_file = UploadField(
        label="County parcel file (GeoJSON)",
        help_text=(
            "A FeatureCollection of parcel polygons: WGS 84 longitude/latitude (no crs member), or "
            "a projected system in feet or metres named by its crs member. Parcels are matched by "
            "PIN; a feature with a problem is listed and not imported."
        ),
        widget=forms.ClearableFileInput(
            attrs={"class": "usa-file-input", "accept": ".geojson,.json,application/geo+json"}
        ),
    )

    def clean_county_file(self) -> Any:
        upload = self.cleaned_data["county_file"]
        if upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(
                f"The file is {upload.size / 1024 / 1024:.1f} MB; at most "
                f"{MAX_UPLOAD_BYTES // 1024 // 1024} MB can be imported here (use the "
                "import_parcels command for a larger file)."
            )
        return upload


@office_page(MANAGE_PARCELS)
def import_view(request: HttpRequest) -> HttpResponse:
    """Upload a county parcel file; list the past imports."""
    form = (
        ParcelFileForm(request.POST, request.FILES)
        if request.method == "POST"
        else ParcelFileForm()
    )
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["county_file"]
        try:
            report = import_parcels(upload.read(), filename=upload.name, actor=request.user)
        except GeoJSONError as exc:
            form.add_error("county_file", f"{exc} Nothing was imported.")
        else:
            messages.success(request, summary(report))
            return redirect("parcel_import_report", pk=report.record.pk)
    context = {
        "form": form,
        "imports": ParcelImport.objects.select_related("imported_by")[:PAST_IMPORTS],
        "parcel_count": Parcel.objects.count(),
        "working_crs": geojson.working_crs_urn(),
    }
    return render(request, "parcels/import.html", context, status=400 if form.errors else 200)


@office_page(MANAGE_PARCELS)
def import_report_view(request: HttpRequest, pk: int) -> HttpResponse:
    """What one import did: created, updated, unchanged, and every feature refused and why."""
    record = get_object_or_404(ParcelImport.objects.select_related("imported_by"), pk=pk)
    rejected = [
        {**item, "parcel_url": parcel_url(item["pin"]) if item.get("pin") else ""}
        for item in record.rejected
    ]
    total = record.created + record.updated + record.unchanged + len(rejected)
    return render(
        request,
        "parcels/import_report.html",
        {"record": record, "rejected": rejected, "total": total},
    )


@office_page(MANAGE_PARCELS)
def export_view(request: HttpRequest) -> HttpResponse:
    """Every parcel as GeoJSON in the working CRS (feet); it re-imports unchanged."""
    response = HttpResponse(
        geojson.dumps(export_collection()), content_type="application/geo+json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="parcels-{today():%Y-%m-%d}.geojson"'
    return response


@office_page()
def over_limit_view(request: HttpRequest) -> HttpResponse:
    """``dog_limit.by_parcel_size``: the parcels keeping more dogs over six months than their acres
    allow without a private kennel license or conditional use permit, as of a day. Where the city's
    limit is one per property whatever its size (``dog_limits.basis`` ``per_property``, Lino
    Lakes), the properties keeping more than it without a kennel license
    (``dog_limit.per_property``)."""
    form = AsOfForm(request.GET or {"on": today().isoformat()})
    on = form.cleaned_data["on"] if form.is_valid() else today()
    per_property = city_params().get(LIMIT_BASIS, on).value == "per_property"
    # The rules decide each parcel (the dog limit), so the list is found whole and shown a page at a time.
    listing = paginate(request, parcels_over_limit(on), param="page", anchor="parcels")
    rows = [
        {
            "pin": row.parcel.pin,
            "url": parcel_url(row.parcel.pin),
            "address": row.parcel.address,
            "acres": row.parcel.acres,
            "acres_from_map": row.parcel.acres_from_map,
            "dogs": row.dogs_over_six_months,
            "allowed": row.allowed,
            "finding": row.limit,
            "counted": row.counted,
            "kennel": row.private_kennel_license,
            "no_birth_date": row.no_birth_date,
            "residents": [
                {"name": o.name, "url": reverse("owner_detail", args=[o.pk])} for o in row.residents
            ],
        }
        for row in listing.rows
    ]
    return render(
        request,
        "parcels/over_limit.html",
        {"form": form, "on": on, "rows": rows, "listing": listing, "per_property": per_property},
    )
