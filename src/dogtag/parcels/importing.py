"""Importing and exporting the county parcel map (the parcels the dog limit and the enclosure
placement are applied to).

``import_parcels`` reads a county GeoJSON file (``geojson.py`` converts it to feet), checks every
feature on its own, and in one transaction creates or updates the good ones by PIN and records a
``ParcelImport`` listing every feature refused, by row (its 1-based place in the file), PIN and
problem. A file that cannot be read at all (not JSON, not a FeatureCollection, an unknown or
unusable coordinate system) raises ``GeoJSONError`` and writes nothing.

``export_collection`` writes the parcels back out in the working CRS, with the ``crs`` member, the
dwellings and other structures and the road centerline, so that an export re-imports unchanged.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from shapely.geometry import shape

from dogtag.law import params as law_params
from dogtag.law.provisions import cite_mapped
from dogtag.parcels import geojson
from dogtag.parcels.geojson import GeoJSONError, GeometryError
from dogtag.parcels.models import SQUARE_FEET_PER_ACRE, Parcel, ParcelImport, Structure
from dogtag.records.bulk import History, Table, analyze, prepared

__all__ = ["GeoJSONError", "ImportReport", "export_collection", "import_parcels"]

#: the main structure an enclosure may be no closer to the road than ("No dog enclosure shall be
#: placed closer to the centerline of the road than the nearest point of the main structure")
MAIN_STRUCTURE = "enclosure.placement.road"

#: Property names county exports use, matched case-insensitively; the first is what we export.
ALIASES: dict[str, tuple[str, ...]] = {
    "pin": ("pin", "parcel_id", "pid"),
    "address": ("site_address", "address", "situs", "situs_address"),
    "acres": ("acres", "deeded_acres", "deed_acres"),
    "owner_names": ("owner_name", "owner", "owner_names", "taxpayer_name"),
    "mailing_street": ("mail_addr", "mailing_street", "mail_address"),
    "mailing_city": ("mail_city", "mailing_city"),
    "mailing_state": ("mail_state", "mailing_state"),
    "mailing_postal_code": ("mail_zip", "mailing_zip", "mailing_postal_code"),
}
EXPORT_NAMES = {
    "pin": "PIN",
    "address": "SITE_ADDRESS",
    "acres": "ACRES",
    "owner_names": "OWNER_NAME",
    "mailing_street": "MAIL_ADDR",
    "mailing_city": "MAIL_CITY",
    "mailing_state": "MAIL_STATE",
    "mailing_postal_code": "MAIL_ZIP",
}
TEXT_FIELDS = ("address", "owner_names", "mailing_street", "mailing_city", "mailing_state")
PARCEL_FIELDS = (
    "address",
    "acres",
    "acres_from_map",
    "owner_names",
    "mailing_street",
    "mailing_city",
    "mailing_state",
    "mailing_postal_code",
    "boundary",
)
ACRES_PLACES = Decimal("0.001")
#: The most acres one parcel may have. Nowthen is about 35 square miles (22,500 acres) of
#: farms, woods and lots of 2.5 acres and up; its largest parcels are a few hundred acres.
#: A figure beyond this is a slip or a unit mix-up (square feet for acres), refused, not stored.
MAX_ACRES = Decimal("5000")
STRUCTURE_KINDS = tuple(Structure.Kind.values)

Progress = Callable[[str, int, int], None]
LOOKUP = 5_000  # PINs looked up in one query


@dataclass
class Rejected:
    row: int
    pin: str
    problem: str

    def as_json(self) -> dict[str, Any]:
        return {"row": self.row, "pin": self.pin, "problem": self.problem}


@dataclass
class Checked:
    """A feature that passed every check: the parcel's fields, in feet and acres."""

    row: int
    pin: str
    fields: dict[str, Any]
    structures: list[dict[str, Any]] | None  # None: the file says nothing about structures
    road_centerline: dict[str, Any] | None
    has_road: bool  # the file gives a road_centerline member (possibly null)


@dataclass
class ImportReport:
    record: ParcelImport
    created: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    rejected: list[Rejected] = field(default_factory=list)

    @property
    def features(self) -> int:
        return len(self.created) + len(self.updated) + len(self.unchanged) + len(self.rejected)


class FeatureProblem(ValueError):
    pass


# ----------------------------------------------------------------------------- checking


def _lookup(properties: dict[str, Any]) -> dict[str, Any]:
    """The known properties by our field name, whatever case and alias the county used."""
    lowered = {str(k).lower(): v for k, v in properties.items()}
    found: dict[str, Any] = {}
    for name, aliases in ALIASES.items():
        for alias in aliases:
            if lowered.get(alias) not in (None, ""):
                found[name] = lowered[alias]
                break
    return found


def _text(value: Any, label: str, limit: int) -> str:
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise FeatureProblem(f"{label} must be text, not {value!r:.40}")
    text = " ".join(str(value).split())
    if len(text) > limit:
        raise FeatureProblem(f"{label} is longer than {limit} characters")
    return text


def _acres(value: Any) -> Decimal:
    if isinstance(value, bool):
        raise FeatureProblem(f"acres must be a number, not {value!r}")
    try:
        acres = Decimal(str(value).strip().replace(",", ""))
    except InvalidOperation:
        raise FeatureProblem(f"acres must be a number, not {value!r:.40}") from None
    if not acres.is_finite():
        raise FeatureProblem(f"acres must be a number, not {value!r:.40}")
    if acres <= 0:
        raise FeatureProblem(f"acres must be more than 0, not {acres}")
    # Compared before rounding: 1e308 cannot be rounded to a thousandth (InvalidOperation).
    if acres > MAX_ACRES:
        raise FeatureProblem(
            f"acres {_plain(acres)} is more than the {MAX_ACRES:,} acres a parcel in "
            f"{law_params.default().city.name} may have"
        )
    acres = acres.quantize(ACRES_PLACES)
    if acres <= 0:
        raise FeatureProblem(f"acres must be more than 0, not {value}")
    return acres


def _plain(value: Decimal) -> str:
    return f"{value:,.3f}" if value.adjusted() < 12 else f"{value:.3E}"


def map_acres(boundary: dict[str, Any]) -> Decimal:
    """The mapped area in acres: square feet / 43,560, to a thousandth of an acre."""
    square_feet = Decimal(str(shape(boundary).area))
    return (square_feet / SQUARE_FEET_PER_ACRE).quantize(ACRES_PLACES)


def _check_feature(
    row: int, feature: Any, convert: Callable[..., dict[str, Any]]
) -> Checked | Rejected:
    if not isinstance(feature, dict) or feature.get("type") != "Feature":
        return Rejected(row, "", "it is not a GeoJSON Feature")
    properties = feature.get("properties") or {}
    if not isinstance(properties, dict):
        return Rejected(row, "", "its properties are not an object")
    values = _lookup(properties)
    pin = ""
    try:
        if "pin" not in values:
            raise FeatureProblem("it has no PIN (property PIN or PARCEL_ID)")
        pin = _text(values["pin"], "the PIN", Parcel._meta.get_field("pin").max_length or 30)
        if not pin:
            raise FeatureProblem("it has no PIN (property PIN or PARCEL_ID)")
        fields: dict[str, Any] = {}
        for name in TEXT_FIELDS:
            limit = 60 if name == "mailing_state" else Parcel._meta.get_field(name).max_length
            fields[name] = _text(values.get(name, ""), name.replace("_", " "), limit or 200)
        fields["mailing_state"] = fields["mailing_state"].upper()
        if fields["mailing_state"] and not (
            len(fields["mailing_state"]) == 2 and fields["mailing_state"].isalpha()
        ):
            raise FeatureProblem(
                f"mailing state {fields['mailing_state']!r} is not a two-letter state code"
            )
        postal = values.get("mailing_postal_code", "")
        fields["mailing_postal_code"] = _text(postal, "mailing ZIP code", 10)
        fields["boundary"] = convert(feature.get("geometry"), geojson.POLYGONS, "the boundary")
        from_map = lowered_flag(properties, "acres_from_map")
        if "acres" in values and not from_map:
            fields["acres"] = _acres(values["acres"])
            fields["acres_from_map"] = False
        else:
            fields["acres"] = map_acres(fields["boundary"])
            fields["acres_from_map"] = True
            if fields["acres"] <= 0:
                raise FeatureProblem("it has no acres and its mapped area is under 0.001 acre")
            if fields["acres"] > MAX_ACRES:
                raise FeatureProblem(
                    f"its mapped area, {fields['acres']:,} acres, is more than the "
                    f"{MAX_ACRES:,} acres a parcel may have"
                )
        structures = _structures(properties, feature, convert)
        has_road, road = _member(properties, feature, "road_centerline")
        if road is not None:
            road = convert(road, geojson.LINES, "the road centerline")
    except (FeatureProblem, GeometryError) as exc:
        return Rejected(row, pin, str(exc))
    return Checked(row, pin, fields, structures, road, has_road)


def lowered_flag(properties: dict[str, Any], name: str) -> bool:
    return any(str(k).lower() == name and v is True for k, v in properties.items())


def _member(properties: dict[str, Any], feature: dict[str, Any], name: str) -> tuple[bool, Any]:
    """An extra of our own export: in the properties, or a foreign member of the feature."""
    for source in (properties, feature):
        if name in source:
            return True, source[name]
    return False, None


def _structures(
    properties: dict[str, Any], feature: dict[str, Any], convert: Callable[..., dict[str, Any]]
) -> list[dict[str, Any]] | None:
    given = False
    items: list[tuple[str, Any]] = []
    for key, default_kind in (("dwellings", Structure.Kind.DWELLING), ("structures", None)):
        present, value = _member(properties, feature, key)
        if not present or value is None:
            continue
        given = True
        if not isinstance(value, list):
            raise FeatureProblem(f"{key} must be a list of structures")
        items += [(default_kind or "", item) for item in value]
    if not given:
        return None
    structures = []
    for number, (default_kind, item) in enumerate(items, start=1):
        what = f"structure {number}"
        if not isinstance(item, dict):
            raise FeatureProblem(f"{what} is not an object")
        kind = item.get("kind") or default_kind
        if kind not in STRUCTURE_KINDS:
            raise FeatureProblem(
                f"{what}: kind {kind!r} is not one of {', '.join(STRUCTURE_KINDS)}"
            )
        main = item.get("main", False)
        if not isinstance(main, bool):
            raise FeatureProblem(f"{what}: main must be true or false")
        label = _text(item.get("label") or "", f"{what} label", 100)
        footprint = convert(item.get("footprint"), ("Polygon",), f"{what}'s footprint")
        structures.append({"kind": kind, "main": main, "label": label, "footprint": footprint})
    mains = sum(1 for s in structures if s["main"])
    if mains > 1:
        raise FeatureProblem(
            f"{mains} structures are marked main; a parcel has one main structure"
            + "".join(f" ({s})" for s in cite_mapped(MAIN_STRUCTURE))
        )
    return structures


# ----------------------------------------------------------------------------- importing


def import_parcels(
    data: bytes,
    *,
    filename: str,
    actor: AbstractBaseUser | None,
    progress: Progress | None = None,
) -> ImportReport:
    """Import a county parcel file (see the module docstring). Raises GeoJSONError for a file
    that cannot be read, writing nothing; otherwise returns what was created, updated, unchanged
    and refused, recorded as a ParcelImport."""
    collection = geojson.load_collection(data)
    source = geojson.source_crs(collection)
    convert = geojson.converter(source)
    features = collection["features"]
    total = len(features)

    def tick(stage: str, done: int) -> None:
        if progress is not None:
            progress(stage, done, total)

    checked: list[Checked] = []
    rejected: list[Rejected] = []
    for row, feature in enumerate(features, start=1):
        result = _check_feature(row, feature, convert)
        (checked if isinstance(result, Checked) else rejected).append(result)  # type: ignore[arg-type]
        tick("Checking features", row)
    rows_of: dict[str, list[int]] = defaultdict(list)
    for item in checked:
        rows_of[item.pin].append(item.row)
    duplicates = {pin: rows for pin, rows in rows_of.items() if len(rows) > 1}
    for item in checked:
        if item.pin in duplicates:
            rows = duplicates[item.pin]
            listed = ", ".join(str(r) for r in rows[:-1]) + f" and {rows[-1]}"
            rejected.append(
                Rejected(
                    item.row,
                    item.pin,
                    f"PIN {item.pin} appears in features {listed}; a PIN must be unique in the "
                    "file, so none of them is imported",
                )
            )
    good = [item for item in checked if item.pin not in duplicates]
    rejected.sort(key=lambda r: r.row)

    with transaction.atomic():
        record = ParcelImport(
            filename=filename[:255],
            source_crs=source.label,
            sha256=hashlib.sha256(data if isinstance(data, bytes) else data.encode()).hexdigest(),
            imported_by=actor if actor is not None and actor.pk else None,
            rejected=[r.as_json() for r in rejected],
        )
        record.save()
        report = ImportReport(record=record, rejected=rejected)
        _write(good, record, actor, report, lambda done: tick("Writing parcels", done))
        record.created = len(report.created)
        record.updated = len(report.updated)
        record.unchanged = len(report.unchanged)
        record.save(update_fields=["created", "updated", "unchanged"])
    return report


def _structure_rows(parcel: Parcel) -> list[dict[str, Any]]:
    return [
        {"kind": s.kind, "main": s.main, "label": s.label, "footprint": s.footprint}
        for s in parcel.structures.all()
    ]


def _same_order(structures: list[dict[str, Any]]) -> list[str]:
    """Structures compared whatever order the file lists them in."""
    return sorted(json.dumps(s, sort_keys=True) for s in structures)


def _write(
    good: list[Checked],
    record: ParcelImport,
    actor: AbstractBaseUser | None,
    report: ImportReport,
    tick: Callable[[int], None],
) -> None:
    """Every checked feature created, updated or left unchanged, in bulk (``records.bulk``): the
    parcels Dogtag holds looked up in one query, new parcels and structures and every history row
    django-simple-history would write sent in batches, changed parcels updated in batches; only
    structures replaced on a changed parcel are deleted one by one (so their history says so)."""
    pins = [item.pin for item in good]
    existing = {
        p.pin: p
        # A few thousand PINs a query: SQLite takes at most 32,766 parameters in one statement.
        for start in range(0, len(pins), LOOKUP)
        for p in Parcel.objects.filter(pin__in=pins[start : start + LOOKUP]).prefetch_related(
            "structures"
        )
    }
    now = timezone.now()
    stamp = prepared(now)
    user_id = actor.pk if actor is not None and actor.pk else None
    parcels, structures = Table(Parcel), Table(Structure)
    parcel_history, structure_history = History(Parcel), History(Structure)
    changed_parcels: list[Parcel] = []
    replaced: list[Parcel] = []
    parcels.reserve(sum(1 for item in good if item.pin not in existing))

    def history(table: History, row: tuple[Any, ...], kind: str) -> None:
        table.of(row, at=stamp, kind=kind, user_id=user_id, reason=None)

    def add_structures(parcel_id: int, items: list[dict[str, Any]]) -> None:
        for fields in items:
            row = structures.add(id=structures.take_id(), parcel_id=parcel_id, **fields)
            history(structure_history, row, "+")

    for done, item in enumerate(good, start=1):
        parcel = existing.get(item.pin)
        if parcel is None:
            values = {"id": parcels.take_id(), "pin": item.pin, **item.fields}
            values["imported_from_id"] = record.pk
            if item.has_road:
                values["road_centerline"] = item.road_centerline
            history(parcel_history, parcels.add(**values), "+")
            add_structures(values["id"], item.structures or [])
            report.created.append(item.pin)
        else:
            changed = [f for f in PARCEL_FIELDS if getattr(parcel, f) != item.fields[f]]
            if item.has_road and parcel.road_centerline != item.road_centerline:
                changed.append("road_centerline")
            structures_changed = item.structures is not None and _same_order(
                _structure_rows(parcel)
            ) != _same_order(item.structures)
            if not changed and not structures_changed:
                report.unchanged.append(item.pin)
            else:
                for name in PARCEL_FIELDS:
                    setattr(parcel, name, item.fields[name])
                if item.has_road:
                    parcel.road_centerline = item.road_centerline
                parcel.imported_from = record
                changed_parcels.append(parcel)
                history(parcel_history, parcels.row_of(parcel), "~")
                if structures_changed:
                    replaced.append(parcel)
                    add_structures(parcel.pk, item.structures or [])
                report.updated.append(item.pin)
        if done % 1000 == 0:
            tick(done)
    if changed_parcels:
        Parcel.objects.bulk_update(
            changed_parcels, [*PARCEL_FIELDS, "road_centerline", "imported_from"], batch_size=500
        )
    for parcel in replaced:
        for old in parcel.structures.all():
            old._history_user = actor  # type: ignore[attr-defined]
            old.delete()
    for table in (parcels, parcel_history, structures, structure_history):
        table.flush()
    analyze((parcels, parcel_history, structures, structure_history))
    tick(len(good))


# ----------------------------------------------------------------------------- exporting


def export_feature(parcel: Parcel) -> dict[str, Any]:
    properties: dict[str, Any] = {
        EXPORT_NAMES[name]: getattr(parcel, name)
        for name in (
            "pin",
            "address",
            "owner_names",
            "mailing_street",
            "mailing_city",
            "mailing_state",
            "mailing_postal_code",
        )
    }
    properties["ACRES"] = float(parcel.acres)
    properties["acres_from_map"] = parcel.acres_from_map
    properties["structures"] = _structure_rows(parcel)
    properties["road_centerline"] = parcel.road_centerline
    return {
        "type": "Feature",
        "id": parcel.pin,
        "geometry": parcel.boundary,
        "properties": properties,
    }


def export_collection(parcels: Iterable[Parcel] | None = None) -> dict[str, Any]:
    """Every parcel (or those given) as a FeatureCollection in the working CRS (feet)."""
    if parcels is None:
        parcels = Parcel.objects.order_by("pin").prefetch_related("structures")
    return geojson.feature_collection([export_feature(p) for p in parcels])


def summary(report: ImportReport) -> str:
    counts = Counter(
        created=len(report.created),
        updated=len(report.updated),
        unchanged=len(report.unchanged),
        rejected=len(report.rejected),
    )
    return (
        f"{report.features} features in {report.record.filename} ({report.record.source_crs}): "
        f"{counts['created']} created, {counts['updated']} updated, {counts['unchanged']} "
        f"unchanged, {counts['rejected']} rejected."
    )
