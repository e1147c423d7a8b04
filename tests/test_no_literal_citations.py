"""Rules cite concepts, packages cite sections (issue 27): no section number of any jurisdiction
package is written in the code (rules, services, views, templates, documents) outside the
packages (``src/dogtag/params/<jurisdiction>/``).

The code is being converted module by module. ``literal_citations.json`` lists the modules not yet
converted with the number of citations each still writes out; a module may only lose them. A
converted module is one that is not listed: it must write none. When a module is converted,
remove it from the list and lower ``CEILING`` to the new total.
"""

from __future__ import annotations

import json
from pathlib import Path

from dogtag.law import params
from dogtag.law.provisions import sections_of

SRC = Path(__file__).resolve().parent.parent / "src" / "dogtag"
BASELINE = Path(__file__).resolve().parent / "literal_citations.json"
#: the total the unconverted modules may still write out; only ever lowered
CEILING = 0


def written_out() -> dict[str, int]:
    """Each file of the code (Python and templates) with the citations of any package it writes."""
    packages = [params.load(params.DEFAULT_ROOT, city).city for city in ("nowthen", "lino-lakes")]
    maps = [sections_of(j) for j in packages]
    found: dict[str, int] = {}
    for path in sorted(SRC.rglob("*")):
        parts = path.relative_to(SRC).parts
        # a migration records the schema as it was when written (its help texts included): history,
        # not code that cites; the model it came from is converted, and its next migration too
        if path.suffix not in (".py", ".html") or "params" in parts or "migrations" in parts:
            continue
        text = path.read_text(encoding="utf-8")
        count = sum(len(m.cited(text)) for m in maps)
        if count:
            found[str(path.relative_to(SRC))] = count
    return found


def test_no_converted_module_writes_a_section_out_and_the_rest_only_shrink():
    baseline: dict[str, int] = json.loads(BASELINE.read_text(encoding="utf-8"))
    found = written_out()
    grown = {f: (baseline.get(f, 0), n) for f, n in found.items() if n > baseline.get(f, 0)}
    assert grown == {}, f"sections written out where the package should cite them: {grown}"
    assert sum(baseline.values()) <= CEILING


def test_the_list_of_modules_not_yet_converted_is_exact():
    # a module converted (or reduced) must be taken off (or lowered in) the list
    baseline: dict[str, int] = json.loads(BASELINE.read_text(encoding="utf-8"))
    assert written_out() == baseline


def test_the_first_converted_module_cites_through_the_package():
    assert "law/vehicles.py" not in written_out()


def test_the_rules_core_writes_no_section_at_all():
    # every module of dogtag.law cites through the packages: the rules core is converted whole
    assert [path for path in written_out() if path.startswith("law/")] == []
