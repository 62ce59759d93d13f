"""The supervisor's publishing of the ranking (the ranking pages themselves are public)."""

from django.urls import path

from tournament import views_ranking

urlpatterns = [
    path(
        "turnier/<slug:slug>/leitung/rangliste/veroeffentlichen/",
        views_ranking.PublishView.as_view(),
        name="ranking_publish",
    ),
]
