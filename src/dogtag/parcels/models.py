"""Parcel records: the county parcel map (boundary, dwellings, road centerline) and dog enclosures.

Geometry is stored as GeoJSON geometry objects in the city's working coordinate system, whose unit
is the US survey foot (``settings.DOGTAG_PARCEL_CRS``, NAD83 / Minnesota South (ftUS), EPSG:26851,
the zone Anoka County lies in). Imports convert to it (``geojson.py``); the rules core measures in it
with Shapely. Never longitude/latitude degrees.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.functional import lazy
from shapely.geometry import shape
from shapely.geometry.base import BaseGeometry
from simple_history.models import HistoricalRecords

from dogtag.law.provisions import cited_in
from dogtag.records.jurisdiction import field as jurisdiction_field
from dogtag.records.jurisdiction import unique_per_city

SQUARE_FEET_PER_ACRE = Decimal(43560)


def _word(text: str) -> str:
    return cited_in(text, lenient=True)


#: a help text with ``{§concept}``, worded when shown (a model is defined at import)
_cited = lazy(_word, str)


def as_shape(geometry: dict[str, Any] | None) -> BaseGeometry | None:
    """The Shapely geometry of a stored GeoJSON geometry object (None stays None)."""
    return shape(geometry) if geometry else None


class ParcelImport(models.Model):
    """One import of a county parcel file: what came in, what was refused and why."""

    jurisdiction = jurisdiction_field()
    filename = models.CharField(max_length=255)
    source_crs = models.CharField(max_length=60, help_text="The file's coordinate system")
    sha256 = models.CharField(max_length=64)
    imported_at = models.DateTimeField(default=timezone.now)
    imported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    created = models.PositiveIntegerField(default=0)
    updated = models.PositiveIntegerField(default=0)
    unchanged = models.PositiveIntegerField(default=0)
    #: [{"row": 12, "pin": "...", "problem": "..."}] for every feature refused.
    rejected = models.JSONField(default=list)

    class Meta:
        ordering = ["-imported_at", "-id"]

    def __str__(self) -> str:
        return f"{self.filename} ({self.imported_at:%Y-%m-%d})"


class Parcel(models.Model):
    """A tax parcel as the county records it. The owners of record here are the property owners
    notice is mailed to (``commercial_kennel.hearing_notice``); the dog owners living on the parcel
    are ``residents``."""

    jurisdiction = jurisdiction_field()
    pin = models.CharField("PIN", max_length=30, unique=True, help_text="County parcel number")
    address = models.CharField("site address", max_length=200, blank=True)
    acres = models.DecimalField(
        max_digits=9,
        decimal_places=3,
        help_text="Deeded acres from the county; if the county gives none, the mapped area.",
    )
    acres_from_map = models.BooleanField(
        default=False, help_text="True when the county gave no acreage and the map area is used."
    )
    owner_names = models.CharField("owner(s) of record", max_length=300)
    mailing_street = models.CharField(max_length=200, blank=True)
    mailing_city = models.CharField(max_length=100, blank=True)
    mailing_state = models.CharField(max_length=2, blank=True)
    mailing_postal_code = models.CharField(max_length=10, blank=True)
    #: GeoJSON Polygon or MultiPolygon, in feet.
    boundary = models.JSONField()
    #: GeoJSON LineString or MultiLineString of the road the parcel fronts, in feet.
    road_centerline = models.JSONField(null=True, blank=True)
    #: Lot lines set by the zoning administrator instead of derived from the road frontage:
    #: {"side": [edge indexes], "rear": [edge indexes], "reason": "..."}; edges as drawn.
    lot_lines_override = models.JSONField(null=True, blank=True)
    imported_from = models.ForeignKey(
        ParcelImport, null=True, blank=True, on_delete=models.SET_NULL, related_name="parcels"
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["pin"]
        indexes = [models.Index(fields=["address"])]

    def __str__(self) -> str:
        return f"{self.pin} {self.address}".strip()

    @property
    def boundary_shape(self) -> BaseGeometry:
        geometry = as_shape(self.boundary)
        assert geometry is not None
        return geometry

    @property
    def road_shape(self) -> BaseGeometry | None:
        return as_shape(self.road_centerline)

    @property
    def mailing_lines(self) -> list[str]:
        place = f"{self.mailing_city}, {self.mailing_state} {self.mailing_postal_code}".strip(" ,")
        return [line for line in (self.owner_names, self.mailing_street, place) if line]


class Structure(models.Model):
    """A building footprint on a parcel: the dwelling or principal structure
    (``enclosure.placement.dwelling``), or another."""

    class Kind(models.TextChoices):
        DWELLING = "dwelling", "residential dwelling"
        PRINCIPAL = "principal", "principal structure (not a dwelling)"
        ACCESSORY = "accessory", "accessory building"

    parcel = models.ForeignKey(Parcel, on_delete=models.CASCADE, related_name="structures")
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.DWELLING)
    main = models.BooleanField(
        default=False,
        help_text=_cited(
            "The main structure, whose nearest point to the road limits an enclosure "
            "({§enclosure.placement.road})."
        ),
    )
    label = models.CharField(max_length=100, blank=True)
    #: GeoJSON Polygon, in feet.
    footprint = models.JSONField()
    history = HistoricalRecords()

    class Meta:
        ordering = ["parcel", "-main", "id"]

    def __str__(self) -> str:
        return self.label or self.get_kind_display()

    @property
    def footprint_shape(self) -> BaseGeometry:
        geometry = as_shape(self.footprint)
        assert geometry is not None
        return geometry


class Enclosure(models.Model):
    """A dog enclosure or shelter (``enclosure.purpose``): where it stands, when it was built, what
    it holds."""

    jurisdiction = jurisdiction_field()
    parcel = models.ForeignKey(Parcel, on_delete=models.PROTECT, related_name="enclosures")
    label = models.CharField(max_length=100, default="Dog enclosure")
    #: GeoJSON Polygon (its footprint) or Point (one surveyed point), in feet.
    location = models.JSONField()
    constructed_on = models.DateField(
        null=True,
        blank=True,
        help_text=_cited("Leave empty if not known ({§enclosure.applicability})."),
    )
    floor_area_square_feet = models.DecimalField(
        max_digits=8,
        decimal_places=2,
        null=True,
        blank=True,
        help_text=_cited("The shelter's floor space ({§enclosure.shelter_size})."),
    )
    shaded = models.BooleanField(
        default=False,
        help_text=_cited("A shaded area protects the dogs from the sun ({§enclosure.shade})."),
    )
    notes = models.TextField(blank=True)
    removed_on = models.DateField(null=True, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    recorded_at = models.DateTimeField(default=timezone.now)
    #: The placement check when the enclosure was recorded or moved.
    decision = models.ForeignKey(
        "records.Decision", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["parcel", "id"]

    def __str__(self) -> str:
        return f"{self.label} on {self.parcel.pin}"

    @property
    def location_shape(self) -> BaseGeometry:
        geometry = as_shape(self.location)
        assert geometry is not None
        return geometry


class EnclosurePhoto(models.Model):
    enclosure = models.ForeignKey(Enclosure, on_delete=models.CASCADE, related_name="photos")
    image = models.FileField(upload_to="enclosures/")
    taken_on = models.DateField(null=True, blank=True)
    caption = models.CharField(max_length=200, blank=True)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    uploaded_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["uploaded_at", "id"]


class ComplianceNotice(models.Model):
    """``enclosure.compliance_notice``: a notice of compliance on a pre-existing enclosure after a
    complaint; 30 days."""

    jurisdiction = jurisdiction_field()
    number = models.CharField(max_length=20)
    enclosure = models.ForeignKey(
        Enclosure, on_delete=models.PROTECT, related_name="compliance_notices"
    )
    complaint_received_on = models.DateField()
    complaint_summary = models.TextField()
    issued_on = models.DateField()
    comply_by = models.DateField(
        help_text=_cited("Computed per Minn. Stat. 645.15 ({§enclosure.compliance_notice}).")
    )
    complied_on = models.DateField(null=True, blank=True)
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    decision = models.ForeignKey("records.Decision", on_delete=models.PROTECT, related_name="+")
    history = HistoricalRecords()

    class Meta:
        ordering = ["-issued_on", "-id"]
        constraints = [unique_per_city("number", "compliance_notice_number_per_city")]

    def __str__(self) -> str:
        return f"Notice of compliance {self.number}"

    def overdue_on(self, on: dt.date) -> bool:
        return self.complied_on is None and on > self.comply_by
