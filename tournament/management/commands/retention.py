"""`manage.py retention`: the tournaments past their retention (RETENTION_MONTHS after their
day, rule 5.3.5); with --apply they are anonymised (tournament/persons/privacy.py), and so are
the rows of the evenings sent in to a cup held before that day (persons/cup_privacy.py). On every
run, uploads of backups never confirmed (older than UPLOAD_KEEP_MINUTES) and public
registrations not confirmed within REGISTRATION_CONFIRM_HOURS are deleted: they were never more
than a request (tournament/web/uploads.py, tournament/checkin/confirmation.py)."""

from django.conf import settings
from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.checkin.confirmation import registrations_expired_delete
from tournament.persons.cup_privacy import cup_entry_anonymise, cup_retention_due
from tournament.persons.privacy import retention_due, retention_limit, tournament_anonymise
from tournament.web.uploads import uploads_sweep


class Command(BaseCommand):
    help = (
        "List the tournaments held more than RETENTION_MONTHS months ago and not anonymised "
        "yet; --apply anonymises them (names replaced, results kept)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--apply", action="store_true", help="anonymise them (default: only list them)"
        )

    def handle(self, *args, **options):
        swept = uploads_sweep()
        self.stdout.write(
            _("Uploads never confirmed, older than %(minutes)s minutes, deleted: %(count)s.")
            % {"minutes": settings.UPLOAD_KEEP_MINUTES, "count": len(swept)}
        )
        expired = registrations_expired_delete()
        if expired:
            text = ngettext(
                "%(n)s registration not confirmed in time deleted.",
                "%(n)s registrations not confirmed in time deleted.",
                expired,
            )
            self.stdout.write(text % {"n": expired})
        due = retention_due()
        limit = retention_limit()
        self.stdout.write(
            _("Retention: %(months)s months; tournaments before %(day)s are past it.")
            % {"months": settings.RETENTION_MONTHS, "day": limit.strftime("%d.%m.%Y")}
        )
        self._cups(limit, apply=options["apply"])
        if not due:
            self.stdout.write(_("No tournament is past its retention."))
            return
        for tournament in due:
            line = f"{tournament.date:%d.%m.%Y}  {tournament.slug}  {tournament.name}"
            if options["apply"]:
                count = tournament_anonymise(tournament)
                line += "  " + _("anonymised (%(n)s players)") % {"n": count}
            self.stdout.write(line)
        if not options["apply"]:
            self.stdout.write(_("Nothing changed. Run with --apply to anonymise them."))

    def _cups(self, limit, *, apply: bool) -> None:
        """The evenings sent in to a cup and held before the limit: their rows as tournaments'."""
        for entry in cup_retention_due(limit):
            line = f"{entry.date:%d.%m.%Y}  {entry.cup.slug}  {entry.name}"
            line += "  " + _("(sent in to the cup by %(member)s)") % {
                "member": entry.member.organiser.name
            }
            if apply:
                count = cup_entry_anonymise(entry)
                line += "  " + _("anonymised (%(n)s players)") % {"n": count}
            self.stdout.write(line)
