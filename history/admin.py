from django.contrib import admin

from .models import ImportedRecord, RatedGame, Rating, Snapshot


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ["user", "engine", "mu", "sigma", "ordinal", "games", "updated_at"]
    list_filter = ["engine"]
    list_select_related = ["user"]
    raw_id_fields = ["user"]


@admin.register(RatedGame)
class RatedGameAdmin(admin.ModelAdmin):
    list_display = ["game", "rated_at"]
    raw_id_fields = ["game"]


@admin.register(Snapshot)
class SnapshotAdmin(admin.ModelAdmin):
    list_display = ["game", "seq"]
    raw_id_fields = ["game"]


@admin.register(ImportedRecord)
class ImportedRecordAdmin(admin.ModelAdmin):
    list_display = ["pk", "engine", "owner", "created_at"]
    list_filter = ["engine"]
    raw_id_fields = ["owner"]
