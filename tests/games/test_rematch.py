"""A rematch: after a game, its players get a new table like it, in one click."""

import pytest
from django.urls import reverse
from page_helpers import login, play_to_the_end

from games import engines, services
from games.errors import Refused
from games.models import Game

pytestmark = pytest.mark.django_db
ENGINE = engines.get("lost-cities")


@pytest.fixture
def finished(ana, ben):
    """A finished private Lost Cities game (6 expeditions) with a time per move."""
    from datetime import timedelta

    game = services.game_create(
        creator=ana,
        engine_slug="lost-cities",
        num_players=2,
        options={"rounds": 1, "expeditions": 6},
        visibility=Game.Visibility.PRIVATE,
        time_per_move=timedelta(days=2),
    )
    services.seat_join(game_id=game.pk, user=ben)
    game.refresh_from_db()
    users = {s.position: s.user for s in game.seats.all()}
    return play_to_the_end(game, users)


def test_a_rematch_copies_the_game_and_its_table_settings(finished, ana, ben):
    """Same game, options, visibility and time per move; the one who asks sits
    first and the table waits for the other player."""
    rematch = services.game_rematch(game_id=finished.pk, user=ben)
    assert rematch.pk != finished.pk and rematch.rematch_of_id == finished.pk
    assert (rematch.engine, rematch.num_players) == ("lost-cities", 2)
    assert rematch.options == finished.options
    assert rematch.visibility == Game.Visibility.PRIVATE
    assert rematch.invite_token != finished.invite_token
    assert rematch.time_per_move == finished.time_per_move
    assert rematch.status == Game.Status.OPEN
    assert [(s.position, s.user) for s in rematch.seats.all()] == [(0, ben)]


def test_asking_twice_gives_the_same_table(finished, ana, ben):
    """A double click, or both players asking: one rematch per game."""
    first = services.game_rematch(game_id=finished.pk, user=ana)
    again = services.game_rematch(game_id=finished.pk, user=ana)
    other = services.game_rematch(game_id=finished.pk, user=ben)
    assert first.pk == again.pk == other.pk
    assert Game.objects.filter(rematch_of=finished).count() == 1


def test_only_players_of_a_finished_game_can_ask(
    finished, lost_cities_game, make_user, ana
):
    stranger = make_user("Cleo")
    with pytest.raises(Refused, match="Only the players"):
        services.game_rematch(game_id=finished.pk, user=stranger)
    with pytest.raises(Refused, match="not over"):
        services.game_rematch(game_id=lost_cities_game.pk, user=ana)
    assert not Game.objects.filter(rematch_of__isnull=False).exists()


def test_a_rematch_against_the_computer_starts_at_once(ana):
    """The computer player sits again: the table is full and the game starts."""
    game = services.game_create(
        creator=ana, engine_slug="lost-cities", num_players=2, options={}
    )
    services.seat_add_bot(game_id=game.pk, user=ana)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    rematch = services.game_rematch(game_id=game.pk, user=ana)
    rematch.refresh_from_db()
    assert rematch.status == Game.Status.ACTIVE
    seats = list(rematch.seats.all())
    assert seats[0].user == ana and seats[1].is_bot


def test_a_campaign_episode_has_no_rematch(ana):
    game = services.game_create(
        creator=ana,
        engine_slug="my-city",
        num_players=2,
        options={"mode": "campaign", "episode": 1},
    )
    services.seat_add_bot(game_id=game.pk, user=ana)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    with pytest.raises(Refused, match="campaign"):
        services.game_rematch(game_id=game.pk, user=ana)
    page = login(ana).get(game.get_absolute_url()).content.decode()
    assert "Offer a rematch" not in page


def test_the_pages_offer_the_rematch_and_the_other_player_joins(finished, ana, ben):
    """Ana offers it from the finished game's page; Ben sees her offer there and
    in "My games", joins with one POST, and the game starts."""
    a, b = login(ana), login(ben)
    page = a.get(finished.get_absolute_url()).content.decode()
    assert "Offer a rematch" in page
    response = a.post(reverse("games:rematch", args=[finished.pk]))
    rematch = Game.objects.get(rematch_of=finished)
    assert response.status_code == 302
    assert response["Location"] == (
        f"{rematch.get_absolute_url()}?invite={rematch.invite_token}"
    )
    assert "Go to the rematch" in a.get(finished.get_absolute_url()).content.decode()

    offer = b.get(finished.get_absolute_url()).content.decode()
    assert "Ana offers a rematch: join" in offer
    assert rematch.invite_token in offer
    mine = b.get(reverse("games:my_games")).content.decode()
    assert f'data-rematch="{rematch.pk}"' in mine
    assert "Ana offers a rematch of Lost Cities" in mine

    joined = b.post(
        reverse("games:join", args=[rematch.pk]), {"invite": rematch.invite_token}
    )
    assert joined.status_code == 302
    rematch.refresh_from_db()
    assert rematch.status == Game.Status.ACTIVE
    assert 'data-rematch="' not in b.get(reverse("games:my_games")).content.decode()


def test_a_spectator_sees_no_rematch_nor_its_invitation(ana, ben, make_user):
    """A public game's finished page shows the offer to its players only: a
    spectator never gets the private rematch's invitation token."""
    game = services.game_create(
        creator=ana, engine_slug="lost-cities", num_players=2, options={}
    )
    services.seat_join(game_id=game.pk, user=ben)
    game.refresh_from_db()
    game = play_to_the_end(game, {s.position: s.user for s in game.seats.all()})
    rematch = services.game_rematch(game_id=game.pk, user=ana)
    spectator = login(make_user("Cleo"))
    page = spectator.get(game.get_absolute_url()).content.decode()
    assert "rematch" not in page.lower()
    assert rematch.invite_token not in page


def test_a_rematch_needs_a_post_with_the_csrf_token(finished, ana):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(ana)
    assert client.get(reverse("games:rematch", args=[finished.pk])).status_code == 405
    assert client.post(reverse("games:rematch", args=[finished.pk])).status_code == 403
    assert not Game.objects.filter(rematch_of=finished).exists()


def test_the_offer_is_in_the_readers_language(finished, ana, ben):
    ben.language = "fr"
    ben.save(update_fields=["language"])
    services.game_rematch(game_id=finished.pk, user=ana)
    page = login(ben).get(finished.get_absolute_url()).content.decode()
    assert "Ana propose une revanche : rejoindre" in page
    mine = login(ben).get(reverse("games:my_games")).content.decode()
    assert (
        "Revanches qu&#x27;on vous propose" in mine
        or "Revanches qu'on vous propose" in mine
    )


def test_the_other_player_gets_an_email_with_a_link_to_join(
    finished, ana, ben, django_capture_on_commit_callbacks
):
    """One email to each other person of the game (not to the one who asks),
    naming who offers it, with a link that opens the private table."""
    from django.core import mail

    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        rematch = services.game_rematch(game_id=finished.pk, user=ana)
    assert [m.to for m in mail.outbox] == [[ben.email]]
    message = mail.outbox[0]
    assert message.subject == "Ana offers you a rematch of Lost Cities"
    link = f"/games/{rematch.pk}/?invite={rematch.invite_token}"
    assert link in message.body
    assert "List-Unsubscribe" in message.extra_headers
    page = login(ben).get(link).content.decode()
    assert f'action="/games/{rematch.pk}/join"' in page
    with django_capture_on_commit_callbacks(execute=True):
        services.game_rematch(game_id=finished.pk, user=ben)  # already offered
    assert len(mail.outbox) == 1


def test_no_rematch_email_when_results_emails_are_off_or_already_joined(
    finished, ana, ben, django_capture_on_commit_callbacks
):
    from django.core import mail

    from games.models import Notification
    from games.notifications import sending

    ben.game_over_emails = False
    ben.save(update_fields=["game_over_emails"])
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.game_rematch(game_id=finished.pk, user=ana)
    assert mail.outbox == []
    # Taken again, and joined before the email goes out: skipped, not sent.
    ben.game_over_emails = True
    ben.save(update_fields=["game_over_emails"])
    rematch = Game.objects.get(rematch_of=finished)
    row = Notification.objects.create(
        user=ben, game=rematch, kind=Notification.Kind.REMATCH
    )
    services.seat_join(game_id=rematch.pk, user=ben)
    assert sending.notification_send(notification_id=row.pk) == "skipped"
    assert mail.outbox == []


def test_the_rematch_email_is_in_the_readers_language(
    finished, ana, ben, django_capture_on_commit_callbacks
):
    from django.core import mail

    ben.language = "fr"
    ben.save(update_fields=["language"])
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.game_rematch(game_id=finished.pk, user=ana)
    assert mail.outbox[0].subject == (
        "Ana vous propose une revanche : Les Cités perdues"
    )
    assert "Rejoindre la table" in mail.outbox[0].body


def _poll_url(page: str) -> str:
    import html
    import re

    match = re.search(r'<section id="board"[^>]*hx-get="([^"]+)"', page)
    return html.unescape(match.group(1)) if match else ""


def test_the_finished_page_learns_of_the_rematch_without_a_reload(
    finished, ana, ben, django_assert_max_num_queries
):
    """The finished game's page polls (every 10 s) with the mark of what it
    shows of the rematch: nothing (204) until it changes, then the board, with
    the offer to Ben and, once he has joined, the way to it for Ana."""
    a, b = login(ana), login(ben)
    ben_poll = _poll_url(b.get(finished.get_absolute_url()).content.decode())
    ana_poll = _poll_url(a.get(finished.get_absolute_url()).content.decode())
    assert ben_poll.endswith(f"?version={finished.version}&rematch=none")
    with django_assert_max_num_queries(5):
        assert b.get(ben_poll).status_code == 204
    assert a.post(reverse("games:rematch", args=[finished.pk])).status_code == 302
    rematch = Game.objects.get(rematch_of=finished)

    offered = b.get(ben_poll)
    assert offered.status_code == 200
    page = offered.content.decode()
    assert "Ana offers a rematch: join" in page
    ben_poll = _poll_url(page)
    assert ben_poll.endswith(f"&rematch={rematch.pk}-open-0")
    assert b.get(ben_poll).status_code == 204  # nothing new since

    ana_poll = _poll_url(a.get(finished.get_absolute_url()).content.decode())
    b.post(reverse("games:join", args=[rematch.pk]), {"invite": rematch.invite_token})
    started = a.get(ana_poll)
    assert started.status_code == 200
    assert "Go to the rematch" in started.content.decode()
    assert b.get(ben_poll).status_code == 200  # now Ben's to go to as well


def test_a_spectators_finished_page_does_not_poll(finished, make_user):
    from games.models import Game as G

    G.objects.filter(pk=finished.pk).update(visibility=G.Visibility.PUBLIC)
    page = login(make_user("Cleo")).get(finished.get_absolute_url()).content.decode()
    assert _poll_url(page) == ""
