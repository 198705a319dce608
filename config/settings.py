"""One settings module, read from the environment.

With no environment at all the site runs embedded on one machine: SQLite and a
Celery broker in var/, emails written to var/mail/ and the console. Production sets
SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL, CELERY_BROKER_URL, EMAIL_URL, DEBUG=false.
"""

from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _
from kombu import Exchange, Queue

from config import databases, log_config, mailers

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(environ.Env().str("VAR_DIR", default=str(BASE_DIR / "var")))

env = environ.Env()
env.smart_cast = False

DEBUG = env.bool("DEBUG", default=True)
# Under DEBUG the site still shows its own 404/403/500 pages (config/error_pages.py)
# unless this asks for Django's debug pages.
DEBUG_ERROR_PAGES = env.bool("DEBUG_ERROR_PAGES", default=False)
# The development key is public (it is in this file): outside DEBUG the site
# refuses to start without a key of its own, or with this one given as its own.
development_key = "insecure-embedded-key-change-me-in-production-0123456789"  # noqa: S105
SECRET_KEY = env.str("SECRET_KEY", default="")
if not DEBUG and SECRET_KEY in ("", development_key):
    problem = "is the public development key" if SECRET_KEY else "is not set"
    raise ImproperlyConfigured(
        f"SECRET_KEY {problem}: with DEBUG=false the site needs a secret key of "
        "its own (for example: python -c 'import secrets; "
        "print(secrets.token_urlsafe(50))')."
    )
SECRET_KEY = SECRET_KEY or development_key
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])
SITE_URL = env.str("SITE_URL", default="http://127.0.0.1:8000")
SITE_NAME = env.str("SITE_NAME", default="Tables")  # in emails' subjects and texts
# Where the admin lives (config/urls.py); not Django's well-known "admin/".
ADMIN_PATH = env.str("ADMIN_PATH", default="backstage").strip("/") + "/"
if ADMIN_PATH == "/":
    raise ImproperlyConfigured("ADMIN_PATH must name a path, e.g. backstage/.")

# Each game is a Django app of its own, `games/<game>/` with its `spec.py`
# (docs/adding-a-game.md): found here, not listed. Its templates, static files
# and management commands are found as any app's.
GAME_APPS = [
    f"games.{spec.parent.name}"
    for spec in sorted((BASE_DIR / "games").glob("*/spec.py"))
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "allauth",
    "allauth.account",
    "accounts",
    "games",
    *GAME_APPS,
    "campaigns",
    "history",
    "ops",
]

MIDDLEWARE = [
    # First: the health check and the metrics, answered before the host check
    # and the https redirect; every other request counted (ops/middleware.py).
    "ops.middleware.OpsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.UserPreferencesMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "config.error_pages.SiteErrorPagesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.csp",
                "django.template.context_processors.i18n",
                "accounts.context_processors.site_name",
                "games.context_processors.waiting_count",
                "games.context_processors.push",
            ],
        },
    },
    {
        # The board partials (games/templating.py): `.jinja` files under
        # templates/ and under each game's own templates/.
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "NAME": "jinja2",
        "DIRS": [
            BASE_DIR / "templates",
            *(BASE_DIR / app.replace(".", "/") / "templates" for app in GAME_APPS),
        ],
        "APP_DIRS": False,
        "OPTIONS": {
            "environment": "games.templating.environment",
        },
    },
]

# DATABASE_URL (SQLite in var/ by default); its tuning per engine: config/databases.py.
DATABASES = {
    "default": databases.tuned(
        env.db_url("DATABASE_URL", default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}"),
        conn_max_age=env.int("CONN_MAX_AGE", default=60),
        prepare_threshold=env.int("PG_PREPARE_THRESHOLD", default=5),
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"

CACHES = {"default": env.cache_url("CACHE_URL", default="locmemcache://")}
CACHES["default"]["KEY_PREFIX"] = env.str("CACHE_KEY_PREFIX", default="")
if CACHES["default"]["BACKEND"] == "django.core.cache.backends.redis.RedisCache":
    # One client per process, short timeouts, and a Redis that fails is a cache
    # that misses (config/cache.py): a Redis outage slows nothing down.
    CACHES["default"]["BACKEND"] = "config.cache.RedisCache"
# Sessions live in the database only (Django's default engine, one query by
# primary key): a session survives a Redis outage, and one ended (signed out)
# while Redis was unreachable cannot come back from a cache when Redis does.

AUTH_PASSWORD_VALIDATORS = [
    {
        "NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"
    },
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]

# allauth: sign in with an email address, which must be confirmed.
ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_CONFIRM_EMAIL_ON_GET = False
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_USER_MODEL_USERNAME_FIELD = None
ACCOUNT_ADAPTER = "accounts.adapters.AccountAdapter"
ACCOUNT_FORMS = {
    "login": "accounts.forms.LoginForm",
    "signup": "accounts.forms.SignupForm",
}
# allauth's rate limits stay at their defaults (on), but for failed log-ins:
# allauth counts them per client address only (10 a minute), and the adapter
# (accounts/adapters.py) per account from one address (5 in 5 minutes: the
# strict limit, which a stranger elsewhere cannot use to lock the account) and
# per account from anywhere (100 an hour: more than one address can fail in an
# hour). A password reset lifts both. The limits count per client
# address: behind proxies of ours (a TLS proxy, a load balancer) that address is
# the one TRUSTED_PROXY_COUNT entries from the right of X-Forwarded-For (each
# proxy appends the address it received from), or the header a proxy sets to it
# (TRUSTED_CLIENT_IP_HEADER, e.g. X-Real-IP). Neither is trusted by default: a
# client can write any X-Forwarded-For it likes.
ACCOUNT_RATE_LIMITS = {
    "login_failed": "10/m/ip",
    "login_failed_client": "5/5m/key",
    "login_failed_account": "100/h/key",
}
ALLAUTH_TRUSTED_PROXY_COUNT = env.int("TRUSTED_PROXY_COUNT", default=0)
ALLAUTH_TRUSTED_CLIENT_IP_HEADER = (
    env.str("TRUSTED_CLIENT_IP_HEADER", default="") or None
)
ACCOUNT_DEFAULT_HTTP_PROTOCOL = env.str("ACCOUNT_DEFAULT_HTTP_PROTOCOL", default="http")
LOGIN_REDIRECT_URL = "games:my_games"
LOGIN_URL = "account_login"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("fr", _("French"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True
# Dates in words in both languages ("1 Dec 2026", "1 déc. 2026"): config/formats/.
FORMAT_MODULE_PATH = ["config.formats"]

STATIC_URL = "/static/"
STATIC_ROOT = env.str("STATIC_ROOT", default=str(VAR_DIR / "static"))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# Mail: EMAIL_URL (smtp://user:pass@host:25, smtp+tls://...:587 for STARTTLS,
# smtp+ssl://...:465 for TLS) in production; files in var/mail/ plus the console otherwise.
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="Tables <noreply@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
MAILERS = mailers.mailers(
    env.email_url("EMAIL_URL") if env.str("EMAIL_URL", default="") else None, VAR_DIR
)

# Celery: Redis in production; a broker that needs no server (files in var/) else.
CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default="filesystem://")
if CELERY_BROKER_URL.startswith("filesystem://"):
    _queue = VAR_DIR / "broker"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_queue),
        "data_folder_out": str(_queue),
        "store_processed": False,
        "control_folder": str(_queue / "control"),
    }
elif CELERY_BROKER_URL.startswith(("redis://", "rediss://")):
    # Short timeouts: a task is queued inside the request that commits, and a
    # Redis that does not answer must not hold it (config/enqueue.py; more than
    # the workers' 1-second BRPOP, which waits for tasks).
    CELERY_BROKER_TRANSPORT_OPTIONS = {"socket_timeout": 2, "socket_connect_timeout": 1}
CELERY_BROKER_CONNECTION_TIMEOUT = 1
# One quick retry of a publish, then the after-commit enqueue gives up and logs
# (beat's catch-up sweeps find what was not queued: docs/notifications.md).
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.2,
}
CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_TASK_ALWAYS_EAGER", default=False)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = "UTC"
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
CELERY_WORKER_REDIRECT_STDOUTS = False  # emails echoed as written, not as log lines
# Computer players think on their own queue, so that emails and sweeps (the
# default queue, "celery") never wait behind a hard search. Every queue a task
# is routed to is declared here, so that a plain `celery -A config worker` (the
# documented command) consumes them all; `-Q bots` or `-Q celery` makes a worker
# of one queue.
CELERY_TASK_ROUTES = {"games.tasks.bots_play_task": {"queue": "bots"}}
CELERY_TASK_QUEUES = [
    Queue(name, Exchange(name), routing_key=name) for name in ("celery", "bots")
]
# A consumer that survives the broker going away while it holds messages
# (config/worker.py).
CELERY_WORKER_CONSUMER = "config.worker:Consumer"

# Computer players (games/bots/levels.py): what one "hard" decision may spend,
# iterations of its search and seconds of wall clock, whichever ends first. Each
# game has the budget its hard player was measured at (its `ComputerPlayers.budget`, games/<game>/bots/);
# BOT_HARD_ITERATIONS, when set, replaces its iterations in every game, and
# BOT_HARD_SECONDS bounds its clock.
BOT_HARD_ITERATIONS = env.int("BOT_HARD_ITERATIONS", default=0)
BOT_HARD_SECONDS = env.float("BOT_HARD_SECONDS", default=1.5)
# One account cannot fill the computer players' queue (games/services/): it opens
# at most TABLES_PER_HOUR tables an hour and keeps at most
# COMPUTER_TABLES_PER_ACCOUNT tables with computer players open or under way;
# each next computer move of one owner's games waits BOT_OWNER_SPACING_SECONDS
# for each other game of theirs already queued (at most BOT_OWNER_COUNTDOWN_MAX),
# and beat's catch-up leaves alone a game queued in the last BOT_CATCH_UP_SECONDS.
TABLES_PER_HOUR = env.int("TABLES_PER_HOUR", default=30)
COMPUTER_TABLES_PER_ACCOUNT = env.int("COMPUTER_TABLES_PER_ACCOUNT", default=10)
BOT_OWNER_SPACING_SECONDS = env.float("BOT_OWNER_SPACING_SECONDS", default=0.5)
BOT_OWNER_COUNTDOWN_MAX = env.float("BOT_OWNER_COUNTDOWN_MAX", default=30)
BOT_CATCH_UP_SECONDS = env.float("BOT_CATCH_UP_SECONDS", default=120)

# Security: secure cookies, HSTS and a strict CSP whenever DEBUG is off.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "frame-ancestors": [CSP.NONE],
    "form-action": [CSP.SELF],
    "base-uri": [CSP.NONE],
    "object-src": [CSP.NONE],
}
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=not DEBUG)
SECURE_HSTS_SECONDS = 0 if DEBUG else env.int("SECURE_HSTS_SECONDS", default=31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
# Preloading asks browsers to hard-code HTTPS for the domain and all its
# subdomains, for months after it is withdrawn: a choice for the domain's owner.
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=False)
if not SECURE_HSTS_PRELOAD:
    SILENCED_SYSTEM_CHECKS = ["security.W021"]  # "preload is not set": by choice
# The header a TLS proxy of ours sets to "https" (X-Forwarded-Proto); only when
# every request comes through that proxy, which must overwrite the header.
_proxy_ssl_header = env.str("SECURE_PROXY_SSL_HEADER", default="")
SECURE_PROXY_SSL_HEADER = (
    ("HTTP_" + _proxy_ssl_header.upper().replace("-", "_"), "https")
    if _proxy_ssl_header
    else None
)
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

# Notifications and vacations (games/notifications.py, docs/notifications.md).
VACATION_DAYS_PER_YEAR = env.int("VACATION_DAYS_PER_YEAR", default=30)
NOTIFICATION_RETRY_SECONDS = env.float("NOTIFICATION_RETRY_SECONDS", default=30)
# A send claims its row this long; a worker killed mid-send leaves it that long.
NOTIFICATION_LEASE_SECONDS = env.float("NOTIFICATION_LEASE_SECONDS", default=300)
# A "your turn" email waits this long (the outbox sweep sends it; 0: at once).
TURN_EMAIL_DELAY_SECONDS = env.float("TURN_EMAIL_DELAY_SECONDS", default=60)

# The largest request body accepted (config/body_limit.py: 413 beyond, before it
# is read): a game record's import, 2,000,000 bytes, with its form's framing.
REQUEST_BODY_MAX_BYTES = env.int("REQUEST_BODY_MAX_BYTES", default=3_000_000)

# Campaigns (campaigns/services.py, campaigns/invitations.py): what one account
# may start and invite in a day (a rolling 24 hours), and how long an invitation
# nobody answers waits before the invitations' sweep withdraws it.
CAMPAIGNS_PER_DAY = env.int("CAMPAIGNS_PER_DAY", default=10)
CAMPAIGN_INVITATIONS_PER_DAY = env.int("CAMPAIGN_INVITATIONS_PER_DAY", default=20)
CAMPAIGN_INVITATION_DAYS = env.int("CAMPAIGN_INVITATION_DAYS", default=14)

GAME_POLL_SECONDS = env.int("GAME_POLL_SECONDS", default=4)  # the game page's poll

# Server push (games/push.py, docs/architecture.md): on when PUSH_REDIS_URL names
# a Redis (redis://127.0.0.1:6379/0) and the site runs under the ASGI server
# (`uvicorn config.asgi:application`). Open pages then hear of a change through an
# event stream and poll only every GAME_PUSH_POLL_SECONDS (every
# GAME_POLL_SECONDS while their stream is down). Off by default: `make run`
# (runserver, no Redis) polls.
PUSH_REDIS_URL = env.str("PUSH_REDIS_URL", default="")
PUSH_ENABLED = bool(PUSH_REDIS_URL)
GAME_PUSH_POLL_SECONDS = env.int("GAME_PUSH_POLL_SECONDS", default=300)
PUSH_KEEPALIVE_SECONDS = env.float("PUSH_KEEPALIVE_SECONDS", default=25)
PUSH_RETRY_MS = env.int("PUSH_RETRY_MS", default=2000)
# Open event streams per client address and per session in one web process
# (429 beyond), and a stream's longest life (the browser then reconnects and is
# checked again): games/stream_slots.py.
PUSH_STREAMS_PER_ADDRESS = env.int("PUSH_STREAMS_PER_ADDRESS", default=30)
PUSH_STREAMS_PER_SESSION = env.int("PUSH_STREAMS_PER_SESSION", default=10)
PUSH_STREAM_MAX_SECONDS = env.float("PUSH_STREAM_MAX_SECONDS", default=1800)

# LOG_LEVEL=WARNING (`make run` without VERBOSE=1) keeps the console to warnings,
# errors and emails: no line per request (runserver) or per task (the worker).
LOG_LEVEL = env.str("LOG_LEVEL", default="INFO").upper()
# LOG_FORMAT=json: one JSON object per line (time, level, logger, message and the
# record's fields), for a log collector; "text" for people.
LOG_FORMAT = env.str("LOG_FORMAT", default="text").lower()
if LOG_FORMAT not in ("text", "json"):
    raise ImproperlyConfigured("LOG_FORMAT must be text or json.")
# A line per request from the site itself (method, path, view, status, duration),
# for servers that log none of their own in JSON (uvicorn --no-access-log).
LOG_REQUESTS = env.bool("LOG_REQUESTS", default=LOG_FORMAT == "json")
LOGGING = log_config.logging(LOG_LEVEL, LOG_FORMAT)

# Metrics (ops/metrics.py) at /metrics: for the addresses listed here (the
# connecting address; CIDR allowed) or for a request with the header
# "Authorization: Bearer <METRICS_TOKEN>"; closed to everyone unless one is set
# (loopback is not trusted by default: behind a proxy on the same host, every
# client connects from it). PROMETHEUS_MULTIPROC_DIR (read by prometheus-client
# itself) adds up the processes of one host.
METRICS_ALLOWED_IPS = env.list("METRICS_ALLOWED_IPS", default=[])
METRICS_TOKEN = env.str("METRICS_TOKEN", default="")
