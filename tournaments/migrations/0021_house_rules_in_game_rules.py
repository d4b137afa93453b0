"""Every game's house rules in the one JSON field ``Tournament.game_rules``: Keezen's six flags
leave their columns (issue 32, "House rules stored one way for every game"). A Keezen tournament's
flags are moved into ``game_rules`` under their names in keezen-rules.md; a Klaverjassen
tournament's flags are there already."""

from django.db import migrations, models

KEEZEN_FLAGS = ("jack_partner", "jack_own_start", "self_capture", "home_entry", "seven_partner_remainder",
                "seven_max_pawns")
KLAVERJAS_SYSTEMS = ("klaverjas",)


def flags_to_game_rules(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    for tournament in Tournament.objects.exclude(scoring_system__in=KLAVERJAS_SYSTEMS).only("pk", *KEEZEN_FLAGS):
        Tournament.objects.filter(pk=tournament.pk).update(
            game_rules={flag: getattr(tournament, flag) for flag in KEEZEN_FLAGS})


def game_rules_to_flags(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    for tournament in Tournament.objects.exclude(scoring_system__in=KLAVERJAS_SYSTEMS).only("pk", "game_rules"):
        rules = tournament.game_rules if isinstance(tournament.game_rules, dict) else {}
        flags = {flag: rules[flag] for flag in KEEZEN_FLAGS if flag in rules}
        Tournament.objects.filter(pk=tournament.pk).update(game_rules={}, **flags)


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0020_missed_rounds_backup_key"),
    ]

    operations = [
        migrations.RunPython(flags_to_game_rules, game_rules_to_flags),
        migrations.RemoveConstraint(
            model_name="tournament",
            name="tournament_flag_values",
        ),
        migrations.RemoveField(model_name="tournament", name="home_entry"),
        migrations.RemoveField(model_name="tournament", name="jack_own_start"),
        migrations.RemoveField(model_name="tournament", name="jack_partner"),
        migrations.RemoveField(model_name="tournament", name="self_capture"),
        migrations.RemoveField(model_name="tournament", name="seven_max_pawns"),
        migrations.RemoveField(model_name="tournament", name="seven_partner_remainder"),
        migrations.AlterField(
            model_name="tournament",
            name="game_rules",
            field=models.JSONField(blank=True, default=dict,
                                   help_text="The game's house-rule flags; a flag left out has the rules' default.",
                                   verbose_name="house rules of the game"),
        ),
    ]
