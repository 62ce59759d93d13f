"""Read-only pages anyone may see (the ranking's once it is published), and the tables' phone
pages (opened with a table's link and PIN), gathered from the features under the namespace
`tournament`."""

from tournament.calendar import urls as calendar
from tournament.checkin import urls as checkin
from tournament.cups import urls as cups
from tournament.draw import urls as draw
from tournament.embeds import urls as embeds
from tournament.handbook import urls as handbook
from tournament.home import urls as home
from tournament.phones import urls as phones
from tournament.ranking import urls as ranking
from tournament.seasons import urls as seasons

app_name = "tournament"

urlpatterns = [
    *home.public,
    *ranking.public,
    *draw.public,
    *phones.public,
    *checkin.public,
    *seasons.public,
    *cups.public,
    *calendar.public,
    *embeds.public,
    *handbook.public,
]
