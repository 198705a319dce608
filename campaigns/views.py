"""Thin views of the campaigns: parse, call one service or selector, render."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.errors import NotAllowed, NotFound, Refused
from games.services import once

from . import invitations, selectors, services
from .forms import CampaignForm
from .models import campaign_games


@login_required
@require_GET
def campaign_list(request):
    return render(
        request,
        "campaigns/list.html",
        {
            "campaigns": selectors.campaigns_of(user=request.user),
            "invitations": selectors.invitations_for(user=request.user),
            "games": campaign_games(),
        },
    )


@login_required
def campaign_new(request):
    """The form of a new campaign of `?game=<slug>` (the first game played as a
    campaign without it)."""
    games = {spec.slug: spec for spec in campaign_games()}
    slug = request.GET.get("game")
    if not games or (slug and slug not in games):
        raise Http404
    spec = games[slug] if slug else next(iter(games.values()))
    form = CampaignForm(request.POST or None, request.FILES or None, spec=spec)
    if request.method == "POST" and form.is_valid():
        try:
            url = once.submit_once(
                user=request.user,
                token=request.POST.get(once.FIELD),
                make=lambda: services.campaign_create(
                    creator=request.user, **form.service_arguments()
                ).get_absolute_url(),
            )
        except Refused as exc:
            form.add_error(None, exc.message)
        else:
            return redirect(url)
    status = 400 if request.method == "POST" else 200
    context = {"form": form, "spec": form.spec, "once": once.mint(request.user)}
    return render(request, "campaigns/new.html", context, status=status)


@require_GET
def campaign_page(request, campaign_id):
    campaign = selectors.campaign_for_page(campaign_id=campaign_id)
    if campaign is None:
        raise Http404
    token = request.GET.get("invite")
    invitation = selectors.invitation_to(campaign, request.user)
    if not selectors.can_see(
        campaign, request.user, token=token, invited=invitation is not None
    ):
        raise Http404
    context = selectors.campaign_context(campaign=campaign, user=request.user)
    context["invitation"] = invitation
    context["invited"] = selectors.invitations_sent(campaign, request.user)
    context["invite"] = token if token == campaign.invite_token else None
    context["join_url"] = request.build_absolute_uri(
        reverse("campaigns:invitation", args=[campaign.invite_token])
    )
    return render(request, campaign.spec.campaign.page_template, context)


@require_GET
def invitation(request, token):
    campaign = selectors.campaign_by_token(token=token)
    if campaign is None:
        raise Http404
    return redirect(
        reverse("campaigns:campaign", args=[campaign.pk]) + f"?invite={token}"
    )


@login_required
@require_POST
def join(request, campaign_id):
    try:
        services.campaign_join(
            campaign_id=campaign_id,
            user=request.user,
            token=request.POST.get("invite", ""),
        )
    except Refused as exc:
        if isinstance(exc, (NotAllowed, NotFound)):
            raise Http404 from None
        messages.error(request, exc.message)
    return redirect("campaigns:campaign", campaign_id=campaign_id)


@login_required
@require_POST
def invitation_accept(request, invitation_id):
    try:
        campaign = invitations.invitation_accept(
            invitation_id=invitation_id, user=request.user
        )
    except Refused as exc:
        if isinstance(exc, (NotAllowed, NotFound)):
            raise Http404 from None
        messages.error(request, exc.message)
        return redirect("campaigns:list")
    messages.success(request, _("You are in the campaign."))
    return redirect(campaign)


@login_required
@require_POST
def invitation_decline(request, invitation_id):
    try:
        invitations.invitation_decline(invitation_id=invitation_id, user=request.user)
    except Refused:
        raise Http404 from None
    messages.success(request, _("The invitation is declined."))
    return redirect("campaigns:list")
