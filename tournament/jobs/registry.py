"""The kinds of job there are, and what each does. Every feature registers its own kinds (its
`jobs.py`, imported by `TournamentConfig.ready`: tournament/apps.py), so the job machinery here
knows none of them: the runner runs what is registered, the pages ask the registry who may see a
job, its addresses and its words.

A kind's work reads the tournament from the database and returns the file it made (spooled in
the worker, then saved to the storage by the runner) and, for a restore, what was done.
`progress(done, total)` reports how far it got. `JobError` stops it with a message in the
requester's language."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.core.files import File
from django.utils.functional import Promise
from django.utils.translation import gettext as _

from tournament import models
from tournament.web.access import SUPERVISOR

Progress = Callable[[int, int], None]


class JobError(Exception):
    """The job cannot be done; the message says why (in the requester's language)."""


@dataclass
class Made:
    filename: str
    content: File
    message: str = ""


Run = Callable[[models.Job, Progress], Made]


@dataclass(frozen=True)
class JobKind:
    kind: str
    run: Run
    #: The least role of the tournament that sees (and downloads) a job of this kind.
    role: str = SUPERVISOR
    #: The word in the address of the button that starts it (`auftrag/neu/<word>/`), if any.
    button: str = ""
    #: The Durchgang a job started by its button is for (default: the whole tournament).
    durchgang: Callable[[models.Tournament], int] | None = None
    #: The progress page, its status and the download, when not the jobs' own addresses.
    urls: Callable[[models.Job], dict[str, str]] | None = None
    #: What its progress page says while it runs and once it is ready (`%(done)s`, `%(total)s`).
    running: Promise | None = None
    ready: Promise | None = None
    #: False for a job whose result is what it did (a restore), not a file to download.
    downloadable: bool = True
    #: The words of the link to its result once ready (default: "Download the file").
    link: Promise | None = None


_KINDS: dict[str, JobKind] = {}


def register(
    kind: str,
    run: Run,
    *,
    role: str = SUPERVISOR,
    button: str = "",
    durchgang: Callable[[models.Tournament], int] | None = None,
    urls: Callable[[models.Job], dict[str, str]] | None = None,
    running: Promise | None = None,
    ready: Promise | None = None,
    downloadable: bool = True,
    link: Promise | None = None,
) -> JobKind:
    """Make `kind` (one of `models.Job.Kind`) run `run(job, progress)`. Registering a kind
    again replaces it (a module imported twice)."""
    if kind not in models.Job.Kind.values:
        raise ValueError(f"{kind!r} is not a kind of models.Job")
    spec = JobKind(kind, run, role, button, durchgang, urls, running, ready, downloadable, link)
    _KINDS[kind] = spec
    return spec


def job_kind(kind: str) -> JobKind:
    """The registered kind `kind`; KeyError when no feature registered it."""
    return _KINDS[kind]


def job_kinds() -> tuple[JobKind, ...]:
    return tuple(_KINDS.values())


def button_kind(word: str) -> JobKind | None:
    """The kind whose button has `word` in its address."""
    return next((spec for spec in _KINDS.values() if spec.button and spec.button == word), None)


def job_tournament(job: models.Job) -> models.Tournament:
    """The tournament of `job`, or JobError when it was deleted meanwhile."""
    tournament = models.Tournament.objects.filter(slug=job.slug).first()
    if tournament is None:
        raise JobError(_("The tournament %(slug)s does not exist any more.") % {"slug": job.slug})
    return tournament
