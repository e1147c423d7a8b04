"""The documents' background tasks (Django's Tasks API)."""

from __future__ import annotations

from django_tasks import task

from dogtag.documents import reminder_mail


@task()
def send_renewal_reminders() -> int:
    """The periodic sweep of renewal reminders (``dogtag worker`` runs it); idempotent."""
    return reminder_mail.send_renewal_reminders()
