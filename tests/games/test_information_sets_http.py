"""Over HTTP: a seat's pages, board partials, polls and emails are the same for
two games that differ only in what that seat cannot know.

Game A is played by random legal moves through the move service; game B is a
copy of it (seats, moves and their log lines) whose state is
`engine.determinize(A.state, seat, rng)`. Then the other seats make the same
moves (legal in both games) over HTTP, and after each one the seat's game page,
its board partial (htmx), its poll answer and the emails it was sent must be the
same for A and B, once the game's number, CSRF tokens and CSP nonces are
replaced by placeholders, until a move shows the seat something it could not see
(its engine views of A and B differ then: the cards passed to it in the draft).
No `secrets()` is read: a leak is any other difference.
"""

from __future__ import annotations

import datetime as dt
import random
import re

import pytest
import time_machine
from django.core import mail
from django.core.management.color import no_style
from django.db import connection
from django.urls import reverse
from page_helpers import login, post_move

from games import engines, registry, services
from games.models import Game, Move, Notification, Seat

NOW = dt.datetime(2026, 3, 2, 10, 0, tzinfo=dt.UTC)

CASES = [
    # slug, players, options, moves before the copy, seed
    ("lost-cities", 2, {}, 9, 1),
    ("lost-cities", 2, {"expeditions": 6, "rounds": 3}, 30, 2),
    ("citadels", 4, {"edition": "2016", "character_set": "random"}, 27, 3),
    ("citadels", 3, {"edition": "classic"}, 25, 4),
    ("citadels", 2, {"edition": "2016"}, 5, 5),
    ("citadels", 7, {"edition": "classic", "character_set": "random"}, 38, 6),
    ("rival-cities", 2, {}, 20, 7),
    ("my-city", 3, {"mode": "single", "episode": 7}, 4, 8),
    ("my-city", 2, {"mode": "eternal"}, 13, 9),
]
# Every other registered game (the tests' example game) at its fewest seats.
CASES += [
    (spec.slug, spec.engine.min_players, {}, 3, 10 + n)
    for n, spec in enumerate(registry.GAMES)
    if spec.slug not in {case[0] for case in CASES}
]
FOLLOWING_MOVES = 4  # moves of the other seats made over HTTP in both games


def normalise(text: str, game: Game) -> str:
    """The page or email with what legitimately differs between two games (their
    number, invitation token, the request's CSRF token and CSP nonce) replaced."""
    text = text.replace(game.invite_token, "TOKEN")
    text = text.replace(str(game.pk), "GAME")
    text = re.sub(r'nonce="[^"]*"', 'nonce="NONCE"', text)
    text = re.sub(r"csrfmiddlewaretoken\" value=\"[^\"]*\"", "CSRF", text)
    text = re.sub(r'"X-CSRFToken":\s*"[^"]*"', '"X-CSRFToken": "CSRF"', text)
    return text


def distinctive_ids(creator) -> None:
    """Games numbered from 7,340,001 on: a game's number is then replaced in its
    pages and nothing else (a "1" would be everywhere)."""
    Game.objects.create(id=7_340_000, engine="lost-cities", created_by=creator)
    with connection.cursor() as cursor:
        for sql in connection.ops.sequence_reset_sql(no_style(), [Game]):
            cursor.execute(sql)


def copy_game(game: Game, state: dict) -> Game:
    """Another game with the same table, seats and moves, and `state`."""
    fields = {
        f.attname: getattr(game, f.attname)
        for f in Game._meta.concrete_fields
        if f.attname not in ("id", "invite_token", "created_at")
    }
    fields["state"] = state
    other = Game.objects.create(**fields)
    Game.objects.filter(pk=other.pk).update(created_at=game.created_at)
    for seat in game.seats.all():
        Seat.objects.create(
            **{
                f.attname: getattr(seat, f.attname)
                for f in Seat._meta.concrete_fields
                if f.attname not in ("id", "game_id", "joined_at")
            },
            game=other,
        )
    Move.objects.bulk_create(
        Move(
            game=other,
            seq=m.seq,
            seat=m.seat,
            move=m.move,
            log=m.log,
            created_at=m.created_at,
        )
        for m in game.moves.all()
    )
    other.refresh_from_db()
    return other


def seat_sees(client, game: Game, version: int) -> dict:
    """The seat's game page, board partial and poll answer, normalised."""
    url = reverse("games:game", args=[game.pk])
    page = client.get(url)
    board = client.get(url, headers={"HX-Request": "true"})
    poll = client.get(
        reverse("games:poll", args=[game.pk]),
        {"version": version},
        headers={"HX-Request": "true"},
    )
    assert page.status_code == board.status_code == 200
    return {
        "page": normalise(page.content.decode(), game),
        "board": normalise(board.content.decode(), game),
        "poll": (poll.status_code, normalise(poll.content.decode(), game)),
    }


def first_difference(a: str, b: str) -> str:
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return f"...{a[max(0, i - 150) : i + 150]!r}\n   vs\n...{b[max(0, i - 150) : i + 150]!r}"
    return f"lengths {len(a)} / {len(b)}"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "slug, players, options, before, seed",
    CASES,
    ids=[f"{c[0]}-{c[1]}p-{i}" for i, c in enumerate(CASES)],
)
def test_a_seats_pages_polls_and_emails_do_not_tell_what_it_cannot_see(
    slug,
    players,
    options,
    before,
    seed,
    make_user,
    settings,
    django_capture_on_commit_callbacks,
):
    settings.TURN_EMAIL_DELAY_SECONDS = 0
    # Up to 7 players' accounts: a fast hasher (no log-in by password here).
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    engine = engines.get(slug)
    rng = random.Random(seed)
    users = [make_user(f"Player{i}") for i in range(players)]
    distinctive_ids(users[0])
    with time_machine.travel(NOW, tick=False):
        game = services.game_create(
            creator=users[0], engine_slug=slug, num_players=players, options=options
        )
        Game.objects.filter(pk=game.pk).update(seed=1000 + seed)  # the same deal
        for user in users[1:]:
            services.seat_join(game_id=game.pk, user=user)
        game.refresh_from_db()
        for _ in range(before):
            if engine.is_over(game.state):
                break
            mover = rng.choice(engine.to_move(game.state))
            legal = engine.legal_moves(game.state, mover)
            going_on = [m for m in legal if m.get("type") != "stop"]
            move = rng.choice(going_on or legal)
            services.move_submit(
                game_id=game.pk,
                user=users[mover],
                move=move,
                expected_version=game.version,
            )
            game.refresh_from_db()
    assert not engine.is_over(game.state)
    # The seat whose unknowns differ: one that is not to move, if there is one.
    waiting = [s for s in range(players) if s not in engine.to_move(game.state)]
    seat = rng.choice(waiting or list(range(players)))
    with time_machine.travel(NOW, tick=False):  # the moves' times, as in A
        other = copy_game(game, engine.determinize(game.state, seat, rng))
    assert other.state != game.state
    viewer = login(users[seat])
    movers = {p: login(users[p]) for p in range(players) if p != seat}
    mail.outbox.clear()
    compared = 0
    revealed = False
    for step in range(FOLLOWING_MOVES + 1):
        # The seat looks, then the others move five minutes later (it is no longer
        # looking: a "your turn" email is sent at once, TURN_EMAIL_DELAY_SECONDS=0).
        looks = NOW + dt.timedelta(minutes=10 * step + 10)
        with time_machine.travel(looks, tick=False):
            seen = [seat_sees(viewer, g, g.version - 1) for g in (game, other)]
        for part in ("page", "board"):
            assert seen[0][part] == seen[1][part], (
                f"{part} after {step} moves tells the games apart:\n"
                + first_difference(seen[0][part], seen[1][part])
            )
        assert seen[0]["poll"] == seen[1]["poll"]
        compared += 1
        to_move = [p for p in engine.to_move(game.state) if p != seat]
        if engine.is_over(game.state) or not to_move:
            break
        mover = rng.choice(to_move)
        mine = engine.legal_moves(game.state, mover)
        theirs = engine.legal_moves(other.state, mover)
        common = [m for m in mine if m in theirs]
        if not common:
            break
        move = rng.choice(common)
        with time_machine.travel(looks + dt.timedelta(minutes=5), tick=False):
            for g in (game, other):
                with django_capture_on_commit_callbacks(execute=True):
                    response = post_move(movers[mover], g, move)
                assert response.status_code == 200, response.content[:300]
                g.refresh_from_db()
        if engine.view(game.state, seat) != engine.view(other.state, seat):
            # The move showed the seat something (the draft pile passed to it, the
            # cards the Spy drew): from here the games may rightly look different.
            revealed = True
            break
    emails = {g.pk: [] for g in (game, other)}
    for message in mail.outbox:
        if message.to != [users[seat].email]:
            continue
        text = message.subject + "\n" + message.body
        text += "".join(content for content, _type in message.alternatives)
        for g in (game, other):
            if f"#{g.pk}" in message.subject:
                emails[g.pk].append(normalise(text, g))
    assert emails[game.pk] == emails[other.pk]
    assert len(emails[game.pk]) + len(emails[other.pk]) == len(
        [m for m in mail.outbox if m.to == [users[seat].email]]
    )
    print(
        f"\n{slug} {players}p: seat {seat}, {compared} moments compared (page, "
        f"board, poll), {len(emails[game.pk])} emails each, "
        f"{'then a move showed it something, ' if revealed else ''}"
        f"{Notification.objects.filter(user=users[seat]).count()} outbox rows"
    )
    assert compared >= 2 or revealed
