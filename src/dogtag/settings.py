"""Django settings for Dogtag, read from the environment.

DATABASE_URL  database (default: SQLite file var/dogtag.sqlite3); postgres://... for PostgreSQL
SECRET_KEY    signing key; or SECRET_KEY_FILE, a file holding it; or var/secret_key, written by
              `dogtag setup` / `dogtag serve --demo`. With DEBUG off and none of them: an error.
DEBUG         "1"/"true" for development error pages (default off)
DOGTAG_HTTPS  "1" behind a TLS proxy: secure cookies, SSL redirect, HSTS (DOGTAG_HSTS_SECONDS)
ALLOWED_HOSTS comma-separated host names (default 127.0.0.1,localhost)
DOGTAG_VAR_DIR        where the SQLite file, the secret key and collected static files live
DOGTAG_JURISDICTION   the city whose parameters apply (default nowthen)
DOGTAG_PARAMS_DIR     the parameter folder (default: the files shipped in dogtag/params)
DOGTAG_LOGIN_FAILURE_LIMIT, DOGTAG_LOCKOUT_MINUTES, DOGTAG_PROXY_COUNT, DOGTAG_IDLE_MINUTES,
DOGTAG_REQUIRE_2FA    sign-in protections (see the Accounts block below)
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from dogtag import secret_key as _keys

PACKAGE_DIR = Path(__file__).resolve().parent
PROJECT_DIR = PACKAGE_DIR.parent.parent
VAR_DIR = Path(os.environ.get("DOGTAG_VAR_DIR") or PROJECT_DIR / "var")


def _flag(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in ("1", "true", "yes", "on")


def _yes_or_no(name: str) -> bool | None:
    """A switch that may be left unset (None); a value that is neither yes nor no stops the site,
    naming the variable, rather than quietly meaning "off"."""
    value = os.environ.get(name, "").strip().lower()
    if not value:
        return None
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off"):
        return False
    raise ImproperlyConfigured(f"{name} must be 1 (on) or 0 (off), not {value!r}.")


# --- the signing key (issue 10, production mode): never invented silently outside DEBUG ---
DEBUG = _flag("DEBUG")
if DEBUG:
    _keys.ensure_secret_key_file()
try:
    SECRET_KEY = _keys.read_secret_key()
except _keys.MissingSecretKey as exc:
    raise ImproperlyConfigured(str(exc)) from None
# --- end of the signing key ---
ALLOWED_HOSTS = [
    h.strip()
    for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost").split(",")
    if h.strip()
]
CSRF_TRUSTED_ORIGINS = [
    o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "simple_history",
    "dogtag.records",
    "dogtag.parcels",
    "dogtag.licensing",
    "dogtag.kennels",
    "dogtag.complaints",
    "dogtag.dangerous_dogs",
    "dogtag.dangerous_animals",  # issue 27: a city whose law designates any animal dangerous
    "dogtag.clinics",
    "dogtag.staff",
    "dogtag.api",
    "dogtag.exports",
    "dogtag.imports",  # issue 13 item 3: the legacy import
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    "dogtag.records.middleware.NotLawHereMiddleware",
]

# --- Content-Security-Policy and Permissions-Policy (issue 10, production mode) ---
# No inline script or style anywhere (CSS and JS are static files), so no 'unsafe-inline'; images
# from the site itself and data: URIs (the favicon, USWDS's icons in its CSS).
from csp.constants import NONE, SELF  # noqa: E402

MIDDLEWARE.insert(
    MIDDLEWARE.index("django.middleware.security.SecurityMiddleware") + 1,
    "csp.middleware.CSPMiddleware",
)
MIDDLEWARE.insert(
    MIDDLEWARE.index("csp.middleware.CSPMiddleware") + 1,
    "dogtag.records.middleware.PermissionsPolicyMiddleware",
)
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "frame-ancestors": [NONE],
        "form-action": [SELF],
    }
}
# --- end of Content-Security-Policy and Permissions-Policy ---

ROOT_URLCONF = "dogtag.urls"
WSGI_APPLICATION = "dogtag.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [PACKAGE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "dogtag.staff.context_processors.jurisdiction",
                "dogtag.staff.context_processors.current_page",
                "dogtag.residents.context_processors.resident",
            ],
        },
    },
]

_sqlite_default = f"sqlite:///{VAR_DIR / 'dogtag.sqlite3'}"
# An empty DATABASE_URL (a unit file's "DATABASE_URL=") means the default, as if it were unset.
_database_url = os.environ.get("DATABASE_URL", "").strip() or _sqlite_default
DATABASES = {"default": dj_database_url.parse(_database_url, conn_max_age=60)}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    # Writers take the lock at BEGIN (no upgrade deadlocks between concurrent clerks), WAL lets
    # readers go on while one writes, and a busy writer waits rather than failing at once.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    DATABASES["default"]["CONN_MAX_AGE"] = 0
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # PostgreSQL's JIT compiles a query it estimates expensive; at state size the due list's
    # queries cost more in compiling (3 s measured, issue 14) than in running, and no query of a
    # records system runs long enough to repay it. An explicit DATABASE_URL option wins.
    DATABASES["default"].setdefault("OPTIONS", {})
    DATABASES["default"]["OPTIONS"].setdefault("options", "-c jit=off")

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# --- Accounts (dogtag.accounts): sign-in lockout, two-step verification, idle sign-out --------
# See README "Signing in". Failed sign-ins are counted per username (from any address) and per
# address (for any username); either reaching the limit locks sign-in for that username or
# address until the cool-off ends or an administrator unlocks it (Office > Locked sign-ins).
from dogtag.accounts.config import whole_number as _whole_number  # noqa: E402

INSTALLED_APPS += [
    "axes",
    "django_otp",
    "django_otp.plugins.otp_totp",
    "django_otp.plugins.otp_static",
    "dogtag.accounts",
]
MIDDLEWARE.insert(
    MIDDLEWARE.index("django.contrib.auth.middleware.AuthenticationMiddleware") + 1,
    "django_otp.middleware.OTPMiddleware",
)
MIDDLEWARE += [
    "dogtag.accounts.middleware.IdleSignOutMiddleware",
    "dogtag.accounts.middleware.TwoStepMiddleware",
    "axes.middleware.AxesMiddleware",  # last, as django-axes asks
]
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # first: refuses a locked username or address
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = _whole_number(os.environ, "DOGTAG_LOGIN_FAILURE_LIMIT", 5, minimum=1)
# 0 minutes: locked until an administrator unlocks.
_lockout_minutes = _whole_number(os.environ, "DOGTAG_LOCKOUT_MINUTES", 30, minimum=0)
AXES_COOLOFF_TIME = timedelta(minutes=_lockout_minutes) if _lockout_minutes else None
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_LOCKOUT_CALLABLE = "dogtag.accounts.views.locked_out"  # a USWDS page, status 429
AXES_CLIENT_IP_CALLABLE = "dogtag.accounts.client_ip.client_address"
AXES_USERNAME_CALLABLE = "dogtag.accounts.client_ip.attempted_username"
AXES_ENABLE_ADMIN = False  # the Locked sign-ins page replaces it
AXES_VERBOSE = False
# Behind the city's proxies (issue 25): how many of them append to X-Forwarded-For (0: no proxy,
# the header is ignored), and the address of the last one, whose X-Forwarded-For and
# X-Forwarded-Proto alone are believed. ``dogtag.serving.edge`` turns them into the client's
# address once, for every server (README, "Serving under load").
DOGTAG_PROXY_COUNT = _whole_number(os.environ, "DOGTAG_PROXY_COUNT", 0, minimum=0)
DOGTAG_TRUSTED_PROXY = os.environ.get("DOGTAG_TRUSTED_PROXY", "").strip() or "127.0.0.1"
# The session ends after this many minutes without a request.
DOGTAG_IDLE_MINUTES = _whole_number(os.environ, "DOGTAG_IDLE_MINUTES", 30, minimum=1)
SESSION_COOKIE_AGE = DOGTAG_IDLE_MINUTES * 60
SESSION_SAVE_EVERY_REQUEST = True
# Whether superusers and Administrators must use two-step verification: unset, what the city's
# database says (`dogtag setup` stores "yes", accounts.models.SignInPolicy); "1" or "0" decides
# whatever it says (issue 25).
DOGTAG_REQUIRE_2FA = _yes_or_no("DOGTAG_REQUIRE_2FA")
OTP_TOTP_ISSUER = "Dogtag"
# --- end Accounts ------------------------------------------------------------------------------

LANGUAGE_CODE = "en-us"
TIME_ZONE = "America/Chicago"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"  # filled by `dogtag manage collectstatic` for a front server
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
STATICFILES_DIRS = [PACKAGE_DIR / "static"]
# WhiteNoise serves static files straight from the package in every mode, so `dogtag serve`
# needs no separate web server and no collectstatic step.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

# Uploaded files (rabies certificates, dog photos): kept under var/ unless MEDIA_ROOT is set.
MEDIA_URL = "media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT") or VAR_DIR / "media")
FILE_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
# --- HTTPS behind a TLS proxy (issue 10, production mode): `dogtag manage check --deploy` is clean
# with DEBUG off, DOGTAG_HTTPS=1, a strong SECRET_KEY and ALLOWED_HOSTS set. ---
DOGTAG_HTTPS = _flag("DOGTAG_HTTPS")
if DOGTAG_HTTPS:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    # The proxy terminates TLS and says so in X-Forwarded-Proto; it must overwrite any such header
    # a client sends (README, "Running it for a city").
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    # One year by default; a city trying HTTPS out can start lower (e.g. 3600) and raise it.
    SECURE_HSTS_SECONDS = int(os.environ.get("DOGTAG_HSTS_SECONDS") or 31_536_000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = _flag("DOGTAG_HSTS_INCLUDE_SUBDOMAINS", default=True)
    # Only a directive: nothing is on the browsers' preload list until the domain's owner submits
    # it, which needs the registrable domain itself.
    SECURE_HSTS_PRELOAD = _flag("DOGTAG_HSTS_PRELOAD", default=True)
# --- end of HTTPS ---


# Data practices (Minn. Stat. ch. 13): fields the city classifies other than Dogtag's default,
# comma-separated model.field, e.g. DOGTAG_PUBLIC_FIELDS=owner.name (see licensing/data_practices.py).
DOGTAG_PUBLIC_FIELDS = os.environ.get("DOGTAG_PUBLIC_FIELDS", "")
DOGTAG_PRIVATE_FIELDS = os.environ.get("DOGTAG_PRIVATE_FIELDS", "")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}

# The working coordinate system of parcel geometry: a projected system in US survey feet.
# Anoka County lies in the Minnesota South zone: NAD83 / Minnesota South (ftUS).
DOGTAG_PARCEL_CRS = os.environ.get("DOGTAG_PARCEL_CRS", "EPSG:26851")


# --- Bounded evidence (issue 10, item 4): see dogtag/records/uploads.py --------------------------
def _limit(name: str, default: float) -> float:
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value < 1e9:
        from django.core.exceptions import ImproperlyConfigured

        raise ImproperlyConfigured(f"{name} must be a positive number, not {text!r}")
    return value


#: The largest file any form accepts, in MB (1 MB = 1,048,576 bytes).
DOGTAG_MAX_UPLOAD_MB = _limit("DOGTAG_MAX_UPLOAD_MB", 50)
#: The longest recording the bark detector takes, in hours (read from the header first).
DOGTAG_MAX_RECORDING_HOURS = _limit("DOGTAG_MAX_RECORDING_HOURS", 4)
#: The fastest sample rate a recording may have, in Hz (read from the header first). With the
#: length limit it bounds the frames decoded, so the work of an analysis: 48 kHz is what phones
#: and most recorders write; barks carry at 300-3,000 Hz, so a faster rate adds only work.
DOGTAG_MAX_SAMPLE_RATE_HZ = int(_limit("DOGTAG_MAX_SAMPLE_RATE_HZ", 48_000))
#: The most rows a CSV noise log may have: a noise every second through a 4-hour night is
#: 14,400 rows, far beyond any log a person keeps; 20,000 keeps a complaint's page and its
#: stored noise times under a megabyte.
DOGTAG_MAX_LOG_ROWS = int(_limit("DOGTAG_MAX_LOG_ROWS", 20_000))
FILE_UPLOAD_HANDLERS = [
    "dogtag.records.uploads.BoundedUploadHandler",  # first: refuses an oversized file as it streams
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
    "django.core.files.uploadhandler.TemporaryFileUploadHandler",
]
# --- end bounded evidence ------------------------------------------------------------------------
# --- Issue 10, item 5 (no 500 on any input): an address holding a NUL byte is answered 400
# before any view looks it up (PostgreSQL refuses NUL in text). See records/middleware.py.
MIDDLEWARE.append("dogtag.records.middleware.refuse_nul_bytes")

# --- E-mail and background work (issue 12 item 6): see dogtag/outbox and dogtag/jobs ------------
# Mail goes where DOGTAG_EMAIL_URL says (smtp://, smtps://, console:, file://; outbox/config.py);
# without it, SMTP to localhost:25. `dogtag serve --demo` writes it to files under var/mail.
# Background work runs through Django's Tasks API (the django-tasks backport): the database backend
# by default, Redis (django-tasks-rq, a worker pool on several machines) with DOGTAG_TASKS=rq and
# DOGTAG_REDIS_URL. `dogtag worker` runs a worker and the periodic sweeps.
from dogtag.outbox.config import EmailUrlError, email_settings  # noqa: E402

try:
    globals().update(email_settings(os.environ.get("DOGTAG_EMAIL_URL")))
except EmailUrlError as exc:
    raise ImproperlyConfigured(str(exc)) from None
DEFAULT_FROM_EMAIL = os.environ.get("DOGTAG_EMAIL_FROM") or "Dogtag <dogtag@localhost>"
EMAIL_TIMEOUT = 30  # seconds: a server that hangs is a failed attempt, retried later
#: Attempts before a message is given up (then shown to staff, who can retry it), and the first
#: wait between attempts, doubled after each failure (at most six hours).
DOGTAG_OUTBOX_MAX_ATTEMPTS = _whole_number(os.environ, "DOGTAG_OUTBOX_MAX_ATTEMPTS", 8, minimum=1)
DOGTAG_OUTBOX_RETRY_SECONDS = _whole_number(
    os.environ, "DOGTAG_OUTBOX_RETRY_SECONDS", 60, minimum=1
)
INSTALLED_APPS += ["django_tasks", "django_tasks_db", "dogtag.outbox", "dogtag.jobs"]
DOGTAG_TASKS = os.environ.get("DOGTAG_TASKS", "").strip().lower() or "db"
if DOGTAG_TASKS == "rq":
    _redis_url = os.environ.get("DOGTAG_REDIS_URL", "").strip()
    if not _redis_url:
        raise ImproperlyConfigured("DOGTAG_TASKS=rq needs DOGTAG_REDIS_URL (redis://host:6379/0)")
    INSTALLED_APPS += ["django_rq"]
    RQ_QUEUES = {"default": {"URL": _redis_url, "DEFAULT_TIMEOUT": 3600}}
    TASKS = {"default": {"BACKEND": "django_tasks_rq.RQBackend", "QUEUES": ["default"]}}
elif DOGTAG_TASKS == "db":
    TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}
else:
    raise ImproperlyConfigured(f"DOGTAG_TASKS must be db or rq, not {DOGTAG_TASKS!r}")
#: A worker's lease on the task it runs (issue 14 item 4): renewed every third of it while the
#: worker lives; a task whose worker's lease has run out (the process was killed) is run again by
#: another worker, at most DOGTAG_TASK_MAX_ATTEMPTS times in all. See jobs/lease.py.
DOGTAG_WORKER_LEASE_SECONDS = _whole_number(
    os.environ, "DOGTAG_WORKER_LEASE_SECONDS", 300, minimum=2
)
DOGTAG_TASK_MAX_ATTEMPTS = _whole_number(os.environ, "DOGTAG_TASK_MAX_ATTEMPTS", 3, minimum=1)
#: What `dogtag worker` runs on a schedule: (task, every so many seconds). Each is idempotent.
DOGTAG_PERIODIC_TASKS = [
    ("dogtag.outbox.tasks.send_due_messages", 60),
    ("dogtag.documents.tasks.send_renewal_reminders", 3600),
    ("dogtag.licensing.tasks.refresh_due_clocks", 3600),
]
# --- end of e-mail and background work ------------------------------------------------------------

# --- The residents' site (issue 12): see dogtag/residents -----------------------------------------
# Public pages under /residents/, in English or Spanish; residents sign in with a single-use link
# (django-sesame), never a password, and are never signed in to the staff site.
INSTALLED_APPS += ["dogtag.residents"]
INSTALLED_APPS += ["dogtag.applications"]  # issue 12 item 2: apply and renew online
INSTALLED_APPS += ["dogtag.public_cases"]
INSTALLED_APPS += ["dogtag.found"]  # issue 12 item 3: the found-dog tag lookup
MIDDLEWARE.insert(
    MIDDLEWARE.index("django.contrib.sessions.middleware.SessionMiddleware") + 1,
    "dogtag.residents.middleware.ResidentLanguageMiddleware",
)
MIDDLEWARE.insert(
    MIDDLEWARE.index("django.middleware.common.CommonMiddleware"),
    "dogtag.residents.middleware.PublicHostMiddleware",
)
LANGUAGES = [("en", "English"), ("es", "Español")]
# The links in e-mail: the public site's address as residents reach it (https://...).
DOGTAG_PUBLIC_URL = os.environ.get("DOGTAG_PUBLIC_URL", "").strip()
# A host that serves only the residents' site (must also be in ALLOWED_HOSTS).
DOGTAG_PUBLIC_HOST = os.environ.get("DOGTAG_PUBLIC_HOST", "").strip().lower()
# No sesame authentication backend: residents.services checks a link with sesame's backend mixin
# itself, never through authenticate(), so django-axes never counts residents' links (issue 25).
SESAME_MAX_AGE = 15 * 60  # seconds: a sign-in link works for 15 minutes
SESAME_ONE_TIME = True  # and once
# --- end of the residents' site ------------------------------------------------------------------
