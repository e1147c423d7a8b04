"""The ``dogtag`` command: the rules core from the shell, and the staff site's server.

    dogtag rules                                   the catalogue of implemented rules (JSON)
    dogtag rules --coverage [--tests DIR] [--json] each subsection: its rules and tests, or why none
    dogtag rules --events QUESTION [--markdown|--json]  a procedure's events, sections, rules, tests
    dogtag readings                                the readings register (JSON)
    dogtag params [--on DATE] [--json]             the parameters in force on a date, with sources
    dogtag deadline --from DATE (--days N | --rule ID) [--event TEXT] [--json]
    dogtag evaluate QUESTION --facts FILE|-        facts as JSON in, findings as JSON out
    dogtag evaluate QUESTION --schema              the facts a question takes (JSON Schema)
    dogtag evaluate --list                         the questions
    dogtag evaluate barking --log FILE.csv [--date YYYY-MM-DD]       noise times from a log
    dogtag evaluate barking --recording FILE.wav --started DATETIME  barks found in a recording
    dogtag setup                                   a city's first run and upgrades: migrate, roles,
                                                   the first administrator (asked, or from the
                                                   DOGTAG_ADMIN_* environment variables)
    dogtag serve [--host H] [--port P]             the staff site (after `dogtag setup`)
    dogtag serve --demo                            the demo: synthetic town, published logins, and
                                                   a worker that sends its mail
    dogtag worker [--once]                         the background worker: e-mail, periodic sweeps
    dogtag manage ARGS...                          Django's management commands
    dogtag backup [--output DIR]                   one archive: database, uploaded files, params
    dogtag restore ARCHIVE                         verify an archive, restore it into an empty database

Bad input is reported on standard error with exit status 2; nothing is written.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import getpass
import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator, Sequence
from itertools import groupby
from pathlib import Path
from typing import Any, NoReturn, TextIO
from zoneinfo import ZoneInfo

from dogtag.backup.archive import BackupError  # backup and restore (issue 10, item 8)
from dogtag.law import catalogue, coverage, dangerous_dog_clocks, event_tables, params, readings
from dogtag.law.clocks import CLOCKS, deadline
from dogtag.law.computation_of_time import DeadlineError
from dogtag.law.params import ParameterError
from dogtag.law.questions import (
    QUESTIONS,
    FactsError,
    QuestionNotInLaw,
    UnknownQuestion,
    evaluate,
    not_in_law,
    question,
)
from dogtag.secret_key import ensure_secret_key_file

CITY_TIME_ZONE = ZoneInfo("America/Chicago")


class UsageError(Exception):
    """Input the command cannot use; printed as ``dogtag: error: ...`` with exit status 2."""


def city_today() -> dt.date:
    return dt.datetime.now(CITY_TIME_ZONE).date()


def parse_date(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date (YYYY-MM-DD)") from None


def print_json(data: Any, out: TextIO) -> None:
    json.dump(data, out, indent=2, ensure_ascii=False)
    out.write("\n")


def cmd_rules(args: argparse.Namespace, out: TextIO) -> int:
    if args.events:
        table = event_tables.tables()[args.events]
        if args.markdown:
            out.write(event_tables.render_markdown(args.events, table))
            return 0
        tests = args.tests if args.tests is not None else Path.cwd() / "tests"
        rows = event_tables.event_coverage(table, tests.parent if tests.is_dir() else None)
        if args.json:
            print_json([row.to_json() for row in rows], out)
        else:
            out.write(event_tables.render_text(args.events, rows))
        return 0
    if args.coverage:
        tests = args.tests if args.tests is not None else Path.cwd() / "tests"
        # the rules that are law in the city in force, against its own text (issue 27)
        law = catalogue.catalogue(params.default(), city_today())
        rows = coverage.coverage(law, tests if tests.is_dir() else None)
        root = tests.parent if tests.is_dir() else None
        procedures = {
            q: event_tables.event_coverage(t, root) for q, t in event_tables.tables().items()
        }
        if args.json:
            print_json([row.to_json() for row in rows], out)
        else:
            out.write(coverage.render(rows))
            # the procedures' events too (issue 26): each event the text names, proved or not
            for question, events in procedures.items():
                proved = sum(1 for e in events if e.proved)
                out.write(f"events of {question}: {len(events)}; proved by tests: {proved}\n")
        return 0
    # titles and summaries worded from the parameters in force today (law.wording)
    print_json([r.to_json() for r in catalogue.catalogue(params.default(), city_today())], out)
    return 0


def cmd_readings(args: argparse.Namespace, out: TextIO) -> int:
    city, on = params.default(), city_today()
    print_json([r.worded(city, on).to_json() for r in readings.register()], out)
    return 0


def cmd_params(args: argparse.Namespace, out: TextIO) -> int:
    city = params.default()
    on = args.on or city_today()
    values = city.in_force(on)
    if not values:
        raise UsageError(
            f"no parameter is in force on {on.isoformat()}: the earliest takes effect "
            f"{min(d.first_effective for d in city).isoformat()}"
        )
    if args.json:
        print_json(
            {
                "on": on.isoformat(),
                "jurisdiction": city.city.id,
                "parameters": [v.to_json() for v in values],
            },
            out,
        )
        return 0
    out.write(f"Parameters in force on {on.isoformat()} for {city.city.name}\n")
    for file, group in groupby(
        sorted(values, key=lambda v: (v.definition.file, v.key)), key=lambda v: v.definition.file
    ):
        out.write(f"\n{file}\n")
        for value in group:
            flag = (
                f" [confidence {value.source.confidence}]"
                if value.source.confidence not in (None, "V")
                else ""
            )
            out.write(f"  {value.key} = {value.display()}\n")
            out.write(f"      since {value.effective.isoformat()}; {value.source.cite()}{flag}\n")
    return 0


def cmd_deadline(args: argparse.Namespace, out: TextIO) -> int:
    if args.rule is None and args.days is None:
        raise UsageError("give --days N, or --rule ID for a deadline the ordinance fixes")
    city = params.default()
    finding = deadline(
        city, args.trigger, clock_id=args.rule, days=args.days, trigger_event=args.event
    )
    # a registration clock: the other one runs beside it, and
    # incorporation.more_restrictive_controls says which controls
    others = (
        dangerous_dog_clocks.beside(args.rule, args.trigger, city, args.other) if args.rule else []
    )
    if args.json:
        print_json({**finding.to_json(), "beside": [f.to_json() for f in others]}, out)
        return 0
    assert finding.deadline is not None
    out.write(f"Due: {finding.deadline.due:%A} {finding.deadline.due.isoformat()}\n")
    out.write(f"Sections: {finding.citation}\n\n")
    for line in finding.deadline.explanation:
        out.write(f"  {line}\n")
    for other in others:
        out.write(f"\nBeside it: {other.message}\n")
        if other.deadline is not None and other.rule != "incorporation.controlling_provision":
            for line in other.deadline.explanation:
                out.write(f"  {line}\n")
    return 0


def read_facts(source: str) -> Any:
    try:
        if source == "-":
            text = sys.stdin.read()
        else:
            with open(source, encoding="utf-8") as handle:
                text = handle.read()
    except OSError as exc:
        raise UsageError(f"cannot read facts from {source}: {exc.strerror}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(
            f"the facts in {'standard input' if source == '-' else source} are not valid JSON: "
            f"{exc.msg} at line {exc.lineno}, column {exc.colno}"
        ) from None


def cmd_evaluate(args: argparse.Namespace, out: TextIO) -> int:
    if args.list or args.question is None:
        city = params.default()
        print_json(
            [
                {"question": q.name, "summary": q.summary, "rules": list(q.rules)}
                for q in (
                    q.worded(city, city_today())
                    for q in QUESTIONS.values()
                    if not not_in_law(q, city)  # issue 27: only the questions that are its law
                )
            ],
            out,
        )
        return 0
    asked = question(args.question)
    if args.schema:
        print_json(asked.schema(), out)
        return 0
    evidence: dict[str, Any] | None = None
    if args.log or args.recording:
        if asked.name != "barking":
            raise UsageError("--log and --recording go with the barking question")
        facts = read_facts(args.facts) if args.facts else {}
        if not isinstance(facts, dict):
            raise UsageError("the facts must be a JSON object")
        facts.setdefault("on", city_today().isoformat())
        noises, evidence = _barking_evidence(args)
        facts["noises"] = [n.isoformat() for n in noises]
    elif args.facts is None:
        raise UsageError(
            f"give the facts: dogtag evaluate {asked.name} --facts FILE (or - for "
            f"standard input); see --schema"
        )
    else:
        facts = read_facts(args.facts)
    result = evaluate(asked.name, facts, params.default())
    if evidence is not None:
        result["evidence"] = evidence
    print_json(result, out)
    return 0


def _barking_evidence(args: argparse.Namespace) -> tuple[list[dt.datetime], dict[str, Any]]:
    """The noise times of a CSV log or of the barks found in a recording (``nuisance.barking``)."""
    zone = CITY_TIME_ZONE
    if args.log and args.recording:
        raise UsageError("give --log or --recording, not both")
    if args.log:
        from dogtag.evidence.logs import LogError, read_log

        try:
            with open(args.log, encoding="utf-8-sig") as handle:
                text = handle.read()
        except OSError as exc:
            raise UsageError(f"cannot read the log {args.log}: {exc.strerror}") from None
        try:
            noises = read_log(text, date=args.date, tzinfo=zone)
        except LogError as exc:
            raise UsageError(f"the log {args.log} cannot be used: {exc}") from None
        return noises, {"log": args.log, "noises": len(noises)}
    from dogtag.evidence.audio import RecordingError, detect_file

    if args.started is None:
        raise UsageError("give --started: when the recording began (YYYY-MM-DDTHH:MM:SS)")
    started = args.started if args.started.tzinfo else args.started.replace(tzinfo=zone)
    try:
        with open(args.recording, "rb") as handle:
            found = detect_file(handle)
    except OSError as exc:
        raise UsageError(f"cannot read the recording {args.recording}: {exc.strerror}") from None
    except RecordingError as exc:
        raise UsageError(f"{args.recording}: {exc}") from None
    noises = [started + dt.timedelta(seconds=s) for s in found.onsets]
    return noises, {"recording": args.recording, "started": started.isoformat(), **found.to_json()}


def _django(argv: Sequence[str]) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dogtag.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(["dogtag manage", *argv])


def cmd_manage(args: argparse.Namespace, out: TextIO) -> int:
    _start_django()  # a missing SECRET_KEY is a plain error message, not a traceback
    _django(args.args)
    return 0


# --- production mode (issue 10): `dogtag setup`, and `dogtag serve` with or without --demo ---

DEMO_BANNER = (
    "THIS IS A DEMO: a synthetic town and demo logins with a published password. "
    "Never enter a real city's records here; a city starts with `dogtag setup`."
)
ADMIN_ENV = ("DOGTAG_ADMIN_USERNAME", "DOGTAG_ADMIN_EMAIL", "DOGTAG_ADMIN_PASSWORD")


def _start_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dogtag.settings")
    import django
    from django.core.exceptions import ImproperlyConfigured

    try:
        django.setup()
    except ImproperlyConfigured as exc:
        raise UsageError(str(exc)) from None


def _administrator_details(out: TextIO) -> tuple[str, str, str]:
    """The first administrator's username, email and password: from DOGTAG_ADMIN_USERNAME,
    DOGTAG_ADMIN_EMAIL and DOGTAG_ADMIN_PASSWORD, or asked in a terminal (the password twice,
    not echoed, checked by the password validators; three tries)."""
    from dogtag.staff import first_run

    username, email, password = (os.environ.get(name, "") for name in ADMIN_ENV)
    if username or password:
        if not (username and password):
            raise UsageError("Set both DOGTAG_ADMIN_USERNAME and DOGTAG_ADMIN_PASSWORD.")
        return username, email, password
    if not sys.stdin.isatty():
        raise UsageError(
            "No first administrator to create: run `dogtag setup` in a terminal to be asked, "
            "or set DOGTAG_ADMIN_USERNAME, DOGTAG_ADMIN_PASSWORD and DOGTAG_ADMIN_EMAIL."
        )
    out.write("Create the first administrator (a superuser in the Administrator group).\n")
    for _ in range(3):
        out.flush()
        username = input("Username: ").strip()
        email = input("Email address (optional): ").strip()
        password = getpass.getpass("Password: ")
        if getpass.getpass("Password (again): ") != password:
            out.write("The two passwords differ.\n")
            continue
        problems = first_run.check_administrator(username, email, password)
        if not problems:
            return username, email, password
        out.write("".join(f"  - {p}\n" for p in problems))
    raise UsageError("No administrator created after three tries; nothing else was changed.")


def cmd_setup(args: argparse.Namespace, out: TextIO) -> int:
    written = ensure_secret_key_file()
    _start_django()
    from django.core.management import call_command

    from dogtag.staff import first_run

    if written is not None:
        out.write(f"Wrote a new secret key to {written} (mode 0600). Keep it with the backups.\n")
    pending = first_run.pending_migrations()
    call_command("migrate", interactive=False, verbosity=0)  # also ensures the role groups
    out.write(f"Applied {pending} migrations.\n" if pending else "The database is up to date.\n")
    # An upgraded city's due list reads stored clocks once they are built (licensing.due_clocks).
    from dogtag.licensing import due_clocks

    if due_clocks.refresh_if_stale():
        count = due_clocks.DueClock.objects.count()
        out.write(f"Stored the due list's clocks ({count:,}).\n")
    if first_run.holds_the_demo():
        raise UsageError(
            "This database holds the demo (user demo with the published password). A city needs "
            "its own database: set DATABASE_URL, or DOGTAG_VAR_DIR for a new SQLite file."
        )
    existing = first_run.administrator()
    if existing is not None:
        _require_two_step(out)
        out.write(f"The administrator {existing.username!r} exists; nothing else to do.\n")
        return 0
    username, email, password = _administrator_details(out)
    try:
        user = first_run.create_first_administrator(
            username=username, email=email, password=password
        )
    except first_run.SetupRefused as exc:
        raise UsageError(" ".join(exc.problems)) from None
    out.write(
        f"Created the administrator {user.username!r} (superuser, Administrator group). "
        "Start the site with `dogtag serve`; add the staff in the admin.\n"
    )
    _require_two_step(out)
    return 0


def _require_two_step(out: TextIO) -> None:
    """A city's site asks its administrators for a second step by default (issue 25): stored
    once, so a city's own choice made since is kept; DOGTAG_REQUIRE_2FA decides over it."""
    from dogtag.accounts.services import require_two_step_unless_chosen

    if require_two_step_unless_chosen() is not None:
        out.write(
            "Two-step verification is now required of superusers and Administrators: each is "
            "asked to turn it on at their next sign-in (DOGTAG_REQUIRE_2FA=0 turns it off).\n"
        )


def _switched_on(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in ("1", "true", "yes", "on")


def link_to_this_server(host: str, port: int) -> None:
    """Unless DOGTAG_PUBLIC_URL says where the site is reached, the links in mail and documents
    name the address served here (``records.links``): set before Django reads its settings, and
    inherited by the demo's worker. Behind TLS only the city knows the address, and the
    deployment check refuses to serve without it."""
    from dogtag.records.links import served_url

    if not os.environ.get("DOGTAG_PUBLIC_URL", "").strip() and not _switched_on("DOGTAG_HTTPS"):
        os.environ["DOGTAG_PUBLIC_URL"] = served_url(host, port)


def deployment_warnings() -> list[str]:
    """Refuse what `dogtag manage check --deploy` reports as an error among Dogtag's own checks
    (the public address, the proxies: issue 25), so the two cannot disagree; its warnings."""
    from django.core import checks

    found = checks.run_checks(tags=["dogtag"], include_deployment_checks=True)
    said = [f"{m.msg} {m.hint}" if m.hint else str(m.msg) for m in found]
    errors = [text for text, m in zip(said, found, strict=True) if m.is_serious()]
    if errors:
        raise UsageError(" ".join(errors))
    return said


@contextlib.contextmanager
def stopped_by_signals() -> Iterator[None]:
    """SIGTERM (systemd's stop, `kill`) and SIGINT (Ctrl-C) end the server through every
    ``finally``, whatever the process that started it left them as. Python's default for SIGTERM
    would end the process at once, leaving the demo's worker running; and a server started as a
    script's background job inherits SIGINT ignored, so "Stop with Ctrl-C" would not stop it
    (issue 25: a Waitress server sent SIGINT ran on for minutes). Waitress takes SystemExit and
    KeyboardInterrupt alike (it stops its threads and returns); gunicorn installs its own
    handlers and leaves with SystemExit too."""

    def stop(signum: int, frame: object) -> None:
        raise SystemExit(0)

    previous = {
        signal.SIGTERM: signal.signal(signal.SIGTERM, stop),
        signal.SIGINT: signal.signal(signal.SIGINT, signal.default_int_handler),
    }
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    if args.workers < 1 or args.threads < 1:
        raise UsageError("--workers and --threads must be at least 1.")
    if args.demo:
        ensure_secret_key_file()
        demo_mail_to_files()
    link_to_this_server(args.host, args.port)
    _start_django()
    from django.core.management import call_command

    from dogtag.staff import first_run
    from dogtag.staff.demo import demo_logins, demo_resident_logins, load_demo_data

    warnings = deployment_warnings()
    if args.demo:
        call_command("migrate", interactive=False, verbosity=0)
        if load_demo_data(out=out):
            out.write("Loaded the demo data into the empty database.\n")
        elif not first_run.holds_the_demo():
            raise UsageError(
                "This database holds records that are not the demo's: "
                "serve it with `dogtag serve`, without --demo."
            )
    elif reason := first_run.not_ready():
        raise UsageError(reason)
    elif first_run.holds_the_demo():
        raise UsageError(
            "This database holds the demo (user demo with the published password, which anyone "
            "can sign in with). Serve it as the demo with `dogtag serve --demo`. A city needs its "
            "own database: set DATABASE_URL, or DOGTAG_VAR_DIR for a new SQLite file, and run "
            "`dogtag setup`."
        )
    if reason := first_run.another_city():
        raise UsageError(reason)
    from dogtag.records.links import public_url
    from dogtag.serving import gunicorn_options, serve_with_gunicorn, waitress_options
    from dogtag.wsgi import application

    out.write(f"Dogtag staff site: http://{args.host}:{args.port}/\n")
    out.write(f"Links in e-mail and documents: {public_url()}/\n")
    if args.demo:
        out.write(f"{DEMO_BANNER}\n")
        out.write("".join(f"{line}\n" for line in demo_logins()))
        out.write(f"Residents' site: http://{args.host}:{args.port}/residents/\n")
        out.write("".join(f"{line}\n" for line in demo_resident_logins()))
    else:  # the demo asks nothing of its published logins
        out.write("".join(f"Warning: {text}\n" for text in warnings))
    # gunicorn's worker processes are forks of this one and leave through this frame too: only
    # the process that started the demo's worker stops it.
    server_pid = os.getpid()
    worker = None
    try:
        with stopped_by_signals():
            worker = start_demo_worker(out) if args.demo else None
            out.write("Stop with Ctrl-C.\n")
            out.flush()
            if args.workers > 1:
                options = gunicorn_options(args.host, args.port, args.workers, args.threads)
                serve_with_gunicorn(application, options)
            else:
                from waitress import serve

                serve(application, **waitress_options(args.host, args.port, args.threads))
    finally:
        if worker is not None and os.getpid() == server_pid:
            stop_demo_worker(worker)
    return 0


# -- background work (issue 12 item 6): `dogtag worker`, and the demo's own worker -------------


def demo_mail_to_files() -> None:
    """The demo sends no real mail: unless DOGTAG_EMAIL_URL says otherwise, its messages are
    written as files into var/mail."""
    if not os.environ.get("DOGTAG_EMAIL_URL", "").strip():
        from dogtag.secret_key import var_dir

        os.environ["DOGTAG_EMAIL_URL"] = (var_dir() / "mail").resolve().as_uri()


#: How long the demo's worker may take to finish its task when stopped, before it is killed
#: (a task's writes are one transaction or idempotent: README, "E-mail and background work").
WORKER_STOP_SECONDS = 10


def start_demo_worker(out: TextIO) -> subprocess.Popen[bytes]:
    """`dogtag worker` beside the demo's server (same settings and database), stopped with it."""
    worker = subprocess.Popen([sys.executable, "-m", "dogtag.cli", "worker"], env=os.environ.copy())
    out.write(f"The demo's worker (process {worker.pid}): its mail is {mail_destination()}.\n")
    return worker


def stop_demo_worker(worker: subprocess.Popen[bytes]) -> None:
    if worker.poll() is None:
        worker.terminate()
    try:
        worker.wait(timeout=WORKER_STOP_SECONDS)
    except subprocess.TimeoutExpired:
        worker.kill()
        worker.wait()


def mail_destination() -> str:
    from django.conf import settings

    from dogtag.outbox.config import describe

    names = ("EMAIL_BACKEND", "EMAIL_FILE_PATH", "EMAIL_HOST", "EMAIL_PORT")
    return describe({name: getattr(settings, name, None) for name in names})


def cmd_worker(args: argparse.Namespace, out: TextIO) -> int:
    _start_django()
    from django.conf import settings

    from dogtag.jobs import worker

    out.write(f"Dogtag worker ({settings.DOGTAG_TASKS} backend); mail is {mail_destination()}.\n")
    out.flush()
    worker.run(once=args.once)
    return 0


# -- backup and restore (issue 10, item 8): the work is in dogtag.backup ----------------------


def cmd_backup(args: argparse.Namespace, out: TextIO) -> int:
    _start_django()
    from dogtag.backup import operations

    operations.backup(args.output or operations.default_output(), out)
    return 0


def cmd_restore(args: argparse.Namespace, out: TextIO) -> int:
    _start_django()
    from dogtag.backup import operations

    operations.restore(args.archive, out)
    return 0


def add_backup_commands(sub: Any) -> None:
    p = sub.add_parser("backup", help="write one archive of the database, files and parameters")
    p.add_argument(
        "--output",
        type=Path,
        metavar="DIR",
        help="the folder for the archive (default: backups/ in DOGTAG_VAR_DIR)",
    )
    p.set_defaults(run=cmd_backup)
    p = sub.add_parser(
        "restore", help="verify a backup archive and restore it into an empty database"
    )
    p.add_argument("archive", type=Path, metavar="ARCHIVE", help="a dogtag-backup-*.tar.gz")
    p.set_defaults(run=cmd_restore)


# -- end of backup and restore -----------------------------------------------------------------


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"dogtag: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="dogtag",
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)

    p = sub.add_parser("rules", help="the catalogue of implemented rules, as JSON")
    p.add_argument(
        "--coverage",
        action="store_true",
        help="each subsection of the ordinance with the rules and tests that cover it, or why none",
    )
    p.add_argument(
        "--tests", type=Path, help="the test folder searched by --coverage (default: ./tests)"
    )
    p.add_argument(
        "--events",
        metavar="QUESTION",
        choices=sorted(event_tables.PROCEDURE_MODULES),
        help="a procedure's events: each with its section, rules and tests (with --markdown, the "
        "table in docs/procedures/)",
    )
    p.add_argument("--markdown", action="store_true", help="with --events: the docs' table")
    p.add_argument(
        "--json", action="store_true", help="with --coverage or --events: machine-readable output"
    )
    p.set_defaults(run=cmd_rules)

    p = sub.add_parser("readings", help="the readings register (LEGAL-NOTES §6 and since), as JSON")
    p.set_defaults(run=cmd_readings)

    p = sub.add_parser("params", help="the parameters in force on a date, with sources")
    p.add_argument("--on", type=parse_date, help="the date (YYYY-MM-DD); default today in Nowthen")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(run=cmd_params)

    p = sub.add_parser("deadline", help="a due date counted per Minn. Stat. 645.15, explained")
    p.add_argument(
        "--from",
        dest="trigger",
        type=parse_date,
        required=True,
        help="the day of the triggering event (YYYY-MM-DD), not itself counted",
    )
    p.add_argument("--days", type=int, help="the number of days")
    p.add_argument(
        "--other",
        type=parse_date,
        help="with a registration clock: the other clock's day (the date of the Notice beside "
        "dangerous_dog.registration, the day deemed beside dangerous_dog.seizure_unregistered)",
    )
    p.add_argument(
        "--rule",
        choices=sorted(CLOCKS),
        metavar="ID",
        help=f"a deadline rule that fixes the days: {', '.join(sorted(CLOCKS))}",
    )
    p.add_argument("--event", help="what happened on the trigger day, for the explanation")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(run=cmd_deadline)

    p = sub.add_parser("evaluate", help="answer a question: facts as JSON in, findings as JSON out")
    p.add_argument("question", nargs="?", help=f"one of: {', '.join(QUESTIONS)}")
    p.add_argument(
        "--facts", metavar="FILE|-", help="a JSON file of facts, or - for standard input"
    )
    p.add_argument("--schema", action="store_true", help="print the facts the question takes")
    p.add_argument("--list", action="store_true", help="list the questions")
    p.add_argument("--log", metavar="FILE.csv", help="barking: noise times from a CSV log")
    p.add_argument(
        "--date",
        type=dt.date.fromisoformat,
        metavar="YYYY-MM-DD",
        help="barking: the date of a log that gives clock times only",
    )
    p.add_argument(
        "--recording", metavar="FILE", help="barking: a WAV or FLAC recording to find barks in"
    )
    p.add_argument(
        "--started",
        type=dt.datetime.fromisoformat,
        metavar="DATETIME",
        help="barking: when the recording began (city time unless an offset is given)",
    )
    p.set_defaults(run=cmd_evaluate)

    p = sub.add_parser(
        "setup", help="first run and upgrades: migrate, roles, the first administrator"
    )
    p.set_defaults(run=cmd_setup)

    p = sub.add_parser("serve", help="serve the staff site (after `dogtag setup`)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--threads", type=int, default=8, help="threads per process (default 8)")
    p.add_argument(
        "--workers",
        type=int,
        default=1,
        help="worker processes; more than 1 serves with gunicorn (README: Serving under load)",
    )
    p.add_argument(
        "--demo",
        action="store_true",
        help="a demo: migrate, load the demo town and its published logins if the database is empty",
    )
    p.set_defaults(run=cmd_serve)

    p = sub.add_parser("worker", help="run background tasks: e-mail, reminders, jobs")
    p.add_argument(
        "--once",
        action="store_true",
        help="enqueue the periodic sweeps, run every task ready now, then exit (for cron)",
    )
    p.set_defaults(run=cmd_worker)

    p = sub.add_parser("manage", help="run a Django management command", add_help=False)
    p.add_argument("args", nargs=argparse.REMAINDER)
    p.set_defaults(run=cmd_manage)
    add_backup_commands(sub)  # backup and restore (issue 10, item 8)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.run(args, out or sys.stdout))
    except FactsError as exc:
        if len(exc.problems) == 1:
            sys.stderr.write(f"dogtag: error: {exc}\n")
        else:
            sys.stderr.write(
                f"dogtag: error: the facts for {exc.question!r} have "
                f"{len(exc.problems)} problems:\n"
            )
            for problem in exc.problems:
                sys.stderr.write(f"  - {problem}\n")
        return 2
    except (UsageError, UnknownQuestion, QuestionNotInLaw, DeadlineError, ParameterError) as exc:
        sys.stderr.write(f"dogtag: error: {exc}\n")
        return 2
    except BackupError as exc:  # backup and restore (issue 10, item 8): their refusals
        sys.stderr.write(f"dogtag: error: {exc}\n")
        return 2
    except BrokenPipeError:
        # The reader (e.g. `| head`) stopped early: not an error of ours.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
