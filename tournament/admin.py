from django.contrib import admin, messages
from django.utils.translation import gettext as _

from tournament import models
from tournament.seasons.services import tournament_seasons_foreign_leave


class PlayerInline(admin.TabularInline):
    model = models.Player
    fk_name = "tournament"
    extra = 0
    fields = ("start_number", "ident", "name", "club", "replaces", "drawn_lot")
    raw_id_fields = ("replaces",)


@admin.register(models.Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "date", "venue", "organiser", "scoring", "status")
    list_filter = ("status", "scoring", "organiser")
    search_fields = ("name", "slug", "venue")
    prepopulated_fields = {"slug": ("name",)}

    def save_model(self, request, obj, form, change):
        """A tournament moved to another organiser leaves the seasons of the one before, whose
        keepers no longer reach it; the message names them."""
        super().save_model(request, obj, form, change)
        if not change or "organiser" not in form.changed_data:
            return
        if left := tournament_seasons_foreign_leave(tournament=obj):
            self.message_user(
                request,
                _(
                    "%(tournament)s now belongs to %(organiser)s and no longer counts in the "
                    "seasons of other organisers: %(seasons)s."
                )
                % {"tournament": obj.name, "organiser": obj.organiser, "seasons": ", ".join(left)},
                messages.WARNING,
            )


@admin.register(models.Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ("user", "tournament", "role")
    list_filter = ("role",)


@admin.register(models.Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("start_number", "name", "club", "tournament", "replaces")
    list_filter = ("tournament",)
    search_fields = ("name", "club", "ident")
    raw_id_fields = ("replaces", "person")


@admin.register(models.Organiser)
class OrganiserAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "region")
    prepopulated_fields = {"slug": ("name",)}
    filter_horizontal = ("staff",)


@admin.register(models.Person)
class PersonAdmin(admin.ModelAdmin):
    """Merging is done on the register's pages, which record it; not here."""

    list_display = ("name", "club", "organiser", "publication", "updated_at")
    list_filter = ("organiser", "publication")
    search_fields = ("name", "club")


class TableInline(admin.TabularInline):
    model = models.Table
    extra = 0


@admin.register(models.Durchgang)
class DurchgangAdmin(admin.ModelAdmin):
    list_display = ("tournament", "number")
    list_filter = ("tournament",)
    inlines = [TableInline]


class SeatInline(admin.TabularInline):
    model = models.Seat
    extra = 0
    raw_id_fields = ("player",)


@admin.register(models.Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("durchgang", "number", "seat_count")
    list_filter = ("durchgang__tournament",)
    inlines = [SeatInline]


@admin.register(models.Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ("table", "position", "player")
    raw_id_fields = ("player", "table", "durchgang")


class ReadOnlyAdmin(admin.ModelAdmin):
    """Games, sanctions and their history change only through the scoresheet pages, which
    validate, rescore and keep the append-only history; the admin shows them."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class SanctionInline(admin.StackedInline):
    model = models.Sanction
    extra = 0
    has_add_permission = has_change_permission = has_delete_permission = (
        ReadOnlyAdmin.has_add_permission
    )


@admin.register(models.Hand)
class HandAdmin(ReadOnlyAdmin):
    list_display = ("table", "number", "contract", "suit", "declarer", "won", "struck")
    list_filter = ("contract", "struck", "table__durchgang__tournament")
    inlines = [SanctionInline]


@admin.register(models.Sanction)
class SanctionAdmin(ReadOnlyAdmin):
    list_display = ("hand", "offender", "reason", "recorded_by", "recorded_at")


@admin.register(models.SheetEvent)
class SheetEventAdmin(ReadOnlyAdmin):
    list_display = ("at", "table", "number", "kind", "user", "reason")
    list_filter = ("kind", "table__durchgang__tournament")


@admin.register(models.Correction)
class CorrectionAdmin(ReadOnlyAdmin):
    list_display = ("requested_at", "table", "number", "status", "requested_by", "decided_by")
    list_filter = ("status", "table__durchgang__tournament")


@admin.register(models.HandScore)
class HandScoreAdmin(admin.ModelAdmin):
    list_display = ("hand", "player", "points")
    list_filter = ("tournament",)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(models.SeatSwap)
class SeatSwapAdmin(admin.ModelAdmin):
    list_display = ("durchgang", "first", "second", "reason", "swapped_by", "swapped_at")
    raw_id_fields = ("first", "second", "durchgang")
