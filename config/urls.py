"""URLs of the whole site; kept language-neutral (the language lives in the session/cookie)."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from tournament.home.views import LoginView
from tournament.web.login import AdminLoginForm

admin.site.login_form = AdminLoginForm  # the user name's length checked (tournament/web/login.py)
# A database that does not answer: a German 503 saying so (and whether a game is stored).
handler500 = "tournament.web.outage.server_error"

urlpatterns = [
    path("", include("tournament.health.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    # Of django.contrib.auth.urls only what the site uses: no password reset by e-mail (the site
    # sends no mail; an administrator sets a forgotten password in the admin).
    path(
        "accounts/login/",
        LoginView.as_view(),  # the staff land on their work (tournament/home/landing.py)
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "accounts/password_change/",
        auth_views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "accounts/password_change/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    # The JSON API (docs/api.md).
    path("", include("tournament.api.urls")),
    path("", include("tournament.urls_public")),
    path("", include("tournament.urls")),
]
