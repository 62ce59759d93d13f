"""The ranking and the pages around it: public once the supervisor publishes it (live or after a
Durchgang), always visible to the tournament's staff. Ranking, projector view, ranking PDF, a
player's page, statistics; and the supervisor's publishing form."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.decorators import method_decorator
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView
from django_tables2 import RequestConfig

from tournament import models
from tournament.ranking.charts import bar_chart, line_chart
from tournament.ranking.forms import PublishForm
from tournament.ranking.listings import RankingTable, ranking_rows
from tournament.ranking.pdf import ranking_pdf
from tournament.ranking.player_games import player_games
from tournament.ranking.publication import (
    PublicationError,
    ranking_publish,
    ranking_visible_until,
)
from tournament.ranking.standings import standings_compute
from tournament.ranking.statistics import tournament_statistics
from tournament.ranking.team_standings import team_rows
from tournament.scorekeeping.deck import deck_activate
from tournament.scorekeeping.engine import tournament_point_table
from tournament.scorekeeping.stock import tournament_stock
from tournament.scorekeeping.substitutes import seat_chain
from tournament.sheets.display import contract_text
from tournament.web.access import (
    SUPERVISOR,
    PublicPageMixin,
    TournamentMixin,
    role_allows,
    tournament_role,
)
from tournament.web.form_errors import errors_text
from tournament.web.live import content_etag, fragment_answer, live_not_modified, live_requested
from tournament.web.page_cache import number, public_page_cached, text
from tournament.web.qr import qr_svg
from tournament.web.site_url import absolute_url

PROJECTOR_ROWS = 20
#: Rows of the ranking page: a festival hall's thousand players on a phone in pages (the ranking
#: PDF holds everybody on one document).
RANKING_ROWS = 100
PROJECTOR_SECONDS = 20


def published_durchgaenge(tournament: models.Tournament) -> list[int]:
    """The numbers of the Durchgänge whose table assignments are public: the ranking pages link
    their table lists ("where do I sit?"), the first thing a player in the hall looks for."""
    durchgaenge = tournament.durchgaenge.filter(published=True).order_by("number")
    return list(durchgaenge.values_list("number", flat=True))


class RankingPageMixin(PublicPageMixin):
    """A page of the ranking: `self.tournament`, and `self.last`, the last Durchgang this
    visitor may see; a German "not published yet" page (404) when the ranking is not public
    for him."""

    def dispatch(self, request, *args, **kwargs):
        self.tournament = get_object_or_404(models.Tournament, slug=self.kwargs["slug"])
        deck_activate(self.tournament.deck)
        self.last = ranking_visible_until(self.tournament, request.user)
        if self.last is None:
            context = {
                "tournament": self.tournament,
                "seating": published_durchgaenge(self.tournament),
            }
            return render(request, "tournament/ranking/not_published.html", context, status=404)
        return super().dispatch(request, *args, **kwargs)

    def after(self) -> int:
        """`?after=N` within the Durchgänge this visitor may see (default: the last of them);
        the query is read by `public_page_cached` (`number`)."""
        after = self.request.GET.get("after", "")
        if not after:
            return self.last
        if not after.isdecimal() or not 1 <= int(after) <= max(self.last, 1):
            raise Http404
        return int(after)

    def public_url(self) -> str:
        url = reverse("tournament:ranking", args=[self.tournament.slug])
        return absolute_url(self.request, url)

    def get_context_data(self, **kwargs):
        return super().get_context_data(
            tournament=self.tournament, seating=published_durchgaenge(self.tournament), **kwargs
        )


@method_decorator(live_not_modified, name="dispatch")
@method_decorator(
    public_page_cached(query={"after": number, "sort": text, "page": number}, expensive=True),
    name="dispatch",
)
class RankingView(RankingPageMixin, TemplateView):
    """The ranking; its table (sorted and paged as asked) is a live region (tournament/web/live.py)
    answered alone, cached apart from the page."""

    template_name = "tournament/ranking/ranking.html"

    def get(self, request, *args, **kwargs):
        live = live_requested(request)
        after = self.after()
        standings = standings_compute(self.tournament, after=after)
        table = RankingTable(
            ranking_rows(standings),
            durchgaenge=after,
            slug=self.tournament.slug,
            table=tournament_point_table(self.tournament),
        )
        RequestConfig(request, paginate={"per_page": RANKING_ROWS}).configure(table)
        fragment = render_to_string("tournament/ranking/table.html", {"table": table}, request)
        etag = content_etag(fragment)
        if live:
            return fragment_answer(HttpResponse(fragment), etag)
        context = self.get_context_data(
            table=table,
            ranking_table=fragment,
            live_etag=etag,
            after=after,
            team_rows=team_rows(self.tournament, standings),
        )
        return self.render_to_response(context)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        role = tournament_role(self.request.user, self.tournament)
        context.update(
            durchgang_numbers=range(1, self.last + 1),
            role=role,
            qr=qr_svg(self.public_url()),
        )
        if role_allows(role, SUPERVISOR):
            context["publish_form"] = PublishForm(
                initial={
                    "publication": self.tournament.ranking_publication,
                    "after": self.tournament.ranking_published_after or max(self.last, 1),
                }
            )
        return context


@method_decorator(
    public_page_cached(query={"seite": number, "sekunden": number}, expensive=True),
    name="dispatch",
)
class ProjectorView(RankingPageMixin, TemplateView):
    """For the hall: large, refreshes by itself and pages through a long list."""

    template_name = "tournament/ranking/projector.html"

    def get_context_data(self, **kwargs):
        standings = standings_compute(self.tournament, after=self.last)
        teams = team_rows(self.tournament, standings)
        player_pages = max(1, -(-len(standings) // PROJECTOR_ROWS))
        pages = player_pages + (1 if teams else 0)  # the team table: a page of its own
        page = self.request.GET.get("seite", "1")
        page = int(page) if page.isdecimal() and 1 <= int(page) <= pages else 1
        rows = standings[(page - 1) * PROJECTOR_ROWS : page * PROJECTOR_ROWS]
        seconds = self.request.GET.get("sekunden", "")
        seconds = int(seconds) if seconds.isdecimal() and 2 <= int(seconds) <= 600 else 0
        url = self.public_url()
        return super().get_context_data(
            after=self.last,
            rows=rows,
            team_rows=teams if page > player_pages else [],
            page=page,
            pages=pages,
            next_page=page % pages + 1,
            seconds=seconds or PROJECTOR_SECONDS,
            keep_seconds=seconds,
            qr=qr_svg(url),
            url=url,
            **kwargs,
        )


@method_decorator(public_page_cached(query={"after": number}, expensive=True), name="dispatch")
class RankingPdfView(RankingPageMixin, View):
    def get(self, request, *args, **kwargs):
        tournament, after = self.tournament, self.after()
        standings = standings_compute(tournament, after=after)
        pdf = ranking_pdf(
            tournament, standings, after=after, team_rows=team_rows(tournament, standings)
        )
        response = HttpResponse(pdf, content_type="application/pdf")
        name = f"{tournament.slug}-rangliste-{after}.pdf"
        response["Content-Disposition"] = f'inline; filename="{name}"'
        return response


@method_decorator(public_page_cached(), name="dispatch")
class PlayerView(RankingPageMixin, TemplateView):
    """A player's games, points per Durchgang, running total, Stock and the sanctions against
    him (with the players whose seat he holds): public with the ranking, always for the staff."""

    template_name = "tournament/ranking/player.html"

    def get_context_data(self, **kwargs):
        tournament, last = self.tournament, self.last
        person = get_object_or_404(tournament.players, start_number=self.kwargs["start_number"])
        # The player and those whose seat he holds, along the whole chain of substitutes (5.2.11)
        ids = seat_chain(person)
        record = player_games(chain=ids, last=last)
        standing = next(
            (s for s in standings_compute(tournament, after=last) if s.player.pk == person.pk),
            None,
        )
        owed = tournament_stock(tournament, players=ids, last=last)
        return super().get_context_data(
            player=person,
            stock=sum(owed.get(pk, 0) for pk in ids) if tournament.stock_cents else None,
            games=record.games,
            per_durchgang=record.per_durchgang,
            standing=standing,
            chart=line_chart(record.running),
            sanctions=record.sanctions,
            total=record.total,
            **kwargs,
        )


@method_decorator(public_page_cached(expensive=True), name="dispatch")
class StatisticsView(RankingPageMixin, TemplateView):
    """The games and sanctions of the Durchgänge this visitor may see: those of the ranking."""

    template_name = "tournament/ranking/statistics.html"

    def get_context_data(self, **kwargs):
        stats = tournament_statistics(self.tournament, after=self.last)
        label = {c.contract: contract_text(c.contract) for c in stats.contracts}
        return super().get_context_data(
            after=self.last,
            stats=stats,
            games_bars=bar_chart([(label[c.contract], c.games, "") for c in stats.contracts]),
            # Won as the ranking counts it (5.4.2): of the games that count as single-player
            # games for the tie-breaks, those the declarer scored positive in.
            won_bars=bar_chart(
                [
                    (label[c.contract], round(100 * c.solo_won / c.solo_played), "%")
                    for c in stats.contracts
                    if c.single and c.solo_played
                ]
            ),
            tout_bars=bar_chart(
                [(_("Touts played"), stats.total("tout_played"), "")]
                + [(_("Touts won"), stats.total("tout_won"), "")]
            ),
            sanction_bars=bar_chart([(reason, n, "") for reason, n in stats.sanctions]),
            **kwargs,
        )


class PublishView(TournamentMixin, View):
    """The supervisor publishes the ranking (live or after a Durchgang) or withdraws it."""

    http_method_names = ["post"]

    def post(self, request, slug):
        form = PublishForm(request.POST)
        if form.is_valid():
            try:
                ranking_publish(
                    tournament=self.tournament,
                    publication=form.cleaned_data["publication"],
                    after=form.cleaned_data["after"],
                )
            except PublicationError as error:
                messages.error(request, errors_text(error.errors))
            else:
                messages.success(
                    request,
                    _("The ranking is now: %(state)s.")
                    % {"state": self.tournament.get_ranking_publication_display()},
                )
        else:
            messages.error(request, _("Choose how the ranking is published."))
        return redirect("tournament:ranking", slug=slug)
