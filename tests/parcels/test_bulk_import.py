"""The parcel import writes in bulk (``dogtag.records.bulk``): a file of more parcels than one
lookup query holds is created, found again and updated like a small one, with the history rows
django-simple-history writes."""

import pytest

from dogtag.parcels import importing
from dogtag.parcels.models import Parcel, ParcelImport, Structure

from .conftest import X0, Y0, rectangle
from .test_geojson import collection, feature, run

pytestmark = pytest.mark.django_db


def _file(owner="FIRST OWNER"):
    features = []
    for n in range(5):
        house = rectangle(X0 + n * 400 + 20, Y0 + 20, 40, 30)
        features.append(
            feature(
                rectangle(X0 + n * 400, Y0, 330, 330),
                PIN=f"07-33-25-11-000{n}",
                OWNER_NAME=owner if n == 2 else f"OWNER {n}",
                structures=[{"kind": "dwelling", "main": True, "footprint": house}],
            )
        )
    return collection(*features)


def test_a_file_larger_than_one_lookup_is_imported_found_again_and_updated(
    monkeypatch, administrator
):
    # Given a lookup of two PINs a query, and a file of five parcels each with a dwelling
    monkeypatch.setattr(importing, "LOOKUP", 2)

    # When it is imported
    first = run(_file(), actor=administrator)

    # Then every parcel and dwelling is created, each with one history row naming who did it
    assert (len(first.created), Parcel.objects.count(), Structure.objects.count()) == (5, 5, 5)
    assert (
        sorted(Parcel.history.values_list("history_type", "history_user"))
        == [("+", administrator.pk)] * 5
    )
    assert Structure.history.filter(history_type="+").count() == 5

    # When the same file is imported again
    second = run(_file(), actor=administrator)

    # Then every parcel is found again, across the lookups, and nothing is written
    assert (len(second.created), len(second.updated), len(second.unchanged)) == (0, 0, 5)
    assert (Parcel.objects.count(), Parcel.history.count(), Structure.history.count()) == (5, 5, 5)

    # When a file changes one parcel's owner
    third = run(_file(owner="NEW OWNER"), actor=administrator)

    # Then that parcel alone is updated, its history records the change, and the rest unchanged
    assert (third.updated, len(third.unchanged)) == (["07-33-25-11-0002"], 4)
    assert Parcel.objects.get(pin="07-33-25-11-0002").owner_names == "NEW OWNER"
    latest = Parcel.history.filter(pin="07-33-25-11-0002").order_by("-history_id").first()
    assert (latest.history_type, latest.history_user, latest.owner_names) == (
        "~",
        administrator,
        "NEW OWNER",
    )
    assert (Parcel.history.count(), Structure.objects.count()) == (6, 5)


def test_the_imported_parcels_and_their_history_name_the_city_in_force(administrator):
    # given Nowthen in force (the suite's city)
    # when a file is imported (written in bulk)
    run(_file(), actor=administrator)
    # then each parcel, its history rows and the run name Nowthen (issue 27)
    assert set(Parcel.objects.values_list("jurisdiction", flat=True)) == {"nowthen"}
    assert set(Parcel.history.values_list("jurisdiction", flat=True)) == {"nowthen"}
    assert list(ParcelImport.objects.values_list("jurisdiction", flat=True)) == ["nowthen"]
