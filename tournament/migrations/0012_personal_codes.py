"""A player confirms the sheet on the phone with a personal code printed on the own
start card (start numbers are public), and wrong codes are counted per table link.

Every player registered before gets a code of their own: the field is added empty, each row
is given a fresh code, and only then does the field get its default for new players (a
default in the AddField would give every existing player the same code)."""

from django.db import migrations, models

import tournament.models.players


def codes_give(apps, schema_editor):
    player_model = apps.get_model("tournament", "Player")
    players = list(player_model.objects.filter(personal_code="").only("pk"))
    for player in players:
        player.personal_code = tournament.models.players.personal_code_new()
    player_model.objects.bulk_update(players, ["personal_code"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0011_phones"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="personal_code",
            field=models.CharField(
                default="", editable=False, max_length=12, verbose_name="personal code"
            ),
        ),
        migrations.RunPython(codes_give, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="player",
            name="personal_code",
            field=models.CharField(
                default=tournament.models.players.personal_code_new,
                editable=False,
                max_length=12,
                verbose_name="personal code",
            ),
        ),
        migrations.AddField(
            model_name="tablelink",
            name="code_failures",
            field=models.PositiveSmallIntegerField(default=0, verbose_name="wrong personal codes"),
        ),
        migrations.AddField(
            model_name="tablelink",
            name="code_failed_at",
            field=models.DateTimeField(
                blank=True, null=True, verbose_name="last wrong personal code"
            ),
        ),
    ]
