"""Bytes per license in the database (issue 14, storage: at most 3 KB for all a license's rows).

Builds a fresh database, licenses N dogs through the real services (``issue_license``, the same
path a clerk takes), then asks the database how much the rows of a license take: the license,
its tag, its receipt and receipt line, its decision, and the history of license and tag, with
their indexes, plus the table of cited values the decisions refer to (shared, so it shrinks
per license as the city grows). Rerun it on any commit to compare::

    PYTHONPATH=src .venv/bin/python tools/bench/storage.py               # SQLite, 300 licenses
    PYTHONPATH=src .venv/bin/python tools/bench/storage.py --licenses 1000 \\
        --database-url postgres://postgres@127.0.0.1:5432/bench_storage    # dropped and made anew

SQLite is measured with its ``dbstat`` table (pages used, and the payload bytes of the rows);
PostgreSQL with ``pg_total_relation_size`` after ``VACUUM``, and ``pg_column_size`` of the rows.
It prints a table, and ``--json`` writes the figures for comparing runs.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import sys
import tempfile
from decimal import Decimal
from pathlib import Path

#: The tables holding a license's rows (the owner, dog and rabies rows exist without a license).
TABLES = (
    "licensing_license",
    "licensing_historicallicense",
    "licensing_tag",
    "licensing_historicaltag",
    "licensing_receipt",
    "licensing_receiptline",
    "records_decision",
)
SHARED = ("records_citedvalue",)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--licenses", type=int, default=300, help="how many (default 300)")
    parser.add_argument("--database-url", default="", help="postgres://... (default: SQLite)")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)
    if not 1 <= args.licenses <= 100_000:
        parser.error("--licenses must be between 1 and 100,000")

    with tempfile.TemporaryDirectory() as scratch:
        url = args.database_url or f"sqlite:///{scratch}/storage.sqlite3"
        if url.startswith("postgres"):
            _recreate(url)
        os.environ["DATABASE_URL"] = url
        os.environ.setdefault("SECRET_KEY", "storage-bench-only-" + "x" * 40)
        os.environ["DJANGO_SETTINGS_MODULE"] = "dogtag.settings"
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        _license_dogs(args.licenses)
        figures = _measure(args.licenses)
    _print(figures)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


def _recreate(url: str) -> None:
    import psycopg

    base, _, name = url.rpartition("/")
    if not name.replace("_", "").isalnum():
        raise SystemExit(f"not a plain database name: {name!r}")
    with psycopg.connect(f"{base}/postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        admin.execute(f'CREATE DATABASE "{name}"')


def _license_dogs(count: int) -> None:
    from django.contrib.auth import get_user_model

    from dogtag.licensing import services
    from dogtag.licensing.receipts import Payment
    from dogtag.records.services import today

    on = today()
    clerk = get_user_model().objects.create_user("storage-clerk", password="x" * 16)
    services.add_tag_stock(prefix=f"{on.year}-", first=1, last=count, actor=clerk)
    for i in range(count):
        owner = services.register_owner(
            actor=clerk,
            name=f"Owner {i:05d}",
            street=f"{7000 + i} Viking Blvd NW",
            postal_code="55303",
            phone=f"763-555-{i % 10000:04d}",
        )
        dog = services.register_dog(
            owner=owner,
            actor=clerk,
            name=f"Dog {i:05d}",
            breed="Labrador retriever",
            color="Yellow",
            sex="female" if i % 2 else "male",
            sterilized=bool(i % 3),
            born=on - dt.timedelta(days=400 + i % 2000),
        )
        years = 3 if i % 3 == 0 else 1
        rabies = services.record_rabies_vaccination(
            dog=dog,
            actor=clerk,
            vaccinated_on=on - dt.timedelta(days=i % 60),
            expires_on=on - dt.timedelta(days=i % 60) + dt.timedelta(days=365 * years),
            duration_years=years,
            veterinarian="Dr. Ana Lindqvist, DVM",
            clinic="Rum River Animal Hospital",
            certificate_number=f"RR-{i:06d}",
        )
        due = services.evaluate_license(dog, rabies, "new", on)
        amount = next(f for f in due if f.rule == "license.amount_due").details["total"]
        services.issue_license(
            dog=dog,
            rabies=rabies,
            kind="new",
            on=on,
            payment=Payment(method="cash", amount=Decimal(str(amount))),
            actor=clerk,
        )


def _measure(count: int) -> dict[str, object]:
    from django.db import connection

    from dogtag.records.models import Decision

    decisions = Decision.objects.filter(action="license.issue.new")
    # Before the compact form (issue 14) the column was "findings" and there were no cited values.
    fields = {f.name for f in Decision._meta.get_fields()}
    column = "stored_findings" if "stored_findings" in fields else "findings"
    existing = set(connection.introspection.table_names())
    rows: dict[str, dict[str, int]] = {
        t: {"disk": 0, "rows": 0, "count": 0} for t in (*TABLES, *SHARED) if t not in existing
    }
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("VACUUM ANALYZE")
            for table in sorted(existing & {*TABLES, *SHARED}):
                cursor.execute(
                    f"SELECT pg_total_relation_size(%s), COALESCE(SUM(pg_column_size(t.*)), 0), "
                    f"COUNT(*) FROM {table} t",
                    [table],
                )
                pages, payload, n = cursor.fetchone()
                rows[table] = {"disk": pages, "rows": payload, "count": n}
            cursor.execute(
                f"SELECT COALESCE(SUM(pg_column_size({column})), 0) "
                "FROM records_decision WHERE action = 'license.issue.new'"
            )
        else:
            cursor.execute(
                "SELECT m.tbl_name, SUM(s.pgsize), SUM(s.payload) FROM dbstat s "
                "JOIN sqlite_master m ON s.name = m.name GROUP BY m.tbl_name"
            )
            by_table = {name: (pages, payload) for name, pages, payload in cursor.fetchall()}
            for table in sorted(existing & {*TABLES, *SHARED}):
                cursor.execute(f"SELECT COUNT(*) FROM {table}")
                pages, payload = by_table.get(table, (0, 0))
                rows[table] = {"disk": pages, "rows": payload, "count": cursor.fetchone()[0]}
            cursor.execute(
                f"SELECT COALESCE(SUM(length(CAST({column} AS BLOB))), 0) "
                "FROM records_decision WHERE action = 'license.issue.new'"
            )
        findings_bytes = cursor.fetchone()[0]
    per_license = {
        "disk": round(sum(rows[t]["disk"] for t in TABLES) / count),
        "rows": round(sum(rows[t]["rows"] for t in TABLES) / count),
        "disk_with_shared": round(sum(rows[t]["disk"] for t in (*TABLES, *SHARED)) / count),
    }
    return {
        "database": connection.vendor,
        "licenses": count,
        "license_decisions": decisions.count(),
        "findings_bytes_per_license_decision": round(findings_bytes / max(decisions.count(), 1)),
        "per_license": per_license,
        "tables": rows,
    }


def _print(figures: dict[str, object]) -> None:
    tables = figures["tables"]
    assert isinstance(tables, dict)
    count = figures["licenses"]
    assert isinstance(count, int)
    print(f"{figures['database']}, {count} licenses issued through the services")
    print(f"{'table':32} {'rows':>7} {'disk B/license':>15} {'row B/license':>14}")
    for table, sizes in sorted(tables.items(), key=lambda item: (item[0] in SHARED, item[0])):
        print(
            f"{table:32} {sizes['count']:>7} {sizes['disk'] / count:>15,.0f} "
            f"{sizes['rows'] / count:>14,.0f}"
        )
    per = figures["per_license"]
    assert isinstance(per, dict)
    print(
        f"{'per license (its rows)':32} {'':>7} {per['disk']:>15,} {per['rows']:>14,}\n"
        f"{'  with the cited values':32} {'':>7} {per['disk_with_shared']:>15,}\n"
        f"findings JSON per license decision: "
        f"{figures['findings_bytes_per_license_decision']:,} bytes"
    )


if __name__ == "__main__":
    sys.exit(main())
