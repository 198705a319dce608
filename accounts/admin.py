from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin

from .models import User, Vacation


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    ordering = ["email"]
    list_display = ["email", "display_name", "language", "is_staff"]
    search_fields = ["email", "display_name"]
    fieldsets = [
        (None, {"fields": ["email", "password"]}),
        ("Profile", {"fields": ["display_name", "language", "timezone"]}),
        (
            "Emails",
            {
                "fields": [
                    "turn_emails",
                    "digest_hour",
                    "reminder_emails",
                    "game_over_emails",
                ]
            },
        ),
        (
            "Permissions",
            {"fields": ["is_active", "is_staff", "is_superuser", "groups"]},
        ),
    ]
    add_fieldsets = [(None, {"fields": ["email", "password1", "password2"]})]


@admin.register(Vacation)
class VacationAdmin(admin.ModelAdmin):
    list_display = ["user", "start", "end", "starts_at", "ends_at"]
    raw_id_fields = ["user"]
