from django.urls import path

from . import views

app_name = "history"
urlpatterns = [
    path("games/<int:game_id>/replay/", views.replay, name="replay"),
    path("games/<int:game_id>/record.json", views.export, name="export"),
    path("history/import/", views.record_import, name="import"),
    path("history/imports/<int:record_id>/", views.imported, name="imported"),
    path("history/search/", views.search, name="search"),
    path("players/<int:user_id>/", views.profile, name="profile"),
    path("leaderboard/<slug:slug>/", views.leaderboard, name="leaderboard"),
    path("statistics/<slug:slug>/", views.statistics, name="statistics"),
]
