"""Where the site's emails go (settings.MAILERS): the SMTP server of EMAIL_URL,
or files in var/mail/ plus the console (config/mail.py) without one."""

from __future__ import annotations

from pathlib import Path


def mailers(mail: dict | None, var_dir: Path) -> dict:
    """MAILERS for `mail` (EMAIL_URL read by django-environ) or, when None, the
    embedded default."""
    if mail is None:
        return {
            "default": {
                "BACKEND": "config.mail.FileAndConsoleBackend",
                "OPTIONS": {"file_path": str(var_dir / "mail")},
            }
        }
    return {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {
                "host": mail.get("EMAIL_HOST"),
                "port": mail.get("EMAIL_PORT"),
                "username": mail.get("EMAIL_HOST_USER") or None,
                "password": mail.get("EMAIL_HOST_PASSWORD") or None,
                "use_tls": bool(mail.get("EMAIL_USE_TLS")),
                "use_ssl": bool(mail.get("EMAIL_USE_SSL")),
                "timeout": 20,
            },
        }
    }
