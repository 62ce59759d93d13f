"""The ranking and the pages around it: public once the supervisor publishes it (live or after a
Durchgang), always visible to the tournament's staff. Ranking, projector view, ranking PDF, a
player's page, statistics; and the supervisor's publishing form."""

from __future__ import annotations

from functools import wraps

from django import forms
from django.contrib import messages
from django.db.models import Q
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import View
from django_tables2 import RequestConfig

from tournament import models
from tournament.core.access import SUPERVISOR, TournamentMixin, role_allows, tournament_role
from tournament.core.engine import tournament_point_table
from tournament.core.live import content_etag, fragment_answer, live_not_modified, live_requested
from tournament.core.public_cache import number, public_page_cached, text
from tournament.core.publication import ranking_publish, ranking_visible_until
from tournament.core.qr import qr_svg
from tournament.ranking.charts import bar_chart, line_chart
from tournament.ranking.listings import RankingTable, ranking_rows
from tournament.ranking.pdf import ranking_pdf
from tournament.ranking.standings import standings_compute
from tournament.ranking.statistics import tournament_statistics
from tournament.sheets.display import contract_text

PROJECTOR_ROWS = 20
#: Rows of the ranking page: a festival hall's thousand players on a phone in pages (the ranking
#: PDF holds everybody on one document).
RANKING_ROWS = 100
PROJECTOR_SECONDS = 20


def published(view):
    """Call `view(request, tournament, last, **kwargs)` with the last Durchgang this visitor may
    see; a German "not published yet" page (404) when the ranking is not public for him."""

    @wraps(view)
    def guarded(request, slug: str, **kwargs):
        tournament = get_object_or_404(models.Tournament, slug=slug)
        last = ranking_visible_until(tournament, request.user)
        if last is None:
            context = {"tournament": tournament}
            return render(request, "tournament/ranking/not_published.html", context, status=404)
        return view(request, tournament, last, **kwargs)

    return guarded


def _after(request, last: int) -> int:
    """`?after=N` within the Durchgänge this visitor may see (default: the last of them); the
    query is read by `public_page_cached` (`number`)."""
    after = request.GET.get("after", "")
    if not after:
        return last
    if not after.isdecimal() or not 1 <= int(after) <= max(last, 1):
        raise Http404
    return int(after)


def public_url(request, tournament: models.Tournament) -> str:
    return request.build_absolute_uri(reverse("tournament:ranking", args=[tournament.slug]))


class PublishForm(forms.Form):
    publication = forms.ChoiceField(
        label=gettext_lazy("Ranking"), choices=models.Tournament.Publication.choices
    )
    after = forms.IntegerField(label=gettext_lazy("after Durchgang"), min_value=1, required=False)


@live_not_modified
@public_page_cached(query={"after": number, "sort": text, "page": number}, expensive=True)
@published
def ranking(request, tournament: models.Tournament, last: int):
    """The ranking; its table (sorted and paged as asked) is a live region (tournament/core/live.py)
    answered alone, cached apart from the page."""
    live = live_requested(request)
    after = _after(request, last)
    standings = standings_compute(tournament, after=after)
    table = RankingTable(
        ranking_rows(standings),
        durchgaenge=after,
        slug=tournament.slug,
        table=tournament_point_table(tournament),
    )
    RequestConfig(request, paginate={"per_page": RANKING_ROWS}).configure(table)
    fragment = render_to_string("tournament/ranking/table.html", {"table": table}, request)
    etag = content_etag(fragment)
    if live:
        return fragment_answer(HttpResponse(fragment), etag)
    role = tournament_role(request.user, tournament)
    context = {
        "tournament": tournament,
        "table": table,
        "ranking_table": fragment,
        "live_etag": etag,
        "after": after,
        "durchgang_numbers": range(1, last + 1),
        "role": role,
        "qr": qr_svg(public_url(request, tournament)),
    }
    if role_allows(role, SUPERVISOR):
        context["publish_form"] = PublishForm(
            initial={
                "publication": tournament.ranking_publication,
                "after": tournament.ranking_published_after or max(last, 1),
            }
        )
    return render(request, "tournament/ranking/ranking.html", context)


@public_page_cached(query={"seite": number, "sekunden": number}, expensive=True)
@published
def projector(request, tournament: models.Tournament, last: int):
    """For the hall: large, refreshes by itself and pages through a long list."""
    standings = standings_compute(tournament, after=last)
    pages = max(1, -(-len(standings) // PROJECTOR_ROWS))
    page = request.GET.get("seite", "1")
    page = int(page) if page.isdecimal() and 1 <= int(page) <= pages else 1
    rows = standings[(page - 1) * PROJECTOR_ROWS : page * PROJECTOR_ROWS]
    seconds = request.GET.get("sekunden", "")
    seconds = int(seconds) if seconds.isdecimal() and 2 <= int(seconds) <= 600 else 0
    url = public_url(request, tournament)
    context = {
        "tournament": tournament,
        "after": last,
        "rows": rows,
        "page": page,
        "pages": pages,
        "next_page": page % pages + 1,
        "seconds": seconds or PROJECTOR_SECONDS,
        "keep_seconds": seconds,
        "qr": qr_svg(url),
        "url": url,
    }
    return render(request, "tournament/ranking/projector.html", context)


@public_page_cached(query={"after": number}, expensive=True)
@published
def ranking_download(request, tournament: models.Tournament, last: int):
    after = _after(request, last)
    pdf = ranking_pdf(tournament, standings_compute(tournament, after=after), after=after)
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{tournament.slug}-rangliste-{after}.pdf"'
    return response


@public_page_cached()
@published
def player(request, tournament: models.Tournament, last: int, start_number: int):
    """A player's games, points per Durchgang, running total and the sanctions against him
    (with the player he replaced): public with the ranking, always for the staff."""
    person = get_object_or_404(tournament.players, start_number=start_number)
    scores = list(
        models.HandScore.objects.filter(
            Q(player=person) | Q(player_id=person.replaces_id), durchgang_number__lte=last
        )
        .select_related("hand__table", "hand__declarer", "hand__sanction__offender")
        .order_by("durchgang_number", "hand__table__number", "hand__number")
    )
    running, total = [], 0
    games = []
    for score in scores:
        total += score.points
        running.append(total)
        hand = score.hand
        sanction = getattr(hand, "sanction", None)
        games.append((score, contract_text(hand.contract, hand.suit, hand.tout), total, sanction))
    per_durchgang = [
        (n, sum(s.points for s in scores if s.durchgang_number == n)) for n in range(1, last + 1)
    ]
    standing = next(
        (s for s in standings_compute(tournament, after=last) if s.player.pk == person.pk), None
    )
    context = {
        "tournament": tournament,
        "player": person,
        "games": games,
        "per_durchgang": per_durchgang,
        "standing": standing,
        "chart": line_chart(running),
        "sanctions": [
            (score, sanction)
            for score, _text, _total, sanction in games
            if sanction is not None and sanction.offender_id in (person.pk, person.replaces_id)
        ],
        "total": total,
    }
    return render(request, "tournament/ranking/player.html", context)


@public_page_cached(expensive=True)
@published
def statistics(request, tournament: models.Tournament, last: int):
    """The games and sanctions of the Durchgänge this visitor may see: those of the ranking."""
    stats = tournament_statistics(tournament, after=last)
    label = {c.contract: contract_text(c.contract) for c in stats.contracts}
    context = {
        "tournament": tournament,
        "after": last,
        "stats": stats,
        "games_bars": bar_chart([(label[c.contract], c.games, "") for c in stats.contracts]),
        "won_bars": bar_chart(
            [
                (label[c.contract], round(100 * c.won / c.games) if c.games else 0, "%")
                for c in stats.contracts
                if c.single
            ]
        ),
        "tout_bars": bar_chart(
            [(_("Touts played"), sum(c.touts for c in stats.contracts), "")]
            + [(_("Touts won"), sum(c.touts_won for c in stats.contracts), "")]
        ),
        "sanction_bars": bar_chart([(reason, n, "") for reason, n in stats.sanctions]),
    }
    return render(request, "tournament/ranking/statistics.html", context)


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
            except ValueError as error:
                messages.error(request, str(error))
            else:
                messages.success(
                    request,
                    _("The ranking is now: %(state)s.")
                    % {"state": self.tournament.get_ranking_publication_display()},
                )
        else:
            messages.error(request, _("Choose how the ranking is published."))
        return redirect("tournament:ranking", slug=slug)
