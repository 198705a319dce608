"""PostgreSQL: statements bound by the server and, run often, prepared once
(config/settings.py, PG_PREPARE_THRESHOLD)."""

import pytest
from django.db import connection

from accounts.models import User

pytestmark = pytest.mark.django_db


def _prepared() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_prepared_statements")
        return cursor.fetchone()[0]


def test_a_statement_run_often_is_prepared_once_on_postgresql():
    if connection.vendor != "postgresql":
        pytest.skip("prepared statements are PostgreSQL's")
    User.objects.create_user(email="prep@example.org", password="pw-123-abc")
    before = _prepared()
    for _ in range(8):
        assert User.objects.filter(email="prep@example.org").count() == 1
    assert _prepared() == before + 1
    for _ in range(8):  # the same statement again: no new one
        assert User.objects.filter(email="prep@example.org").count() == 1
    assert _prepared() == before + 1
