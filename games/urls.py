from django.urls import path

from . import stream_views, views

app_name = "games"
urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("my/", views.my_games, name="my_games"),
    path("my/events/", stream_views.my_events, name="my_events"),
    path("my/link", views.my_games_link, name="my_games_link"),
    path("new/<slug:slug>/", views.game_new, name="new"),
    path("games/<slug:slug>/rules/", views.rules, name="rules"),
    path("games/<int:game_id>/", views.game_page, name="game"),
    path("games/<int:game_id>/move", views.move, name="move"),
    path("games/<int:game_id>/poll", views.poll, name="poll"),
    path("games/<int:game_id>/events/", stream_views.game_events, name="events"),
    path("games/<int:game_id>/join", views.join, name="join"),
    path("games/<int:game_id>/bot", views.add_bot, name="add_bot"),
    path("games/<int:game_id>/leave", views.leave, name="leave"),
    path("games/<int:game_id>/rematch", views.rematch, name="rematch"),
    path("invite/<str:token>/", views.invitation, name="invitation"),
]
