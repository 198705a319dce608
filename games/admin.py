from django.contrib import admin

from .models import Game, Move, Seat


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
    list_display = ["game", "seq", "seat", "created_at"]
    list_select_related = ["game"]
    raw_id_fields = ["game"]
