"""The ranking as a PDF, with every player, as the staff sees it: a background job
(tournament/jobs/registry.py) the supervisor starts from the management page."""

from __future__ import annotations

from django.core.files.base import ContentFile

from tournament import models
from tournament.jobs.registry import Made, Progress, job_tournament, register
from tournament.ranking.pdf import ranking_pdf as render
from tournament.ranking.standings import standings_compute, standings_played


def ranking_pdf(job: models.Job, progress: Progress) -> Made:
    """The ranking after every Durchgang played."""
    tournament = job_tournament(job)
    after = job.durchgang  # the last Durchgang the supervisor saw when he started it
    progress(0, 1)
    content = render(tournament, standings_compute(tournament, after=after), after=after)
    progress(1, 1)
    return Made(f"{tournament.slug}-rangliste-{after}.pdf", ContentFile(content))


register(models.Job.Kind.RANKING_PDF, ranking_pdf, button="rangliste", durchgang=standings_played)
