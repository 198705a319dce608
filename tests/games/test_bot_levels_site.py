"""Computer players on the site: the level chosen for a seat, their names, the
timeout rule's level, and the Celery queue their task goes to."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from game_helpers import once

from campaigns import services as campaign_services
from games import engines, services
from games.bots.names import bot_name, names_of
from games.models import Game, Seat

pytestmark = pytest.mark.django_db


def login(user):
    c = Client()
    c.force_login(user)
    return c


def citadels_table(creator, players=4):
    return services.game_create(
        creator=creator, engine_slug="citadels", num_players=players, options={}
    )


def test_the_level_chosen_on_the_page_reaches_the_seat(ana):
    game = citadels_table(ana)
    c = login(ana)
    page = c.get(reverse("games:game", args=[game.pk])).content.decode()
    assert 'name="level"' in page and 'value="hard"' in page
    response = c.post(reverse("games:add_bot", args=[game.pk]), {"level": "hard"})
    assert response.status_code == 302
    c.post(reverse("games:add_bot", args=[game.pk]), {"level": "easy"})
    levels = list(game.seats.order_by("position").values_list("bot_level", flat=True))
    assert levels == ["", "hard", "easy"]


def test_a_computer_player_added_without_a_level_plays_normal(ana):
    game = citadels_table(ana)
    login(ana).post(reverse("games:add_bot", args=[game.pk]))
    assert game.seats.get(position=1).bot_level == "normal"


def test_an_unknown_level_is_refused_with_a_4xx_and_no_seat(ana):
    game = citadels_table(ana)
    response = login(ana).post(
        reverse("games:add_bot", args=[game.pk]), {"level": "godlike"}
    )
    assert 400 <= response.status_code < 500
    assert game.seats.count() == 1


def test_computer_players_never_share_a_name_at_a_table(ana):
    """Seven computer players of one level at an 8-seat table: eight names."""
    game = citadels_table(ana, players=8)
    for _ in range(7):
        services.seat_add_bot(game_id=game.pk, user=ana, level="normal")
    names = [s.name for s in Game.objects.get(pk=game.pk).seats.all()]
    assert len(set(names)) == 8
    assert "Computer" not in names


@pytest.mark.parametrize("slug", ["citadels", "my-city"])
def test_as_many_computer_players_as_names_have_them_all_without_numbers(ana, slug):
    """A four-seat table with three hard computer players: the three hard names,
    not "Grand Architect 2" with no "Grand Architect" at the table."""
    game = services.game_create(
        creator=ana, engine_slug=slug, num_players=4, options={}
    )
    for _ in range(3):
        services.seat_add_bot(game_id=game.pk, user=ana, level="hard")
    seats = Game.objects.get(pk=game.pk).seats.order_by("position")
    names = [seat.name for seat in seats if seat.is_bot]
    assert sorted(names) == sorted(names_of(slug)["hard"])


def test_names_run_through_each_level_list_on_their_own(ana):
    """Seats of two levels mixed: each level's first name is taken first."""
    game = citadels_table(ana, players=5)
    for level in ("easy", "hard", "easy", "hard"):
        services.seat_add_bot(game_id=game.pk, user=ana, level=level)
    names = [s.name for s in Game.objects.get(pk=game.pk).seats.order_by("position")]
    easy, hard = names_of("citadels")["easy"], names_of("citadels")["hard"]
    assert names[1:] == [easy[0], hard[0], easy[1], hard[1]]


def test_computer_players_of_different_levels_have_different_names():
    for game in (names_of(e.slug) for e in engines.all()):
        lists = [set(names) for names in game.values()]
        assert sum(len(x) for x in lists) == len(set().union(*lists))
    all_names = [
        n
        for game in (names_of(e.slug) for e in engines.all())
        for ns in game.values()
        for n in ns
    ]
    assert len(all_names) == len(set(all_names))


def test_a_computer_players_name_is_translated(ana):
    game = citadels_table(ana, players=2)
    services.seat_add_bot(game_id=game.pk, user=ana, level="hard")
    seat = Seat.objects.get(game=game, position=1)
    english = seat.name
    with translation.override("fr"):
        french = seat.name
    assert english == bot_name("citadels", "hard", 0)
    assert french != english and french


def test_every_computer_players_name_has_a_french_text():
    with translation.override("fr"):
        for game in (names_of(e.slug) for e in engines.all()):
            for names in game.values():
                for name in names:
                    assert translation.gettext(name) != name, name


def test_campaign_computer_players_get_the_chosen_level_and_names(ana):
    c = login(ana)
    c.post(
        reverse("campaigns:new"),
        {
            **once(c),
            "name": "Levels",
            "players": "3",
            "emails": "",
            "bots": "2",
            "bot_level": "hard",
            "time_per_move": "",
        },
    )
    from campaigns.models import Campaign

    campaign = Campaign.objects.get(name="Levels")
    bots = [p for p in campaign.players.all() if p.is_bot]
    assert [p.bot_level for p in bots] == ["hard", "hard"]
    assert len({p.name for p in bots}) == 2


def test_campaign_service_refuses_an_unknown_level(ana):
    from games.errors import Invalid

    with pytest.raises(Invalid):
        campaign_services.campaign_create(
            creator=ana, num_players=2, bots=1, bot_level="simple"
        )


def test_the_bot_task_goes_to_the_bots_queue():
    """Routed by the settings (CELERY_TASK_ROUTES), so that emails and sweeps on
    the default queue never wait behind a computer player's thinking."""
    from config.celery import app
    from games.tasks import bots_play_task, notification_send_task

    router = app.amqp.router
    bots_route = router.route({}, bots_play_task.name)
    mail_route = router.route({}, notification_send_task.name)
    assert bots_route["queue"].name == "bots"
    assert mail_route["queue"].name != "bots"


def test_make_run_worker_consumes_both_queues():
    from pathlib import Path

    from django.conf import settings

    makefile = (Path(settings.BASE_DIR) / "Makefile").read_text()
    assert "-Q celery,bots" in makefile


@pytest.mark.django_db(transaction=True)
def test_a_hard_computer_player_answers_moves_through_the_site(ana, settings):
    """A Lost Cities table against a hard computer player: after each of Ana's
    turns, the bot's task (run at once in tests) has played its own."""
    from games import engines

    assert settings.BOT_HARD_ITERATIONS <= 10  # the tests' small budget
    game = services.game_create(
        creator=ana, engine_slug="lost-cities", num_players=2, options={}
    )
    c = login(ana)
    c.post(reverse("games:add_bot", args=[game.pk]), {"level": "hard"})
    game.refresh_from_db()
    engine = engines.get("lost-cities")
    assert game.seats.get(position=1).bot_level == "hard"
    for _turn in range(3):
        assert engine.to_move(game.state) == [0]
        for _step in range(2):
            move = engine.legal_moves(game.state, 0)[0]
            services.move_submit(
                game_id=game.pk, user=ana, move=move, expected_version=game.version
            )
            game.refresh_from_db()
    assert game.moves.filter(seat=1).count() >= 6


def test_the_ladder_command_prints_a_table_on_a_tiny_sample():
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command(
        "bot_ladder",
        game=["lost-cities"],
        pair=["hard:random", "normal:easy"],
        games=1,
        iterations=1,
        stdout=out,
        stderr=StringIO(),
    )
    text = out.getvalue()
    assert "lost-cities: hard budget 1 iterations, 1.5 s" in text
    lines = [line for line in text.splitlines() if line.startswith("| lost-cities")]
    assert len(lines) == 2
    assert "hard vs random | 2 | 1 |" in lines[0]


def test_the_ladder_command_refuses_an_unknown_level():
    from django.core.management import CommandError, call_command

    with pytest.raises(CommandError):
        call_command("bot_ladder", game=["lost-cities"], pair=["hard:godlike"])


def test_the_new_table_forms_computer_players_get_the_chosen_level(ana):
    """ "Play against the computer" on the new-table form: every other seat is a
    computer player of the level chosen beside it."""
    response = login(ana).post(
        reverse("games:new", args=["lost-cities"]),
        {
            **once(ana),
            "expeditions": "5",
            "rounds": "1",
            "visibility": "public",
            "timeout_policy": "bot",
            "against_computer": "on",
            "bot_level": "easy",
        },
    )
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.status == Game.Status.ACTIVE
    assert [s.bot_level for s in game.seats.order_by("position")] == ["", "easy"]


def test_the_site_plays_each_games_hard_player_at_its_measured_budget(settings):
    """The hard budget is the game's own (the one docs/bots.md measured);
    BOT_HARD_ITERATIONS, when set, replaces its iterations, and
    BOT_HARD_SECONDS bounds its clock."""
    from games import engines
    from games.bots.levels import players_for
    from games.services.bots import hard_budget

    HARD_BUDGETS = {e.slug: players_for(e).budget for e in engines.all()}

    settings.BOT_HARD_ITERATIONS = 0
    settings.BOT_HARD_SECONDS = 1.5
    # Every registered game's, the site's four among them.
    assert {"lost-cities", "citadels", "rival-cities", "my-city"} <= set(HARD_BUDGETS)
    for slug, budget in HARD_BUDGETS.items():
        assert hard_budget(slug) == budget
    assert hard_budget("lost-cities").iterations == 30
    settings.BOT_HARD_ITERATIONS = 7
    settings.BOT_HARD_SECONDS = 0.5
    assert hard_budget("citadels").iterations == 7
    assert hard_budget("citadels").seconds == 0.5
