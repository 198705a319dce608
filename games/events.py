"""Platform events: the one way the rest of the site hears of a change.

A service writes, then announces what it changed by sending one of the signals
below, inside its transaction and under the game row lock; it calls nothing
else about it. The receivers do the rest: a receiver may write rows that must
commit with the change (an outbox) and registers whatever must wait for the
commit (a task queued, a push published) with `transaction.on_commit`. It acts
on other apps only through their public functions. No service registers
after-commit work of its own (docs/architecture.md, "Side effects").

- `state_changed`: a game's state changed (a move, the start, a forfeit; a
  game over is the one whose `finished` is true). Arguments: game (saved, new
  version), engine, seats (all seats, updated flags), newly_to_move (seats that
  must now act and did not before), finished (the game has just ended), by_bot
  (the move was a computer player's), bots_next (a computer player is to move).
- `table_changed`: an open table's seats changed (a join, a leave). Arguments:
  game, user_ids (the people of the table, its creator among them).
- `rematch_offered`: a finished game's player offered a rematch. Arguments:
  game (the new table), by (who offered it), seats (the finished game's seats,
  with their users).
- `seat_timed_out`: a computer player played an absent person's turn past its
  deadline. Arguments: game, seat (the absent seat, with its user), version
  (the game's version when the timeout was queued).

Each app connects its own receivers in its `AppConfig.ready`, in the order of
INSTALLED_APPS; `RECEIVERS` lists them, signal by signal, in the order they
run, and a test checks that it is what is connected.
"""

from django.dispatch import Signal

state_changed = Signal()
table_changed = Signal()
rematch_offered = Signal()
seat_timed_out = Signal()

# Sent by a game's rules page (games.views.rules) with `spec`, the game's, and
# `user`, the reader; each receiver returns a dict the page's context is
# updated with (the campaigns: the chapters the reader's campaigns reached).
# A page's read, not a change: it announces nothing.
rules_page = Signal()

RECEIVERS = {
    "state_changed": (
        # "Your turn" and "game over" emails: outbox rows written with the move.
        "games.receivers.emails_on_state_changed",
        # Open pages told of the new version (server push): after the commit.
        "games.receivers.push_on_state_changed",
        # A computer player to move: its task queued after the commit.
        "games.receivers.computer_move_queue",
        # A finished campaign episode: closed (and the next opened) after the commit.
        "campaigns.receivers.on_state_changed",
        # A finished rated game: its ratings are updated by a task after the commit.
        "history.receivers.rate_finished_game",
        # The metrics' count of moves (ops/metrics.py), after the commit.
        "ops.receivers.count_move",
    ),
    "table_changed": (
        # The table's people's pages (server push): after the commit.
        "games.receivers.push_on_table_changed",
    ),
    "rematch_offered": (
        # The other players' emails: outbox rows written with the new table.
        "games.receivers.emails_on_rematch_offered",
        # The players' pages (server push): after the commit.
        "games.receivers.push_on_rematch_offered",
    ),
    "seat_timed_out": (
        # The absent player's email: an outbox row written with the moves.
        "games.receivers.emails_on_seat_timed_out",
    ),
    "rules_page": (
        # The chapters the reader's campaigns reached, on a game's rules page.
        "campaigns.receivers.on_rules_page",
    ),
}
