"""The legacy import (issue 13 item 3): the documented example file, row by row.

The example (docs/imports/legacy-licenses-example.csv) holds eight licenses: Biscuit's first
license and its renewal, Moose's license paid above the fee in force, Rosie's license numbered in
Dogtag's own form, and four rows the import refuses: no rabies vaccination (3-2-2.G), no phone
(3-2-2.A), a license outlasting its vaccination (3-2-2.B, G) and a birth date that is no date.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from decimal import Decimal
from pathlib import Path

import pytest
import time_machine
from django.core.management import call_command
from django.db import IntegrityError, transaction

from dogtag.imports.layout import LayoutError, load_mapping
from dogtag.imports.models import LegacyImport, LegacyKey
from dogtag.imports.services import import_licenses
from dogtag.law import params
from dogtag.licensing import services as desk
from dogtag.licensing.models import Dog, License, Owner, RabiesVaccination, Tag
from dogtag.licensing.receipts import Payment
from dogtag.records.models import Decision, NumberSequence
from dogtag.records.services import next_number

EXAMPLE = Path(__file__).parents[2] / "docs" / "imports" / "legacy-licenses-example.csv"
D = dt.date

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def frozen_today():
    with time_machine.travel(dt.datetime(2026, 11, 29, 16, 0, tzinfo=dt.UTC), tick=False):
        yield


@pytest.fixture
def admin(django_user_model):
    return django_user_model.objects.create_user("admin1", password="x" * 12)


def snapshot() -> dict[str, object]:
    """Every record the import may write, with its history rows."""
    models = (Owner, Dog, RabiesVaccination, License, Tag)
    found: dict[str, object] = {m.__name__: list(m.objects.order_by("pk").values()) for m in models}
    found |= {
        f"history of {m.__name__}": m.history.model.objects.count()  # type: ignore[attr-defined]
        for m in models
    }
    found["keys"] = list(LegacyKey.objects.order_by("pk").values("kind", "key", "object_id"))
    found["numbering"] = list(NumberSequence.objects.order_by("pk").values())
    found["decisions"] = Decision.objects.count()
    return found


REFUSED = [
    (
        5,
        "rabies_vaccinated_on",
        "",
        "on the day the license issued (2024-05-01): No rabies vaccination certificate was "
        "presented — 3-2-2.G: no license may issue.",
        ["3-2-2.G"],
    ),
    (
        6,
        "owner_phone",
        "",
        "no owner's phone number: The application does not state: owner's phone number (3-2-2.A).",
        ["3-2-2.A"],
    ),
    (
        7,
        "expires_on",
        "2026-01-10",
        "the vaccination does not cover the license's term, which runs to 2026-01-10: Rabies "
        "certificate expired 2025-01-10 — 3-2-2.G: no license may issue. A license runs only as "
        "long as the rabies vaccination (3-2-2.B).",
        ["3-2-2.B", "3-2-2.G"],
    ),
    (9, "born", "2022-13-01", "not a date (YYYY-MM-DD)", []),
]
FEE_WARNING = (
    4,
    "fee_paid",
    "10.00",
    "the fee in force on 2024-03-04 for the 3-year tier was $8.00 (Nowthen Resolution 2011-04, "
    "§ 1-2-2, adoption date not recorded); $10.00 was paid. Imported as history, as paid.",
    ["3-2-2.B", "1-2-2"],
)


def listed(problems, level):
    return [
        (p.row, p.column, p.value, p.reason, list(p.sections)) for p in problems if p.level == level
    ]


def test_the_example_imports_its_history_and_refuses_four_rows_with_their_sections(admin):
    # when the example file is imported
    report = import_licenses(EXAMPLE.read_bytes(), filename="example.csv", actor=admin)
    # then each refused row is named with its column, value, reason and sections
    assert listed(report.problems, "refused") == REFUSED
    assert listed(report.problems, "warning") == [FEE_WARNING]
    assert report.counts == {
        "owners": 2,
        "dogs": 3,
        "vaccinations": 4,
        "licenses": 4,
        "tags": 4,
        "unchanged": 0,
    }
    # and the rest is loaded, as history: imported, with no Decision
    licenses = {lic.number: lic for lic in License.objects.select_related("dog", "owner")}
    assert sorted(licenses) == ["2025-00007", "L-2022-0101", "L-2023-0044", "L-2024-0010"]
    assert {(lic.imported, lic.decision_id) for lic in licenses.values()} == {(True, None)}
    assert not Decision.objects.exists()
    first, renewal = licenses["L-2022-0101"], licenses["L-2023-0044"]
    assert (first.status, first.status_changed_on, first.kind, first.tier_years, first.fee) == (
        "superseded",
        D(2023, 4, 30),
        "new",
        1,
        Decimal("3.00"),
    )
    assert (renewal.status, renewal.previous_id, renewal.kind, renewal.tier_years) == (
        "active",
        first.pk,
        "renewal",
        3,
    )
    assert licenses["L-2024-0010"].fee == Decimal("10.00")  # as paid, not as resolved
    assert renewal.dog.owner.phone == "+17635550142"
    assert {o.name for o in Owner.objects.all()} == {"Ada Lund", "Edna Quist"}
    assert sorted(Tag.objects.values_list("serial", "status", "license__number")) == [
        ("T-0101", "replaced", "L-2022-0101"),
        ("T-0202", "issued", "L-2023-0044"),
        ("T-0303", "issued", "L-2024-0010"),
        ("T-0707", "issued", "2025-00007"),
    ]
    # and the history rows name who imported and why
    history = License.history.filter(number="L-2023-0044").get()
    assert (history.history_user, history.history_change_reason) == (admin, "legacy import")
    # and the run is kept with its report
    run = LegacyImport.objects.get()
    assert (run.dry_run, run.rows, run.imported_by, len(run.refused)) == (False, 8, admin, 4)


def test_running_the_same_file_twice_changes_nothing(admin):
    import_licenses(EXAMPLE.read_bytes(), filename="example.csv", actor=admin)
    before = snapshot()
    # when the same file is imported again
    again = import_licenses(EXAMPLE.read_bytes(), filename="example.csv", actor=admin)
    # then nothing is written, every good row is found already imported, the refusals repeat
    assert snapshot() == before
    assert again.counts == {
        "owners": 0,
        "dogs": 0,
        "vaccinations": 0,
        "licenses": 0,
        "tags": 0,
        "unchanged": 4,
    }
    assert listed(again.problems, "refused") == REFUSED


def test_a_dry_run_reports_the_same_and_writes_nothing(admin):
    before = snapshot()
    report = import_licenses(
        EXAMPLE.read_bytes(), filename="example.csv", actor=admin, dry_run=True, keep_report=False
    )
    assert listed(report.problems, "refused") == REFUSED
    assert report.counts["licenses"] == 4
    assert snapshot() == before
    assert not LegacyImport.objects.exists()
    # kept for the page: only the report
    kept = import_licenses(EXAMPLE.read_bytes(), filename="example.csv", actor=admin, dry_run=True)
    assert snapshot() == before
    assert (kept.record.dry_run, kept.record.counts["licenses"], len(kept.record.refused)) == (
        True,
        4,
        4,
    )


def test_dogtag_numbers_past_an_imported_number_of_its_own_form(admin):
    # each city numbers its own (issue 27): the sequence of the city in force
    city = params.default().city.id
    NumberSequence.objects.create(jurisdiction=city, name="license", year=2025, last=3)
    import_licenses(EXAMPLE.read_bytes(), filename="example.csv", actor=admin)
    # 2025-00007 was imported: the next license Dogtag numbers in 2025 is 2025-00008
    assert NumberSequence.objects.get(jurisdiction=city, name="license", year=2025).last == 7
    with transaction.atomic():
        assert next_number("license", 2025) == 8


def test_an_imported_license_is_renewed_through_the_service(admin):
    import_licenses(EXAMPLE.read_bytes(), filename="example.csv", actor=admin)
    moose = Dog.objects.get(name="Moose")
    imported = moose.licenses.get()
    desk.add_tag_stock(prefix="2026-", first=1, last=5, actor=admin)
    rabies = desk.record_rabies_vaccination(
        dog=moose,
        actor=admin,
        vaccinated_on=D(2026, 11, 20),
        expires_on=D(2029, 11, 20),
        duration_years=3,
        veterinarian="Dr. Bo Lindqvist",
    )
    findings = desk.evaluate_license(moose, rabies, "renewal", D(2026, 11, 29))
    due = next(f for f in findings if f.rule == "license.amount_due").details["total"]
    # when the clerk renews it
    issued = desk.issue_license(
        dog=moose,
        rabies=rabies,
        kind="renewal",
        on=D(2026, 11, 29),
        payment=Payment(method="cash", amount=Decimal(str(due))),
        actor=admin,
    )
    # then the renewal is Dogtag's own, with its Decision, and the imported license is superseded
    imported.refresh_from_db()
    assert (issued.license.imported, issued.license.decision is not None) == (False, True)
    assert (issued.license.previous_id, imported.status) == (imported.pk, "superseded")
    assert Tag.objects.get(serial="T-0303").status == "replaced"


def test_a_license_without_a_decision_must_be_imported(admin):
    import_licenses(EXAMPLE.read_bytes(), filename="example.csv", actor=admin)
    with pytest.raises(IntegrityError), transaction.atomic():
        License.objects.filter(number="L-2024-0010").update(imported=False)


def test_a_mapping_file_names_other_columns_and_dates(admin, tmp_path):
    # given the example written by another system: its own column names, US dates
    rows = list(csv.DictReader(io.StringIO(EXAMPLE.read_text())))
    renamed = {"owner_name": "OWNER", "license_number": "LIC NO", "issued_on": "ISSUED"}
    dates = ("born", "rabies_vaccinated_on", "rabies_expires_on", "issued_on", "expires_on")
    out = io.StringIO()
    writer = csv.DictWriter(out, [renamed.get(k, k) for k in rows[0]])
    writer.writeheader()
    for row in rows:
        for name in dates:
            if row[name] and row[name] != "2022-13-01":
                day = D.fromisoformat(row[name])
                row[name] = f"{day.month}/{day.day}/{day.year}"
        writer.writerow({renamed.get(k, k): v for k, v in row.items()})
    toml = 'date_format = "%m/%d/%Y"\n[columns]\n' + "".join(
        f'{k} = "{v}"\n' for k, v in renamed.items()
    )
    as_json = json.dumps({"date_format": "%m/%d/%Y", "columns": renamed})
    for mapping in (
        load_mapping(toml.encode(), "map.toml"),
        load_mapping(as_json.encode(), "m.json"),
    ):
        report = import_licenses(
            out.getvalue().encode(),
            filename="other.csv",
            actor=admin,
            mapping=mapping,
            dry_run=True,
        )
        assert [p[:3] for p in listed(report.problems, "refused")] == [
            (5, "rabies_vaccinated_on", ""),
            (6, "owner_phone", ""),
            (7, "expires_on", "1/10/2026"),
            (9, "born", "2022-13-01"),
        ]
        assert report.counts["licenses"] == 4


@pytest.mark.parametrize(
    "data, name, message",
    [
        (
            b"owner_name,dog_name\nAda,Rex\n",
            "short.csv",
            "short.csv: the header has no column owner_street, owner_phone, breed, color, sex, "
            "born, rabies_vaccinated_on, rabies_expires_on, veterinarian, license_number, "
            "issued_on, expires_on, fee_paid; a mapping file can name the file's own columns "
            "(docs/imports/legacy-licenses.md).",
        ),
        (b"", "empty.csv", "empty.csv: the file is empty."),
        (
            b"\xff\xfe\x00",
            "utf16.csv",
            "utf16.csv: not UTF-8 text (byte 1); save the file as CSV UTF-8.",
        ),
    ],
)
def test_a_file_that_cannot_be_read_imports_nothing(admin, data, name, message):
    with pytest.raises(LayoutError) as refused:
        import_licenses(data, filename=name, actor=admin)
    assert str(refused.value) == message
    assert not LegacyImport.objects.exists() and not Owner.objects.exists()


def test_a_mapping_naming_no_column_of_dogtag_is_refused():
    with pytest.raises(LayoutError) as refused:
        load_mapping(b'[columns]\nowner = "OWNER"\n', "map.toml")
    assert str(refused.value) == (
        "map.toml: owner is not one of Dogtag's columns (docs/imports/legacy-licenses.md lists "
        "them)."
    )


def test_the_command_shows_a_dry_run_with_every_refusal(admin, tmp_path):
    out = io.StringIO()
    report = tmp_path / "report.csv"
    call_command("import_licenses", str(EXAMPLE), "--dry-run", "--report", str(report), stdout=out)
    text = out.getvalue()
    assert (
        "Dry run, nothing written. legacy-licenses-example.csv: 8 rows; would import 4 licenses, "
        "2 owners, 3 dogs, 4 rabies vaccinations, 4 tags; 0 rows already imported (unchanged); "
        "4 rows refused; 1 warnings." in " ".join(text.split())
    )
    assert "Refused, not imported (4)" in text and "3-2-2.G" in text
    lines = report.read_text().splitlines()
    assert lines[0] == "row,level,column,value,reason,sections"
    assert lines[1].startswith("4,warning,fee_paid,10.00,")
    assert len(lines) == 6
    assert not License.objects.exists()
    # and for real, as a user
    call_command("import_licenses", str(EXAMPLE), "--user", "admin1", stdout=io.StringIO())
    assert License.objects.count() == 4
    assert LegacyImport.objects.get().imported_by == admin


def test_an_imported_license_reads_on_its_page_certificate_and_api(
    admin, client, django_user_model
):
    from django.contrib.auth.models import Group
    from django.urls import reverse
    from pypdf import PdfReader

    from dogtag.records import roles

    import_licenses(EXAMPLE.read_bytes(), filename="example.csv", actor=admin)
    clerk = django_user_model.objects.create_user("cora", password="x" * 12)
    clerk.groups.add(Group.objects.get(name=roles.CLERK))
    client.force_login(clerk)
    # the license page says it was imported, and lists no decision
    page = client.get(reverse("license_detail", args=["L-2024-0010"])).content.decode()
    assert "<strong>Imported</strong> from the City's earlier records" in page
    assert "No decisions are stored yet." in page
    # the certificate says why there are no findings
    pdf = client.get(reverse("documents:license_certificate", args=["L-2024-0010"]))
    text = " ".join(
        " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.content)).pages).split()
    )
    assert "brought in from them as history (imported): Dogtag recorded no decision for it." in text
    assert "Fee paid then: $10.00." in text
    # the API marks it imported, with no decision's sections
    read = client.get("/api/v1/licenses/L-2024-0010").json()
    assert (read["imported"], read["decision_sections"], read["fee"]) == (True, [], "10.00")


def test_the_imported_records_and_their_history_name_the_city_in_force(admin):
    # given Nowthen in force (the suite's city)
    # when the example file is imported (written in bulk, not through the models' save)
    import_licenses(EXAMPLE.read_bytes(), filename="example.csv", actor=admin)
    # then every record, every history row and the run name Nowthen (issue 27: records know their
    # city), not the empty name the bulk writer gave a field whose default is a function
    for model in (Owner, Dog, RabiesVaccination, License, Tag):
        assert set(model.objects.values_list("jurisdiction", flat=True)) == {"nowthen"}, model
        history = model.history.model.objects  # type: ignore[attr-defined]
        assert set(history.values_list("jurisdiction", flat=True)) == {"nowthen"}, model
    assert list(LegacyImport.objects.values_list("jurisdiction", flat=True)) == ["nowthen"]
