"""Issue 31: how teams that missed rounds are ranked, and a backup folder keyed by a key that never changes."""

from django.db import migrations, models

import tournaments.models.registration


def give_keys(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    for tournament in Tournament.objects.filter(backup_key__isnull=True).only("pk"):
        tournament.backup_key = tournaments.models.registration.new_backup_key()
        tournament.save(update_fields=["backup_key"])


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0019_player_person"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="missed_rounds",
            field=models.CharField(
                choices=[
                    ("ranked", "Ranked with the others; the booby prize only for a team that played every round"),
                    ("apart", "Ranked after the teams that played every round"),
                    ("no-prizes", "Ranked, but no prize (no place, category or booby prize)"),
                ],
                default="ranked", help_text="A team that never played is always listed after the others, marked “did not play”.",
                max_length=10, verbose_name="teams that missed rounds",
            ),
        ),
        migrations.AddField(
            model_name="tournament",
            name="backup_key",
            field=models.CharField(editable=False, max_length=32, null=True, verbose_name="backup key"),
        ),
        migrations.RunPython(give_keys, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="tournament",
            name="backup_key",
            field=models.CharField(
                default=tournaments.models.registration.new_backup_key, editable=False, max_length=32,
                unique=True, verbose_name="backup key",
            ),
        ),
    ]
