"""Background jobs (tournament/jobs/): work that takes longer than a request should, run by a
task worker (`manage.py job_worker`) on any machine. The job's state lives here, its result in
the storage (`MEDIA_ROOT`), so any app server answers any job's progress and download."""

# Declared boilerplate (duplicates): field declarations are alike in shape across the models.

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

#: The Durchgang number of a job that belongs to the whole tournament.
WHOLE_TOURNAMENT = 0


def new_job_id() -> str:
    return secrets.token_hex(16)


class Job(models.Model):
    class Kind(models.TextChoices):
        SHEETS = "sheets", _("Signed scoresheets of a Durchgang")
        RANKING_PDF = "ranking_pdf", _("Ranking as PDF")
        WORKBOOK = "workbook", _("Excel workbook")
        BACKUP = "backup", _("Backup")
        RESTORE = "restore", _("Restore from a backup")
        SKT_PREVIEW = "skt_preview", _("Preview of a SchafkopfTurnier import")
        RESTORE_PREVIEW = "restore_preview", _("Preview of a restore")

    class State(models.TextChoices):
        QUEUED = "queued", _("waiting in line")
        RUNNING = "running", _("running")
        READY = "ready", _("ready")
        FAILED = "failed", _("failed")

    id = models.CharField(primary_key=True, max_length=32, default=new_job_id, editable=False)
    kind = models.CharField(max_length=16, choices=Kind.choices)
    #: The tournament by its slug, not a foreign key: a restore deletes and recreates the
    #: tournament while its job runs, and the job must outlive that.
    slug = models.SlugField(max_length=80, db_index=True)
    durchgang = models.PositiveSmallIntegerField(default=WHOLE_TOURNAMENT)
    language = models.CharField(max_length=8)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    state = models.CharField(max_length=8, choices=State.choices, default=State.QUEUED)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    #: What went wrong, in the requester's language; or what a finished restore did.
    message = models.TextField(blank=True)
    #: The name in the storage of what the job made, and the file name a download gets.
    result = models.CharField(max_length=255, blank=True)
    filename = models.CharField(max_length=255, blank=True)
    #: The name in the storage of an uploaded file the job reads, and its SHA-256.
    upload = models.CharField(max_length=255, blank=True)
    upload_sha256 = models.CharField(max_length=64, blank=True)
    #: What the requester chose beside the upload: the roles of a backup ticked for a restore.
    options = models.JSONField(default=dict, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at"]
        indexes = [models.Index(fields=["state", "created_at"])]
        constraints = [
            # One job of a kind per Durchgang (or tournament) waits or runs at a time: a second
            # request joins it, whichever app server it reaches.
            models.UniqueConstraint(
                fields=["kind", "slug", "durchgang"],
                condition=Q(state__in=["queued", "running"]),
                name="one_waiting_job_per_kind_and_durchgang",
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.pk} ({self.state})"

    @property
    def waiting(self) -> bool:
        return self.state in (self.State.QUEUED, self.State.RUNNING)


class WorkerSign(models.Model):
    """A running `manage.py task_workers` (one row each, by host and process), renewed every
    few seconds while its workers run: the job pages and `/healthz` tell from it whether any
    task worker is alive, and whether one hangs (runs without a sign of life to its supervisor,
    which ends it and starts another)."""

    name = models.CharField(max_length=200, unique=True)
    #: The workers that work (beat to their supervisor).
    workers = models.PositiveSmallIntegerField(default=0)
    seen_at = models.DateTimeField()
    #: The workers that run but do not beat any more, and since when the first of them did not.
    hung = models.PositiveSmallIntegerField(default=0)
    hung_since = models.DateTimeField(null=True, blank=True)
    #: The workers' process ids, comma-separated: a supervisor started after this one died
    #: ends those it left.
    pids = models.CharField(max_length=200, blank=True)

    class Meta:
        verbose_name = _("task workers' sign of life")
        verbose_name_plural = _("task workers' signs of life")

    def __str__(self) -> str:
        return f"{self.name}: {self.workers} at {self.seen_at:%H:%M:%S}"
