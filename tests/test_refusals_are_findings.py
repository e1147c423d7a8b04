"""No service of the kennel, complaint or parcel apps refuses with a plain error that cites the
law (issue 11, item 2): a refusal that is law is a blocking finding from the rules core, raised as
``Refused``; a plain ``ServiceError`` is only for what is not law (a missing note, a stale form, a
file too large)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import dogtag

SOURCE = Path(dogtag.__file__).parent
SERVICES = ("kennels/services.py", "complaints/services.py", "parcels/services.py")
#: A citation: a section of the City Code chapter, the fee section, or a Minnesota statute.
CITATION = re.compile(r"\b3-2-\d|\b1-2-2\b|Minn\. Stat|\b34[67]\.\d")


def plain_errors_citing_the_law(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", getattr(node.func, "attr", None))
        if name != "ServiceError":
            continue
        text = " ".join(
            c.value
            for c in ast.walk(node)
            if isinstance(c, ast.Constant) and isinstance(c.value, str)
        )
        if CITATION.search(text):
            found.append(f"{path.name}:{node.lineno}: {text[:100]}")
    return found


@pytest.mark.parametrize("module", SERVICES)
def test_no_service_refuses_with_a_plain_error_citing_a_section(module):
    assert plain_errors_citing_the_law(SOURCE / module) == []


def test_the_check_finds_a_plain_error_citing_a_section(tmp_path):
    # given a service that refuses with a plain error naming 3-2-5.A.2, the check reports it
    source = tmp_path / "services.py"
    source.write_text('def f():\n    raise ServiceError(f"Too many dogs {n} (3-2-5.A.2).")\n')
    assert len(plain_errors_citing_the_law(source)) == 1
