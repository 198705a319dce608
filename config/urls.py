from allauth.account.decorators import secure_admin_login
from django.conf import settings
from django.contrib import admin
from django.urls import include, path

# The admin signs people in through the site's log-in (allauth), with its rate
# limits; its own form, which has none, only sends there.
admin.site.login = secure_admin_login(admin.site.login)

urlpatterns = [
    path(settings.ADMIN_PATH, admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("me/", include("accounts.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("campaigns/", include("campaigns.urls")),
    path("", include("games.urls")),
    path("", include("history.urls")),
]
