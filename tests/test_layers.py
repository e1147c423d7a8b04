"""Issue 11 item 8: the layers are enforced, and nothing goes around them.

The import-linter contracts (``pyproject.toml``, run by ``lint-imports`` in ``make test``) are
``layers`` contracts and pass. What they cannot see is checked here: no app imports another app's
private names or modules, and no import inside a function reaches another app (an import put in
a function to dodge a cycle), except where the layers allow it: an ``AppConfig.ready`` importing
its own app and the kernel, and the ``dogtag`` command, the top layer, loading what it runs."""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

import dogtag

SOURCE = Path(dogtag.__file__).parent
KERNEL = "records"
#: The top layer: it may import any app, lazily, so ``dogtag --help`` stays fast.
TOP = ("cli.py",)


def _modules() -> list[tuple[str, Path, ast.Module]]:
    return [
        (path.relative_to(SOURCE).parts[0], path, ast.parse(path.read_text(encoding="utf-8")))
        for path in sorted(SOURCE.rglob("*.py"))
        if "migrations" not in path.parts
    ]


def _app_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "dogtag" else None


def private_imports(app: str, tree: ast.AST) -> list[str]:
    """Another app's ``_name`` or ``_module`` imported by a module of ``app``."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or not node.module:
            continue
        other = _app_of(node.module)
        if other is None or other == app:
            continue
        private_module = any(p.startswith("_") for p in node.module.split(".")[2:])
        names = [a.name for a in node.names if a.name.startswith("_")]
        if private_module or names:
            found.append(f"{node.module}: {', '.join(names) or '(private module)'}")
    return found


def local_imports_of_other_apps(app: str, tree: ast.AST) -> list[str]:
    """Imports inside a function that reach an app other than ``app`` and the kernel."""
    found = []
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.ImportFrom) and node.module:
                modules = [node.module]
            elif isinstance(node, ast.Import):
                modules = [a.name for a in node.names]
            else:
                continue
            for module in modules:
                other = _app_of(module)
                if other is not None and other not in (app, KERNEL):
                    found.append(f"{function.name}: {module}")
    return found


def test_no_app_imports_another_apps_private_names():
    found = [
        f"{path.relative_to(SOURCE)}: {hit}"
        for app, path, tree in _modules()
        for hit in private_imports(app, tree)
    ]
    assert found == []


def test_no_function_local_import_reaches_another_app():
    found = [
        f"{path.relative_to(SOURCE)}: {hit}"
        for app, path, tree in _modules()
        if app not in TOP
        for hit in local_imports_of_other_apps(app, tree)
    ]
    assert found == []


def test_the_checks_find_what_they_look_for():
    tree = ast.parse(
        "from dogtag.licensing.services import _record_receipt\n"
        "from dogtag.kennels._helpers import x\n"
        "def f():\n"
        "    from dogtag.kennels.limits import parcel_limits\n"
        "    from dogtag.records.due import register\n"
        "    from dogtag.parcels.models import Parcel\n"
    )
    assert private_imports("parcels", tree) == [
        "dogtag.licensing.services: _record_receipt",
        "dogtag.kennels._helpers: (private module)",
    ]
    assert local_imports_of_other_apps("parcels", tree) == ["f: dogtag.kennels.limits"]


def test_the_contracts_are_layers_contracts_over_the_rules_core_and_the_apps():
    config = tomllib.loads((SOURCE.parents[1] / "pyproject.toml").read_text())
    contracts = config["tool"]["importlinter"]["contracts"]
    layered = [c for c in contracts if c["type"] == "layers"]
    containers = {tuple(c.get("containers", ())) for c in layered}
    assert ("dogtag.law",) in containers
    # the apps' contract names every app: the rules core, then the kernel, at the bottom
    (apps,) = [c for c in layered if any("dogtag.records" in layer for layer in c["layers"])]
    assert apps["layers"][-2:] == ["dogtag.records", "dogtag.law"]
    named = " ".join(apps["layers"])
    for app in ("parcels", "licensing", "complaints", "kennels", "dangerous_dogs", "staff"):
        assert f"dogtag.{app}" in named


def test_the_contracts_pass():
    lint = Path(sys.executable).with_name("lint-imports")
    run = subprocess.run(
        [str(lint), "--config", str(SOURCE.parents[1] / "pyproject.toml")],
        capture_output=True,
        text=True,
        cwd=SOURCE.parents[1],
        env={"PYTHONPATH": str(SOURCE.parent), "PATH": "/usr/bin:/bin"},
        check=False,
    )
    assert run.returncode == 0, run.stdout[-2000:]
    assert "0 broken" in run.stdout
