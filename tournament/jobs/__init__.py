"""Background jobs: work that takes longer than a request should (a Durchgang's signed
scoresheets, the ranking PDF, the Excel workbook, a backup, a restore) runs as a task of Django's
task framework (the django-tasks backport), worked off by `manage.py job_worker` processes on any
machine (docs/jobs.md). This package knows no feature: each registers its kinds.

- `registry`: the kinds of job; a feature's `jobs.py` registers its own (`register`), imported by
  `TournamentConfig.ready` (tournament/apps.py);
- `runner`: what a worker does with a job: claim it, beat its heart, store the result;
- `tasks`: the one task that runs any job, putting it in line, and a dead worker's job run again
  or failed (liveness);
- `services`: start a job (or join the one already waiting), find it, its place in line;
- `status`: a job's state in words and its addresses;
- `web`: the pieces of the job pages (the job of the address, progress, status, download) that a
  feature's own job pages build on; `views`, `urls`: the jobs' own pages.

Layers, each importing only those before it: registry, runner, tasks, services, status, web,
views.
"""
