"""The import at a city's size (issue 13 item 3, done means): a 10,000-row legacy file made from the
bench generator's city, with deliberately bad rows, reports each refused row with its reason and
loads the rest; a second run changes nothing. No timing is asserted here (tools/bench/legacy.py
measures the rows per second)."""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

import pytest

from dogtag.imports.services import import_licenses
from dogtag.licensing.models import Dog, License, Owner, RabiesVaccination, Tag
from dogtag.records.models import Decision

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools" / "bench"))

import legacy

pytestmark = pytest.mark.django_db
ROWS = 10_000
TODAY = dt.date(2026, 12, 3)


def counts() -> dict[str, int]:
    models = (Owner, Dog, RabiesVaccination, License, Tag)
    found = {m.__name__: m.objects.count() for m in models}
    found |= {f"history {m.__name__}": m.history.model.objects.count() for m in models}  # type: ignore[attr-defined]
    found |= {
        f"last id {m.__name__}": m.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
        for m in models
    }
    return found


def test_ten_thousand_legacy_rows_are_checked_loaded_and_loaded_once(time_machine) -> None:
    time_machine.move_to(dt.datetime(2026, 12, 3, 16, tzinfo=dt.UTC))
    # given a legacy file of 10,000 licenses from the bench's city, some rows spoiled
    rows = legacy.legacy_rows(ROWS, today=TODAY)
    assert len(rows) == ROWS and not License.objects.exists()  # the town was rolled back
    expected = legacy.spoil(rows)
    data = legacy.to_csv(rows)
    # when it is imported
    report = import_licenses(data, filename="city.csv", actor=None)
    # then every spoiled row is reported, with its column and sections, and no other
    found = {(p.row, p.level, p.column, p.sections) for p in report.problems}
    assert found == {
        (row, level, column, sections) for row, (level, column, sections) in expected.items()
    }
    assert all(p.reason and p.value is not None for p in report.problems)
    refused = {row for row, (level, _, _) in expected.items() if level == "refused"}
    assert report.refused_rows == refused and len(refused) == 140
    # and the rest is loaded, as imported history with no Decision
    assert License.objects.count() == report.counts["licenses"] == ROWS - len(refused)
    assert License.objects.filter(imported=True, decision=None).count() == ROWS - len(refused)
    assert not Decision.objects.exists()
    assert (
        Tag.objects.filter(status="issued").count() == Dog.objects.count() == report.counts["dogs"]
    )
    # when it is imported again, nothing changes
    before = counts()
    again = import_licenses(data, filename="city.csv", actor=None)
    assert counts() == before
    assert again.counts["unchanged"] == ROWS - len(refused) and again.counts["licenses"] == 0
    assert again.refused_rows == refused
