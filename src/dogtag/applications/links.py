"""The address of a license's prefilled online renewal, for the renewal reminder e-mail."""

from __future__ import annotations

from django.urls import reverse

from dogtag.licensing.models import License
from dogtag.residents.links import absolute


def renewal_link(license: License) -> str:
    return absolute(reverse("residents:applications:application_renew", args=[license.number]))
