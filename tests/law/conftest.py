import datetime as dt
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from dogtag.law import params


@pytest.fixture
def city_reading(tmp_path: Path) -> Callable[[str, str], params.ParameterSet]:
    """Nowthen with one reading of the register switched to an alternative, from the start."""

    def switch(key: str, choice: str) -> params.ParameterSet:
        root = tmp_path / f"params-{key}-{choice}"
        shutil.copytree(params.DEFAULT_ROOT, root)
        path = root / "nowthen" / "readings.yaml"
        data = yaml.safe_load(path.read_text())
        data["parameters"][key]["values"] = {
            dt.date(2011, 7, 12): {
                "value": choice,
                "source": {"instrument": "test: alternative reading", "kind": "decision"},
            }
        }
        path.write_text(yaml.safe_dump(data))
        return params.load(root, "nowthen")

    return switch


@pytest.fixture
def in_force(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], params.ParameterSet]:
    """Put a city in force, as ``DOGTAG_JURISDICTION`` does for ``dogtag`` and the site."""

    def choose(city: str) -> params.ParameterSet:
        monkeypatch.setenv("DOGTAG_JURISDICTION", city)
        return params.default()

    return choose
