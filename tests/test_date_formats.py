"""Dates read the same way to everyone: the month in words ("1 Dec 2026"), in
English as in French, never 12/01/2026."""

from datetime import UTC, date, datetime

import pytest
from django.template import Context, Template
from django.utils import translation
from django.utils.formats import date_format

DAY = date(2026, 12, 1)


@pytest.mark.parametrize(
    ("language", "fmt", "expected"),
    [
        ("en", "SHORT_DATE_FORMAT", "1 Dec 2026"),
        ("en", "DATE_FORMAT", "1 Dec 2026"),
        ("fr", "SHORT_DATE_FORMAT", "1 déc. 2026"),
        ("fr", "DATE_FORMAT", "1 décembre 2026"),
    ],
)
def test_dates_name_their_month(language, fmt, expected):
    with translation.override(language):
        assert date_format(DAY, fmt) == expected


@pytest.mark.parametrize(
    ("language", "expected"),
    [("en", "1 Dec 2026, 18:30"), ("fr", "1 déc. 2026, 18:30")],
)
def test_a_date_and_time_in_a_template(language, expected, settings):
    settings.TIME_ZONE = "UTC"
    moment = datetime(2026, 12, 1, 18, 30, tzinfo=UTC)
    template = Template('{{ moment|date:"SHORT_DATETIME_FORMAT" }}')
    with translation.override(language):
        assert template.render(Context({"moment": moment})) == expected
