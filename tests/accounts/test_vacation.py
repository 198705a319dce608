"""Vacations: declared through the page, within a yearly allowance; they pause
the player's deadlines and the others see them. Time moves with time-machine."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from accounts import services
from accounts.models import User, Vacation
from games import notifications
from games import services as game_services
from games.models import Game, Seat

pytestmark = pytest.mark.django_db
NOW = datetime(2027, 3, 10, 12, 0, tzinfo=UTC)  # a Wednesday, noon UTC


def timed_game(creator, joiner, days=3, policy="forfeit"):
    game = game_services.game_create(
        creator=creator,
        engine_slug="lost-cities",
        num_players=2,
        options={},
        time_per_move=timedelta(days=days),
        timeout_policy=policy,
    )
    game_services.seat_join(game_id=game.pk, user=joiner)
    game.refresh_from_db()
    return game


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
    notifications.vacations_refresh()
    assert notifications.deadlines_sweep() == 0
    assert notifications.reminders_sweep() == 0
    assert (
        notifications.seat_timeout(
            game_id=game.pk, seat_id=seat.pk, version=game.version
        )
        == "on vacation"
    )
    clock.move_to(datetime(2027, 3, 14, 0, 1, tzinfo=UTC))  # back home
    assert notifications.deadlines_sweep() == 1
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
    from games import engines

    engine = engines.get("lost-cities")
    for _ in range(2):  # play a card, then draw: the turn passes
        game.refresh_from_db()
        move = engine.legal_moves(game.state, mover_seat.position)[0]
        game_services.move_submit(
            game_id=game.pk,
            user=mover_seat.user,
            move=move,
            expected_version=game.version,
        )
    absent_seat = game.seats.get(user=absent)
    assert absent_seat.to_move
    assert absent_seat.deadline == datetime(2027, 3, 13, tzinfo=UTC) + timedelta(days=2)


def test_deadline_skipping_counts_only_time_outside_vacations():
    t0 = datetime(2027, 1, 1, tzinfo=UTC)
    day = timedelta(days=1)
    assert notifications.deadline_skipping(t0, 3 * day, []) == t0 + 3 * day
    # A vacation after the deadline changes nothing; one before it shifts it.
    assert notifications.deadline_skipping(
        t0, 3 * day, [(t0 + 3 * day, t0 + 9 * day)]
    ) == (t0 + 3 * day)
    assert notifications.deadline_skipping(t0, 3 * day, [(t0 + day, t0 + 2 * day)]) == (
        t0 + 4 * day
    )
    # Under way now, then another one later: both skipped.
    spans = [(t0 - day, t0 + day), (t0 + 2 * day, t0 + 5 * day)]
    assert notifications.deadline_skipping(t0, 2 * day, spans) == t0 + 6 * day


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
    with pytest.raises(services.Refused, match="1 day of vacation is left for 2027"):
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
    assert notifications.vacations_refresh() == 1
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
