"""Where the signing key comes from (issue 10: a production mode). Plain Python, no Django, so that
the settings and the ``dogtag`` command (before Django starts) read it the same way.

In order: the ``SECRET_KEY`` environment variable; the file named by ``SECRET_KEY_FILE`` (e.g. a
container secret); the file ``secret_key`` in the var directory, which ``dogtag setup`` and
``dogtag serve --demo`` write once with mode 0600. With none of them the site refuses to start
(with ``DEBUG`` on, the var file is written on first use, as a convenience for development).
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

PROJECT_DIR = Path(__file__).resolve().parent.parent.parent
HOW_TO_FIX = (
    "Dogtag has no SECRET_KEY. Set the SECRET_KEY environment variable, or SECRET_KEY_FILE to a "
    "file holding the key, or run `dogtag setup` once to write {path} (mode 0600)."
)


class MissingSecretKey(Exception):
    """No key in the environment, the named file or the var directory."""


def var_dir() -> Path:
    return Path(os.environ.get("DOGTAG_VAR_DIR") or PROJECT_DIR / "var")


def key_file() -> Path:
    return var_dir() / "secret_key"


def read_secret_key() -> str:
    """The key, from the environment or a file; MissingSecretKey (with how to fix it) if none."""
    if os.environ.get("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    named = os.environ.get("SECRET_KEY_FILE")
    path = Path(named) if named else key_file()
    try:
        key = path.read_text().strip()
    except FileNotFoundError:
        if named:
            raise MissingSecretKey(f"SECRET_KEY_FILE names {path}, which does not exist.") from None
        raise MissingSecretKey(HOW_TO_FIX.format(path=path)) from None
    if not key:
        raise MissingSecretKey(f"The secret key file {path} is empty.")
    return key


def ensure_secret_key_file() -> Path | None:
    """Write a new random key to the var directory's file (mode 0600) unless a key is configured
    already (environment, SECRET_KEY_FILE or the file itself). The path written, or None."""
    if os.environ.get("SECRET_KEY") or os.environ.get("SECRET_KEY_FILE"):
        return None
    path = key_file()
    if path.exists():
        return None
    path.parent.mkdir(parents=True, exist_ok=True)
    # Created with mode 0600 in one step, so the key is never readable by others, even briefly.
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(secrets.token_urlsafe(50) + "\n")
    return path
