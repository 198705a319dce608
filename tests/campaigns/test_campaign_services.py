"""Campaign services and tasks: creating, opening and closing episodes, carrying
the boards, idempotence, the email, the end of the campaign."""

import json

import pytest
from campaign_helpers import ENGINE, campaign_with, jump_to_last_episode, play_episode
from django.core import mail

from campaigns import episodes, services, tasks
from campaigns.models import Campaign, CampaignPlayer, Episode
from games.errors import NotAllowed, Refused
from games.models import Game
from games.my_city.engine.chapters import CHAPTERS

pytestmark = pytest.mark.django_db


@pytest.fixture
def capture(django_capture_on_commit_callbacks):
    return django_capture_on_commit_callbacks


@pytest.fixture
def duo(ana, capture):
    """Ana and a computer player; episode 1 is open."""
    with capture(execute=True):
        campaign = services.campaign_create(creator=ana, num_players=2, bots=1)
    return campaign


def test_a_full_campaign_starts_and_opens_episode_one(ana, ben, capture):
    """With every place taken, the campaign starts and episode 1 opens as a game
    with one seat per player, in the campaign's order."""
    with capture(execute=True):
        campaign = campaign_with(ana, [ben], num_players=2)
    campaign.refresh_from_db()
    assert campaign.status == Campaign.Status.ACTIVE
    episode = Episode.objects.get(campaign=campaign)
    assert episode.number == 1
    game = episode.game
    assert game.status == Game.Status.ACTIVE and game.options["mode"] == "campaign"
    assert [s.user for s in game.seats.order_by("position")] == [ana, ben]


def test_an_open_campaign_waits_for_its_players(ana, ben, make_user, capture):
    """With free places, nothing opens until the last player joins by the link."""
    with capture(execute=True):
        campaign = campaign_with(ana, [ben], num_players=3)
    assert campaign.status == Campaign.Status.OPEN and not campaign.episodes.exists()
    cy = make_user("Cy")
    with pytest.raises(Refused) as bad:
        services.campaign_join(campaign_id=campaign.pk, user=cy, token="nope")
    assert isinstance(bad.value, NotAllowed)
    with capture(execute=True):
        services.campaign_join(
            campaign_id=campaign.pk, user=cy, token=campaign.invite_token
        )
    campaign.refresh_from_db()
    assert campaign.status == Campaign.Status.ACTIVE
    assert campaign.episodes.get().game.seats.count() == 3
    with pytest.raises(Refused):
        services.campaign_join(
            campaign_id=campaign.pk, user=make_user("Dee"), token=campaign.invite_token
        )


def test_players_and_chapters_are_checked(ana, ben):
    """Too many players, oneself invited, or chapters outside the vocabulary: a
    readable refusal and nothing created."""
    with pytest.raises(Refused):
        services.campaign_create(creator=ana, num_players=5)
    with pytest.raises(Refused):
        services.campaign_create(
            creator=ana, num_players=2, invited_emails=[ben.email], bots=1
        )
    with pytest.raises(Refused):
        services.campaign_create(creator=ana, num_players=2, invited_emails=[ana.email])
    bad = json.loads(json.dumps(CHAPTERS))
    bad[2]["rules"].append({"kind": "earthquake"})
    with pytest.raises(Refused) as refused:
        services.campaign_create(creator=ana, num_players=2, chapters=bad)
    assert "earthquake" in refused.value.message
    assert not Campaign.objects.exists()


def test_a_finished_episode_is_closed_and_the_next_opens_with_the_boards(
    duo, ana, capture
):
    """The end of episode 1 records each player's carry and circles, and episode 2
    starts from the boards as they were saved and reloaded."""
    game = duo.episodes.get().game
    play_episode(game.pk, {0: ana}, capture)
    first = Episode.objects.get(campaign=duo, number=1)
    assert first.closed_at is not None and len(first.results) == 2
    players = list(CampaignPlayer.objects.filter(campaign=duo).order_by("position"))
    outcome = ENGINE.outcome(first.game.state)
    for player in players:
        assert player.carry == outcome[player.position]["carry"]
        assert player.circles == player.carry["circles"]
    won = [row["detail"]["circles_won"] for row in outcome]
    assert sum(p.circles for p in players) == sum(won) >= 2  # 2 to a duel's winner
    assert [r["circles_won"] for r in first.results] == won
    second = Episode.objects.get(campaign=duo, number=2)
    state = second.game.state
    for player in players:
        assert state["players"][player.position]["terrain"] == player.carry["terrain"]
        assert state["players"][player.position]["circles"] == player.circles


def test_closing_an_episode_twice_changes_nothing(duo, ana, capture):
    """A retried close task finds the episode closed and leaves everything as it is."""
    play_episode(duo.episodes.get().game.pk, {0: ana}, capture)
    before = list(
        CampaignPlayer.objects.filter(campaign=duo).values("circles", "carry")
    )
    closed_at = Episode.objects.get(campaign=duo, number=1).closed_at
    with capture(execute=True):
        assert tasks.episode_close_task(duo.pk, 1) is False
        assert episodes.episode_close(campaign_id=duo.pk, number=1) is False
    assert (
        list(CampaignPlayer.objects.filter(campaign=duo).values("circles", "carry"))
        == before
    )
    assert Episode.objects.get(campaign=duo, number=1).closed_at == closed_at
    assert Episode.objects.filter(campaign=duo).count() == 2


def test_opening_twice_opens_one_episode(duo, capture):
    """A duplicated open task returns the episode already open."""
    with capture(execute=True):
        again = tasks.episode_open_next_task(duo.pk)
    assert again == 1
    assert Episode.objects.filter(campaign=duo).count() == 1
    assert Game.objects.count() == 1


def test_an_episode_not_over_is_not_closed(duo):
    """Closing a running episode is refused; the task simply does nothing."""
    with pytest.raises(Refused):
        episodes.episode_close(campaign_id=duo.pk, number=1)
    assert tasks.episode_close_task(duo.pk, 1) is False


def test_the_players_get_one_email_when_an_episode_opens(ana, ben, capture):
    """Each person gets an email naming the episode and its link, once."""
    mail.outbox.clear()
    with capture(execute=True):
        campaign = campaign_with(ana, [ben], num_players=2)
    episode = campaign.episodes.get()
    ours = [m for m in mail.outbox if "campaign is open" in m.subject]
    assert sorted(m.to[0] for m in ours) == [ana.email, ben.email]
    assert "episode 1" in ours[0].subject
    assert episode.game.get_absolute_url() in ours[0].body
    count = len(mail.outbox)
    assert tasks.episode_opened_email_task(episode.pk) == 0
    assert len(mail.outbox) == count


def test_the_email_is_in_each_players_language(ana, make_user, capture):
    """A French player gets the French email."""
    mail.outbox.clear()
    zoe = make_user("Zoe", language="fr")
    with capture(execute=True):
        campaign_with(ana, [zoe], num_players=2)
    to_zoe = [m.subject for m in mail.outbox if m.to == [zoe.email]]
    assert "My City : l'épisode 1 de votre campagne est ouvert" in to_zoe


def test_a_campaign_through_several_episodes_keeps_every_board(ana, capture):
    """Episodes 1 to 7 (chapters 1 to 3) by computer players: every episode ends,
    closes, and the next one starts from the boards saved in the database, with the
    chapter's permanent changes (the wells of chapter 3) added."""
    with capture(execute=True):
        campaign = services.campaign_create(creator=ana, num_players=3, bots=2)
    for number in range(1, 8):
        episode = Episode.objects.get(campaign=campaign, number=number)
        saved = {
            p.position: json.loads(json.dumps(p.carry))
            for p in CampaignPlayer.objects.filter(campaign=campaign)
        }
        state = episode.game.state
        for position, carry in saved.items():
            terrain = state["players"][position]["terrain"]
            if carry is None:
                assert number == 1
                continue
            assert carry["episode"] == number - 1
            if number == 7:  # the wells appear where the board was an empty meadow
                assert terrain[3][3] in "W" + carry["terrain"][3][3]
            else:
                assert terrain == carry["terrain"]
        play_episode(episode.game.pk, {0: ana}, capture)
    circles = sum(
        CampaignPlayer.objects.filter(campaign=campaign).values_list(
            "circles", flat=True
        )
    )
    assert circles >= 7 * 3  # 2 + 1 circles an episode with 3 players (ties share)
    assert (
        Episode.objects.filter(campaign=campaign, closed_at__isnull=False).count() == 7
    )
    assert Episode.objects.get(campaign=campaign, number=8).closed_at is None


def test_the_campaign_ends_after_episode_24(ana, capture):
    """Closing episode 24 finishes the campaign and opens nothing more."""
    with capture(execute=True):
        campaign = services.campaign_create(creator=ana, num_players=2, bots=1)
    game = jump_to_last_episode(campaign, ana, capture)
    play_episode(game.pk, {0: ana}, capture)
    campaign.refresh_from_db()
    assert campaign.status == Campaign.Status.FINISHED
    assert Episode.objects.filter(campaign=campaign).count() == 1
    assert tasks.episode_open_next_task(campaign.pk) is None


def test_chapters_entered_in_the_admin_are_checked(ana):
    """The admin's chapters field refuses chapters outside the vocabulary."""
    from django.core.exceptions import ValidationError

    campaign = services.campaign_create(creator=ana, num_players=2)
    campaign.chapters = [{"name": "Only one", "rules": []}]
    with pytest.raises(ValidationError) as refused:
        campaign.full_clean()
    assert "8 chapters" in str(refused.value)
    campaign.chapters = json.loads(json.dumps(CHAPTERS))
    campaign.full_clean()
