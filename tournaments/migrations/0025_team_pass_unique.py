"""Separate from 0024: PostgreSQL does not alter a table in the transaction that just updated its rows."""

from django.db import migrations, models

import tournaments.models.registration


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0024_team_pass_and_self_checkin"),
    ]

    operations = [
        migrations.AlterField(
            model_name="team",
            name="pass_token",
            field=models.CharField(default=tournaments.models.registration.new_pass_token, editable=False,
                                   max_length=32, unique=True, verbose_name="team pass"),
        ),
    ]
