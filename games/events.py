"""Platform events, so that notifications, ratings and campaigns plug in without
the move service knowing them.

`state_changed` is sent inside the move's transaction, while the game row is
locked: a receiver may write rows that must commit with the move (an outbox) and
register its own `transaction.on_commit` work. It must not send anything itself.

Arguments: game (saved, new version), engine, seats (all seats, updated flags),
newly_to_move (seats that must now act and did not before), finished (the game
has just ended), by_bot (the move was a computer player's).
"""

from django.dispatch import Signal

state_changed = Signal()
