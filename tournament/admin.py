from django.contrib import admin

from tournament import models
from tournament.services.hands import table_rescore


class PlayerInline(admin.TabularInline):
    model = models.Player
    fk_name = "tournament"
    extra = 0
    fields = ("start_number", "ident", "name", "club", "replaces", "drawn_lot")
    raw_id_fields = ("replaces",)


@admin.register(models.Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "date", "venue", "scoring", "status")
    list_filter = ("status", "scoring")
    search_fields = ("name", "slug", "venue")
    prepopulated_fields = {"slug": ("name",)}


@admin.register(models.Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ("user", "tournament", "role")
    list_filter = ("role",)


@admin.register(models.Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("start_number", "name", "club", "tournament", "replaces")
    list_filter = ("tournament",)
    search_fields = ("name", "club", "ident")
    raw_id_fields = ("replaces",)


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


class SanctionInline(admin.StackedInline):
    model = models.Sanction
    extra = 0
    raw_id_fields = ("offender",)


@admin.register(models.Hand)
class HandAdmin(admin.ModelAdmin):
    """Games are listed here; scores are written by the service, so they are read-only."""

    list_display = ("table", "number", "contract", "suit", "declarer", "won", "struck")
    list_filter = ("contract", "struck", "table__durchgang__tournament")
    raw_id_fields = ("table", "declarer", "partner", "approved_by_user")
    readonly_fields = ("needs_approval", "version")
    inlines = [SanctionInline]

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        table_rescore(form.instance.table)


@admin.register(models.Sanction)
class SanctionAdmin(admin.ModelAdmin):
    list_display = ("hand", "offender", "reason")
    raw_id_fields = ("hand", "offender", "recorded_by")


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
