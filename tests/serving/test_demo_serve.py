"""`dogtag serve` and the demo (issue 25): the demo's database is served only as the demo (item
2.8).

Real processes on a small demo town (``demo_city.py``), each test on its own copy: `dogtag serve
--demo` on a free port with Waitress or gunicorn, its worker writing the demo's mail as files
into the var directory, the staff site signed in to with the published password."""

from __future__ import annotations

from pathlib import Path

from tests.serving.live import (
    clean_env,
    copy_var,
    refused_to_start,
)
from tests.staff.test_production_mode import STRONG_KEY


def demo_env(var: Path) -> dict[str, str]:
    return clean_env(var, SECRET_KEY=STRONG_KEY)


def test_serve_without_demo_refuses_the_demo_database(demo_var: Path, tmp_path: Path) -> None:
    # given the demo's database, whose superuser has the published password
    var = copy_var(demo_var, tmp_path / "var")
    log = tmp_path / "serve.log"
    # when it is served as a city's site, then it is refused before anything is served
    done = refused_to_start(demo_env(var), log=log)
    assert done.returncode == 2
    assert log.read_text() == (
        "dogtag: error: This database holds the demo (user demo with the published password, "
        "which anyone can sign in with). Serve it as the demo with `dogtag serve --demo`. A city "
        "needs its own database: set DATABASE_URL, or DOGTAG_VAR_DIR for a new SQLite file, and "
        "run `dogtag setup`.\n"
    )
