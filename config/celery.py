"""The Celery app. Tasks live in each app's tasks.py; beat runs a static schedule."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("config")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# Static schedule (django-celery-beat does not support Django 6.1 yet). The sweeps
# that use it are added by the notifications work; each is idempotent.
app.conf.beat_schedule = {}
