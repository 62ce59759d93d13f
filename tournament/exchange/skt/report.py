"""What an import of a SchafkopfTurnier database made (or, in a dry run, would make), as lines
of text in the user's language: for the command line and the import page alike."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournament.exchange.skt.importer import SktReport, Tie


def _numbers(numbers: tuple[int, ...]) -> str:
    return ", ".join(str(n) for n in numbers)


def tie_line(tie: Tie) -> str:
    return _(
        "Rank %(rank)s: %(n)s players with %(points)s points and %(soli)s soli. "
        "SchafkopfTurnier ordered them by name (no. %(skt)s), here the lot orders them "
        "(no. %(here)s)."
    ) % {
        "rank": tie.rank,
        "n": len(tie.numbers_skt),
        "points": tie.points,
        "soli": tie.soli,
        "skt": _numbers(tie.numbers_skt),
        "here": _numbers(tie.numbers_here),
    }


def report_lines(report: SktReport) -> list[str]:
    lines = []
    if report.dry_run:
        lines.append(_("Dry run: nothing was stored. This is what the import would make:"))
    how = [p.how for p in report.persons]
    lines.append(
        _(
            "Persons: %(new)s new, %(reused)s already in the register, %(same)s the same "
            "person as another address of the file."
        )
        % {"new": how.count("new"), "reused": how.count("reused"), "same": how.count("same")}
    )
    for person in report.persons:
        values = {"id": person.address_id, "person": f"{person.name}, {person.club}".strip(", ")}
        if person.how == "reused":
            lines.append("  " + _("address %(id)s: %(person)s, from the register") % values)
        elif person.how == "same":
            values["same"] = person.same_as
            lines.append(
                "  " + _("address %(id)s: %(person)s, the same as address %(same)s") % values
            )
    for a, b in report.likely:
        lines.append("  " + _("probably one person, check: %(a)s / %(b)s") % {"a": a, "b": b})
    lines += report.notes
    for t in report.tournaments:
        lines.append(
            _(
                "Tournament %(title)s (%(slug)s): %(players)s players, %(durchgaenge)s "
                "Durchgänge, %(tables)s tables, %(totals)s of them with totals"
            )
            % vars(t)
            + (_(", closed") if t.closed else "")
        )
        lines += ["  " + tie_line(tie) for tie in t.ties]
    return lines
