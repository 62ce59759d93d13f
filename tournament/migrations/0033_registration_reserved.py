from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0032_skt_preview_job"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="registration_reserved",
            field=models.PositiveIntegerField(
                default=0,
                help_text=(
                    "Of the places, this many last ones are not given by the public form: past "
                    "the others, registrations go onto the waiting list, and the Turnierleitung "
                    "gives these places (a player on the waiting list checked in at the door "
                    "takes a free one). 0: all places by the form."
                ),
                verbose_name="last places only through the Turnierleitung",
            ),
        ),
    ]
