"""Separate from 0007: PostgreSQL does not alter a table in the transaction that just updated its rows."""

import tournaments.models.rounds
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0007_table_entry'),
    ]

    operations = [
        migrations.AlterField(
            model_name='table',
            name='token',
            field=models.CharField(default=tournaments.models.rounds.new_table_token, editable=False, max_length=32, unique=True, verbose_name='private link'),
        ),
    ]
