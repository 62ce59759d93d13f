"""The installation's key that signs its backups; the options a job was started with."""

from django.db import migrations, models

import tournament.models.installation


def key_make(apps, schema_editor):
    """The installation's key exists from the start: reading it (a backup's download) never
    writes."""
    InstallationKey = apps.get_model("tournament", "InstallationKey")
    InstallationKey.objects.get_or_create(
        pk=1, defaults={"secret": tournament.models.installation.installation_secret_new()}
    )


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0024_person_key"),
    ]

    operations = [
        migrations.CreateModel(
            name="InstallationKey",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "secret",
                    models.CharField(
                        default=tournament.models.installation.installation_secret_new,
                        editable=False,
                        max_length=64,
                    ),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True, verbose_name="created")),
            ],
            options={
                "verbose_name": "installation key",
                "verbose_name_plural": "installation keys",
            },
        ),
        migrations.RunPython(key_make, migrations.RunPython.noop),
        migrations.AddField(
            model_name="job",
            name="options",
            field=models.JSONField(blank=True, default=dict),
        ),
    ]
