"""Platform events: how the rest of the site hears of a change of a game.

`state_changed` is sent by `games.services.core` after every change of a game's
state (a move, the start, a forfeit), inside the move's transaction, while the
game row is locked: a receiver may write rows that must commit with the move
(an outbox) and register its own `transaction.on_commit` work. It must not send
anything itself, and it acts on other apps only through their public functions.

Arguments: game (saved, new version), engine, seats (all seats, updated flags),
newly_to_move (seats that must now act and did not before), finished (the game
has just ended), by_bot (the move was a computer player's).

What a change sets off, in this order (each app connects its own receiver in
its `AppConfig.ready`, in the order of INSTALLED_APPS; a test checks that
this list is what is connected):
"""

from django.dispatch import Signal

state_changed = Signal()

# Sent by a game's rules page (games.views.rules) with `spec`, the game's, and
# `user`, the reader; each receiver returns a dict the page's context is
# updated with (the campaigns: the chapters the reader's campaigns reached).
rules_page = Signal()

RECEIVERS = (
    # "Your turn" and "game over" emails: outbox rows written with the move.
    "games.notifications.outbox.on_state_changed",
    # Open pages told of the new version (server push): published after the commit.
    "games.push.on_state_changed",
    # A finished campaign episode: closed (and the next opened) after the commit.
    "campaigns.receivers.on_state_changed",
    # A finished rated game: its ratings are updated by a task after the commit.
    "history.receivers.rate_finished_game",
    # The metrics' count of moves (ops/metrics.py), after the commit.
    "ops.receivers.count_move",
)
