"""The load test (issue 14): 20 staff users browsing the real server over HTTP with locust.

    .venv/bin/python tools/bench/load.py --size town --db sqlite --users 20 --seconds 60

It uses the benchmark's synthetic city of that size (``scale.py`` builds it first if it is not
there), signs a load-test clerk in, starts `dogtag serve` on 127.0.0.1 (``--workers`` gunicorn
processes, or Waitress with 1) and runs locust headless for a bounded time and number of users.
It prints each page's requests, errors, median, p95 and p99 beside the 300 ms target, and writes
them as JSON under var/bench/. ``--max-errors`` (default 0) makes it fail when more requests fail.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import scale  # noqa: E402

TARGET_P95_MS = 300
PREPARE = """
import json, sys
import django
django.setup()
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from dogtag.licensing.models import Dog, License, Owner, Tag
from dogtag.records import roles
roles.ensure_roles()
User = get_user_model()
user, _ = User.objects.get_or_create(username="load-clerk")
user.set_password(sys.argv[1]); user.save()
user.groups.add(Group.objects.get(name=roles.CLERK))
from dogtag.staff import first_run
if first_run.administrator() is None:  # `dogtag serve` serves a city that has one
    User.objects.create_superuser("load-admin", password=sys.argv[1] + "-admin")
owners = list(Owner.objects.order_by("?").values_list("id", "name")[:200])
print(json.dumps({
    "username": "load-clerk", "password": sys.argv[1],
    "owners": [pk for pk, _ in owners],
    "names": sorted({name.split()[-1] for _, name in owners}),
    "dogs": list(Dog.objects.order_by("?").values_list("id", flat=True)[:200]),
    "licenses": list(License.objects.order_by("?").values_list("number", flat=True)[:200]),
    "numbers": list(
        Tag.objects.exclude(status="in_stock").order_by("?").values_list("serial", flat=True)[:200]
    ) + list(
        Dog.objects.exclude(microchip="").order_by("?").values_list("microchip", flat=True)[:100]
    ),
}))
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def environment(db: str, size: str, out: Path) -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "dogtag.settings",
        "DATABASE_URL": scale.database_url(db, size),
        "SECRET_KEY": os.environ.get("SECRET_KEY", "bench-only-" + "x" * 50),
        "DOGTAG_VAR_DIR": str(out / "var"),
    }


def ensure_city(db: str, size: str, env: dict[str, str]) -> None:
    """Builds the benchmark's city of this size unless it holds dogs already."""
    if db == "postgres":
        scale.ensure_postgres_database(size)
    probe = subprocess.run(
        [
            sys.executable,
            "-c",
            "import django; django.setup(); from dogtag.licensing.models "
            "import Dog; print(Dog.objects.count())",
        ],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if probe.returncode == 0 and int(probe.stdout.strip() or 0) > 0:
        # A city built by an earlier version: bring its database up to this one.
        subprocess.run(
            [sys.executable, "-m", "dogtag.cli", "manage", "migrate", "-v0"], env=env, check=True
        )
        return
    subprocess.run(
        [
            sys.executable,
            str(HERE / "scale.py"),
            "--size",
            size,
            "--db",
            db,
            "--iterations",
            "3",
            "--check",
            "20",
        ],
        env={k: v for k, v in env.items() if k != "DATABASE_URL"},
        check=True,
    )


def wait_until_up(url: str, server: subprocess.Popen[bytes]) -> None:
    for _ in range(240):
        if server.poll() is not None:
            raise SystemExit(f"the server stopped (exit {server.returncode})")
        try:
            with urllib.request.urlopen(f"{url}/accounts/login/", timeout=10) as answer:
                if answer.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.5)
    raise SystemExit(f"{url} did not answer")


def warm_up(url: str, workers: int) -> None:
    """Ask for the sign-in page a few times at once per worker process, so each has served a
    page (imported its code, loaded its templates, opened its database connection) before the
    test starts, as a server in use has: else the first pages of the test measure a cold start."""

    def ask(_: int) -> None:
        with urllib.request.urlopen(f"{url}/accounts/login/", timeout=30) as answer:
            answer.read()

    with ThreadPoolExecutor(max_workers=4 * workers) as pool:
        list(pool.map(ask, range(8 * workers)))


def read_stats(prefix: str) -> list[dict[str, object]]:
    with open(f"{prefix}_stats.csv", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    return [
        {
            "page": row["Name"],
            "requests": int(row["Request Count"]),
            "errors": int(row["Failure Count"]),
            "median_ms": float(row["50%"] or 0),
            "p95_ms": float(row["95%"] or 0),
            "p99_ms": float(row["99%"] or 0),
            "per_second": float(row["Requests/s"] or 0),
        }
        for row in rows
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--size", default="town")
    parser.add_argument("--db", default="sqlite", choices=("sqlite", "postgres"))
    parser.add_argument("--users", type=int, default=20)
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--workers", type=int, default=2, help="server processes (1: Waitress)")
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--max-errors", type=int, default=0)
    parser.add_argument("--out", default=str(scale.PROJECT / "var" / "bench"))
    args = parser.parse_args(argv)
    if not (1 <= args.users <= 500 and 5 <= args.seconds <= 3600):
        parser.error("--users must be 1 to 500 and --seconds 5 to 3600")
    out = Path(args.out)
    env = environment(args.db, args.size, out)
    ensure_city(args.db, args.size, env)
    work = Path(tempfile.mkdtemp(prefix="dogtag-load-"))
    prepared = subprocess.run(
        [sys.executable, "-c", PREPARE, "load-test-" + os.urandom(6).hex()],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    samples = work / "samples.json"
    samples.write_text(prepared.stdout.strip().splitlines()[-1], encoding="utf-8")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "dogtag.cli",
            "serve",
            "--port",
            str(port),
            "--workers",
            str(args.workers),
            "--threads",
            str(args.threads),
        ],
        env=env,
        stdout=subprocess.DEVNULL,
    )
    try:
        wait_until_up(url, server)
        warm_up(url, args.workers)
        print(
            f"== locust: {args.users} staff users for {args.seconds}s on {url} "
            f"({args.db}, {args.size}, {args.workers} worker processes)",
            file=sys.stderr,
        )
        prefix = str(work / "stats")
        subprocess.run(
            [
                sys.executable,
                "-m",
                "locust",
                "-f",
                str(HERE / "locustfile.py"),
                "--headless",
                "--users",
                str(args.users),
                "--spawn-rate",
                str(max(1, args.users // 5)),
                "--run-time",
                f"{args.seconds}s",
                "--host",
                url,
                "--csv",
                prefix,
                "--only-summary",
                "--stop-timeout",
                "10",
                "--exit-code-on-error",
                "0",
            ],
            env={**env, "LOAD_SAMPLES": str(samples)},
            check=True,
            timeout=args.seconds + 120,
        )
    finally:
        server.terminate()
        server.wait(timeout=30)
    stats = read_stats(prefix)
    report = {
        "size": args.size,
        "database": args.db,
        "users": args.users,
        "seconds": args.seconds,
        "workers": args.workers,
        "threads": args.threads,
        "target_p95_ms": TARGET_P95_MS,
        "pages": stats,
    }
    table(report)
    path = out / f"load-{args.db}-{args.size}-{time.strftime('%Y%m%dT%H%M%S')}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, indent=2))
    print(f"written: {path}")
    errors = next((row["errors"] for row in stats if row["page"] == "Aggregated"), 0)
    return 1 if int(errors) > args.max_errors else 0


def table(report: dict[str, object]) -> None:
    from rich.console import Console
    from rich.table import Table

    out = Table(
        title=f"{report['users']} staff users, {report['seconds']} s ({report['database']}, {report['size']})"
    )
    for column in ("page", "requests", "errors", "median ms", "p95 ms", "p99 ms", "p95 < 300"):
        out.add_column(column, justify="left" if column == "page" else "right")
    for row in report["pages"]:  # type: ignore[attr-defined]
        met = "yes" if row["p95_ms"] < TARGET_P95_MS else "NO"
        out.add_row(
            row["page"],
            f"{row['requests']:,}",
            str(row["errors"]),
            f"{row['median_ms']:.0f}",
            f"{row['p95_ms']:.0f}",
            f"{row['p99_ms']:.0f}",
            met,
        )
    Console(width=120).print(out)


if __name__ == "__main__":
    sys.exit(main())
