"""Exports (issue 13, item 4): CSV and XLSX of the license register, the due list, complaints and
dangerous-dog cases; private columns only to roles that may see them, each private download
logged; formula injection guarded; XLSX bounded and saying so when cut."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from dogtag.exports import cells
from dogtag.exports.tables import license_register
from dogtag.licensing import services
from dogtag.licensing.receipts import Payment
from dogtag.records import roles
from dogtag.records.models import PrivateDataView
from tests.exports.conftest import D, read_csv, read_xlsx, signed_in

# ------------------------------------------------------------------------- the license register


def test_license_register_csv_has_the_license_and_logs_the_owner_contact(licensed, user_in):
    # given a clerk; when she downloads the register as CSV
    response = signed_in(user_in(roles.CLERK)).get("/exports/license-register.csv")
    # then it streams one row per license, with every column of 3-2-2 and 3-2-3
    assert response.status_code == 200
    assert response.streaming
    assert response["Content-Disposition"] == (
        'attachment; filename="license-register-2026-11-29.csv"'
    )
    header, *rows = read_csv(response)
    assert header[:4] == ["license number", "dog", "breed and color", "owner"]
    assert header[-8:] == [
        "kind",
        "issued",
        "expires",
        "tier (years)",
        "fee",
        "penalty",
        "status",
        "tag",
    ]
    assert len(rows) == 1
    row = dict(zip(header, rows[0], strict=True))
    assert row["license number"] == licensed.number
    assert row["dog"] == "Biscuit"
    assert row["owner"] == "Pat Gustafson"
    assert row["issued"] == "2026-11-29"
    assert row["fee"] == str(licensed.fee)
    assert row["tag"] == licensed.tags.get().serial
    # and the formula in the street is made inert
    assert row["owner street"] == '\'=HYPERLINK("http://x")'
    # and the view of the owner's contact is logged once
    log = PrivateDataView.objects.get()
    assert (log.kind, log.record) == ("owner_contact", "License register export (CSV)")


def test_license_register_xlsx_guards_formulas(licensed, user_in):
    response = signed_in(user_in(roles.CLERK)).get("/exports/license-register.xlsx")
    assert response.status_code == 200
    header, row = read_xlsx(response)
    values = dict(zip(header, row, strict=True))
    assert values["license number"] == licensed.number
    assert values["owner street"] == '\'=HYPERLINK("http://x")'
    assert values["issued"].date() == D(2026, 11, 29)


@pytest.mark.parametrize("path", ["/exports/", "/exports/license-register.csv"])
def test_anonymous_goes_to_sign_in_and_nothing_is_logged(db, path):
    response = Client().get(path)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
    assert PrivateDataView.objects.count() == 0


def test_without_view_records_403_and_nothing_logged(db, django_user_model):
    user = django_user_model.objects.create_user("nobody")
    assert signed_in(user).get("/exports/license-register.csv").status_code == 403
    assert PrivateDataView.objects.count() == 0


@pytest.mark.parametrize(
    "path", ["/exports/nothing.csv", "/exports/license-register.pdf", "/exports/complaints.exe"]
)
def test_unknown_export_or_format_is_404(user_in, path):
    assert signed_in(user_in(roles.CLERK)).get(path).status_code == 404
    assert PrivateDataView.objects.count() == 0


def test_the_page_offers_every_download(user_in):
    page = signed_in(user_in(roles.CLERK)).get("/exports/").content.decode()
    for name in ("license-register", "due-list", "complaints", "dangerous-dogs"):
        assert f'href="/exports/{name}.csv"' in page
        assert f'href="/exports/{name}.xlsx"' in page


# ------------------------------------------------------------------------------ the guard, bounds


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ("=1+1", "'=1+1"),
        ("+1", "'+1"),
        ("-1", "'-1"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("Biscuit", "Biscuit"),
        ("a=b", "a=b"),
        ("", ""),
        (Decimal("-3.00"), Decimal("-3.00")),  # numbers are numbers, not formulas
        (None, None),
    ],
)
def test_guarded(value, written):
    assert cells.guarded(value) == written


def test_xlsx_is_cut_at_the_bound_and_says_so(monkeypatch):
    monkeypatch.setattr(cells, "XLSX_MAX_ROWS", 3)
    response = cells.xlsx_response("t", "T", ["n"], ([i] for i in range(5)))
    rows = read_xlsx(response)
    assert rows[:4] == [["n"], [0], [1], [2]]
    assert rows[4][0].startswith("Cut at 3 rows: more rows exist.")
    assert len(rows) == 5


def test_xlsx_not_cut_has_no_note(monkeypatch):
    monkeypatch.setattr(cells, "XLSX_MAX_ROWS", 3)
    rows = read_xlsx(cells.xlsx_response("t", "T", ["n"], ([i] for i in range(3))))
    assert rows == [["n"], [0], [1], [2]]


def test_the_register_is_read_in_a_fixed_number_of_queries(licensed, user_in):
    """Two queries whatever the number of licenses (the issued tags, the licenses with their dog
    and owner), read in chunks as the CSV streams."""

    def queries() -> tuple[int, int]:
        with CaptureQueriesContext(connection) as captured:
            rows = list(license_register(None, D(2026, 11, 29)).rows)
        return len(captured), len(rows)

    one = queries()
    clerk = user_in(roles.CLERK)
    dog = services.register_dog(
        owner=licensed.owner,
        actor=clerk,
        name="Pepper",
        breed="Beagle",
        color="Tricolor",
        sex="male",
        born=D(2024, 1, 1),
    )
    rabies = services.record_rabies_vaccination(
        dog=dog,
        actor=clerk,
        vaccinated_on=D(2026, 10, 1),
        expires_on=D(2027, 10, 1),
        duration_years=1,
        veterinarian="Dr. Ana Lindqvist, DVM",
    )
    services.issue_license(
        dog=dog,
        rabies=rabies,
        kind="new",
        on=D(2026, 11, 29),
        payment=Payment(method="cash", amount=Decimal("9.00")),
        actor=clerk,
    )
    assert one == (2, 1)
    assert queries() == (2, 2)
