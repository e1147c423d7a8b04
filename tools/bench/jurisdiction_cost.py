"""What it costs that records know their city (issue 27 item 6), measured in the scale benchmark.

Two costs, each against a baseline in the same run:

- **Storage**: the bytes the ``jurisdiction`` columns take in the rows a license brings (license,
  tag, receipt and its line, decision, their history), per license, beside all those rows'
  bytes (``measure.storage``): the share of a license's storage that names its city.
- **Queries scoped to a city**: one deployment serving several cities asks every question of one
  city's records (docs/ARCHITECTURE.md, "Several cities in one deployment"). Each question below
  is asked with ``jurisdiction = <the city>`` (the figure's "Dogtag" column) and without it (its
  "floor"), the same hand-written SQL through the same driver: the ratio is what scoping costs.
"""

from __future__ import annotations

import random
from typing import Any

from django.db import connection
from measure import LICENSE_TABLES, Figure, _cycle, sql, timed  # type: ignore[import-not-found]

from dogtag.licensing.models import License, Owner, Tag
from dogtag.records.jurisdiction import in_force


def columns(bytes_per_license: int | None) -> dict[str, Any]:
    """The ``jurisdiction`` columns' bytes per license, and their share of a license's bytes."""
    licenses = License.objects.count()
    by_table: dict[str, int] = {}
    for table in LICENSE_TABLES:
        names = {
            c.name
            for c in connection.introspection.get_table_description(connection.cursor(), table)
        }
        if "jurisdiction" not in names:
            continue
        if connection.vendor == "postgresql":
            query = f"SELECT COALESCE(SUM(pg_column_size(jurisdiction)), 0) FROM {table}"
        else:  # the text's bytes and its one-byte record header entry, as SQLite stores it
            query = f"SELECT COALESCE(SUM(length(CAST(jurisdiction AS BLOB)) + 1), 0) FROM {table}"
        by_table[table] = int(sql(query)[0][0])
    per_license = round(sum(by_table.values()) / licenses) if licenses else 0
    share = round(100 * per_license / bytes_per_license, 2) if bytes_per_license else None
    return {
        "city": in_force(),
        "column_bytes_per_license": per_license,
        "share_of_license_bytes_percent": share,
        "by_table_bytes": by_table,
    }


def scoped_queries(iterations: int) -> list[Figure]:
    """Three questions of the desk, scoped to the city and not: a tag looked up, a surname
    searched, the licenses in force counted."""
    city = in_force()
    rng = random.Random(27)
    serials = list(Tag.objects.exclude(status="in_stock").values_list("serial", flat=True)[:5000])
    tags = _cycle(rng.sample(serials, min(100, len(serials))))
    names = [n.split()[-1] for n in Owner.objects.values_list("name", flat=True)[:2000]]
    surnames = _cycle(rng.sample(names, min(100, len(names))))
    tag_sql = (
        "SELECT d.id, d.name FROM licensing_tag t JOIN licensing_dog d ON d.id = t.dog_id"
        " WHERE t.serial = %s"
    )
    name_sql = "SELECT id FROM licensing_owner WHERE name LIKE %s"
    count_sql = "SELECT COUNT(*) FROM licensing_license WHERE status = 'active'"
    figures = [
        Figure(
            "a tag looked up, scoped to the city (floor: not scoped)",
            "p99",
            timed(lambda: sql(tag_sql + " AND t.jurisdiction = %s", [tags(), city]), iterations),
            timed(lambda: sql(tag_sql, [tags()]), iterations),
        ),
        Figure(
            "a surname searched, scoped to the city (floor: not scoped)",
            "p95",
            timed(
                lambda: sql(
                    name_sql + " AND jurisdiction = %s ORDER BY name, id LIMIT 26",
                    [f"%{surnames()}%", city],
                ),
                iterations,
            ),
            timed(
                lambda: sql(name_sql + " ORDER BY name, id LIMIT 26", [f"%{surnames()}%"]),
                iterations,
            ),
        ),
    ]
    times = max(3, iterations // 20)
    figures.append(
        Figure(
            "licenses in force counted, scoped to the city (floor: not scoped)",
            "p50",
            timed(lambda: sql(count_sql + " AND jurisdiction = %s", [city]), times, warmup=1),
            timed(lambda: sql(count_sql), times, warmup=1),
        )
    )
    return figures
