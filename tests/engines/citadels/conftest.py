"""Hand-built Citadels states for the rule tests."""

from __future__ import annotations

import pytest
from citadels_table import Table


@pytest.fixture
def table():
    return Table


# The root tests/conftest.py has autouse fixtures for the site (Celery, Django's
# translation). The engine is pure Python and its tests run without Django
# (`pytest -p no:django`), so they are replaced here by no-ops.


@pytest.fixture(autouse=True, scope="session")
def celery_eager():
    yield


@pytest.fixture(autouse=True)
def english():
    yield
