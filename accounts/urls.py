from django.urls import path

from . import views

app_name = "accounts"
urlpatterns = [
    path("preferences/", views.preferences, name="preferences"),
    path("vacation/", views.vacation, name="vacation"),
    path(
        "vacation/<int:vacation_id>/cancel",
        views.vacation_cancel,
        name="vacation_cancel",
    ),
    path("vacation/<int:vacation_id>/end", views.vacation_end, name="vacation_end"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
]
