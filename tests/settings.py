"""Settings for the test suite: Dogtag's own, with a signing key that is only ever used by tests.

Outside DEBUG the site refuses to start without a configured SECRET_KEY (dogtag/secret_key.py), so a
fresh clone's `make test` and plain `.venv/bin/pytest` set one here. It goes into the environment
so that the `dogtag` processes some tests start (the concurrency workers, the command line) inherit
it; they are pointed back at `dogtag.settings`, which they can import from anywhere.
"""

import os

os.environ.setdefault("SECRET_KEY", "dogtag-test-suite-only-" + "k3y-" * 12)

from dogtag.settings import *  # noqa: F403

# PBKDF2 spends about a third of a second of CPU on every password set or checked, by design; the
# suite sets thousands (every clerk fixture) and tests no hashing strength, so MD5 keeps it quick.
# The processes tests start use dogtag.settings, with the real hashers.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

os.environ["DJANGO_SETTINGS_MODULE"] = "dogtag.settings"
