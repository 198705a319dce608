"""Computer players have levels (easy, normal, hard): the one level they had,
"simple", is the normal one now."""

from django.db import migrations


def simple_to_normal(apps, schema_editor):
    apps.get_model("games", "Seat").objects.filter(bot_level="simple").update(
        bot_level="normal"
    )


def normal_to_simple(apps, schema_editor):
    apps.get_model("games", "Seat").objects.filter(bot_level="normal").update(
        bot_level="simple"
    )


class Migration(migrations.Migration):
    dependencies = [("games", "0007_cancelled_table")]

    operations = [migrations.RunPython(simple_to_normal, normal_to_simple)]
