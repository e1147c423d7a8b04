"""The scale benchmark (issue 14): `make bench` runs it; `--help` says how.

    .venv/bin/python tools/bench/scale.py --size town --db sqlite --db postgres

For each database it builds (or reuses) a synthetic city of the size asked (town = 1,000 dogs,
county = 100,000, state = 1,000,000, or a number), checks a sample of what the generator wrote with
the rules core, then measures each operation beside its raw-SQL floor (``measure.py``) and prints
one table. The figures are written as JSON to var/bench/, so runs can be compared.

Each database runs in its own process (Django's settings are read once per process).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROJECT = HERE.parent.parent
POSTGRES_ADMIN = os.environ.get("DOGTAG_BENCH_POSTGRES", "postgres://postgres@127.0.0.1:5432")


def database_url(db: str, size: str) -> str:
    if db == "sqlite":
        folder = PROJECT / "var" / "bench"
        folder.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{folder / f'{size}.sqlite3'}"
    return f"{POSTGRES_ADMIN}/dogtag_bench_{size}"


def fresh(db: str, size: str) -> None:
    """Drop the bench database of this size, so the next run builds it anew."""
    if db == "sqlite":
        Path(database_url(db, size).removeprefix("sqlite:///")).unlink(missing_ok=True)
        return
    import psycopg

    with psycopg.connect(f"{POSTGRES_ADMIN}/postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "dogtag_bench_{size}" WITH (FORCE)')


def ensure_postgres_database(size: str) -> None:
    import psycopg

    name = f"dogtag_bench_{size}"
    with psycopg.connect(f"{POSTGRES_ADMIN}/postgres", autocommit=True) as admin:
        exists = admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if not exists:
            admin.execute(f'CREATE DATABASE "{name}"')


def run_one(args: argparse.Namespace) -> dict[str, object]:
    """In the child process: build or reuse the city, check it, measure."""
    import django

    django.setup()
    sys.path.insert(0, str(HERE))
    import city
    import jurisdiction_cost
    import measure
    from django.core.management import call_command
    from django.db import connection
    from django.utils import timezone

    from dogtag.licensing.models import Dog

    started = time.perf_counter()
    call_command("migrate", verbosity=0)
    dogs = city.dogs_for(args.size)
    report: dict[str, object] = {"database": connection.vendor, "size": args.size}
    have = Dog.objects.filter(owner__name__startswith="Bench Owner").count()
    if Dog.objects.count() - have >= dogs:
        report["generated"] = "reused"
    else:
        t = time.perf_counter()

        def progress(done: int) -> None:
            print(f"  {connection.vendor}: {done:,} of {dogs:,} dogs", file=sys.stderr, flush=True)

        report["generated"] = city.generate(dogs, progress=progress)
        report["generate_seconds"] = round(time.perf_counter() - t, 1)
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("VACUUM ANALYZE")
    if args.build_only:
        report["dogs"] = Dog.objects.count()
        report["seconds"] = round(time.perf_counter() - started, 1)
        return report
    problems = city.check(args.check)
    report["checked_with_rules_core"] = {"sample": args.check, "problems": problems[:20]}
    on = timezone.localdate()
    n = args.iterations
    figures = (
        []
        if args.only == "jurisdiction"
        else [
            measure.lookup(on, n),
            measure.staff_search(on, n),
            measure.due_sweep(on, n),
            measure.due_first_page(on, n),
            measure.issuing(on, n),
            measure.reminder_letters(on, n),
        ]
    )
    figures += jurisdiction_cost.scoped_queries(n)
    report["figures"] = [f.to_json() for f in figures]
    report["storage"] = measure.storage()
    report["jurisdiction_columns"] = jurisdiction_cost.columns(
        report["storage"]["bytes_per_license"]  # type: ignore[index]
    )
    if connection.vendor == "postgresql" and args.only is None:
        report["concurrency"] = measure.concurrent_issuing(on)
    report["dogs"] = Dog.objects.count()
    report["seconds"] = round(time.perf_counter() - started, 1)
    return report


def table(reports: list[dict[str, object]]) -> None:
    from rich.console import Console
    from rich.table import Table

    out = Table(title="Dogtag at scale: each operation beside its raw-SQL floor (ms)")
    for column in ("database", "operation", "stat", "Dogtag", "floor", "ratio", "target", "met"):
        out.add_column(
            column, justify="right" if column not in ("database", "operation") else "left"
        )
    for report in reports:
        db = f"{report['database']} ({report['dogs']:,} dogs)"
        for f in report["figures"]:  # type: ignore[attr-defined]
            out.add_row(
                db,
                f["operation"] + (f" [dim]({f['note']})[/dim]" if f["note"] else ""),
                f["statistic"],
                f"{f['dogtag_ms']:.2f}",
                f"{f['floor_ms']:.2f}",
                f"{f['ratio']:.1f}×" if f["ratio"] else "–",
                f"< {f['target_ms']}" if f["target_ms"] else "",
                {True: "yes", False: "NO", None: ""}[f["meets_target"]],
            )
        s = report["storage"]
        out.add_row(
            db,
            "storage per license (all its rows and indexes)",
            "bytes",
            f"{s['bytes_per_license']:,}",  # type: ignore[index]
            "",
            "",
            "≤ 3,072",
            "yes" if s["bytes_per_license"] <= 3072 else "NO",  # type: ignore[index,operator]
        )
        j = report.get("jurisdiction_columns")
        if j:
            out.add_row(
                db,
                "of which the jurisdiction columns (records know their city)",
                "bytes",
                f"{j['column_bytes_per_license']:,}",
                "",
                f"{j['share_of_license_bytes_percent']}%",
                "",
                "",
            )
        c = report.get("concurrency")
        if c:
            ok = c["issues_per_second"] >= 200 and not c["duplicates"] and c["receipts_gapless"]
            out.add_row(
                db,
                f"{c['operation']} [dim]({c['issued']} issued, {c['duplicates']} duplicate "
                f"numbers, receipts {'gapless' if c['receipts_gapless'] else 'WITH GAPS'}"
                f"{', failures: ' + '; '.join(c['failures']) if c['failures'] else ''})[/dim]",
                "per s",
                f"{c['issues_per_second']:,}",
                "",
                "",
                "≥ 200",
                "yes" if ok else "NO",
            )
    Console(width=150).print(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--size", default="town", help="town, county, state or a number of dogs")
    parser.add_argument("--db", action="append", choices=("sqlite", "postgres"))
    parser.add_argument("--iterations", type=int, default=200, help="samples per operation")
    parser.add_argument(
        "--check", type=int, default=200, help="licenses checked with the rules core"
    )
    parser.add_argument("--fresh", action="store_true", help="build the city anew")
    parser.add_argument(
        "--build-only",
        action="store_true",
        help="build (or reuse) the city and stop: a state-size city can be built while the"
        " machine is busy and measured later, when it is quiet",
    )
    parser.add_argument(
        "--only",
        choices=("jurisdiction",),
        help="measure only these figures (jurisdiction: what records knowing their city costs,"
        " issue 27), with the storage they are a share of",
    )
    parser.add_argument("--out", default=str(PROJECT / "var" / "bench"))
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(run_one(args), default=str))
        return 0
    reports = []
    for db in args.db or ["sqlite"]:
        if args.fresh:
            fresh(db, args.size)
        if db == "postgres":
            ensure_postgres_database(args.size)
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "dogtag.settings",
            "DATABASE_URL": database_url(db, args.size),
            "SECRET_KEY": os.environ.get("SECRET_KEY", "bench-only-" + "x" * 50),
            "DOGTAG_VAR_DIR": str(Path(args.out) / "var"),
        }
        child = [sys.executable, __file__, "--child", "--size", args.size]
        child += ["--iterations", str(args.iterations), "--check", str(args.check)]
        child += ["--build-only"] if args.build_only else []
        child += ["--only", args.only] if args.only else []
        print(f"== {db}: a city of {args.size} ({database_url(db, args.size)})", file=sys.stderr)
        done = subprocess.run(child, env=env, stdout=subprocess.PIPE, text=True, check=False)
        if done.returncode:
            print(f"{db}: the benchmark failed (exit {done.returncode})", file=sys.stderr)
            return done.returncode
        report = json.loads(done.stdout.strip().splitlines()[-1])
        if args.build_only:
            print(json.dumps(report))
            continue
        problems = report["checked_with_rules_core"]["problems"]
        if problems:
            print(
                f"{db}: the generator wrote what the rules core would not:", *problems, sep="\n  "
            )
            return 1
        reports.append(report)
    if args.build_only:
        return 0
    table(reports)
    stamp = time.strftime("%Y%m%dT%H%M%S")
    path = Path(args.out) / f"{args.size}-{stamp}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"size": args.size, "runs": reports}, indent=2, default=str))
    print(f"written: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
