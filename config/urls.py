from allauth.account.decorators import secure_admin_login
from django.conf import settings
from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.decorators.http import require_GET
from django.views.generic.base import RedirectView


@require_GET
def favicon(request):
    """Browsers ask for /favicon.ico whatever the page says (and for a page
    without a <head>, such as a JSON record): our SVG icon. The static URL is
    read per request (it carries the file's hash in production)."""
    return RedirectView.as_view(url=static("img/favicon.svg"), permanent=False)(request)


# The admin signs people in through the site's log-in (allauth), with its rate
# limits; its own form, which has none, only sends there.
admin.site.login = secure_admin_login(admin.site.login)

urlpatterns = [
    path(settings.ADMIN_PATH, admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("me/", include("accounts.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("favicon.ico", favicon),
    path("campaigns/", include("campaigns.urls")),
    path("", include("games.urls")),
    path("", include("history.urls")),
]
