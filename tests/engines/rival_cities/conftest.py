"""The Rival Cities engine tests need no Django: the site-wide autouse fixtures
(translation, Celery) are replaced here by no-ops, so that these tests run with
`pytest -p no:django` while the rest of the suite keeps them."""

import pytest


@pytest.fixture(autouse=True)
def english():
    """The engine speaks English without the site's translator."""
    yield


@pytest.fixture(autouse=True, scope="session")
def celery_eager():
    """No Celery in a pure rule engine."""
    yield
