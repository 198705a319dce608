from django.urls import path

from . import views

app_name = "accounts"
urlpatterns = [path("preferences/", views.preferences, name="preferences")]
