"""A resident's account: an e-mail address that proved itself by a sign-in link.

The account holds a Django user only because django-sesame signs its links for a user; that
user has no password (``set_unusable_password``), no staff flag and no role, so it can never sign
in to the staff site, and the residents' site never calls ``django.contrib.auth.login`` for it
(``session.py`` keeps the resident in a session key of its own).

``owners`` are the households (licensing ``Owner`` records) the account may see: those whose
e-mail address is the account's, linked when the resident signs in, and the household the
resident registers online once a clerk accepts it.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class ResidentAccount(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="resident_account"
    )
    #: Stored lower-cased: one account per address.
    email = models.EmailField(unique=True)
    owners = models.ManyToManyField("licensing.Owner", blank=True, related_name="resident_accounts")
    created_at = models.DateTimeField(default=timezone.now)
    last_signed_in_at = models.DateTimeField(null=True, blank=True)
    #: The user's ``last_login`` before the latest sign-in. django-sesame signs a link with the
    #: user's ``last_login`` (single use: signing in changes it, which spends every link sent
    #: before); kept, it tells a link the city sent and a sign-in spent from a forged one, so a
    #: resident clicking an old link is not counted like someone guessing links.
    previous_last_login = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["email"]

    def __str__(self) -> str:
        return self.email


class Throttle(models.Model):
    """One counter of public requests: a kind of request from one address (or for one e-mail
    address) within a fixed window. In the database, so every app server counts together."""

    key = models.CharField(max_length=200, unique=True)
    window_started_at = models.DateTimeField()
    count = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.key}: {self.count}"
