"""Campaign pages: creating one, joining by link, the campaign page."""

import json

import pytest
from campaign_helpers import campaign_with, play_episode
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from game_helpers import once

from campaigns import services
from campaigns.models import Campaign, Episode
from games import registry
from games.my_city.engine.chapters import CHAPTERS

pytestmark = pytest.mark.django_db

FORM = {
    "name": "Tuesdays",
    "players": "2",
    "emails": "",
    "bots": "0",
    "time_per_move": "",
}


@pytest.fixture
def capture(django_capture_on_commit_callbacks):
    return django_capture_on_commit_callbacks


def login(user):
    c = Client()
    c.force_login(user)
    return c


def test_create_a_campaign_inviting_a_player_by_email(ana, ben, capture):
    """Inviting Ben by his address (in any case) offers him a place: the campaign
    waits for his answer, and he is told by email where to give it."""
    mail.outbox.clear()
    with capture(execute=True):
        response = login(ana).post(
            reverse("campaigns:new"), {**once(ana), **FORM, "emails": "BEN@example.com"}
        )
    campaign = Campaign.objects.get()
    assert response.status_code == 302 and response.url == campaign.get_absolute_url()
    assert campaign.status == Campaign.Status.OPEN and campaign.chapters is None
    assert [p.user for p in campaign.players.all()] == [ana]
    assert list(campaign.invitations.values_list("email", flat=True)) == [
        "ben@example.com"
    ]
    assert not campaign.episodes.exists()
    [email] = mail.outbox
    assert email.to == ["ben@example.com"] and "Ana invites you" in email.subject
    assert reverse("campaigns:list") in email.body


def test_an_address_that_is_not_one_is_refused(ana):
    """A malformed address: a 400 naming it, nothing created."""
    response = login(ana).post(
        reverse("campaigns:new"),
        {**once(ana), **FORM, "emails": "nobody-at-example.com"},
    )
    assert response.status_code == 400
    assert "nobody-at-example.com is not an email address" in response.content.decode()
    assert not Campaign.objects.exists()


def test_a_group_uploads_its_own_chapters(ana, capture):
    """A JSON file of 8 chapters in the vocabulary becomes the campaign's chapters."""
    own = json.loads(json.dumps(CHAPTERS))
    own[0]["name"] = "Our first envelope"
    own[0]["rules"].append({"kind": "catch_up", "points": 1})
    upload = SimpleUploadedFile(
        "chapters.json", json.dumps(own).encode(), "application/json"
    )
    with capture(execute=True):
        response = login(ana).post(
            reverse("campaigns:new"),
            {**once(ana), **FORM, "bots": "1", "chapters_file": upload},
        )
    assert response.status_code == 302
    campaign = Campaign.objects.get()
    assert campaign.chapters[0]["name"] == "Our first envelope"
    game = campaign.episodes.get().game
    assert game.options["chapters"][0]["name"] == "Our first envelope"
    page = login(ana).get(campaign.get_absolute_url()).content.decode()
    assert "Our first envelope" in page


def test_chapters_outside_the_vocabulary_are_refused(ana):
    """Pasted chapters that are not valid: a 400 with the reason."""
    bad = json.loads(json.dumps(CHAPTERS))[:7]
    response = login(ana).post(
        reverse("campaigns:new"),
        {**once(ana), **FORM, "bots": "1", "chapters_text": json.dumps(bad)},
    )
    assert response.status_code == 400
    assert "8 chapters" in response.content.decode()
    response = login(ana).post(
        reverse("campaigns:new"),
        {**once(ana), **FORM, "bots": "1", "chapters_text": "{not json"},
    )
    assert response.status_code == 400 and not Campaign.objects.exists()


def test_deeply_nested_chapters_are_refused(ana):
    """Chapters nested thousands of levels deep: a 400 saying so, not a 500."""
    response = login(ana).post(
        reverse("campaigns:new"),
        {
            **once(ana),
            **FORM,
            "bots": "1",
            "chapters_text": "[" * 30_000 + "]" * 30_000,
        },
    )
    assert response.status_code == 400
    assert "nested too deeply" in response.content.decode()
    assert not Campaign.objects.exists()


def test_joining_with_the_link(ana, ben, capture):
    """Ben opens the join link, sees the join button and takes the free place."""
    campaign = services.campaign_create(creator=ana, num_players=2)
    b = login(ben)
    response = b.get(reverse("campaigns:invitation", args=[campaign.invite_token]))
    assert response.status_code == 302
    page = b.get(response.url)
    assert page.status_code == 200 and "Join the campaign" in page.content.decode()
    with capture(execute=True):
        response = b.post(
            reverse("campaigns:join", args=[campaign.pk]),
            {"invite": campaign.invite_token},
        )
    assert response.status_code == 302
    campaign.refresh_from_db()
    assert campaign.status == Campaign.Status.ACTIVE


def test_a_stranger_cannot_see_or_join(ana, make_user):
    """Without a place or the link: 404, and a wrong link joins nothing."""
    campaign = services.campaign_create(creator=ana, num_players=2)
    cy = login(make_user("Cy"))
    assert cy.get(campaign.get_absolute_url()).status_code == 404
    response = cy.post(
        reverse("campaigns:join", args=[campaign.pk]), {"invite": "wrong"}
    )
    assert response.status_code == 404
    assert campaign.players.count() == 1


def test_the_campaign_page_shows_progress_standings_boards_rules_and_history(
    ana, capture, django_assert_max_num_queries
):
    """After one episode: the chapters, the circles, both boards, the next
    episode's rules and the first episode's results, in a few queries."""
    with capture(execute=True):
        campaign = services.campaign_create(creator=ana, num_players=2, bots=1)
    play_episode(campaign.episodes.get().game.pk, {0: ana}, capture)
    a = login(ana)
    with django_assert_max_num_queries(12):
        response = a.get(campaign.get_absolute_url())
    body = response.content.decode()
    assert response.status_code == 200
    assert "First stones" in body and "Standings" in body
    assert "The capital" not in body  # a later chapter stays sealed
    # Both boards as they stand, and both as episode 1 ended (the board history).
    assert body.count('class="mc-svg small"') == 4
    assert "Board history" in body and body.count('data-episode="1"') == 2
    assert "Episode 2" in body and "Play episode 2" in body
    first = Episode.objects.get(campaign=campaign, number=1)
    assert first.game.get_absolute_url() in body
    assert "rank" in body
    # The chapter's story and the rules of episode 2, its own rule apart; the
    # stickers earned in episode 1 are in the standings.
    assert "The valley is empty." in body and "The story so far" in body
    assert "This episode only:" in body and 'data-rules="episode"' in body
    assert body.count("Sticker: ") >= 2
    assert 'data-stickers="0"' in body


def test_the_campaign_page_tells_the_story_in_french(ana, capture):
    with capture(execute=True):
        campaign = services.campaign_create(creator=ana, num_players=2, bots=1)
    ana.language = "fr"
    ana.save(update_fields=["language"])
    body = login(ana).get(campaign.get_absolute_url()).content.decode()
    assert "La vallée est vide." in body


def test_the_campaign_page_shows_no_pending_choice(ana, ben, capture):
    """During an episode, Ben's pending placement does not appear on Ana's page."""
    with capture(execute=True):
        campaign = campaign_with(ana, [ben], num_players=2)
    from games import engines
    from games import services as games_services

    game = campaign.episodes.get().game
    engine = engines.get("my-city")
    move = next(m for m in engine.legal_moves(game.state, 1) if m["type"] == "place")
    games_services.move_submit(game_id=game.pk, user=ben, move=move, expected_version=0)
    body = login(ana).get(campaign.get_absolute_url()).content.decode()
    assert 'class="bld' not in body


def test_the_list_and_the_episode_page_link_the_campaign(ana, capture):
    """ "My campaigns" lists it; the episode's game page links back to it."""
    with capture(execute=True):
        campaign = services.campaign_create(
            creator=ana, num_players=2, bots=1, name="Tuesdays"
        )
    a = login(ana)
    assert "Tuesdays" in a.get(reverse("campaigns:list")).content.decode()
    game_page = a.get(campaign.episodes.get().game.get_absolute_url()).content.decode()
    assert campaign.get_absolute_url() in game_page
    assert "episode 1 of 24" in game_page


def test_a_campaign_is_of_a_game_played_as_a_campaign(ana, capture):
    """`?game=` names the game; one that is not played as a campaign is no
    page; the campaign made is of the game the form was of."""
    c = login(ana)
    assert c.get(reverse("campaigns:new") + "?game=no-such-game").status_code == 404
    (other,) = [s for s in registry.GAMES if s.campaign is None][:1]
    assert c.get(reverse("campaigns:new") + f"?game={other.slug}").status_code == 404
    (game,) = [s for s in registry.GAMES if s.campaign is not None]
    url = reverse("campaigns:new") + f"?game={game.slug}"
    page = c.get(url)
    assert page.status_code == 200
    with capture(execute=True):
        response = c.post(url, {**once(ana), **FORM})
    assert response.status_code == 302
    campaign = Campaign.objects.get(name="Tuesdays")
    assert campaign.engine == game.slug and campaign.spec is game
    assert str(Campaign(pk=7, engine=game.slug)) == f"{game.name} campaign #7"
