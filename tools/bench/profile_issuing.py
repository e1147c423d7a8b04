"""Profile issuing a license deterministically (issue 14): statements, Python calls, instructions.

Wall-clock time on a shared machine is noise; what one issue costs is better read from the number
of SQL statements it runs and the Python function calls it makes (cProfile counts them exactly),
or the instructions it executes (callgrind). This script copies a bench city's SQLite database
(built by ``scale.py``), prepares N households at the desk as ``measure.issuing`` does, and issues
their licenses through ``issue_license`` in a loop::

    PYTHONPATH=src .venv/bin/python tools/bench/scale.py --size 2000 --db sqlite --iterations 50
    PYTHONPATH=src .venv/bin/python tools/bench/profile_issuing.py --city var/bench/2000.sqlite3
    PYTHONPATH=src .venv/bin/python tools/bench/profile_issuing.py --top 40   # the costliest calls
    for n in 1 101; do PYTHONPATH=src valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        .venv/bin/python tools/bench/profile_issuing.py --no-profile --quiet --issues $n; done

It prints the statements of one issue (after a warm-up issue, so the per-process caches are
filled as on a running server), the statements and Python calls per issue over the loop, and with
``--top`` the functions that cost the most. The households prepared are the same whatever
``--issues`` says (``--prepare``), so under callgrind the difference between the totals
("Collected") of two runs, divided by the difference in issues, is the instructions of one issue.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
PROJECT = HERE.parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--city", default=str(PROJECT / "var" / "bench" / "2000.sqlite3"))
    parser.add_argument("--issues", type=int, default=50, help="licenses issued in the loop")
    parser.add_argument("--prepare", type=int, default=102, help="households prepared")
    parser.add_argument("--top", type=int, default=0, help="print the N costliest functions")
    parser.add_argument("--no-profile", action="store_true", help="run without cProfile")
    parser.add_argument("--quiet", action="store_true", help="do not print the statements")
    parser.add_argument(
        "--by-statement", action="store_true", help="time each kind of statement (wall clock)"
    )
    args = parser.parse_args(argv)
    if not 1 <= args.issues <= 10_000:
        parser.error("--issues must be between 1 and 10,000")
    args.prepare = max(args.prepare, args.issues + 2)
    city = Path(args.city)
    if not city.exists():
        parser.error(f"no bench city at {city}: build one with tools/bench/scale.py")

    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch) / "city.sqlite3"
        shutil.copyfile(city, copy)  # every run starts from the same database
        os.environ["DATABASE_URL"] = f"sqlite:///{copy}"
        os.environ.setdefault("SECRET_KEY", "profile-only-" + "x" * 50)
        os.environ["DJANGO_SETTINGS_MODULE"] = "dogtag.settings"
        os.environ["DOGTAG_VAR_DIR"] = scratch
        import django

        django.setup()
        sys.path.insert(0, str(HERE))
        import measure
        from django.contrib.auth import get_user_model
        from django.db import connection
        from django.test.utils import CaptureQueriesContext
        from django.utils import timezone

        # Today, as at the desk: a license dated back takes the slower path of the due list's
        # clocks (due_clocks.store_issued), which the desk does not.
        on = timezone.localdate()
        clerk = get_user_model().objects.get(username=measure.CLERK)
        prepared = measure._licensable_dogs(args.prepare, on, clerk)

        def issue(dog: object, rabies: object, due: object) -> None:
            measure.issue_one(on, clerk, dog, rabies, due)

        issue(*prepared[0])  # warm: content types, cited values, parameters, numbering rows
        with CaptureQueriesContext(connection) as queries:
            issue(*prepared[1])
        if not args.quiet:
            for n, query in enumerate(queries.captured_queries, 1):
                print(f"{n:3} {query['sql'][:160]}")
        print(f"statements in one issue: {len(queries.captured_queries)}")

        loop = prepared[2 : 2 + args.issues]
        profiler = None if args.no_profile else cProfile.Profile()
        counted = [0]

        spent: dict[str, float] = {}

        def count(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
            counted[0] += 1  # cheaper than CaptureQueriesContext, which logs each statement
            if not args.by_statement:
                return execute(sql, params, many, context)
            start = time.perf_counter()
            try:
                return execute(sql, params, many, context)
            finally:
                key = " ".join(sql.split()[:3])[:60]
                spent[key] = spent.get(key, 0.0) + time.perf_counter() - start

        with connection.execute_wrapper(count):
            if profiler is not None:
                profiler.enable()
            for dog, rabies, due in loop:
                issue(dog, rabies, due)
            if profiler is not None:
                profiler.disable()
        for key, seconds in sorted(spent.items(), key=lambda kv: -kv[1]):
            print(f"  {seconds / len(loop) * 1000:7.2f} ms per issue  {key}")
        # COMMIT is not counted here (the driver runs it), unlike above.
        print(
            f"statements per issue over {len(loop)}: {counted[0] / len(loop)} (COMMIT not counted)"
        )
        if profiler is not None:
            stats = pstats.Stats(profiler)
            print(f"Python calls per issue: {stats.total_calls / len(loop):.0f}")  # type: ignore[attr-defined]
            print(f"primitive calls per issue: {stats.prim_calls / len(loop):.0f}")  # type: ignore[attr-defined]
            print(f"profiled seconds per issue: {stats.total_tt / len(loop) * 1000:.2f} ms")  # type: ignore[attr-defined]
            if args.top:
                stats.sort_stats("tottime").print_stats(args.top)
                stats.sort_stats("cumulative").print_stats(args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
