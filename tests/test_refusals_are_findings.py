"""No service of any app refuses with a plain error that cites the law (issue 11, item 2): a
refusal that is law is a blocking finding from the rules core, raised as ``Refused`` (which
stores its Decision); a plain ``ServiceError`` is only for what is not law (a missing note, a
stale form, a file too large).

The scan reads every service module (``<app>/services.py`` and ``<app>/services/*.py``) and finds
the words of each plain error: the literals of a ``ServiceError(...)`` call, of a problem added
to a list of ``problems`` that becomes one, and of a string returned by a ``*_problem`` helper
whose answer is raised as one."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import dogtag

SOURCE = Path(dogtag.__file__).parent
SERVICES = sorted(
    str(path.relative_to(SOURCE))
    for path in (*SOURCE.glob("*/services.py"), *SOURCE.glob("*/services/*.py"))
)
#: A citation: a section of the City Code chapter, the fee section, or a Minnesota statute.
CITATION = re.compile(r"\b3-2-\d|\b1-2-2\b|Minn\. Stat|\b34[67]\.\d")


def _words(node: ast.AST) -> str:
    return " ".join(
        c.value for c in ast.walk(node) if isinstance(c, ast.Constant) and isinstance(c.value, str)
    )


def _plain_error_words(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, words) of every plain error the module can raise."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            target = getattr(node.func, "value", None)
            if name == "ServiceError":
                found.append((node.lineno, _words(node)))
            elif name == "append" and getattr(target, "id", None) == "problems":
                # a problem that is a string (a Finding is the rules core's and may cite)
                found += [(node.lineno, a.value) for a in node.args if isinstance(a, ast.Constant)]
                found += [
                    (node.lineno, _words(a)) for a in node.args if isinstance(a, ast.JoinedStr)
                ]
        elif isinstance(node, ast.FunctionDef) and "problem" in node.name:
            for ret in ast.walk(node):
                if isinstance(ret, ast.Return) and isinstance(
                    ret.value, (ast.Constant, ast.JoinedStr)
                ):
                    found.append((ret.lineno, _words(ret.value)))
    return found


def plain_errors_citing_the_law(path: Path) -> list[str]:
    return [
        f"{path.name}:{line}: {words[:100]}"
        for line, words in _plain_error_words(ast.parse(path.read_text()))
        if CITATION.search(words)
    ]


def test_every_service_module_is_scanned():
    assert {
        "kennels/services/commercial.py",
        "complaints/services.py",
        "parcels/services.py",
        "licensing/services.py",
        "accounts/services.py",
        "records/services.py",
        "dangerous_dogs/services/hearing.py",
        "dangerous_dogs/services/_common.py",
    } <= set(SERVICES)


@pytest.mark.parametrize("module", SERVICES)
def test_no_service_refuses_with_a_plain_error_citing_a_section(module):
    assert plain_errors_citing_the_law(SOURCE / module) == []


@pytest.mark.parametrize(
    "source",
    [
        'def f():\n    raise ServiceError(f"Too many dogs {n} (3-2-5.A.2).")\n',
        'def f():\n    problems.append(f"{kind!r} is not a cost of 3-2-9.A.1.f.")\n',
        'def f():\n    problems.append("Not a condition of 3-2-9.E.")\n',
        'def license_problem():\n    return "Record the change of ownership first (3-2-2.F)."\n',
    ],
)
def test_the_check_finds_a_plain_error_citing_a_section(tmp_path, source):
    # given a service that refuses with a plain error naming a section, the check reports it
    path = tmp_path / "services.py"
    path.write_text(source)
    assert len(plain_errors_citing_the_law(path)) == 1


def test_the_check_leaves_a_finding_and_an_error_citing_nothing(tmp_path):
    path = tmp_path / "services.py"
    path.write_text(
        "def f():\n"
        "    problems.append(steps.provided_for('cost', kind, KINDS))\n"
        '    raise ServiceError("Describe the cost.")\n'
    )
    assert plain_errors_citing_the_law(path) == []
