"""A production mode (issue 10, item 2): the signing key, `dogtag setup`, `dogtag serve` with and
without --demo, and `dogtag manage check --deploy` behind a TLS proxy.

Settings are read once per process, so what depends on the environment runs in a subprocess with
its own var directory (never the developer's var/)."""

from __future__ import annotations

import io
import os
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from dogtag import cli
from dogtag.records import roles
from dogtag.staff import demo as staff_demo
from dogtag.staff import first_run
from dogtag.staff.demo import DEMO_PASSWORD
from tests import migrated

STRONG_KEY = "k7#Qv9!mZ2@rT5$wX8^bN1&cL4*pH6(dF3)gJ0_sA" + "e" * 20
GOOD_PASSWORD = "Baugh-Street-19420-kennel"
NO_KEY = (
    "Dogtag has no SECRET_KEY. Set the SECRET_KEY environment variable, or SECRET_KEY_FILE to a "
    "file holding the key, or run `dogtag setup` once to write {path} (mode 0600)."
)


def clean_env(var: Path, **extra: str) -> dict[str, str]:
    """The environment of a fresh installation: no key, no database URL, its own var directory."""
    # DJANGO_ALLOW_ASYNC_UNSAFE is set by the browser tests' fixtures in the same run: a
    # production server never has it (check --deploy says so).
    drop = {
        "SECRET_KEY",
        "SECRET_KEY_FILE",
        "DATABASE_URL",
        "DEBUG",
        "DOGTAG_HTTPS",
        "DJANGO_ALLOW_ASYNC_UNSAFE",
    }
    env = {k: v for k, v in os.environ.items() if k not in drop and not k.startswith("DOGTAG_")}
    return env | {"DJANGO_SETTINGS_MODULE": "dogtag.settings", "DOGTAG_VAR_DIR": str(var)} | extra


def dogtag(env: dict[str, str], *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dogtag.cli", *argv],
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


# --- the signing key ---


@pytest.mark.database_independent  # its processes run on a database of their own
def test_without_a_key_the_site_refuses_to_start_and_says_how_to_fix_it(tmp_path: Path) -> None:
    # given a fresh installation with DEBUG off and no key anywhere
    # when a management command starts
    done = dogtag(clean_env(tmp_path), "manage", "check")
    # then it stops with the fix, and no key was invented
    assert done.returncode == 2
    assert done.stderr == f"dogtag: error: {NO_KEY.format(path=tmp_path / 'secret_key')}\n"
    assert not (tmp_path / "secret_key").exists()


@pytest.mark.database_independent  # its processes run on a database of their own
def test_the_key_can_come_from_a_file(tmp_path: Path) -> None:
    # given a key in a file named by SECRET_KEY_FILE (e.g. a container secret)
    key = tmp_path / "key.txt"
    key.write_text(STRONG_KEY + "\n")
    # when Django starts, then it uses that key
    code = "from django.conf import settings; import django; django.setup(); print(settings.SECRET_KEY)"
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=clean_env(tmp_path / "var", SECRET_KEY_FILE=str(key)),
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout) == (0, STRONG_KEY + "\n"), done.stderr


@pytest.mark.database_independent  # its processes run on a database of their own
def test_a_missing_key_file_is_named(tmp_path: Path) -> None:
    done = dogtag(clean_env(tmp_path, SECRET_KEY_FILE=str(tmp_path / "nope")), "manage", "check")
    assert done.returncode == 2
    assert (
        done.stderr
        == f"dogtag: error: SECRET_KEY_FILE names {tmp_path / 'nope'}, which does not exist.\n"
    )


# --- check --deploy behind a TLS proxy ---


def set_up_city(var: Path) -> dict[str, str]:
    """A city set up by `dogtag setup` (which also asks its administrators for a second step)."""
    env = clean_env(
        var,
        SECRET_KEY=STRONG_KEY,
        DOGTAG_ADMIN_USERNAME="gnordin",
        DOGTAG_ADMIN_EMAIL="clerk@nowthenmn.gov",
        DOGTAG_ADMIN_PASSWORD=GOOD_PASSWORD,
    )
    # the schema copied (tests/migrated.py): setup's own migrating is the first-run test's
    migrated.migrate(env)
    done = dogtag(env, "setup")
    assert done.returncode == 0, done.stderr
    return env


@pytest.mark.database_independent  # its processes run on a database of their own
def test_check_deploy_reports_nothing_behind_a_tls_proxy(tmp_path: Path) -> None:
    # given production settings: DEBUG off, HTTPS through one proxy, a strong key, the host and
    # the public address named, on a city `dogtag setup` set up
    env = set_up_city(tmp_path) | {
        "DOGTAG_HTTPS": "1",
        "ALLOWED_HOSTS": "dogtag.nowthenmn.gov",
        "DOGTAG_PUBLIC_URL": "https://dogtag.nowthenmn.gov",
        "DOGTAG_PROXY_COUNT": "1",
    }
    # when Django's deployment checks run, failing on any warning
    done = dogtag(env, "manage", "check", "--deploy", "--fail-level", "WARNING")
    # then there is nothing to report
    assert (done.returncode, done.stdout) == (
        0,
        "System check identified no issues (0 silenced).\n",
    ), done.stdout + done.stderr


@pytest.mark.database_independent  # its processes run on a database of their own
def test_check_deploy_reports_what_production_is_missing(tmp_path: Path) -> None:
    # given a city behind a TLS proxy that has not said where it is reached nor how many
    # proxies stand in front, and has turned two-step verification off
    env = set_up_city(tmp_path) | {
        "DOGTAG_HTTPS": "1",
        "ALLOWED_HOSTS": "dogtag.nowthenmn.gov",
        "DOGTAG_REQUIRE_2FA": "0",
    }
    # when Django's deployment checks run
    done = dogtag(env, "manage", "check", "--deploy")
    # then each is reported, with what to do, and the command fails (Django's status 1)
    assert done.returncode == 1
    assert done.stderr == (
        "SystemCheckError: System check identified some issues:\n"
        "\n"
        "ERRORS:\n"
        "?: (dogtag.E001) DOGTAG_PUBLIC_URL is not set: the links in e-mail and documents "
        "(sign-in links, renewal reminders, the Notice of Dangerous Dog's hearing request "
        "address) would not lead to the site.\n"
        "\tHINT: Set DOGTAG_PUBLIC_URL to the address residents and staff reach the site at, "
        "e.g. https://dogtag.nowthenmn.gov.\n"
        "?: (dogtag.E003) DOGTAG_HTTPS is on, so Dogtag is behind a TLS proxy, but "
        "DOGTAG_PROXY_COUNT is 0: every request would carry the proxy's address, and 5 failed "
        "sign-ins from anyone would lock out every staff member and resident.\n"
        "\tHINT: Set DOGTAG_PROXY_COUNT to the number of proxies in front of Dogtag that add "
        "to X-Forwarded-For (1 for one proxy, as in the README's Caddy and nginx examples).\n"
        "\n"
        "WARNINGS:\n"
        "?: (dogtag.W004) Two-step verification is not required of superusers and "
        "Administrators: their password alone opens every record and every account.\n"
        "\tHINT: DOGTAG_REQUIRE_2FA=0 turns it off: remove it, or set it to 1.\n"
        "\n"
        "System check identified 3 issues (0 silenced).\n"
    )


@pytest.mark.database_independent  # its processes run on a database of their own
def test_https_turns_on_hsts_and_the_ssl_redirect(tmp_path: Path) -> None:
    env = clean_env(tmp_path, DOGTAG_HTTPS="1", SECRET_KEY=STRONG_KEY, DOGTAG_HSTS_SECONDS="3600")
    code = (
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, s.SECURE_HSTS_INCLUDE_SUBDOMAINS, "
        "s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_PROXY_SSL_HEADER)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False
    )
    assert done.stdout == "True 3600 True True True ('HTTP_X_FORWARDED_PROTO', 'https')\n", (
        done.stderr
    )


# --- dogtag setup: a real city's first run ---


@pytest.mark.database_independent  # its processes run on a database of their own
def test_setup_after_an_upgrade_builds_the_due_lists_clocks(tmp_path: Path) -> None:
    # given a city set up before the due list stored its clocks (no state of them)
    env = clean_env(
        tmp_path,
        DOGTAG_ADMIN_USERNAME="gnordin",
        DOGTAG_ADMIN_EMAIL="clerk@nowthenmn.gov",
        DOGTAG_ADMIN_PASSWORD=GOOD_PASSWORD,
    )
    migrated.migrate(env)
    assert dogtag(env, "setup").returncode == 0
    # and a dog the earlier version wrote: never licensed, so on the list (3-2-2.D)
    forget = (
        "import django, datetime; django.setup(); "
        "from dogtag.licensing.models import DueClockState, Dog, Owner; "
        "DueClockState.objects.all().delete(); "
        "owner = Owner.objects.create(name='Pat Gustafson', street='19400 Nowthen Blvd NW'); "
        "Dog.objects.create(owner=owner, name='Rex', born=datetime.date(2020, 1, 1))"
    )
    subprocess.run([sys.executable, "-c", forget], env=env, check=True)
    # when `dogtag setup` runs again (README: upgrades), then it builds them, and says so
    again = dogtag(env, "setup")
    assert (again.returncode, again.stdout) == (
        0,
        "The database is up to date.\nStored the due list's clocks (1).\n"
        "The administrator 'gnordin' exists; nothing else to do.\n",
    ), again.stderr
    # and a third run finds nothing to do
    assert dogtag(env, "setup").stdout == (
        "The database is up to date.\nThe administrator 'gnordin' exists; nothing else to do.\n"
    )


@pytest.mark.database_independent  # its processes run on a database of their own
def test_setup_makes_the_first_administrator_from_the_environment_once(tmp_path: Path) -> None:
    # given an empty installation and the administrator's details in the environment
    env = clean_env(
        tmp_path,
        DOGTAG_ADMIN_USERNAME="gnordin",
        DOGTAG_ADMIN_EMAIL="clerk@nowthenmn.gov",
        DOGTAG_ADMIN_PASSWORD=GOOD_PASSWORD,
    )
    # when `dogtag setup` runs
    first = dogtag(env, "setup")
    # then it wrote a private key, migrated and created the administrator, and nothing else
    assert first.returncode == 0, first.stderr
    key = tmp_path / "secret_key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    lines = first.stdout.splitlines()
    assert lines[0] == f"Wrote a new secret key to {key} (mode 0600). Keep it with the backups."
    assert lines[1].startswith("Applied ") and lines[1].endswith(" migrations.")
    assert lines[2:] == [
        "Created the administrator 'gnordin' (superuser, Administrator group). "
        "Start the site with `dogtag serve`; add the staff in the admin.",
        "Two-step verification is now required of superusers and Administrators: each is asked "
        "to turn it on at their next sign-in (DOGTAG_REQUIRE_2FA=0 turns it off).",
    ]
    users = (
        "from django.contrib.auth.models import User; import django; "
        "[print(u.username, u.email, u.is_superuser, u.is_staff, [g.name for g in u.groups.all()], "
        f"u.check_password({GOOD_PASSWORD!r})) for u in User.objects.all()]"
    )
    shown = subprocess.run(
        [sys.executable, "-c", "import django; django.setup(); " + users],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert shown.stdout == "gnordin clerk@nowthenmn.gov True True ['Administrator'] True\n", (
        shown.stderr
    )
    # when it runs again, then nothing changes: same key, no new user
    before = key.read_text()
    again = dogtag(env | {"DOGTAG_ADMIN_USERNAME": "someone-else"}, "setup")
    assert (again.returncode, again.stdout) == (
        0,
        "The database is up to date.\nThe administrator 'gnordin' exists; nothing else to do.\n",
    )
    assert key.read_text() == before
    # and `dogtag serve` would now serve: nothing stands in its way
    ready = subprocess.run(
        [
            sys.executable,
            "-c",
            "import django; django.setup(); "
            "from dogtag.staff.first_run import not_ready; print(not_ready())",
        ],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert ready.stdout == "None\n", ready.stderr


@pytest.mark.database_independent  # its processes run on a database of their own
def test_setup_without_details_and_without_a_terminal_creates_no_one(tmp_path: Path) -> None:
    done = dogtag(clean_env(tmp_path), "setup")
    assert done.returncode == 2
    assert done.stderr == (
        "dogtag: error: No first administrator to create: run `dogtag setup` in a terminal to be "
        "asked, or set DOGTAG_ADMIN_USERNAME, DOGTAG_ADMIN_PASSWORD and DOGTAG_ADMIN_EMAIL.\n"
    )


@pytest.mark.database_independent  # its processes run on a database of their own
def test_serve_without_demo_on_an_empty_database_says_to_run_setup(tmp_path: Path) -> None:
    # given a fresh installation with a key but no database
    done = dogtag(clean_env(tmp_path, SECRET_KEY=STRONG_KEY), "serve")
    # then it does not serve, and loads no demo data
    assert done.returncode == 2
    assert done.stderr == (
        "dogtag: error: The database is not set up, or this version needs to upgrade it: "
        "run `dogtag setup` first.\n"
    )
    assert "demo" not in done.stdout.lower()


@pytest.mark.parametrize(
    "username, password, problem",
    [
        ("gnordin", DEMO_PASSWORD, "That is the demo's published password; choose another."),
        ("gnordin", "short", "This password is too short. It must contain at least 8 characters."),
        ("gnordin", "password123", "This password is too common."),
        ("", GOOD_PASSWORD, "Give the administrator a username."),
    ],
)
def test_a_bad_first_administrator_is_refused_and_nothing_is_written(
    db: None, django_user_model: Any, username: str, password: str, problem: str
) -> None:
    # when the first administrator is created with a bad username or password
    with pytest.raises(first_run.SetupRefused) as refused:
        first_run.create_first_administrator(username=username, email="", password=password)
    # then the problem is named and no user exists
    assert problem in refused.value.problems
    assert django_user_model.objects.count() == 0


def test_setup_asks_in_a_terminal(
    db: None, django_user_model: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # given a terminal where the person first mistypes the second password, then gets it right
    answers = iter(["gnordin", "clerk@nowthenmn.gov", "gnordin", ""])
    passwords = iter([GOOD_PASSWORD, GOOD_PASSWORD + "x", GOOD_PASSWORD, GOOD_PASSWORD])
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    monkeypatch.setattr(cli.getpass, "getpass", lambda prompt: next(passwords))
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    for name in cli.ADMIN_ENV:
        monkeypatch.delenv(name, raising=False)
    out = io.StringIO()
    # when `dogtag setup` runs
    assert cli.main(["setup"], out=out) == 0
    # then the person was told, and the administrator exists with the password typed twice
    assert "The two passwords differ.\n" in out.getvalue()
    [admin] = django_user_model.objects.all()
    assert (admin.username, admin.email, admin.is_superuser) == ("gnordin", "", True)
    assert admin.check_password(GOOD_PASSWORD)
    assert list(admin.groups.values_list("name", flat=True)) == [roles.ADMINISTRATOR]


# --- dogtag serve --demo ---


def test_serve_demo_loads_the_demo_and_says_plainly_that_it_is_one(
    db: None, django_user_model: Any, monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    # given an empty database and a server that is not really started
    monkeypatch.setattr(staff_demo, "DEMO_HOUSEHOLDS", 3)
    served: list[tuple[str, int]] = []
    monkeypatch.setattr("waitress.serve", lambda app, host, port, **kw: served.append((host, port)))
    # and a worker that is not really started either (issue 12 item 6)
    workers: list[Any] = []

    class Worker:
        def __init__(self, command: list[str], env: dict[str, str]) -> None:
            self.command, self.env, self.stopped, self.pid = command, env, False, 4242
            workers.append(self)

        def poll(self) -> int | None:
            return 0 if self.stopped else None

        def terminate(self) -> None:
            self.stopped = True

        def wait(self, timeout: float) -> int:
            return 0

    monkeypatch.setattr(cli.subprocess, "Popen", Worker)
    monkeypatch.setenv("DOGTAG_EMAIL_URL", "")  # restored after the test: the demo sets it
    # and links to the address served (set for the worker; this process read its settings first)
    monkeypatch.setenv("DOGTAG_PUBLIC_URL", "")
    settings.DOGTAG_PUBLIC_URL = "http://127.0.0.1:8123"
    out = io.StringIO()
    # when `dogtag serve --demo` runs
    assert cli.main(["serve", "--demo", "--port", "8123"], out=out) == 0
    # then the demo is loaded and announced as a demo, with its logins
    text = out.getvalue()
    assert served == [("127.0.0.1", 8123)]
    # and a worker ran beside the server, stopped with it, writing the mail to files it names
    [worker] = workers
    assert worker.command[1:] == ["-m", "dogtag.cli", "worker"] and worker.stopped
    mail = Path(cli.os.environ["DOGTAG_EMAIL_URL"].removeprefix("file://"))
    assert worker.env["DOGTAG_EMAIL_URL"] == mail.as_uri() and mail.name == "mail"
    assert worker.env["DOGTAG_PUBLIC_URL"] == "http://127.0.0.1:8123"
    assert f"{cli.DEMO_BANNER}\n" in text
    assert cli.DEMO_BANNER.startswith("THIS IS A DEMO: ")
    assert "demo / nowthen-demo-2026" in text
    assert django_user_model.objects.filter(username="demo", is_superuser=True).exists()


def test_setup_asks_administrators_for_two_step_verification_and_a_city_may_decline(
    db: None, client: Any, monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    # given a city's first run, without a terminal
    monkeypatch.setenv("DOGTAG_ADMIN_USERNAME", "gnordin")
    monkeypatch.setenv("DOGTAG_ADMIN_EMAIL", "clerk@nowthenmn.gov")
    monkeypatch.setenv("DOGTAG_ADMIN_PASSWORD", GOOD_PASSWORD)
    settings.DOGTAG_REQUIRE_2FA = None  # DOGTAG_REQUIRE_2FA unset: the stored choice decides
    # when `dogtag setup` runs
    assert cli.main(["setup"], out=io.StringIO()) == 0
    # then the administrator, signed in, is sent to turn two-step verification on
    signed_in = client.post("/accounts/login/", {"username": "gnordin", "password": GOOD_PASSWORD})
    assert signed_in.status_code == 302
    home = client.get("/")
    assert (home.status_code, home["Location"]) == (302, "/accounts/two-step/turn-on/?next=%2F")
    # and a city that sets DOGTAG_REQUIRE_2FA=0 is not asked
    settings.DOGTAG_REQUIRE_2FA = False
    assert client.get("/").status_code == 200


def test_setup_refuses_a_database_that_holds_the_demo(
    db: None, django_user_model: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # given the demo's users in the database
    staff_demo.create_demo_users()
    before = list(django_user_model.objects.values_list("username", "password"))
    out = io.StringIO()
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    # when `dogtag setup` runs, then it refuses and creates no one
    assert cli.main(["setup"], out=out) == 2
    assert err.getvalue() == (
        "dogtag: error: This database holds the demo (user demo with the published password). "
        "A city needs its own database: set DATABASE_URL, or DOGTAG_VAR_DIR for a new SQLite file.\n"
    )
    assert list(django_user_model.objects.values_list("username", "password")) == before


def test_serve_demo_will_not_pass_a_city_database_off_as_the_demo(
    db: None, django_user_model: Any, monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    # given a city's database: its own administrator, no demo
    django_user_model.objects.create_superuser("gnordin", password=GOOD_PASSWORD)
    monkeypatch.setenv("DOGTAG_PUBLIC_URL", "")  # restored after the test: serve sets it
    settings.DOGTAG_PUBLIC_URL = "http://127.0.0.1:8000"
    served: list[object] = []
    monkeypatch.setattr("waitress.serve", lambda app, **kw: served.append(kw))
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    # when it is served with --demo, then it is refused, nothing served, no demo user made
    assert cli.main(["serve", "--demo"], out=io.StringIO()) == 2
    assert err.getvalue() == (
        "dogtag: error: This database holds records that are not the demo's: "
        "serve it with `dogtag serve`, without --demo.\n"
    )
    assert served == []
    assert list(django_user_model.objects.values_list("username", flat=True)) == ["gnordin"]
