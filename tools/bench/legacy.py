"""A legacy licence file for the import (issue 13 item 3), made from the bench generator's city,
and the import's rows-per-second measurement (issue 14: bulk paths, >= 20,000 rows/s on PostgreSQL).

``legacy_rows`` writes a synthetic city with ``city.generate`` inside a transaction, reads its
licenses back as rows of Dogtag's legacy layout (docs/imports/legacy-licenses.md) and rolls the
city back: the file holds the history the services would have made, and the database is left as
it was. ``spoil`` makes some rows deliberately bad (each kind of refusal, a fee paid that differs
from the resolution, a license number on two rows) and returns what the import must say of each.

    .venv/bin/python tools/bench/legacy.py --rows 100000 --db sqlite --db postgres

imports a file of that many rows into a fresh database of each kind, twice (the second run finds
everything imported and changes nothing), and prints the rows per second of each run.
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import io
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
PROJECT = HERE.parent.parent
POSTGRES_ADMIN = os.environ.get("DOGTAG_BENCH_POSTGRES", "postgres://postgres@127.0.0.1:5432")
#: Dropped and created anew by each run.
DATABASE = os.environ.get("DOGTAG_BENCH_IMPORT_DB", "dogtag_bench_import")


def legacy_rows(
    rows: int, *, seed: int = 13, today: dt.date | None = None, town: int = 1_000
) -> list[dict[str, str]]:
    """``rows`` rows of licenses, a dog's history together, oldest first: a town of ``town`` dogs
    from the bench generator, copied as often as needed (each copy its own owners, dogs, license
    numbers and tags, as if several towns' records were merged)."""
    import city
    from django.db import transaction

    from dogtag.licensing.models import License, Tag

    one_town: list[dict[str, str]] = []
    with transaction.atomic():
        city.generate(town, seed=seed, today=today)
        tags = dict(Tag.objects.exclude(license=None).values_list("license_id", "serial"))
        licenses = License.objects.select_related("dog", "owner", "rabies").order_by(
            "dog_id", "issued_on", "id"
        )
        for lic in licenses.iterator(chunk_size=5000):
            dog, owner, rabies = lic.dog, lic.owner, lic.rabies
            one_town.append(
                {
                    "owner_id": f"O-{owner.pk}",
                    "owner_name": owner.name,
                    "owner_street": owner.street,
                    "owner_city": owner.city,
                    "owner_state": owner.state,
                    "owner_zip": owner.postal_code,
                    "owner_phone": owner.phone,
                    "owner_email": owner.email,
                    "dog_id": f"D-{dog.pk}",
                    "dog_name": dog.name,
                    "breed": dog.breed,
                    "color": dog.color,
                    "sex": dog.sex,
                    "sterilized": "yes" if dog.sterilized else "no",
                    "born": dog.born.isoformat() if dog.born else "",
                    "microchip": dog.microchip,
                    "rabies_vaccinated_on": rabies.vaccinated_on.isoformat(),
                    "rabies_expires_on": rabies.expires_on.isoformat(),
                    "veterinarian": rabies.veterinarian,
                    "clinic": rabies.clinic,
                    "rabies_certificate": rabies.certificate_number,
                    "rabies_tag": rabies.rabies_tag_number,
                    "license_number": lic.number,
                    "kind": lic.kind,
                    "issued_on": lic.issued_on.isoformat(),
                    "expires_on": lic.expires_on.isoformat(),
                    "fee_paid": str(lic.fee),
                    "penalty_paid": str(lic.penalty),
                    "tag_serial": tags.get(lic.pk, ""),
                    "status": "",
                }
            )
        transaction.set_rollback(True)  # the file keeps the town; the database does not
    out: list[dict[str, str]] = []
    copy = 0
    while len(out) < rows:
        copy += 1
        for row in one_town:
            year, _, n = row["license_number"].partition("-")
            out.append(
                {
                    **row,
                    "owner_id": f"{row['owner_id']}-{copy}",
                    "dog_id": f"{row['dog_id']}-{copy}",
                    "microchip": f"{row['microchip'][:12]}{copy:03d}" if row["microchip"] else "",
                    # Dogtag's own form, YYYY-NNNNN, each copy its own range of numbers
                    "license_number": f"{year}-{copy}{n}",
                    "tag_serial": f"{row['tag_serial']}-{copy}" if row["tag_serial"] else "",
                }
            )
            if len(out) == rows:
                break
    return out


def spoil(
    rows: list[dict[str, str]], every: int = 500
) -> dict[int, tuple[str, str, tuple[str, ...]]]:
    """Spoil some rows, each kind once in ``every``; returns {line: (level, column, sections)} of
    what the import must report (line = the row's line in the file, the header being line 1)."""
    expected: dict[int, tuple[str, str, tuple[str, ...]]] = {}
    for i, row in enumerate(rows):
        line, kind = i + 2, i % every
        if kind == 11:
            row["owner_phone"] = ""
            expected[line] = ("refused", "owner_phone", ("3-2-2.A",))
        elif kind == 61:
            row["rabies_vaccinated_on"] = row["rabies_expires_on"] = row["veterinarian"] = ""
            expected[line] = ("refused", "rabies_vaccinated_on", ("3-2-2.G",))
        elif kind == 111:
            ends = dt.date.fromisoformat(row["rabies_expires_on"]) + dt.timedelta(days=30)
            row["expires_on"] = ends.isoformat()
            expected[line] = ("refused", "expires_on", ("3-2-2.B", "3-2-2.G"))
        elif kind == 161:
            row["issued_on"] = row["issued_on"][:4] + "-02-30"  # no such day
            expected[line] = ("refused", "issued_on", ())
        elif kind == 211:
            row["fee_paid"] = f"{float(row['fee_paid']) + 1:.2f}"
            expected[line] = ("warning", "fee_paid", ("3-2-2.B", "1-2-2"))
        elif kind == 261:
            row["license_number"] = rows[i - 1]["license_number"]
            expected[line - 1] = ("refused", "license_number", ())
            expected[line] = ("refused", "license_number", ())
        elif kind == 311:
            row["veterinarian"] = ""
            expected[line] = ("refused", "veterinarian", ("3-2-2.G",))
    return expected


def to_csv(rows: list[dict[str, str]]) -> bytes:
    out = io.StringIO()
    writer = csv.DictWriter(out, list(rows[0]))
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue().encode()


def database_url(db: str) -> str:
    if db == "sqlite":
        path = PROJECT / "var" / "bench" / "import.sqlite3"
        path.parent.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{path}"
    return f"{POSTGRES_ADMIN}/{DATABASE}"


def fresh(db: str) -> None:
    if db == "sqlite":
        Path(database_url(db).removeprefix("sqlite:///")).unlink(missing_ok=True)
        return
    import psycopg

    with psycopg.connect(f"{POSTGRES_ADMIN}/postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{DATABASE}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{DATABASE}"')


def run_one(rows: int) -> dict[str, Any]:
    """In the child process: make the file, import it twice, time each run."""
    import django

    django.setup()
    sys.path.insert(0, str(HERE))
    from django.core.management import call_command
    from django.db import connection

    from dogtag.imports.services import import_licenses
    from dogtag.licensing.models import License

    call_command("migrate", verbosity=0)
    t = time.perf_counter()
    made = legacy_rows(rows)
    spoil(made)
    data = to_csv(made)
    report: dict[str, Any] = {
        "database": connection.vendor,
        "rows": rows,
        "file_seconds": round(time.perf_counter() - t, 1),
        "file_bytes": len(data),
    }
    for run in ("first", "second"):
        t, cpu = time.perf_counter(), time.process_time()
        done = import_licenses(data, filename="bench.csv", actor=None)
        seconds, cpu = time.perf_counter() - t, time.process_time() - cpu
        report[run] = {
            "seconds": round(seconds, 2),
            "rows_per_second": round(rows / seconds),
            # This process's own CPU time (the database server's is not in it): on a shared
            # machine, what the import costs apart from waiting for a core.
            "cpu_seconds": round(cpu, 2),
            "rows_per_cpu_second": round(rows / cpu),
            "licenses_written": done.counts["licenses"],
            "unchanged": done.counts["unchanged"],
            "rows_refused": len(done.refused_rows),
            "warnings": len(done.warnings),
            "rules_core_asked": done.asked,
        }
    report["licenses_in_database"] = License.objects.count()
    report["floor"] = floor(rows)
    return report


def floor(rows: int, models: list[Any] | None = None) -> dict[str, Any]:
    """The raw floor: the very rows the first run wrote (every table, history and identity rows
    too), written again with no Python in the way (PostgreSQL: ``COPY`` of the server's own text
    out and back in; SQLite: one ``executemany`` of the rows read), with the same indexes and
    foreign-key checks, timed, then rolled back. The import's time over this is its own cost.
    ``models``: the tables to write again (the legacy import's by default)."""
    from django.db import connection, transaction

    from dogtag.imports.models import LegacyKey
    from dogtag.imports.services import Writer

    if models is None:
        models = [*Writer.MODELS, *(m.history.model for m in Writer.MODELS), LegacyKey]
    tables = [m._meta.db_table for m in models]
    saved: dict[str, Any] = {}
    with connection.cursor() as cursor:
        for table in tables:
            if connection.vendor == "postgresql":
                with cursor.cursor.copy(f'COPY "{table}" TO STDOUT') as copy:
                    saved[table] = b"".join(bytes(block) for block in copy)
            else:
                cursor.execute(f'SELECT * FROM "{table}"')
                saved[table] = cursor.fetchall()
    written = 0
    with transaction.atomic():
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                cursor.execute(f"TRUNCATE {', '.join(tables)} CASCADE")
            else:
                for table in reversed(tables):
                    cursor.execute(f'DELETE FROM "{table}"')
            t = time.perf_counter()
            for table in tables:
                if connection.vendor == "postgresql":
                    with cursor.cursor.copy(f'COPY "{table}" FROM STDIN') as copy:
                        copy.write(saved[table])
                    written += saved[table].count(b"\n")
                elif saved[table]:
                    marks = ", ".join("?" * len(saved[table][0]))
                    cursor.executemany(f'INSERT INTO "{table}" VALUES ({marks})', saved[table])
                    written += len(saved[table])
            if connection.vendor == "postgresql":
                cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # the checks a commit runs
            else:
                cursor.execute("PRAGMA foreign_key_check")
            seconds = time.perf_counter() - t
        transaction.set_rollback(True)
    return {
        "seconds": round(seconds, 2),
        "table_rows": written,
        "rows_per_second": round(rows / seconds),
    }


def children(script: str, args: argparse.Namespace, rows: str, what: str) -> list[Any] | int:
    """Run ``script --child`` once per database asked, each in a fresh database of its own
    (Django's settings are read once per process); their reports, or the failing exit code."""
    reports = []
    for db in args.db or ["sqlite"]:
        fresh(db)
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "dogtag.settings",
            "DATABASE_URL": database_url(db),
            "SECRET_KEY": os.environ.get("SECRET_KEY", "bench-only-" + "x" * 50),
            "DOGTAG_VAR_DIR": str(Path(args.out) / "var"),
        }
        print(f"== {db}: importing {args.rows:,} {rows}", file=sys.stderr)
        child = [sys.executable, script, "--child", "--rows", str(args.rows)]
        done = subprocess.run(child, env=env, stdout=subprocess.PIPE, text=True, check=False)
        if done.returncode:
            print(f"{db}: the {what} benchmark failed (exit {done.returncode})", file=sys.stderr)
            return done.returncode
        reports.append(json.loads(done.stdout.strip().splitlines()[-1]))
    return reports


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--rows", type=int, default=20_000)
    parser.add_argument("--db", action="append", choices=("sqlite", "postgres"))
    parser.add_argument("--out", default=str(PROJECT / "var" / "bench"))
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(run_one(args.rows), default=str))
        return 0
    reports = children(__file__, args, "legacy rows", "import")
    if isinstance(reports, int):
        return reports
    print(f"load average (1 min) at the end: {os.getloadavg()[0]:.1f} (cores: {os.cpu_count()})")
    for r in reports:
        for run in ("first", "second"):
            f = r[run]
            print(
                f"{r['database']:>10} {run:>6} run: {r['rows']:,} rows in {f['seconds']} s = "
                f"{f['rows_per_second']:,} rows/s (this process's CPU: {f['cpu_seconds']} s = "
                f"{f['rows_per_cpu_second']:,} rows/s; {f['licenses_written']:,} licenses written, "
                f"{f['unchanged']:,} unchanged, {f['rows_refused']:,} refused, "
                f"{f['warnings']:,} warnings; rules core asked {f['rules_core_asked']:,} times)"
            )
        f = r["floor"]
        print(
            f"{r['database']:>10}  floor: the same {f['table_rows']:,} table rows written raw in "
            f"{f['seconds']} s = {f['rows_per_second']:,} legacy rows/s; the first run took "
            f"{r['first']['seconds'] / f['seconds']:.1f}× the floor"
        )
    stamp = time.strftime("%Y%m%dT%H%M%S")
    path = Path(args.out) / f"import-{args.rows}-{stamp}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"runs": reports}, indent=2, default=str))
    print(f"written: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
