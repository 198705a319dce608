from django.urls import path

from . import views

app_name = "campaigns"
urlpatterns = [
    path("", views.campaign_list, name="list"),
    path("new/", views.campaign_new, name="new"),
    path("<int:campaign_id>/", views.campaign_page, name="campaign"),
    path("<int:campaign_id>/join", views.join, name="join"),
    path("join/<str:token>/", views.invitation, name="invitation"),
    path(
        "invitations/<int:invitation_id>/accept",
        views.invitation_accept,
        name="invitation_accept",
    ),
    path(
        "invitations/<int:invitation_id>/decline",
        views.invitation_decline,
        name="invitation_decline",
    ),
]
