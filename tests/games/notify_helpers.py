"""Helpers for the notification tests: a real SMTP server in the test process,
games with a time control, and playing moves with their after-commit work."""

from __future__ import annotations

import email
import email.policy
import socket
import threading

from aiosmtpd.controller import Controller
from game_helpers import timed_game  # noqa: F401 - the notification tests import it from here

from games import engines, services
from games.models import Game

ENGINE = engines.get("lost-cities")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Inbox:
    """An aiosmtpd handler keeping every message as a mail client parses it."""

    def __init__(self):
        self.messages: list[email.message.EmailMessage] = []
        self.raw: list[bytes] = []
        self.arrived = threading.Condition()

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(
            envelope.original_content or envelope.content, policy=email.policy.default
        )
        message["X-Envelope-To"] = ", ".join(envelope.rcpt_tos)
        with self.arrived:
            self.raw.append(envelope.original_content or envelope.content)
            self.messages.append(message)
            self.arrived.notify_all()
        return "250 Message accepted for delivery"

    def wait_for(self, count: int, timeout: float = 20.0) -> bool:
        """Waits (for a worker in another thread) until `count` messages arrived."""
        with self.arrived:
            return self.arrived.wait_for(lambda: len(self.messages) >= count, timeout)


class SmtpServer:
    def __init__(self, port: int | None = None):
        self.port = port or free_port()
        self.inbox = Inbox()
        self.controller = None

    def start(self):
        self.controller = Controller(self.inbox, hostname="127.0.0.1", port=self.port)
        self.controller.start()
        return self

    def stop(self):
        if self.controller:
            self.controller.stop()
            self.controller = None

    @property
    def mailers(self) -> dict:
        return {
            "default": {
                "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
                "OPTIONS": {"host": "127.0.0.1", "port": self.port, "timeout": 5},
            }
        }


def body_text(message) -> str:
    return message.get_body(preferencelist=("plain",)).get_content()


def body_html(message) -> str:
    return message.get_body(preferencelist=("html",)).get_content()


def mover(game, users) -> tuple[int, object]:
    """(position, user) of the seat that must move now."""
    position = ENGINE.to_move(game.state)[0]
    user = next(u for u in users if game.seats.get(position=position).user_id == u.pk)
    return position, user


def play(game, users, capture, *, choose=None):
    """Plays the current player's move; runs what was registered for the commit."""
    game.refresh_from_db()
    position, user = mover(game, users)
    legal = ENGINE.legal_moves(game.state, position)
    move = choose(legal) if choose else legal[0]
    with capture(execute=True):
        services.move_submit(
            game_id=game.pk, user=user, move=move, expected_version=game.version
        )
    game.refresh_from_db()
    return position, move


def finish_turn(game, users, capture):
    """Plays a whole Lost Cities turn (card, then draw) for the current player."""
    position, _ = play(game, users, capture)
    while game.status == Game.Status.ACTIVE and ENGINE.to_move(game.state) == [
        position
    ]:
        play(game, users, capture)
    return position
