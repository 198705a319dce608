"""The site's logging (settings.LOGGING): lines for people, or one JSON object
per line for a log collector (LOG_FORMAT in config/settings.py)."""

from __future__ import annotations

JSON_FORMATTER = {
    "()": "pythonjsonlogger.json.JsonFormatter",
    "format": "%(asctime)s %(levelname)s %(name)s %(message)s",
    "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
    "timestamp": False,
}


def logging(level: str, fmt: str) -> dict:
    """The `LOGGING` dict of Django's dictConfig at `level`, in `fmt` ("text"
    or "json")."""
    json = fmt == "json"
    config = {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {
            "server": {
                "()": "django.utils.log.ServerFormatter",
                "format": "[{server_time}] {message}",
                "style": "{",
            },
            "json": dict(JSON_FORMATTER),
        },
        "handlers": {
            "console": {"class": "logging.StreamHandler"},
            "server": {"class": "logging.StreamHandler", "formatter": "server"},
            "json": {"class": "logging.StreamHandler", "formatter": "json"},
        },
        "root": {"handlers": ["json" if json else "console"], "level": level},
        "loggers": {
            "django.server": {
                "handlers": ["json" if json else "server"],
                "level": level,
                "propagate": False,
            }
        },
    }
    if json:
        # Django's own (whose default handler writes text) and uvicorn's (its
        # start, its errors) in the same JSON lines.
        for name in ("django", "uvicorn", "uvicorn.error", "uvicorn.access"):
            config["loggers"][name] = {
                "handlers": ["json"],
                "level": level,
                "propagate": False,
            }
    return config
