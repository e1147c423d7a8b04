"""The parcel import's rows per second (issue 14: bulk paths, >= 20,000 rows/s on PostgreSQL).

    .venv/bin/python tools/bench/parcels.py --rows 100000 --db postgres --db sqlite

makes a county GeoJSON file of that many parcels in the working CRS (a grid of lots inside the
city's extent; every other lot with a dwelling's footprint, every 500th feature spoiled: a ring not
closed, a PIN on two features, acres that are no number), imports it into a fresh database of each
kind twice (the second run finds every parcel unchanged), and prints the rows per second of each
run beside the floor: the very rows the first run wrote, written again raw (``legacy.floor``'s
technique) and rolled back. Every feature's geometry is still read and checked by
``parcels.geojson`` (ring closed, valid, inside the city, area).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
PROJECT = HERE.parent.parent
sys.path.insert(0, str(HERE))

import legacy  # noqa: E402  (the fresh database and the floor)

#: The city's extent in the working CRS (params/nowthen/jurisdiction.yaml), feet.
WEST, SOUTH = 2_742_700 + 5_280, 1_158_000 + 5_280
LOT = 120  # feet a side: a grid of 330 by 300 lots fits inside the extent


def collection(rows: int, every: int = 500) -> tuple[bytes, int]:
    """The file, and how many features the import must refuse."""
    per_row = 330
    features: list[dict[str, Any]] = []
    refused = 0
    for n in range(rows):
        x, y = WEST + (n % per_row) * LOT, SOUTH + (n // per_row) * LOT
        ring = [[x, y], [x + LOT - 10, y], [x + LOT - 10, y + LOT - 10], [x, y + LOT - 10], [x, y]]
        properties: dict[str, Any] = {
            "PIN": f"B{n:09d}",
            "SITE_ADDRESS": f"{1000 + n % 9000} {200 + n // 9000}th Ave NW",
            "ACRES": 0.3,
            "OWNER_NAME": f"OWNER {n}",
            "MAIL_ADDR": f"{1000 + n % 9000} {200 + n // 9000}th Ave NW",
            "MAIL_CITY": "Nowthen",
            "MAIL_STATE": "MN",
            "MAIL_ZIP": "55330",
        }
        if n % 2 == 0:
            house = [[x + 20, y + 20], [x + 60, y + 20], [x + 60, y + 50], [x + 20, y + 50]]
            properties["structures"] = [
                {
                    "kind": "dwelling",
                    "main": True,
                    "label": "House",
                    "footprint": {"type": "Polygon", "coordinates": [[*house, house[0]]]},
                }
            ]
        kind = n % every
        if kind == 7:
            ring = [*ring[:-1], [x + 1, y]]  # not closed
            refused += 1
        elif kind == 107:
            properties["ACRES"] = "about one"
            refused += 1
        elif kind == 207 and n:
            properties["PIN"] = features[-1]["properties"]["PIN"]  # on two features
            refused += 2  # both features
        features.append(
            {
                "type": "Feature",
                "properties": properties,
                "geometry": {"type": "Polygon", "coordinates": [ring]},
            }
        )
    data = {
        "type": "FeatureCollection",
        "crs": {"type": "name", "properties": {"name": "urn:ogc:def:crs:EPSG::26851"}},
        "features": features,
    }
    return json.dumps(data).encode(), refused


def run_one(rows: int) -> dict[str, Any]:
    """In the child process: make the file, import it twice, time each run and the floor."""
    import django

    django.setup()
    from django.core.management import call_command

    from dogtag.parcels.importing import import_parcels
    from dogtag.parcels.models import Parcel, Structure

    call_command("migrate", verbosity=0)
    from django.db import connection

    data, refused = collection(rows)
    report: dict[str, Any] = {
        "database": connection.vendor,
        "rows": rows,
        "file_bytes": len(data),
        "expected_refused": refused,
    }
    for run in ("first", "second"):
        t, cpu = time.perf_counter(), time.process_time()
        done = import_parcels(data, filename="bench.geojson", actor=None)
        seconds, cpu = time.perf_counter() - t, time.process_time() - cpu
        report[run] = {
            "seconds": round(seconds, 2),
            "rows_per_second": round(rows / seconds),
            "cpu_seconds": round(cpu, 2),
            "rows_per_cpu_second": round(rows / cpu),
            "created": len(done.created),
            "updated": len(done.updated),
            "unchanged": len(done.unchanged),
            "refused": len(done.rejected),
        }
    report["floor"] = legacy.floor(
        rows, [Parcel, Parcel.history.model, Structure, Structure.history.model]
    )
    return report


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
    reports = legacy.children(__file__, args, "parcels", "parcel")
    if isinstance(reports, int):
        return reports
    print(f"load average (1 min) at the end: {os.getloadavg()[0]:.1f} (cores: {os.cpu_count()})")
    for r in reports:
        for run in ("first", "second"):
            f = r[run]
            print(
                f"{r['database']:>10} {run:>6} run: {r['rows']:,} parcels in {f['seconds']} s = "
                f"{f['rows_per_second']:,} rows/s (this process's CPU: {f['cpu_seconds']} s = "
                f"{f['rows_per_cpu_second']:,} rows/s; {f['created']:,} created, "
                f"{f['updated']:,} updated, {f['unchanged']:,} unchanged, {f['refused']:,} refused "
                f"of {r['expected_refused']:,} spoiled)"
            )
        f = r["floor"]
        print(
            f"{r['database']:>10}  floor: the same {f['table_rows']:,} table rows written raw in "
            f"{f['seconds']} s = {f['rows_per_second']:,} parcels/s; the first run took "
            f"{r['first']['seconds'] / f['seconds']:.1f}× the floor"
        )
    stamp = time.strftime("%Y%m%dT%H%M%S")
    path = Path(args.out) / f"parcels-{args.rows}-{stamp}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"runs": reports}, indent=2, default=str))
    print(f"written: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
