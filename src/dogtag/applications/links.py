"""The address of a license's prefilled online renewal, for the renewal reminder e-mail."""

from __future__ import annotations

from django.urls import reverse

from dogtag.documents import reminder_mail
from dogtag.licensing.models import License
from dogtag.residents.links import absolute


def renewal_link(license: License) -> str:
    return absolute(reverse("residents:applications:application_renew", args=[license.number]))


def register() -> None:
    """Give ``documents.reminder_mail`` this site's renewal address (from ``AppConfig.ready``)."""
    reminder_mail.set_renewal_link(renewal_link)
