"""Where mail goes, from DOGTAG_EMAIL_URL (outbox/config.py)."""

from __future__ import annotations

import pytest

from dogtag.outbox.config import CONSOLE, FILE, SMTP, EmailUrlError, describe, email_settings


@pytest.mark.parametrize(
    "url, expected",
    [
        (None, {"EMAIL_BACKEND": SMTP}),
        ("", {"EMAIL_BACKEND": SMTP}),
        ("console:", {"EMAIL_BACKEND": CONSOLE}),
        ("file:///var/mail/dogtag", {"EMAIL_BACKEND": FILE, "EMAIL_FILE_PATH": "/var/mail/dogtag"}),
        (
            "smtp://clerk%40nowthen.example:p%40ss@mail.example.org:587?starttls",
            {
                "EMAIL_BACKEND": SMTP,
                "EMAIL_HOST": "mail.example.org",
                "EMAIL_PORT": 587,
                "EMAIL_HOST_USER": "clerk@nowthen.example",
                "EMAIL_HOST_PASSWORD": "p@ss",
                "EMAIL_USE_SSL": False,
                "EMAIL_USE_TLS": True,
            },
        ),
        (
            "smtps://mail.example.org",
            {
                "EMAIL_BACKEND": SMTP,
                "EMAIL_HOST": "mail.example.org",
                "EMAIL_PORT": 465,
                "EMAIL_HOST_USER": "",
                "EMAIL_HOST_PASSWORD": "",
                "EMAIL_USE_SSL": True,
                "EMAIL_USE_TLS": False,
            },
        ),
    ],
)
def test_the_address_names_the_backend(url, expected):
    assert email_settings(url) == expected


@pytest.mark.parametrize(
    "url, problem",
    [
        ("http://mail.example.org", "must start smtp://"),
        ("smtp://mail.example.org:port", "port that is not a number"),
        ("file://", "needs a folder"),
    ],
)
def test_a_bad_address_is_an_error_naming_the_variable(url, problem):
    with pytest.raises(EmailUrlError, match=problem):
        email_settings(url)


def test_the_demo_says_where_its_mail_goes():
    assert describe(email_settings("file:///srv/var/mail")) == "written as files into /srv/var/mail"
    assert describe(email_settings("smtp://mx:2525")) == "sent by SMTP to mx:2525"
    assert describe(email_settings("console:")) == "printed by the worker (console)"
