"""The site loads for any city's package (issue 27): no module quotes Nowthen's text, or cites
its sections, when it is imported; a document quotes the text of the city in force when it is
drawn. Checked in a process of its own, as `dogtag serve` would start, with Lino Lakes in force."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.database_independent


def test_the_site_loads_with_lino_lakes_in_force(tmp_path):
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DOGTAG_VAR_DIR")},
        "DOGTAG_JURISDICTION": "lino-lakes",
        "DOGTAG_VAR_DIR": str(tmp_path),
        "SECRET_KEY": "site-loads-check-only",
    }
    done = subprocess.run(
        [sys.executable, "-m", "dogtag.cli", "manage", "check"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "System check identified no issues" in done.stdout
