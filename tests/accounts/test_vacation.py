"""Vacations: declared through the page, within a yearly allowance; they pause
the player's deadlines and the others see them. Time moves with time-machine."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
import time_machine
from django.test import Client
from django.urls import reverse
from game_helpers import timed_game as shared_timed_game

from accounts import services
from accounts.models import User, Vacation
from games import services as game_services
from games import tasks
from games.errors import Refused
from games.models import Game, Seat
from games.services import timeouts, vacations

pytestmark = pytest.mark.django_db
NOW = datetime(2027, 3, 10, 12, 0, tzinfo=UTC)  # a Wednesday, noon UTC


def timed_game(creator, joiner, days=3, policy=Game.TimeoutPolicy.FORFEIT):
    return shared_timed_game(creator, joiner, days=days, policy=policy)


def waiting_seat(game) -> Seat:
    return game.seats.select_related("user").get(to_move=True)


def declare(client, start, end):
    return client.post(
        reverse("accounts:vacation"),
        {"start": start.isoformat(), "end": end.isoformat()},
    )


@pytest.fixture
def clock():
    with time_machine.travel(NOW, tick=False) as traveller:
        yield traveller


@pytest.fixture
def logged_in(clock):
    def login(user):
        client = Client()
        client.force_login(user)
        return client

    return login


def test_declaring_a_vacation_pauses_pending_deadlines_for_its_length(
    ana, ben, clock, logged_in
):
    game = timed_game(ana, ben, days=3)
    seat = waiting_seat(game)
    before = seat.deadline
    response = declare(logged_in(seat.user), date(2027, 3, 11), date(2027, 3, 17))
    assert response.status_code == 302
    seat.refresh_from_db()
    assert seat.deadline == before + timedelta(days=7)
    vacation = Vacation.objects.get()
    assert vacation.days == 7
    assert vacation.starts_at == datetime(2027, 3, 11, tzinfo=UTC)
    assert vacation.ends_at == datetime(2027, 3, 18, tzinfo=UTC)


def test_a_vacation_starting_today_pauses_from_now(ana, ben, clock, logged_in):
    game = timed_game(ana, ben, days=3)
    seat = waiting_seat(game)
    before = seat.deadline
    declare(logged_in(seat.user), date(2027, 3, 10), date(2027, 3, 10))
    seat.refresh_from_db()
    assert seat.deadline == before + timedelta(hours=12)  # noon to midnight


def test_vacation_days_are_the_players_own_days(ana, ben, clock):
    User.objects.filter(pk=ana.pk).update(timezone="Asia/Tokyo")
    ana.refresh_from_db()
    vacation = services.vacation_declare(
        user=ana, start=date(2027, 3, 12), end=date(2027, 3, 12)
    )
    assert vacation.starts_at == datetime(2027, 3, 11, 15, 0, tzinfo=UTC)
    assert vacation.ends_at == datetime(2027, 3, 12, 15, 0, tzinfo=UTC)


def test_no_timeout_and_no_reminder_while_on_vacation(ana, ben, clock):
    """Even a deadline that would have passed during the vacation stays pending
    until the shifted deadline."""
    game = timed_game(ana, ben, days=1)
    seat = waiting_seat(game)
    services.vacation_declare(
        user=seat.user, start=date(2027, 3, 11), end=date(2027, 3, 13)
    )
    clock.move_to(datetime(2027, 3, 12, 12, 0, tzinfo=UTC))  # mid-vacation
    Seat.objects.filter(pk=seat.pk).update(deadline=NOW)  # even if overdue
    vacations.vacations_refresh()
    assert tasks.deadlines_sweep() == 0
    assert tasks.reminders_sweep() == 0
    assert (
        timeouts.seat_timeout(game_id=game.pk, seat_id=seat.pk, version=game.version)
        == "on vacation"
    )
    clock.move_to(datetime(2027, 3, 14, 0, 1, tzinfo=UTC))  # back home
    assert tasks.deadlines_sweep() == 1
    game.refresh_from_db()
    assert game.status == Game.Status.ABANDONED


def test_a_deadline_set_during_a_vacation_skips_it(ana, ben, clock, logged_in):
    """The opponent moves while the player is away: the new deadline counts
    the player's time from the end of the vacation."""
    game = timed_game(ana, ben, days=2)
    mover_seat = waiting_seat(game)
    absent = ben if mover_seat.user == ana else ana
    services.vacation_declare(
        user=absent, start=date(2027, 3, 10), end=date(2027, 3, 12)
    )
    play_turn(game)  # the mover plays a card and draws: the turn passes
    absent_seat = game.seats.get(user=absent)
    assert absent_seat.to_move
    assert absent_seat.deadline == datetime(2027, 3, 13, tzinfo=UTC) + timedelta(days=2)


def test_deadline_skipping_counts_only_time_outside_vacations():
    t0 = datetime(2027, 1, 1, tzinfo=UTC)
    day = timedelta(days=1)
    assert vacations.deadline_skipping(t0, 3 * day, []) == t0 + 3 * day
    # A vacation after the deadline changes nothing; one before it shifts it.
    assert vacations.deadline_skipping(t0, 3 * day, [(t0 + 3 * day, t0 + 9 * day)]) == (
        t0 + 3 * day
    )
    assert vacations.deadline_skipping(t0, 3 * day, [(t0 + day, t0 + 2 * day)]) == (
        t0 + 4 * day
    )
    # Under way now, then another one later: both skipped.
    spans = [(t0 - day, t0 + day), (t0 + 2 * day, t0 + 5 * day)]
    assert vacations.deadline_skipping(t0, 2 * day, spans) == t0 + 6 * day


@pytest.mark.parametrize(
    "case, start, end, message",
    [
        ("past", date(2027, 3, 9), date(2027, 3, 12), "cannot start in the past"),
        ("backwards", date(2027, 3, 20), date(2027, 3, 15), "cannot come before"),
        ("overlap", date(2027, 4, 5), date(2027, 4, 7), "overlaps"),
        ("allowance", date(2027, 6, 1), date(2027, 6, 30), "more than your allowance"),
    ],
)
def test_bad_vacations_are_refused_with_a_message_and_change_nothing(
    ana, ben, clock, logged_in, case, start, end, message
):
    game = timed_game(ana, ben, days=3)
    seat = waiting_seat(game)
    client = logged_in(seat.user)
    assert declare(client, date(2027, 4, 1), date(2027, 4, 6)).status_code == 302
    seat.refresh_from_db()
    deadline = seat.deadline
    response = declare(client, start, end)  # 6 + 30 days > 30
    assert response.status_code == 400
    assert message in response.content.decode()
    assert Vacation.objects.count() == 1
    seat.refresh_from_db()
    assert seat.deadline == deadline


def test_the_allowance_is_counted_per_calendar_year(ana, clock, settings):
    settings.VACATION_DAYS_PER_YEAR = 10
    services.vacation_declare(user=ana, start=date(2027, 12, 25), end=date(2028, 1, 3))
    assert services.vacation_days_used(user=ana, year=2027) == 7
    assert services.vacation_days_used(user=ana, year=2028) == 3
    services.vacation_declare(
        user=ana, start=date(2027, 12, 20), end=date(2027, 12, 21)
    )
    with pytest.raises(Refused, match="1 day of vacation is left for 2027"):
        services.vacation_declare(
            user=ana, start=date(2027, 12, 10), end=date(2027, 12, 11)
        )
    services.vacation_declare(user=ana, start=date(2028, 2, 1), end=date(2028, 2, 7))


def test_the_other_players_see_that_a_player_is_on_vacation(ana, ben, clock, logged_in):
    game = timed_game(ana, ben, days=3)
    services.vacation_declare(user=ben, start=date(2027, 3, 10), end=date(2027, 3, 20))
    client = logged_in(ana)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "on vacation (back 21 Mar)" in page
    mine = client.get(reverse("games:my_games")).content.decode()
    assert "(on vacation)" in mine
    clock.move_to(datetime(2027, 3, 21, 1, 0, tzinfo=UTC))
    client = logged_in(ana)
    assert "on vacation" not in client.get(game.get_absolute_url()).content.decode()


def test_a_future_vacation_shows_once_it_begins_and_the_next_one_after(ana, clock):
    services.vacation_declare(user=ana, start=date(2027, 3, 12), end=date(2027, 3, 13))
    services.vacation_declare(user=ana, start=date(2027, 4, 1), end=date(2027, 4, 2))
    ana.refresh_from_db()
    assert not ana.on_vacation
    assert ana.away_from == datetime(2027, 3, 12, tzinfo=UTC)
    clock.move_to(datetime(2027, 3, 12, 8, 0, tzinfo=UTC))
    ana.refresh_from_db()
    assert ana.on_vacation
    clock.move_to(datetime(2027, 3, 20, tzinfo=UTC))
    assert vacations.vacations_refresh() == 1
    ana.refresh_from_db()
    assert ana.away_from == datetime(2027, 4, 1, tzinfo=UTC)
    assert not ana.on_vacation


def test_cancelling_a_vacation_gives_the_deadlines_back(ana, ben, clock, logged_in):
    game = timed_game(ana, ben, days=3)
    seat = waiting_seat(game)
    before = seat.deadline
    client = logged_in(seat.user)
    declare(client, date(2027, 3, 11), date(2027, 3, 14))
    vacation = Vacation.objects.get()
    page = client.get(reverse("accounts:vacation")).content.decode()
    assert "4 of 30 days used in 2027." in page
    response = client.post(reverse("accounts:vacation_cancel", args=[vacation.pk]))
    assert response.status_code == 302
    seat.refresh_from_db()
    assert seat.deadline == before
    assert not Vacation.objects.exists()
    seat.user.refresh_from_db()
    assert seat.user.away_from is None


def test_a_vacation_under_way_cannot_be_cancelled(ana, clock, logged_in):
    vacation = services.vacation_declare(
        user=ana, start=date(2027, 3, 10), end=date(2027, 3, 11)
    )
    client = logged_in(ana)
    client.post(reverse("accounts:vacation_cancel", args=[vacation.pk]))
    assert Vacation.objects.filter(pk=vacation.pk).exists()


def test_another_players_vacation_cannot_be_cancelled(ana, ben, clock, logged_in):
    vacation = services.vacation_declare(
        user=ben, start=date(2027, 3, 15), end=date(2027, 3, 16)
    )
    logged_in(ana).post(reverse("accounts:vacation_cancel", args=[vacation.pk]))
    assert Vacation.objects.filter(pk=vacation.pk).exists()


def test_the_vacation_page_needs_a_login(client):
    response = client.get(reverse("accounts:vacation"))
    assert response.status_code == 302 and "/login" in response["Location"]


# --- "I'm back": ending a vacation under way --------------------------------------


def end(client, vacation, **kw):
    return client.post(reverse("accounts:vacation_end", args=[vacation.pk]), **kw)


def play_turn(game):
    """Whoever is to move plays a card and draws: the turn passes."""
    from games import engines

    engine = engines.get("lost-cities")
    mover_seat = game.seats.select_related("user").get(to_move=True)
    for _ in range(2):
        game.refresh_from_db()
        move = engine.legal_moves(game.state, mover_seat.position)[0]
        game_services.move_submit(
            game_id=game.pk,
            user=mover_seat.user,
            move=move,
            expected_version=game.version,
        )
    game.refresh_from_db()


def test_ending_a_vacation_under_way_gives_back_the_unused_days(ana, clock, logged_in):
    client = logged_in(ana)
    declare(client, date(2027, 3, 10), date(2027, 3, 19))
    vacation = Vacation.objects.get()
    page = client.get(reverse("accounts:vacation")).content.decode()
    assert "10 of 30 days used in 2027." in page
    assert f'data-vacation-end="{vacation.pk}"' in page
    clock.move_to(datetime(2027, 3, 12, 15, 0, tzinfo=UTC))
    response = end(client, vacation, follow=True)
    assert "7 unused days are back in your allowance" in response.content.decode()
    vacation.refresh_from_db()
    assert vacation.end == date(2027, 3, 12)  # the day begun away counts
    assert vacation.ends_at == datetime(2027, 3, 12, 15, 0, tzinfo=UTC)
    assert services.vacation_days_used(user=ana, year=2027) == 3
    page = client.get(reverse("accounts:vacation")).content.decode()
    assert "3 of 30 days used in 2027." in page
    ana.refresh_from_db()
    assert (ana.away_from, ana.away_until) == (None, None)
    assert not ana.on_vacation
    # The days given back can be taken again.
    services.vacation_declare(user=ana, start=date(2027, 5, 1), end=date(2027, 5, 27))


def test_coming_back_restarts_each_clock_with_the_time_it_had_left(
    ana, ben, clock, logged_in
):
    """A turn pending when the vacation began gets back what was left of it then;
    a turn that came during the vacation gets the whole time per move; both
    counted from the moment the player is back."""
    pending = waiting_seat(timed_game(ana, ben, days=3))  # due 13 Mar noon
    absent = pending.user
    other = ana if absent == ben else ben
    later_game = timed_game(absent, other, days=2)
    if waiting_seat(later_game).user == absent:  # who begins is drawn
        play_turn(later_game)
    client = logged_in(absent)
    declare(client, date(2027, 3, 11), date(2027, 3, 20))  # to 21 Mar 00:00
    vacation = Vacation.objects.get()
    pending.refresh_from_db()
    assert pending.deadline == datetime(2027, 3, 23, 12, 0, tzinfo=UTC)
    clock.move_to(datetime(2027, 3, 12, 8, 0, tzinfo=UTC))
    play_turn(later_game)  # `other` plays during the vacation
    came = waiting_seat(later_game)
    assert came.user == absent
    assert came.deadline == datetime(2027, 3, 23, tzinfo=UTC)  # skips the vacation
    back = datetime(2027, 3, 15, 9, 0, tzinfo=UTC)
    clock.move_to(back)
    assert end(client, vacation).status_code == 302
    pending.refresh_from_db()
    came.refresh_from_db()
    # 11 Mar 00:00 stopped a clock due 13 Mar noon: 2.5 days were left.
    assert pending.deadline == back + timedelta(days=2, hours=12)
    assert came.deadline == back + timedelta(days=2)
    # The player's clocks run again: once past the new deadline the timeout comes.
    clock.move_to(back + timedelta(days=2, minutes=1))
    assert tasks.deadlines_sweep() == 1


def test_coming_back_early_still_skips_a_later_vacation(ana, ben, clock, logged_in):
    seat = waiting_seat(timed_game(ana, ben, days=3))  # due 13 Mar noon
    client = logged_in(seat.user)
    declare(client, date(2027, 3, 11), date(2027, 3, 13))  # to 14 Mar 00:00
    declare(client, date(2027, 3, 15), date(2027, 3, 16))  # 15 Mar to 17 Mar
    seat.refresh_from_db()
    # 2.5 days left on 11 Mar: 1 day runs on the 14th, 1.5 days after the 17th.
    assert seat.deadline == datetime(2027, 3, 18, 12, 0, tzinfo=UTC)
    clock.move_to(datetime(2027, 3, 12, 18, 0, tzinfo=UTC))
    end(client, Vacation.objects.order_by("starts_at").first())
    seat.refresh_from_db()
    # From 12 Mar 18:00, 2.25 days run until the 15th, the last 0.25 after the 17th.
    assert seat.deadline == datetime(2027, 3, 17, 6, 0, tzinfo=UTC)
    seat.user.refresh_from_db()
    assert seat.user.away_from == datetime(2027, 3, 15, tzinfo=UTC)


def test_a_stranger_cannot_end_someone_elses_vacation(ana, ben, clock, logged_in):
    seat = waiting_seat(timed_game(ana, ben, days=3))
    owner = seat.user
    stranger = ana if owner == ben else ben
    vacation = services.vacation_declare(
        user=owner, start=date(2027, 3, 10), end=date(2027, 3, 15)
    )
    seat.refresh_from_db()
    deadline = seat.deadline
    clock.move_to(datetime(2027, 3, 12, tzinfo=UTC))
    assert end(logged_in(stranger), vacation).status_code == 404
    fresh = Vacation.objects.get(pk=vacation.pk)
    assert (fresh.end, fresh.ends_at) == (vacation.end, vacation.ends_at)
    seat.refresh_from_db()
    assert seat.deadline == deadline
    owner.refresh_from_db()
    assert owner.on_vacation


def test_ending_a_vacation_needs_a_post_with_the_csrf_token(ana, clock):
    vacation = services.vacation_declare(
        user=ana, start=date(2027, 3, 10), end=date(2027, 3, 15)
    )
    client = Client(enforce_csrf_checks=True)
    client.force_login(ana)
    url = reverse("accounts:vacation_end", args=[vacation.pk])
    assert client.get(url).status_code == 405
    assert client.post(url).status_code == 403
    assert Vacation.objects.get().ends_at == vacation.ends_at


@pytest.mark.parametrize(
    "case, message",
    [
        ("twice", "already over"),
        ("finished", "already over"),
        ("future", "has not begun yet"),
    ],
)
def test_ending_a_vacation_not_under_way_is_refused_and_changes_nothing(
    ana, ben, clock, logged_in, case, message
):
    seat = waiting_seat(timed_game(ana, ben, days=3))
    client = logged_in(seat.user)
    if case == "future":
        declare(client, date(2027, 3, 12), date(2027, 3, 14))
    else:
        declare(client, date(2027, 3, 10), date(2027, 3, 11))
    vacation = Vacation.objects.get()
    if case == "twice":
        assert (
            "1 unused day is back"
            in end(client, vacation, follow=True).content.decode()
        )
    elif case == "finished":
        clock.move_to(datetime(2027, 3, 13, tzinfo=UTC))
        vacations.vacations_refresh()
    vacation.refresh_from_db()
    seat.refresh_from_db()
    seat.user.refresh_from_db()
    before = (vacation.end, vacation.ends_at, seat.deadline, seat.user.away_until)
    response = end(client, vacation, follow=True)
    assert response.status_code == 200
    assert message in response.content.decode()
    vacation.refresh_from_db()
    seat.refresh_from_db()
    seat.user.refresh_from_db()
    assert (vacation.end, vacation.ends_at, seat.deadline, seat.user.away_until) == (
        before
    )


def test_after_coming_back_the_game_page_no_longer_shows_the_player_away(
    ana, ben, clock, logged_in
):
    game = timed_game(ana, ben, days=3)
    vacation = services.vacation_declare(
        user=ben, start=date(2027, 3, 10), end=date(2027, 3, 20)
    )
    watcher = logged_in(ana)
    assert (
        "on vacation (back 21 Mar)"
        in watcher.get(game.get_absolute_url()).content.decode()
    )
    clock.move_to(datetime(2027, 3, 11, 9, 0, tzinfo=UTC))
    end(logged_in(ben), vacation)
    page = watcher.get(game.get_absolute_url()).content.decode()
    assert "on vacation" not in page
    assert "data-away" not in page
    assert (
        "(on vacation)" not in watcher.get(reverse("games:my_games")).content.decode()
    )


def test_the_im_back_button_and_its_messages_are_in_french(ana, clock, logged_in):
    User.objects.filter(pk=ana.pk).update(language="fr")
    vacation = services.vacation_declare(
        user=ana, start=date(2027, 3, 10), end=date(2027, 3, 12)
    )
    client = logged_in(ana)
    page = client.get(reverse("accounts:vacation")).content.decode()
    assert "Je suis de retour" in page
    page = end(client, vacation, follow=True).content.decode()
    assert "2 jours non utilisés reviennent dans votre quota" in page
    page = end(client, vacation, follow=True).content.decode()
    assert "Ces vacances sont déjà terminées." in page
