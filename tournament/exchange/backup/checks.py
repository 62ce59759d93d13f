"""Every value of one tournament of a backup checked before anything is written.

The interchange document is read and checked as an import checks it (its structure, the player
ids, the seats, every game by the rules). Every record of the history is checked against the
model fields its values are stored in (`values.value_problem`: types, column ranges, choices,
lengths, validators; kinds.py says which field each value goes to), with the check constraints
of the tournament's settings, its Durchgänge and corrections; the natural keys that must be
unique are (a player id, a start number, a waiting registration's key, a user's one role), and
every reference (a table, a game, a player, a Durchgang) names one of the document. The first
problem refuses the backup, naming the tournament, the field and the value (`BackupError`); a
backup that passes is stored without an error of the database.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, NoReturn

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import models as dj
from django.utils.translation import gettext as _

from rules.contracts import PLAYED
from rules.tablechecks import point_table_problems
from rules.tabledata import PointTableDataError, point_table_from_dict
from scoring.game import GAME_FIELDS, PLAYER_FIELDS
from tournament import models
from tournament.exchange.backup import HISTORY_FORMAT, VERSION, BackupError
from tournament.exchange.backup.dump import SKIPPED_SETTINGS
from tournament.exchange.backup.kinds import REQUIRED_KINDS, Kind, history_kinds, model_field
from tournament.exchange.backup.values import value_problem, value_shown
from tournament.exchange.interchange.importer import document_check
from tournament.exchange.interchange.problems import InterchangeError
from tournament.exchange.interchange.reader import Document


def backup_tournament_check(data: Any, history: Any) -> Document:
    """The interchange document of one tournament of a backup, read and checked with its
    history; `BackupError` naming the first problem."""
    doc = _document(data)
    _History(doc, history).check()
    return doc


def _document(data: Any) -> Document:
    slug = data.get("tournament", {}).get("slug") if isinstance(data, dict) else None
    try:
        checked = document_check(data)
        if checked.problems:
            raise InterchangeError(list(checked.problems))
    except InterchangeError as exc:
        raise BackupError(
            _("The tournament file %(slug)s of the backup is invalid: %(problems)s")
            % {
                "slug": value_shown(slug if isinstance(slug, str) else ""),
                "problems": "; ".join(value_shown(str(p))[1:-1] for p in exc.problems[:10]),
            }
        ) from None
    return checked.doc


def _is_table(value: Any) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) for n in value)
    )


class _History:
    def __init__(self, doc: Document, history: Any):
        self.doc, self.history = doc, history
        self.slug = doc.tournament.slug or doc.tournament.name
        self.players = {p.id for p in doc.players}
        self.tables = {(d.number, t.number) for d in doc.durchgaenge for t in d.tables}

    def fail(self, where: str, value: Any, problem: str) -> NoReturn:
        raise BackupError(
            _(
                "The backup of %(slug)s cannot be restored: %(field)s is %(value)s: "
                "%(problem)s. Nothing was restored."
            )
            % {"slug": self.slug, "field": where, "value": value_shown(value), "problem": problem}
        )

    def check(self) -> None:
        if not isinstance(self.history, dict) or (
            self.history.get("format"),
            self.history.get("version"),
        ) != (HISTORY_FORMAT, VERSION):
            raise BackupError(_("This is no backup of this program (unknown manifest)."))
        self.settings_check()
        self.organiser_check()
        kinds = history_kinds()
        records = {name: self.records(name) for name in kinds}
        for name, kind in kinds.items():
            for i, record in enumerate(records[name]):
                self.record_check(kind, f"{name}[{i}]", record)
        self.keys_check(records)
        self.references_check(records)

    def records(self, name: str) -> list[Any]:
        items = self.history.get(name)
        if items is None and name not in REQUIRED_KINDS:
            return []
        if not isinstance(items, list):
            self.fail(name, items, _("must be a list"))
        return items

    def field_check(self, where: str, target: dj.Field, value: Any) -> None:
        problem = value_problem(target, value)
        if problem:
            self.fail(f"{where} ({target.verbose_name})", value, problem)

    def record_check(self, kind: Kind, where: str, record: Any) -> None:
        if not isinstance(record, dict):
            self.fail(where, record, _("must be an object"))
        for key in kind.required:
            if key not in record:
                self.fail(f"{where}.{key}", None, _("is missing"))
        for key, target in kind.fields.items():
            if key in record:
                self.field_check(f"{where}.{key}", target, record[key])
        username = model_field(get_user_model(), "username")
        for key in kind.users:
            if record.get(key) is not None:
                self.field_check(f"{where}.{key}", username, record[key])
        for key in kind.tables:
            if not _is_table(record[key]):
                self.fail(
                    f"{where}.{key}", record[key], _("must name a table as [Durchgang, table]")
                )
        if kind.constraints:
            self.constraints_check(kind.model, where, {k: record.get(k) for k in kind.fields})

    def constraints_check(self, model: type[dj.Model], where: str, values: dict) -> None:
        """The model's check constraints on the values (those that name no other row)."""
        own = {f.name: f for f in model._meta.concrete_fields if not f.is_relation}
        instance = model(**{k: own[k].to_python(v) for k, v in values.items() if k in own})
        relations = {f.name for f in model._meta.concrete_fields if f.is_relation}
        for constraint in model._meta.constraints:
            if not isinstance(constraint, dj.CheckConstraint):
                continue
            try:
                constraint.validate(model, instance, exclude=relations)  # type: ignore[attr-defined]
            except ValidationError:
                shown = {k: v for k, v in values.items() if k in own and k != "proposed"}
                self.fail(where, shown, _("breaks the rule %(rule)s") % {"rule": constraint.name})

    def settings_check(self) -> None:
        settings = self.history.get("settings")
        if not isinstance(settings, dict):
            self.fail("settings", settings, _("must be an object"))
        own = {
            f.name: f
            for f in models.Tournament._meta.concrete_fields
            if f.name not in SKIPPED_SETTINGS and not f.is_relation
        }
        for name, value in settings.items():
            if name in own:
                self.field_check(f"settings.{name}", own[name], value)
        if settings.get("contracts") is not None:
            self.contracts_check(settings["contracts"])
        if settings.get("point_table") is not None:
            self.point_table_check(settings["point_table"])
        self.constraints_check(
            models.Tournament, "settings", {k: v for k, v in settings.items() if k in own}
        )

    def contracts_check(self, contracts: Any) -> None:
        known = [c.value for c in PLAYED]
        if (
            not isinstance(contracts, list)
            or not contracts
            or not all(isinstance(c, str) and c in known for c in contracts)
            or len(set(contracts)) != len(contracts)
        ):
            self.fail(
                "settings.contracts",
                contracts,
                _("must list known contracts, each once (allowed: %(allowed)s)")
                % {"allowed": ", ".join(known)},
            )

    def point_table_check(self, table: Any) -> None:
        try:
            problems = point_table_problems(point_table_from_dict(table))
        except PointTableDataError as error:
            where = f"settings.point_table.{error.field}"
            self.fail(where, table, _("not a point table (%(code)s)") % vars(error))
        except (TypeError, ValueError, AttributeError, KeyError, ArithmeticError):
            self.fail(
                "settings.point_table", table, _("not a point table (%(code)s)") % {"code": "?"}
            )
        if problems:
            problem = problems[0]
            where = f"settings.point_table.{problem.field}"
            self.fail(where, table, _("not usable (%(code)s)") % vars(problem))

    def organiser_check(self) -> None:
        organiser = self.history.get("organiser")
        if organiser is None:
            return
        if not isinstance(organiser, dict):
            self.fail("organiser", organiser, _("must be an object"))
        for key in ("slug", "name"):
            if key not in organiser:
                self.fail(f"organiser.{key}", None, _("is missing"))
            self.field_check(f"organiser.{key}", model_field(models.Organiser, key), organiser[key])

    def unique(self, name: str, key: str, values: list[Any]) -> None:
        """`values` (of `name`'s records, by `key`) each once."""
        counts = Counter(values)
        for i, value in enumerate(values):
            if counts[value] > 1:
                self.fail(f"{name}[{i}].{key}", value, _("listed twice"))

    def covers(self, name: str, have: set, wanted: list) -> None:
        """Every item of the document has its record in the history."""
        for item in wanted:
            if item not in have:
                self.fail(name, list(item) if isinstance(item, tuple) else item, _("is missing"))

    def keys_check(self, records: dict[str, list[dict]]) -> None:
        players = records["players"]
        self.unique("players", "id", [p["id"] for p in players])
        self.unique("players", "start_number", [p["start_number"] for p in players])
        self.covers("players", {p["id"] for p in players}, [p.id for p in self.doc.players])
        self.unique("users", "username", [u["username"] for u in records["users"]])
        self.unique("memberships", "user", [m["user"] for m in records["memberships"]])
        pending = [p["key"] for p in records["pending_registrations"]]
        self.unique("pending_registrations", "key", pending)
        taken = models.PendingRegistration.objects.filter(key__in=pending).exclude(
            tournament__slug=self.doc.tournament.slug
        )
        for key in taken.values_list("key", flat=True)[:1]:
            where = f"pending_registrations[{pending.index(key)}].key"
            self.fail(where, key, _("is used by another tournament"))
        durchgaenge = {d["number"] for d in records["durchgaenge"]}
        self.covers("durchgaenge", durchgaenge, [d.number for d in self.doc.durchgaenge])
        tables = {tuple(t["table"]) for t in records["tables"]}
        self.covers("tables", tables, sorted(self.tables))
        hands = {(*h["table"], h["number"]) for h in records["hands"]}
        wanted = [
            (d.number, t.number, h.number)
            for d in self.doc.durchgaenge
            for t in d.tables
            for h in t.hands
        ]
        self.covers("hands", hands, wanted)

    def references_check(self, records: dict[str, list[dict]]) -> None:
        for name in ("sheet_events", "corrections"):
            for i, record in enumerate(records[name]):
                if tuple(record["table"]) not in self.tables:
                    self.fail(f"{name}[{i}].table", record["table"], _("no such table"))
        numbers = {d.number for d in self.doc.durchgaenge}
        for i, swap in enumerate(records["seat_swaps"]):
            where = f"seat_swaps[{i}]"
            if swap["durchgang"] not in numbers:
                self.fail(f"{where}.durchgang", swap["durchgang"], _("no such Durchgang"))
            for key in ("first", "second"):
                if swap[key] not in self.players:
                    self.fail(
                        f"{where}.{key}", swap[key], _("unknown player %(id)s") % {"id": swap[key]}
                    )
            if swap["first"] == swap["second"]:
                self.fail(f"{where}.second", swap["second"], _("listed twice"))
        pending = [
            (*c["table"], c["number"])
            for c in records["corrections"]
            if c["status"] == models.Correction.Status.PENDING
        ]
        self.unique("corrections", "number", pending)
        for i, correction in enumerate(records["corrections"]):
            if correction["proposed"] is not None:
                self.proposed_check(f"corrections[{i}].proposed", correction["proposed"])

    def proposed_check(self, where: str, proposed: Any) -> None:
        """A correction's proposed game: the fields of a game, each as a game stores it."""
        if not isinstance(proposed, dict):
            self.fail(where, proposed, _("must be an object"))
        for key in proposed:
            if key not in GAME_FIELDS:
                self.fail(f"{where}.{key}", proposed[key], _("is no field of a game"))
        if "contract" not in proposed:
            self.fail(f"{where}.contract", None, _("is missing"))
        for key in PLAYER_FIELDS:
            value = proposed.get(key)
            if value is not None and (not isinstance(value, str) or value not in self.players):
                self.fail(f"{where}.{key}", value, _("unknown player %(id)s") % {"id": value})
        values = {k: v for k, v in proposed.items() if k not in PLAYER_FIELDS}
        for key, value in values.items():
            target = model_field(models.Hand, key)
            if key == "suit" and value is None:
                continue
            self.field_check(f"{where}.{key}", target, value)
        self.constraints_check(models.Hand, where, values)


#: The compression methods Python's zipfile reads (stored, deflated, bzip2, LZMA).
READABLE_COMPRESSION = {0, 8, 12, 14}


def members_readable(infos: list) -> None:
    """Every member of the archive is one this program can read: not encrypted, compressed by
    a method Python's zipfile knows (a backup of ours is deflated)."""
    for info in infos:
        if info.flag_bits & 0x1:
            raise BackupError(
                _("The file %(name)s of the backup is encrypted: it cannot be read.")
                % {"name": value_shown(info.filename)}
            )
        if info.compress_type not in READABLE_COMPRESSION:
            raise BackupError(
                _(
                    "The file %(name)s of the backup is compressed by an unknown method "
                    "(%(method)s)."
                )
                % {"name": value_shown(info.filename), "method": info.compress_type}
            )


class DuplicateKey(ValueError):
    """A JSON object of a member names one key twice (JSON readers differ in which they take)."""

    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


def pairs_unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are each once (`json.loads`' `object_pairs_hook`)."""
    out = dict(pairs)
    if len(out) != len(pairs):
        raise DuplicateKey(next(k for k, n in Counter(k for k, _v in pairs).items() if n > 1))
    return out


def duplicate_key_error(member: str, error: DuplicateKey) -> BackupError:
    return BackupError(
        _("The file %(name)s of the backup names the key %(key)s twice in one object.")
        % {"name": value_shown(member), "key": value_shown(error.key)}
    )
