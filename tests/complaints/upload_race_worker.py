"""A separate process for the upload-lock test: `setup` creates an officer and a barking
complaint; `upload MARKER` adds a noise log whose reading lasts until the other process has saved
(it touches MARKER when reading starts, and reads on once MARKER.saved exists, or after
``PATIENCE``); `save MARKER` waits for MARKER, registers an owner, then touches MARKER.saved.
Each prints JSON with epoch times. Run with DJANGO_SETTINGS_MODULE=dogtag.settings and
DOGTAG_VAR_DIR set. The reading waits on the save, not for a fixed time, so a busy machine only
makes the test slower: if the reading held a lock, the save would wait for it (or fail) and
finish after the reading, whatever the pace."""

from __future__ import annotations

import datetime as dt
import io
import json
import sys
import time
from pathlib import Path
from zoneinfo import ZoneInfo

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402

from dogtag.complaints import services  # noqa: E402
from dogtag.complaints.models import Complaint  # noqa: E402
from dogtag.evidence import logs  # noqa: E402
from dogtag.licensing import services as licensing  # noqa: E402

CHICAGO = ZoneInfo("America/Chicago")
#: How long the reading waits for the other process's save: a bound, never what is asserted.
PATIENCE = 180.0


def setup() -> dict[str, object]:
    officer = get_user_model().objects.create_user("race-officer", password="x" * 16)
    complaint = services.receive_complaint(
        kind="barking",
        occurred_at=dt.datetime(2026, 11, 20, 22, 0, tzinfo=CHICAGO),
        narrative="Barking",
        address="7120 Viking Blvd NW",
        complainant_name="Lee Anders",
        complainant_phone="763-555-0199",
        actor=officer,
    )
    return {"complaint": complaint.number}


def upload(marker: Path) -> dict[str, object]:
    real = logs.read_log
    times: dict[str, object] = {}

    def slow(*args: object, **kwargs: object) -> object:
        times["read_started"] = time.time()
        marker.touch()
        saved, deadline = Path(f"{marker}.saved"), time.monotonic() + PATIENCE
        while not saved.exists() and time.monotonic() < deadline:  # a long log being parsed
            time.sleep(0.02)
        result = real(*args, **kwargs)
        times["read_ended"] = time.time()
        return result

    logs.read_log = slow  # type: ignore[assignment]
    officer = get_user_model().objects.get(username="race-officer")
    data = ("time\n" + "".join(f"22:00:{s:02d}\n" for s in range(0, 60, 10))).encode()
    services.add_noise_log(
        Complaint.objects.get(),
        upload=io.BytesIO(data),
        filename="log.csv",
        log_date=dt.date(2026, 11, 20),
        on=dt.date(2026, 11, 29),
        actor=officer,
    )
    return times | {"stored": time.time()}


def save(marker: Path) -> dict[str, object]:
    officer = get_user_model().objects.get(username="race-officer")
    while not marker.exists():
        time.sleep(0.02)
    started = time.time()
    try:
        licensing.register_owner(
            actor=officer, name="Pat Gustafson", street="7120 Viking Blvd NW", phone="763-555-0142"
        )
    except Exception as exc:  # the 500 of the issue: "database is locked"
        done = {"started": started, "error": str(exc), "done": time.time()}
    else:
        done = {"started": started, "done": time.time()}
    Path(f"{marker}.saved").touch()
    return done


if __name__ == "__main__":
    command, *rest = sys.argv[1:]
    result = (
        setup() if command == "setup" else {"upload": upload, "save": save}[command](Path(rest[0]))
    )
    print(json.dumps(result))
