"""A table's phones: the supervisor's table links (management), the phone page and its JSON
answers (public, opened with the link and its PIN)."""

# Declared boilerplate (duplicates): its route list is alike in shape to every feature's urls.py.

from django.urls import path

from tournament.phones.views import links, phone, server_stand
from tournament.web.url_prefixes import MANAGE

urlpatterns = [
    path(
        MANAGE + "durchgang/<int:number>/tisch-links/",
        links.TableLinksView.as_view(),
        name="table_links",
    ),
    path(
        MANAGE + "durchgang/<int:number>/tisch-links/aendern/",
        links.TableLinkChangeView.as_view(),
        name="table_link_change",
    ),
    path(
        MANAGE + "durchgang/<int:number>/serverstand/",
        server_stand.ServerStandView.as_view(),
        name="server_stand",
    ),
]

public = [
    path("tisch/<str:token>/", phone.PhoneSheetView.as_view(), name="phone_sheet"),
    path("tisch/<str:token>/stand/", phone.PhoneStateView.as_view(), name="phone_state"),
    path("tisch/<str:token>/eingabe/", phone.PhoneEntryView.as_view(), name="phone_entry"),
    path("tisch/<str:token>/schreiber/", phone.PhoneKeeperView.as_view(), name="phone_keeper"),
    path("tisch/<str:token>/bestaetigen/", phone.PhoneConfirmView.as_view(), name="phone_confirm"),
    path("tisch/<str:token>/spiele/", phone.PhoneGamesView.as_view(), name="phone_games"),
]
