from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin

from .models import User


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    ordering = ["email"]
    list_display = ["email", "display_name", "language", "is_staff"]
    search_fields = ["email", "display_name"]
    fieldsets = [
        (None, {"fields": ["email", "password"]}),
        ("Profile", {"fields": ["display_name", "language", "timezone"]}),
        (
            "Permissions",
            {"fields": ["is_active", "is_staff", "is_superuser", "groups"]},
        ),
    ]
    add_fieldsets = [(None, {"fields": ["email", "password1", "password2"]})]
