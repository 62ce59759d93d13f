"""What the restore's confirmation page says of a backup: where it comes from, what the
restore replaces (counts, games), every field of a player or setting it changes, and the options
the supervisor may tick (roles, names published as fully as the backup says)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.exchange.backup.replace import BackupRole, ReplacePreview
from tournament.exchange.backup.signature import Origin
from tournament.web.confirm import PreviewOption, PreviewTable

ROLE_FIELD = "rolle"
PUBLICATION_FIELD = "namen"
FULLER = "wie-in-der-sicherung"


def origin_line(origin: Origin) -> str:
    if origin is Origin.HERE:
        return _("The backup is signed by this installation.")
    if origin is Origin.ALTERED:
        return _(
            "The backup's signature does not match: it was changed after it was written. It is "
            "restored like a backup of another installation: tournament data only, without "
            "roles and without the user names of its history."
        )
    return _(
        "The backup is not signed by this installation (another installation, or written "
        "before backups were signed): tournament data only, without roles and without the "
        "user names of its history."
    )


def restore_lines(p: ReplacePreview, filename: str) -> list[str]:
    lines = [
        _(
            "The tournament %(name)s is replaced: now %(now)s games, after the restore "
            "%(after)s games."
        )
        % {"name": p.name, "now": p.now.games, "after": p.after.games},
        origin_line(p.origin),
        _(
            "The tournament stays with the organiser %(organiser)s, in its seasons, with its "
            "prize list."
        )
        % {"organiser": p.organiser},
    ]
    if p.backup_organiser:
        lines.append(
            _("The backup names the organiser %(organiser)s: that is not taken over.")
            % {"organiser": p.backup_organiser}
        )
    parts = []
    if p.games_lost:
        parts.append(
            ngettext(
                "%(count)s game entered since the backup is lost",
                "%(count)s games entered since the backup are lost",
                p.games_lost,
            )
            % {"count": p.games_lost}
        )
    if p.games_changed:
        parts.append(
            ngettext(
                "%(count)s game goes back to its state in the backup",
                "%(count)s games go back to their state in the backup",
                p.games_changed,
            )
            % {"count": p.games_changed}
        )
    if p.games_added:
        parts.append(
            ngettext(
                "%(count)s game deleted since comes back",
                "%(count)s games deleted since come back",
                p.games_added,
            )
            % {"count": p.games_added}
        )
    lines.append("; ".join(parts) + "." if parts else _("The games are the same as in the backup."))
    if p.links:
        lines.append(
            ngettext(
                "The phone link of %(count)s table stops working; issue a new one afterwards.",
                "The phone links of %(count)s tables stop working; issue new ones afterwards.",
                p.links,
            )
            % {"count": p.links}
        )
    lines.append(
        _("The roles of now stay: %(roles)s.")
        % {"roles": ", ".join(f"{user} ({role})" for user, role in p.roles_now) or "–"}
    )
    if not p.person_changes:
        lines.append(_("Every player stays linked to the same person of the register."))
    if not p.player_changes:
        lines.append(_("The players' data stay as they are now."))
    if not p.setting_changes:
        lines.append(_("The settings stay as they are now."))
    if filename:
        lines.append(_("Backup file: %(name)s") % {"name": filename})
    return lines


def restore_tables(p: ReplacePreview) -> list[PreviewTable]:
    tables = [counts_table(p), *change_tables(p)]
    if p.roles:
        tables.append(
            PreviewTable(
                caption=_("Roles named in the backup"),
                headers=[_("User"), _("Role"), _("Taken over")],
                rows=[(r.username, r.role_display, _taken_over(r)) for r in p.roles],
            )
        )
    if p.person_changes:
        tables.append(
            PreviewTable(
                caption=_("Players whose person of the register changes"),
                headers=[_("No."), _("Player"), _("Person now"), _("Person after the restore")],
                rows=[(c.start_number, c.name, c.before, c.after) for c in p.person_changes],
                numeric=frozenset({0}),
            )
        )
    return tables


def restore_options(p: ReplacePreview) -> list[PreviewOption]:
    """The roles of the backup that can be taken over, and, when the backup would publish names
    more fully than the players chose now, that choice: none ticked at first."""
    options = [
        PreviewOption(
            ROLE_FIELD,
            role.username,
            _("%(user)s as %(role)s") % {"user": role.username, "role": role.role_display},
        )
        for role in p.roles
        if not role.refused
    ]
    if p.published_fuller:
        label = ngettext(
            "Publish the name of %(count)s player as fully as the backup says (listed above)",
            "Publish the names of %(count)s players as fully as the backup says (listed above)",
            len(p.published_fuller),
        ) % {"count": len(p.published_fuller)}
        options.append(PreviewOption(PUBLICATION_FIELD, FULLER, label))
    return options


def change_tables(p: ReplacePreview) -> list[PreviewTable]:
    """Every field of a player or a setting the restore changes, and the names kept private."""
    tables = []
    if p.published_fuller:
        tables.append(
            PreviewTable(
                caption=_(
                    "Names the backup publishes more fully than the players chose now: they "
                    "stay as now unless ticked below"
                ),
                headers=[_("No."), _("Player")],
                rows=p.published_fuller,
                numeric=frozenset({0}),
            )
        )
    if p.player_changes:
        tables.append(
            PreviewTable(
                caption=_("Players whose data change"),
                headers=[_("Player"), _("Field"), _("now"), _("after the restore")],
                rows=[(c.who, c.field, c.before, c.after) for c in p.player_changes],
            )
        )
    if p.setting_changes:
        tables.append(
            PreviewTable(
                caption=_("Settings that change"),
                headers=[_("Setting"), _("now"), _("after the restore")],
                rows=[(c.field, c.before, c.after) for c in p.setting_changes],
            )
        )
    return tables


def _taken_over(role: BackupRole) -> str:
    if role.refused:
        return _("no: %(why)s") % {"why": role.refused}
    return _("only when ticked below")


def counts_table(p: ReplacePreview) -> PreviewTable:
    rows = [
        (_("Players"), p.now.players, p.after.players),
        (_("Durchgänge"), p.now.durchgaenge, p.after.durchgaenge),
        (_("Games"), p.now.games, p.after.games),
        (_("Closed sheets"), p.now.closed_sheets, p.after.closed_sheets),
        (_("Entries in the history"), p.now.history, p.after.history),
    ]
    return PreviewTable(
        caption=_("The tournament now and after the restore"),
        headers=["", _("now"), _("after the restore")],
        rows=rows,
        numeric=frozenset({1, 2}),
    )
