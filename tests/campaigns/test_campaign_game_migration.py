"""Campaigns in progress before a campaign named its game go on: migration 0006
gives each the game every campaign was of then, and the next episode opens."""

import pytest
from campaign_helpers import play_episode
from django.core.management import call_command
from django.test import Client

from campaigns import services
from campaigns.models import Campaign
from games import registry


@pytest.mark.django_db(transaction=True)
def test_a_campaign_from_before_its_game_was_named_plays_its_next_episode(
    ana, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    with capture(execute=True):
        campaign = services.campaign_create(creator=ana, num_players=2, bots=1)
    try:
        call_command("migrate", "campaigns", "0005", verbosity=0)
    finally:
        call_command("migrate", verbosity=0)  # forward: the upgrade
    campaign = Campaign.objects.get(pk=campaign.pk)
    (game,) = [s for s in registry.GAMES if s.campaign is not None]
    assert campaign.engine == game.slug
    assert campaign.episodes.get().number == 1
    play_episode(campaign.episodes.get().game.pk, {0: ana}, capture)
    assert sorted(campaign.episodes.values_list("number", flat=True)) == [1, 2]
    client = Client()
    client.force_login(ana)
    assert client.get(campaign.get_absolute_url()).status_code == 200
