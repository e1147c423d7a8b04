"""The licensing desk's background tasks (Django's Tasks API, the django-tasks backport)."""

from __future__ import annotations

from django_tasks import task

from dogtag.licensing import due_clocks


@task()
def refresh_due_clocks() -> bool:
    """The periodic check of the due list's stored clocks: rebuilt when the parameters they
    depend on changed (a resolution came into force) or were never built. Returns whether it
    rebuilt them."""
    return due_clocks.refresh_if_stale()
