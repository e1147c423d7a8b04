"""Two `dogtag serve` processes on one PostgreSQL (issue 14, item 5), each with gunicorn worker
processes: a staff session begun on one is good on the other (sessions are in the database), and
clerks issuing licenses through both at once get no duplicate number, and receipt numbers stay
gapless for the audit."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import requests

from tests import migrated
from tests.scratch_postgres import scratch_database
from tests.waiting import wait_for

SETUP = Path(__file__).with_name("setup_city.py")
CLERKS = 8
LICENSES = 48


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def database():
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("two app servers need PostgreSQL: this test runs in the PostgreSQL pass")
    with scratch_database("dogtag_servers") as url:
        yield url


def answers(url: str) -> bool:
    try:
        return requests.get(f"{url}/accounts/login/", timeout=10).status_code == 200
    except requests.RequestException:
        return False


def sign_in(session: requests.Session, url: str) -> None:
    page = session.get(f"{url}/accounts/login/").text
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    answer = session.post(
        f"{url}/accounts/login/",
        data={
            "username": "clerk2",
            "password": "two-servers-clerk-2026",
            "csrfmiddlewaretoken": token,
        },
        headers={"Referer": f"{url}/accounts/login/"},
        allow_redirects=False,
    )
    assert answer.status_code == 302, answer.text[:500]


@pytest.mark.concurrency
def test_two_servers_share_sessions_and_never_duplicate_a_number(database, tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DOGTAG_VAR_DIR")}
    env |= {
        "DATABASE_URL": database,
        "DOGTAG_VAR_DIR": str(tmp_path),
        "MEDIA_ROOT": str(tmp_path / "shared-media"),
        "SECRET_KEY": "two-servers-share-one-secret-key-" + "x" * 20,
        "DJANGO_SETTINGS_MODULE": "dogtag.settings",
    }
    run = [sys.executable, "-m", "dogtag.cli"]
    migrated.migrate(env)
    made = subprocess.run(
        [sys.executable, str(SETUP), str(LICENSES)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert made.returncode == 0, made.stderr
    city = json.loads(made.stdout.strip().splitlines()[-1])

    # Given two servers on the one database, each with two worker processes
    ports = [free_port(), free_port()]
    servers = [
        subprocess.Popen(
            [*run, "serve", "--port", str(port), "--workers", "2", "--threads", "4"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for port in ports
    ]
    urls = [f"http://127.0.0.1:{port}" for port in ports]
    try:
        for url, server in zip(urls, servers, strict=True):
            wait_for(f"{url} answering its sign-in page", lambda url=url: answers(url), server)

        # When a clerk signs in on the first, the session is good on the second
        session = requests.Session()
        sign_in(session, urls[0])
        home = session.get(f"{urls[1]}/", allow_redirects=False)
        assert home.status_code == 200
        assert "clerk2" in home.text

        # And eight clerks issue licenses through both at once
        def issue(n: int) -> dict:
            dog = city["dogs"][n]
            answer = requests.post(
                f"{urls[n % 2]}/api/v1/dogs/{dog['dog']}/licenses",
                json={
                    "kind": "new",
                    "rabies_id": dog["rabies"],
                    "on": city["on"],
                    "method": "cash",
                    "amount": dog["amount"],
                },
                headers={"Authorization": f"Bearer {city['key']}"},
                timeout=60,
            )
            assert answer.status_code == 201, answer.text[:500]
            return answer.json()

        with ThreadPoolExecutor(CLERKS) as pool:
            issued = list(pool.map(issue, range(LICENSES)))
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(timeout=30)

    # Then every license, tag and receipt number is distinct, and the receipts have no gap
    licenses = [i["license"]["number"] for i in issued]
    tags = [i["tag"] for i in issued]
    receipts = sorted(i["receipt"] for i in issued)
    assert len(set(licenses)) == len(set(tags)) == len(set(receipts)) == LICENSES
    serials = [int(number.rsplit("-", 1)[1]) for number in receipts]
    assert serials == list(range(serials[0], serials[0] + LICENSES))
