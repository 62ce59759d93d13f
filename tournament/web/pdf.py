"""Rendering printouts as PDF (WeasyPrint, A4), for every feature: a template to PDF bytes in a
child process bounded in time and memory.

Rendered from the project's own templates only: the URL fetcher loads nothing but the
project's static files, so a name in the data can never make WeasyPrint read a file or the
network.
"""

from __future__ import annotations

import multiprocessing
import resource
import signal
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import url2pathname

from django.conf import settings
from django.template.loader import render_to_string
from django.utils.translation import gettext
from weasyprint import HTML
from weasyprint.urls import URLFetcher

from tournament.system.processes import die_with_parent


def refuse_fetch(url: str, *args, **kwargs):
    raise ValueError(f"printouts load no resources: {url}")


class StaticFetcher(URLFetcher):
    """Loads nothing but the project's static files: no other file, no network.

    A class, as WeasyPrint 70 wants: it leaves a refused resource out with a warning, where a
    plain function such as `refuse_fetch` would stop the rendering."""

    def fetch(self, url: str, headers=None):
        parts = urlsplit(url)
        if parts.scheme.lower() == "file" and parts.netloc in ("", "localhost"):
            path = Path(url2pathname(parts.path)).resolve()
            if any(path.is_relative_to(Path(root).resolve()) for root in settings.STATICFILES_DIRS):
                return super().fetch(path.as_uri(), headers)
        return refuse_fetch(url)


class RenderLimitError(Exception):
    """A PDF took longer than `PDF_RENDER_TIMEOUT` seconds or more memory than
    `PDF_RENDER_MEMORY_MB`; the message (translated) says so. Views answer 503."""


def render_limits() -> tuple[float, int]:
    """(seconds, megabytes) a render may take; 0 switches a bound off."""
    return (
        float(settings.PDF_RENDER_TIMEOUT),
        int(settings.PDF_RENDER_MEMORY_MB),
    )


def _limited_child(sender, megabytes: int, render: Callable[..., bytes], args: tuple) -> None:
    # A render nobody waits for any more stops with its parent: by SIGTERM's own action, not
    # by a handler the parent installed (a task worker's would finish its job first).
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    die_with_parent()
    try:
        if megabytes:  # the child's own bound, never the server's
            limit = megabytes * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        sender.send((True, render(*args)))
    except (MemoryError, SystemError):  # C code out of memory may fail with a SystemError
        sender.send((False, "memory"))
    except BaseException as exc:  # reported to the parent, which raises it as a bug
        sender.send((False, f"{type(exc).__name__}: {exc}"))


def limit_message(kind: str) -> str:
    seconds, megabytes = render_limits()
    if kind == "memory":
        return gettext(
            "The PDF needs more than %(mb)s MB of memory and was stopped. Print fewer tables "
            "at once, or ask the administrator to raise PDF_RENDER_MEMORY_MB."
        ) % {"mb": megabytes}
    return gettext(
        "The PDF took longer than %(seconds)s seconds and was stopped. Print fewer tables "
        "at once, or ask the administrator to raise PDF_RENDER_TIMEOUT."
    ) % {"seconds": f"{seconds:g}"}


def pdf_limited(render: Callable[..., bytes], *args) -> bytes:
    """`render(*args)` (HTML in, PDF out; no database) in a forked child process bounded by
    `render_limits()`: the server never hangs on a PDF. Raises `RenderLimitError` when a bound
    is exceeded."""
    seconds, megabytes = render_limits()
    if not seconds and not megabytes:
        return render(*args)
    context = multiprocessing.get_context("fork")  # the child has every module loaded already
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_limited_child, args=(sender, megabytes, render, args))
    child.start()
    sender.close()
    try:
        _answer_wait(receiver, child, seconds)
        ok, result = receiver.recv()
    except EOFError:  # the child died without an answer: killed by the memory bound
        raise RenderLimitError(limit_message("memory")) from None
    finally:
        if child.is_alive():
            child.kill()
        child.join()
        receiver.close()
    if not ok:
        if result == "memory":
            raise RenderLimitError(limit_message("memory"))
        raise RuntimeError(f"rendering the PDF failed: {result}")
    return result


def _answer_wait(receiver, child, seconds: float) -> None:
    """Wait until the child answers, at most `seconds` (0: no bound), looking every half second
    whether it still lives: a child that died without an answer (the memory bound, a kill) is
    an EOFError at once, never a wait on a pipe for ever."""
    deadline = time.monotonic() + seconds if seconds else None
    while not receiver.poll(0.5):
        if not child.is_alive() and not receiver.poll(0):
            raise EOFError
        if deadline is not None and time.monotonic() >= deadline:
            raise RenderLimitError(limit_message("time"))


def static_fetcher() -> StaticFetcher:
    """The fetcher of every printout: the project's static files by `file:` URL, nothing else."""
    return StaticFetcher(allowed_protocols={"file"}, allow_redirects=False)


def html_pdf(html: str) -> bytes:
    return HTML(string=html, url_fetcher=static_fetcher()).write_pdf()


def pdf_render(template: str, context: dict) -> bytes:
    return pdf_limited(html_pdf, render_to_string(template, context))


def html_pdf_archival(html: str) -> bytes:
    """The PDF as PDF/A-3b, for documents kept for years (certificates)."""
    return HTML(string=html, url_fetcher=static_fetcher()).write_pdf(pdf_variant="pdf/a-3b")


def pdf_render_archival(template: str, context: dict) -> bytes:
    return pdf_limited(html_pdf_archival, render_to_string(template, context))
