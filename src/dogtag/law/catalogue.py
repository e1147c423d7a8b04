"""The catalogue of implemented rules: id, section, title, summary (``dogtag rules``).

The top of the rules core: importing the questions imports every section module, whose rules
register themselves in :mod:`dogtag.law.registry` where they are defined.
"""

from __future__ import annotations

from dogtag.law import questions  # noqa: F401  (loads every section module: every rule registers)
from dogtag.law.registry import RULES as RULES
from dogtag.law.registry import Rule as Rule


def catalogue() -> list[Rule]:
    """Every implemented rule, ordered by section then id."""
    return sorted(RULES.values(), key=lambda r: (_section_key(r.section), r.id))


def _section_key(section: str) -> tuple[tuple[int, str], ...]:
    """Sort "3-2-9.A.2.a" after "3-2-9.A.1.c" and "3-2-10" after "3-2-9"."""
    parts = section.replace("-", ".").split(".")
    return tuple((int(p), "") if p.isdigit() else (10**6, p) for p in parts)
