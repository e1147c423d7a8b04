"""The county parcel import: GeoJSON in WGS 84 or a projected CRS, converted to feet (EPSG:26851);
each feature checked on its own; a malformed file refused whole; export and re-import unchanged."""

import json
from decimal import Decimal
from io import StringIO
from pathlib import Path

import pyproj
import pytest
from django.core.management import CommandError, call_command

from dogtag.parcels import geojson
from dogtag.parcels.importing import GeoJSONError, export_collection, import_parcels
from dogtag.parcels.models import Parcel, ParcelImport, Structure

from .conftest import X0, Y0, rectangle

FIXTURES = Path(__file__).parent / "fixtures"
WGS84_FILE = FIXTURES / "county_wgs84.geojson"
PROBLEMS_FILE = FIXTURES / "county_feet_with_problems.geojson"
FEET_CRS = {"type": "name", "properties": {"name": "urn:ogc:def:crs:EPSG::26851"}}
TO_FEET = pyproj.Transformer.from_crs("EPSG:4326", "EPSG:26851", always_xy=True)


def collection(*features, crs=FEET_CRS):
    data = {"type": "FeatureCollection", "features": list(features)}
    if crs is not None:
        data["crs"] = crs
    return json.dumps(data).encode()


def feature(geometry=None, **properties):
    properties.setdefault("PIN", "07-33-25-11-0001")
    properties.setdefault("OWNER_NAME", "TEST OWNER")
    return {
        "type": "Feature",
        "properties": properties,
        "geometry": rectangle(X0, Y0, 330, 330) if geometry is None else geometry,
    }


def snapshot():
    """Everything an import writes, to show a refused import changed nothing."""
    return {
        "parcels": list(Parcel.objects.order_by("pin").values()),
        "structures": list(Structure.objects.order_by("pk").values()),
        "imports": list(ParcelImport.objects.values()),
        "parcel_history": Parcel.history.count(),
        "structure_history": Structure.history.count(),
    }


def run(data, actor=None, filename="parcels.geojson"):
    return import_parcels(data, filename=filename, actor=actor)


# --------------------------------------------------------------------- malformed files


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            b"PIN,ACRES\n1,2.5\n",
            "The file is not GeoJSON: it is not valid JSON (Expecting value at line 1, column 1).",
        ),
        (
            b"\xff\xfe{}",
            "The file is not GeoJSON: it is not UTF-8 text (byte 0).",
        ),
        (
            b"[1, 2]",
            "The file is not a GeoJSON FeatureCollection: it holds a JSON array, not an object.",
        ),
        (
            json.dumps(feature()).encode(),
            'The file is not a GeoJSON FeatureCollection: its "type" is "Feature". Export the '
            "parcel layer as a FeatureCollection of Polygon features.",
        ),
        (
            b'{"type": "FeatureCollection", "features": {}}',
            'The FeatureCollection has no "features" list.',
        ),
        (
            collection(feature(), crs={"type": "name", "properties": {"name": "EPSG:999999"}}),
            'The file\'s coordinate system "EPSG:999999" is unknown: it is not an EPSG code or OGC '
            "name pyproj recognises.",
        ),
        (
            collection(feature(), crs={"type": "name", "properties": {"name": "EPSG:4269"}}),
            'The file\'s coordinate system "EPSG:4269" (NAD83) is geographic but not WGS 84 '
            "longitude/latitude: export the file in WGS 84 (no crs member) or in a projected "
            "system in feet or metres.",
        ),
        (
            collection(feature(), crs={"type": "link", "properties": {"href": "x.prj"}}),
            'The file\'s "crs" member is not understood: expected {"type": "name", "properties": '
            '{"name": "urn:ogc:def:crs:EPSG::26851"}}, found {"type": "link", "properties": '
            '{"href": "x.prj"}}.',
        ),
    ],
    ids=[
        "csv",
        "not-utf8",
        "array",
        "a-feature",
        "no-features",
        "unknown-crs",
        "nad83-degrees",
        "linked-crs",
    ],
)
def test_a_malformed_file_is_refused_whole_and_changes_nothing(
    make_parcel, administrator, data, message
):
    # Given a parcel on record
    make_parcel("EXISTING", "2.5")
    before = snapshot()
    # When a malformed file is imported
    with pytest.raises(GeoJSONError) as refused:
        run(data, administrator)
    # Then it is refused with a message saying why, and nothing was written
    assert str(refused.value) == message
    assert snapshot() == before


# --------------------------------------------------------------------- one feature at a time

BOWTIE = {
    "type": "Polygon",
    "coordinates": [[[X0, Y0], [X0 + 100, Y0 + 100], [X0 + 100, Y0], [X0, Y0 + 100], [X0, Y0]]],
}


@pytest.mark.parametrize(
    ("bad", "pin", "problem"),
    [
        (
            feature(PIN=None, PARCEL_ID=""),
            "",
            "it has no PIN (property PIN or PARCEL_ID)",
        ),
        (
            feature(BOWTIE),
            "07-33-25-11-0001",
            "the boundary is not a valid Polygon: Self-intersection[2760050 1178050]",
        ),
        (
            feature({"type": "LineString", "coordinates": [[X0, Y0], [X0 + 300, Y0]]}),
            "07-33-25-11-0001",
            "the boundary is a LineString, not a Polygon or MultiPolygon",
        ),
        (feature(ACRES=-2.5), "07-33-25-11-0001", "acres must be more than 0, not -2.5"),
        (feature(ACRES=0), "07-33-25-11-0001", "acres must be more than 0, not 0"),
        (feature(ACRES="two"), "07-33-25-11-0001", "acres must be a number, not 'two'"),
        (
            feature(MAIL_STATE="Minnesota"),
            "07-33-25-11-0001",
            "mailing state 'MINNESOTA' is not a two-letter state code",
        ),
        (
            feature(geometry={"type": "Polygon", "coordinates": [[[X0, Y0], [X0 + 1, Y0]]]}),
            "07-33-25-11-0001",
            "the boundary has a ring of 2 positions; a ring needs 4 or more",
        ),
        (
            {"type": "Feature", "properties": {"PIN": "X"}, "geometry": None},
            "X",
            "the boundary has no geometry",
        ),
        ({"type": "Point", "coordinates": [0, 0]}, "", "it is not a GeoJSON Feature"),
    ],
    ids=[
        "no-pin",
        "self-intersecting",
        "linestring",
        "negative-acres",
        "zero-acres",
        "words-for-acres",
        "state-name",
        "short-ring",
        "no-geometry",
        "not-a-feature",
    ],
)
def test_a_bad_feature_is_rejected_with_its_row_and_problem_and_the_rest_imported(
    administrator, bad, pin, problem
):
    # Given a file whose second feature has a problem between two good ones
    good_one = feature(PIN="GOOD-1", ACRES=2.5)
    good_two = feature(rectangle(X0 + 400, Y0, 330, 330), PIN="GOOD-2", ACRES=2.5)
    # When it is imported
    report = run(collection(good_one, bad, good_two), administrator)
    # Then the bad feature is reported by row (1-based), PIN and problem and not written
    assert [r.as_json() for r in report.rejected] == [{"row": 2, "pin": pin, "problem": problem}]
    assert report.record.rejected == [{"row": 2, "pin": pin, "problem": problem}]
    assert sorted(Parcel.objects.values_list("pin", flat=True)) == ["GOOD-1", "GOOD-2"]
    assert (report.record.created, report.record.updated, report.record.unchanged) == (2, 0, 0)


def test_a_pin_twice_in_the_file_rejects_both_features(administrator):
    # Given a file naming the same PIN in features 1 and 3
    first = feature(PIN="TWICE", ACRES=1)
    other = feature(rectangle(X0 + 400, Y0, 330, 330), PIN="ONCE", ACRES=1)
    second = feature(rectangle(X0 + 800, Y0, 330, 330), PIN="TWICE", ACRES=1)
    # When it is imported
    report = run(collection(first, other, second), administrator)
    # Then neither feature with that PIN is imported (the file cannot say which is right)
    problem = (
        "PIN TWICE appears in features 1 and 3; a PIN must be unique in the file, so none of "
        "them is imported"
    )
    assert [r.as_json() for r in report.rejected] == [
        {"row": 1, "pin": "TWICE", "problem": problem},
        {"row": 3, "pin": "TWICE", "problem": problem},
    ]
    assert list(Parcel.objects.values_list("pin", flat=True)) == ["ONCE"]


def test_positions_that_are_not_longitude_latitude_are_rejected_in_a_file_without_crs(
    administrator,
):
    # Given an RFC 7946 file (no crs member) whose coordinates are really in feet
    data = collection(feature(PIN="FEET", ACRES=2.5), crs=None)
    before = snapshot()
    # When it is imported
    report = run(data, administrator)
    # Then the feature is rejected: its positions cannot be degrees
    assert [r.as_json() for r in report.rejected] == [
        {
            "row": 1,
            "pin": "FEET",
            "problem": (
                "the boundary has the position (2.76e+06, 1.178e+06), which is not longitude/"
                "latitude in degrees (longitude -180 to 180, latitude -90 to 90); a file without a "
                "crs member must be WGS 84 longitude/latitude (RFC 7946)"
            ),
        }
    ]
    assert Parcel.objects.count() == before["parcels"].__len__() == 0


# --------------------------------------------------------------------- conversion to feet


def test_wgs84_is_converted_to_minnesota_south_feet(administrator):
    # Given the county's WGS 84 file (no crs member)
    data = WGS84_FILE.read_bytes()
    # When it is imported
    report = run(data, administrator, filename=WGS84_FILE.name)
    # Then every position is in EPSG:26851 feet as pyproj converts it, to 0.001 ft
    assert (report.record.source_crs, report.record.created, report.rejected) == (
        "OGC:CRS84",
        3,
        [],
    )
    lon, lat = json.loads(data)["features"][0]["geometry"]["coordinates"][0][0]
    x, y = TO_FEET.transform(lon, lat)
    parcel = Parcel.objects.get(pin="01-33-25-11-0001")
    assert parcel.boundary["coordinates"][0][0] == [round(x, 3), round(y, 3)]
    # ... which is the corner the file was drawn from, (2,760,000, 1,178,000) ftUS
    assert parcel.boundary["coordinates"][0][0] == pytest.approx([X0, Y0], abs=0.001)


def test_the_properties_are_read_whatever_the_county_calls_them(administrator):
    # Given the WGS 84 file, whose three features name their properties three ways
    # When it is imported
    run(WGS84_FILE.read_bytes(), administrator)
    # Then each parcel has its PIN, address, owner, mailing address and acres
    rows = list(
        Parcel.objects.order_by("pin").values_list(
            "pin",
            "address",
            "owner_names",
            "mailing_street",
            "mailing_city",
            "mailing_state",
            "mailing_postal_code",
            "acres",
            "acres_from_map",
        )
    )
    assert rows == [
        (
            "01-33-25-11-0001",
            "19400 Nowthen Blvd NW",
            "LUND CORA",
            "19400 Nowthen Blvd NW",
            "Nowthen",
            "MN",
            "55330",
            Decimal("2.500"),
            False,
        ),
        (
            "01-33-25-11-0002",
            "19410 Nowthen Blvd NW",
            "BERG ADA & NILS",
            "PO Box 12",
            "Anoka",
            "MN",
            "55303",
            Decimal("10.000"),  # no acres in the file: 660 ft x 660 ft / 43,560
            True,
        ),
        (
            "01-33-25-11-0003",
            "19420 Nowthen Blvd NW",
            "OLSON FARMS LLC",
            "",
            "",
            "",
            "",
            Decimal("5.250"),
            False,
        ),
    ]
    assert Parcel.objects.get(pin="01-33-25-11-0003").boundary["type"] == "MultiPolygon"


def test_a_file_in_metres_is_converted_to_feet(administrator):
    # Given a file in UTM zone 15N (metres) with a 100 m x 100 m parcel and no acres
    utm = pyproj.Transformer.from_crs("EPSG:26851", "EPSG:26915", always_xy=True)
    e, n = utm.transform(X0, Y0)
    square = {
        "type": "Polygon",
        "coordinates": [[[e, n], [e + 100, n], [e + 100, n + 100], [e, n + 100], [e, n]]],
    }
    data = collection(
        feature(square, PIN="METRES"),
        crs={"type": "name", "properties": {"name": "EPSG:26915"}},
    )
    # When it is imported
    report = run(data, administrator)
    # Then its corner lands on the same point in feet, and its mapped area is 10,000 m² (2.471
    # acres) on the UTM grid as the state plane grid measures it: UTM's scale factor there is
    # about 0.9996, so the square measures 0.08% more on the Minnesota South grid, 2.473 acres
    parcel = Parcel.objects.get(pin="METRES")
    assert report.record.source_crs == "EPSG:26915"
    assert parcel.boundary["coordinates"][0][0] == pytest.approx([X0, Y0], abs=0.002)
    assert (parcel.acres, parcel.acres_from_map) == (Decimal("2.473"), True)


# --------------------------------------------------------------------- create, update, unchanged


def test_a_second_import_updates_by_pin_and_counts_the_unchanged(administrator, clerk):
    # Given the WGS 84 file imported once
    run(WGS84_FILE.read_bytes(), administrator)
    # When it is imported again with one owner changed
    data = json.loads(WGS84_FILE.read_text())
    data["features"][1]["properties"]["owner"] = "BERG ADA"
    report = run(json.dumps(data).encode(), clerk, filename="second.geojson")
    # Then that parcel is updated, the others unchanged, and the history names who did it
    assert (report.created, report.updated, report.unchanged) == (
        [],
        ["01-33-25-11-0002"],
        ["01-33-25-11-0001", "01-33-25-11-0003"],
    )
    assert (report.record.created, report.record.updated, report.record.unchanged) == (0, 1, 2)
    parcel = Parcel.objects.get(pin="01-33-25-11-0002")
    assert parcel.owner_names == "BERG ADA"
    assert parcel.imported_from == report.record
    latest = parcel.history.first()
    assert (latest.history_type, latest.history_user, latest.owner_names) == (
        "~",
        clerk,
        "BERG ADA",
    )
    first = Parcel.history.filter(pin="01-33-25-11-0001").get()
    assert (first.history_type, first.history_user) == ("+", administrator)


def test_the_import_is_recorded_with_its_file_and_counts(administrator):
    # Given the feet file with problems
    data = PROBLEMS_FILE.read_bytes()
    # When it is imported
    report = run(data, administrator, filename=PROBLEMS_FILE.name)
    # Then the ParcelImport records the file, its hash, CRS, counts, rejections and importer
    record = ParcelImport.objects.get()
    assert (
        record.filename,
        record.source_crs,
        record.created,
        record.updated,
        record.unchanged,
        record.imported_by,
        len(record.rejected),
    ) == (PROBLEMS_FILE.name, "EPSG:26851", 2, 0, 0, administrator, 7)
    assert len(record.sha256) == 64
    assert report.features == 9
    # ... the structures and road centerline of our own format came in
    parcel = Parcel.objects.get(pin="02-33-25-21-0001")
    assert list(parcel.structures.values_list("kind", "main", "label")) == [
        ("dwelling", True, "House"),
        ("accessory", False, "Pole barn"),
    ]
    assert parcel.road_centerline == {
        "type": "LineString",
        "coordinates": [[X0 - 33, Y0 - 33], [X0 + 2640, Y0 - 33]],
    }


def test_export_then_import_reports_every_parcel_unchanged(administrator):
    # Given parcels imported from both files
    run(WGS84_FILE.read_bytes(), administrator)
    run(PROBLEMS_FILE.read_bytes(), administrator)
    parcels_before = snapshot()["parcels"]
    # When they are exported and the export imported again
    exported = geojson.dumps(export_collection()).encode()
    report = run(exported, administrator, filename="export.geojson")
    # Then every parcel is unchanged and nothing was rejected or written
    assert json.loads(exported)["crs"] == FEET_CRS
    assert (len(report.created), len(report.updated), report.rejected) == (0, 0, [])
    assert len(report.unchanged) == 5
    after = snapshot()
    assert after["parcels"] == parcels_before
    assert after["structures"] == list(Structure.objects.order_by("pk").values())
    assert Structure.objects.count() == 2


def test_structures_given_in_another_order_are_unchanged(administrator):
    # Given a parcel imported with its accessory building listed before its dwelling
    barn = {"kind": "accessory", "label": "Barn", "footprint": rectangle(X0 + 10, Y0 + 200, 30, 30)}
    house = {"kind": "dwelling", "main": True, "footprint": rectangle(X0 + 10, Y0 + 50, 40, 30)}
    run(collection(feature(ACRES=2.5, structures=[barn, house])), administrator)
    # When the export (main structure first) is imported
    report = run(geojson.dumps(export_collection()).encode(), administrator)
    # Then nothing changed
    assert (report.unchanged, report.updated) == (["07-33-25-11-0001"], [])


# --------------------------------------------------------------------- the commands


def test_the_import_command_shows_progress_counts_and_the_rejected_rows(administrator, tmp_path):
    # Given the feet file with problems
    out = StringIO()
    # When the command imports it as the administrator
    call_command("import_parcels", str(PROBLEMS_FILE), "--user", "ada", stdout=out)
    # Then it shows the progress, the counts and a table of the rejected rows
    text = out.getvalue()
    assert "Checking features" in text and "9/9" in text
    assert "Writing parcels" in text
    assert (
        "9 features in county_feet_with_problems.geojson (EPSG:26851): 2 created, 0 updated, "
        "0 unchanged, 7 rejected." in text
    )
    assert "Rejected features (7), not imported" in text
    lines = [" ".join(line.replace("│", " ").split()) for line in text.splitlines()]
    assert "2 — it has no PIN (property PIN or PARCEL_ID)" in lines
    assert "6 02-33-25-21-0006 the boundary is a LineString, not a Polygon or MultiPolygon" in lines
    assert "7 02-33-25-21-0007 acres must be more than 0, not -2.5" in lines
    assert ParcelImport.objects.get().imported_by == administrator


def test_the_import_command_fails_on_a_malformed_file(db, tmp_path):
    # Given a file that is not JSON
    path = tmp_path / "parcels.geojson"
    path.write_text("not json")
    # When the command imports it
    with pytest.raises(CommandError) as failed:
        call_command("import_parcels", str(path), stdout=StringIO())
    # Then it fails (non-zero exit) saying why, and nothing is recorded
    assert str(failed.value) == (
        "parcels.geojson: The file is not GeoJSON: it is not valid JSON (Expecting value at "
        "line 1, column 1). Nothing was imported."
    )
    assert ParcelImport.objects.count() == 0


def test_the_export_command_writes_a_file_that_imports_unchanged(administrator, tmp_path):
    # Given parcels imported from the WGS 84 file
    run(WGS84_FILE.read_bytes(), administrator)
    path = tmp_path / "out.geojson"
    # When they are exported by the command and imported again by the other
    out = StringIO()
    call_command("export_parcels", str(path), stdout=out)
    again = StringIO()
    call_command("import_parcels", str(path), stdout=again)
    # Then the export holds the three parcels and they come back unchanged
    assert out.getvalue() == f"Exported 3 parcels to {path}.\n"
    assert "0 created, 0 updated, 3 unchanged, 0 rejected." in again.getvalue()
