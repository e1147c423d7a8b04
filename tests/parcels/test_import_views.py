"""The county parcel import pages: who may use them, the upload, the report of every rejected row,
the past imports and the export download."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from dogtag.parcels.models import Parcel, ParcelImport
from tests.staff.test_site import doc

from .test_geojson import PROBLEMS_FILE, WGS84_FILE, snapshot

PAGES = ("/parcels/import/", "/parcels/import/export/")


def upload(path, name=None):
    return SimpleUploadedFile(
        name or path.name, path.read_bytes(), content_type="application/geo+json"
    )


@pytest.mark.parametrize("url", PAGES)
def test_an_anonymous_visitor_is_sent_to_sign_in(client, db, url):
    # Given no one signed in
    # When the page is asked for
    response = client.get(url)
    # Then the visitor is sent to the sign-in page
    assert (response.status_code, response["Location"]) == (302, f"/accounts/login/?next={url}")


@pytest.mark.parametrize("url", PAGES)
def test_a_clerk_may_not_import_or_export(client, clerk, url):
    # Given a clerk (records.view_records, not records.manage_parcels)
    client.force_login(clerk)
    # When the page is asked for
    # Then it is forbidden
    assert client.get(url).status_code == 403


def test_a_clerk_may_not_post_a_file(client, clerk):
    # Given a clerk
    client.force_login(clerk)
    before = snapshot()
    # When the clerk posts a county file
    response = client.post("/parcels/import/", {"county_file": upload(WGS84_FILE)})
    # Then it is forbidden and nothing was imported
    assert response.status_code == 403
    assert snapshot() == before


def test_an_administrator_imports_a_file_and_sees_its_report(client, administrator):
    # Given an administrator on the import page
    client.force_login(administrator)
    assert client.get("/parcels/import/").status_code == 200
    # When the feet file with problems is uploaded
    response = client.post("/parcels/import/", {"county_file": upload(PROBLEMS_FILE)})
    # Then the report shows the counts and every rejected row with its problem
    record = ParcelImport.objects.get()
    assert (response.status_code, response["Location"]) == (302, f"/parcels/import/{record.pk}/")
    page = doc(client.get(response["Location"]))
    counts = page.tables()["9 features in the file"]
    assert counts == [
        ["Result", "Parcels"],
        ["Created", "2"],
        ["Updated", "0"],
        ["Unchanged", "0"],
        ["Rejected (not imported)", "7"],
    ]
    rejected = page.tables()["7 rejected features, by row"]
    assert rejected == [
        ["Row", "PIN", "Problem"],
        ["2", "—", "it has no PIN (property PIN or PARCEL_ID)"],
        [
            "3",
            "02-33-25-21-0003",
            "PIN 02-33-25-21-0003 appears in features 3 and 4; a PIN must be unique in the file, "
            "so none of them is imported",
        ],
        [
            "4",
            "02-33-25-21-0003",
            "PIN 02-33-25-21-0003 appears in features 3 and 4; a PIN must be unique in the file, "
            "so none of them is imported",
        ],
        [
            "5",
            "02-33-25-21-0005",
            "the boundary is not a valid Polygon: Self-intersection[2760050 1179050]",
        ],
        ["6", "02-33-25-21-0006", "the boundary is a LineString, not a Polygon or MultiPolygon"],
        ["7", "02-33-25-21-0007", "acres must be more than 0, not -2.5"],
        ["8", "02-33-25-21-0008", "acres must be a number, not 'two'"],
    ]
    assert sorted(Parcel.objects.values_list("pin", flat=True)) == [
        "02-33-25-21-0001",
        "02-33-25-21-0009",
    ]
    # ... and the import is listed among the past imports, by the administrator
    listing = doc(client.get("/parcels/import/")).tables()[
        "The latest imports of the county parcel map, latest first"
    ]
    assert listing[1] == [
        "county_feet_with_problems.geojson",
        "2026-11-29 10:00",
        "ada",
        "EPSG:26851",
        "2",
        "0",
        "0",
        "7",
    ]


def test_a_malformed_file_is_refused_on_the_page_and_nothing_is_written(client, administrator):
    # Given an administrator and a parcel on record
    client.force_login(administrator)
    client.post("/parcels/import/", {"county_file": upload(WGS84_FILE)})
    before = snapshot()
    # When a file that is not a FeatureCollection is uploaded
    bad = SimpleUploadedFile("parcels.geojson", b'{"type": "Feature"}')
    response = client.post("/parcels/import/", {"county_file": bad})
    # Then the page says why, linked to the field, and nothing was written
    assert response.status_code == 400
    page = doc(response)
    assert page.by_id("form-errors").text == (
        "The file was not imported County parcel file (GeoJSON): The file is not a GeoJSON "
        'FeatureCollection: its "type" is "Feature". Export the parcel layer as a '
        "FeatureCollection of Polygon features. Nothing was imported."
    )
    assert snapshot() == before


def test_no_file_is_an_error_on_the_field(client, administrator):
    # Given an administrator
    client.force_login(administrator)
    # When the form is sent without a file
    response = client.post("/parcels/import/", {})
    # Then the field says a file is required
    assert response.status_code == 400
    assert "County parcel file (GeoJSON): This field is required." in (
        doc(response).by_id("form-errors").text
    )


def test_the_export_downloads_the_parcel_map_as_geojson(client, administrator):
    # Given parcels imported from the WGS 84 file
    client.force_login(administrator)
    client.post("/parcels/import/", {"county_file": upload(WGS84_FILE)})
    # When the export is downloaded
    response = client.get("/parcels/import/export/")
    # Then it is GeoJSON in feet, named for today, and imports back unchanged
    assert response["Content-Type"] == "application/geo+json; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="parcels-2026-11-29.geojson"'
    data = json.loads(response.content)
    assert data["crs"]["properties"]["name"] == "urn:ogc:def:crs:EPSG::26851"
    assert [f["properties"]["PIN"] for f in data["features"]] == [
        "01-33-25-11-0001",
        "01-33-25-11-0002",
        "01-33-25-11-0003",
    ]
    again = SimpleUploadedFile("export.geojson", response.content)
    followed = client.post("/parcels/import/", {"county_file": again}, follow=True)
    assert doc(followed).by_id("count-unchanged").text == "3"
