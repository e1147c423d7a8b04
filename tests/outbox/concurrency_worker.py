"""A separate process for the outbox concurrency test: `setup N` queues N messages;
`send START_AT` waits until START_AT (epoch seconds) and sweeps the outbox as a worker does.
Prints JSON. Run with DJANGO_SETTINGS_MODULE=dogtag.settings, DATABASE_URL / DOGTAG_VAR_DIR and
DOGTAG_EMAIL_URL (the test's SMTP server) set."""

from __future__ import annotations

import json
import sys
import time

import django

django.setup()

from django.db import transaction  # noqa: E402

from dogtag.outbox import sending, services  # noqa: E402


def setup(count: int) -> dict[str, object]:
    with transaction.atomic():
        ids = [
            services.queue_message(
                to=f"owner{n}@example.org",
                subject=f"Notice {n}",
                body=f"Notice number {n}.",
                kind="test",
                key=f"concurrency:{n}",
            ).pk
            for n in range(count)
        ]
    return {"messages": ids}


def send(start_at: float) -> dict[str, object]:
    while time.time() < start_at:
        time.sleep(0.005)
    sent = [pk for pk in sending.due_ids() if sending.send_message(pk).status == "sent"]
    return {"sent": sent}


if __name__ == "__main__":
    command, argument = sys.argv[1], sys.argv[2]
    result = setup(int(argument)) if command == "setup" else send(float(argument))
    print(json.dumps(result))
