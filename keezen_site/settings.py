"""Settings for Keezen Toernooi.

Safe by default for a laptop at a venue: DEBUG is off unless ``DJANGO_DEBUG=1``; the secret key
comes from ``DJANGO_SECRET_KEY`` or is generated once into the file ``.secret_key`` of the data
folder (:data:`DATA_DIR`);
hosts are the machine's own names and LAN addresses (``ALLOWED_HOSTS`` overrides); static files,
Bootstrap included, are served from the apps' own folders by whitenoise, so nothing needs the internet.
SQLite by default, ``DATABASE_URL`` for PostgreSQL.
"""

import importlib.util
import os
import secrets
import time
from pathlib import Path
from urllib.parse import urlsplit

import csp.constants as csp
import dj_database_url
import platformdirs
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from common import https, server
from common.headers import BOARD_STYLE_HASH
from common.lan import default_allowed_hosts

SITE_DIR = Path(__file__).resolve().parent
BASE_DIR = SITE_DIR.parent  # a checkout's root; site-packages when installed


def _data_dir() -> Path:
    """Where the product writes (the SQLite database, backups, the secret key, the director's
    password, the HTTPS certificates, collected static files): ``KEEZEN_HOME``; else a checkout's own
    folder, as ``make run`` always did; else, installed (``keezen``), the user's data folder
    (``platformdirs``: ``~/.local/share/keezen-toernooi`` on Linux)."""
    if os.environ.get("KEEZEN_HOME"):
        folder = Path(os.environ["KEEZEN_HOME"]).expanduser().resolve()
    elif (BASE_DIR / "manage.py").exists():
        folder = BASE_DIR
    else:
        folder = Path(platformdirs.user_data_dir("keezen-toernooi", appauthor=False))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ImproperlyConfigured(f"The data folder {folder} (KEEZEN_HOME) cannot be made: {error.strerror}. "
                                   "Set KEEZEN_HOME to a folder this user may write.") from None
    return folder


DATA_DIR = _data_dir()


def _env_flag(name: str, default: bool = False) -> bool:
    return os.environ.get(name, "1" if default else "0").strip().lower() in ("1", "true", "yes", "on")


def _secret_key() -> str:
    if os.environ.get("DJANGO_SECRET_KEY"):
        return os.environ["DJANGO_SECRET_KEY"]
    key_file = DATA_DIR / ".secret_key"
    try:  # made once, whole: a second process starting at the same moment reads the first one's key
        descriptor = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    else:
        with os.fdopen(descriptor, "w") as made:
            made.write(secrets.token_urlsafe(50))
    for _attempt in range(50):
        key = key_file.read_text().strip()
        if key:
            return key
        time.sleep(0.01)  # the other process is writing it
    raise ImproperlyConfigured(f"{key_file} is empty: remove it, or set DJANGO_SECRET_KEY.")


# KEEZEN_MODE=server: several hosts over one PostgreSQL; every setting they share must come from
# the environment, or the start stops naming what is missing (common/server.py; README, Settings:
# KEEZEN_MODE). The laptop (the default) makes its own key and password.
SERVER_MODE = server.mode_from(os.environ.get("KEEZEN_MODE"))
if SERVER_MODE == server.Mode.SERVER:
    server.check_server_environment(os.environ)

SECRET_KEY = _secret_key()
DEBUG = _env_flag("DJANGO_DEBUG")
ALLOWED_HOSTS = (
    [h.strip() for h in os.environ["ALLOWED_HOSTS"].split(",") if h.strip()]
    if os.environ.get("ALLOWED_HOSTS")
    else default_allowed_hosts()
)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "crispy_forms",
    "crispy_bootstrap5",
    "django_tables2",
    "django_htmx",
    "django_tasks",  # the task engine: Django's tasks API (Django 6's django.tasks, backported)
    "django_tasks_db",  # its tasks kept in the database (tournaments/services/background.py)
    "tournaments",
    "prizes",
    "people",
    "seasons",
    "door",
]
# A checkout: the benchmark commands (ours: PyPI has a package "devtools" too); an installed product has none.
if importlib.util.find_spec("devtools") and importlib.util.find_spec("devtools.busy_day"):
    INSTALLED_APPS.append("devtools")

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "common.https.DirectorHttpsMiddleware",  # HTTPS=1: the director's pages over HTTPS
    "common.static.StaticFilesMiddleware",  # whitenoise's, its table of files made once per process
    # 304 Not Modified to a repeated GET whose answer did not change (its ETag: the shared standings'
    # own, else a hash of the page); outside the rest, so it sees the answer as it is sent.
    "django.middleware.http.ConditionalGetMiddleware",
    "common.headers.ContentSecurityPolicyMiddleware",
    "common.headers.RobotsTagMiddleware",  # noindex on every answer search engines may not index
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "keezen_site.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],  # each app's own templates/ (APP_DIRS)
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tournaments.context_processors.director",
                "tournaments.context_processors.robots",
                "common.https.context",
                "common.https.phones_context",
            ],
        },
    },
]

WSGI_APPLICATION = "keezen_site.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{DATA_DIR / 'db.sqlite3'}", conn_max_age=60, conn_health_checks=True
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several server workers share one file: wait for locks instead of failing, and let
    # readers go on while a score sheet is written.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    DATABASES["default"]["CONN_MAX_AGE"] = 0
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Django's own connection pool (psycopg_pool): a request takes an open connection and hands it
    # back, instead of each thread keeping its own. Room for every server thread (gunicorn_conf.py),
    # and in the worker for its thread per queue and its heartbeat. The health check is the pool's: it checks
    # a connection when a request takes it, so one the server has dropped (a restart) is replaced
    # before the request's first query. Pooling does not mix with CONN_MAX_AGE.
    _threads = int(os.environ.get("KEEZEN_THREADS") or 4)
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {"min_size": _threads, "max_size": _threads + 4}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "director:tournament_list"
LOGOUT_REDIRECT_URL = "public:tournament_list"

# Dutch first: the default for a browser that asks for neither language.
LANGUAGE_CODE = "nl"
LANGUAGES = [("nl", _("Dutch")), ("en", _("English"))]
LOCALE_PATHS = [SITE_DIR / "locale"]  # one catalog for every app
TIME_ZONE = "Europe/Amsterdam"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = DATA_DIR / "staticfiles"
STATIC_ROOT.mkdir(exist_ok=True)  # whitenoise serves from here after collectstatic
STATICFILES_DIRS: list = []  # each app's own static/ (Bootstrap: tournaments/static/bootstrap)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
# Serve straight from the packages too, so a forgotten collectstatic never breaks a venue.
WHITENOISE_USE_FINDERS = True

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"
DJANGO_TABLES2_TEMPLATE = "django_tables2/bootstrap5-responsive.html"

# Uploads: Excel sheets of teams are small; refuse anything huge before reading it.
TEAM_IMPORT_MAX_BYTES = 5 * 1024 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024

# Rendered standings are shared by every server process through Django's cache (see
# tournaments/services/render_once.py). The database cache needs no extra server on the laptop;
# for a large event point CACHE_URL at Redis (redis://127.0.0.1:6379/0, needs the [server] extra:
# `.venv/bin/uv pip install redis`) or Memcached (pymemcache://127.0.0.1:11211, needs pymemcache).
# A CACHE_URL the product cannot use stops the start (common/server.py).
CACHES = {"default": server.cache_from(os.environ.get("CACHE_URL", ""))}

# Background work (tournaments/services/background.py): print files and automatic backups are tasks
# kept in the database, run by `manage.py worker` (started by `serve` on a laptop; its own command
# on servers), on whichever host is free.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["backups", "print-files"]}}
# A worker not heard of for this long is dead, and its running task runs again on another
# (tournaments/services/task_workers.py). KEEZEN_WORKER_STALE_SECONDS: the tests make it short.
BACKGROUND_STALE_SECONDS = float(os.environ.get("KEEZEN_WORKER_STALE_SECONDS") or 30)


def _run_mode(name: str, allowed: tuple[str, ...]) -> str:
    value = os.environ.get(name, "task").strip() or "task"
    if value not in allowed:
        raise ImproperlyConfigured(f"{name}={value!r}: use one of {', '.join(allowed)}.")
    return value


# Slow files (PDFs, tournaments/services/print_files.py): "task" (the default: a task for the
# worker); "inline" makes them inside the request (the test suite).
PRINT_FILES_RUN = _run_mode("PRINT_FILES_RUN", ("task", "inline"))

# manage.py serve starts gunicorn with these settings of its processes, threads and keep-alive.
GUNICORN_CONFIG = SITE_DIR / "gunicorn_conf.py"


def _backup_dir() -> Path:
    """``KEEZEN_BACKUP_DIR``, else a ``backups`` folder beside the SQLite database file (DATA_DIR/backups
    for PostgreSQL): the tournament files written after every change (tournaments/services/backups.py)."""
    if os.environ.get("KEEZEN_BACKUP_DIR"):
        return Path(os.environ["KEEZEN_BACKUP_DIR"]).expanduser().resolve()
    database = DATABASES["default"]
    name = str(database.get("NAME") or "")
    if database["ENGINE"] == "django.db.backends.sqlite3" and name and ":memory:" not in name \
            and not name.startswith("file:"):
        return Path(name).resolve().parent / "backups"
    return DATA_DIR / "backups"


BACKUP_DIR = _backup_dir()
# Backups are written after each change by a task for the worker: "task"; "inline" writes them at
# commit in the request's thread (tests); "off" writes only when asked (before a delete or restore).
BACKUPS_RUN = _run_mode("BACKUPS_RUN", ("task", "inline", "off"))

# Phones refresh public standings in place at most this often (seconds).
PUBLIC_POLL_SECONDS = 30
PASS_POLL_SECONDS = 4  # a team pass shows a newly published round's table within 5 s (views/team_pass.py)

# Search engines stay out by default (robots.txt and a noindex on every page): players' names
# are on the public pages. SEARCH_ENGINES_ALLOWED=1 lets them index the public pages only.
SEARCH_ENGINES_ALLOWED = _env_flag("SEARCH_ENGINES_ALLOWED")

# Security: headers on every response, and HTTPS (docs/https.md). HTTPS=1 at the venue: phones on
# plain HTTP, the director on HTTPS (manage.py serve serves both; common/https.py redirects the
# director pages, the admin and the login); HTTPS=proxy: a reverse proxy does HTTPS for the whole site.
HTTPS_MODE = https.mode_from(os.environ.get("HTTPS"))
HTTPS_PORT = https.port_from(os.environ.get("HTTPS_PORT"))
HTTP_PORT = https.port_from(os.environ.get("PORT"), "PORT", 8000)  # the phones' (QR codes: https.phones_url)
# The address phones open, in the QR codes on the table cards: PUBLIC_URL, else the LAN address that
# manage.py serve prints at start; "" (none found, or behind a proxy): the director's browser's host.
PUBLIC_URL = https.public_url(os.environ.get("PUBLIC_URL"), HTTP_PORT, HTTPS_MODE)
if PUBLIC_URL and "*" not in ALLOWED_HOSTS:  # the phones come by this address: the site answers to it
    ALLOWED_HOSTS = [*ALLOWED_HOSTS, urlsplit(PUBLIC_URL).hostname]
HTTPS_DIR = https.folder_from(os.environ.get("KEEZEN_HTTPS_DIR"), DATA_DIR)
CSRF_TRUSTED_ORIGINS = [o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()]

# Only the site's own files (common/headers.py: the board's one style, by its hash; PDFs exempt).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [csp.SELF],
        "script-src": [csp.SELF],
        "style-src": [csp.SELF, BOARD_STYLE_HASH],
        "img-src": [csp.SELF, "data:"],  # Bootstrap's icons (the select's arrow, the menu button)
        "object-src": [csp.NONE],
        "base-uri": [csp.NONE],
        "form-action": [csp.SELF],
        "frame-ancestors": [csp.NONE],
    },
}
SECURE_REFERRER_POLICY = "same-origin"  # table links (/s/<token>/) never leave in a Referer
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False

if HTTPS_MODE != https.Mode.OFF:
    SESSION_COOKIE_SECURE = True  # the director's session only over HTTPS
if HTTPS_MODE == https.Mode.VENUE:
    SILENCED_SYSTEM_CHECKS = [
        # No HSTS: it would hold for the laptop's name on every port, and the public pages and
        # table links stay on plain HTTP for the phones (a browser ignores HSTS for IP addresses).
        "security.W004",
        # Not the whole site to HTTPS: common.https.DirectorHttpsMiddleware redirects the
        # director pages, the admin and the login to the HTTPS port; phones stay on HTTP.
        "security.W008",
        # The CSRF cookie stays readable over HTTP: the phones post their table sheets there. It
        # is no credential (the session cookie, which is, is secure).
        "security.W016",
    ]
if HTTPS_MODE == https.Mode.PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")  # the proxy must set it (docs/https.md)
    SECURE_SSL_REDIRECT = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = 365 * 24 * 3600
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    # No HSTS preload: putting a domain on the browsers' preload list is its owner's decision
    # (hstspreload.org), not this app's.
    SILENCED_SYSTEM_CHECKS = ["security.W021"]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
    "loggers": {"tournaments": {"handlers": ["console"], "level": "INFO", "propagate": False}},
}
