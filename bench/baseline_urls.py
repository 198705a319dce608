"""The site's urls plus the bare baseline view: one UPDATE of one row in one
transaction, behind the site's whole middleware stack."""

from django.db import connection, transaction
from django.http import HttpResponse
from django.urls import path

from config.urls import urlpatterns as site_urlpatterns


def bare_update(request, row):
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE bench_counter SET n = n + 1 WHERE id = %s", [row])
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [
    path("bench/update/<int:row>", bare_update, name="bench_update"),
    *site_urlpatterns,
]
