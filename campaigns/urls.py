from django.urls import path

from . import views

app_name = "campaigns"
urlpatterns = [
    path("", views.campaign_list, name="list"),
    path("new/", views.campaign_new, name="new"),
    path("<int:campaign_id>/", views.campaign_page, name="campaign"),
    path("<int:campaign_id>/join", views.join, name="join"),
    path("join/<str:token>/", views.invitation, name="invitation"),
]
