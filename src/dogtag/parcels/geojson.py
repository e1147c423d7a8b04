"""Reading and writing county parcel files as GeoJSON, in the city's working coordinate system.

County parcel exports come in two kinds:

- RFC 7946 GeoJSON: longitude/latitude in WGS 84 and no ``crs`` member;
- legacy GeoJSON (2008) with a ``crs`` member naming a projected system, e.g.
  ``{"type": "name", "properties": {"name": "urn:ogc:def:crs:EPSG::26851"}}`` or ``"EPSG:26851"``.

Every coordinate is converted with pyproj to ``settings.DOGTAG_PARCEL_CRS`` (NAD83 / Minnesota South,
US survey feet, EPSG:26851) because the ordinance measures in feet (``enclosure.placement``
setbacks, the 1/4 mile of ``commercial_kennel.hearing_notice``) and acres
(``dog_limit.by_parcel_size``). This module knows files and geometry only; what a feature says about
a parcel (its PIN, owners, acres) is read in ``importing.py``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from itertools import accumulate
from typing import Any

import pyproj
from django.conf import settings
from pyproj.exceptions import CRSError
from shapely.errors import GEOSException
from shapely.geometry import shape
from shapely.validation import explain_validity

from dogtag.law import params as law_params

#: The units a projected source may be in; everything is converted to the working CRS's feet.
LINEAR_UNITS = ("metre", "US survey foot", "foot")
#: Coordinates are stored to a thousandth of a foot (about a third of a millimetre).
DECIMALS = 3
POLYGONS = ("Polygon", "MultiPolygon")
LINES = ("LineString", "MultiLineString")
WGS84_DATUMS = ("World Geodetic System 1984", "World Geodetic System 1984 ensemble")

Position = list[float]
#: The deepest nesting of arrays and objects a parcel file needs: a FeatureCollection's features,
#: a feature, its geometry and a MultiPolygon's four levels of arrays make 7; properties may hold
#: a little more. Deeper is refused before ``json.loads``, which would recurse once per level.
MAX_NESTING = 20
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
FEET_PER_MILE = 5280


class GeoJSONError(ValueError):
    """The file as a whole cannot be read: nothing in it is imported."""


class GeometryError(ValueError):
    """One geometry cannot be used; the feature holding it is refused."""


@dataclass(frozen=True)
class SourceCRS:
    """The coordinate system a file declares (or RFC 7946's WGS 84 when it declares none)."""

    crs: pyproj.CRS
    label: str  # what ParcelImport.source_crs records: "EPSG:26851", "OGC:CRS84"
    geographic: bool  # longitude/latitude in degrees

    def describe(self) -> str:
        return f"{self.label} ({self.crs.name})"


def working_crs() -> pyproj.CRS:
    return _crs(settings.DOGTAG_PARCEL_CRS)


def working_crs_urn() -> str:
    epsg = working_crs().to_epsg()
    return f"urn:ogc:def:crs:EPSG::{epsg}" if epsg else settings.DOGTAG_PARCEL_CRS


@cache
def _crs(name: str) -> pyproj.CRS:
    return pyproj.CRS.from_user_input(name)


@cache
def _transformer(source: str, target: str) -> pyproj.Transformer:
    # always_xy: GeoJSON positions are (x, y) = (easting, northing) or (longitude, latitude),
    # whatever axis order the EPSG definition gives.
    return pyproj.Transformer.from_crs(_crs(source), _crs(target), always_xy=True)


# ----------------------------------------------------------------------------- reading a file


def load_collection(data: bytes | str) -> dict[str, Any]:
    """The FeatureCollection in ``data``, or GeoJSONError saying why the file is not one."""
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise GeoJSONError(
                f"The file is not GeoJSON: it is not UTF-8 text (byte {exc.start})."
            ) from exc
    check_nesting(data, GeoJSONError)
    try:
        collection = json.loads(data)
    except json.JSONDecodeError as exc:
        raise GeoJSONError(
            f"The file is not GeoJSON: it is not valid JSON ({exc.msg} at line {exc.lineno}, "
            f"column {exc.colno})."
        ) from exc
    if not isinstance(collection, dict):
        raise GeoJSONError(
            f"The file is not a GeoJSON FeatureCollection: it holds a JSON "
            f"{_json_kind(collection)}, not an object."
        )
    kind = collection.get("type")
    if kind != "FeatureCollection":
        raise GeoJSONError(
            f'The file is not a GeoJSON FeatureCollection: its "type" is {json.dumps(kind)}. '
            "Export the parcel layer as a FeatureCollection of Polygon features."
        )
    if not isinstance(collection.get("features"), list):
        raise GeoJSONError('The FeatureCollection has no "features" list.')
    return collection


def check_nesting(text: str, error: type[Exception], limit: int = MAX_NESTING) -> None:
    """Raise ``error`` when arrays and objects in the JSON ``text`` nest deeper than ``limit``.

    A cheap scan before parsing: strings are set aside (a bracket inside one does not count),
    then the depth is the running count of openings less closings."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    deepest = max(accumulate(1 if c in "[{" else -1 for c in brackets), default=0)
    if deepest > limit:
        raise error(
            f"The GeoJSON nests arrays and objects {deepest} levels deep; a parcel or enclosure "
            f"needs at most {limit}. Export the layer again as plain GeoJSON."
        )


def _json_kind(value: object) -> str:
    return {list: "array", str: "string", bool: "boolean", type(None): "null"}.get(
        type(value), "number"
    )


def source_crs(collection: dict[str, Any]) -> SourceCRS:
    """The file's coordinate system: none declared means WGS 84 longitude/latitude (RFC 7946).

    A declared system must be WGS 84 longitude/latitude, or projected in metres or feet; another
    geographic system (NAD83 degrees, say) or unit is refused rather than silently misread.
    """
    member = collection.get("crs")
    if member is None:
        return SourceCRS(_crs("OGC:CRS84"), "OGC:CRS84", geographic=True)
    name = member.get("properties", {}).get("name") if isinstance(member, dict) else None
    if not isinstance(member, dict) or member.get("type") != "name" or not isinstance(name, str):
        raise GeoJSONError(
            'The file\'s "crs" member is not understood: expected {"type": "name", "properties": '
            f'{{"name": "urn:ogc:def:crs:EPSG::26851"}}}}, found {json.dumps(member)[:120]}.'
        )
    try:
        crs = _crs(name)
    except CRSError as exc:
        raise GeoJSONError(
            f'The file\'s coordinate system "{name}" is unknown: it is not an EPSG code or OGC '
            "name pyproj recognises."
        ) from exc
    epsg = crs.to_epsg()
    label = f"EPSG:{epsg}" if epsg else name[:60]
    if crs.is_geographic:
        datum = crs.datum.name if crs.datum is not None else "unknown"
        if datum not in WGS84_DATUMS or crs.axis_info[0].unit_name != "degree":
            raise GeoJSONError(
                f'The file\'s coordinate system "{name}" ({crs.name}) is geographic but not WGS 84 '
                "longitude/latitude: export the file in WGS 84 (no crs member) or in a projected "
                "system in feet or metres."
            )
        if name.upper().replace("URN:OGC:DEF:CRS:", "").startswith("OGC"):
            label = "OGC:CRS84"
        return SourceCRS(crs, label, geographic=True)
    if not crs.is_projected:
        raise GeoJSONError(
            f'The file\'s coordinate system "{name}" ({crs.name}) is neither WGS 84 '
            "longitude/latitude nor a projected system."
        )
    unit = crs.axis_info[0].unit_name if crs.axis_info else "unknown"
    if unit not in LINEAR_UNITS:
        raise GeoJSONError(
            f'The file\'s coordinate system "{name}" ({crs.name}) is in {unit}s; only '
            "coordinates in feet or metres can be converted."
        )
    return SourceCRS(crs, label, geographic=False)


# ----------------------------------------------------------------------------- geometry


def converter(source: SourceCRS) -> Callable[[dict[str, Any], tuple[str, ...], str], dict]:
    """A function converting one GeoJSON geometry from ``source`` to the working CRS, checking its
    type (one of ``allowed``) and its coordinates; GeometryError names ``what`` and the problem."""
    target = working_crs()
    transformer = _transformer(source.crs.srs, target.srs)

    def convert(geometry: Any, allowed: tuple[str, ...], what: str) -> dict[str, Any]:
        if geometry is None:
            raise GeometryError(f"{what} has no geometry")
        if not isinstance(geometry, dict):
            raise GeometryError(f"{what} is not a GeoJSON geometry object")
        kind = geometry.get("type")
        if kind not in allowed:
            raise GeometryError(
                f"{what} is a {kind if isinstance(kind, str) else 'geometry of no type'}, "
                f"not a {' or '.join(allowed)}"
            )
        positions = _positions(geometry.get("coordinates"), _depth(kind), what)
        flat = list(_flatten(positions, _depth(kind)))
        if not flat:
            raise GeometryError(f"{what} has no coordinates")
        if source.geographic:
            for x, y in flat:
                if not (-180 <= x <= 180 and -90 <= y <= 90):
                    raise GeometryError(
                        f"{what} has the position ({_num(x)}, {_num(y)}), which is not longitude/"
                        "latitude in degrees (longitude -180 to 180, latitude -90 to 90); a file "
                        "without a crs member must be WGS 84 longitude/latitude (RFC 7946)"
                    )
        xs, ys = transformer.transform([p[0] for p in flat], [p[1] for p in flat])
        converted = iter(
            [round(float(x), DECIMALS), round(float(y), DECIMALS)]
            for x, y in zip(xs, ys, strict=True)
        )
        if any(
            v != v or v in (float("inf"), float("-inf"))
            for p in zip(xs, ys, strict=True)
            for v in p
        ):
            raise GeometryError(
                f"{what} lies outside the area the working coordinate system covers"
            )
        result = {"type": kind, "coordinates": _rebuild(positions, _depth(kind), converted)}
        if (far := outside_city(result, what)) is not None:
            raise GeometryError(
                f"{far}: was the coordinate system right? The file declares {source.describe()}"
            )
        _check_shape(result, what)
        return result

    return convert


def outside_city(geometry: dict[str, Any], what: str) -> str | None:
    """Where geometry in the working CRS falls outside the city's extent (the jurisdiction's
    ``extent``, with its margin), said in miles; None inside it, or if no extent is set for the
    working CRS."""
    extent = law_params.default().city.extent
    if extent is None or _crs(extent.crs) != working_crs():
        return None
    flat = _flatten(geometry["coordinates"], _depth(geometry["type"]))
    feet = max((extent.feet_outside(x, y) for x, y, *_ in flat), default=0.0)
    if feet <= 0:
        return None
    miles = feet / FEET_PER_MILE
    distance = f"{miles:,.1f}" if miles < 10 else f"{miles:,.0f}"
    return f"{what} falls {distance} miles outside {law_params.default().city.name}"


def _num(value: float) -> str:
    return f"{value:g}"


def _depth(kind: str) -> int:
    """How deeply positions nest in each geometry type's ``coordinates``."""
    return {"Point": 0, "LineString": 1, "Polygon": 2, "MultiLineString": 2, "MultiPolygon": 3}.get(
        kind, 2
    )


def _positions(value: Any, depth: int, what: str) -> Any:
    """The coordinates, checked to be nested ``depth`` deep with [x, y(, z)] numeric positions;
    a third (height) ordinate is dropped."""
    if depth == 0:
        if (
            isinstance(value, list)
            and len(value) in (2, 3)
            and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
        ):
            return [float(value[0]), float(value[1])]
        raise GeometryError(f"{what} has a position that is not [x, y] numbers: {value!r:.60}")
    if not isinstance(value, list):
        raise GeometryError(f"{what} has coordinates nested wrongly for its type")
    return [_positions(item, depth - 1, what) for item in value]


def _flatten(value: Any, depth: int) -> Iterable[Position]:
    if depth == 0:
        yield value
    else:
        for item in value:
            yield from _flatten(item, depth - 1)


def _rebuild(value: Any, depth: int, converted: Any) -> Any:
    if depth == 0:
        return next(converted)
    return [_rebuild(item, depth - 1, converted) for item in value]


def _check_shape(geometry: dict[str, Any], what: str) -> None:
    kind = geometry["type"]
    rings = []
    if kind == "Polygon":
        rings = geometry["coordinates"]
    elif kind == "MultiPolygon":
        rings = [ring for polygon in geometry["coordinates"] for ring in polygon]
    for ring in rings:
        if len(ring) < 4:
            raise GeometryError(
                f"{what} has a ring of {len(ring)} positions; a ring needs 4 or more"
            )
        if ring[0] != ring[-1]:
            raise GeometryError(
                f"{what} has a ring that is not closed (its last position is not its first)"
            )
    if kind in ("Polygon", "MultiPolygon") and not rings:
        raise GeometryError(f"{what} has no rings")
    try:
        geom = shape(geometry)
    except (GEOSException, ValueError, TypeError) as exc:
        raise GeometryError(f"{what} cannot be read: {exc}") from exc
    if geom.is_empty:
        raise GeometryError(f"{what} is empty")
    if not geom.is_valid:
        raise GeometryError(f"{what} is not a valid {kind}: {explain_validity(geom)}")
    if kind in POLYGONS and geom.area <= 0:
        raise GeometryError(f"{what} has no area")


# ----------------------------------------------------------------------------- writing


def feature_collection(features: list[dict[str, Any]]) -> dict[str, Any]:
    """A FeatureCollection in the working CRS, with the legacy ``crs`` member naming it so that
    it is not misread as RFC 7946 longitude/latitude."""
    return {
        "type": "FeatureCollection",
        "crs": {"type": "name", "properties": {"name": working_crs_urn()}},
        "features": features,
    }


def dumps(collection: dict[str, Any]) -> str:
    return json.dumps(collection, ensure_ascii=False, separators=(",", ":")) + "\n"
