"""Admin: a group can enter its own chapters here (the `chapters` JSON field,
checked by the campaign's game before saving: `Campaign.clean`)."""

from django.contrib import admin

from .models import Campaign, CampaignInvitation, CampaignPlayer, Episode


class CampaignPlayerInline(admin.TabularInline):
    model = CampaignPlayer
    extra = 0
    fields = ["position", "user", "bot_level", "circles"]
    raw_id_fields = ["user"]


class CampaignInvitationInline(admin.TabularInline):
    model = CampaignInvitation
    extra = 0
    fields = ["email", "invited_by", "created_at", "email_sent_at"]
    readonly_fields = ["created_at", "email_sent_at"]
    raw_id_fields = ["invited_by"]


class EpisodeInline(admin.TabularInline):
    model = Episode
    extra = 0
    fields = ["number", "game", "opened_at", "closed_at", "email_sent_at"]
    readonly_fields = ["opened_at", "closed_at", "email_sent_at"]
    raw_id_fields = ["game"]


@admin.register(Campaign)
class CampaignAdmin(admin.ModelAdmin):
    list_display = ["id", "name", "engine", "num_players", "status", "created_at"]
    list_filter = ["engine", "status"]
    readonly_fields = ["invite_token", "created_at", "started_at", "finished_at"]
    inlines = [CampaignPlayerInline, CampaignInvitationInline, EpisodeInline]


@admin.register(Episode)
class EpisodeAdmin(admin.ModelAdmin):
    list_display = ["campaign", "number", "game", "opened_at", "closed_at"]
    list_select_related = ["campaign", "game"]
    raw_id_fields = ["campaign", "game"]
