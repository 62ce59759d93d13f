"""A tournament may count in several seasons: `Tournament.season` (one) becomes
`Season.tournaments` (many, related name `seasons`), each tournament's season of before kept.

Backwards a tournament in several seasons keeps one of them (the oldest): the old field holds
only one."""

import django.db.models.deletion
from django.db import migrations, models


def _checked_now(schema_editor):
    """PostgreSQL: run the deferred foreign key checks of the rows written here now, so that the
    schema changes after them in this transaction meet no pending trigger events."""
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")


def forward(apps, schema_editor):
    Tournament = apps.get_model("tournament", "Tournament")
    Season = apps.get_model("tournament", "Season")
    Through = Season.tournaments.through
    rows = Tournament.objects.filter(season__isnull=False).values_list("pk", "season_id")
    Through.objects.bulk_create(
        Through(season_id=season, tournament_id=tournament) for tournament, season in rows
    )
    _checked_now(schema_editor)


def backward(apps, schema_editor):
    Tournament = apps.get_model("tournament", "Tournament")
    Season = apps.get_model("tournament", "Season")
    Through = Season.tournaments.through
    for tournament, season in Through.objects.order_by("-season_id").values_list(
        "tournament_id", "season_id"
    ):
        Tournament.objects.filter(pk=tournament).update(season_id=season)
    _checked_now(schema_editor)


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0028_scoring_freie_punkte"),
    ]

    operations = [
        # The old field's reverse name `tournaments` is the new field's name: renamed first.
        migrations.AlterField(
            model_name="tournament",
            name="season",
            field=models.ForeignKey(
                blank=True,
                help_text="The Jahreswertung this tournament counts in.",
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="tournaments_before",
                to="tournament.season",
                verbose_name="season",
            ),
        ),
        migrations.AddField(
            model_name="season",
            name="tournaments",
            field=models.ManyToManyField(
                blank=True,
                related_name="seasons",
                to="tournament.tournament",
                verbose_name="tournaments",
            ),
        ),
        migrations.RunPython(forward, backward),
        migrations.RemoveField(
            model_name="tournament",
            name="season",
        ),
    ]
