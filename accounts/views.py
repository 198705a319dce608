from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core import signing
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from games.errors import NotFound, Refused
from games.notifications.emails import unsubscribe_read

from . import services
from .forms import PreferencesForm, VacationForm


@login_required
def preferences(request):
    form = PreferencesForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        translation.activate(user.language)
        messages.success(request, _("Your preferences are saved."))
        return redirect("accounts:preferences")
    status = 400 if request.method == "POST" else 200  # sent back with its errors
    return render(request, "accounts/preferences.html", {"form": form}, status=status)


@login_required
def vacation(request):
    """Lists the user's vacations and declares a new one."""
    form = VacationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.vacation_declare(
                user=request.user,
                start=form.cleaned_data["start"],
                end=form.cleaned_data["end"],
            )
        except Refused as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(
                request, _("Your vacation is saved: your deadlines are paused.")
            )
            return redirect("accounts:vacation")
    status = 400 if request.method == "POST" else 200
    now = timezone.now()
    year = timezone.localdate().year
    context = {
        "form": form,
        "vacations": request.user.vacations.filter(ends_at__gt=now),
        "now": now,
        "allowance": services.allowance(),
        "used": services.vacation_days_used(user=request.user, year=year),
        "year": year,
    }
    return render(request, "accounts/vacation.html", context, status=status)


@login_required
@require_POST
def vacation_cancel(request, vacation_id):
    try:
        services.vacation_cancel(user=request.user, vacation_id=vacation_id)
    except NotFound:
        raise Http404 from None
    except Refused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("The vacation is cancelled."))
    return redirect("accounts:vacation")


@login_required
@require_POST
def vacation_end(request, vacation_id):
    """The "I'm back" button: ends the user's vacation under way now."""
    from .models import Vacation

    try:
        days = services.vacation_end(user=request.user, vacation_id=vacation_id)
    except Vacation.DoesNotExist:
        raise Http404 from None
    except Refused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            ngettext(
                "Welcome back: your vacation is over and %(days)d unused day "
                "is back in your allowance.",
                "Welcome back: your vacation is over and %(days)d unused days "
                "are back in your allowance.",
                days,
            )
            % {"days": days},
        )
    return redirect("accounts:vacation")


# The signed token is the proof: mail clients post here without a session or a
# CSRF token (RFC 8058 one-click unsubscribe), so CSRF does not apply.
@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe(request, token):
    """GET shows what the link turns off; POST (the button, or the mail client's
    one-click request) turns it off. Works without logging in."""
    try:
        user_id, kind = unsubscribe_read(token)
    except signing.SignatureExpired:
        return _unsubscribe_refused(
            request,
            _("This unsubscribe link has expired. Log in to change your preferences."),
        )
    except signing.BadSignature:
        return _unsubscribe_refused(request, _("This unsubscribe link is not valid."))
    from .models import User

    user = User.objects.filter(pk=user_id).first()
    if user is None:
        return _unsubscribe_refused(
            request, _("This account no longer exists."), status=404
        )
    with translation.override(user.language):
        topic = services.unsubscribe_topic(kind)
        done = False
        if request.method == "POST":
            try:
                services.notifications_unsubscribe(user_id=user_id, kind=kind)
            except Refused as exc:
                return _unsubscribe_refused(request, exc.message, status=404)
            done = True
        return render(
            request,
            "accounts/unsubscribe.html",
            {"done": done, "topic": topic, "email": user.email},
        )


def _unsubscribe_refused(request, message, status=400):
    return render(
        request, "accounts/unsubscribe.html", {"error": message}, status=status
    )
