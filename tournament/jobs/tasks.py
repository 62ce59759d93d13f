"""The one task of the background jobs: the job's id is all it carries (its state is in the
database), so a job queued again after its worker died is the same job."""

from __future__ import annotations

from django_tasks import task

from tournament.jobs.runner import job_execute


@task()
def job_run(job_id: str) -> None:
    job_execute(job_id)
