"""Team passes (a private link per team) and the self check-in window. Teams made before passes
each get their own token here; 0025 then makes the column unique (PostgreSQL does not alter a table
in the transaction that just updated its rows)."""

from django.db import migrations, models

import tournaments.models.registration


def fill_passes(apps, schema_editor):
    Team = apps.get_model("tournaments", "Team")
    for team in Team.objects.filter(pass_token__isnull=True).only("pk"):
        team.pass_token = tournaments.models.registration.new_pass_token()
        team.save(update_fields=["pass_token"])


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0023_sent_actions"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="door_closes_at",
            field=models.DateTimeField(blank=True, editable=False, null=True, verbose_name="self check-in closes at"),
        ),
        migrations.AddField(
            model_name="tournament",
            name="door_opens_at",
            field=models.DateTimeField(blank=True, editable=False, null=True, verbose_name="self check-in opens at"),
        ),
        migrations.AddField(
            model_name="team",
            name="pass_token",
            field=models.CharField(editable=False, max_length=32, null=True, verbose_name="team pass"),
        ),
        migrations.RunPython(fill_passes, migrations.RunPython.noop),
    ]
