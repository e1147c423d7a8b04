"""``dogtag refresh_due_clocks``: rebuild the due list's stored clocks (``licensing.due_clocks``).

Run it once after upgrading a database that already holds dogs, or after a bulk load written
around the services; the periodic task ``licensing.tasks.refresh_due_clocks`` does the same
whenever the parameters the clocks depend on change. Until it has run, the due list computes
every row (correct, but slow in a large city)."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand

from dogtag.licensing import due_clocks


class Command(BaseCommand):
    help = "Rebuild the due list's stored clocks (after an upgrade or a bulk load)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--if-stale",
            action="store_true",
            help="only if they were computed with other parameters than today's, or never",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        started = time.monotonic()
        if options["if_stale"] and not due_clocks.refresh_if_stale():
            self.stdout.write("The due list's stored clocks are up to date.")
            return
        if not options["if_stale"]:
            due_clocks.refresh_all()
        count = due_clocks.DueClock.objects.count()
        self.stdout.write(
            f"Stored {count:,} clocks of the due list in {time.monotonic() - started:.1f} s."
        )
