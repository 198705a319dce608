"""The WSGI application (gunicorn, runserver), behind `BodyLimitWSGI`
(config/body_limit.py): a body larger than the largest legitimate one is
refused with 413 before it is read."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from config.body_limit import BodyLimitWSGI  # noqa: E402

application = BodyLimitWSGI(get_wsgi_application())
