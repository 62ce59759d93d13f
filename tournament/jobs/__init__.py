"""Background jobs: a Durchgang's signed scoresheets, the ranking PDF, the Excel workbook, a
backup and a restore run as tasks of Django's task framework (the django-tasks backport),
worked off by `manage.py db_worker` processes on any machine (docs/jobs.md).

- `services`: start a job (or join the one already waiting), its place in line, a dead worker's
  job run again or failed (liveness);
- `runner`: what a worker does with a job: claim it, beat its heart, store the result;
- `kinds`: the work of each kind; `tasks`: the one task that runs any job;
- `views`, `urls`: the buttons that start jobs, the progress page, its status and the download.
"""
