"""A campaign names its game (`Campaign.engine`): every campaign so far is of
My City. The episodes' numbers are bounded by the game's campaign, not here."""

import campaigns.models
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('campaigns', '0005_invitation_limits'),
        ('games', '0010_bot_queued_at'),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='episode',
            name='episode_number_in_range',
        ),
        migrations.AddField(
            model_name='campaign',
            name='engine',
            field=models.CharField(default='my-city', max_length=32, verbose_name='game'),
            preserve_default=False,
        ),
        migrations.AlterField(
            model_name='campaign',
            name='engine',
            field=models.CharField(default=campaigns.models.default_game, max_length=32, verbose_name='game'),
        ),
        migrations.AlterField(
            model_name='campaign',
            name='chapters',
            field=models.JSONField(blank=True, help_text="Empty for the game's own campaign; or chapters of the players' own, in the format of the game's rules page.", null=True, verbose_name='chapters'),
        ),
        migrations.AddConstraint(
            model_name='episode',
            constraint=models.CheckConstraint(condition=models.Q(('number__gte', 1)), name='episode_number_from_one'),
        ),
    ]
