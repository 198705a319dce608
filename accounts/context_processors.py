from django.conf import settings


def site_name(request):
    """The site's name (SITE_NAME) for the pages that name it (the sign-up's)."""
    return {"site_name": settings.SITE_NAME}
