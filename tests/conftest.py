import shutil
from pathlib import Path

import pytest
import yaml

from dogtag.law import params
from tests.suite_clock import sitecustomize as suite_clock


def pytest_configure(config: pytest.Config) -> None:
    """The whole suite, and every process it starts, runs on one stated day (issue 25):
    ``tests/suite_clock/sitecustomize.py``."""
    suite_clock.declare()
    suite_clock.travel()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The rules core's tests use no database (import-linter keeps Django out of dogtag.law): a
    second pass on PostgreSQL would run them unchanged, so they are marked to run once."""
    for item in items:
        if item.path.is_relative_to(LAW_TESTS):
            item.add_marker(pytest.mark.database_independent)


LAW_TESTS = Path(__file__).resolve().parent / "law"


def pytest_report_header(config: pytest.Config) -> str:
    moment = suite_clock.stated_moment()
    return f"the suite's day: {moment:%A %Y-%m-%d %H:%M} in Nowthen (DOGTAG_TEST_DAY)"


@pytest.fixture(scope="session")
def nowthen() -> params.ParameterSet:
    """Nowthen's parameter files as shipped."""
    return params.load()


@pytest.fixture
def changed_params(tmp_path, monkeypatch):
    """A temporary parameter set in force: the shipped files, copied, with every dated value of
    the keys given (``nowthen.private_kennel.max_dogs``) replaced, named by DOGTAG_PARAMS_DIR as a
    city's own folder would be. Returns ``change(values) -> ParameterSet``."""

    def change(values: dict[str, object]) -> params.ParameterSet:
        root = tmp_path / "params"
        shutil.copytree(params.DEFAULT_ROOT, root)
        left = dict(values)
        for path in sorted(root.rglob("*.yaml")):
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            hits = [
                (key, body)
                for key, body in (data.get("parameters") or {}).items()
                if f"{path.parent.name}.{key}" in left
            ]
            for key, body in hits:
                value = left.pop(f"{path.parent.name}.{key}")
                for dated in body["values"].values():
                    dated["value"] = value
            if hits:
                path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
        assert not left, f"no such parameters: {sorted(left)}"
        monkeypatch.setenv("DOGTAG_PARAMS_DIR", str(root))
        return params.default()

    return change


@pytest.fixture(autouse=True, scope="session")
def every_stored_decision_expands_to_its_findings():
    """Every decision any test stores (through ``records.findings_codec.encode``: the services,
    the refusal path, the data migration) must expand back to exactly the findings it was given;
    checked at the moment it is stored, across the whole suite (issue 14, storage)."""
    import json

    from dogtag.records import findings_codec as codec

    encode = codec.encode

    def checked(findings, reference):
        seen = {}

        def remembering(cited):
            ids = reference(cited)
            seen.update(zip(ids, cited, strict=True))
            return ids

        stored = encode(findings, remembering)
        as_stored = json.loads(json.dumps(stored))
        expanded = codec.decode(as_stored, lambda ids: {i: seen[i] for i in ids})
        assert expanded == json.loads(json.dumps(list(findings)))
        return stored

    codec.encode = checked
    yield
    codec.encode = encode
