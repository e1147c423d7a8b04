"""`dogtag serve` and the demo (issue 25): the demo's database is served only as the demo (item
2.8), and stopping the demo stops its worker (item 2.10).

Real processes on a small demo town (``demo_city.py``), each test on its own copy: `dogtag serve
--demo` on a free port with Waitress or gunicorn, its worker writing the demo's mail as files
into the var directory, the staff site signed in to with the published password."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import psutil
import pytest

from tests.serving.live import (
    PATIENCE,
    SERVERS,
    accepting,
    clean_env,
    copy_var,
    refused_to_start,
    start,
    stop_all,
    wait_for,
)
from tests.staff.test_production_mode import STRONG_KEY


def demo_env(var: Path) -> dict[str, str]:
    return clean_env(var, SECRET_KEY=STRONG_KEY)


def the_demo_worker(serve: psutil.Process) -> psutil.Process | None:
    """The `dogtag worker` process the demo started beside its server, once it exists."""
    for child in serve.children():
        try:
            if child.cmdline()[-3:] == ["-m", "dogtag.cli", "worker"]:
                return child
        except psutil.NoSuchProcess:
            continue
    return None


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


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
@pytest.mark.parametrize("server", SERVERS)
def test_stopping_the_demo_stops_its_worker(
    demo_var: Path, tmp_path: Path, server: str, stop: signal.Signals
) -> None:
    # given the demo served, with the worker that sends its mail
    var = copy_var(demo_var, tmp_path / "var")
    log = tmp_path / "serve.log"
    process, port = start(demo_env(var), "--demo", *SERVERS[server], log=log)
    try:
        wait_for(f"the demo on port {port}", lambda: accepting(port), process, log)
        serve = psutil.Process(process.pid)
        workers: list[psutil.Process] = []

        def worker_started() -> bool:
            worker = the_demo_worker(serve)
            workers.extend([worker] if worker else [])
            return bool(workers)

        wait_for("the demo's worker", worker_started, process, log)
        [worker] = workers
        # when the server is told to stop, as systemd (SIGTERM) or Ctrl-C (SIGINT) would
        os.kill(process.pid, stop)
        # then it stops, and so does its worker: none is left running on its own
        process.wait(timeout=PATIENCE)
        gone, alive = psutil.wait_procs([worker], timeout=PATIENCE)
        assert (len(gone), alive) == (1, []), log.read_text()[-3000:]
        assert process.returncode == 0, log.read_text()[-3000:]
    finally:
        stop_all(process)
