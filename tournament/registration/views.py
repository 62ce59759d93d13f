"""Registration pages of the supervisor: tournament settings, players, the player-list import,
the clerks."""

from __future__ import annotations

import secrets

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin, UserPassesTestMixin
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views import View
from django.views.generic import CreateView, FormView, TemplateView, UpdateView
from django_tables2 import RequestConfig

from rules.rule_sets import RULE_SETS
from tournament.models import Tournament
from tournament.persons.access import register_keeper
from tournament.persons.services import organiser_of, registrations_to_link
from tournament.registration.forms import (
    PlayerEditForm,
    PlayerEntryForm,
    PlayerForm,
    PlayerListForm,
    TournamentForm,
)
from tournament.registration.import_drafts import draft_drop, draft_keep, draft_rows
from tournament.registration.listings import PlayerTable
from tournament.registration.makers import maker_organisers, organiser_single
from tournament.registration.player_import import (
    MAX_BYTES,
    errors_shown,
    player_list_read,
)
from tournament.registration.services import (
    PlayerError,
    player_create,
    player_reinstate,
    player_substitute,
    player_update,
    player_withdraw,
    players_find,
    players_import,
    players_import_duplicates,
    players_import_preview,
    start_number_next,
    tournament_create,
    tournament_update,
)
from tournament.registration.start_cards import start_cards_pdf
from tournament.sheets.services.corrections import corrections_pending
from tournament.steps.services import steps_grouped, tournament_steps
from tournament.web.access import TournamentMixin
from tournament.web.collation import german_sorted
from tournament.web.form_errors import form_errors_add

TEMPLATES = "tournament/registration/"


class TournamentCreateView(LoginRequiredMixin, UserPassesTestMixin, CreateView):
    """A staff user creates a tournament under an organiser he serves (registration/makers.py)
    and becomes its supervisor."""

    model = Tournament
    form_class = TournamentForm
    template_name = TEMPLATES + "tournament_form.html"

    def test_func(self):
        return self.request.user.is_staff

    def get(self, request, *args, **kwargs):
        return self.refusal() or super().get(request, *args, **kwargs)

    def post(self, request, *args, **kwargs):
        return self.refusal() or super().post(request, *args, **kwargs)

    def refusal(self):
        """A staff user who serves no organiser of several may not create a tournament."""
        self.organisers = maker_organisers(self.request.user)
        if self.organisers != []:
            return None
        self.object = None
        context = self.get_context_data(form=None, refused=True)
        return self.render_to_response(context, status=403)

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "organisers": self.organisers}

    def get_initial(self):
        """`?regelwerk=<key>` fills in the settings of that rule set (links on the page)."""
        key = self.request.GET.get("regelwerk", "")
        return {**super().get_initial(), **TournamentForm.rule_set_initial(key)}

    def get_context_data(self, **kwargs):
        return super().get_context_data(rule_sets=RULE_SETS.values(), **kwargs)

    def form_valid(self, form):
        tournament = form.save(commit=False)
        if self.organisers is None:
            tournament.organiser = organiser_single()
        else:
            tournament.organiser = form.cleaned_data.get("organiser") or self.organisers[0]
        tournament = tournament_create(tournament=tournament, user=self.request.user)
        if self.organisers is None:  # the one organiser: its tournaments' maker keeps it, as ever
            tournament.organiser.staff.add(self.request.user)
        messages.success(self.request, _("Tournament %(name)s created.") % {"name": tournament})
        return redirect("manage:dashboard", slug=tournament.slug)


class TournamentEditView(TournamentMixin, UpdateView):
    """Name, date and venue stay editable; the rules are fixed once a game is recorded."""

    form_class = TournamentForm
    template_name = TEMPLATES + "tournament_form.html"

    def get_object(self, queryset=None):
        return self.tournament

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "locked": self.tournament.settings_locked}

    def form_valid(self, form):
        tournament_update(tournament=form.save(commit=False))
        if form.locked:
            messages.warning(self.request, form.locked_message())
        else:
            messages.success(self.request, _("Settings saved."))
        return redirect("manage:dashboard", slug=self.tournament.slug)


class DashboardView(TournamentMixin, TemplateView):
    """The tournament management: the day's steps with the next action, then every page."""

    template_name = TEMPLATES + "dashboard.html"

    def get_context_data(self, **kwargs):
        steps = tournament_steps(self.tournament)  # they count the players and approvals
        return super().get_context_data(
            steps=steps,
            step_groups=steps_grouped(steps),
            locked=self.tournament.settings_locked,
            durchgaenge=self.tournament.durchgaenge.order_by("number"),
            corrections=corrections_pending(self.tournament).count(),
            keeps_register=register_keeper(self.request.user, organiser_of(self.tournament)),
            **kwargs,
        )


class PlayersView(TournamentMixin, FormView):
    """The player list with its search, and the keyboard entry form on top."""

    form_class = PlayerEntryForm
    template_name = TEMPLATES + "players.html"

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "next_number": start_number_next(self.tournament)}

    def get_context_data(self, **kwargs):
        query = self.request.GET.get("q", "").strip()
        players = players_find(tournament=self.tournament, query=query)
        table = PlayerTable(players, slug=self.tournament.slug)
        RequestConfig(self.request, paginate={"per_page": 100}).configure(table)
        clubs = self.tournament.players.exclude(club="").values_list("club", flat=True)
        return super().get_context_data(
            table=table,
            q=query,
            clubs=german_sorted(set(clubs), str),
            to_link=registrations_to_link(self.tournament),
            keeps_register=register_keeper(self.request.user, organiser_of(self.tournament)),
            **kwargs,
        )

    def form_valid(self, form):
        values = dict(form.cleaned_data)
        person_id = values.pop("person", None)
        person = None
        if person_id is not None:
            person = organiser_of(self.tournament).persons.filter(pk=person_id).first()
            if person is None:
                form.add_error("name", _("The person picked is not in the register any more."))
                return self.form_invalid(form)
        try:
            player = player_create(tournament=self.tournament, person=person, **values)
        except PlayerError as exc:
            form_errors_add(form, exc.errors)
            return self.form_invalid(form)
        message = _("No. %(number)s %(name)s added.")
        messages.success(
            self.request, message % {"number": player.start_number, "name": player.name}
        )
        return redirect("manage:players", slug=self.tournament.slug)


class PlayerMixin(TournamentMixin):
    """`self.player`: a player of this tournament (404 for another tournament's)."""

    def get_player(self):
        return get_object_or_404(self.tournament.players, pk=self.kwargs["pk"])

    def get_context_data(self, **kwargs):
        return super().get_context_data(player=self.get_player(), **kwargs)

    def done(self, message: str):
        messages.success(self.request, message)
        return redirect("manage:players", slug=self.tournament.slug)


class PlayerEditView(PlayerMixin, FormView):
    form_class = PlayerEditForm
    template_name = TEMPLATES + "player_form.html"

    def get_initial(self):
        player = self.get_player()
        return {"name": player.name, "club": player.club, "start_number": player.start_number}

    def form_valid(self, form):
        try:
            player = player_update(player=self.get_player(), **form.cleaned_data)
        except PlayerError as exc:
            form_errors_add(form, exc.errors)
            return self.form_invalid(form)
        return self.done(
            _("No. %(number)s %(name)s saved.")
            % {"number": player.start_number, "name": player.name}
        )


class PlayerSubstituteView(PlayerMixin, FormView):
    """Rule 5.2.11: a substitute takes over the player's seats (where no game is recorded)."""

    form_class = PlayerForm
    template_name = TEMPLATES + "player_substitute.html"

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "next_number": start_number_next(self.tournament)}

    def form_valid(self, form):
        player = self.get_player()
        try:
            result = player_substitute(player=player, **form.cleaned_data)
        except PlayerError as exc:
            form_errors_add(form, exc.errors)
            return self.form_invalid(form)
        substitute = result.substitute
        message = _(
            "No. %(number)s %(name)s replaces No. %(old_number)s %(old_name)s "
            "(seats taken over: %(seats)s)."
        ) % {
            "number": substitute.start_number,
            "name": substitute.name,
            "old_number": player.start_number,
            "old_name": player.name,
            "seats": result.seats_moved,
        }
        return self.done(message)


class PlayerWithdrawView(PlayerMixin, View):
    """POST only: withdraw the player, or with `reinstate=1` take the withdrawal back."""

    http_method_names = ["post"]

    def post(self, request, slug, pk):
        player = self.get_player()
        if request.POST.get("reinstate") == "1":
            try:
                player_reinstate(player=player)
            except PlayerError as exc:
                messages.error(request, " ".join(exc.errors["__all__"]))
                return redirect("manage:players", slug=slug)
            return self.done(_("%(name)s plays again.") % {"name": player.name})
        player_withdraw(player=player)
        return self.done(_("%(name)s is withdrawn.") % {"name": player.name})


class StartCardsView(TournamentMixin, View):
    """The start cards as PDF, with each player's personal code: every player not
    withdrawn, or (`pk`) one player's, handed out at registration. Never cached."""

    def get(self, request, slug, pk=None):
        if pk is None:
            players = list(self.tournament.players.filter(withdrawn=False))
            name = f"{slug}-startkarten.pdf"
        else:
            players = [get_object_or_404(self.tournament.players, pk=pk)]
            name = f"{slug}-startkarte-{players[0].start_number}.pdf"
        if not players:
            messages.warning(request, _("There is no player to print a start card for."))
            return redirect("manage:players", slug=slug)
        response = HttpResponse(start_cards_pdf(self.tournament, players), "application/pdf")
        response["Content-Disposition"] = f'inline; filename="{name}"'
        add_never_cache_headers(response)
        return response


class PlayersImportView(TournamentMixin, FormView):
    """Upload a list and see what would be created; the checked rows wait as a stored upload
    (`import_drafts`: the session holds no name)."""

    form_class = PlayerListForm
    template_name = TEMPLATES + "import.html"
    session_key = "player_import"

    def form_valid(self, form):
        upload = form.cleaned_data["file"]
        parsed = player_list_read(upload.name, upload.read(MAX_BYTES + 1))
        plan = players_import_preview(tournament=self.tournament, rows=parsed.rows)
        errors, more_errors = errors_shown(sorted(parsed.errors + plan.errors))
        token = ""
        draft_drop(self.request.session.pop(self.session_key, None))
        if not errors and plan.rows:
            token = secrets.token_urlsafe(12)
            self.request.session[self.session_key] = {
                "tournament": self.tournament.pk,
                "token": token,
                **draft_keep(parsed.rows),
            }
        context = self.get_context_data(
            plan=plan,
            errors=errors,
            more_errors=more_errors,
            token=token,
            filename=upload.name,
            upload_form=PlayerListForm(),
        )
        status = 400 if errors else 200  # a refused file: nothing stored, the page says why
        return render(self.request, TEMPLATES + "import_preview.html", context, status=status)


class PlayersImportConfirmView(TournamentMixin, View):
    """POST only: create every previewed player, or none."""

    http_method_names = ["post"]

    def post(self, request, slug):
        stored = request.session.get(PlayersImportView.session_key) or {}
        rows = draft_rows(stored)
        if rows is None or (stored.get("tournament"), stored.get("token")) != (
            self.tournament.pk,
            request.POST.get("token"),
        ):
            messages.error(request, _("The preview is no longer valid: upload the list again."))
            return redirect("manage:players_import", slug=slug)
        try:
            players = players_import(tournament=self.tournament, rows=rows)
        except PlayerError as exc:
            for message in exc.errors["file"]:
                messages.error(request, message)
            return redirect("manage:players_import", slug=slug)
        draft_drop(request.session.pop(PlayersImportView.session_key))
        n = len(players)
        messages.success(
            request, ngettext("%(n)s player imported.", "%(n)s players imported.", n) % {"n": n}
        )
        doubtful = players_import_duplicates(players=players)
        if doubtful:
            for player, similar in doubtful:
                messages.warning(
                    request,
                    _("No. %(number)s %(name)s may be the same person as %(others)s.")
                    % {
                        "number": player.start_number,
                        "name": player.name,
                        "others": ", ".join(str(p) for p in similar),
                    },
                )
            organiser = organiser_of(self.tournament)
            return redirect("manage:person_duplicates", organiser=organiser.slug)
        return redirect("manage:players", slug=slug)
