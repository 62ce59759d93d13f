"""`manage.py cup_key [--organiser SLUG]`: the organiser's cup key (made the first time), shown
as its fingerprint and public key code; `--file FILE` writes the key file as well."""

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournament.cups.signing import fingerprint, key_file, signing_key_make
from tournament.models import Organiser, organiser_default


def organiser_named(slug: str | None) -> Organiser:
    if slug is None:
        organisers = list(Organiser.objects.all()[:2])
        if len(organisers) > 1:
            raise CommandError(_("Name the organiser with --organiser SLUG."))
        return organisers[0] if organisers else organiser_default()
    found = Organiser.objects.filter(slug=slug).first()
    if found is None:
        raise CommandError(_("No organiser “%(slug)s”.") % {"slug": slug})
    return found


class Command(BaseCommand):
    help = "Show the organiser's cup key (made the first time): fingerprint and public key."

    def add_arguments(self, parser):
        parser.add_argument("--organiser", help="the organiser's short name")
        parser.add_argument("--file", help="write the key file here as well")

    def handle(self, *args, **options):
        key = signing_key_make(organiser_named(options["organiser"]))
        self.stdout.write(f"{key.organiser.name}\n")
        self.stdout.write(f"{_('Fingerprint')}: {fingerprint(key.public_key)}\n")
        self.stdout.write(f"{_('Public key (code)')}: {key.public_key}\n")
        if options["file"]:
            with open(options["file"], "w", encoding="utf-8") as out:
                out.write(key_file(key))
