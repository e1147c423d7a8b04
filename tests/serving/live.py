"""Real ``dogtag serve`` processes for the serving tests (issue 25): each started on a free port
against a var directory of the test's own, waited for until its port accepts, and stopped with
every process it started (gunicorn's workers, the demo's worker) at the end.

Requests are made with ``http.client`` so that a test says exactly which headers arrive, as a TLS
proxy in front of Dogtag would send them, and from which local address (``source``: Linux
answers on the whole of 127.0.0.0/8, so 127.0.0.2 is a peer that is not the trusted proxy)."""

from __future__ import annotations

import contextlib
import http.client
import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

import pytest

from tests.staff.test_production_mode import clean_env
from tests.waiting import PATIENCE, wait_for

__all__ = ["PATIENCE", "clean_env", "wait_for"]

#: The command-line arguments of each server `dogtag serve` runs.
SERVERS = {"waitress": (), "gunicorn": ("--workers", "2", "--threads", "2")}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def accepting(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2):
            return True
    except OSError:
        return False


def copy_var(template: Path, to: Path) -> Path:
    """A fresh copy of a prepared var directory (its SQLite database, WAL included)."""
    shutil.copytree(template, to)
    return to


@dataclass
class Served:
    process: subprocess.Popen[bytes]
    port: int
    log: Path

    def output(self) -> str:
        return self.log.read_text()


def start(
    env: dict[str, str], *args: str, log: Path, sigint_ignored: bool = False
) -> tuple[subprocess.Popen[bytes], int]:
    """``dogtag serve --port P ARGS`` in a session of its own (so the test can stop all of it),
    its threads' stacks written to its log if it is aborted (``ended``). ``sigint_ignored``
    starts it as a shell script's background job is started: with SIGINT ignored."""
    port = free_port()
    with log.open("ab") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "dogtag.cli", "serve", "--port", str(port), *args],
            env=env | {"PYTHONFAULTHANDLER": "1"},
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=(lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
            if sigint_ignored
            else None,
        )
    return process, port


def ended(process: subprocess.Popen[bytes], log: Path, what: str) -> int:
    """The process's status once it ends. If it has not within ``PATIENCE``, it is aborted so
    that Python's fault handler writes every thread's stack into its log, and the test fails
    with them: a hang says where it hung."""
    try:
        return process.wait(timeout=PATIENCE)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.kill(process.pid, signal.SIGABRT)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=30)
        pytest.fail(f"not {what} within {PATIENCE:.0f} s; its threads:\n{log.read_text()[-8000:]}")


def stop_all(process: subprocess.Popen[bytes]) -> None:
    """Stop the server's whole session (the processes it started with it), whatever they did."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=PATIENCE)


@contextlib.contextmanager
def serving(env: dict[str, str], *args: str, log: Path) -> Iterator[Served]:
    process, port = start(env, *args, log=log)
    try:
        wait_for(f"server on port {port}", lambda: accepting(port), process, log)
        yield Served(process, port, log)
    finally:
        if process.poll() is None:
            process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=PATIENCE)
        stop_all(process)


def refused_to_start(env: dict[str, str], *args: str, log: Path) -> subprocess.Popen[bytes]:
    """Run ``dogtag serve`` expecting it to refuse: fail if its port ever accepts."""
    process, port = start(env, *args, log=log)
    try:
        deadline = time.monotonic() + PATIENCE
        while process.poll() is None:
            if accepting(port):
                pytest.fail(f"it served on port {port}:\n{log.read_text()[-4000:]}")
            if time.monotonic() > deadline:
                pytest.fail(f"it neither served nor stopped within {PATIENCE:.0f} s")
            time.sleep(0.1)
        return process
    finally:
        stop_all(process)


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str]
    cookies: dict[str, str]
    content: bytes

    @property
    def text(self) -> str:
        return self.content.decode("utf-8", "replace")


def request(
    port: int,
    method: str,
    path: str,
    *,
    headers: dict[str, str] | None = None,
    body: bytes = b"",
    source: str = "127.0.0.1",
) -> Answer:
    connection = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=PATIENCE, source_address=(source, 0)
    )
    try:
        connection.request(method, path, body=body or None, headers=headers or {})
        response = connection.getresponse()
        content = response.read()
    finally:
        connection.close()
    jar: SimpleCookie = SimpleCookie()
    for name, value in response.getheaders():
        if name.lower() == "set-cookie":
            jar.load(value)
    return Answer(
        status=response.status,
        headers={name.lower(): value for name, value in response.getheaders()},
        cookies={name: morsel.value for name, morsel in jar.items()},
        content=content,
    )


@dataclass
class Visitor:
    """Someone reaching the site through the city's proxies: ``forwarded`` is what the proxies
    say (Host, X-Forwarded-For, X-Forwarded-Proto), ``source`` the local address the last proxy
    connects from. Keeps its cookies itself: a Secure cookie goes back over the proxy's plain
    connection, as a browser's does over TLS."""

    port: int
    forwarded: dict[str, str]
    source: str = "127.0.0.1"
    cookies: dict[str, str] = field(default_factory=dict)

    def send(self, method: str, path: str, body: bytes = b"", **headers: str) -> Answer:
        sent = dict(self.forwarded) | headers
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        answer = request(self.port, method, path, headers=sent, body=body, source=self.source)
        self.cookies.update(answer.cookies)
        return answer

    def origin(self) -> str:
        scheme = self.forwarded.get("X-Forwarded-Proto", "http")
        return f"{scheme}://{self.forwarded.get('Host', f'127.0.0.1:{self.port}')}"

    def post_form(self, path: str, fields: dict[str, str]) -> Answer:
        page = self.send("GET", path)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)
        assert token is not None, f"no form at {path}: {page.status} {page.text[:300]}"
        return self.send(
            "POST",
            path,
            urlencode(fields | {"csrfmiddlewaretoken": token.group(1)}).encode(),
            **{
                "Content-Type": "application/x-www-form-urlencoded",
                "Origin": self.origin(),
                "Referer": self.origin() + path,
            },
        )

    def sign_in(self, username: str, password: str) -> int:
        login = "/accounts/login/"
        return self.post_form(login, {"username": username, "password": password}).status


def rows(var: Path, sql: str) -> list[tuple]:
    """Rows of the server's SQLite database, read as the test's own evidence."""
    with contextlib.closing(sqlite3.connect(var / "dogtag.sqlite3")) as db:
        return db.execute(sql).fetchall()
