"""Reading the accounts settings from the environment (imported by ``dogtag.settings``, so it
imports nothing from Django's app registry)."""

from __future__ import annotations

from collections.abc import Mapping

from django.core.exceptions import ImproperlyConfigured


def whole_number(environ: Mapping[str, str], name: str, default: int, minimum: int) -> int:
    """The environment variable ``name`` as a whole number of at least ``minimum``.

    A value that is not such a number stops the site at start-up with a message naming the
    variable, rather than running with protections the city did not mean to have.
    """
    raw = environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ImproperlyConfigured(
            f"{name} must be a whole number (at least {minimum}), not {raw!r}."
        ) from None
    if value < minimum:
        raise ImproperlyConfigured(f"{name} must be at least {minimum}, not {value}.")
    return value
