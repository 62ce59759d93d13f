from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("tournament", "0033_registration_reserved")]

    operations = [
        migrations.AddField(
            model_name="workersign",
            name="hung",
            field=models.PositiveSmallIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="workersign",
            name="hung_since",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="workersign",
            name="pids",
            field=models.CharField(blank=True, max_length=200),
        ),
    ]
