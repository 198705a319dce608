"""Carries written before episodes checked their continuity gain what the engine
now requires of them: the campaign's name, no stickers yet, and their digest
(games/engines/my_city/options.py, validate_carry_entry). Without this, the next
episode of a campaign in progress would be refused."""

import hashlib
import json

from django.db import migrations


def _digest(carry: dict) -> str:
    # The same as games.engines.my_city.campaign.carry_digest, frozen here.
    body = {k: v for k, v in carry.items() if k != "digest"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def upgrade(apps, schema_editor):
    CampaignPlayer = apps.get_model("campaigns", "CampaignPlayer")
    for player in CampaignPlayer.objects.filter(carry__isnull=False).iterator():
        carry = player.carry
        if not isinstance(carry, dict) or "digest" in carry:
            continue
        carry.setdefault("campaign", f"campaign-{player.campaign_id}")
        carry.setdefault("stickers", [])
        carry.setdefault("history", [])
        carry.setdefault("applied", [])
        carry["digest"] = _digest(carry)
        player.carry = carry
        player.save(update_fields=["carry"])


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0002_invitations")]

    operations = [migrations.RunPython(upgrade, migrations.RunPython.noop)]
