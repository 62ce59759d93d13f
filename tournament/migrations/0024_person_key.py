"""The person's key in interchange files: a key of its own for every person there is."""

import secrets

from django.db import migrations, models

import tournament.models.persons


def keys_give(apps, schema_editor):
    Person = apps.get_model("tournament", "Person")
    for person in Person.objects.only("pk"):
        Person.objects.filter(pk=person.pk).update(key=secrets.token_hex(8))


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0023_seasons"),
    ]

    operations = [
        migrations.AddField(
            model_name="person",
            name="key",
            field=models.CharField(
                db_index=True,
                default=tournament.models.persons.person_key_new,
                editable=False,
                help_text="Names the person in interchange files, the same in every file.",
                max_length=64,
                verbose_name="key",
            ),
        ),
        migrations.RunPython(keys_give, migrations.RunPython.noop),
    ]
