from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("me/", include("accounts.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("campaigns/", include("campaigns.urls")),
    path("", include("games.urls")),
    path("", include("history.urls")),
]
