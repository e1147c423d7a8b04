"""Django settings for Dogtag, read from the environment.

DATABASE_URL  database (default: SQLite file var/dogtag.sqlite3); postgres://... for PostgreSQL
SECRET_KEY    signing key (default: generated once and kept in var/secret_key)
DEBUG         "1"/"true" for development error pages (default off)
ALLOWED_HOSTS comma-separated host names (default 127.0.0.1,localhost)
DOGTAG_VAR_DIR        where the SQLite file, the secret key and collected static files live
DOGTAG_JURISDICTION   the city whose parameters apply (default nowthen)
DOGTAG_PARAMS_DIR     the parameter folder (default: the files shipped in dogtag/params)
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

import dj_database_url

PACKAGE_DIR = Path(__file__).resolve().parent
PROJECT_DIR = PACKAGE_DIR.parent.parent
VAR_DIR = Path(os.environ.get("DOGTAG_VAR_DIR") or PROJECT_DIR / "var")


def _flag(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in ("1", "true", "yes", "on")


def _secret_key() -> str:
    if os.environ.get("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    path = VAR_DIR / "secret_key"
    if not path.exists():
        VAR_DIR.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


SECRET_KEY = _secret_key()
DEBUG = _flag("DEBUG")
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
    "dogtag.staff",
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
]

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
            ],
        },
    },
]

_sqlite_default = f"sqlite:///{VAR_DIR / 'dogtag.sqlite3'}"
DATABASES = {"default": dj_database_url.config(default=_sqlite_default, conn_max_age=60)}
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

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

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
if _flag("DOGTAG_HTTPS"):
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")


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

# --- Issue 10, item 5 (no 500 on any input): an address holding a NUL byte is answered 400
# before any view looks it up (PostgreSQL refuses NUL in text). See records/middleware.py.
MIDDLEWARE.append("dogtag.records.middleware.refuse_nul_bytes")
