# An evening protects its tournament from being deleted (issue 32: the database's own protection
# instead of a guard in the tournament core that imports seasons).

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('seasons', '0001_initial'),
        ('tournaments', '0019_player_person'),
    ]

    operations = [
        migrations.AlterField(
            model_name='evening',
            name='tournament',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='evenings', to='tournaments.tournament', verbose_name='tournament'),
        ),
    ]
