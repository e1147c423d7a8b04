"""Parcel geometry and figures at the edges (issue 10 item 5): GeoJSON nested without end, acres
beyond any parcel, coordinates read in the wrong coordinate system. Each is refused with a clear
message; nothing is written."""

import json
from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse

from dogtag.law import params as law_params
from dogtag.parcels import geojson
from dogtag.parcels.importing import GeoJSONError, import_parcels
from dogtag.parcels.models import Enclosure, Parcel, ParcelImport
from dogtag.records.models import Decision
from dogtag.records.roles import ANIMAL_CONTROL_OFFICER
from tests.parcels.fixtures_pages import *  # noqa: F403
from tests.staff.test_site import doc

from .conftest import X0, Y0, rectangle
from .test_geojson import collection, feature, snapshot

DEPTH = 100_000
#: A geometry whose coordinates nest far deeper than any GeoJSON type: json.loads recursed once
#: per level and gave a RecursionError (a 500 on the import page and the enclosure form).
NESTED = '{"type": "Polygon", "coordinates": ' + "[" * DEPTH + "]" * DEPTH + "}"
NESTED_FILE = ('{"type": "FeatureCollection", "features": [' + NESTED + "]}").encode()
NESTING_MESSAGE = (
    "The GeoJSON nests arrays and objects {} levels deep; a parcel or enclosure needs at most "
    "20. Export the layer again as plain GeoJSON."
)


# ------------------------------------------------------------------------------ nesting


def test_the_import_refuses_geojson_nested_too_deep(administrator):
    # Given a county file whose geometry nests 100,000 arrays deep
    before = snapshot()
    # When it is imported
    with pytest.raises(GeoJSONError) as refused:
        import_parcels(NESTED_FILE, filename="deep.geojson", actor=administrator)
    # Then it is refused whole, saying how deep, and nothing is written
    assert str(refused.value) == NESTING_MESSAGE.format(DEPTH + 3)
    assert snapshot() == before


def test_the_import_page_refuses_geojson_nested_too_deep(client, administrator):
    client.force_login(administrator)
    before = snapshot()
    upload = SimpleUploadedFile("deep.geojson", NESTED_FILE, "application/geo+json")
    response = client.post("/parcels/import/", {"county_file": upload})
    assert response.status_code == 400
    assert doc(response).by_id("id_county_file_error").text == (
        NESTING_MESSAGE.format(DEPTH + 3) + " Nothing was imported."
    )
    assert snapshot() == before


def test_the_import_command_refuses_geojson_nested_too_deep(db, tmp_path):
    path = tmp_path / "deep.geojson"
    path.write_bytes(NESTED_FILE)
    with pytest.raises(CommandError) as failed:
        call_command("import_parcels", str(path), stdout=StringIO())
    assert str(failed.value) == (
        f"deep.geojson: {NESTING_MESSAGE.format(DEPTH + 3)} Nothing was imported."
    )
    assert (Parcel.objects.count(), ParcelImport.objects.count()) == (0, 0)


def test_brackets_inside_strings_do_not_count(administrator):
    # Given a well-formed file whose owner's name is made of brackets
    name = "[[[[" * 20 + "{{{{" * 20
    data = collection(feature(OWNER_NAME=name[:100], ACRES=2.5))
    # When it is imported
    report = import_parcels(data, filename="ok.geojson", actor=administrator)
    # Then the name is text, not nesting: the parcel is imported
    assert (report.created, report.rejected) == (["07-33-25-11-0001"], [])


def test_the_enclosure_form_refuses_geojson_nested_too_deep(as_role, site):
    client = as_role(ANIMAL_CONTROL_OFFICER)
    before = (Enclosure.objects.count(), Decision.objects.filter(outcome="done").count())
    nested = '{"type": "Polygon", "coordinates": ' + "[" * 5000 + "]" * 5000 + "}"
    response = client.post(
        reverse("enclosure_new", args=["P-1"]), {"label": "Run", "geojson": nested}
    )
    assert response.status_code == 200
    assert doc(response).by_id("id_geojson_error").text == NESTING_MESSAGE.format(5001)
    assert (Enclosure.objects.count(), Decision.objects.filter(outcome="done").count()) == before


# -------------------------------------------------------------------------------- acres


@pytest.mark.parametrize(
    ("acres", "problem"),
    [
        (
            1e308,
            "acres 1.000E+308 is more than the 5,000 acres a parcel in City of Nowthen may have",
        ),
        (
            "5000.001",
            "acres 5,000.001 is more than the 5,000 acres a parcel in City of Nowthen may have",
        ),
        (-1, "acres must be more than 0, not -1"),
    ],
)
def test_implausible_acres_are_refused(administrator, acres, problem):
    # Given a file whose one parcel declares impossible acres
    before = snapshot()
    # When it is imported
    report = import_parcels(
        collection(feature(ACRES=acres)), filename="acres.geojson", actor=administrator
    )
    # Then the feature is rejected with the bound, and no parcel is written
    assert [r.as_json()["problem"] for r in report.rejected] == [problem]
    assert Parcel.objects.count() == 0
    assert snapshot()["parcels"] == before["parcels"]


def test_five_thousand_acres_is_taken(administrator):
    report = import_parcels(
        collection(feature(ACRES="5000")), filename="acres.geojson", actor=administrator
    )
    assert (report.created, str(Parcel.objects.get().acres)) == (["07-33-25-11-0001"], "5000.000")


# ------------------------------------------------------------------- the city's extent


def test_state_plane_feet_declared_as_web_mercator_are_refused(administrator):
    # Given a parcel in Minnesota South feet, but the file says EPSG:3857 (Web Mercator metres)
    wrong = {"type": "name", "properties": {"name": "EPSG:3857"}}
    before = snapshot()
    # When it is imported
    report = import_parcels(
        collection(feature(ACRES=2.5), crs=wrong), filename="mixed.geojson", actor=administrator
    )
    # Then the feature is refused: its coordinates fall thousands of miles from Nowthen
    [problem] = [r.as_json()["problem"] for r in report.rejected]
    assert problem.startswith("the boundary falls ")
    assert problem.endswith(
        " miles outside City of Nowthen: was the coordinate system right? The file declares "
        "EPSG:3857 (WGS 84 / Pseudo-Mercator)"
    )
    assert snapshot()["parcels"] == before["parcels"]


def test_a_parcel_two_miles_beyond_the_city_is_refused(administrator):
    extent = law_params.default().city.extent
    far = rectangle(extent.east + 2 * 5280 - 330, Y0, 330, 330)
    report = import_parcels(
        collection(feature(far, ACRES=2.5)), filename="f.geojson", actor=administrator
    )
    assert [r.as_json()["problem"] for r in report.rejected] == [
        "the boundary falls 2.0 miles outside City of Nowthen: was the coordinate system right? "
        "The file declares EPSG:26851 (NAD83 / Minnesota South (ftUS))"
    ]
    assert Parcel.objects.count() == 0


def test_the_extent_holds_nowthen_and_its_demo_centre():
    # Nowthen's centre (45.3325 N, 93.4467 W) and the demo town's centre lie inside the extent
    extent = law_params.default().city.extent
    assert extent.crs == "EPSG:26851"
    assert extent.feet_outside(2_766_976, 1_178_888) == 0
    assert extent.feet_outside(X0, Y0) == 0
    assert geojson.outside_city(rectangle(X0, Y0, 330, 330), "it") is None
    assert json.dumps(extent.west) == "2742700.0"
