from django.contrib import admin

from .models import Game, Move, Notification, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["position", "user", "bot_level", "to_move", "deadline", "score", "rank"]
    raw_id_fields = ["user"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["id", "engine", "status", "visibility", "version", "created_at"]
    list_filter = ["engine", "status", "visibility"]
    readonly_fields = ["seed", "state", "version", "invite_token"]
    inlines = [SeatInline]


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin):
    """The move log is append-only: shown here, never added, changed or deleted."""

    list_display = ["game", "seq", "seat", "created_at"]
    list_select_related = ["game"]
    raw_id_fields = ["game"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    """The email outbox: what was sent, skipped (and why) or is still pending."""

    list_display = ["id", "kind", "user", "game", "state", "attempts", "created_at"]
    list_filter = ["kind", "state"]
    raw_id_fields = ["user", "game"]
    readonly_fields = ["sent_at", "detail", "created_at"]
