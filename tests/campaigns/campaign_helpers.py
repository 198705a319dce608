"""Helpers for the campaign tests: play an episode through the services."""

from games import engines
from games import services as games_services
from games.bots import choose_move
from games.models import Game

ENGINE = engines.get("my-city")


def play_episode(game_id: int, users: dict, capture, max_steps: int = 500) -> Game:
    """Plays a game to its end: people (seat -> user) through move_submit with the
    computer heuristic, computer players through bots_play. Callbacks registered on
    commit (closing the episode, opening the next) run as they would in production."""
    game = Game.objects.get(pk=game_id)
    for _ in range(max_steps):
        with capture(execute=True):
            game.refresh_from_db()
            if game.status != Game.Status.ACTIVE:
                return game
            games_services.bots_play(game_id=game_id)
            game.refresh_from_db()
            for seat in ENGINE.to_move(game.state):
                user = users.get(seat)
                if user is None:
                    continue
                move = choose_move(ENGINE, game.state, seat, seed=game.version)
                games_services.move_submit(
                    game_id=game_id, user=user, move=move, expected_version=game.version
                )
                game.refresh_from_db()
    raise AssertionError("the episode did not end")


def jump_to_last_episode(campaign, creator, capture) -> Game:
    """Makes the campaign's open episode number 24, on a fresh episode-24 game
    against a computer player (the first episode's game is deleted)."""
    from campaigns.models import Episode

    first = campaign.episodes.get()
    game = games_services.game_create(
        creator=creator,
        engine_slug="my-city",
        num_players=2,
        options={"mode": "campaign", "episode": 24},
        visibility=Game.Visibility.PRIVATE,
    )
    with capture(execute=True):
        games_services.seat_add_bot(game_id=game.pk, user=creator)
    Episode.objects.filter(pk=first.pk).update(number=24, game=game)
    first.game.delete()
    return game


def campaign_with(creator, people, **options):
    """A campaign created by `creator` inviting `people` by their addresses, each
    of whom accepts in turn (taking the places after the computer players)."""
    from campaigns import services
    from campaigns.models import CampaignInvitation

    campaign = services.campaign_create(
        creator=creator, invited_emails=[user.email for user in people], **options
    )
    for user in people:
        invitation = CampaignInvitation.objects.get(
            campaign=campaign, email=user.email.lower()
        )
        services.invitation_accept(invitation_id=invitation.pk, user=user)
    campaign.refresh_from_db()
    return campaign
