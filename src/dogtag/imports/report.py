"""A run's report as CSV, to keep or download: one line per problem."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping
from typing import Any

from dogtag.imports.layout import Problem

HEADER = ("row", "level", "column", "value", "reason", "sections")


def problems_csv(problems: Iterable[Problem | Mapping[str, Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(HEADER)
    for p in problems:
        item = p.as_json() if isinstance(p, Problem) else p
        value = str(item["value"])
        if value[:1] in ("=", "+", "-", "@"):  # never a formula when opened in a spreadsheet
            value = "'" + value
        writer.writerow(
            [
                item["row"],
                item["level"],
                item["column"],
                value,
                item["reason"],
                "; ".join(item["sections"]),
            ]
        )
    return out.getvalue()
