"""The scale benchmark's generator writes what the services would (issue 14.1).

Given a small city written in bulk, when the rules core is asked again for its licenses from the
records, then every stored finding, term, fee, receipt and tag agrees; and the benchmark's
operations run against it (their timings are the benchmark's business, not a test's).
"""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

import pytest

from dogtag.licensing.models import Dog, License, Owner, Tag
from dogtag.records.models import Decision, NumberSequence

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools" / "bench"))

import city
import jurisdiction_cost
import measure

pytestmark = pytest.mark.django_db

TODAY = dt.date(2026, 12, 3)


@pytest.fixture
def written(time_machine: object) -> dict[str, int]:
    time_machine.move_to(dt.datetime(2026, 12, 3, 10, tzinfo=dt.UTC))  # type: ignore[attr-defined]
    return city.generate(300, seed=7, today=TODAY)


def test_the_generator_writes_what_the_rules_core_finds(written: dict[str, int]) -> None:
    assert city.check(count=10_000) == []
    assert written["dogs"] == Dog.objects.count() >= 300
    assert written["owners"] == Owner.objects.count()
    assert written["licenses"] == License.objects.count() == Decision.objects.count()
    # every license has its tag: the latest one issued, the renewed ones replaced
    assert Tag.objects.exclude(status="in_stock").count() == written["licenses"]
    assert Tag.objects.filter(status="in_stock").count() == city.TAGS_LEFT_IN_STOCK
    active = License.objects.filter(status="active").count()
    assert active == Dog.objects.count() - written["dogs never licensed"]
    # the counters go on from the numbers written: the next license issued does not collide
    latest = License.objects.filter(issued_on__year=2026).count()
    assert NumberSequence.objects.get(name="license", year=2026).last == latest


def test_the_benchmark_operations_run_and_the_floor_is_taken_back(written: dict[str, int]) -> None:
    figures = [
        measure.lookup(TODAY, 5),
        measure.staff_search(TODAY, 5),
        measure.due_sweep(TODAY, 5),
        measure.issuing(TODAY, 5),
    ]
    assert [f.to_json()["samples"] for f in figures] == [5, 5, 3, 5]
    # the floor's hand-written licenses are gone; the service's stay, as issued
    assert not License.objects.filter(number__startswith="B").exists()
    assert License.objects.filter(owner__name__startswith="Bench Owner").count() == 5 + 3
    assert city.check(count=10_000) == []
    assert measure.storage()["licenses"] == License.objects.count()


def test_the_reminder_letters_figure_renders_the_letters(written: dict[str, int]) -> None:
    figure = measure.reminder_letters(TODAY, iterations=1, count=50)
    assert figure.note.startswith("50 letters, expiring 2026-12-03 to ")
    assert len(figure.dogtag_ms) == 1


def test_the_jurisdiction_cost_figures_measure_the_city_s_own_rows(written: dict[str, int]) -> None:
    # every row the generator wrote is the city's: scoped and unscoped answers are the same rows
    assert set(License.objects.values_list("jurisdiction", flat=True)) == {"nowthen"}
    figures = jurisdiction_cost.scoped_queries(5)
    assert [f.to_json()["samples"] for f in figures] == [5, 5, 3]
    columns = jurisdiction_cost.columns(measure.storage()["bytes_per_license"])
    assert columns["city"] == "nowthen"
    # "nowthen" in each table of a license's rows that carries the column: license, its history,
    # tag, its history, receipt, decision (the receipt line and cited values carry none)
    assert set(columns["by_table_bytes"]) == {
        "licensing_license",
        "licensing_historicallicense",
        "licensing_tag",
        "licensing_historicaltag",
        "licensing_receipt",
        "records_decision",
    }
    assert 0 < columns["share_of_license_bytes_percent"] < 5
