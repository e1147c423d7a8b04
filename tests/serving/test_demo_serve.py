"""`dogtag serve` and the demo (issue 25): the demo's database is served only as the demo (item
2.8), stopping the demo stops its worker (item 2.10), and every link the demo mails or prints
carries the address it is served on (part 3).

Real processes on a small demo town (``demo_city.py``), each test on its own copy: `dogtag serve
--demo` on a free port with Waitress or gunicorn, its worker writing the demo's mail as files
into the var directory, the staff site signed in to with the published password."""

from __future__ import annotations

import email
import email.policy
import io
import os
import re
import signal
from pathlib import Path

import psutil
import pytest
from pypdf import PdfReader

from dogtag.staff.demo import DEMO_PASSWORD
from tests.serving.demo_city import REMINDED
from tests.serving.live import (
    PATIENCE,
    SERVERS,
    Visitor,
    accepting,
    clean_env,
    copy_var,
    ended,
    refused_to_start,
    rows,
    serving,
    start,
    stop_all,
    wait_for,
)
from tests.staff.test_production_mode import STRONG_KEY

# its servers run on databases of their own (the var directories of serving/conftest.py)
pytestmark = pytest.mark.database_independent


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


def mail(var: Path) -> list[email.message.EmailMessage]:
    """The messages the demo's worker wrote (Django's file backend: several a file)."""
    found = []
    for path in sorted((var / "mail").glob("*.log")):
        for raw in path.read_bytes().split(b"\n" + b"-" * 79 + b"\n"):
            if raw.strip():
                found.append(email.message_from_bytes(raw, policy=email.policy.default))
    return found


def text_of(message: email.message.EmailMessage) -> str:
    return message.get_body(("plain",)).get_content()


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


@pytest.mark.parametrize(
    ("stop", "sigint_ignored"),
    [(signal.SIGTERM, False), (signal.SIGINT, False), (signal.SIGINT, True)],
    ids=["SIGTERM", "SIGINT", "SIGINT-started-in-the-background"],
)
@pytest.mark.parametrize("server", SERVERS)
def test_stopping_the_demo_stops_its_worker(
    demo_var: Path, tmp_path: Path, server: str, stop: signal.Signals, sigint_ignored: bool
) -> None:
    # given the demo served, with the worker that sends its mail (started, in one case, as a
    # script's background job is: with SIGINT ignored, which the server inherits)
    var = copy_var(demo_var, tmp_path / "var")
    log = tmp_path / "serve.log"
    process, port = start(
        demo_env(var), "--demo", *SERVERS[server], log=log, sigint_ignored=sigint_ignored
    )
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
        ended(process, log, "stopped")
        gone, alive = psutil.wait_procs([worker], timeout=PATIENCE)
        assert (len(gone), alive) == (1, []), log.read_text()[-3000:]
        assert process.returncode == 0, log.read_text()[-3000:]
    finally:
        stop_all(process)


def test_the_demo_served_on_another_port_links_to_that_port(demo_var: Path, tmp_path: Path) -> None:
    # given the demo served on a port other than 8000
    var = copy_var(demo_var, tmp_path / "var")
    [(case,)] = rows(
        var,
        "SELECT number FROM dangerous_dogs_dangerousdogcase WHERE hearing_request_code != '' "
        "ORDER BY id LIMIT 1",
    )
    [(coming_due,)] = rows(
        var,
        "SELECT l.number FROM licensing_license l JOIN licensing_dog d ON d.id = l.dog_id "
        f"JOIN licensing_owner o ON o.id = d.owner_id WHERE o.email = '{REMINDED}'",
    )
    with serving(demo_env(var), "--demo", log=tmp_path / "serve.log") as served:
        site = f"http://127.0.0.1:{served.port}"
        assert served.port != 8000
        # when a resident asks for a sign-in link (written by the server)
        resident = Visitor(served.port, {})
        assert resident.post_form("/residents/sign-in/", {"email": REMINDED}).status == 302
        # and the demo's worker sends the renewal reminder its first sweep queued
        sent: dict[str, str] = {}

        def both_sent() -> bool:
            sent.update({m["Subject"]: text_of(m) for m in mail(var)})
            return len(sent) >= 2

        wait_for("the sign-in link and the reminder", both_sent, served.process, served.log)
        # and the staff print the Notice of Dangerous Dog
        staff = Visitor(served.port, {})
        assert staff.sign_in("demo", DEMO_PASSWORD) == 302
        notice = staff.send("GET", f"/dangerous-dogs/{case}/notice.pdf")
        assert (notice.status, notice.headers["content-type"]) == (200, "application/pdf")
    # then the sign-in link, the reminder's renewal link and the notice's address are on that port
    [sign_in] = [body for subject, body in sent.items() if "sign-in link" in subject]
    assert re.search(rf"^{re.escape(site)}/residents/sign-in/link/\?sesame=", sign_in, re.M)
    [reminder] = [body for subject, body in sent.items() if coming_due in subject]
    assert f"Renew online: {site}/residents/applications/renew/{coming_due}/\n" in reminder
    printed = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(notice.content)).pages)
    assert f"go to {site}/residents/hearing-request/ and type the case number" in re.sub(
        r"\s+", " ", printed
    )
