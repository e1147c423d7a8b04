"""Forms of the parcel and enclosure pages: they parse input; the services and the rules core
decide (``enclosure.purpose``). A label naming a provision is worded when shown, as the city in
force numbers its sections (``_cited``)."""

from __future__ import annotations

import json
import re
from decimal import Decimal, InvalidOperation
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.functional import lazy

from dogtag.law import wording
from dogtag.law.provisions import cited_in
from dogtag.parcels.geojson import check_nesting
from dogtag.records.bounds import PlausibleDateField
from dogtag.records.facts import fact_field, from_fact
from dogtag.records.office import DeskForm, checked_photo
from dogtag.records.services import in_force, today
from dogtag.records.uploads import UploadField
from dogtag.records.versions import version_field

#: An enclosure's corners or GeoJSON fit in far less: a 100-corner footprint is about 4,000
#: characters. Longer text is a paste gone wrong, refused before it is parsed.
MAX_LOCATION_CHARS = 20_000
POINT_LINE = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*[,;\s]\s*(-?\d+(?:\.\d+)?)\s*$")


def _word(text: str) -> str:
    return cited_in(text, lenient=True)


#: a label or help text with ``{§concept}``, worded when shown (a form is made at import)
_cited = lazy(_word, str)


def _date_input() -> forms.DateInput:
    return forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


def parse_points(text: str) -> dict[str, Any]:
    """ "x, y" lines in feet: one line is a Point, three or more the corners of a Polygon (closed
    for you). Raises ValidationError naming the line that is wrong."""
    points: list[list[float]] = []
    for number, line in enumerate(text.strip().splitlines(), start=1):
        if not line.strip():
            continue
        match = POINT_LINE.match(line)
        if match is None:
            raise ValidationError(
                f"Line {number} ({line.strip()!r}) is not “x, y” in feet, e.g. 512345.2, 198765.0."
            )
        points.append([float(match.group(1)), float(match.group(2))])
    if len(points) == 1:
        return {"type": "Point", "coordinates": points[0]}
    if len(points) == 2:
        raise ValidationError("Give one point, or three or more corners of the footprint.")
    if points[0] != points[-1]:
        points.append(points[0])
    return {"type": "Polygon", "coordinates": [points]}


def parse_geojson(text: str) -> dict[str, Any]:
    """A GeoJSON Polygon or Point (a Feature's geometry is taken) in feet."""
    check_nesting(text, ValidationError)
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValidationError(f"Not valid GeoJSON: {exc.msg} at line {exc.lineno}.") from None
    if isinstance(value, dict) and value.get("type") == "Feature":
        value = value.get("geometry")
    if not isinstance(value, dict) or value.get("type") not in ("Polygon", "Point"):
        raise ValidationError("Give a GeoJSON Polygon or Point (or a Feature holding one).")
    return value


class LocationFields(DeskForm):
    """Where the enclosure stands: corner points typed in, or GeoJSON pasted; in feet."""

    points = forms.CharField(
        label="Corners, or one point (x, y in feet)",
        required=False,
        help_text=(
            "One “x, y” per line in feet (Minnesota South state plane, US survey feet): one line "
            "for a single surveyed point, three or more for the footprint's corners in order."
        ),
        max_length=MAX_LOCATION_CHARS,
        widget=forms.Textarea(attrs={"rows": 5}),
    )
    geojson = forms.CharField(
        label="Or GeoJSON",
        required=False,
        help_text="A GeoJSON Polygon or Point in the same feet; leave empty if you typed points.",
        max_length=MAX_LOCATION_CHARS,
        widget=forms.Textarea(attrs={"rows": 4}),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        points, geojson = data.get("points", "").strip(), data.get("geojson", "").strip()
        if bool(points) == bool(geojson):
            raise ValidationError("Give the location either as points or as GeoJSON (one of them).")
        try:
            data["location"] = parse_points(points) if points else parse_geojson(geojson)
        except ValidationError as exc:
            self.add_error("points" if points else "geojson", exc)
        return data


class EnclosureForm(LocationFields):
    label = forms.CharField(
        label="Name", max_length=100, initial="Dog enclosure", help_text="e.g. “Kennel run, east”."
    )
    field_order = ("label", "points", "geojson")
    constructed_on = PlausibleDateField(
        label="Constructed on",
        widget=_date_input(),
        **from_fact("enclosure-applicability", "constructed_on"),
    )
    floor_area = forms.DecimalField(
        label="Shelter floor area (square feet)",
        max_digits=8,
        decimal_places=2,
        # a floor of no area is no shelter: the form asks for more than the question's bound
        **from_fact("shelter-size", "provided_square_feet", min_value=Decimal("0.01")),
    )
    shaded = forms.BooleanField(
        label=_cited("A shaded area protects the dogs from the sun ({§enclosure.shade})"),
        required=False,
    )
    notes = forms.CharField(label="Notes", required=False, widget=forms.Textarea(attrs={"rows": 3}))


class MoveForm(LocationFields):
    reason = forms.CharField(
        label="Why the location changes",
        max_length=300,
        help_text="Moved by the owner, resurveyed, or a correction.",
    )
    version = version_field()  # the enclosure's, so a move over a newer change is refused


class EnclosurePhotoForm(DeskForm):
    image = UploadField(
        label="Photo",
        help_text="JPEG or PNG, at most 5 MB.",
        widget=forms.ClearableFileInput(attrs={"accept": ".jpg,.jpeg,.png"}),
    )
    taken_on = PlausibleDateField(label="Taken on", required=False, widget=_date_input())
    caption = forms.CharField(label="Caption", max_length=200, required=False)

    def clean_image(self) -> Any:
        return checked_photo(self.cleaned_data.get("image"))


class ShelterCheckForm(DeskForm):
    """``enclosure.shelter_size``: each dog's length, nose tip to tail base, in inches."""

    lengths = forms.CharField(
        label="Each dog's length in inches (nose tip to base of tail)",
        help_text=(
            f"{fact_field('shelter-size', 'lengths_inches').description}, in inches: one number "
            "per dog, separated by commas or spaces, e.g. 36, 42."
        ),
        max_length=200,
    )

    def clean_lengths(self) -> list[Decimal]:
        raw = self.cleaned_data["lengths"]
        values = []
        for part in re.split(r"[,;\s]+", raw.strip()):
            if not part:
                continue
            try:
                value = Decimal(part)
            except InvalidOperation:
                raise ValidationError(f"“{part}” is not a number of inches.") from None
            if not value.is_finite() or value <= 0 or value > 200:
                raise ValidationError(f"{part} inches is not a dog's length (1 to 200 inches).")
            values.append(value)
        if not values:
            raise ValidationError("Give at least one dog's length.")
        return values


class ComplianceNoticeForm(DeskForm):
    complaint_received_on = PlausibleDateField(
        label="Complaint received on",
        widget=_date_input(),
        **from_fact("enclosure-applicability", "complaint_on", required=True),
    )
    complaint_summary = forms.CharField(
        label="The complaint",
        help_text=_cited(
            "What the complaint says: not kept clean and sanitary, or a nuisance to an adjacent "
            "property owner ({§enclosure.compliance_notice}). Printed on the notice."
        ),
        widget=forms.Textarea(attrs={"rows": 4}),
    )
    issued_on = PlausibleDateField(
        label="Notice issued on",
        widget=_date_input(),
        **from_fact("enclosure-applicability", "notice_issued_on", required=True),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("initial", {"issued_on": today()})
        super().__init__(*args, **kwargs)


class ComplianceForm(DeskForm):
    complied_on = PlausibleDateField(
        label="Complied on",
        widget=_date_input(),
        **from_fact("enclosure-applicability", "complied_on", required=True),
    )


def _feet(key: str) -> str:
    """ "20 ft": a setback of ``enclosure.placement`` in force today, never typed into a label."""
    return wording.phrase(in_force(key), "short")


class LotLinesForm(DeskForm):
    """Which boundary edges are side and rear lot lines (``enclosure.placement``); the rest are
    front."""

    reason = forms.CharField(
        label="Reason",
        max_length=300,
        help_text="The survey or zoning decision these lot lines come from.",
    )
    version = version_field()  # the parcel's, so a save over a newer change is refused

    def __init__(self, edges: list[tuple[int, str]], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [(str(i), label) for i, label in edges]
        self.fields["side"] = forms.MultipleChoiceField(
            label=f"Side lot lines ({_feet('enclosure.side_lot_line_feet')})",
            choices=choices,
            required=False,
            widget=forms.CheckboxSelectMultiple,
        )
        self.fields["rear"] = forms.MultipleChoiceField(
            label=f"Rear lot lines ({_feet('enclosure.rear_lot_line_feet')})",
            choices=choices,
            required=False,
            widget=forms.CheckboxSelectMultiple,
        )
        self.order_fields(["side", "rear", "reason", "version"])

    def clean_side(self) -> list[int]:
        return [int(i) for i in self.cleaned_data.get("side", [])]

    def clean_rear(self) -> list[int]:
        return [int(i) for i in self.cleaned_data.get("rear", [])]


class ParcelSearchForm(forms.Form):
    q = forms.CharField(
        label="PIN, address or owner of record",
        required=False,
        max_length=100,
        widget=forms.TextInput(attrs={"class": "usa-input", "type": "search"}),
    )
