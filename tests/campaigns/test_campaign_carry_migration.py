"""Campaigns in progress before carries named their campaign and held a digest
go on: migration 0003 gives their stored carries what the engine now checks."""

import importlib

import pytest
from django.apps import apps

from accounts.models import User
from campaigns.models import Campaign, CampaignPlayer
from games.my_city.engine.board import CAMPAIGN_TERRAIN
from games.my_city.engine.options import validate_carry_entry

pytestmark = pytest.mark.django_db

# What the engine wrote after episode 1 before continuity was checked.
OLD_CARRY = {
    "episode": 1,
    "terrain": list(CAMPAIGN_TERRAIN),
    "circles": 1,
    "applied": [],
    "history": [{"episode": 1, "score": 31, "rank": 1, "circles": 1}],
}


def test_a_carry_from_before_continuity_opens_the_next_episode():
    upgrade = importlib.import_module(
        "campaigns.migrations.0003_carries_with_continuity"
    ).upgrade
    owner = User.objects.create_user(email="ana@example.com", password=None)
    campaign = Campaign.objects.create(created_by=owner, num_players=2)
    player = CampaignPlayer.objects.create(
        campaign=campaign, position=0, user=owner, carry=dict(OLD_CARRY)
    )
    with pytest.raises(Exception, match="expected the keys"):
        validate_carry_entry(player.carry, 0, 2, f"campaign-{campaign.pk}")
    upgrade(apps, None)
    player.refresh_from_db()
    assert validate_carry_entry(player.carry, 0, 2, f"campaign-{campaign.pk}")
    assert player.carry["terrain"] == OLD_CARRY["terrain"]
    assert player.carry["history"] == OLD_CARRY["history"]
    # Run again, it changes nothing.
    before = dict(player.carry)
    upgrade(apps, None)
    player.refresh_from_db()
    assert player.carry == before
